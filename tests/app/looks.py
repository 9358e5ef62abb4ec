"""What a person sees on a screen of the served app, measured in the browser.

- ``error_texts``: Flet's red error boxes and error texts. The Flutter client draws a
  control it cannot build as a red box with the reason ("Semantics.content must be
  provided and visible", "Unknown control: …"), and puts the reason in the page's
  accessibility tree: it is read there, over the whole screen (scrolled through), since
  the tree holds only what is on screen or near it.
- ``contrasts``: WCAG contrast of every text and icon on the screen. The accessibility
  tree gives where each labelled thing is drawn; a screenshot gives its pixels. In each
  one's box the background is the commonest colour and the thing's colour the pixel
  farthest from it in luminance (a glyph's core), so the ratio is the one between the
  text and what it is drawn on, as WCAG 2.x defines it.
"""

from __future__ import annotations

import io
import re
import time
from dataclasses import dataclass

from PIL import Image

ERROR_WORDS = re.compile(
    r"must be provided|Unknown control|Exception|Traceback|Null check operator"
    r"|Unexpected null|Invalid argument|RangeError|TypeError|Assertion failed"
    r"|is not a subtype|was called on null|RenderFlex overflowed"
)
"""What Flet's client and Flutter write into an error box: never an app's own words."""

TEXTS = """() => {
    // Every word the accessibility tree holds: labels, texts, fields' values.
    const out = [];
    for (const node of document.querySelectorAll("flt-semantics")) {
        out.push(node.getAttribute("aria-label") || "");
        if (!node.querySelector("flt-semantics")) out.push(node.textContent || "");
    }
    for (const box of document.querySelectorAll("flt-semantics input, flt-semantics textarea"))
        out.push(box.value || "");
    return out.filter(Boolean);
}"""

NODES = """() => {
    // Every node drawn with words (or an icon's label), where it is drawn: the innermost
    // ones, so that a box holds one thing (a tile with buttons in it is left to them).
    const words = node => {
        const label = node.getAttribute("aria-label");
        if (label) return label.trim();
        if (node.querySelector("flt-semantics")) return "";
        return (node.textContent || "").trim();
    };
    const out = [];
    const width = innerWidth, height = innerHeight;
    for (const node of document.querySelectorAll("flt-semantics")) {
        const label = words(node);
        if (!label) continue;
        if ([...node.querySelectorAll("flt-semantics")].some(inner => words(inner))) continue;
        const r = node.getBoundingClientRect();
        if (r.width < 4 || r.height < 4) continue;
        // whole on the screen, clear of its sides and bottom: the tree gives a box cut by
        // the window's edge (or a row scrolled sideways) as the part inside, which may show
        // nothing but a margin or a border (one at the bottom is measured once scrolled)
        if (r.left < 1 || r.top < -1 || r.right > width - 1 || r.bottom > height - 24) continue;
        out.push({
            label: label.slice(0, 60),
            x: Math.max(0, r.left), y: Math.max(0, r.top),
            right: Math.min(width, r.right), bottom: Math.min(height, r.bottom),
            disabled: !!node.closest("[aria-disabled=true]")
                || !!node.querySelector("[aria-disabled=true]"),
            field: !!node.querySelector("input, textarea"),
            id: node.closest("[flt-semantics-identifier]")
                ?.getAttribute("flt-semantics-identifier") || "",
        });
    }
    return out;
}"""


GRAPHICS = (
    "colour-",
    "tile-",
    "floor-",
    "window-",
    "star-",
    "square-",
    "wall-drawn",
    "stats-chart",
    "play-rounds-chart",
)
"""Test ids of drawings, not words: WCAG asks 3:1 of them (a player's colour patch, a
board's space, a chart); each says what it shows to a screen reader."""


def error_texts(texts: list[str]) -> list[str]:
    """The texts of ``texts`` that are Flet's or Flutter's error words."""
    return sorted({text for text in texts if ERROR_WORDS.search(text)})


def luminance(colour: tuple[int, int, int]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@dataclass(frozen=True)
class Contrast:
    label: str
    ident: str
    ratio: float
    fore: tuple[int, int, int]
    back: tuple[int, int, int]
    field: bool

    @property
    def needed(self) -> float:
        """WCAG AA: 4.5 for text; 3 for a drawing (a colour patch, a board's space, a
        chart: ``GRAPHICS``) and for a field's outline (a part of a control; its label is
        text measured on its own, and what is typed in it is measured with the field)."""
        return 3.0 if self.field or self.ident.startswith(GRAPHICS) else 4.5

    def __str__(self) -> str:
        fore, back = ("#{:02X}{:02X}{:02X}".format(*c) for c in (self.fore, self.back))
        return f"{self.ratio:.2f}:1 {self.label!r} ({self.ident or '-'}) {fore} on {back}"


def contrasts(png: bytes, nodes: list[dict]) -> list[Contrast]:
    """Each node's contrast in the screenshot ``png`` (disabled controls left out: WCAG
    asks nothing of them)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    found = []
    for node in nodes:
        if node["disabled"]:
            continue
        box = (int(node["x"]), int(node["y"]), int(node["right"]), int(node["bottom"]))
        crop = image.crop(box)
        colours = crop.getcolors(crop.width * crop.height)
        if not colours or len(colours) < 2:
            continue  # nothing of it shows: under a bar pinned over the screen
        back = max(colours)[1]
        fore = max(colours, key=lambda c: abs(luminance(c[1]) - luminance(back)))[1]
        found.append(
            Contrast(
                node["label"],
                node["id"],
                ratio(fore, back),
                fore,
                back,
                node["field"],
            )
        )
    return found


def undrawn(png: bytes, nodes: list[dict]) -> list[str]:
    """The nodes with nothing drawn in their box in ``png`` (one colour): the canvas
    shows an older frame than the accessibility tree describes."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    blank = []
    for node in nodes:
        box = (int(node["x"]), int(node["y"]), int(node["right"]), int(node["bottom"]))
        crop = image.crop(box)
        if len(crop.getcolors(crop.width * crop.height) or [0, 0]) < 2:
            blank.append(node["label"])
    return blank


SAME_S = 1.5
"""A frame like the last one is taken as the new screen's after this long (a screen can
look as the one before it did: Stats, then Stats of the player it showed)."""


def drawn(page, before: bytes | None = None, timeout: float = 15.0) -> tuple[bytes, list[dict]]:
    """A screenshot of what the accessibility tree describes, and its nodes.

    Flutter describes a frame before it is drawn (its renderer works in a worker, and
    on a busy machine a frame can show a second late): the screenshot is taken again
    until two in a row agree, differ from ``before`` (the last frame of the screen
    left, which a late frame still shows) and have something drawn in nearly every
    node's box (not all: one may be under a bar pinned over the screen)."""
    start = time.monotonic()
    deadline = start + timeout
    png, nodes = b"", []
    while time.monotonic() < deadline:
        page.wait_for_timeout(80)
        nodes = page.evaluate(NODES)
        # down to the lowest node only: a tall window's empty part is not worth encoding
        low = max([n["bottom"] for n in nodes] + [100])
        size = page.viewport_size
        clip = {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], low + 8)}
        shot = page.screenshot(clip=clip)
        settled = shot == png and len(undrawn(shot, nodes)) <= len(nodes) // 5
        if settled and (shot != before or time.monotonic() - start > SAME_S):
            return shot, nodes
        png = shot
    raise AssertionError(f"the screen was never drawn as described: {undrawn(png, nodes)}")


def too_faint(found: list[Contrast]) -> list[Contrast]:
    return [c for c in found if c.ratio < c.needed]
