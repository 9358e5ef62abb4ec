"""What a phone downloads, asked of the served app over real sockets: the big files
compressed (Brotli or gzip, as the browser takes), validators and 304s, a year's lifetime
at versioned addresses and a page that revalidates, the unused fonts not served at all,
and nothing of this opening a hole in the guards."""

from __future__ import annotations

import gzip
import http.client
import io
import itertools
import json
import re
import shutil
import time
from pathlib import Path

import brotli
import pytest
from conftest import start_app, stop, wait_for_port
from fontTools.ttLib import TTFont
from web_cache import web_files_made

from scorepad.ui.config import FONT_FILES
from scorepad.ui.web_files import CACHE_ENV, SUFFIXES, WebFiles, flet_web_dir
from scorepad.ui.web_fonts import ROBOTO
from scorepad.ui.web_icons import ICONS_FONT, icons_font

WEB = flet_web_dir()
BIG = [
    "main.dart.wasm",
    "canvaskit/skwasm.wasm",
    "canvaskit/skwasm_heavy.wasm",
    "main.dart.js",
    "canvaskit/canvaskit.wasm",
    "main.dart.mjs",
    "flutter_bootstrap.js",
]
UNUSED = [
    "assets/packages/flutter_math_fork/lib/katex_fonts/fonts/KaTeX_Main-Regular.ttf",
    "assets/packages/flutter_math_fork/lib/katex_fonts/fonts/KaTeX_AMS-Regular.ttf",
    "assets/packages/cupertino_icons/assets/CupertinoIcons.ttf",
    "pyodide/pyodide.mjs",
    "canvaskit/skwasm.js.symbols",
    "DejaVuSans-Bold.ttf",
]
ALL = "gzip, deflate, br, zstd"
"""What Chromium asks for on loopback (and over https)."""
PLAIN_HTTP = "gzip, deflate"
"""What it asks for over plain http to a network address: a phone at the table."""


def ask(port: int, path: str, method: str = "GET", **headers: str):
    """One request on a connection of its own: the status, the headers (lower-case
    names) and the body as sent."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        headers.setdefault("Host", f"127.0.0.1:{port}")
        for name, value in headers.items():
            connection.putheader(name.replace("_", "-"), value)
        connection.endheaders()
        answer = connection.getresponse()
        body = answer.read()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body
    finally:
        connection.close()


LEFT_TO_DO = ("main.dart.mjs", "flutter_bootstrap.js")
"""What the half-made cache lacks (small files: the session's own cache has the rest)."""


def half_made_cache(into: Path) -> None:
    """The cache a first start cut short leaves: the session's complete copies (made
    once, minutes of processor time from empty) without the ``done`` mark and without
    the copies of ``LEFT_TO_DO``, so the app must go on with them at its start."""
    web_files_made()
    made = WebFiles(FONT_FILES / "DejaVuSans.ttf").dir
    shutil.copytree(made, into / made.name)
    (into / made.name / "done").unlink()
    for rel in LEFT_TO_DO:
        for suffix in SUFFIXES.values():
            (into / made.name / (rel + suffix)).unlink()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The app at a start that finds its cache half made, once it has written the
    missing compressed copies: until then it serves what it has."""
    data, cache = tmp_path_factory.mktemp("assets"), tmp_path_factory.mktemp("cache")
    half_made_cache(cache)
    with pytest.MonkeyPatch.context() as env:
        env.setenv(CACHE_ENV, str(cache))
        process, port = start_app(data, "--no-browser")
    try:
        wait_for_port(port, process)
        status, _, page = ask(port, "/")
        assert status == 200
        base = re.search(rb'flet\.entrypointBaseUrl="(/_v/([0-9a-f]{16})/)"', page)
        assert base is not None, page
        early = ask(port, base[1].decode() + "main.dart.wasm", "HEAD", Accept_Encoding=ALL)
        assert early[0] == 200  # plain or compressed, whichever is written by now
        deadline = time.monotonic() + 600
        while not (cache / f"web-{base[2].decode()}" / "done").is_file():
            assert time.monotonic() < deadline, "the compressed copies were never finished"
            assert process.poll() is None
            time.sleep(1)
        yield port, base[1].decode()
    finally:
        out = stop(process)
        assert "Traceback" not in out, out


def test_the_big_files_come_compressed_as_the_browser_takes_them(served):
    port, base = served
    for rel in BIG:
        plain = (WEB / rel).read_bytes()
        status, headers, body = ask(port, base + rel, Accept_Encoding=ALL)
        assert status == 200, rel
        assert headers["content-encoding"] == "br", rel
        assert headers["vary"] == "Accept-Encoding", rel
        assert int(headers["content-length"]) == len(body) < 0.45 * len(plain), rel
        assert brotli.decompress(body) == plain, rel

        status, headers, body = ask(port, base + rel, Accept_Encoding=PLAIN_HTTP)
        assert (status, headers["content-encoding"], headers["vary"]) == (
            200,
            "gzip",
            "Accept-Encoding",
        ), rel
        assert len(body) < 0.45 * len(plain), rel
        assert gzip.decompress(body) == plain, rel

        status, headers, body = ask(port, base + rel)  # no Accept-Encoding: as it is
        assert status == 200 and "content-encoding" not in headers, rel
        assert headers["vary"] == "Accept-Encoding" and body == plain, rel

    refused = ask(port, base + BIG[0], Accept_Encoding="br;q=0, gzip")[1]
    assert refused["content-encoding"] == "gzip"
    types = {rel: ask(port, base + rel, "HEAD")[1]["content-type"] for rel in BIG[:4]}
    assert types["main.dart.wasm"] == "application/wasm"  # compileStreaming needs it
    assert types["main.dart.js"].startswith("text/javascript")
    status, headers, body = ask(port, base + BIG[0], "HEAD", Accept_Encoding=ALL)
    assert status == 200 and body == b"" and headers["content-encoding"] == "br"


def test_validators_give_304_and_the_versioned_files_are_kept_a_year(served):
    port, base = served
    for coding in (ALL, PLAIN_HTTP, "identity"):
        status, headers, _ = ask(port, base + "main.dart.wasm", Accept_Encoding=coding)
        assert status == 200
        assert headers["cache-control"] == "public, max-age=31536000, immutable"
        etag, modified = headers["etag"], headers["last-modified"]
        again = ask(port, base + "main.dart.wasm", Accept_Encoding=coding, If_None_Match=etag)
        assert again[0] == 304 and again[2] == b""
        assert again[1]["etag"] == etag and again[1]["vary"] == "Accept-Encoding"
        weak = ask(port, base + "main.dart.wasm", Accept_Encoding=coding, If_None_Match=f"W/{etag}")
        assert weak[0] == 304
        since = ask(
            port, base + "main.dart.wasm", Accept_Encoding=coding, If_Modified_Since=modified
        )
        assert since[0] == 304
    etags = {
        ask(port, base + "main.dart.wasm", Accept_Encoding=c)[1]["etag"]
        for c in (ALL, PLAIN_HTTP, "x")
    }
    assert len(etags) == 3  # each coding its own
    other = ask(port, base + "main.dart.wasm", Accept_Encoding=ALL, If_None_Match='"another"')
    assert other[0] == 200 and len(other[2]) > 1_000_000


def test_the_page_revalidates_so_a_new_version_reaches_phones(served):
    port, base = served
    for path in ("/", "/index.html", "/new/azul?players=Ana,Ben", "/history"):
        status, headers, page = ask(port, path, Accept_Encoding=PLAIN_HTTP)
        assert status == 200, path
        assert headers["cache-control"] == "no-cache", path
        assert headers["content-encoding"] == "gzip"
        text = gzip.decompress(page).decode()
        assert (
            f'flet.entrypointBaseUrl="{base}"' in text
            and f'src="{base}flutter_bootstrap.js"' in text
        )
        again = ask(port, path, Accept_Encoding=PLAIN_HTTP, If_None_Match=headers["etag"])
        assert again[0] == 304, path
    # the loader, the fonts and the icons at their unversioned addresses revalidate too
    for path in ("/flutter_bootstrap.js", "/favicon.png", "/manifest.json", "/DejaVuSans.ttf"):
        status, headers, _ = ask(port, path)
        assert (status, headers["cache-control"]) == (200, "no-cache"), path
        assert ask(port, path, If_None_Match=headers["etag"])[0] == 304, path
    # a page of another version asks for its own files: they are not kept a year
    old = ask(port, "/_v/0123456789abcdef/main.dart.wasm", Accept_Encoding=PLAIN_HTTP)[1]
    assert old["cache-control"] == "no-cache"


def test_fonts_and_files_the_app_never_uses_are_not_served(served):
    port, base = served
    for rel in UNUSED:
        for path in (f"/{rel}", base + rel):
            assert ask(port, path)[0] == 404, path
    status, _, manifest = ask(port, base + "assets/FontManifest.json")
    assert status == 200
    assert b"KaTeX" not in manifest and b"Cupertino" not in manifest
    assert b"MaterialIcons-Regular.otf" in manifest and b"roboto.woff2" in manifest

    status, _, font = ask(port, "/DejaVuSans.ttf")
    assert status == 200
    whole = Path(__file__).resolve().parents[2] / "scorepad/printing/fonts/DejaVuSans.ttf"
    assert len(font) < 0.15 * whole.stat().st_size
    kept = set(TTFont(io.BytesIO(font)).getBestCmap())
    roboto = set(TTFont(WEB / ROBOTO).getBestCmap())
    assert {ord("→"), 0x202F} <= kept  # what the app's own texts need beside Roboto
    for char in "șțệǅ€₫Ωξ":  # what names may need: in the one font or the other
        assert ord(char) in kept | roboto, char
    assert not kept & roboto  # Roboto draws those itself
    assert ord("ب") not in kept  # what the app does not fall back to
    assert font.startswith(b"wOF2")  # a browser takes WOFF2 over plain http too

    # Roboto: every character and feature, without the hinting a phone does not use.
    status, headers, served_roboto = ask(port, base + ROBOTO, Accept_Encoding=PLAIN_HTTP)
    assert status == 200 and "content-encoding" not in headers  # WOFF2 is compressed
    cut, whole_roboto = TTFont(io.BytesIO(served_roboto)), TTFont(WEB / ROBOTO)
    assert cut.getBestCmap() == whole_roboto.getBestCmap()
    assert features(cut) == features(whole_roboto)
    assert "fpgm" in whole_roboto and not {"fpgm", "prep", "cvt "} & set(cut.keys())
    assert len(served_roboto) < 0.8 * (WEB / ROBOTO).stat().st_size

    # The Material icons: those the page can draw only, compressed like the rest.
    status, headers, icons = ask(port, base + ICONS_FONT, Accept_Encoding=PLAIN_HTTP)
    assert status == 200 and headers["content-encoding"] == "gzip"
    icons = gzip.decompress(icons)
    assert icons == icons_font(WEB / ICONS_FONT)
    assert len(icons) < 0.02 * (WEB / ICONS_FONT).stat().st_size


def features(font: TTFont) -> set[tuple[str, str]]:
    """A font's layout features: kerning, ligatures, accents placed..."""
    return {
        (table, record.FeatureTag)
        for table in ("GSUB", "GPOS")
        for record in font[table].table.FeatureList.FeatureRecord
    }


def test_compression_opens_no_hole(served):
    port, base = served
    for path in (
        f"{base}../../../../etc/passwd",
        f"{base}%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2f..%2fetc%2fpasswd",
        f"{base}..%2f..%2fpyproject.toml",
        "/_v/../../scorepad/ui/assets.py",
        f"{base}main.dart.wasm/../../../etc/passwd",
    ):
        for coding in (ALL, PLAIN_HTTP, ""):
            status, headers, body = ask(port, path, Accept_Encoding=coding)
            assert status in (200, 404), path
            if headers.get("content-encoding") == "gzip":
                body = gzip.decompress(body)
            elif headers.get("content-encoding") == "br":
                body = brotli.decompress(body)
            assert b"root:x:" not in body and b"[project]" not in body
            assert b"from __future__" not in body
            assert status == 404 or b"flutter_bootstrap.js" in body, path  # the page, or nothing
    # the guards come first: another host name, another site's page, get nothing
    assert ask(port, base + "main.dart.wasm", Host="evil.example", Accept_Encoding=ALL)[0] == 403
    assert (
        ask(port, base + "main.dart.wasm", Host=f"127.0.0.1:{port}", Origin="http://evil.example")[
            0
        ]
        == 403
    )
    cross = ask(
        port, base + "main.dart.wasm", Host=f"127.0.0.1:{port}", Sec_Fetch_Site="cross-site"
    )
    assert cross[0] == 403
    _, headers, _ = ask(port, base + "main.dart.wasm", "HEAD", Accept_Encoding=ALL)
    assert headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "access-control-allow-origin" not in headers


OWN = Path(__file__).resolve().parents[2] / "scorepad/ui/web"
ICONS = {  # address: (size, what it is drawn from)
    "icons/icon-192.png": (192, "icons/icon-192.png"),
    "icons/icon-512.png": (512, "icons/icon-512.png"),
    "icons/icon-maskable-192.png": (192, "icons/icon-maskable-192.png"),
    "icons/icon-maskable-512.png": (512, "icons/icon-maskable-512.png"),
    "icons/apple-touch-icon.png": (180, "icons/apple-touch-icon.png"),
    "favicon.png": (32, "favicon.png"),
}
FLETS = [  # Flet's logo, at the addresses where Flet's page has it
    "favicon.png",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-maskable-192.png",
    "icons/icon-maskable-512.png",
    "icons/apple-touch-icon-192.png",
    "icons/loading-animation.png",
]


def picture(body: bytes):
    from PIL import Image

    image = Image.open(io.BytesIO(body))
    image.load()
    return image


def test_the_page_is_scorepads_with_its_manifest_title_and_icons(served):
    port, base = served
    status, headers, page = ask(port, "/")
    assert status == 200
    text = page.decode()
    assert re.search(r"<title>Scorepad</title>", text) and "<title>Flet" not in text
    assert '<meta name="theme-color" content="#515B92">' in text
    assert '<meta name="apple-mobile-web-app-title" content="Scorepad">' in text
    assert '<link rel="manifest" href="/manifest.json" crossorigin="use-credentials">' in text
    assert f'<link rel="icon" type="image/png" sizes="32x32" href="{base}favicon.png">' in text
    assert f'<link rel="apple-touch-icon" href="{base}icons/apple-touch-icon.png">' in text
    assert f'src="{base}icons/icon.svg"' in text  # while it loads: Scorepad's icon, drawn
    status, headers, svg = ask(port, f"{base}icons/icon.svg")
    assert status == 200 and headers["content-type"].startswith("image/svg+xml")
    assert svg == (OWN / "icon.svg").read_bytes()
    assert "Flet application" not in text and "#222222" not in text

    status, headers, body = ask(port, "/manifest.json", Accept_Encoding=ALL)
    assert status == 200
    assert headers["content-type"].startswith("application/manifest+json")
    assert headers["cache-control"] == "no-cache"  # a new version's icons reach phones
    assert ask(port, "/manifest.json", If_None_Match=headers["etag"])[0] == 304
    manifest = json.loads(body)
    assert (manifest["name"], manifest["short_name"]) == ("Scorepad", "Scorepad")
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    assert (manifest["theme_color"], manifest["background_color"]) == ("#515B92", "#FBF8FF")
    purposes = {}
    for icon in manifest["icons"]:
        assert icon["src"].startswith(f"{base}icons/") and icon["type"] == "image/png"
        status, headers, png = ask(port, icon["src"])
        assert status == 200 and headers["content-type"] == "image/png", icon
        assert headers["cache-control"] == "public, max-age=31536000, immutable"
        image = picture(png)
        assert (image.format, f"{image.width}x{image.height}") == ("PNG", icon["sizes"]), icon
        assert png == (OWN / icon["src"].removeprefix(base)).read_bytes(), icon
        purposes.setdefault(icon.get("purpose", "any"), set()).add(icon["sizes"])
        if icon.get("purpose") == "maskable":  # full-bleed: the mask may cut any corner
            assert image.convert("RGBA").getpixel((0, 0)) == (0x51, 0x5B, 0x92, 255)
    assert purposes == {"any": {"192x192", "512x512"}, "maskable": {"192x192", "512x512"}}


def test_the_icons_are_scorepads_never_flets_logo(served):
    port, base = served
    for rel, (size, own) in ICONS.items():
        for path in (f"/{rel}", base + rel):
            status, headers, png = ask(port, path)
            assert status == 200 and headers["content-type"] == "image/png", path
            image = picture(png)
            assert (image.format, image.size) == ("PNG", (size, size)), path
            assert png == (OWN / own).read_bytes(), path
    for rel in FLETS:
        flets = (WEB / rel).read_bytes()
        for path in (f"/{rel}", base + rel):
            status, _, body = ask(port, path)
            assert status == 200 and body != flets and body[:8] == b"\x89PNG\r\n\x1a\n", path
    status, headers, ico = ask(port, "/favicon.ico")
    assert status == 200 and headers["content-type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    image = picture(ico)
    assert image.format == "ICO" and {(16, 16), (32, 32), (48, 48)} <= image.info["sizes"]


def test_the_icons_are_a_score_pad_on_the_apps_colour():
    """What the PNGs show, beyond their sizes: the app's indigo around a white sheet with
    the lines of a table (the favicon at 32 pixels too), not a blank or a logo."""
    from PIL import Image

    for name, size in (
        ("icons/icon-512.png", 512),
        ("icons/icon-192.png", 192),
        ("favicon.png", 32),
    ):
        image = Image.open(OWN / name).convert("RGB")
        assert image.size == (size, size)
        colours = [image.getpixel((x, y)) for x in range(size) for y in range(size)]
        white = sum(min(c) > 235 for c in colours) / len(colours)  # or nearly
        indigo = sum(abs(c[0] - 0x51) + abs(c[1] - 0x5B) + abs(c[2] - 0x92) < 30 for c in colours)
        assert 0.12 < white < 0.6, (name, white)  # the sheet
        assert indigo / len(colours) > 0.2, name  # the background and the table's lines
        # a column crossing the sheet meets the table's lines: white, then not, and again
        down = [image.getpixel((round(size * 0.47), y)) for y in range(size)]
        changes = sum((min(a) > 235) != (min(b) > 235) for a, b in itertools.pairwise(down))
        assert changes >= 6, (name, changes)  # at least three rows of the table


def test_a_page_written_anew_by_another_version_drops_its_old_copies(tmp_path):
    """An update of Scorepad alone (the same Flet client) writes a new page into the same
    cache: its compressed copies, made from the old page, are dropped (then made again
    from the new one), and its validator is the new content's, so no browser keeps the
    old page (the old one lacked what the new one carries, e.g. the link's script)."""
    font = FONT_FILES / "DejaVuSans.ttf"
    first = WebFiles(font, root=tmp_path)
    page = first.dir / "index.html"
    new_tag = first.entries["index.html"].etag
    old = page.read_bytes().replace(b"scorepad-link", b"older-version")
    page.write_bytes(old)
    for coding, suffix in SUFFIXES.items():  # what the older version compressed
        packed = gzip.compress(old) if coding == "gzip" else brotli.compress(old)
        page.with_name("index.html" + suffix).write_bytes(packed)

    again = WebFiles(font, root=tmp_path)
    entry = again.entries["index.html"]
    assert page.read_bytes() != old and b"scorepad-link" in page.read_bytes()
    assert entry.etag == new_tag
    for coding, copy in entry.variants.items():
        plain = (
            gzip.decompress(copy.read_bytes())
            if coding == "gzip"
            else brotli.decompress(copy.read_bytes())
        )
        assert plain == page.read_bytes()
