"""The pure core: game templates, line kinds, scoring, ranking and tie-breakers.

Imports only the standard library; everything else in Scorepad calls into it.
"""

from scorepad.core.catalogue import builtin_games, find_game
from scorepad.core.errors import EntryError, ScorepadError, SheetError, TemplateError
from scorepad.core.loader import load_template
from scorepad.core.numbers import Number
from scorepad.core.scoring import (
    ExtraLine,
    PlayerResult,
    PlayerSheet,
    ScoredSheet,
    resolve_variant,
    score,
)
from scorepad.core.sheetfile import SheetInput, read_sheet, score_sheet_text
from scorepad.core.template import GameTemplate, Line, Reading, Tiebreaker, Variant

__all__ = [
    "EntryError",
    "ExtraLine",
    "GameTemplate",
    "Line",
    "Number",
    "PlayerResult",
    "PlayerSheet",
    "Reading",
    "ScoredSheet",
    "ScorepadError",
    "SheetError",
    "SheetInput",
    "TemplateError",
    "Tiebreaker",
    "Variant",
    "builtin_games",
    "find_game",
    "load_template",
    "read_sheet",
    "resolve_variant",
    "score",
    "score_sheet_text",
]
