"""Sheets in progress that the store itself kept (revisions 0002 and 0003), kept on.

The app keeps every sheet in progress as a file of its own (``scorepad.ui.drafts``); the
store's ``draft`` table, one sheet per device, was a second way that nothing used any
more. Revision 0004 drops it, and whatever rows it still held are first written here, to
a JSON file of the store's own (never into the app's drafts folder): beside an SQLite
history (``history.sqlite3.drafts.json``), or, for a database server, in the folder of
the default history, named after the server and database. ``read`` gives them back as
``NewSheet``s for the app to take in, and ``forget`` removes the file once it has.

```
{"format": "scorepad-legacy-drafts", "version": 1,
 "drafts": [{"device": "tablet", "updated_at": "2024-05-01T20:30:00", "sheet": "<the row's
            text: {"game", "variant", "players", "entries", "extra", "details"}>"}]}
```
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from sqlalchemy.engine import URL

from scorepad.files import write_atomic
from scorepad.store.database import default_path
from scorepad.store.records import NewSheet
from scorepad.store.values import load

FORMAT = "scorepad-legacy-drafts"
VERSION = 1
SUFFIX = ".drafts.json"

logger = logging.getLogger(__name__)


def location(url: URL) -> Path | None:
    """Where the drafts of the history at ``url`` are kept (None: an in-memory one)."""
    if url.get_backend_name() == "sqlite":
        if url.database in (None, "", ":memory:"):
            return None
        history = Path(url.database or "")
        return history.with_name(history.name + SUFFIX)
    place = f"{url.host or 'local'}-{url.port or ''}-{url.database or ''}"
    return default_path().parent / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', place)}{SUFFIX}"


def keep(url: URL, rows: Iterable[tuple[str, str, datetime | str]]) -> Path | None:
    """Write the rows ``(device, sheet text, updated_at)`` of the ``draft`` table (added to
    any kept before); None when there are none. Raises OSError when it cannot write."""
    found = [
        {
            "device": device,
            "updated_at": stamp if isinstance(stamp, str) else stamp.isoformat(),
            "sheet": sheet,
        }
        for device, sheet, stamp in rows
    ]
    path = location(url)
    if not found or path is None:
        return None
    drafts = _entries(path)  # a migration run again after a failure adds no second copy
    drafts += [entry for entry in found if entry not in drafts]
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"format": FORMAT, "version": VERSION, "drafts": drafts}
    write_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    return path


def read(url: URL) -> list[NewSheet]:
    """The sheets kept, oldest first; one that cannot be read is logged and left out."""
    path = location(url)
    if path is None:
        return []
    sheets = []
    for entry in _entries(path):
        try:
            data = load(entry["sheet"])
            sheets.append(
                NewSheet(
                    data["game"],
                    data["variant"],
                    tuple(data["players"]),
                    data.get("entries", {}),
                    data.get("extra", {}),
                    data.get("details", {}),
                )
            )
        except (ValueError, KeyError, TypeError, AttributeError) as problem:
            logger.warning("ignoring an unreadable draft in %s: %s", path, problem)
    return sheets


def forget(url: URL) -> None:
    """The app has taken the sheets in: the file goes."""
    path = location(url)
    if path is not None:
        path.unlink(missing_ok=True)


def _entries(path: Path) -> list[dict[str, str]]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as problem:
        logger.warning("ignoring unreadable kept drafts %s: %s", path, problem)
        return []
    drafts = document.get("drafts") if isinstance(document, dict) else None
    return [d for d in drafts or [] if isinstance(d, dict) and isinstance(d.get("sheet"), str)]
