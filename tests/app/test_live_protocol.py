"""The live sheet at the protocol level: real Flet sessions, messages as a browser sends them.

Typing in a browser reaches the server as two messages: the field's new value
(``UPDATE_CONTROL_PROPS``, applied to the control at once) and then the change event
(``CONTROL_EVENT``, run later in a task of its own), exactly as Flet's socket server does
(``flet/messaging/flet_socket_server.py``). Each device here is a real ``Session`` whose
connection keeps what the server sends; a small browser model applies those patches to
what it shows. Messages travel both ways with random delays (a seeded ``Random``, the same
on every run), so another device's change often runs between a value and its event, and
a server patch often crosses a value being typed. At the end every device must show, in
every cell, the value of the last change the server handled for that cell; so must the
draft, and the play saved from the sheet.
"""

from __future__ import annotations

import asyncio
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft
import pytest
from flet.controls.object_patch import Operation
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from ui_helpers import context, find, latest, run_async, walk

from scorepad.ui.app import main as app_main
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.common import Crossings

pytestmark = pytest.mark.slow  # thousands of changes through real sessions: about a minute


def controls_under(value: object) -> list[ft.BaseControl]:
    items = value if isinstance(value, list) else [value]
    return [c for item in items if isinstance(item, ft.BaseControl) for c in walk(item)]


class Browser(Connection):
    """One device: what the server sends waits in ``down`` until delivered; the page
    shows ``shown`` (control id → value), as Flutter would after applying each patch."""

    def __init__(self, hub: PubSubHub) -> None:
        super().__init__()
        self.pubsubhub = hub
        self.session: Session | None = None
        self.down: deque[list[tuple[int, Any]]] = deque()
        self.up: deque[tuple[str, int, Any]] = deque()
        self.shown: dict[int, Any] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def send_message(self, message: Message) -> None:
        """Resolve the patch against the server's tree now, as it is when sent: a browser
        applies it to the same tree. A method called on the page (its device's own
        settings read) is answered at once: nothing kept."""
        if message.action == MessageAction.INVOKE_METHOD:
            body = message.body
            assert self.session is not None
            self.loop.call_soon(
                self.session.handle_invoke_method_results, body.control_id, body.call_id, None, None
            )
            return
        if message.action != MessageAction.PATCH_CONTROL:
            return
        body = message.body
        assert self.session is not None
        index = self.session._Session__index  # type: ignore[attr-defined]
        target = index.get(body.id)
        paths, *ops = body.patch
        nodes: dict[int, list[Any]] = {}

        def collect(node: list[Any], path: list[Any]) -> None:
            nodes[node[0]] = path
            for key, child in (node[1] if len(node) > 1 else {}).items():
                collect(child, [*path, key])

        collect(paths, [])
        values: list[tuple[int, Any]] = []
        for op in ops:
            if op[0] not in (Operation.Replace, Operation.Add):  # what can change a value
                continue
            _, node, key, value = op
            owner = target
            for part in nodes[node]:
                owner = owner[part] if isinstance(part, int) else getattr(owner, part)
            if key == "value" and isinstance(owner, ft.BaseControl):
                values.append((owner._i, value))
            for control in controls_under(value):
                if hasattr(control, "value"):
                    values.append((control._i, control.value))
        self.down.append(values)

    def deliver_down(self) -> None:
        for control_id, value in self.down.popleft():
            self.shown[control_id] = value

    def deliver_up(self) -> None:
        """One message reaches the server, handled as Flet's socket server does."""
        kind, control_id, value = self.up.popleft()
        assert self.session is not None
        if kind == "value":
            self.session.apply_patch(control_id, {"value": value})
        else:
            task = asyncio.create_task(self.dispatch(control_id, value, kind))
            self.tasks.add(task)  # as the server keeps its tasks: not collected early
            task.add_done_callback(self.tasks.discard)

    async def dispatch(self, control_id: int, value: Any, kind: str = "change") -> None:
        if kind == "change":
            handled.append((self, control_id, value))
        assert self.session is not None
        await self.session.dispatch_event(control_id, kind, value)

    def click(self, control_id: int) -> None:
        """A button pressed: its event travels up with (and among) the typed values."""
        self.up.append(("click", control_id, None))

    def type(self, control_id: int, value: Any) -> None:
        self.shown[control_id] = value
        self.up.append(("value", control_id, value))
        self.up.append(("change", control_id, value))


handled: list[tuple[Browser, int, Any]] = []
"""Every change event in the order the server ran it (each runs in one task step)."""


@dataclass
class Table:
    devices: list[Browser]
    ctx_services: Any
    history: StoreHistory
    idents: list[str]
    values: Callable[[random.Random, str], Any]
    ids: dict[tuple[int, str], int] = field(default_factory=dict)

    def page(self, n: int) -> ft.Page:
        session = self.devices[n].session
        assert session is not None
        return session.page

    def control(self, n: int, ident: str) -> ft.Control:
        return find(self.page(n).views[-1], ident)


async def open_table(tmp_path, history: StoreHistory, route: str, devices: int) -> Table:
    ctx, _ = context(tmp_path, history=history)
    hub = PubSubHub()
    browsers = []
    for _ in range(devices):
        browser = Browser(hub)
        browser.loop = asyncio.get_running_loop()
        session = Session(browser)
        browser.session = session
        session.apply_page_patch({"route": route, "width": 1280, "height": 800})
        await app_main(session.page, ctx.services)
        browsers.append(browser)
        while browser.down:
            browser.deliver_down()
    return Table(browsers, ctx.services, history, [], lambda r, i: None)


def interleave(table: Table, rng: random.Random, changes: int) -> None:
    """Run ``changes`` typed values through random delays, then let everything arrive."""

    async def run() -> None:
        typed = 0
        while typed < changes:
            device = rng.choice(table.devices)
            roll = rng.random()
            if roll < 0.3:
                ident = rng.choice(table.idents)
                n = table.devices.index(device)
                device.type(table.control(n, ident)._i, table.values(rng, ident))
                typed += 1
            elif roll < 0.6 and device.up:
                device.deliver_up()
            elif roll < 0.85 and device.down:
                device.deliver_down()
            else:
                await asyncio.sleep(0)
        while any(d.up or d.down for d in table.devices):
            for device in table.devices:
                while device.up:
                    device.deliver_up()
                await asyncio.sleep(0)
                await asyncio.sleep(0)
                while device.down:
                    device.deliver_down()
        for _ in range(5):
            await asyncio.sleep(0)
        assert not any(d.up or d.down for d in table.devices)

    return run


CHANGES = 700
"""Values typed per run: with two seeds and four kinds of cell, 5,600 in all."""


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def digits(low: int, high: int) -> Callable[[random.Random, str], str]:
    return lambda rng, ident: str(rng.randint(low, high))


GAMES = {
    # route, the cells typed, a value for one
    "numbers": (
        "/new/azul?players=Ana,Ben",
        [f"line-{k}-{n}" for k in ("marker", "rows", "columns", "colours") for n in (1, 2)],
        lambda rng, ident: str(rng.randint(0, 90) if "marker" in ident else rng.randint(0, 4)),
    ),
    "checks": (
        "/new/azul-summer-pavilion?players=Ana,Ben",
        [f"line-{k}-{n}" for k in ("star_red", "star_blue", "marker") for n in (1, 2)],
        lambda rng, ident: str(rng.randint(1, 90)) if "marker" in ident else rng.random() < 0.5,
    ),
    "products": (
        "/new/azul-sintra?variant=B&players=Ana,Ben",
        [f"line-windows-{n}-{p}" for n in (1, 2) for p in "ab"] + ["line-marker-1"],
        digits(0, 3),
    ),
    "by hand": (
        "/new/azul?players=Ana,Ben",
        ["extra-label-1", "extra-1-1", "extra-1-2", "line-marker-2"],
        lambda rng, ident: (
            f"Bonus {rng.randint(1, 9)}" if "label" in ident else str(rng.randint(0, 9))
        ),
    ),
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("kind", sorted(GAMES))
def test_no_typed_value_is_lost_however_the_messages_interleave(
    tmp_path, history, monkeypatch, kind, seed
):
    route, idents, values = GAMES[kind]
    # delays here are counted in steps, not seconds: a value sent may arrive any time later
    monkeypatch.setattr(Crossings, "ECHO_WINDOW_S", float("inf"))
    handled.clear()

    async def play() -> tuple[Table, dict[str, Any]]:
        table = await open_table(tmp_path, history, route, devices=2)
        table.idents, table.values = idents, values
        if kind == "by hand":  # a by-hand line on the sheet before the devices type
            first = table.page(0).views[-1]
            find(first, "new-line-label").value = "Bonus"
            await table.devices[0].session.dispatch_event(find(first, "add-line")._i, "click", None)
            for device in table.devices:
                while device.down:
                    device.deliver_down()
        rng = random.Random(seed)
        await interleave(table, rng, changes=CHANGES)()
        # the value each cell's last handled change carried
        owner: dict[int, str] = {}
        for n in range(len(table.devices)):
            for ident in idents:
                owner[table.control(n, ident)._i] = ident
        last: dict[str, Any] = {}
        for _device, control_id, value in handled:
            if control_id in owner:
                last[owner[control_id]] = value
        return table, last

    table, last = run_async(play)
    assert set(last) == set(idents)  # every cell was typed in and handled
    for n, device in enumerate(table.devices):
        for ident in idents:
            control = table.control(n, ident)
            assert control.value == last[ident], (n, ident, "on the server")
            assert device.shown[control._i] == last[ident], (n, ident, "in the browser")
    draft = latest(table.ctx_services.drafts, route.split("?")[0].rsplit("/", 1)[1])
    assert draft is not None
    for ident, value in last.items():
        assert draft_value(draft, ident) == value, (ident, "in the draft")

    async def save() -> None:
        page = table.page(0)
        await table.devices[0].session.dispatch_event(
            find(page.views[-1], "save")._i, "click", None
        )

    run_async(save)
    (play,) = history.store.list_plays().plays
    saved = history.store.get_play(play.id).player_sheets()
    for ident, value in last.items():
        assert saved_value(saved, ident) == value, (ident, "in the saved play")


def draft_value(draft, ident: str) -> Any:
    parts = ident.split("-")
    if parts[0] == "extra":
        if parts[1] == "label":
            return draft.extra[int(parts[2]) - 1].label
        return draft.extra[int(parts[1]) - 1].points[int(parts[2]) - 1]
    key, player = parts[1], int(parts[2]) - 1
    if len(parts) == 4:
        return draft.pairs[key][player]["ab".index(parts[3])]
    if key in draft.checks:
        return draft.checks[key][player]
    return draft.texts[key][player]


def saved_value(sheets, ident: str) -> Any:
    """What the saved play holds for ``ident``, written as it was typed."""
    parts = ident.split("-")
    if parts[0] == "extra":
        if parts[1] == "label":
            return sheets[0].extra[int(parts[2]) - 1].label
        return str(sheets[int(parts[2]) - 1].extra[int(parts[1]) - 1].points)
    key, player = parts[1], int(parts[2]) - 1
    value = sheets[player].lines.get(key)
    if len(parts) == 4:
        return str(value["ab".index(parts[3])])
    return value if isinstance(value, bool) else str(value)


class RoundTable(Table):
    """A round game's table: each device's cells as they were when typing began, found by
    the control itself, not its test id (a round deleted renumbers the rounds after it;
    their fields must stay the same controls)."""

    def control(self, n: int, ident: str) -> ft.Control:
        return self.found[(n, ident)]

    found: dict[tuple[int, str], ft.Control] = {}  # noqa: RUF012 - set per table below


@pytest.mark.parametrize("seed", [1, 2])
def test_rounds_added_and_deleted_while_others_type_lose_no_typed_value(
    tmp_path, history, monkeypatch, seed
):
    """Round cells: two devices type into rounds 2 to 4 of a Qwirkle sheet while one deletes
    round 1 and the other adds a round, all through the same random delays (Qwirkle: every
    player scores in every round, as typed here; an Uno round has one scorer). Every last
    typed value ends in its own round on every device, in the draft and in the saved play."""
    monkeypatch.setattr(Crossings, "ECHO_WINDOW_S", float("inf"))
    handled.clear()
    idents = [f"round-{r}-points-{n}" for r in (2, 3, 4) for n in (1, 2)]

    async def play() -> tuple[Table, dict[str, Any], list[str]]:
        opened = await open_table(tmp_path, history, "/new/qwirkle?players=Ana,Ben", devices=2)
        table = RoundTable(opened.devices, opened.ctx_services, history, idents, digits(0, 99))
        table.found = {}
        first = table.page(0).views[-1]
        for _ in range(3):  # the sheet opens on round 1: rounds 1 to 4
            await table.devices[0].session.dispatch_event(
                find(first, "next-round")._i, "click", None
            )
            for device in table.devices:
                while device.down:
                    device.deliver_down()
        for n in range(2):
            view = table.page(n).views[-1]
            for ident in [*idents, "round-1-delete", "next-round"]:
                table.found[(n, ident)] = find(view, ident)
        draft = latest(table.ctx_services.drafts, "qwirkle")
        assert draft is not None
        round_ids = [r.id for r in draft.rounds]
        rng = random.Random(seed)
        await interleave(table, rng, changes=CHANGES // 2)()
        table.devices[0].click(table.found[(0, "round-1-delete")]._i)
        table.devices[1].click(table.found[(1, "next-round")]._i)
        await interleave(table, rng, changes=CHANGES // 2)()
        owner: dict[int, str] = {}
        for n in range(2):
            for ident in idents:
                owner[table.control(n, ident)._i] = ident
        last: dict[str, Any] = {}
        for _device, control_id, value in handled:
            if control_id in owner:
                last[owner[control_id]] = value
        return table, last, round_ids

    table, last, round_ids = run_async(play)
    assert set(last) == set(idents)
    draft = latest(table.ctx_services.drafts, "qwirkle")
    assert draft is not None
    assert [r.id for r in draft.rounds][:3] == round_ids[1:]  # round 1 gone, one added
    assert len(draft.rounds) == 4
    for n, device in enumerate(table.devices):
        view = table.page(n).views[-1]
        for ident in idents:
            control = table.control(n, ident)
            assert control.value == last[ident], (n, ident, "on the server")
            assert device.shown[control._i] == last[ident], (n, ident, "in the browser")
            number, player = int(ident.split("-")[1]), ident.split("-")[3]
            # the same field, now numbered one less
            assert find(view, f"round-{number - 1}-points-{player}") is control
    for ident, value in last.items():
        number, player = int(ident.split("-")[1]), int(ident.split("-")[3]) - 1
        row = next(r for r in draft.rounds if r.id == round_ids[number - 1])
        assert row.texts["points"][player] == value, (ident, "in the draft")

    async def save() -> None:
        page = table.page(0)
        await table.devices[0].session.dispatch_event(
            find(page.views[-1], "save")._i, "click", None
        )

    run_async(save)
    (saved_play,) = history.store.list_plays().plays
    saved = history.store.get_play(saved_play.id).player_sheets()
    for ident, value in last.items():
        number, player = int(ident.split("-")[1]), int(ident.split("-")[3]) - 1
        entries = saved[player].lines["points"]
        # a blank last round is not saved (a round counts once something is typed in it)
        entry = entries[number - 2] if number - 2 < len(entries) else None
        assert str(entry or "0") == (value or "0"), (ident, "in the saved play")
