"""What a phone downloads: Flet's web client compressed once, cached, and pruned.

``WebFiles`` gathers the files the page may ask for (Flet's web client, less what the app
never uses: the KaTeX and Cupertino fonts, Pyodide, debugging symbols) and writes, once,
into a cache folder: the page (``index.html``, pointing at versioned addresses), the
font manifest (Material icons and Roboto only), the fonts cut down to what the page draws
with them (Roboto without its hinting and DejaVu Sans to the characters the app can fall
back to: ``scorepad.ui.web_fonts``; the Material icons to those the page can draw:
``scorepad.ui.web_icons``), and a Brotli and a gzip copy of everything worth compressing.
The cache folder is the user's cache folder (``SCOREPAD_CACHE_DIR`` moves it); later
starts find it ready (its name carries a digest of what it is made from); the PyInstaller
bundle carries one made at build time (``build.spec``). Nothing is downloaded, nothing is
compressed per request: the first start makes the copies in a process of its own, at a
low priority (under a minute of one processor), and serves the plain files until each
copy is written. The page also starts every download at once (``preloads``), and is
Scorepad's, with its manifest and icons (``scorepad.ui.web_own``).

Served by ``scorepad.ui.assets``; ``python -m scorepad.ui.web_files CACHE FONT QUALITY``
is the process that makes the copies.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from scorepad.ui.heartbeat import link_script
from scorepad.ui.web_fonts import FALLBACK_FONT, ROBOTO, fallback_font, roboto_font
from scorepad.ui.web_icons import ICONS_FONT, icons_font, kept_icons
from scorepad.ui.web_own import OWN, OWN_DIR, PAGE_SCRIPT, own_head, web_manifest

log = logging.getLogger(__name__)

PIPELINE = "7"
"""Changes whenever what the cache holds is made differently: a new cache is written."""
CACHE_ENV = "SCOREPAD_CACHE_DIR"
BUNDLED = "scorepad_web"
"""The cache's folder inside the PyInstaller bundle (``build.spec``)."""
PREFIX = "/_v/"
SUFFIXES = {"br": ".br", "gzip": ".gz"}
RUNTIME_QUALITY = 9
"""Brotli's quality for all but ``FIRST`` (11: half a minute of one processor, once, at
a low priority; 11 throughout would take minutes), at a first start as in the bundle.
Brotli is for browsers on this computer (loopback) or over https: over plain http to a
network address a phone's browser takes gzip."""
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
FIRST = (
    "main.dart.wasm",
    "canvaskit/skwasm_heavy.wasm",
    "canvaskit/skwasm.wasm",
    "assets/fonts/MaterialIcons-Regular.otf",
)
"""Compressed first: what Chromium (every Android phone) loads: on plain http to a
network address, skwasm's heavy variant."""


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
    made.update(" ".join(kept_icons()).encode())
    for rel in sorted({*OWN.values(), PAGE_SCRIPT}):  # another page script, another cache
        made.update(hashlib.sha256((OWN_DIR / rel).read_bytes()).digest())
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
        for rel, own in OWN.items():  # Scorepad's icons, in place of Flet's
            self.entries[rel] = self._entry(rel, OWN_DIR / own)
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
            for suffix in SUFFIXES.values():  # made from what it held before
                target.with_name(target.name + suffix).unlink(missing_ok=True)
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
            ("manifest.json", web_manifest(f"{PREFIX}{self.tag}/")),
        ):
            entry = self.entries[rel] = self._entry(rel, self._write(rel, data))
            # Written by this version of the app: another may have written it otherwise
            # under the same client (an update of Scorepad alone), so its validator is
            # its content's.
            entry.etag += "-" + hashlib.sha256(data).hexdigest()[:12]
            self._compress(rel, entry)
        for rel, (whole, _) in self.cuts().items():
            cut = self.dir / rel
            if cut.is_file():
                self.entries[rel] = self._entry(rel, cut)
            else:  # the whole font until ``build`` has cut it down
                entry = self._entry(rel, whole)
                self.entries[rel] = Entry(whole, entry.etag + "-whole", False)

    def cuts(self) -> dict[str, tuple[Path, Callable[[], bytes | None]]]:
        """The fonts served cut down (``scorepad.ui.web_fonts``): each one's whole file,
        served until the builder has written the cut, and how the cut is made."""
        roboto, icons = self.web_dir / ROBOTO, self.web_dir / ICONS_FONT
        return {
            FALLBACK_FONT: (self.font, lambda: fallback_font(self.font, roboto)),
            ICONS_FONT: (icons, lambda: icons_font(icons)),
            ROBOTO: (roboto, lambda: roboto_font(roboto)),
        }

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
        for script in ("flutter_bootstrap.js", "python.js"):
            text = text.replace(f'src="{script}"', f'src="{base}{script}"')
        # The picture shown while the page loads: Scorepad's icon, drawn (1 KB compressed,
        # sharp on any screen), in place of Flet's logo (a 24 KB PNG).
        text, found = re.subn(
            r'src="icons/loading-animation\.png"', f'src="{base}icons/icon.svg"', text
        )
        if found != 1:
            raise RuntimeError("Flet's index.html has no loading picture to show Scorepad's in")
        text = own_head(text, base)
        text, found = re.subn(r"(<head>\n)", lambda m: m[1] + link_script(), text, count=1)
        if found != 1:
            raise RuntimeError("Flet's index.html has no <head> to put the link's script in")
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
        kept.append({"family": "Roboto", "fonts": [{"asset": ROBOTO.removeprefix("assets/")}]})
        return json.dumps(kept).encode()

    def build(self) -> None:
        """Write what is missing: the cut-down fonts, then every compressed copy (one
        builder at a time: a start that finds another at work leaves it be)."""
        lock = self.dir / "building"
        try:
            if lock.is_file() and time.time() - lock.stat().st_mtime < BUSY:
                return
            lock.write_text(str(os.getpid()))
            for rel, (_, cut_down) in self.cuts().items():
                font = self.dir / rel
                if not font.is_file():
                    data = cut_down()
                    if data is not None:
                        self._write(rel, data)
                if font.is_file():
                    self.entries[rel] = self._entry(rel, font)
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
        command = [sys.executable, "-m", "scorepad.ui.web_files", str(self.dir.parent)]
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
        """The entry of ``rel`` with the copies written so far (by the builder: all of
        them once it is done)."""
        if not self.complete:
            done = (self.dir / "done").is_file()
            for name in list(self.entries) if done else [rel]:
                self._refresh(name)
            self.complete = done
        return self.entries.get(rel)

    def _refresh(self, rel: str) -> None:
        entry = self.entries.get(rel)
        font = self.dir / rel
        if entry is None:
            return
        if rel in self.cuts() and entry.path != font and font.is_file():
            self.entries[rel] = self._entry(rel, font)
        elif entry.compress:
            self._found(rel, entry)

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
            quality = max(self.quality, 11 if rel in FIRST else 0)
            packed = _gzip(data) if coding == "gzip" else _brotli(data, quality)
            if packed is not None and len(packed) < 0.9 * len(data):
                entry.variants[coding] = self._write(rel + SUFFIXES[coding], packed)


def preloads(base: str) -> str:
    """Links that start every download at once instead of one after the other (the page,
    then Flutter's loader, then its runtime, then the fonts): the fonts for every browser,
    the WebAssembly build where Flutter's loader will pick it (the same tests as the
    loader's)."""
    fonts = [
        f"{base}assets/FontManifest.json",
        f"{base}assets/fonts/MaterialIcons-Regular.otf",
        f"{base}{ROBOTO}",
        f"/{FALLBACK_FONT}",
    ]
    links = "".join(f'\n  <link rel="preload" href="{f}" as="fetch" crossorigin>' for f in fonts)
    return f"""{links}
  <script>
    (() => {{
      // As flutter_bootstrap.js chooses: the WebAssembly build on Chromium-based browsers
      // with WebAssembly GC, and skwasm's heavy variant where the browser has no image
      // decoder or break iterators of its own (any page on plain http to a network
      // address: the decoder is for secure pages only).
      const blink = navigator.vendor === "Google Inc." || navigator.userAgent.includes("Edg/");
      const gc = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0];
      if (!blink || !WebAssembly.validate(new Uint8Array(gc))) return;
      const light = typeof ImageDecoder !== "undefined" &&
        typeof Intl.v8BreakIterator !== "undefined" && typeof Intl.Segmenter !== "undefined";
      const skwasm = "{base}canvaskit/" + (light ? "skwasm" : "skwasm_heavy");
      for (const [rel, href] of [
        ["modulepreload", "{base}main.dart.mjs"],
        ["modulepreload", skwasm + ".js"],
        ["preload", "{base}main.dart.wasm"],
        ["preload", skwasm + ".wasm"],
      ]) {{
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


def main(argv: list[str]) -> None:
    """``python -m scorepad.ui.web_files CACHE FONT QUALITY``: ``WebFiles.build``."""
    if hasattr(os, "nice"):
        os.nice(10)
    root, font, quality = argv
    WebFiles(Path(font), root=Path(root), quality=int(quality)).build()


if __name__ == "__main__":
    main(sys.argv[1:])
