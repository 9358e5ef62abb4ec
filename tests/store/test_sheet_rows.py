"""A group's server's sheets in progress as rows (``scorepad.store.sheetrows``), on SQLite
and PostgreSQL: a sheet saved or thrown away keeps its fate for a week, for a device that
asks after it, and is then dropped as other sheets end; sheets in progress stay however
old."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from scorepad.store.sheetrows import ENDED_KEPT

T0 = datetime(2026, 3, 1, 20, 0)


def put(store, sheet_id: str, at: datetime) -> None:
    body = json.dumps({"id": sheet_id})
    store.sheets(lambda rows: rows.put(sheet_id, "azul", body, at))


def fate(store, sheet_id: str):
    kept = store.sheets(lambda rows: rows.get(sheet_id), write=False)
    return None if kept is None else (kept.fate, kept.play_id)


def test_an_ended_sheet_keeps_its_fate_for_a_while_then_goes(store):
    for sheet_id in ("saved", "thrown", "idle", "later"):
        put(store, sheet_id, T0)
    store.sheets(lambda rows: rows.end("saved", "saved", T0, "7"))
    store.sheets(lambda rows: rows.end("thrown", "discarded", T0 + timedelta(days=1)))
    assert fate(store, "saved") == ("saved", "7")

    almost = T0 + ENDED_KEPT  # a week on: nothing has been kept longer than a week
    store.sheets(lambda rows: rows.end("later", "discarded", almost))
    assert fate(store, "saved") == ("saved", "7")
    assert fate(store, "thrown") == ("discarded", None)

    past = T0 + ENDED_KEPT + timedelta(days=1, seconds=1)
    put(store, "next", past)
    store.sheets(lambda rows: rows.end("next", "saved", past, "8"))
    assert fate(store, "saved") is None and fate(store, "thrown") is None
    assert fate(store, "later") == ("discarded", None)  # ended under a week before
    assert fate(store, "idle") == (None, None)  # in progress, however long: kept
    assert [k.sheet_id for k in store.sheets(lambda rows: rows.in_progress(), write=False)] == [
        "idle"
    ]
