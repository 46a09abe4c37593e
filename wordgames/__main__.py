"""``python -m wordgames`` runs the command line."""

from wordgames.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
