"""A group server's accounts at rest (``scorepad.accounts``), on SQLite and PostgreSQL:
groups, invites, passwords, sessions, the slowing of wrong sign-ins, an owner's reset,
roles and the audit log, and what each refuses."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select, text

import scorepad.accounts.passwords as passwords
from scorepad.accounts import (
    AccountError,
    Password,
    SignInRefused,
    SlowedDown,
    add_group,
    groups,
    make_invite,
    members,
    reset_member,
    session_member,
    set_role,
    sign_in_with_password,
    sign_out,
    sign_out_everywhere,
    take_invite,
)
from scorepad.accounts.audit import events
from scorepad.accounts.sessions import LASTS, TOUCH_EVERY
from scorepad.core.slowing import FREE_TRIES
from scorepad.store.models import member_session, sign_in_slowing

URL = "https://games.example.org"
T0 = datetime(2026, 3, 1, 20, 0)
SECRET = "correct horse battery"
TABLES = (
    "club_group",
    "member",
    "password_credential",
    "passkey_credential",
    "invite",
    "member_session",
    "sign_in_slowing",
    "audit_event",
)


def joined(store, name="Ana", role="member", password=SECRET, group="Club", at=T0):
    """A member who took an invite into ``group`` (made if needed) with a password."""
    if group not in [g.name for g in groups(store)]:
        add_group(store, group, now=at)
    made = make_invite(store, group, role=role, url=URL, now=at)
    return take_invite(store, made.token, name, Password(password), now=at)


def dump(store):
    """Every row of the account tables, as text, to look for secrets in."""
    with store.db.engine.connect() as conn:
        return " ".join(
            str(tuple(row))
            for table in TABLES
            for row in conn.execute(text(f"SELECT * FROM {table}"))
        )


def count(store, table):
    with store.db.engine.connect() as conn:
        return conn.execute(text(f"SELECT count(*) FROM {table}")).scalar()


def test_a_group_is_added_once_with_a_clean_name(store):
    group = add_group(store, "  Thursday   club ", now=T0)
    assert group.name == "Thursday club"
    with pytest.raises(AccountError, match='already a group "Thursday club"'):
        add_group(store, "Thursday club")
    for bad in ("", "   ", "tab\there", "x" * 201):
        with pytest.raises(AccountError, match="A group's name needs 1 to 200"):
            add_group(store, bad)
    assert [g.name for g in groups(store)] == ["Thursday club"]
    with pytest.raises(AccountError, match='no group "Friday"'):
        members(store, "Friday")


def test_an_invite_makes_the_member_and_keeps_no_secret_in_clear(store):
    add_group(store, "Club", now=T0)
    made = make_invite(store, "Club", role="owner", url=URL + "/", hours=5, now=T0)
    assert made.link == f"{URL}/join#{made.token}" and len(made.token) == 43
    assert made.expires_at == T0 + timedelta(hours=5)
    ana = take_invite(store, made.token, " Ana ", Password(SECRET), now=T0 + timedelta(hours=1))
    assert (ana.display_name, ana.role, ana.password, ana.passkeys) == ("Ana", "owner", True, 0)
    assert [m.display_name for m in members(store, "Club")] == ["Ana"]
    rows = dump(store)
    assert made.token not in rows and SECRET not in rows
    assert "$argon2id$" in rows
    assert repr(Password(SECRET)) == "Password(…)"


def test_a_used_invite_is_refused_and_writes_nothing(store):
    add_group(store, "Club", now=T0)
    made = make_invite(store, "Club", url=URL, now=T0)
    take_invite(store, made.token, "Ana", Password(SECRET), now=T0)
    before = dump(store)
    with pytest.raises(AccountError, match="already been used"):
        take_invite(store, made.token, "Ben", Password(SECRET), now=T0)
    assert dump(store) == before


def test_an_expired_invite_is_refused_and_stays_unused(store):
    add_group(store, "Club", now=T0)
    made = make_invite(store, "Club", url=URL, hours=2, now=T0)
    with pytest.raises(AccountError, match="expired on 2026-03-01 22:00:00 UTC"):
        take_invite(store, made.token, "Ana", Password(SECRET), now=T0 + timedelta(hours=2))
    assert count(store, "member") == 0
    with store.db.engine.connect() as conn:
        assert conn.execute(text("SELECT used_at FROM invite")).scalar() is None


def test_an_unknown_or_malformed_token_is_refused(store):
    add_group(store, "Club", now=T0)
    make_invite(store, "Club", url=URL, now=T0)
    for token in ("A" * 43, "short", "x" * 10_000, "A" * 42 + "!"):
        with pytest.raises(AccountError, match="not one of this server's"):
            take_invite(store, token, "Ana", Password(SECRET), now=T0)
    assert count(store, "member") == 0


def test_the_invite_is_checked_before_the_password_is_hashed(store, monkeypatch):
    """A made-up token costs the server no argon2 hash (and says what is wrong with it)."""
    add_group(store, "Club", now=T0)
    made = make_invite(store, "Club", url=URL, now=T0)
    take_invite(store, made.token, "Ana", Password(SECRET), now=T0)
    hashed = []
    monkeypatch.setattr(passwords, "hash_password", lambda text: hashed.append(text) or "x")
    with pytest.raises(AccountError, match="not one of this server's"):
        take_invite(store, "A" * 43, "Ben", Password("short"), now=T0)
    with pytest.raises(AccountError, match="already been used"):
        take_invite(store, made.token, "Ben", Password(SECRET), now=T0)
    assert hashed == []


def test_a_short_password_or_a_taken_name_leaves_the_invite_usable(store):
    joined(store, "Ana")
    made = make_invite(store, "Club", url=URL, now=T0)
    with pytest.raises(AccountError, match="at least 12 characters; this one has 5"):
        take_invite(store, made.token, "Ben", Password("short"), now=T0)
    with pytest.raises(AccountError, match='already has a member called "ana"'):
        take_invite(store, made.token, "ana", Password(SECRET), now=T0)
    assert take_invite(store, made.token, "Ben", Password(SECRET), now=T0).display_name == "Ben"


def test_invites_refuse_a_bad_role_address_or_duration(store):
    add_group(store, "Club", now=T0)
    with pytest.raises(AccountError, match='one of owner, member, guest, not "admin"'):
        make_invite(store, "Club", role="admin", url=URL)
    for url in ("http://games.example.org", "ftp://x", "https://", "https://h/?a=1", "nonsense"):
        with pytest.raises(AccountError, match="https://"):
            make_invite(store, "Club", url=url)
    assert make_invite(store, "Club", url="http://127.0.0.1:8550").link.startswith(
        "http://127.0.0.1:8550/join#"
    )
    for hours in (0, -1, 24 * 30 + 1):
        with pytest.raises(AccountError, match="1 to 720 hours"):
            make_invite(store, "Club", url=URL, hours=hours)


def test_a_right_password_opens_a_session_and_a_wrong_one_is_refused_alike(store):
    ana = joined(store, "Ana")
    signed = sign_in_with_password(store, "Club", "ANA", SECRET, address="192.0.2.1", now=T0)
    assert signed.member.id == ana.id and len(signed.token) == 43
    assert session_member(store, signed.token, now=T0).id == ana.id
    assert signed.token not in dump(store)
    messages = set()
    for group, name, password in (
        ("Club", "Ana", SECRET + "!"),
        ("Club", "Nobody", SECRET),
        ("Elsewhere", "Ana", SECRET),
    ):
        with pytest.raises(SignInRefused) as refused:
            sign_in_with_password(store, group, name, password, address="192.0.2.9", now=T0)
        messages.add(str(refused.value))
    assert messages == {"That group, name and password do not match an account."}


def test_wrong_passwords_are_slowed_by_member_and_by_address(store):
    ana = joined(store, "Ana")
    joined(store, "Ben")
    joined(store, "Carla")
    for _ in range(FREE_TRIES):
        with pytest.raises(SignInRefused):
            sign_in_with_password(
                store, "Club", "Ana", "wrong password!", address="192.0.2.1", now=T0
            )
    with pytest.raises(SignInRefused):  # the try over the free ones is answered, then waits
        sign_in_with_password(store, "Club", "Ana", "wrong password!", address="192.0.2.1", now=T0)
    # now the right password is not even looked at: by the member, from anywhere
    with pytest.raises(SlowedDown) as slowed:
        sign_in_with_password(store, "Club", "Ana", SECRET, address="198.51.100.7", now=T0)
    assert slowed.value.seconds == 1
    # and by the address, whoever is tried from there
    with pytest.raises(SlowedDown):
        sign_in_with_password(store, "Club", "Ben", SECRET, address="192.0.2.1", now=T0)
    assert sign_in_with_password(store, "Club", "Carla", SECRET, address="198.51.100.8", now=T0)
    later = T0 + timedelta(seconds=slowed.value.seconds)
    signed = sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=later)
    assert signed.member.id == ana.id
    # an IPv6 address counts by its /64
    for n in range(FREE_TRIES + 1):
        with pytest.raises(SignInRefused):
            sign_in_with_password(store, "Club", "Nobody", "x", address=f"2001:db8::{n}", now=T0)
    with pytest.raises(SlowedDown):
        sign_in_with_password(store, "Club", "Ben", SECRET, address="2001:db8::ffff", now=T0)


def test_the_wait_doubles_and_is_forgotten_after_an_hour(store):
    joined(store, "Ana")
    waits, at = [], T0
    for _ in range(FREE_TRIES + 6):  # wrong tries answered, each after its wait
        while True:
            try:
                sign_in_with_password(
                    store, "Club", "Ana", "wrong password!", address="192.0.2.1", now=at
                )
            except SlowedDown as slowed:
                waits.append(slowed.seconds)
                at += timedelta(seconds=slowed.seconds)
            except SignInRefused:
                break
    assert waits == [1, 1, 2, 4, 8]  # half a second (said as 1), then doubling
    with pytest.raises(SlowedDown):
        sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=at)
    at += timedelta(hours=1, seconds=31)
    assert sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=at)


def test_a_session_slides_and_ends_when_left_alone(store):
    joined(store, "Ana")
    token = sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0).token
    with store.db.engine.connect() as conn:
        seen = lambda: conn.execute(select(member_session.c.last_seen)).scalar()  # noqa: E731
        assert session_member(store, token, now=T0 + TOUCH_EVERY / 2) is not None
        assert seen() == T0  # not written again for a moment
        conn.rollback()
        at = T0 + LASTS - timedelta(days=1)
        assert session_member(store, token, now=at) is not None
        assert seen() == at
        conn.rollback()
    assert session_member(store, token, now=at + LASTS - timedelta(seconds=1)) is not None
    assert session_member(store, token, now=at + LASTS * 2 + timedelta(seconds=1)) is None
    assert session_member(store, "not a token", now=T0) is None


def test_a_revoked_session_is_not_found(store):
    joined(store, "Ana")
    one = sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0).token
    two = sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0).token
    assert sign_out(store, one, now=T0) is True
    assert session_member(store, one, now=T0) is None
    assert sign_out(store, one, now=T0) is False
    assert session_member(store, two, now=T0) is not None


def test_sign_out_everywhere_ends_every_session_of_the_member_only(store):
    ana = joined(store, "Ana")
    joined(store, "Ben")
    tokens = [
        sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0).token
        for _ in range(3)
    ]
    ben = sign_in_with_password(store, "Club", "Ben", SECRET, address="192.0.2.2", now=T0).token
    assert sign_out_everywhere(store, ana.id, now=T0) == 3
    assert [session_member(store, t, now=T0) for t in tokens] == [None, None, None]
    assert session_member(store, ben, now=T0) is not None
    again = sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0)
    assert session_member(store, again.token, now=T0) is not None


def test_an_owner_s_reset_ends_everything_and_invites_the_member_again(store):
    ana = joined(store, "Ana", role="owner")
    token = sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0).token
    first = reset_member(store, "Club", "ana", url=URL, now=T0)
    assert session_member(store, token, now=T0) is None
    with pytest.raises(SignInRefused):
        sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0)
    (left,) = members(store, "Club")
    assert (left.id, left.role, left.password, left.passkeys) == (ana.id, "owner", False, 0)
    second = reset_member(store, "Club", "Ana", url=URL, now=T0)
    with pytest.raises(AccountError, match="already been used"):  # the older link is closed
        take_invite(store, first.token, "Ana", Password(SECRET), now=T0)
    back = take_invite(store, second.token, "Ana", Password("a new long password"), now=T0)
    assert (back.id, back.role, back.display_name) == (ana.id, "owner", "Ana")
    assert count(store, "member") == 1
    assert (
        sign_in_with_password(
            store, "Club", "Ana", "a new long password", address="192.0.2.1", now=T0
        ).member.id
        == ana.id
    )
    with pytest.raises(AccountError, match='no member "Zed"'):
        reset_member(store, "Club", "Zed", url=URL)


def test_roles_change_but_a_group_keeps_an_owner(store):
    joined(store, "Ana", role="owner")
    joined(store, "Ben")
    with pytest.raises(AccountError, match="without an owner"):
        set_role(store, "Club", "Ana", "member")
    assert set_role(store, "Club", "Ben", "owner", now=T0).role == "owner"
    assert set_role(store, "Club", "Ana", "guest", now=T0).role == "guest"
    with pytest.raises(AccountError, match='not "boss"'):
        set_role(store, "Club", "Ben", "boss")
    changes = [e.detail for e in events(store, "Club") if e.kind == "role_change"]
    assert changes == [
        {"before": "member", "after": "owner"},
        {"before": "owner", "after": "guest"},
    ]


def test_a_hash_made_with_older_parameters_is_made_again_at_sign_in(store):
    ana = joined(store, "Ana")
    weak = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash(SECRET)
    store.accounts(lambda rows: rows.set_password(ana.id, weak, T0))
    assert passwords.needs_rehash(weak)
    sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0)
    kept = store.accounts(lambda rows: rows.password_hash(ana.id), write=False)
    assert kept != weak and not passwords.needs_rehash(kept)
    assert passwords.verify(kept, SECRET)


def test_the_audit_log_tells_what_happened_and_holds_no_secret(store):
    ana = joined(store, "Ana", role="owner")
    signed = sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0)
    with pytest.raises(SignInRefused):
        sign_in_with_password(store, "Club", "Ana", "not the password", address="192.0.2.1", now=T0)
    sign_out(store, signed.token, now=T0)
    reset = reset_member(store, "Club", "Ana", url=URL, now=T0)
    found = events(store, "Club")
    assert [e.kind for e in found] == [
        "group_added",
        "invite_made",
        "invite_taken",
        "sign_in",
        "sign_in_refused",
        "sign_out",
        "reset",
        "invite_made",
    ]
    assert found[3].detail == {"method": "password", "network": "192.0.2.1"}
    assert found[3].member_id == ana.id
    assert found[6].detail == {"sessions": 0, "passwords": 1, "passkeys": 0, "invites_closed": 0}
    rows = dump(store)
    for secret in (SECRET, "not the password", signed.token, reset.token):
        assert secret not in rows


def test_account_writes_leave_the_history_s_write_count_alone(store):
    before = store.db.version()
    joined(store, "Ana")
    sign_in_with_password(store, "Club", "Ana", SECRET, address="192.0.2.1", now=T0)
    assert store.db.version() == before


def at_once(n, work):
    """``work(i)`` in ``n`` threads let go together: what each returned or raised."""
    barrier = threading.Barrier(n)

    def one(i):
        barrier.wait(timeout=60)
        try:
            return work(i)
        except Exception as problem:  # what each try ended with is the result
            return problem

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(one, range(n)))


def test_wrong_tries_sent_at_once_are_counted_one_after_the_other(store):
    joined(store, "Ana")
    tries = FREE_TRIES + 4
    ended = at_once(
        tries,
        lambda _: sign_in_with_password(
            store, "Club", "Ana", "wrong password!", address="192.0.2.1", now=T0
        ),
    )
    kinds = sorted(type(e).__name__ for e in ended)
    # the free tries and the one after them are answered; it makes the rest wait
    assert kinds == ["SignInRefused"] * (FREE_TRIES + 1) + ["SlowedDown"] * (tries - FREE_TRIES - 1)
    with store.db.engine.connect() as conn:
        counts = {
            key: n
            for key, n in conn.execute(select(sign_in_slowing.c.key, sign_in_slowing.c.failures))
        }
    assert set(counts.values()) == {FREE_TRIES + 1}


def test_one_invite_taken_twice_at_once_makes_one_member(store):
    add_group(store, "Club", now=T0)
    made = make_invite(store, "Club", url=URL, now=T0)
    ended = at_once(
        2, lambda i: take_invite(store, made.token, f"Player {i}", Password(SECRET), now=T0)
    )
    taken = [e for e in ended if not isinstance(e, Exception)]
    refused = [e for e in ended if isinstance(e, Exception)]
    assert len(taken) == 1 and len(refused) == 1
    assert "already been used" in str(refused[0])
    assert [m.display_name for m in members(store, "Club")] == [taken[0].display_name]
