"""Scorepad's command line with the built-in games of another folder (the picker bench's
smaller catalogue): ``python bench/catalogue_app.py FOLDER COMMAND ...``."""

from __future__ import annotations

import sys
from pathlib import Path

import scorepad.core.catalogue as catalogue

catalogue.GAMES_FOLDER = Path(sys.argv[1])  # read when the games are first asked for

from scorepad.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[2:]))
