"""Real picture files made with Pillow for the photo tests: JPEGs with an EXIF orientation
and GPS tags (as a phone writes them), PNGs, damaged and hostile files."""

from __future__ import annotations

import io

from PIL import Image

ORIENTATION = 0x0112
GPS_IFD = 0x8825
MAKE = 0x010F


def jpeg(
    width: int = 400,
    height: int = 300,
    *,
    orientation: int | None = None,
    gps: bool = False,
    colour: tuple[int, int, int] = (200, 40, 40),
    quality: int = 90,
) -> bytes:
    """A white JPEG whose top left quarter is ``colour``, so that which way up it is can
    be told from its pixels; with an EXIF orientation and GPS tags when asked."""
    picture = Image.new("RGB", (width, height), (255, 255, 255))
    picture.paste(Image.new("RGB", (width // 2, height // 2), colour), (0, 0))
    exif = Image.Exif()
    exif[MAKE] = "TablePhone"
    if orientation is not None:
        exif[ORIENTATION] = orientation
    if gps:
        exif[GPS_IFD] = {
            1: "N",
            2: (48.0, 51.0, 24.0),
            3: "E",
            4: (2.0, 21.0, 3.0),
        }
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=quality, exif=exif.tobytes())
    return out.getvalue()


def png(width: int = 200, height: int = 120, *, alpha: bool = False) -> bytes:
    mode = "RGBA" if alpha else "RGB"
    picture = Image.new(mode, (width, height), (10, 120, 200, 0) if alpha else (10, 120, 200))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


def truncated_jpeg() -> bytes:
    whole = jpeg(800, 600)
    return whole[: len(whole) // 2]


def huge_png(width: int, height: int) -> bytes:
    """A PNG header claiming ``width`` x ``height`` pixels (a decompression bomb)."""
    picture = Image.new("1", (width, height))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


def gps_of(data: bytes) -> dict[int, object]:
    with Image.open(io.BytesIO(data)) as picture:
        return dict(picture.getexif().get_ifd(GPS_IFD))


def exif_of(data: bytes) -> dict[int, object]:
    with Image.open(io.BytesIO(data)) as picture:
        return dict(picture.getexif())


def size_of(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as picture:
        return picture.size


def coloured_corner(data: bytes) -> str:
    """Which quarter of the picture is the coloured one: "top-left", "bottom-right"…"""
    with Image.open(io.BytesIO(data)) as picture:
        rgb = picture.convert("RGB")
        w, h = rgb.size
        for name, x, y in (
            ("top-left", w // 4, h // 4),
            ("top-right", 3 * w // 4, h // 4),
            ("bottom-left", w // 4, 3 * h // 4),
            ("bottom-right", 3 * w // 4, 3 * h // 4),
        ):
            pixel = rgb.getpixel((x, y))
            assert isinstance(pixel, tuple)
            if pixel[1] < 150:
                return name
    return "none"
