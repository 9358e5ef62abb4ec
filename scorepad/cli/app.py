"""The ``app`` command (also what a bare ``scorepad`` runs). Flet, and the app's server
(``ui.launch``: asyncio, sockets), load only when it runs: every other command starts
without them."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from scorepad.cli.io import DB_ENV, options
from scorepad.ui import DEFAULT_PORT

if TYPE_CHECKING:
    from scorepad.ui.config import AppConfig


COMMANDS: tuple[str, ...] = ("app",)
"""The commands ``add_commands`` adds (``scorepad.cli.build_parser``)."""


def add_commands(subparsers: argparse._SubParsersAction[Any]) -> None:
    app = subparsers.add_parser(
        "app", help="start the app in the browser / abre la app en el navegador"
    )
    add_app_options(app)
    app.set_defaults(handler=cmd_app)


def add_app_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port on 127.0.0.1 (default {DEFAULT_PORT}; the next free one if taken)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="only serve; do not open a browser"
    )
    parser.add_argument(
        "--window",
        action="store_true",
        help="open a desktop window (needs Flet's desktop client already installed)",
    )
    parser.add_argument(
        "--share",
        action="store_true",
        help="let phones on the local network join (an access code and a QR code are shown)",
    )
    parser.add_argument(
        "--code", help="with --share: the access code to use (default: a new random one)"
    )
    options(parser, db=True)


def config_from_args(args: argparse.Namespace) -> AppConfig:
    from scorepad.ui.config import AppConfig, data_dir

    return AppConfig(
        data_dir=data_dir(),
        db_url=args.db or os.environ.get(DB_ENV) or None,
        lang=args.lang,
    )


def cmd_app(args: argparse.Namespace) -> int:
    from scorepad.ui.launch import serve

    config = config_from_args(args)
    return serve(
        config,
        args.port,
        browser=not args.no_browser,
        window=args.window,
        share=args.share,
        code=args.code,
        say=say,
    )


def say(message: str) -> None:
    print(message, flush=True)  # the URL line must show at once, even through a pipe
