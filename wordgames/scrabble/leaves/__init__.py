"""Leave tables: the value of the tiles a move keeps, looked up by an additive multiset code.

* :mod:`.table` — :class:`LeaveTable` and the multiset code; enumeration of all leaves;
* :mod:`.klv2`, :mod:`.csvfile` — the interchange formats of wolges and MAGPIE;
* :mod:`.compact` — the small format of the shipped table;
* :mod:`.files` — tables by name (``enable``) or path.

This layer sits between ``core`` and ``movegen``; learning a table needs games and lives in
:mod:`wordgames.scrabble.strategy.learning`.
"""

from wordgames.scrabble.leaves.csvfile import read_leave_csv, write_leave_csv
from wordgames.scrabble.leaves.files import load_leaves, save_leaves, shipped_table_name
from wordgames.scrabble.leaves.klv2 import read_klv2, write_klv2
from wordgames.scrabble.leaves.table import LeaveTable, alphabet_of, distribution_bounds, enumerate_leaves

__all__ = [
    "LeaveTable", "alphabet_of", "distribution_bounds", "enumerate_leaves", "load_leaves",
    "read_klv2", "read_leave_csv", "save_leaves", "shipped_table_name", "write_klv2",
    "write_leave_csv",
]
