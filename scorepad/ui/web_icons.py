"""The Material icons font cut down to the icons the page can draw.

Flet's web client ships Flutter's whole Material icons font (1.26 MB, 0.45 MB compressed,
8,600 icons in four styles); a page draws a few dozen of them: the app's own (``APP``,
every ``ft.Icons`` name the app's code uses; a test keeps the list complete) and those
Flutter's widgets draw by themselves (``FRAMEWORK``: a back arrow, a dropdown's arrow, a
date picker's chevrons...). Flutter draws an icon by its code point in the font, so the
cut font keeps those code points' glyphs, found by the font's glyph names (Flutter's
``Icons.add`` is ``add_baseline``, ``Icons.add_outlined`` is ``add_outlined``).
"""

from __future__ import annotations

from pathlib import Path

from scorepad.ui.web_fonts import cut_font

ICONS_FONT = "assets/fonts/MaterialIcons-Regular.otf"

APP = (
    "AC_UNIT",
    "ADD",
    "ADD_A_PHOTO_OUTLINED",
    "ARROW_BACK",
    "ARROW_DOWNWARD",
    "ARROW_DROP_DOWN",
    "ARROW_FORWARD",
    "ARROW_UPWARD",
    "AUTO_AWESOME",
    "BAR_CHART",
    "BROKEN_IMAGE_OUTLINED",
    "CALL_MERGE",
    "CASINO",
    "CHECK",
    "CHEVRON_LEFT",
    "CHEVRON_RIGHT",
    "CLOSE",
    "CONTENT_COPY_OUTLINED",
    "CONTENT_CUT",
    "DELETE_OUTLINE",
    "DELETE_SWEEP",
    "DESCRIPTION_OUTLINED",
    "DIAMOND",
    "DOWNLOAD",
    "DOWNLOAD_OUTLINED",
    "ECO",
    "EDIT",
    "EDIT_NOTE",
    "EDIT_OUTLINED",
    "EMOJI_EVENTS",
    "ERROR_OUTLINE",
    "EXPAND_MORE",
    "FAVORITE",
    "FILTER_LIST",
    "FILTER_VINTAGE",
    "FLAG",
    "GRID_ON",
    "GRID_VIEW",
    "GROUPS",
    "HEART_BROKEN_OUTLINED",
    "HELP_OUTLINE",
    "HISTORY",
    "HOME_OUTLINED",
    "LEADERBOARD",
    "LIGHTBULB_OUTLINE",
    "LOCAL_FIRE_DEPARTMENT",
    "NIGHTLIGHT_OUTLINED",
    "PALETTE",
    "PAUSE",
    "PEOPLE_OUTLINE",
    "PERSON_ADD",
    "PERSON_OUTLINE",
    "PLAY_ARROW",
    "PRINT",
    "RADIO_BUTTON_CHECKED",
    "RADIO_BUTTON_UNCHECKED",
    "REMOVE",
    "REPLAY",
    "SAVE",
    "SEARCH",
    "SETTINGS_OUTLINED",
    "SHARE",
    "SHELVES",
    "STAR",
    "STAR_BORDER",
    "TIMER_OUTLINED",
    "TUNE",
    "UNDO",
    "UPLOAD_FILE",
    "WATER_DROP",
    "WB_SUNNY",
)
"""Every ``ft.Icons`` name in the app's code (``tests/app/test_web_icons.py`` checks)."""

FRAMEWORK = (
    "ACCESS_TIME",
    "ADD",
    "ARROW_BACK",
    "ARROW_BACK_IOS",
    "ARROW_BACK_IOS_NEW",
    "ARROW_DOWNWARD",
    "ARROW_DROP_DOWN",
    "ARROW_DROP_UP",
    "ARROW_FORWARD",
    "ARROW_FORWARD_IOS",
    "ARROW_UPWARD",
    "CALENDAR_TODAY",
    "CANCEL",
    "CHECK",
    "CHEVRON_LEFT",
    "CHEVRON_RIGHT",
    "CLEAR",
    "CLOSE",
    "DATE_RANGE",
    "DONE",
    "DRAG_HANDLE",
    "EDIT",
    "EDIT_OUTLINED",
    "ERROR",
    "ERROR_OUTLINE",
    "EXPAND_LESS",
    "EXPAND_MORE",
    "FIRST_PAGE",
    "INFO_OUTLINE",
    "KEYBOARD",
    "KEYBOARD_ARROW_DOWN",
    "KEYBOARD_ARROW_LEFT",
    "KEYBOARD_ARROW_RIGHT",
    "KEYBOARD_ARROW_UP",
    "KEYBOARD_OUTLINED",
    "LAST_PAGE",
    "MENU",
    "MORE_HORIZ",
    "MORE_VERT",
    "REFRESH",
    "REMOVE",
    "SEARCH",
    "UNFOLD_MORE",
    "VISIBILITY",
    "VISIBILITY_OFF",
)
"""What Flutter's and Flet's widgets draw without being told: back and close buttons,
menus, dropdown and sort arrows, date and time pickers, chips' delete, an expansion's
arrow, a password's eye, a reorderable list's handle."""

STYLES = ("_OUTLINED", "_ROUNDED", "_SHARP")


def glyph_name(icon: str) -> str:
    """The font's glyph for a Flet icon name: ``ADD`` is ``add_baseline``, ``ADD_OUTLINED``
    is ``add_outlined``, ``_10K`` (a leading digit) is ``_10k_baseline``."""
    name = icon.lower()
    if not icon.endswith(STYLES):
        name += "_baseline"
    return name if not name[0].isdigit() else "_" + name


def kept_icons() -> list[str]:
    return sorted({*APP, *FRAMEWORK})


def code_points(font: Path, icons: list[str]) -> dict[str, int]:
    """Each icon's code point in ``font`` (an icon the font lacks is left out)."""
    from fontTools.ttLib import TTFont

    by_name = {name: point for point, name in TTFont(str(font)).getBestCmap().items()}
    return {icon: by_name[glyph_name(icon)] for icon in icons if glyph_name(icon) in by_name}


def icons_font(font: Path) -> bytes | None:
    """``font`` with only ``kept_icons()``, or None without fontTools."""
    try:
        points = code_points(font, kept_icons())
    except ImportError:
        return None
    return cut_font(font, points.values(), layout=False)
