"""Building the bundle for its tests: once per session, in the background.

``pyinstaller build.spec`` takes a minute or more of one core while most of the suite waits
on browsers and servers, so the build starts as soon as the bundle's tests are collected,
at a lower priority, and those tests run last (``tests/app/conftest.py`` arranges both).
``SCOREPAD_BUNDLE`` names a program built before, to check it again without building.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build.spec"
TESTS = "test_bundle.py"
BUILD_TIMEOUT = 1800


def missing() -> str | None:
    """What this machine lacks to build the bundle, or None."""
    if importlib.util.find_spec("PyInstaller") is None:
        return "PyInstaller is not installed (pip install -e '.[test]')"
    if sys.platform.startswith("linux") and not (
        shutil.which("objdump") and shutil.which("objcopy")
    ):
        return "PyInstaller needs objdump and objcopy on Linux (apt-get install binutils)"
    return None


class BundleBuild:
    """One PyInstaller run of ``build.spec`` into a temporary folder."""

    def __init__(self, folder: Path, process: subprocess.Popen | None) -> None:
        self.folder = folder
        self.process = process
        self.log = folder / "pyinstaller.log"
        self.program = folder / "dist" / "scorepad" / "scorepad"

    @classmethod
    def start(cls) -> BundleBuild | None:
        """The build under way, or None when it cannot run here (``missing``)."""
        if os.environ.get("SCOREPAD_BUNDLE"):
            given = Path(os.environ["SCOREPAD_BUNDLE"]).resolve()
            build = cls(given.parent, None)
            build.program = given
            return build
        if missing() is not None:
            return None
        folder = Path(tempfile.mkdtemp(prefix="scorepad-bundle-"))
        command = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm"]
        command += ["--distpath", str(folder / "dist"), "--workpath", str(folder / "work")]
        with open(folder / "pyinstaller.log", "w") as log:
            process = subprocess.Popen(
                command,
                cwd=folder,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=(lambda: os.nice(10)) if os.name == "posix" else None,
            )
        return cls(folder, process)

    def wait(self) -> Path:
        """The built program, once the build has finished; the build's log if it failed."""
        if self.process is not None:
            status = self.process.wait(timeout=BUILD_TIMEOUT)
            tail = self.log.read_text(errors="replace")[-3000:]
            assert status == 0, f"pyinstaller build.spec failed ({status}):\n{tail}"
        assert self.program.is_file(), f"no program at {self.program}"
        return self.program

    def close(self) -> None:
        """Stop the build if it still runs (an interrupted session) and remove its folder."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
