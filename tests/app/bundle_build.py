"""Building the bundle for its tests: once per session, in the background.

``pyinstaller build.spec`` takes a minute or more of one core while most of the suite waits
on browsers and servers, so the build starts as soon as the bundle's tests are collected,
at a lower priority, and those tests run last (``tests/app/conftest.py`` arranges both).
``SCOREPAD_BUNDLE`` names a program built before, to check it again without building.

With several test processes (``pytest -n``, pytest-xdist) the build is started once, by the
process that hands the tests out, before its workers start: it names the build's folder in
``SCOREPAD_BUNDLE_BUILD`` (the workers inherit it) and writes the build's exit status there
as ``status`` when it ends; the worker that runs the bundle's tests waits for that file.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build.spec"
TESTS = "test_bundle.py"
BUILD_TIMEOUT = 1800
SHARED = "SCOREPAD_BUNDLE_BUILD"
STATUS = "status"


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

    def __init__(
        self, folder: Path, process: subprocess.Popen | None, shared: bool = False
    ) -> None:
        self.folder = folder
        self.process = process
        self.shared = shared
        """Built by another process of this test session: finished when ``status`` is."""
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

    @classmethod
    def of_session(cls) -> BundleBuild | None:
        """The build this test session's first process started (``SHARED``), if any."""
        folder = os.environ.get(SHARED)
        return cls(Path(folder), None, shared=True) if folder else None

    def share(self) -> None:
        """Name this build to the workers started after this call, and write its status
        beside it when it ends (a thread waits on it)."""
        os.environ[SHARED] = str(self.folder)
        process = self.process
        if process is None:
            return

        def report() -> None:
            (self.folder / STATUS).write_text(str(process.wait()))

        threading.Thread(target=report, daemon=True).start()

    def wait(self) -> Path:
        """The built program, once the build has finished; the build's log if it failed."""
        status: int | None = None
        if self.process is not None:
            status = self.process.wait(timeout=BUILD_TIMEOUT)
        elif self.shared:
            done = self.folder / STATUS
            deadline = time.monotonic() + BUILD_TIMEOUT
            while not done.is_file() and time.monotonic() < deadline:
                time.sleep(1)
            assert done.is_file(), f"the bundle was not built within {BUILD_TIMEOUT} s"
            status = int(done.read_text())
        if status is not None:
            tail = self.log.read_text(errors="replace")[-3000:]
            assert status == 0, f"pyinstaller build.spec failed ({status}):\n{tail}"
        assert self.program.is_file(), f"no program at {self.program}"
        return self.program

    def close(self) -> None:
        """Stop the build if it still runs (an interrupted session) and remove its folder."""
        if self.process is None:  # a given program, or a build another process owns
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def wanted(args: list[str], invoked_in: Path, keyword: str, markexpr: str) -> bool:
    """Whether a session run with these arguments runs the bundle's tests: they are under
    one of its paths and no -k or "slow" in -m picks tests by name or marker (a wrong guess
    costs a build nobody waits for, or a worker building it then)."""
    if keyword or "slow" in markexpr:
        return False
    tests = Path(__file__).with_name(TESTS)
    for arg in args:
        path = (invoked_in / arg.split("::")[0]).resolve()
        if path == tests or path in tests.parents:
            return True
    return False


def start_for_workers(config) -> BundleBuild | None:
    """``pytest -n``: the first process starts the build before its workers exist (the
    compressed web client made first, at full speed, as ``build.spec`` takes it from the
    user's cache), so one build overlaps the whole run whichever worker gets its tests."""
    if os.environ.get("SCOREPAD_BUNDLE") or missing() is not None:
        return None
    option = config.option
    invoked_in = config.invocation_params.dir
    if not wanted(config.args, invoked_in, option.keyword or "", option.markexpr or ""):
        return None
    from web_cache import web_files_made

    web_files_made()
    build = BundleBuild.start()
    if build is not None:
        build.share()
    return build
