"""Checks bench/flet_wire.py against a real Chromium page, both ways.

Serves the app on 127.0.0.1 and opens two Chromium pages (Playwright, /usr/bin/chromium)
on one Azul sheet with the same ``/new/azul?players=…`` link; types a value on each page
into its own player's score track, then presses Save on the first. Every websocket frame
either page sends or receives is kept (``framesent``/``framereceived``, MessagePack
decoded). Then, per page:
- the frames Chromium sent must be the frames ``flet_wire`` builds for the same acts:
  register, the brightness/media/size after it, each typed value (value, then change), the
  click on Save, the answers to ``push_route``;
- the frames Chromium received, replayed into ``flet_wire.Tree``, must lead to the very
  control ids Chromium targeted (the typed field is ``line-marker-<seat>``'s content, Save
  is ``save``'s), and the other page's value must show in the replayed tree.

    python bench/check_flet_wire.py [--keep FILE]   # FILE: the decoded frames, as JSON
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import flet_wire as wire  # noqa: E402
from bench.bench_app import ARGS, CHROMIUM  # noqa: E402
from bench.bench_load import node, type_into  # noqa: E402
from scorepad.store import open_store  # noqa: E402
from scorepad.ui.launch import free_port, wait_for_port  # noqa: E402

ROUTE = "/new/azul?players=Ann,Bob,Cid,Dee"
TYPED = {"A": ("line-marker-1", "17"), "B": ("line-marker-2", "23")}

Frame = tuple[str, str, Any]  # page, "sent"/"recv", decoded message


async def capture(base: str) -> list[Frame]:
    from playwright.async_api import async_playwright

    frames: list[Frame] = []

    def keep(page: str, way: str, payload: Any) -> None:
        if isinstance(payload, (bytes, bytearray)):
            message = wire.decode(bytes(payload))
            if message is not None:
                frames.append((page, way, list(message)))

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = {}
        for name in ("A", "B"):
            context = await browser.new_context(viewport={"width": 390, "height": 844})
            page = await context.new_page()

            def follow(ws, name=name) -> None:
                ws.on("framesent", lambda f: keep(name, "sent", f))
                ws.on("framereceived", lambda f: keep(name, "recv", f))

            page.on("websocket", follow)
            await page.goto(base + ROUTE)
            placeholder = page.locator("flt-semantics-placeholder")
            await placeholder.wait_for(state="attached", timeout=60_000)
            await placeholder.dispatch_event("click")
            await node(page, "line-marker-1").wait_for(state="attached", timeout=60_000)
            pages[name] = page
        for name, (ident, text) in TYPED.items():
            await type_into(pages[name], ident, text)
            await pages["A"].wait_for_timeout(1000)
        await node(pages["A"], "save").locator("[role]").first.click()
        await node(pages["A"], "play-edit").wait_for(state="attached", timeout=60_000)
        await pages["A"].wait_for_timeout(1000)
        await browser.close()
    return frames


def same(sent: list, built: bytes, what: str, problems: list[str]) -> None:
    expected = wire.decode(built)
    if list(expected or ()) != sent:
        problems.append(f"{what}: Chromium sent {sent!r}, flet_wire builds {expected!r}")


def check(frames: list[Frame]) -> tuple[int, list[str]]:
    """(frames compared, problems) for both pages."""
    problems: list[str] = []
    compared = 0
    for name in ("A", "B"):
        mine = [(way, m) for page, way, m in frames if page == name]
        tree: wire.Tree | None = None
        page_id = 1
        sent = [m for way, m in mine if way == "sent"]
        if not sent or sent[0][0] != wire.REGISTER_CLIENT:
            problems.append(f"{name}: the first frame sent is not a register")
            continue
        ours = wire.decode(wire.register(ROUTE)[0])
        theirs = sent[0][1]
        if ours is None or ours[1] != theirs:
            problems.append(f"{name}: register differs: {theirs!r} vs {ours!r}")
        compared += 1
        other = "B" if name == "A" else "A"
        seen: set = set()
        after: list[bytes] = []
        pending: bytes | None = None  # the change event due after a typed value
        invoked: list[bytes] = []
        for way, (action, body) in mine[1:]:
            if way == "recv":
                if action == wire.REGISTER_CLIENT:
                    tree = wire.Tree(body["page_patch"])
                    page_id = body["page_patch"].get("_i", 1)
                    after = wire.after_register(page_id)
                elif action == wire.PATCH_CONTROL and tree is not None:
                    tree.apply(body["id"], body["patch"])
                    seen.add(tree.value(TYPED[other][0]))
                elif action == wire.INVOKE_METHOD:
                    invoked += wire.answer(page_id, body)
                continue
            assert tree is not None
            compared += 1
            if after:
                same([action, body], after.pop(0), f"{name} after register", problems)
            elif invoked:
                same([action, body], invoked.pop(0), f"{name} answer to a call", problems)
            elif action == wire.UPDATE_CONTROL_PROPS and "value" in body["props"]:
                ident, text = TYPED[name]
                field = tree.content(ident)
                if field is None or field["_i"] != body["id"]:
                    problems.append(f"{name}: typed into {body['id']}, the tree says {field}")
                    continue
                value, change = wire.typing(field["_i"], text)
                same([action, body], value, f"{name} typed value", problems)
                field["value"] = text
                pending = change
            elif action == wire.CONTROL_EVENT and body["name"] == "change":
                if pending is None:
                    problems.append(f"{name}: a change event with no typed value: {body!r}")
                    continue
                same([action, body], pending, f"{name} change event", problems)
                pending = None
            elif action == wire.CONTROL_EVENT and body["name"] == "click":
                button = tree.content("save")
                if button is None or button["_i"] != body["target"]:
                    problems.append(f"{name}: clicked {body['target']}, save is {button}")
                    continue
                same([action, body], wire.click(button["_i"])[0], f"{name} click", problems)
            else:
                problems.append(f"{name}: a frame flet_wire does not model: {[action, body]!r}")
        ident, text = TYPED[other]
        if text not in seen:  # (the sheet is gone once saved: any moment before counts)
            problems.append(f"{name}: {other}'s {text!r} in {ident} never reached it: {seen}")
    return compared, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", help="write the decoded frames to this JSON file")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorepad-wire-"))
    db = str(folder / "history.db")
    open_store(db).close()
    port = free_port(8780)
    env = {**os.environ, "SCOREPAD_DATA_DIR": str(folder), "SCOREPAD_LANG": "en"}
    server = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "app", "--no-browser", "--port", str(port), "--db", db],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        if not wait_for_port(port, timeout=60):
            raise SystemExit("the app did not start")
        started = time.monotonic()
        frames = asyncio.run(capture(f"http://127.0.0.1:{port}"))
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
    if options.keep:
        Path(options.keep).write_text(json.dumps(frames, default=repr), encoding="utf-8")
    compared, problems = check(frames)
    print(f"{len(frames)} frames captured in {time.monotonic() - started:.0f} s")
    for problem in problems:
        print("  ", problem[:400])
    print(json.dumps({"frames": len(frames), "compared": compared, "problems": len(problems)}))
    return 1 if problems or not compared else 0


if __name__ == "__main__":
    sys.exit(main())
