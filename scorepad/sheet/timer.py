"""The sheet's timer: how long a play has been going, breaks left out.

What the sheet's draft keeps is not a running count but when the sheet was started, the
breaks taken and any correction by hand (``Timer``): the time shown is worked out from the
clock whenever it is shown. So a reload, another device joining the live sheet or a
restarted server shows the same time, and nothing ticks on the server for the sheet as a
whole: each device's page redraws its own timer when the minute shown changes
(``views/timer_part``), and a pause, a resume or a correction travels to the other devices
as one edit (``edits.TimerEdit``), as a value typed does. The clock is passed in (whole seconds
since the epoch), so tests drive a two-hour play without waiting.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TypedDict

from scorepad.core.errors import quote
from scorepad.core.play_limits import MAX_DURATION
from scorepad.sheet.errors import AppError

Clock = Callable[[], int]
"""Whole seconds since the epoch, now."""


def clock() -> int:
    return int(time.time())


@dataclass(frozen=True)
class Timer:
    """A sheet's timer. Every time is whole seconds since the epoch."""

    started: int
    """When the sheet was started."""
    breaks: int = 0
    """Seconds of breaks already over."""
    paused_at: int | None = None
    """A break going on since then; None: the timer runs."""
    adjust: int = 0
    """Seconds added by corrections by hand (fewer when negative)."""

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def _raw(self, at: int) -> int:
        end = self.paused_at if self.paused_at is not None else at
        return end - self.started - self.breaks + self.adjust

    def elapsed(self, at: int) -> int:
        """Seconds played at ``at``, breaks left out (never below 0)."""
        return max(0, self._raw(at))

    def minutes(self, at: int) -> int:
        """Whole minutes played at ``at``: what the play records as its duration."""
        return self.elapsed(at) // 60

    def pause(self, at: int) -> Timer:
        """A break starts at ``at`` (a timer already paused stays as it is)."""
        return self if self.paused else replace(self, paused_at=at)

    def resume(self, at: int) -> Timer:
        """The break is over at ``at``: its length is left out from now on."""
        if self.paused_at is None:
            return self
        return replace(self, breaks=self.breaks + max(0, at - self.paused_at), paused_at=None)

    def set_to(self, minutes: int, at: int) -> Timer:
        """Corrected by hand: ``minutes`` played at ``at``; it goes on from there (or
        stays paused). When the sheet was started is kept as it was."""
        return replace(self, adjust=self.adjust + minutes * 60 - self._raw(at))

    @property
    def started_at(self) -> datetime:
        """When the sheet was started, in local time as the history keeps times."""
        return datetime.fromtimestamp(self.started)

    def began(self, at: int) -> int:
        """When play began, as the time played says at ``at``: the timer's end (``at``, or
        the start of the break going on) less the breaks and the time played. The sheet's
        start, unless the time played was corrected by hand: 45 minutes set at 16:35 began
        at 15:50, whenever the sheet was opened."""
        end = self.paused_at if self.paused_at is not None else at
        return end - self.breaks - self.elapsed(at)

    def to_dict(self) -> dict[str, int | None]:
        return {
            "started": self.started,
            "breaks": self.breaks,
            "paused_at": self.paused_at,
            "adjust": self.adjust,
        }

    @classmethod
    def from_dict(cls, data: object) -> Timer:
        """A timer read back from a draft; raises ValueError/TypeError when malformed."""
        if not isinstance(data, Mapping):
            raise TypeError("a timer is not an object")
        paused = data.get("paused_at")
        return cls(
            started=_whole(data["started"]),
            breaks=_whole(data.get("breaks", 0)),
            paused_at=None if paused is None else _whole(paused),
            adjust=_whole(data.get("adjust", 0)),
        )


def _whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"a timer's time is not a whole number: {value!r}")
    return value


def stopped_at(minutes: int, at: int) -> Timer:
    """A paused timer showing ``minutes``: a saved play's duration, being edited."""
    return Timer(started=at, paused_at=at, adjust=minutes * 60)


def shown(seconds: int) -> str:
    """The time as the timer shows it, hours and minutes: "0:42", "1:05"."""
    minutes = seconds // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def till_next_minute(seconds: int) -> int:
    """Seconds until the minute shown for ``seconds`` played changes."""
    return 60 - seconds % 60


_MINUTES = re.compile(r"[0-9]+", re.ASCII)
_HOURS = re.compile(r"([0-9]+):([0-5][0-9])", re.ASCII)
_MOST_DIGITS = len(str(MAX_DURATION))
"""Digits a number of minutes may have once its leading zeros are gone: a longer one is
refused before it is read (Python refuses to read more than 4,300 digits at all)."""


def read_time(text: str) -> int:
    """Minutes from a time typed by hand: minutes ("42") or hours and minutes ("1:05"),
    in the digits 0 to 9. Refused with a message that quotes what was typed (cut short):
    anything else ("²", "1e309", "-3"), minutes past 59 after hours, or more than the
    history takes (``MAX_DURATION``), however many digits."""
    typed = text.strip() if isinstance(text, str) else ""
    if _MINUTES.fullmatch(typed):
        hours, minutes = "0", typed.lstrip("0")
    elif found := _HOURS.fullmatch(typed):
        hours, minutes = found[1].lstrip("0"), found[2]
    else:
        raise AppError("app.bad_time", value=quote(text))
    if len(hours) > _MOST_DIGITS or len(minutes) > _MOST_DIGITS:
        raise AppError("app.time_too_long", value=quote(text), limit=MAX_DURATION)
    total = int(hours or 0) * 60 + int(minutes or 0)
    if total > MAX_DURATION:
        raise AppError("app.time_too_long", value=quote(text), limit=MAX_DURATION)
    return total


class SavedTime(TypedDict, total=False):
    duration: int
    started_at: datetime
    played_at: datetime


def saved_time(timer: Timer | None, at: int) -> SavedTime:
    """What Save stores of the timer at ``at``: the minutes played, when play began and
    ``at`` itself as the play's time, so that the start, the time saved and the time
    played agree (nothing for a sheet without a timer: one kept from before timers)."""
    if timer is None:
        return {}
    return {
        "duration": timer.minutes(at),
        "started_at": datetime.fromtimestamp(timer.began(at)),
        "played_at": datetime.fromtimestamp(at),
    }
