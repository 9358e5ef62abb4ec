"""The choices made on the Settings screen, kept in ``settings.json`` in the data folder."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from scorepad.core.i18n import LANGS
from scorepad.files import write_atomic

logger = logging.getLogger(__name__)

THEMES = ("system", "light", "dark")


@dataclass(frozen=True)
class Settings:
    lang: str | None = None
    """None until the user picks one: the app then follows ``--lang``/the locale."""
    theme: str = "system"
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


class SettingsFile:
    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> Settings:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            lang = data.get("lang")
            theme = data.get("theme", "system")
            awake = data.get("keep_awake", True)
            return Settings(
                lang=lang if lang in LANGS else None,
                theme=theme if theme in THEMES else "system",
                keep_awake=awake if isinstance(awake, bool) else True,
            )
        except FileNotFoundError:
            return Settings()
        except (OSError, ValueError, AttributeError) as problem:
            logger.warning("ignoring unreadable settings %s: %s", self.path, problem)
            return Settings()

    def save(self, settings: Settings) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps(asdict(settings)))
