"""The documented size limits of lexicon input, checked before anything is allocated for it.

A word list is a few megabytes (CSW12: 2.7 MB, 270,163 words of at most 15 letters), so these
limits leave a wide margin for real lists while refusing, in well under a second, input that
would otherwise take minutes and gigabytes (a 50 MB "word", ``/dev/zero``).
"""

from __future__ import annotations

MAX_LEXICON_FILE_BYTES = 64 * 1024 * 1024
"""The largest word file or KWG file read (64 MiB); larger files are refused unread."""

MAX_WORD_LENGTH = 64
"""The longest word (in characters, or tiles in a word graph) a lexicon may hold."""

MAX_GRAPH_WORDS = 8_000_000
"""The most words a KWG word graph may spell (a graph can spell exponentially many words in
its size, so this is checked by counting before any word is spelled out)."""
