"""Several controls' changes in one message: what a browser makes of it is what Flet's own
updates would have made, on a page served as Flet serves it (the client's tree from the
registration answer, then every patch applied as the browser applies it)."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from ui_helpers import run_async

from scorepad.ui.flet_patches.sender import Sender, encoded, plain_changes

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench import flet_wire as wire

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Browser(Connection):
    """Encodes what the server sends as Flet's web server does and applies it to the
    page the way the browser does (``bench/flet_wire.Tree``)."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.tree: wire.Tree | None = None
        self.patches = 0

    def send_message(self, message: Message) -> None:
        frame = b"\x00" + msgpack.packb([message.action, message.body], default=ENCODE)
        decoded = wire.decode(frame)
        assert decoded is not None and self.tree is not None
        action, body = decoded
        if action == wire.PATCH_CONTROL:
            self.patches += 1
            self.tree.apply(body["id"], body["patch"])


def served_page(controls: list[ft.Control]) -> tuple[Session, Browser]:
    browser = Browser()
    browser.loop = asyncio.get_running_loop()
    session = Session(browser)
    session.apply_page_patch({"route": "/", "width": 1280, "height": 800})
    page = msgpack.packb(session.get_page_patch(), default=ENCODE)  # the registration
    browser.tree = wire.Tree(msgpack.unpackb(page, strict_map_key=False))
    session.page.views.clear()
    session.page.views.append(ft.View(route="/", controls=controls))
    session.page.update()
    return session, browser


def shown(browser: Browser, ident: str, name: str = "value") -> object:
    assert browser.tree is not None
    content = browser.tree.content(ident)
    assert content is not None, ident
    return content.get(name)


def test_changes_anywhere_on_the_screen_go_in_one_message_and_show_as_sent():
    async def run() -> None:
        total = ft.Text("0")
        name = ft.Text("Ann")
        trophy = ft.Icon(ft.Icons.EMOJI_EVENTS, visible=False)
        field = ft.TextField(value="", dense=True)
        session, browser = served_page(
            [
                ft.Row([trophy, ft.Semantics(identifier="name", content=name)]),
                ft.Column(
                    [ft.Container(ft.Semantics(identifier="field", content=field), expand=1)]
                ),
                ft.Row([ft.Container(ft.Semantics(identifier="total", content=total))]),
                ft.Semantics(identifier="trophy", content=trophy),
            ]
        )
        view = session.page.views[-1]
        sender = Sender(view)
        before = browser.patches
        total.value, name.color, trophy.visible, field.value = "12", ft.Colors.PRIMARY, True, "7"
        sender.send([total, name, trophy, field])
        assert browser.patches == before + 1
        assert shown(browser, "total") == "12"
        assert shown(browser, "name", "color") == "primary"
        assert shown(browser, "field") == "7"
        assert shown(browser, "trophy", "visible") is True
        # sent: nothing left for Flet's own update to send again
        assert plain_changes(total) == [] and plain_changes(field) == []
        # a control moved (rows rebuilt) is found at its new place
        column = view.controls[1]
        column.controls.insert(0, ft.Text("new line"))
        session.page.update(column)
        total.value, field.value = "13", "8"
        sender.send([field, total])
        assert shown(browser, "total") == "13"
        assert shown(browser, "field") == "8"

    run_async(run)


def test_a_control_moved_to_the_same_place_in_another_part_is_found_there():
    """A row moved from one column to the same place in another, by Flet's own update, is
    not taken for the row it was (its path below the column is the same, and the column
    is another)."""

    async def run() -> None:
        moved, stays, other = ft.Text("0"), ft.Text("s"), ft.Text("o")
        row = ft.Row([ft.Semantics(identifier="moved", content=moved)])
        left = ft.Column([row])
        right = ft.Column([ft.Row([ft.Semantics(identifier="other", content=other)])])
        session, browser = served_page(
            [ft.Semantics(identifier="stays", content=stays), ft.Row([left, right])]
        )
        sender = Sender(session.page.views[-1])
        moved.value, other.value, stays.value = "1", "p", "t"
        sender.send([stays, moved, other])
        assert (shown(browser, "moved"), shown(browser, "other")) == ("1", "p")
        other_row = right.controls[0]
        right.controls = [row, other_row]  # the moved row first, at the place it had
        left.controls = []
        session.page.update(left, right)
        moved.value, other.value = "2", "q"
        sender.send([other, moved])  # both moved in the browser since their last send
        assert (shown(browser, "moved"), shown(browser, "other")) == ("2", "q")
        stays.value, moved.value = "u", "3"
        sender.send([moved, stays])
        assert (shown(browser, "moved"), shown(browser, "stays")) == ("3", "u")

    run_async(run)


def test_a_value_goes_where_the_browser_has_its_control_until_flet_moves_it_there():
    """Paths are the browser's: a control moved on the server, not yet updated, still gets
    its value where the browser shows it; once Flet's own update has moved it, at its
    new place (and without any update in between, a path found once is used as it is)."""

    async def run() -> None:
        first, second = ft.Text("a"), ft.Text("b")
        column = ft.Column(
            [
                ft.Semantics(identifier="first", content=first),
                ft.Semantics(identifier="second", content=second),
            ]
        )
        session, browser = served_page([column])
        sender = Sender(session.page.views[-1])
        first.value, second.value = "a1", "b1"
        sender.send([first, second])
        second.value = "b2"
        sender.send([second])
        assert (shown(browser, "first"), shown(browser, "second")) == ("a1", "b2")
        column.controls.reverse()  # on the server only, for now
        second.value = "b3"
        sender.send([second])
        assert (shown(browser, "first"), shown(browser, "second")) == ("a1", "b3")
        session.page.update(column)  # the browser has them in the new order
        first.value, second.value = "a4", "b4"
        sender.send([first, second])
        assert (shown(browser, "first"), shown(browser, "second")) == ("a4", "b4")

    run_async(run)


def test_a_list_changed_goes_through_flets_own_update_first():
    async def run() -> None:
        box = ft.Column([])
        total = ft.Text("0")
        session, browser = served_page(
            [
                ft.Semantics(identifier="box", content=box),
                ft.Semantics(identifier="total", content=total),
            ]
        )
        total.value = "5"
        box.controls = [ft.Semantics(identifier="problem", content=ft.Text("not counted"))]
        assert plain_changes(box) is None
        Sender(session.page.views[-1]).send([box, total])
        assert shown(browser, "problem") == "not counted"
        assert shown(browser, "total") == "5"

    run_async(run)


def test_a_control_not_under_the_root_is_updated_as_flet_does():
    async def run() -> None:
        total = ft.Text("0")
        other = ft.Text("a")
        session, browser = served_page([ft.Semantics(identifier="total", content=total)])
        session.page.views.append(
            ft.View(route="/other", controls=[ft.Semantics(identifier="other", content=other)])
        )
        session.page.update()
        before = browser.patches
        total.value, other.value = "3", "b"
        Sender(session.page.views[0]).send([other, total])
        assert browser.patches == before + 2  # its own, and the one for the root's
        assert shown(browser, "total") == "3"
        assert shown(browser, "other") == "b"

    run_async(run)


def test_a_patch_is_encoded_as_flet_encodes_the_same_replace_operations():
    """``encoded`` against Flet's ``ObjectPatch.to_message`` on random paths (shared
    prefixes, the root itself, list places), op for op and node for node."""
    rng = random.Random(19)
    steps: list[str | int] = ["controls", "content", 0, 1, 2, "title"]
    for _ in range(500):
        ops = []
        for _ in range(rng.randint(1, 8)):
            path = tuple(rng.choice(steps) for _ in range(rng.randint(0, 5)))
            names = rng.sample(["value", "color", "visible"], rng.randint(1, 3))
            ops.append((path, [(name, rng.choice(["7", None, True, 3])) for name in names]))
        flat = [
            {"op": "replace", "path": [*path, name], "value": value}
            for path, changes in ops
            for name, value in changes
        ]
        tree, *theirs = ObjectPatch(flat).to_message()
        assert encoded(ops) == [tree, *([op[0].value, *op[1:]] for op in theirs)]
