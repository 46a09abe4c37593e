"""Files and strings other programs and people exchange: CGP positions, GCG records, saved
games, USC configuration files.  Imports ``core``, ``rules`` and ``game``."""
