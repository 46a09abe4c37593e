"""Hypothesis strategies for hostile input: text near a format's alphabet, JSON values."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

# Letters that change length or have no case (ß, ŉ, ǅ, ﬁ), accented and Greek letters,
# digits of other scripts, line and format characters, and the formats' own symbols.
TRICKY = "ßŉǅﬁÉéΣσς٣²İı\u200b\ufeff\x00\t\r\x0b\x85\u2028"
SYMBOLS = ".?_-|:;/ \n#[]{}\"'0123456789"


def near(alphabet: str, max_size: int = 200) -> st.SearchStrategy[str]:
    """Text mostly from ``alphabet`` plus tricky characters, and sometimes anything."""
    return st.one_of(
        st.text(alphabet=alphabet + TRICKY + SYMBOLS, max_size=max_size),
        st.text(max_size=max_size),
    )


JSON: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
"""Arbitrary JSON values (NaN and infinities included, as Python's json reads them)."""
