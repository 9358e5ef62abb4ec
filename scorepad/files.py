"""Files written whole or not at all: settings, drafts, PDFs, backups, exports.

Every file the app writes for keeps is first written under a temporary name in the same
folder and then renamed over the target with ``os.replace``, which is atomic: a reader
sees the old file or the new one, never half of one, and a full disk, a killed process
or an error half-way leaves the previous file as it was and no temporary file behind.
Standard library only, so every layer (core excepted: it writes no files) can use it.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import IO, Any, BinaryIO, Literal, TextIO, overload

PERMISSIONS = 0o644
"""What a file opened for writing gets under the usual umask (a temporary file: 0o600)."""


@contextmanager
def _temporary(path: str | os.PathLike[str]) -> Iterator[tuple[BinaryIO, Path]]:
    """A fresh temporary file beside ``path``, open for writing bytes, and its path: it
    replaces ``path`` when the block ends normally (closed first, if the block did not)
    and is removed when it raises.

    The temporary name is unique per call (``.<name>.<random>.tmp``), so two writers of
    one file never interleave: the last to finish wins, whole."""
    target = Path(path)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    partial = Path(name)
    out = open(handle, "wb")  # noqa: SIM115 (closed below, before the file is renamed)
    try:
        yield out, partial
        out.close()
        os.chmod(partial, PERMISSIONS)
        os.replace(partial, target)
    except BaseException:
        out.close()
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise


@contextmanager
def staged(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A fresh temporary path beside ``path`` for the caller to fill (e.g. an SQLite copy);
    it replaces ``path`` when the block ends normally and is removed when it raises (see
    ``_temporary``)."""
    with _temporary(path) as (out, partial):
        out.close()
        yield partial


@overload
def replacing(
    path: str | os.PathLike[str],
    mode: Literal["w"] = "w",
    *,
    encoding: str = "utf-8",
    newline: str | None = None,
) -> AbstractContextManager[TextIO]: ...


@overload
def replacing(
    path: str | os.PathLike[str],
    mode: Literal["wb"],
    *,
    encoding: str = "utf-8",
    newline: str | None = None,
) -> AbstractContextManager[BinaryIO]: ...


def replacing(
    path: str | os.PathLike[str],
    mode: str = "w",
    *,
    encoding: str = "utf-8",
    newline: str | None = None,
) -> AbstractContextManager[IO[Any]]:
    """An open file (``mode`` "w" or "wb") whose contents replace ``path`` once the block
    ends normally; nothing changes when it raises. Raises OSError as ``open`` would."""
    if mode not in ("w", "wb"):
        raise ValueError(f"mode must be 'w' or 'wb', not {mode!r}")
    return _replacing(path, mode, encoding, newline)


@contextmanager
def _replacing(
    path: str | os.PathLike[str], mode: str, encoding: str, newline: str | None
) -> Iterator[IO[Any]]:
    with _temporary(path) as (out, _):
        if mode == "wb":
            yield out
        else:
            with io.TextIOWrapper(out, encoding=encoding, newline=newline) as text:
                yield text


def write_atomic(
    path: str | os.PathLike[str], data: str | bytes, *, encoding: str = "utf-8"
) -> Path:
    """Write ``data`` (text or bytes) to ``path`` whole or not at all; returns the path."""
    with _temporary(path) as (out, _):
        out.write(data if isinstance(data, bytes) else data.encode(encoding))
    return Path(path)
