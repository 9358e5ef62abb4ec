"""What a member's session takes out of a group's history or puts into it is written to
the audit log (issue 34's item 5), from the screens themselves, on SQLite and on
PostgreSQL: an export handed to their device (the history, a game), a file imported from
it. What failed is not noted, and the laptop, which has no members, notes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_security_files import phone_context, press, save_azul
from ui_helpers import context, find

from scorepad.accounts import Password, add_group, groups, make_invite, take_invite
from scorepad.accounts.audit import events, noted
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from tests.store.conftest import fresh_database

URL = "https://games.example.org"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def history(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreHistory]:
    """The group's history: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        opened = StoreHistory(str(tmp_path / "history.db"))
        yield opened
        opened.close()
        return
    with fresh_database() as url:
        opened = StoreHistory(url)
        yield opened
        opened.close()


def member_session(tmp_path: Path, history: StoreHistory, name: str):
    """A phone's session of ``name``, a member of the group "Club", noting as the group's
    server does (``scorepad.ui.launch.serve_group``)."""
    store = history.store
    if "Club" not in [g.name for g in groups(store)]:
        add_group(store, "Club")
    invite = make_invite(store, "Club", role="member", url=URL)
    member = take_invite(store, invite.token, name, Password("correct horse battery"))
    ctx, _ = context(tmp_path / name, history=history)
    ctx.on_host = False
    ctx.audit = noted(store, member)
    return ctx, member


def test_a_member_s_exports_and_imports_are_noted_with_what_they_were(tmp_path, history):
    ana_ctx, ana = member_session(tmp_path, history, "Ana")
    save_azul(ana_ctx, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")
    handed: list[tuple[str, bytes]] = []

    async def download(name: str, data: bytes) -> None:
        handed.append((name, data))

    ana_ctx.download = download
    press(view_for(ana_ctx, "/settings"), "export-download")
    ((_, exported),) = handed

    ben_ctx, ben = member_session(tmp_path, history, "Ben")

    async def upload(extensions: list[str]) -> tuple[str, bytes] | None:
        return "mine.json", exported

    ben_ctx.upload = upload
    root = view_for(ben_ctx, "/settings")
    press(root, "import-upload")
    assert find(root, "history-message").value.startswith("Imported from mine.json")

    async def garbage(extensions: list[str]) -> tuple[str, bytes] | None:
        return "bad.json", b"\xff\xfe not text"

    ben_ctx.upload = garbage
    press(root, "import-upload")
    assert find(root, "history-message").value.startswith("Cannot read bad.json")

    found = [e for e in events(history.store, "Club") if e.kind in ("export", "import")]
    assert [(e.kind, e.member_id) for e in found] == [("export", ana.id), ("import", ben.id)]
    assert found[0].detail == {"what": "history", "format": "json", "plays": 1}
    assert found[1].detail == {
        "what": "history",
        "file": "mine.json",
        "bytes": len(exported),
        "plays": 0,  # the same play, already there
        "updated": 0,
        "skipped": 1,
    }
    assert all(e.group_id == ana.group_id for e in found)


def test_a_member_s_game_download_is_noted(tmp_path, history):
    ctx, ana = member_session(tmp_path, history, "Ana")
    handed: list[str] = []

    async def download(name: str, data: bytes) -> None:
        handed.append(name)

    ctx.download = download
    press(view_for(ctx, "/games"), "games-export-azul")
    assert handed == ["azul.json"]
    (export,) = [e for e in events(history.store, "Club") if e.kind == "export"]
    assert (export.member_id, export.detail) == (ana.id, {"what": "game", "game": "azul"})


def test_the_laptop_has_no_members_and_notes_nothing(tmp_path):
    ctx, _ = phone_context(tmp_path)
    save_azul(ctx, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")

    async def download(name: str, data: bytes) -> None:
        pass

    ctx.download = download
    root = view_for(ctx, "/settings")
    press(root, "export-download")
    assert find(root, "history-message").value.startswith("1 plays exported")
    store = ctx.services.history.store
    assert groups(store) == []
    assert store.accounts(lambda rows: rows.audit_events(1), write=False) == []
