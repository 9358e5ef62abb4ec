"""The printing layer's errors: each speaks the reader's language through its message key."""

from __future__ import annotations

from scorepad.core.errors import ScorepadError


class PrintError(ScorepadError):
    """A sheet that cannot be printed as asked: a bad player count, names, or output path."""
