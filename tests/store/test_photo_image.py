"""A photo made fit to keep: upright, without EXIF or GPS, at most 1600 pixels, with a
thumbnail; non-pictures, damaged files and decompression bombs refused, naming the file."""

from __future__ import annotations

import io

import pytest
from photo_files import (
    coloured_corner,
    exif_of,
    gps_of,
    huge_png,
    jpeg,
    png,
    size_of,
    truncated_jpeg,
)
from PIL import Image

from scorepad.store import StoreError
from scorepad.store.photo_image import (
    LONG_SIDE,
    MAX_BYTES,
    THUMB_SIDE,
    admit,
    digest_of,
    prepare,
)


def test_a_phone_jpeg_with_gps_comes_out_without_any_exif_or_gps():
    taken = jpeg(800, 600, gps=True, orientation=1)
    assert gps_of(taken)  # the file given does hold a place
    assert exif_of(taken)
    kept = prepare(taken, "IMG_0001.jpg")
    assert gps_of(kept.image) == {}
    assert exif_of(kept.image) == {}
    assert exif_of(kept.thumb) == {}
    assert b"TablePhone" not in kept.image
    assert b"GPS" not in kept.image and b"Exif" not in kept.image
    with Image.open(io.BytesIO(kept.image)) as picture:
        assert picture.format == "JPEG"
        assert "exif" not in picture.info and "icc_profile" not in picture.info
    assert kept.digest == digest_of(kept.image) and len(kept.digest) == 64
    assert kept.mime == "image/jpeg"


@pytest.mark.parametrize(
    ("orientation", "size", "corner"),
    [
        (1, (400, 300), "top-left"),  # as stored
        (3, (400, 300), "bottom-right"),  # half a turn
        (6, (300, 400), "top-right"),  # a quarter turn clockwise to be upright
        (8, (300, 400), "bottom-left"),  # a quarter turn the other way
    ],
)
def test_the_exif_orientation_is_applied_and_then_dropped(orientation, size, corner):
    taken = jpeg(400, 300, orientation=orientation, gps=True)
    assert coloured_corner(taken) == "top-left"  # as stored, before turning
    kept = prepare(taken, "turned.jpg")
    assert (kept.width, kept.height) == size == size_of(kept.image)
    assert coloured_corner(kept.image) == corner
    assert coloured_corner(kept.thumb) == corner
    assert exif_of(kept.image) == {} and gps_of(kept.image) == {}


def test_a_big_photo_is_brought_down_to_1600_on_its_long_side_with_a_thumbnail():
    kept = prepare(jpeg(4000, 3000), "big.jpg")
    assert (kept.width, kept.height) == (LONG_SIDE, 1200) == size_of(kept.image)
    assert size_of(kept.thumb) == (THUMB_SIDE, 240)
    tall = prepare(jpeg(1000, 3200, orientation=1), "tall.jpg")
    assert size_of(tall.image) == (500, LONG_SIDE)


def test_a_small_photo_is_never_enlarged():
    kept = prepare(jpeg(300, 200), "small.jpg")
    assert size_of(kept.image) == (300, 200)
    assert size_of(kept.thumb) == (300, 200)


def test_png_with_transparency_becomes_a_jpeg_on_white():
    kept = prepare(png(alpha=True), "board.png")
    with Image.open(io.BytesIO(kept.image)) as picture:
        assert picture.format == "JPEG"
        assert picture.convert("RGB").getpixel((5, 5)) >= (250, 250, 250)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"just some text, not a picture", "notes.txt is not a picture Scorepad can read"),
        (b"%PDF-1.4\n" + b"0" * 100, "notes.txt is not a picture Scorepad can read"),
        (b"", "notes.txt is not a picture Scorepad can read"),
    ],
)
def test_a_file_that_is_not_a_picture_is_refused_by_name(data, words):
    with pytest.raises(StoreError) as refused:
        prepare(data, "notes.txt")
    assert words in refused.value.message("en")
    assert "notes.txt" in refused.value.message("fr")


def test_a_damaged_jpeg_is_refused_by_name():
    with pytest.raises(StoreError) as refused:
        prepare(truncated_jpeg(), "half.jpg")
    assert refused.value.key == "photos.damaged"
    assert refused.value.message("en").startswith("half.jpg is damaged")


def test_a_decompression_bomb_is_refused_before_its_pixels_are_decoded():
    bomb = huge_png(12_000, 12_000)  # 144 million pixels in a few hundred kilobytes
    assert len(bomb) < 1_000_000
    with pytest.raises(StoreError) as refused:
        prepare(bomb, "bomb.png")
    assert refused.value.key == "photos.bomb"
    assert "bomb.png" in refused.value.message("de")


def test_a_file_over_20_mb_is_refused_before_it_is_read():
    with pytest.raises(StoreError) as refused:
        prepare(b"\xff\xd8" + b"\0" * MAX_BYTES, "huge.jpg")
    assert refused.value.key == "photos.too_big"
    assert refused.value.message("en") == (
        "huge.jpg is larger than 20 MB: a photo of the table is at most that big."
    )


def test_an_archive_photo_scorepad_made_is_kept_byte_for_byte_and_any_other_is_remade():
    kept = prepare(jpeg(2000, 1000, gps=True), "a.jpg")
    again = admit(kept.image, "photos/x.jpg")
    assert again.image == kept.image and again.digest == kept.digest
    foreign = jpeg(500, 400, gps=True)
    remade = admit(foreign, "photos/y.jpg")
    assert remade.image != foreign and gps_of(remade.image) == {}
