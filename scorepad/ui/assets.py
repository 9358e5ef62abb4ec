"""What a phone downloads: Flet's web client compressed once, cached, and pruned.

``WebFiles`` gathers the files the page may ask for (Flet's web client, less what the app
never uses: the KaTeX and Cupertino fonts, Pyodide, debugging symbols) and writes, once,
into a cache folder: the page (``index.html``, pointing at versioned addresses), the
font manifest (Material icons and Roboto only), DejaVu Sans cut down to the characters
the app can fall back to, and a Brotli and a gzip copy of everything worth compressing.
Later starts find the cache ready (its name carries a digest of what it is made from);
the PyInstaller bundle carries one made at build time (``build.spec``). Nothing is
downloaded, nothing is compressed per request: until the first start's copies are
written (a few seconds, in the background) the plain files are served.

``Assets`` is the ASGI layer that answers with those files:

- the big files live under ``/_v/<digest>/`` and may be kept a year (``immutable``):
  a new version has a new digest, so a phone never mixes old and new;
- the page and every unversioned address revalidate on each visit (``no-cache``), so a
  new version reaches phones on their next visit;
- each answer carries an ``ETag`` and ``Last-Modified`` (``If-None-Match`` and
  ``If-Modified-Since`` give 304) and ``Vary: Accept-Encoding``; Brotli goes to browsers
  that take it, gzip to the others (a phone on plain http to a network address), the
  plain file to the rest;
- files are found in a table made at start-up, never from the path a request names.
"""

from __future__ import annotations

import hashlib
import json
import logging
import mimetypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from email.utils import formatdate, parsedate_to_datetime
from pathlib import Path

from scorepad.ui.share import ASGIApp, Receive, Scope, Send

log = logging.getLogger(__name__)

PIPELINE = "2"
"""Changes whenever what the cache holds is made differently: a new cache is written."""
CACHE_ENV = "SCOREPAD_CACHE_DIR"
BUNDLED = "scorepad_web"
"""The cache's folder inside the PyInstaller bundle (``build.spec``)."""
PREFIX = "/_v/"
FOREVER = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
CHUNK = 256 * 1024
SUFFIXES = {"br": ".br", "gzip": ".gz"}
RUNTIME_QUALITY = 9
"""Brotli's quality at a first start (seconds for everything; 11 would take minutes),
the bundle's is 11. Brotli is for browsers on this computer (loopback) only: over plain
http to a network address a phone's browser takes gzip."""
BUSY = 120
"""Seconds after which a builder that has written nothing is taken for dead."""

UNUSED = (
    re.compile(r"^pyodide/"),
    re.compile(r"^python-worker\.js$"),
    re.compile(r"\.(symbols|map)$"),
    re.compile(r"^canvaskit/(experimental_webparagraph/|wimp\.)"),
    re.compile(r"^assets/packages/flutter_math_fork/"),
    re.compile(r"^assets/packages/cupertino_icons/"),
    re.compile(r"^DejaVuSans-Bold\.ttf$"),
)
"""What the page never asks for: Pyodide (the app runs on the server), debugging
symbols, renderers Flet never configures, and fonts the app never shows (KaTeX's,
Cupertino's icons, the bold DejaVu Sans the printouts use)."""
COMPRESSED = {".wasm", ".js", ".mjs", ".json", ".otf", ".ttf", ".html", ".css", ".svg", ""}
"""Suffixes worth compressing ("" is Flutter's NOTICES); PNG and WOFF2 already are."""
FIRST = ("main.dart.wasm", "canvaskit/skwasm.wasm", "assets/fonts/MaterialIcons-Regular.otf")
"""Compressed first: what Chromium (every Android phone) loads."""

FALLBACK_FONT = "DejaVuSans.ttf"
FALLBACK_RANGES = (
    (0x0180, 0x024F),  # Latin Extended B: names (Romanian's ș and ț)
    (0x0300, 0x036F),  # combining accents
    (0x0370, 0x03FF),  # Greek (Roboto lacks some)
    (0x1E00, 0x1EFF),  # Latin Extended Additional: names (Vietnamese)
    (0x2000, 0x206F),  # punctuation (narrow spaces)
    (0x20A0, 0x20CF),  # currencies
    (0x2190, 0x21FF),  # arrows (a rule's hint: "4 → 10")
)
"""Where DejaVu Sans is kept, beside every character of the app's own texts: the
characters Roboto lacks (it has Latin-1, Latin Extended A, Greek and Cyrillic) that a
name or a game's text is likely to hold."""


@dataclass
class Entry:
    """One file the page may ask for: where its plain copy is, and its compressed ones."""

    path: Path
    etag: str
    compress: bool
    variants: dict[str, Path] = field(default_factory=dict)
    """By content coding (``br``, ``gzip``), once written."""


def cache_root() -> Path:
    """Where first starts write the cache: ``SCOREPAD_CACHE_DIR``, else the user's cache."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("scorepad", appauthor=False))


def flet_web_dir() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


def unused(rel: str) -> bool:
    return any(pattern.search(rel) for pattern in UNUSED)


def served_files(web_dir: Path) -> dict[str, Path]:
    """Flet's web client, by address (relative, ``/``-separated), less what is unused."""
    found = {}
    for path in sorted(web_dir.rglob("*")):
        rel = path.relative_to(web_dir).as_posix()
        if path.is_file() and not unused(rel):
            found[rel] = path
    return found


def digest(web_dir: Path, font: Path) -> str:
    """What the cache is made from: Flet's files (by name and size: flet-web is pinned),
    the fallback font, and how the cache is made."""
    from flet_web.version import version

    made = hashlib.sha256(f"{PIPELINE}\n{version}\n".encode())
    for rel, path in served_files(web_dir).items():
        made.update(f"{rel}\t{path.stat().st_size}\n".encode())
    made.update(hashlib.sha256(font.read_bytes()).digest())
    return made.hexdigest()[:16]


class WebFiles:
    """The table of files and their cache (see the module doc)."""

    def __init__(
        self, font: Path, *, root: Path | None = None, quality: int = RUNTIME_QUALITY
    ) -> None:
        self.web_dir = flet_web_dir()
        self.font = font
        self.tag = digest(self.web_dir, font)
        self.quality = quality
        self.dir = self._find_cache(root)
        self.complete = (self.dir / "done").is_file()
        self.entries: dict[str, Entry] = {}
        for rel, path in served_files(self.web_dir).items():
            self.entries[rel] = self._entry(rel, path)
        self._write_small()

    def _find_cache(self, root: Path | None) -> Path:
        name = f"web-{self.tag}"
        bundled = Path(getattr(sys, "_MEIPASS", "")) / BUNDLED / name
        if root is None and getattr(sys, "frozen", False) and (bundled / "done").is_file():
            return bundled
        for base in (root or cache_root(), Path(tempfile.gettempdir()) / "scorepad-cache"):
            try:
                (base / name).mkdir(parents=True, exist_ok=True)
                probe = base / name / f".probe-{os.getpid()}"
                probe.write_bytes(b"")
                probe.unlink()
                return base / name
            except OSError:
                continue
        raise OSError(f"no folder to cache the web client in ({root or cache_root()})")

    def _entry(self, rel: str, path: Path) -> Entry:
        name = hashlib.sha256(rel.encode()).hexdigest()[:8]
        entry = Entry(path, f"{self.tag}-{name}", Path(rel).suffix in COMPRESSED)
        self._found(rel, entry)
        return entry

    def _found(self, rel: str, entry: Entry) -> None:
        for coding, suffix in SUFFIXES.items():
            copy = self.dir / (rel + suffix)
            if copy.is_file():
                entry.variants[coding] = copy

    # -- what is written once --------------------------------------------------------

    def _write(self, rel: str, data: bytes) -> Path:
        target = self.dir / rel
        if not target.is_file() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            scratch = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}")
            scratch.write_bytes(data)
            os.replace(scratch, target)
        return target

    def _write_small(self) -> None:
        """The page and the font manifest, at once (the first visit needs them)."""
        for rel, data in (
            ("index.html", self.index_html()),
            ("assets/FontManifest.json", self.font_manifest()),
        ):
            self.entries[rel] = self._entry(rel, self._write(rel, data))
            self._compress(rel, self.entries[rel])
        font = self.dir / FALLBACK_FONT
        if font.is_file():
            self.entries[FALLBACK_FONT] = self._entry(FALLBACK_FONT, font)
        else:  # the whole font until ``build`` has cut it down
            whole = self._entry(FALLBACK_FONT, self.font)
            self.entries[FALLBACK_FONT] = Entry(self.font, whole.etag + "-whole", False)

    def index_html(self) -> bytes:
        """Flet's page as Flet patches it, its client's files at the versioned address."""
        from flet_web import patch_index_html

        with tempfile.TemporaryDirectory() as scratch:
            page = Path(scratch) / "index.html"
            page.write_bytes((self.web_dir / "index.html").read_bytes())
            patch_index_html(
                index_path=str(page), base_href="/", websocket_endpoint_path="/ws", no_cdn=True
            )
            text = page.read_text(encoding="utf-8")
        base = f"{PREFIX}{self.tag}/"
        for name, value in (
            ("entrypointBaseUrl", base),
            ("assetBase", base),
            ("canvasKitBaseUrl", f"{base}canvaskit/"),
        ):
            text, found = re.subn(rf'flet\.{name}="[^"]*";', f'flet.{name}="{value}";', text)
            if found != 1:
                raise RuntimeError(f"Flet's index.html has no flet.{name} to point at {value}")
        for script in ("flutter_bootstrap.js", "python.js", "icons/loading-animation.png"):
            text = text.replace(f'src="{script}"', f'src="{base}{script}"')
        text, found = re.subn(
            r'(<link rel="manifest"[^>]*>)', lambda m: m[1] + preloads(base), text
        )
        if found != 1:
            raise RuntimeError("Flet's index.html has no manifest link to put the preloads after")
        return text.encode("utf-8")

    def font_manifest(self) -> bytes:
        """Flutter's font manifest with the fonts the app shows only."""
        fonts = json.loads((self.web_dir / "assets" / "FontManifest.json").read_bytes())
        kept = [f for f in fonts if not any(unused(a["asset"]) for a in f["fonts"])]
        kept = [f for f in kept if not f["family"].startswith("packages/")]
        kept.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
        return json.dumps(kept).encode()

    def build(self) -> None:
        """Write what is missing: the cut-down font, then every compressed copy (one
        builder at a time: a start that finds another at work leaves it be)."""
        lock = self.dir / "building"
        try:
            if lock.is_file() and time.time() - lock.stat().st_mtime < BUSY:
                return
            lock.write_text(str(os.getpid()))
            font = self.dir / FALLBACK_FONT
            if not font.is_file():
                data = fallback_font(self.font, self.web_dir / "assets/fonts/roboto.woff2")
                if data is not None:
                    self._write(FALLBACK_FONT, data)
            if font.is_file():
                self.entries[FALLBACK_FONT] = self._entry(FALLBACK_FONT, font)
            order = [*FIRST, *sorted(set(self.entries) - set(FIRST))]
            for coding in ("gzip", "br"):  # gzip first: what a phone on the network takes
                for rel in order:
                    entry = self.entries.get(rel)
                    if entry is not None:
                        self._compress(rel, entry, coding)
                        lock.touch()
            self._write("done", b"")
            lock.unlink(missing_ok=True)
            for old in self.dir.parent.glob("web-*"):  # what earlier versions wrote
                if old != self.dir and old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
        except OSError as error:  # a full disk: the plain files are served
            log.warning("web client cache not written: %s", error)

    def start(self) -> None:
        """``build`` in a process of its own, at a low priority, unless the cache is
        complete already (the server's memory stays as it was: the copies are made from
        files of up to 10 MB). It goes on if the app stops first, for a few seconds."""
        if self.complete:
            return
        if getattr(sys, "frozen", False):  # no interpreter to run: a thread of its own
            threading.Thread(target=self.build, name="web-cache", daemon=True).start()
            return
        command = [sys.executable, "-m", "scorepad.ui.assets", str(self.dir.parent)]
        command += [str(self.font), str(self.quality)]
        flags = getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0)
        subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            creationflags=flags,
        )

    def current(self, rel: str) -> Entry | None:
        """The entry of ``rel`` with the copies written so far."""
        entry = self.entries.get(rel)
        if entry is None or self.complete:
            return entry
        self.complete = (self.dir / "done").is_file()
        font = self.dir / FALLBACK_FONT
        if rel == FALLBACK_FONT and entry.path != font and font.is_file():
            entry = self.entries[rel] = self._entry(rel, font)
        elif entry.compress:
            self._found(rel, entry)
        return entry

    def _compress(self, rel: str, entry: Entry, *codings: str) -> None:
        """Write ``entry``'s copies in ``codings`` (all by default) that are missing."""
        wanted = [c for c in codings or ("gzip", "br") if c not in entry.variants]
        if not entry.compress or not wanted:
            return
        data = entry.path.read_bytes()
        if len(data) < 1024:
            entry.compress = False
            return
        for coding in wanted:
            packed = _gzip(data) if coding == "gzip" else _brotli(data, self.quality)
            if packed is not None and len(packed) < 0.9 * len(data):
                entry.variants[coding] = self._write(rel + SUFFIXES[coding], packed)


def preloads(base: str) -> str:
    """Links that start every download at once instead of one after the other (the page,
    then Flutter's loader, then its runtime, then the fonts): the fonts for every browser,
    the WebAssembly build where Flutter's loader will pick it (Chromium-based browsers
    with WebAssembly GC, the same test as the loader's)."""
    fonts = [
        f"{base}assets/FontManifest.json",
        f"{base}assets/fonts/MaterialIcons-Regular.otf",
        f"{base}assets/fonts/roboto.woff2",
        f"/{FALLBACK_FONT}",
    ]
    links = "".join(f'\n  <link rel="preload" href="{f}" as="fetch" crossorigin>' for f in fonts)
    wasm = [
        ("modulepreload", f"{base}main.dart.mjs"),
        ("modulepreload", f"{base}canvaskit/skwasm.js"),
        ("preload", f"{base}main.dart.wasm"),
        ("preload", f"{base}canvaskit/skwasm.wasm"),
    ]
    return f"""{links}
  <script>
    (() => {{
      const blink = navigator.vendor === "Google Inc." || navigator.userAgent.includes("Edg/");
      const gc = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0];
      if (!blink || !WebAssembly.validate(new Uint8Array(gc))) return;
      for (const [rel, href] of {json.dumps(wasm)}) {{
        const link = document.createElement("link");
        link.rel = rel;
        link.href = href;
        if (rel === "preload") {{
          link.as = "fetch";
          link.crossOrigin = "anonymous";
        }}
        document.head.appendChild(link);
      }}
    }})();
  </script>"""


def _brotli(data: bytes, quality: int) -> bytes | None:
    try:
        import brotli
    except ImportError:  # gzip only
        return None
    packed: bytes = brotli.compress(data, quality=quality)
    return packed


def _gzip(data: bytes) -> bytes:
    """gzip at libdeflate's best (5% smaller than zlib's), else zlib's."""
    try:
        import deflate
    except ImportError:
        squeezer = zlib.compressobj(9, zlib.DEFLATED, 31, 9)
        return squeezer.compress(data) + squeezer.flush()
    return bytes(deflate.gzip_compress(data, 12))


def app_characters() -> set[int]:
    """Every character of the app's own texts: its translations and built-in games."""
    import gettext

    package = Path(__file__).resolve().parents[1]
    chars: set[str] = set()
    for catalogue in sorted((package / "locale").glob("*/LC_MESSAGES/*.mo")):
        with catalogue.open("rb") as handle:
            for text in gettext.GNUTranslations(handle)._catalog.values():  # type: ignore[attr-defined]
                chars.update(text if isinstance(text, str) else "".join(text))
    for game in sorted((package / "games").rglob("*.json")):
        chars.update(game.read_text(encoding="utf-8"))
    return {ord(c) for c in chars}


def fallback_font(font: Path, roboto: Path) -> bytes | None:
    """DejaVu Sans with only the characters the app may fall back to (those Roboto lacks,
    in the app's texts or in ``FALLBACK_RANGES``), or None without fontTools."""
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        return None
    import io

    has = set(TTFont(str(font)).getBestCmap())
    try:
        lacks = has - set(TTFont(str(roboto)).getBestCmap())
    except Exception:  # a Roboto fontTools cannot read (no Brotli for WOFF2): keep all
        lacks = has
    wanted = app_characters() | {c for a, b in FALLBACK_RANGES for c in range(a, b + 1)}
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.drop_tables = [*options.drop_tables, "FFTM"]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=sorted(lacks & wanted))
    kept = TTFont(str(font))
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    cutter.subset(kept)
    out = io.BytesIO()
    kept.save(out)
    return out.getvalue()


# -- serving ---------------------------------------------------------------------------


def codings(header: bytes) -> set[str]:
    """The content codings an ``Accept-Encoding`` header takes (``q=0`` refuses one)."""
    taken = set()
    for part in header.decode("latin-1").lower().split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if q.startswith("q="):
            try:
                if float(q[2:]) <= 0:
                    continue
            except ValueError:
                continue
        taken.add(name.strip())
    return taken


def matches(header: bytes, etag: bytes) -> bool:
    """Whether ``If-None-Match`` names ``etag`` (weak comparison, as for GET)."""
    tags = [t.strip().removeprefix(b"W/") for t in header.split(b",")]
    return b"*" in tags or etag in tags


def unchanged_since(header: bytes, mtime: float) -> bool:
    try:
        since = parsedate_to_datetime(header.decode("latin-1")).timestamp()
    except (TypeError, ValueError, IndexError, OverflowError):
        return False
    return int(mtime) <= since


class Assets:
    """ASGI layer in front of Flet's app that serves ``files`` (see the module doc)."""

    PASSED = ("/ws", "/upload", "/oauth_callback")

    def __init__(self, app: ASGIApp, files: WebFiles) -> None:
        self.app = app
        self.files = files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        versioned = path.startswith(f"{PREFIX}{self.files.tag}/")
        rel = path.split("/", 3)[3] if versioned else path.lstrip("/")
        if path.startswith(PREFIX) and not versioned:  # another version's page
            rel = path.split("/", 3)[3] if path.count("/") >= 3 else ""
        entry = self.files.current(rel)
        if entry is not None:
            await self.serve(scope, send, entry, FOREVER if versioned else REVALIDATE)
        elif unused(rel):
            await self.not_found(send)
        elif _route(rel) and path not in self.PASSED:
            page = self.files.entries["index.html"]
            await self.serve(scope, send, page, REVALIDATE)
        else:
            await self.app(scope, receive, send)

    async def serve(self, scope: Scope, send: Send, entry: Entry, cache: bytes) -> None:
        headers = dict(_headers(scope))
        path, coding = entry.path, None
        if entry.variants:
            taken = codings(headers.get(b"accept-encoding", b""))
            for name in ("br", "gzip"):
                if name in taken and name in entry.variants:
                    path, coding = entry.variants[name], name
                    break
        try:
            stat = path.stat()
        except OSError:
            await self.not_found(send)
            return
        variant = f"-{coding}{stat.st_size}" if coding else ""  # a copy made anew differs
        etag = f'"{entry.etag}{variant}"'.encode()
        out = [
            (b"etag", etag),
            (b"last-modified", formatdate(stat.st_mtime, usegmt=True).encode()),
            (b"cache-control", cache),
            (b"cross-origin-opener-policy", b"same-origin"),
            (b"cross-origin-embedder-policy", b"require-corp"),
        ]
        if entry.compress:
            out.append((b"vary", b"Accept-Encoding"))
        if b"if-none-match" in headers:
            fresh = matches(headers[b"if-none-match"], etag)
        else:
            fresh = b"if-modified-since" in headers and unchanged_since(
                headers[b"if-modified-since"], stat.st_mtime
            )
        if fresh:
            await send({"type": "http.response.start", "status": 304, "headers": out})
            await send({"type": "http.response.body", "body": b""})
            return
        kind = mimetypes.guess_type(entry.path.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/json", "text/javascript"):
            kind += "; charset=utf-8"
        out += [(b"content-type", kind.encode()), (b"content-length", str(stat.st_size).encode())]
        if coding:
            out.append((b"content-encoding", coding.encode()))
        await send({"type": "http.response.start", "status": 200, "headers": out})
        if scope["method"] == "HEAD":
            await send({"type": "http.response.body", "body": b""})
            return
        await _send_file(path, send)

    async def not_found(self, send: Send) -> None:
        body = b"Not Found"
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 404, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _route(rel: str) -> bool:
    """A path the Flutter client routes itself (no extension, or ``.html``)."""
    suffix = os.path.splitext(rel)[1].lower()
    return suffix in ("", ".html")


def _headers(scope: Scope) -> Iterable[tuple[bytes, bytes]]:
    seen = set()
    for name, value in scope.get("headers", []):
        key = bytes(name).lower()
        if key not in seen:
            seen.add(key)
            yield key, bytes(value)


async def _send_file(path: Path, send: Send) -> None:
    import anyio.to_thread

    with path.open("rb") as handle:
        while True:
            chunk = await anyio.to_thread.run_sync(handle.read, CHUNK)
            more = len(chunk) == CHUNK
            await send({"type": "http.response.body", "body": chunk, "more_body": more})
            if not more:
                return


mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/ttf", ".ttf")
mimetypes.add_type("font/woff2", ".woff2")


def main(argv: list[str]) -> None:
    """``python -m scorepad.ui.assets CACHE FONT QUALITY``: ``WebFiles.build``."""
    if hasattr(os, "nice"):
        os.nice(10)
    root, font, quality = argv
    WebFiles(Path(font), root=Path(root), quality=int(quality)).build()


if __name__ == "__main__":
    main(sys.argv[1:])
