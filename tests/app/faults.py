"""Real faults for the app's history: a small full disk, a disk that turns read-only, a
PostgreSQL server of the test's own that can be stopped and started. Each fixture skips,
with the reason, where the machine cannot provide it (mounting needs root)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


def run(*args: str, user: str | None = None) -> subprocess.CompletedProcess[str]:
    command = list(args)
    if user is not None:
        command = ["runuser", "-u", user, "--", *command]
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as problem:
        return subprocess.CompletedProcess(command, 127, "", str(problem))


def _why(done: subprocess.CompletedProcess[str]) -> str:
    lines = (done.stderr or done.stdout).strip().splitlines()
    return lines[-1] if lines else f"exit status {done.returncode}"


def unmount(where: Path) -> None:
    if run("umount", str(where)).returncode != 0:
        run("umount", "-l", str(where))  # a handle still open: detach it anyway


@contextlib.contextmanager
def small_disk(where: Path, size: str = "4m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted at ``where``."""
    where.mkdir(exist_ok=True)
    done = run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "scorepad-test", str(where))
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs for the full-disk test: {_why(done)}")
    try:
        yield where
    finally:
        unmount(where)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to the last byte; the file returned holds the space."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:
        for block in (1 << 16, 4096, 512, 1):
            with contextlib.suppress(OSError):
                while True:
                    out.write(b"\0" * block)
    return filler


@dataclass
class Ext4:
    image: Path
    where: Path
    trigger: Path
    """Writing here makes the kernel act as on a real disk error: with errors=remount-ro
    the file system turns read-only under every open file."""

    def fail(self) -> None:
        self.trigger.write_text("scorepad test\n")

    def mount_again(self) -> None:
        """Unmount and mount the image afresh (writable), as after a restart."""
        unmount(self.where)
        done = run("mount", "-o", "loop", str(self.image), str(self.where))
        assert done.returncode == 0, done.stderr


@contextlib.contextmanager
def ext4_disk(folder: Path) -> Iterator[Ext4]:
    image, where = folder / "disk.img", folder / "ext4"
    where.mkdir()
    with image.open("wb") as out:
        out.truncate(16 * 1024 * 1024)
    made = run("mkfs.ext4", "-q", "-F", str(image))
    if made.returncode != 0:
        pytest.skip(f"cannot make an ext4 image for the read-only-disk test: {_why(made)}")
    done = run("mount", "-o", "loop,errors=remount-ro", str(image), str(where))
    if done.returncode != 0:
        pytest.skip(f"cannot loop-mount an ext4 image for the read-only-disk test: {_why(done)}")
    try:
        device = run("findmnt", "-n", "-o", "SOURCE", str(where)).stdout.strip()
        trigger = Path("/sys/fs/ext4") / Path(device).name / "trigger_fs_error"
        if not trigger.exists():
            pytest.skip(f"this kernel cannot simulate an ext4 error ({trigger} is missing)")
        yield Ext4(image, where, trigger)
    finally:
        unmount(where)


class Postgres:
    """A throwaway PostgreSQL cluster in a temporary folder, on a free port, run as the
    ``postgres`` user when the tests run as root (the server refuses to run as root)."""

    def __init__(self, bindir: Path, folder: Path, user: str | None) -> None:
        self.bindir, self.folder, self.user = bindir, folder, user
        self.data = folder / "data"
        self.port = free_port()
        self.url = f"postgresql+psycopg://scorepad@127.0.0.1:{self.port}/postgres"

    def ctl(self, *args: str) -> subprocess.CompletedProcess[str]:
        return run(str(self.bindir / "pg_ctl"), "-D", str(self.data), *args, user=self.user)

    def init(self) -> subprocess.CompletedProcess[str]:
        initdb = str(self.bindir / "initdb")
        flags = ["-A", "trust", "-U", "scorepad", "--no-sync", "-E", "UTF8", "--locale=C"]
        return run(initdb, "-D", str(self.data), *flags, user=self.user)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        done = self.ctl("-o", options, "-l", str(self.folder / "log"), "-w", "start")
        assert done.returncode == 0, done.stderr + (self.folder / "log").read_text()

    def stop(self) -> None:
        done = self.ctl("-m", "fast", "-w", "stop")
        assert done.returncode == 0, done.stderr


@contextlib.contextmanager
def postgres() -> Iterator[Postgres]:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parts[-3])
    if not found:
        pytest.skip("no PostgreSQL server programs (initdb) under /usr/lib/postgresql")
    user = None
    if os.geteuid() == 0:
        if shutil.which("runuser") is None or run("id", "postgres").returncode != 0:
            pytest.skip("running as root without a postgres user to run a server as")
        user = "postgres"
    folder = Path(tempfile.mkdtemp(prefix="scorepad-pg-"))
    if user is not None:
        shutil.chown(folder, user)
    server = Postgres(found[-1].parent, folder, user)
    try:
        made = server.init()
        if made.returncode != 0:
            pytest.skip(f"cannot make a throwaway PostgreSQL cluster: {_why(made)}")
        server.start()
        yield server
    finally:
        server.ctl("-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
