"""A group's server from the command line: ``scorepad serve`` runs it; its groups and
members (``scorepad.accounts``) are ``scorepad groups [add NAME]``, ``scorepad invite
GROUP``, ``scorepad members GROUP`` and ``scorepad reset-member GROUP NAME``.

An invite's and a reset's link is made under the server's public address: ``--public-url``
(kept with the history, as ``public_url``, for the next time), else the one kept. The
link is printed once, on the last line; the history keeps only its token's SHA-256.
Times are said in UTC.
"""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import TYPE_CHECKING, Any

from scorepad.cli.io import named_history, open_history, options, print_json
from scorepad.core.i18n import tr

if TYPE_CHECKING:
    from scorepad.store import MemberRow, Store

COMMANDS: tuple[str, ...] = ("serve", "groups", "invite", "members", "reset-member")
ROLES = ("owner", "member", "guest")
"""As ``scorepad.accounts.ROLES`` (not imported: argon2 is loaded by the commands only)."""
URL_SETTING = "public_url"
DEFAULT_PORT = 8550
"""As ``scorepad.ui.DEFAULT_PORT`` (not imported: Flet is loaded by ``serve`` only)."""


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    serve = commands.add_parser(
        "serve", help="run a group's server behind a reverse proxy / servidor de un grupo"
    )
    serve.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port on 127.0.0.1 the reverse proxy connects to (default {DEFAULT_PORT})",
    )
    serve.add_argument(
        "--public-url",
        metavar="URL",
        help="the address members open (https://…), where the proxy serves it; kept for next time",
    )
    options(serve, db=True)
    serve.set_defaults(handler=cmd_serve)

    groups = commands.add_parser("groups", help="a group server's groups / grupos")
    options(groups, json=True, db=True)
    groups.set_defaults(handler=cmd_groups)
    actions = groups.add_subparsers(title="actions", metavar="ACTION")
    add = actions.add_parser("add", help="add a group")
    add.add_argument("name", metavar="NAME")
    options(add, json=True, db=True, action=True)
    add.set_defaults(handler=cmd_add_group)

    invite = commands.add_parser("invite", help="a one-time link into a group / invitación")
    invite.add_argument("group", metavar="GROUP")
    invite.add_argument("--role", choices=ROLES, default="member")
    _link_options(invite)
    invite.set_defaults(handler=cmd_invite)

    members = commands.add_parser("members", help="a group's members / miembros")
    members.add_argument("group", metavar="GROUP")
    options(members, json=True, db=True)
    members.set_defaults(handler=cmd_members)

    reset = commands.add_parser(
        "reset-member", help="end a member's sessions and credentials, and invite them again"
    )
    reset.add_argument("group", metavar="GROUP")
    reset.add_argument("name", metavar="NAME")
    _link_options(reset)
    reset.set_defaults(handler=cmd_reset)


def _link_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--public-url", metavar="URL", help="the server's address (https://…), kept for next time"
    )
    parser.add_argument(
        "--hours", type=int, default=72, help="hours the link can be used (default: 72)"
    )
    options(parser, db=True)


def cmd_serve(args: argparse.Namespace) -> int:
    """The group's server until Ctrl+C: on PostgreSQL only (several processes, one
    history), at the public address given or kept."""
    from scorepad.accounts.errors import AccountError
    from scorepad.cli.app import config_from_args, say
    from scorepad.ui.launch import serve_group

    url = named_history(args)
    if not url or not url.startswith(("postgresql:", "postgresql+")):
        raise AccountError("serve.needs_postgresql")
    from scorepad.accounts import groups

    with open_history(url) as store:
        public = _public_url(store, args)
        found = groups(store)
    if len(found) != 1:  # plays do not belong to a group yet: one group per history
        names = ", ".join(g.name for g in found) or "-"
        raise AccountError("serve.one_group", count=len(found), groups=names)
    return serve_group(config_from_args(args), args.port, public, found[0].id, say=say)


def cmd_groups(args: argparse.Namespace) -> int:
    from scorepad.accounts import groups

    with open_history(args.db) as store:
        found = groups(store)
    if args.json:
        print_json([{"name": g.name, "created": _utc(g.created_at)} for g in found])
        return 0
    print("\n".join(g.name for g in found) or tr("accounts.no_groups", args.lang))
    return 0


def cmd_add_group(args: argparse.Namespace) -> int:
    from scorepad.accounts import add_group

    with open_history(args.db) as store:
        group = add_group(store, args.name)
    if args.json:
        print_json({"name": group.name, "created": _utc(group.created_at)})
    else:
        print(tr("accounts.group_added", args.lang, group=group.name))
    return 0


def cmd_invite(args: argparse.Namespace) -> int:
    from scorepad.accounts import make_invite

    with open_history(args.db) as store:
        url = _public_url(store, args)
        made = make_invite(store, args.group, role=args.role, url=url, hours=args.hours)
    print(
        tr(
            "accounts.invite_made",
            args.lang,
            group=made.group,
            role=made.role,
            until=_at(made.expires_at),
        )
    )
    print(made.link)
    return 0


def cmd_reset(args: argparse.Namespace) -> int:
    from scorepad.accounts import reset_member

    with open_history(args.db) as store:
        url = _public_url(store, args)
        made = reset_member(store, args.group, args.name, url=url, hours=args.hours)
    print(tr("accounts.reset_made", args.lang, member=args.name, until=_at(made.expires_at)))
    print(made.link)
    return 0


def cmd_members(args: argparse.Namespace) -> int:
    from scorepad.accounts import members

    with open_history(args.db) as store:
        found = members(store, args.group)
    if args.json:
        print_json([_member_json(m) for m in found])
        return 0
    if not found:
        print(tr("accounts.no_members", args.lang, group=args.group))
    for member in found:
        print(_member_line(member, args.lang))
    return 0


def _public_url(store: Store, args: argparse.Namespace) -> str:
    """``--public-url`` (checked, then kept with the history), else the one kept."""
    from scorepad.accounts.errors import AccountError
    from scorepad.accounts.links import public_url

    if args.public_url is not None:
        url = public_url(args.public_url)
        if store.settings().get(URL_SETTING) != url:
            store.set_setting(URL_SETTING, url)
        return url
    kept = store.settings().get(URL_SETTING)
    if not isinstance(kept, str):
        raise AccountError("accounts.no_public_url")
    return kept


def _member_json(member: MemberRow) -> dict[str, Any]:
    return {
        "name": member.display_name,
        "role": member.role,
        "joined": _utc(member.created_at),
        "disabled": _utc(member.disabled_at) if member.disabled_at else None,
        "password": member.password,
        "passkeys": member.passkeys,
    }


def _member_line(member: MemberRow, lang: str) -> str:
    if member.password or member.passkeys:
        sign_in = tr(
            "accounts.credentials",
            lang,
            password=tr("accounts.yes" if member.password else "accounts.no", lang),
            passkeys=member.passkeys,
        )
    else:
        sign_in = tr("accounts.no_credentials", lang)
    return tr(
        "accounts.member_row",
        lang,
        name=member.display_name,
        role=member.role,
        joined=_at(member.created_at),
        sign_in=sign_in,
    )


def _utc(at: datetime) -> str:
    return at.replace(microsecond=0).isoformat() + "Z"


def _at(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M")
