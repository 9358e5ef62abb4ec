"""A photo of the table made fit to keep: upright, without its metadata, of a bounded size.

Whatever a phone or a file gives (``prepare``) is read with Pillow, only as one of the
picture formats of ``FORMATS``; turned upright as its EXIF orientation says; every
metadata block left behind (EXIF with the place it was taken, GPS, maker notes, XMP,
comments): only the pixels are written again; made at most ``LONG_SIDE`` pixels on its
long side (never enlarged) and encoded again as a JPEG, with a thumbnail of at most
``THUMB_SIDE``. The kept photo is named by the SHA-256 of its bytes.

Refused, each with a message that names the file: more than ``MAX_MB`` MB; not a picture
of a known format; a damaged or truncated one; a decompression bomb (more pixels than
``MAX_PIXELS``, Pillow's own limit lowered, checked from the header before any pixel is
decoded).
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

from scorepad.store.errors import StoreError

MAX_MB = 20
MAX_BYTES = MAX_MB * 1024 * 1024
"""The largest file taken in: a phone's camera makes 2 to 12 MB."""
PHOTO_MAX_MB = MAX_MB
MAX_PHOTOS = 12
"""Photos kept with one play, at most."""
LONG_SIDE = 1600
THUMB_SIDE = 320
QUALITY = 85
THUMB_QUALITY = 80
MIME = "image/jpeg"
MAX_PIXELS = 64_000_000
"""Pixels a picture taken in may have (a 200-megapixel camera's are refused): decoding one
takes about four bytes a pixel, so this bounds the memory one photo can take."""
FORMATS = ("JPEG", "PNG", "WEBP", "GIF", "BMP", "TIFF")
"""The formats read (a camera's MPO is read as the JPEG it starts with); any other, or a
file that only claims one, is not a picture here."""


@dataclass(frozen=True, slots=True)
class Prepared:
    """A photo made fit to keep: its JPEG, its thumbnail, and what the history lists."""

    image: bytes
    thumb: bytes
    width: int
    height: int
    digest: str
    """SHA-256 of ``image``, hexadecimal: the photo's name."""
    mime: str = MIME


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check_size(name: str, size: int) -> None:
    """Refuse a file over ``MAX_BYTES`` before any of it is read."""
    if size > MAX_BYTES:
        raise StoreError("photos.too_big", name=name, mb=MAX_MB)


def prepare(data: bytes, name: str) -> Prepared:
    """``data`` (a file called ``name``) as a photo to keep; a StoreError naming the file
    when it is too big, not a picture, damaged, or a decompression bomb."""
    check_size(name, len(data))
    picture = _decoded(data, name, smaller=True)
    try:
        upright = ImageOps.exif_transpose(picture)
        flat = _rgb(upright)
        flat.thumbnail((LONG_SIDE, LONG_SIDE), Image.Resampling.LANCZOS)
        image = _jpeg(flat, QUALITY)
        small = flat.copy()
        small.thumbnail((THUMB_SIDE, THUMB_SIDE), Image.Resampling.LANCZOS)
        thumb = _jpeg(small, THUMB_QUALITY)
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as problem:
        raise StoreError("photos.damaged", name=name, detail=_said(problem)) from None
    return Prepared(image, thumb, flat.width, flat.height, digest_of(image))


def _decoded(data: bytes, name: str, *, smaller: bool = False) -> Image.Image:
    """The first frame of the picture in ``data``, its pixels loaded; ``smaller``: a JPEG
    is decoded at the least of a half, a quarter or an eighth of its size that still
    gives ``LONG_SIDE`` on both sides (a 48-megapixel photo then takes a sixteenth of the
    memory and time)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            picture = Image.open(io.BytesIO(data), formats=FORMATS)
        except UnidentifiedImageError:
            raise StoreError("photos.not_image", name=name) from None
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise StoreError("photos.bomb", name=name, pixels=MAX_PIXELS // 1_000_000) from None
        except (OSError, ValueError, SyntaxError) as problem:
            raise StoreError("photos.damaged", name=name, detail=_said(problem)) from None
        width, height = picture.size
        if width < 1 or height < 1 or width * height > MAX_PIXELS:
            raise StoreError("photos.bomb", name=name, pixels=MAX_PIXELS // 1_000_000)
        try:
            picture.seek(0)
            if smaller and picture.format in ("JPEG", "MPO"):
                picture.draft("RGB", (LONG_SIDE, LONG_SIDE))
            picture.load()
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise StoreError("photos.bomb", name=name, pixels=MAX_PIXELS // 1_000_000) from None
        except (OSError, ValueError, SyntaxError, EOFError) as problem:
            raise StoreError("photos.damaged", name=name, detail=_said(problem)) from None
    return picture


def _rgb(picture: Image.Image) -> Image.Image:
    """The picture's pixels alone, as RGB: transparency laid on white, a palette or a
    CMYK scan converted; a new image, so nothing of the file's metadata comes along."""
    if picture.mode in ("RGBA", "LA", "PA") or (
        picture.mode == "P" and "transparency" in picture.info
    ):
        rgba = picture.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return flat
    converted = picture.convert("RGB")
    fresh = Image.new("RGB", converted.size)
    fresh.paste(converted)
    return fresh


def _jpeg(picture: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=quality, optimize=True, progressive=True)
    return out.getvalue()


def _said(problem: BaseException) -> str:
    text = str(problem).strip()
    return text.splitlines()[0] if text else type(problem).__name__


def admit(data: bytes, name: str) -> Prepared:
    """A photo from an archive, checked like an upload: one Scorepad kept (a JPEG within
    ``LONG_SIDE``, with no metadata at all) is taken byte for byte, so that its name stays
    the same across an export and an import; any other is made fit like an upload."""
    check_size(name, len(data))
    picture = _decoded(data, name)
    kept = (
        picture.format == "JPEG"
        and max(picture.size) <= LONG_SIDE
        and picture.mode == "RGB"
        and all(marker == "APP0" for marker, _ in getattr(picture, "applist", []))
        and not {"exif", "comment", "icc_profile", "xmp", "photoshop"} & set(picture.info)
    )
    if not kept:
        return prepare(data, name)
    try:
        small = picture.copy()
        small.thumbnail((THUMB_SIDE, THUMB_SIDE), Image.Resampling.LANCZOS)
        thumb = _jpeg(small, THUMB_QUALITY)
    except (OSError, ValueError) as problem:
        raise StoreError("photos.damaged", name=name, detail=_said(problem)) from None
    return Prepared(data, thumb, picture.width, picture.height, digest_of(data))
