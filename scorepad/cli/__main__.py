"""``python -m scorepad.cli``: the same command as ``scorepad`` (the app's tests start it so)."""

from __future__ import annotations

import sys

from scorepad.cli import main

sys.exit(main())
