"""Draw Scorepad's icons (scorepad/ui/web/) from their SVG sources.

    .venv/bin/python tools/make_icons.py

reads scorepad/ui/web/icon.svg and favicon.svg and writes the PNGs the app serves (the
manifest's icons, "any" and maskable, the Apple touch icon, the loading picture) and
favicon.png and favicon.ico. The PNGs are committed: nothing is drawn when the app runs.
Pillow draws them (the test extra installs it); the SVGs hold only rect, line, circle and
polygon, which this script reads, four times larger than wanted, then scales down.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image, ImageDraw

WEB = Path(__file__).resolve().parents[1] / "scorepad" / "ui" / "web"
SVG = "{http://www.w3.org/2000/svg}"
VIEW = 512
MASKABLE_SCALE = 0.72
"""The maskable icons' drawing, inside the safe zone (a circle of 80% of the width)."""


def shapes(source: Path) -> list[ET.Element]:
    root = ET.parse(source).getroot()
    if root.get("viewBox") != f"0 0 {VIEW} {VIEW}":
        raise SystemExit(f"{source}: the viewBox must be 0 0 {VIEW} {VIEW}")
    found = [child for child in root if child.tag != f"{SVG}title"]
    for child in found:
        if child.tag[len(SVG) :] not in ("rect", "line", "circle", "polygon"):
            raise SystemExit(f"{source}: {child.tag[len(SVG) :]} is not drawn by this script")
    return found


def number(element: ET.Element, name: str, default: float = 0) -> float:
    value = element.get(name)
    return default if value is None else float(value)


def draw(source: Path, size: int, *, maskable: bool = False) -> Image.Image:
    """``source`` at ``size`` pixels; ``maskable``: its background full-bleed and the rest
    at ``MASKABLE_SCALE`` about the centre."""
    big = size * 4
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    background, *rest = shapes(source)
    scale = big / VIEW
    if maskable:
        pen.rectangle((0, 0, big, big), fill=background.get("fill"))
    else:
        rest = [background, *rest]

    def at(x: float, y: float) -> tuple[float, float]:
        if maskable:
            x = VIEW / 2 + (x - VIEW / 2) * MASKABLE_SCALE
            y = VIEW / 2 + (y - VIEW / 2) * MASKABLE_SCALE
        return x * scale, y * scale

    factor = scale * (MASKABLE_SCALE if maskable else 1)
    for shape in rest:
        kind = shape.tag[len(SVG) :]
        fill, stroke = shape.get("fill"), shape.get("stroke")
        if kind == "rect":
            x, y = number(shape, "x"), number(shape, "y")
            left, top = at(x, y)
            right, bottom = at(x + number(shape, "width"), y + number(shape, "height"))
            radius = number(shape, "rx") * factor
            pen.rounded_rectangle((left, top, right - 1, bottom - 1), radius, fill=fill)
        elif kind == "circle":
            cx, cy = at(number(shape, "cx"), number(shape, "cy"))
            r = number(shape, "r") * factor
            pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        elif kind == "polygon":
            values = [float(v) for v in shape.get("points", "").replace(",", " ").split()]
            pen.polygon([at(*values[i : i + 2]) for i in range(0, len(values), 2)], fill=fill)
        else:  # line
            start = at(number(shape, "x1"), number(shape, "y1"))
            end = at(number(shape, "x2"), number(shape, "y2"))
            width = number(shape, "stroke-width", 1) * factor
            pen.line((start, end), fill=stroke, width=round(width))
            if shape.get("stroke-linecap") == "round":
                for cx, cy in (start, end):
                    r = width / 2
                    pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=stroke)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def save(image: Image.Image, name: str, *, opaque: bool = False) -> None:
    if opaque:
        image = image.convert("RGB")
    image.save(WEB / name, optimize=True)
    print(f"{name}: {image.size[0]}x{image.size[1]}, {(WEB / name).stat().st_size} bytes")


def main() -> None:
    icon, small = WEB / "icon.svg", WEB / "favicon.svg"
    for size in (192, 512):
        save(draw(icon, size), f"icons/icon-{size}.png")
        save(draw(icon, size, maskable=True), f"icons/icon-maskable-{size}.png", opaque=True)
    # iOS fills transparency with black and rounds the corners itself: full-bleed
    save(draw(icon, 180, maskable=True), "icons/apple-touch-icon.png", opaque=True)
    save(draw(small, 32), "favicon.png")
    favicon = draw(small, 48)
    favicon.save(WEB / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])
    print(f"favicon.ico: 16, 32, 48, {(WEB / 'favicon.ico').stat().st_size} bytes")


if __name__ == "__main__":
    main()
    sys.exit(0)
