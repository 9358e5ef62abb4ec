"""The baseline for bench_app.py: a minimal Flet app served exactly as Scorepad is.

``hello_app.py PORT`` shows one text; ``hello_app.py PORT echo`` adds one field whose
doubled value is shown beside it, the floor for Flet's typing-to-screen time.
"""

from __future__ import annotations

import os
import sys

import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Semantics(identifier="hello", content=ft.Text("Hello, world")))
    if ECHO:
        total = ft.Text("0")

        def changed(e: ft.Event[ft.TextField]) -> None:
            total.value = str(2 * int(e.control.value or 0))

        page.add(
            ft.Semantics(identifier="line-marker-1", content=ft.TextField(on_change=changed)),
            ft.Semantics(identifier="total-1", content=total),
        )


ECHO = len(sys.argv) > 2 and sys.argv[2] == "echo"


if __name__ == "__main__":
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
