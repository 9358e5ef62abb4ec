"""The history: plays, players and user-defined games in SQLite or PostgreSQL.

This is the store's front door: the app and the command line import only the names in
``__all__``, from ``scorepad.store`` itself (tests/test_store_face.py keeps them off the
modules behind it). They open a history with ``open_store()`` and use the ``Store``
methods; nothing outside this package writes SQL. A play to save comes in as the core's
``PlayToSave`` (``Store.save_scored``, ``Store.update_play``).

Names are loaded on first use, so that ``scorepad games`` and the other commands that
never touch a history start without loading SQLAlchemy: each is read from its module
(``_HOMES``) when first asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorepad.store.accountrows import (
        AccountRows,
        AuditRow,
        GroupRow,
        InviteRow,
        MemberRow,
        PasskeyRow,
        SessionRow,
    )
    from scorepad.store.api import Store, open_store
    from scorepad.store.backups import Backup
    from scorepad.store.boards import (
        AZUL_PAVILION,
        AZUL_WALL,
        SINTRA_PALACE,
        SeatBoard,
        read_boards,
    )
    from scorepad.store.errors import BackupDamaged, StoreError, Unreachable
    from scorepad.store.importing import Imported
    from scorepad.store.kept import kept_lines
    from scorepad.store.notices import Listening
    from scorepad.store.photo_image import MAX_PHOTOS, PHOTO_MAX_MB
    from scorepad.store.photos import Photo, RemovedPhoto
    from scorepad.store.records import (
        CustomGame,
        EditedPlay,
        GameStats,
        HeadToHead,
        Holder,
        NewSheet,
        Page,
        PlayerInfo,
        PlayerStats,
        PlayFilter,
        PlayRecord,
        PlaySummary,
        PlayVersion,
        RoleStats,
        SeatResult,
        coop_key,
    )
    from scorepad.store.render import render_h2h
    from scorepad.store.restoring import Restored, backups_at, restore_history
    from scorepad.store.rows import MAX_DURATION
    from scorepad.store.sheetrows import KeptSheet, SheetRows
    from scorepad.store.uploadrows import UploadRows
    from scorepad.store.values import parse_when

__all__ = [
    "AZUL_PAVILION",
    "AZUL_WALL",
    "MAX_DURATION",
    "MAX_PHOTOS",
    "PHOTO_MAX_MB",
    "SINTRA_PALACE",
    "AccountRows",
    "AuditRow",
    "Backup",
    "BackupDamaged",
    "CustomGame",
    "EditedPlay",
    "GameStats",
    "GroupRow",
    "HeadToHead",
    "Holder",
    "Imported",
    "InviteRow",
    "KeptSheet",
    "Listening",
    "MemberRow",
    "NewSheet",
    "Page",
    "PasskeyRow",
    "Photo",
    "PlayFilter",
    "PlayRecord",
    "PlaySummary",
    "PlayVersion",
    "PlayerInfo",
    "PlayerStats",
    "RemovedPhoto",
    "Restored",
    "RoleStats",
    "SeatBoard",
    "SeatResult",
    "SessionRow",
    "SheetRows",
    "Store",
    "StoreError",
    "Unreachable",
    "UploadRows",
    "backups_at",
    "coop_key",
    "kept_lines",
    "open_store",
    "parse_when",
    "read_boards",
    "render_h2h",
    "restore_history",
]

_HOMES = {
    # opening a history, and its errors
    "Store": "api",
    "open_store": "api",
    "StoreError": "errors",
    "BackupDamaged": "errors",
    "Unreachable": "errors",
    # a group's server's accounts, as kept
    "AccountRows": "accountrows",
    "AuditRow": "accountrows",
    "GroupRow": "accountrows",
    "InviteRow": "accountrows",
    "MemberRow": "accountrows",
    "PasskeyRow": "accountrows",
    "SessionRow": "accountrows",
    # a group's server's sheets in progress, as kept, and the news of them
    "KeptSheet": "sheetrows",
    "SheetRows": "sheetrows",
    "Listening": "notices",
    # the uploads a group's server waits for, on any of its processes
    "UploadRows": "uploadrows",
    # backups, by the history's location (they work on one too damaged to open)
    "Backup": "backups",
    "Restored": "restoring",
    "backups_at": "restoring",
    "restore_history": "restoring",
    # what plays, players, games and stats are read back as
    "CustomGame": "records",
    "EditedPlay": "records",
    "GameStats": "records",
    "HeadToHead": "records",
    "Holder": "records",
    "NewSheet": "records",
    "Page": "records",
    "PlayFilter": "records",
    "PlayRecord": "records",
    "PlaySummary": "records",
    "PlayVersion": "records",
    "PlayerInfo": "records",
    "PlayerStats": "records",
    "RoleStats": "records",
    "SeatResult": "records",
    "coop_key": "records",
    "Imported": "importing",
    "kept_lines": "kept",
    # photos of the table
    "Photo": "photos",
    "RemovedPhoto": "photos",
    "MAX_PHOTOS": "photo_image",
    "PHOTO_MAX_MB": "photo_image",
    # the boards kept with a seat
    "AZUL_PAVILION": "boards",
    "AZUL_WALL": "boards",
    "SINTRA_PALACE": "boards",
    "SeatBoard": "boards",
    "read_boards": "boards",
    # values as the history takes and says them
    "MAX_DURATION": "rows",
    "parse_when": "values",
    "render_h2h": "render",
}
"""The module each public name lives in (every name of ``__all__``, and only those)."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'scorepad.store' has no attribute {name!r}")
    return getattr(import_module(f"scorepad.store.{home}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
