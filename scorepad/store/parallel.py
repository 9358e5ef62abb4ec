"""Scoring a large history file on every core while this process writes to the database.

Importing is mostly scoring (each play goes through the core, so that a wrong entry is
refused). For a big file written the way ``export`` writes it, one play per line, helper
processes score chunks of lines and send back ``PlayRows``; this process only assigns ids
and inserts, in the same single transaction as ever. A file laid out any other way, or a
machine with one core, takes the ordinary one-process path.

The helpers are forked with the document already in memory, so each chunk is sent as
two offsets, not as text. The document may be the file's text or its UTF-8 bytes: the
bytes take half the memory of a text holding any character past U+00FF (a template's
"−" is enough to make Python store every character of the text in two bytes).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from scorepad.core import GameTemplate, ScorepadError, load_template
from scorepad.store.jsonstream import Reordered
from scorepad.store.rows import DialectValues, PlayRows, play_from_json, values_for
from scorepad.store.values import load

MIN_BYTES = 2_000_000
"""Below about 3,000 plays one process finishes before helpers would pay off."""
CHUNK_LINES = 1000
IN_FLIGHT = 4

Outcome = tuple[str, PlayRows, tuple[int, str] | None]
"""(template ref, rows, None), or for a play that fails (…, (its position, its text))."""

Document = str | bytes
"""A history file as text, or as UTF-8 bytes already checked to decode."""

_TEMPLATES: dict[str, GameTemplate] = {}
_FORM: list[DialectValues] = []
_DOCUMENT: list[Document] = []


def worth_sharing(size: int) -> bool:
    cores = os.cpu_count() or 1
    return size >= MIN_BYTES and cores > 1 and "fork" in multiprocessing.get_all_start_methods()


def score_in_parallel(
    document: Document, offset: int, sources: dict[str, Any], dialect: str
) -> Iterator[Outcome]:
    """Each play in file order; the first that fails is handed back as text, for the caller
    to score again and raise the error in the reader's language. ``offset`` is where the
    plays array's elements start, in the document's own units (characters or bytes)."""
    end = _before(document, _before(document, len(document), "}"), "]")
    if end < offset:
        raise Reordered
    workers = min(os.cpu_count() or 1, 4)
    context = multiprocessing.get_context("fork")
    pending: deque[Future[list[Any]]] = deque()
    count = 0
    helpers = ProcessPoolExecutor(
        workers, context, initializer=_start, initargs=(document, sources, dialect)
    )  # forked: the helpers get the arguments without any copy
    with _frozen(), helpers as pool:
        try:
            for start, stop in _chunks(document, offset, end):
                pending.append(pool.submit(_score_lines, start, stop))
                if len(pending) < IN_FLIGHT * workers:
                    continue
                for ref, rows, failed in pending.popleft().result():
                    count += 1
                    yield ref, rows and _make(rows), failed and (count, failed)
            while pending:
                for ref, rows, failed in pending.popleft().result():
                    count += 1
                    yield ref, rows and _make(rows), failed and (count, failed)
        finally:
            for future in pending:
                future.cancel()


@contextmanager
def _frozen() -> Iterator[None]:
    """The collector leaves alone what exists before the helpers fork: it is not garbage,
    and scanning it would cost time here and, in each helper, copies of the pages it
    touches (about a sixth of the import's processor time, measured)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _before(document: Document, stop: int, char: str) -> int:
    """Where ``char`` is, with only whitespace between it and ``stop`` (no copy of the
    document: a history file can be tens of megabytes)."""
    position = stop - 1
    while position >= 0 and _char(document, position) in " \t\r\n":
        position -= 1
    if position < 0 or _char(document, position) != char:
        raise Reordered
    return position


def _char(document: Document, position: int) -> str:
    if isinstance(document, bytes):
        return chr(document[position])
    return document[position]


def _chunks(document: Document, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Pieces of the plays array that end at a line break, about CHUNK_LINES lines each."""
    newline = b"\n" if isinstance(document, bytes) else "\n"
    while start < end:
        stop = start
        for _ in range(CHUNK_LINES):
            found = document.find(newline, stop + 1, end)  # type: ignore[arg-type]
            if found < 0:
                stop = end
                break
            stop = found
        yield start, stop
        start = stop


def _start(document: Document, sources: dict[str, Any], dialect: str) -> None:
    _DOCUMENT[:] = [document]
    _FORM[:] = [values_for(dialect)]
    _TEMPLATES.clear()
    for ref, item in sources.items():
        _TEMPLATES[ref] = load_template(item["source"], ref)


def _score_lines(start: int, stop: int) -> list[Any]:
    """Runs in a helper: each non-empty line must be one whole play, else the file is
    not laid out one play per line and the caller starts over the ordinary way."""
    done: list[Any] = []
    form = _FORM[0]
    chunk = _DOCUMENT[0][start:stop]
    if isinstance(chunk, bytes):
        chunk = chunk.decode("utf-8")
    for line in chunk.split("\n"):
        text = line.strip().strip(",").strip()
        if not text:
            continue
        try:
            raw = load(text)
        except (ValueError, RecursionError):  # the ordinary path says what is wrong
            raise Reordered from None
        ref = raw.get("template") if isinstance(raw, dict) else None
        try:
            rows = play_from_json(raw, _TEMPLATES, form)
        except ScorepadError:
            done.append((ref, None, text))
            return done
        done.append((ref, tuple(rows), None))  # sent as a plain tuple (see ``_make``)
    return done


_make = PlayRows._make
"""A play's rows as a helper sent them: a plain tuple pickles and unpickles in about
half the time of the named tuple (whose class is looked up and called for each)."""
