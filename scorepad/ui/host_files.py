"""Files on the computer running the app: only its own session names them, and only
regular files of a sane size are read.

A phone at the table (a guest device, ``scorepad.ui.devices``) never reaches the host's
files: the path fields of Settings and Custom games are for the host's sessions only, asked
again at every use (``Context.may(Power.HOST_FILES)``), so nothing a phone types can read,
overwrite or probe a file.
What the app reads from a path must be a regular file (a FIFO would block the reader for
ever, ``/dev/zero`` would fill the memory) of at most ``MAX_BYTES``; the check opens the
file without blocking and looks at what it opened. Callers run it off the page's event
loop (a worker thread), which every device of the app shares.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from scorepad.ui.errors import AppError

MAX_MB = 200
MAX_BYTES = MAX_MB * 1024 * 1024
"""Larger than any real history or game file."""


def check_file(path: Path) -> int:
    """The size of the regular file at ``path``; an ``AppError`` naming it otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as problem:
        raise AppError(
            "manage.cannot_read", path=str(path), detail=problem.strerror or str(problem)
        ) from None
    try:
        info = os.fstat(fd)
    finally:
        os.close(fd)
    if not stat.S_ISREG(info.st_mode):
        raise AppError("files.not_regular", path=str(path))
    if info.st_size > MAX_BYTES:
        raise AppError("files.too_big", path=str(path), mb=MAX_MB)
    return info.st_size


def read_text(path: Path) -> str:
    """The text of a regular file of at most ``MAX_BYTES`` (UTF-8, a BOM allowed)."""
    check_file(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as problem:
        raise AppError(
            "manage.cannot_read", path=str(path), detail=problem.strerror or str(problem)
        ) from None
    if len(data) > MAX_BYTES:  # it grew since it was looked at
        raise AppError("files.too_big", path=str(path), mb=MAX_MB)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        raise AppError("manage.cannot_read", path=str(path), detail=str(problem)) from None
