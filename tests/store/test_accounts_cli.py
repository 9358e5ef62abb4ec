"""``scorepad groups``, ``invite``, ``members`` and ``reset-member`` end to end, through
``scorepad.cli.main`` against a real history (SQLite and PostgreSQL), and once as a
process: bad input is one line naming what is wrong, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_store_cli import fails

from scorepad.accounts import Password, sign_in_with_password, take_invite
from scorepad.cli import main
from scorepad.store import open_store

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "https://games.example.org"


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def token_of(out: str) -> str:
    link = out.splitlines()[-1]
    assert link.startswith(f"{PUBLIC}/join#")
    return link.rpartition("#")[2]


def test_a_group_invites_lists_and_resets_its_members(capsys, url):
    db = ("--db", url, "--lang", "en")
    assert run(capsys, "groups", *db) == "No group yet (scorepad groups add NAME adds one).\n"
    assert run(capsys, "groups", "add", "Thursday club", *db) == "Group Thursday club added.\n"
    assert run(capsys, "groups", *db) == "Thursday club\n"
    assert [g["name"] for g in json.loads(run(capsys, "groups", "--json", *db))] == [
        "Thursday club"
    ]
    assert "no members yet" in run(capsys, "members", "Thursday club", *db)

    out = run(
        capsys, "invite", "Thursday club", "--role", "owner", "--public-url", PUBLIC + "/", *db
    )
    assert out.startswith("Invite into Thursday club as owner, for one use until ")
    owner = token_of(out)
    # the address is kept: the next invite needs none
    ben = token_of(run(capsys, "invite", "Thursday club", "--hours", "1", *db))
    with open_store(url) as store:
        take_invite(store, owner, "Ana", Password("a long enough password"))
        take_invite(store, ben, "Ben", Password("another long password"))
    listed = json.loads(run(capsys, "members", "Thursday club", "--json", *db))
    assert [(m["name"], m["role"], m["password"], m["passkeys"]) for m in listed] == [
        ("Ana", "owner", True, 0),
        ("Ben", "member", True, 0),
    ]
    assert listed[0]["joined"].endswith("Z") and listed[0]["disabled"] is None
    lines = run(capsys, "members", "Thursday club", *db).splitlines()
    assert lines[0].startswith("Ana (owner), joined ") and lines[0].endswith(
        "password: yes, passkeys: 0"
    )

    out = run(capsys, "reset-member", "Thursday club", "ben", *db)
    assert out.startswith("ben's sessions ended")
    fresh = token_of(out)
    assert "Ben (member), joined" in run(capsys, "members", "Thursday club", *db)
    assert "no way to sign in" in run(capsys, "members", "Thursday club", *db)
    with open_store(url) as store:
        take_invite(store, fresh, "ignored for a reset", Password("a brand new password"))
        signed = sign_in_with_password(
            store, "Thursday club", "Ben", "a brand new password", address="127.0.0.1"
        )
        assert signed.member.role == "member"


def test_bad_input_is_one_clear_line(capsys, url):
    db = ("--db", url, "--lang", "en")
    assert "--public-url" in fails(
        capsys, "invite", "Club", *db
    )  # no group, no address: the address first
    run(capsys, "groups", "add", "Club", *db)
    assert 'no group "Nope"' in fails(capsys, "invite", "Nope", "--public-url", PUBLIC, *db)
    assert '"ftp://x"' in fails(capsys, "invite", "Club", "--public-url", "ftp://x", *db)
    assert "1 to 720 hours, not 0" in fails(
        capsys, "invite", "Club", "--public-url", PUBLIC, "--hours", "0", *db
    )
    assert 'no member "Zed"' in fails(capsys, "reset-member", "Club", "Zed", *db)
    assert 'already a group "Club"' in fails(capsys, "groups", "add", "Club", *db)
    assert 'no group "Nope"' in fails(capsys, "members", "Nope", *db)
    assert "Il y a déjà un groupe" in fails(
        capsys, "groups", "add", "Club", "--db", url, "--lang", "fr"
    )
    with pytest.raises(SystemExit) as stop:  # argparse's own refusal, also without a traceback
        main(["invite", "Club", "--role", "admin", *db])
    assert stop.value.code == 2
    assert "invalid choice: 'admin'" in capsys.readouterr().err


def test_the_commands_run_as_a_process(tmp_path):
    db = str(tmp_path / "history.sqlite3")

    def scorepad(*args):
        return subprocess.run(
            [sys.executable, "-m", "scorepad", *args, "--db", db, "--lang", "en"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )

    assert scorepad("groups", "add", "Club").returncode == 0
    made = scorepad("invite", "Club", "--public-url", PUBLIC)
    assert made.returncode == 0 and made.stdout.splitlines()[-1].startswith(f"{PUBLIC}/join#")
    refused = scorepad("reset-member", "Club", "Nobody")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert (
        refused.stderr
        == 'scorepad: The group "Club" has no member "Nobody" (scorepad members lists them).\n'
    )


def test_serve_starts_only_on_postgresql_with_one_group(capsys, url):
    """Checked before anything is served: the history's kind, its address, its group."""
    db = ("--db", url, "--lang", "en")
    if not url.startswith("postgresql"):
        err = fails(capsys, "serve", "--public-url", PUBLIC, *db)
        assert "keeps its history in PostgreSQL: give --db postgresql://" in err
        return
    assert "Say where members reach the server with --public-url" in fails(capsys, "serve", *db)
    err = fails(capsys, "serve", "--public-url", PUBLIC, *db)
    assert "serves one group" in err and "has 0 (-)" in err
    run(capsys, "groups", "add", "Thursday club", *db)
    run(capsys, "groups", "add", "Sunday club", *db)
    err = fails(capsys, "serve", *db)  # the address kept from the first try
    assert "this history has 2 (" in err and "Sunday club" in err and "Thursday club" in err
