"""The pruned, compressed web client in Chromium at phone size: Home shows with its
Material icons drawn, nothing unused is asked for, and a second visit fetches almost
nothing."""

from __future__ import annotations

import io
import json
import re
import time
import urllib.request

from conftest import PHONE
from PIL import Image

from scorepad.ui.web_files import cache_root

NEVER = ("KaTeX", "CupertinoIcons", "pyodide", "DejaVuSans-Bold", ".symbols")


def wait_for_cache(server: str) -> None:
    page = urllib.request.urlopen(server + "/", timeout=30).read()
    tag = re.search(rb'flet\.entrypointBaseUrl="/_v/([0-9a-f]{16})/"', page)
    assert tag is not None
    deadline = time.monotonic() + 600
    while not (cache_root() / f"web-{tag[1].decode()}" / "done").is_file():
        assert time.monotonic() < deadline, "the compressed copies were never finished"
        time.sleep(1)


def open_home(context, server: str) -> tuple[object, dict, list]:
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    sent = {"bytes": 0}
    session.on(
        "Network.loadingFinished",
        lambda event: sent.__setitem__("bytes", sent["bytes"] + event["encodedDataLength"]),
    )
    answers: list = []
    page.on("response", lambda answer: answers.append(answer))
    page.goto(server + "/")
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=60_000)
    placeholder.dispatch_event("click")
    page.locator('[flt-semantics-identifier="new-game"]').wait_for(timeout=60_000)
    page.wait_for_timeout(500)
    return page, sent, answers


def plus_drawn(image: Image.Image) -> bool:
    """Whether the first mark on a filled button (light on dark) is a plus: lit along its
    middle row and column, dark in its corners (a missing glyph's box is the reverse;
    no glyph at all leaves the label's N first, lit in its corners)."""
    grey = image.convert("L")
    width, height = grey.size
    lit = [[grey.getpixel((x, y)) > 160 for x in range(width)] for y in range(height)]
    band = range(height // 5, height - height // 5)  # clear of the rounded corners
    columns = [x for x in range(6, width - 6) if any(lit[y][x] for y in band)]
    if not columns:  # nothing drawn on the button yet
        return False
    first = [columns[0]]
    for x in columns[1:]:
        if x != first[-1] + 1:
            break
        first.append(x)
    rows = [y for y in band if any(lit[y][x] for x in first)]
    left, right, top, bottom = first[0], first[-1], rows[0], rows[-1]
    if not (6 <= right - left <= 24 and 6 <= bottom - top <= 24):
        return False
    middle_x, middle_y = (left + right) // 2, (top + bottom) // 2
    across = sum(lit[middle_y][x] or lit[middle_y + 1][x] for x in range(left, right + 1))
    down = sum(lit[y][middle_x] or lit[y][middle_x + 1] for y in range(top, bottom + 1))
    corners = [lit[top][left], lit[top][right], lit[bottom][left], lit[bottom][right]]
    return (
        across >= 0.8 * (right - left + 1) and down >= 0.8 * (bottom - top + 1) and not any(corners)
    )


def icon_drawn(page, button, seconds: float = 15) -> bool:
    """Whether the button's + is drawn within ``seconds``: the icon font is a file of its
    own that the page asks for once Home is built, so on a busy machine the first frames
    show the label alone; a glyph that never comes (a font pruned of it) stays False."""
    deadline = time.monotonic() + seconds
    while True:
        shot = Image.open(io.BytesIO(page.screenshot(clip=button.bounding_box())))
        if plus_drawn(shot):
            return True
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(250)


def test_home_loads_with_its_icons_from_the_pruned_compressed_client(server, browser):
    wait_for_cache(server)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page, sent, answers = open_home(context, server)
        button = page.locator('[flt-semantics-identifier="new-game"]')
        assert icon_drawn(page, button), "the New game button's + icon is not drawn"

        urls = [answer.url for answer in answers]
        assert not [u for u in urls if any(word in u for word in NEVER)]
        by_name = {answer.url.rsplit("/", 1)[-1]: answer for answer in answers}
        for name in ("main.dart.wasm", "skwasm.wasm", "MaterialIcons-Regular.otf"):
            answer = by_name[name]
            assert answer.status == 200, name
            assert answer.headers["content-encoding"] == "br", name
            assert "immutable" in answer.headers["cache-control"], name
        assert urls.count(by_name["main.dart.wasm"].url) == 1  # the preload is the one used
        assert sent["bytes"] < 5_000_000, sent
        page.close()

        again, sent_again, _ = open_home(context, server)  # a second visit
        assert again.locator('[flt-semantics-identifier="nav-history"]').is_visible()
        assert sent_again["bytes"] < 300_000, sent_again
    finally:
        context.close()


def most(image: Image.Image) -> str:
    """The colour most of ``image``'s pixels have, as ``#RRGGBB``."""
    _, colour = max(image.getcolors(maxcolors=image.width * image.height))
    return "#{:02X}{:02X}{:02X}".format(*colour)


def test_the_page_is_scorepad_installable_with_its_manifest_and_icons(server, browser):
    """What "Add to Home screen" reads: the title, the manifest the browser fetched (with
    no error) and its icons, in the app's own colours: the manifest's background is the
    page behind Home, its theme colour the New game button's."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page, _, answers = open_home(context, server)
        assert page.title() == "Scorepad"
        session = context.new_cdp_session(page)
        found = session.send("Page.getAppManifest")
        assert found["url"] == server + "/manifest.json"
        assert found["errors"] == [], found["errors"]
        manifest = json.loads(found["data"])
        assert manifest["name"] == "Scorepad" and manifest["start_url"] == "/"
        for icon in manifest["icons"]:
            answer = page.request.get(server + icon["src"])
            assert answer.status == 200, icon
            image = Image.open(io.BytesIO(answer.body()))
            assert f"{image.width}x{image.height}" == icon["sizes"], icon
        icon = page.evaluate("document.querySelector('link[rel=icon]').href")
        by_url = {answer.url: answer for answer in answers}
        favicon = page.request.get(icon)
        assert favicon.status == 200 and Image.open(io.BytesIO(favicon.body())).size == (32, 32)
        assert by_url.get(icon) is None or by_url[icon].status == 200

        shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
        assert most(shot) == manifest["background_color"]
        button = page.locator('[flt-semantics-identifier="new-game"]').bounding_box()
        filled = Image.open(io.BytesIO(page.screenshot(clip=button))).convert("RGB")
        assert most(filled) == manifest["theme_color"]
    finally:
        context.close()
