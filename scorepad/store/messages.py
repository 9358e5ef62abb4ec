"""The store's error type. Its sentences are in the gettext catalogues
(``scorepad/locale``, keys ``store.…``), so a ``StoreError`` renders in whichever language
the CLI or the app asks for."""

from __future__ import annotations

from scorepad.core.errors import ScorepadError


class StoreError(ScorepadError):
    """A history that cannot be opened, read or changed as asked, or a bad import record."""
