"""``python -m wordgames`` runs the command line."""

from wordgames.cli import main

raise SystemExit(main())
