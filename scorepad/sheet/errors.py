"""The sheet's own error: a ScorepadError whose message lives in ``app.*``."""

from __future__ import annotations

from scorepad.core import ScorepadError


class AppError(ScorepadError):
    """A problem the app reports on screen (and the ``app`` command on one line)."""
