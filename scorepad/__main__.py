"""``python -m scorepad``, and the entry of the bundle that ``build.spec`` makes."""

from __future__ import annotations

import os
import sys

if getattr(sys, "frozen", False):
    # PyInstaller's loader points LD_LIBRARY_PATH at the bundle; programs started from here
    # (the browser, through xdg-open) must get the user's own value back, or they load the
    # bundle's copies of system libraries.
    original = os.environ.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is not None:
        os.environ["LD_LIBRARY_PATH"] = original
    else:
        os.environ.pop("LD_LIBRARY_PATH", None)

from scorepad.cli import main

if __name__ == "__main__":
    sys.exit(main())
