"""A separate program typing on a live sheet as fast as it can, for the drafts' SIGKILL test.

Usage: drafts_worker.py FOLDER SEED COUNT. Opens Azul for four players on a live sheet whose
drafts go to FOLDER (written at most every ``WRITE_EVERY_S``, as in the app), prints
"ready SHEET_ID", then types COUNT values (0: until killed) into random cells of a sheet
followed by the live sheet (``live.follow``), as the app does, printing "MONOTONIC_NS KEY
PLAYER VALUE" once each is made; then leaves the sheet and ends normally, printing "done".
"""

from __future__ import annotations

import random
import sys
import time
from itertools import count as counting
from pathlib import Path

from scorepad.core import find_game
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.live import LiveSheets, Notice, Remote, follow
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.drafts import WRITE_EVERY_S, FileDraftStore

KEYS = ("marker", "rows", "columns", "colours")
PLAYERS = ["Ana", "Ben", "Carla", "Dan"]


def main() -> None:
    folder, seed, wanted = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rnd = random.Random(seed)
    drafts = FileDraftStore(folder, every=WRITE_EVERY_S)
    live = LiveSheets()
    template = find_game("azul")
    model = SheetInProgress(template, new_draft(template, None, PLAYERS))
    token = object()
    follow(live, token, model, drafts, lambda change: None)
    # a second device on the sheet (read back as the app would): it shares the sheet's
    # draft, and every change is passed on to it, as in the app
    other = SheetInProgress(template, SheetDraft.from_dict(model.draft.to_dict()))

    def received(change: Remote | Notice) -> None:
        if isinstance(change, Remote):
            other.receive(change.edit, change.draft, change.state)

    follow(live, object(), other, drafts, received)
    print("ready", model.draft.sheet_id, flush=True)
    for n in counting(1) if wanted == 0 else range(1, wanted + 1):
        key, player = rnd.choice(KEYS), rnd.randrange(len(PLAYERS))
        value = str(n)
        model.set_text(key, player, value)
        print(time.monotonic_ns(), key, player, value, flush=True)
    live.leave(token)
    print("done", flush=True)


if __name__ == "__main__":
    main()
