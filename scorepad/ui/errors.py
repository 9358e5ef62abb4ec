"""The app layer's own error: a ScorepadError whose message lives in ``app.*`` (the
sheet's, ``scorepad.sheet.errors``, which the sheet below the app raises too)."""

from __future__ import annotations

from scorepad.sheet.errors import AppError

__all__ = ["AppError"]
