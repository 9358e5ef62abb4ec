"""What makes Flet's web page Scorepad's: its name, its colours, its icons and its web
app manifest, so that "Add to Home screen" makes a proper app.

The icons live in ``scorepad/ui/web/`` (drawn by ``tools/make_icons.py`` from
``icon.svg`` and ``favicon.svg``; nothing is drawn at run time) and are served at the
addresses where Flet's web client has its own (``OWN``): Flet's logo is never served.
``scorepad.ui.web_files`` writes the page (``own_head``) and the manifest
(``web_manifest``) into its cache; ``scorepad.ui.assets`` serves them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

OWN_DIR = Path(__file__).resolve().parent / "web"
"""Scorepad's own icons (drawn by tools/make_icons.py from ``icon.svg``)."""
OWN = {
    "favicon.png": "favicon.png",
    "favicon.ico": "favicon.ico",
    "icons/icon-192.png": "icons/icon-192.png",
    "icons/icon-512.png": "icons/icon-512.png",
    "icons/icon-maskable-192.png": "icons/icon-maskable-192.png",
    "icons/icon-maskable-512.png": "icons/icon-maskable-512.png",
    "icons/apple-touch-icon.png": "icons/apple-touch-icon.png",
    "icons/apple-touch-icon-192.png": "icons/apple-touch-icon.png",
    "icons/loading-animation.png": "icons/icon-512.png",
    "icons/icon.svg": "icon.svg",
}
"""Addresses served from ``OWN_DIR`` (address: file), Flet's own among them: its logo is
never served in place of Scorepad's icon."""
PAGE_SCRIPT = "heartbeat.js"
"""The page's own script (``scorepad.ui.heartbeat``), in ``OWN_DIR``: part of what the web
cache is made from, so that an app with another page script, older or newer, never serves
this one's page (a page that pings an app that does not answer its pings never gets going)."""
NAME = "Scorepad"
THEME_COLOR = "#515B92"
"""The app's primary colour (its theme's seed, indigo, as Material 3 tones it: the filled
buttons): the browser's bar in the installed app."""
BACKGROUND_COLOR = "#FBF8FF"
"""The app's light surface (the page behind every screen): the installed app's splash."""
DARK_BACKGROUND_COLOR = "#121318"
"""The dark surface: the loading page's background in a dark browser."""


HEAD = (
    (r'<meta name="description"[^>]*>', f'<meta name="description" content="{NAME}">'),
    (r'(<meta name="apple-mobile-web-app-title" content=)"[^"]*"', rf'\1"{NAME}"'),
    (
        r'<link rel="apple-touch-icon"[^>]*>',
        '<link rel="apple-touch-icon" href="{base}icons/apple-touch-icon.png">',
    ),
    (
        r'<link rel="icon"[^>]*>',
        '<link rel="icon" type="image/png" sizes="32x32" href="{base}favicon.png">',
    ),
    (r"<title>[^<]*</title>", f"<title>{NAME}</title>"),
    (
        r'<link rel="manifest"[^>]*>',
        f'<meta name="theme-color" content="{THEME_COLOR}">\n  '
        '<link rel="manifest" href="/manifest.json" crossorigin="use-credentials">',
    ),
    (r"(#loading \{[^}]*background: )#ffffff;", rf"\g<1>{BACKGROUND_COLOR};"),
    (r"(#loading \{\s*background: )#222222;", rf"\g<1>{DARK_BACKGROUND_COLOR};"),
)
"""Flet's page made Scorepad's: its name, its icons, its colours. The manifest goes with
the access code's cookie (``use-credentials``): a phone joined with ``--share`` has it."""


def own_head(text: str, base: str) -> str:
    for pattern, replacement in HEAD:
        text, found = re.subn(pattern, replacement.replace("{base}", base), text)
        if found != 1:
            raise RuntimeError(f"Flet's index.html has no {pattern} to make Scorepad's")
    return text


def web_manifest(base: str) -> bytes:
    """The web app manifest: "Add to Home screen" makes Scorepad, with its icons at the
    versioned address ``base`` (a new icon comes with a new version: the icons are part
    of the version's digest)."""
    icons_at = f"{base}icons/"
    icons = [
        {"src": f"{icons_at}icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    icons += [
        {**icon, "src": icon["src"].replace("/icon-", "/icon-maskable-"), "purpose": "maskable"}
        for icon in icons
    ]
    manifest = {
        "id": "/",
        "name": NAME,
        "short_name": NAME,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": icons,
    }
    return json.dumps(manifest, indent=2).encode()
