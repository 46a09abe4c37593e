"""Games: state and turns, players, the decision interface computer players implement, autoplay.
Imports ``core``, ``movegen`` and ``rules``; never ``formats`` or ``strategy``."""
