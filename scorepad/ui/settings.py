"""The choices made on the Settings screen: each device's own, and the app's.

Language and theme are each device's own choice, kept in that device's browser (Flet's
``SharedPreferences``: the browser's local storage) under ``LANG_KEY`` and ``THEME_KEY``,
read back when the device opens the app (``own_choices``) and applied to its page only.
What a browser hands back is untrusted: only a known language code or theme name is
taken. A device that never chose follows the app's language and the system's theme.

The app's own choices are kept in ``settings.json`` in the data folder (``SettingsFile``):
its language, which the host (the computer running the app) sets by choosing one on its
own Settings (else ``--lang``/SCOREPAD_LANG or the locale), and whether a device's screen
stays on while a sheet is open.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from pathlib import Path

from scorepad.core.i18n import LANGS
from scorepad.files import write_atomic

logger = logging.getLogger(__name__)

THEMES = ("system", "light", "dark")
LANG_KEY = "scorepad.lang"
"""Where a device's browser keeps its language (Flet prefixes it with ``flutter.``)."""
THEME_KEY = "scorepad.theme"
"""Where a device's browser keeps its theme."""


@dataclass(frozen=True)
class Settings:
    lang: str | None = None
    """This device's language; None until it picks one: it then follows the app's."""
    theme: str = "system"
    """This device's theme."""
    keep_awake: bool = True
    """While a sheet is open, the device's screen stays on (where the browser allows it)."""

    def with_keep_awake(self, on: bool) -> Settings:
        return replace(self, keep_awake=bool(on))

    def with_lang(self, lang: str) -> Settings:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}")
        return replace(self, lang=lang)

    def with_theme(self, theme: str) -> Settings:
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}")
        return replace(self, theme=theme)


def own_choices(settings: Settings, lang: object, theme: object) -> Settings:
    """``settings`` with the language and theme a device's browser kept, where they are
    ones the app knows: anything else (nothing kept, another type, an unknown code, a
    value made up by hand) leaves the default."""
    return replace(
        settings,
        lang=lang if isinstance(lang, str) and lang in LANGS else None,
        theme=theme if isinstance(theme, str) and theme in THEMES else "system",
    )


class SettingsFile:
    """The app's choices: its language (``lang``, None until the host picks one) and
    ``keep_awake``. A theme in the file (where the app kept one before each device had
    its own) is not read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._current: Settings | None = None
        self._stamp: tuple[int, int, int] | None = None

    def load(self) -> Settings:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            lang = data.get("lang")
            awake = data.get("keep_awake", True)
            return Settings(
                lang=lang if isinstance(lang, str) and lang in LANGS else None,
                keep_awake=awake if isinstance(awake, bool) else True,
            )
        except FileNotFoundError:
            return Settings()
        except (OSError, ValueError, AttributeError) as problem:
            logger.warning("ignoring unreadable settings %s: %s", self.path, problem)
            return Settings()

    def current(self) -> Settings:
        """The app's choices as the file holds them now: read again only when the file
        changed (one ``stat`` a call), so a file edited or removed by hand is seen too."""
        try:
            found = self.path.stat()
            stamp: tuple[int, int, int] | None = (found.st_mtime_ns, found.st_size, found.st_ino)
        except OSError:
            stamp = None
        if self._current is None or stamp != self._stamp:
            self._current, self._stamp = self.load(), stamp
        return self._current

    def save(self, settings: Settings) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"lang": settings.lang, "keep_awake": settings.keep_awake}
        write_atomic(self.path, json.dumps(data))
        self._current = None  # read back at the next call
