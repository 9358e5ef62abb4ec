"""Photos a device sends for a play: picked from its camera or its files, sent over HTTP.

The device's own chooser is opened for pictures (``FilePickerFileType.IMAGE``: the
browser's ``accept="image/*"``, which on a phone offers its camera beside its files;
Flet 1.0 has no ``capture`` attribute to open the camera straight away). Several may be
picked at once; each is then taken as any upload is (``scorepad.ui.uploads``): its size
first, one over ``PHOTO_MAX_MB`` refused before a byte is sent, the others one at a time
to a token good for that one file, from the session that asked, behind the same guards
as every request. Only the first ``room`` are taken (a play keeps at most 12); each one
left out, too big or lost on the way comes back with its problem, naming the file.
Nothing of the host's files is ever read: only what the device sends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorepad.core import ScorepadError
from scorepad.ui.errors import AppError

if TYPE_CHECKING:
    from scorepad.ui.uploads import Upload


@dataclass(frozen=True)
class Picked:
    """A photo a device picked: its bytes, or why they did not come."""

    name: str
    data: bytes | None = None
    problem: ScorepadError | None = None


async def receive_photos(
    picker: ft.FilePicker, room: int, watching: Callable[[Upload | None], None]
) -> list[Picked]:
    """The photos picked on the device of ``picker`` (none when it picked none);
    ``watching`` is told the upload under way (the page's upload events end it early)."""
    from scorepad.store import MAX_PHOTOS, PHOTO_MAX_MB
    from scorepad.ui.uploads import UPLOADS, UploadFailed

    files = await picker.pick_files(
        file_type=ft.FilePickerFileType.IMAGE,
        allow_multiple=True,
        # a phone's camera takes the page's focus while the photo is taken: that is not
        # a chooser closed without a pick (the browser's own "cancel" still says so)
        cancel_upload_on_window_blur=False,
    )
    found: list[Picked] = []
    for number, picked in enumerate(files or []):
        name = picked.name
        if number >= room:
            found.append(
                Picked(name, problem=AppError("photos.too_many", name=name, most=MAX_PHOTOS))
            )
            continue
        if picked.size > PHOTO_MAX_MB * 1024 * 1024:
            found.append(
                Picked(name, problem=AppError("photos.too_big", name=name, mb=PHOTO_MAX_MB))
            )
            continue
        try:
            data = await UPLOADS.take(picker, picked, watching)
        except (UploadFailed, TimeoutError):
            found.append(Picked(name, problem=AppError("photos.upload_failed", name=name)))
            continue
        found.append(Picked(name, data))
    return found
