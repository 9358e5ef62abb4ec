"""``scorepad share PLAY_ID --png FILE [--text]``: a saved play's result as a PNG card to
send, and with ``--text`` as plain text for a chat (printed).

The history is the one ``--db`` or $SCOREPAD_DB names; the card is drawn in ``--lang``.
An unknown play, a deleted one or a file that cannot be written is one clear line.
"""

from __future__ import annotations

import argparse
from typing import Any

from scorepad.cli.io import open_history, options
from scorepad.core.i18n import tr

COMMANDS: tuple[str, ...] = ("share",)
"""The commands ``add_commands`` adds (``scorepad.cli.build_parser``)."""


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    share = commands.add_parser(
        "share", help="a play's result as a picture to send / el resultado como imagen"
    )
    share.add_argument("play", type=int, metavar="PLAY_ID", help="the play's number (history)")
    share.add_argument("--png", metavar="FILE", required=True, help="the PNG card to write")
    share.add_argument("--text", action="store_true", help="also print the result as text")
    options(share, db=True)
    share.set_defaults(handler=cmd_share)


def cmd_share(args: argparse.Namespace) -> int:
    from scorepad.cards.result import CardError, result_png, result_text, write_card
    from scorepad.ui.result_card import play_result

    with open_history(args.db) as store:
        record = store.get_play(args.play)
    if record.deleted_at is not None:
        raise CardError("card.deleted", play=args.play)
    result = play_result(record, args.lang)
    written = write_card(args.png, result_png(result, args.lang))
    if args.text:
        print(result_text(result, args.lang), end="")
    else:
        print(tr("card.written", args.lang, path=str(written)))
    return 0
