"""Quick games: a game outside the catalogue scored at once, with no set-up.

"Another game" at New play names a game (Cosmic Encounter), its players and a few options,
and the table plays: one total per player built by additions (+1, +5, +10 and − buttons,
the sums kept in the cell), or open rounds of points. A quick game is an ordinary game
file generated from those options (``quick_template``), kept by the history as a game of
the user's own with the marker ``"quick": true`` (docs/game-files.md), so that the
sheet, drafts, saving, History, Stats and export treat it as any other game. Keeping it
as a game of its own drops the marker (``Store.keep_quick``); ``quick_of`` reads the
options back from the file.

Every problem of the options is named at once, each with its place (``quick_problems``),
so a form can put each under its own field and a quick sheet file names them all.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

from scorepad.core.errors import EntryError, ScorepadError, TemplateError, quote
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.core.loader import load_template
from scorepad.core.numbers import LIMIT, Number, is_half_multiple, json_number, normalize
from scorepad.core.plaintext import blank, plain_problem
from scorepad.core.reader import type_name
from scorepad.core.template import GameTemplate

MAX_QUICK_NAME = 100
"""The longest name of a quick game, in characters once trimmed: a game's name
(``MAX_LABEL``, as every game file's)."""
STEPS: tuple[int, ...] = (1, 5, 10)
"""The amounts a quick game's total offers as + and − buttons."""
LINE = "points"
"""The key of a quick game's one line."""
PREFIX = "quick-"
"""Every quick game's id starts with it (``quick_id``)."""
MAX_PLAYERS = 20
QUICK_FIELDS = ("name", "bgg_id", "rounds", "lowest_wins", "target", "cooperative")
"""A quick sheet's ``quick`` object: ``QuickGame``'s fields, as a file names them."""
HERE = "quick"
"""Where a quick game's options are in a quick sheet file (and in messages)."""
_SLUG_PART = 40
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class QuickGame:
    """A quick game's options, as the quick form or a quick sheet file gives them."""

    name: str
    """The game's name as typed (trimmed when used): 1 to ``MAX_QUICK_NAME`` characters,
    the same in every language."""
    bgg_id: int | None = None
    """Its BoardGameGeek id, when known (from the collection, or typed in a file)."""
    rounds: bool = False
    """False: one total per player built by additions (+1/+5/+10, sums in the cell);
    True: open rounds of points, one cell per player per round."""
    lowest_wins: bool = False
    target: Number | None = None
    """A score that ends the game once someone's total reaches it (exact: an int, or a
    ``Decimal`` that is a whole number or a half; above 0). For a co-operative game: the
    table's score that wins at once."""
    cooperative: bool = False
    """Won or lost together: the outcome is asked at the end, as for co-operative games."""

    @property
    def title(self) -> str:
        """The name trimmed: the game's name."""
        return self.name.strip() if isinstance(self.name, str) else ""

    def to_json(self) -> dict[str, object]:
        """The options as a quick sheet file writes them (``scorepad score --json``)."""
        return {
            "name": self.title,
            "bgg_id": self.bgg_id,
            "rounds": self.rounds,
            "lowest_wins": self.lowest_wins,
            "target": None if self.target is None else json_number(self.target),
            "cooperative": self.cooperative,
        }


class QuickProblem(NamedTuple):
    """One problem of a quick game's options: the field it is about (one of
    ``QUICK_FIELDS``, or another key a file gave) and what is wrong, without the place
    (``QuickError`` says both)."""

    field: str
    error: ScorepadError


class QuickError(TemplateError):
    """Every problem of a quick game's options (or of a quick sheet's shape), one line
    each: "cosmic.json: quick.target: "ten" is not an exact number…"; ``problems``
    holds them one by one, and its own key and fields are the first's."""

    def __init__(self, problems: Sequence[QuickProblem], source: str = HERE) -> None:
        self.problems = tuple(problems)
        self.source = source
        first = self.problems[0]
        super().__init__("template.where", source=source, path=first.field, problem=first.error)

    def message(self, lang: str) -> str:
        return "\n".join(
            tr(
                "template.where",
                lang,
                source=self.source,
                path=problem.field,
                problem=problem.error.message(lang),
            )
            for problem in self.problems
        )


def quick_id(name: str) -> str:
    """The game id of the quick game named ``name``: "quick-cosmic-encounter".

    The same for the same name whatever its case, spaces and punctuation ("Cosmic
    encounter!" finds "Cosmic Encounter"'s game); a name with letters outside a–z and
    digits ("Café", "カタン", "Каркассон") carries a short digest of its letters, so that
    names in any script get ids of their own ("quick-cafe-1f3a9c02", "quick-5d41402a")."""
    folded = unicodedata.normalize("NFKC", name.strip()).casefold()
    letters = "".join(char for char in folded if char.isalnum())
    bare = "".join(c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c))
    plain = _NOT_SLUG.sub("-", bare).strip("-")
    slug = plain[:_SLUG_PART].strip("-")
    if plain and letters == plain.replace("-", "") and len(plain) <= _SLUG_PART:
        return PREFIX + slug
    digest = hashlib.sha256((letters or folded).encode("utf-8", "surrogatepass")).hexdigest()
    return PREFIX + (f"{slug}-{digest[:8]}" if slug else digest[:8])


def quick_problems(game: QuickGame) -> tuple[QuickProblem, ...]:
    """Every problem of a quick game's options at once, each with its field; empty when
    ``quick_template`` can make the game."""
    found: list[QuickProblem] = []
    name = game.name
    if not isinstance(name, str):
        found.append(_wrong("name", name, "text"))
    elif blank(name):
        found.append(QuickProblem("name", ScorepadError("quick.name_blank")))
    else:
        problem = plain_problem(name) or plain_problem(name.strip(), MAX_QUICK_NAME)
        if problem is not None:
            found.append(QuickProblem("name", problem))
    bgg = game.bgg_id
    if bgg is not None and (type(bgg) is not int or not 1 <= bgg <= LIMIT):
        found.append(QuickProblem("bgg_id", ScorepadError("quick.bgg_id", value=quote(bgg))))
    for flag in ("rounds", "lowest_wins", "cooperative"):
        value = getattr(game, flag)
        if not isinstance(value, bool):
            found.append(_wrong(flag, value, "bool"))
    if game.target is not None and _target(game.target) is None:
        found.append(QuickProblem("target", EntryError("quick.target", value=quote(game.target))))
    if game.cooperative is True and game.lowest_wins is True:
        found.append(QuickProblem("lowest_wins", ScorepadError("quick.cooperative_lowest")))
    if game.cooperative is True and game.rounds is True:
        found.append(QuickProblem("rounds", ScorepadError("quick.cooperative_rounds")))
    return tuple(found)


def _wrong(field: str, value: object, expected: str) -> QuickProblem:
    error = ScorepadError("template.wrong_type", value=quote(value), expected=type_name(expected))
    return QuickProblem(field, error)


def _target(raw: object) -> Number | None:
    """A target as an exact number above 0 (an int, or a Decimal whole or half), else
    None: a float, text or a bool is not an exact number."""
    if type(raw) is int:
        value: Number = raw
    elif isinstance(raw, Decimal) and raw.is_finite():
        value = normalize(raw)
    else:
        return None
    if not 0 < value <= LIMIT or not is_half_multiple(value):
        return None
    return value


def check_quick(game: QuickGame, source: str = HERE) -> None:
    """Raise ``QuickError`` naming every problem of ``game``'s options, if any."""
    problems = quick_problems(game)
    if problems:
        raise QuickError(problems, source)


def quick_data(game: QuickGame, game_id: str | None = None, version: int = 1) -> dict[str, Any]:
    """The game file of a quick game (its options checked first: ``QuickError``)."""
    check_quick(game)
    title = game.title
    data: dict[str, Any] = {
        "id": game_id or quick_id(title),
        "version": version,
        "quick": True,
        "name": {"en": title},
        "players": {"min": 1, "max": MAX_PLAYERS},
    }
    if game.bgg_id is not None:
        data["bgg_id"] = game.bgg_id
    if game.lowest_wins:
        data["wins"] = "lowest"
    line: dict[str, Any] = {
        "key": LINE,
        "kind": "points",
        "label": {lang: tr("quick.points", lang) for lang in LANGS},
    }
    target = _target(game.target) if game.target is not None else None
    if target is not None and not isinstance(target, int):
        line["halves"] = True  # a target of 10.5 is reached in halves
    if game.rounds:
        data["rounds"] = {}
        line["per_round"] = True
    else:
        line["steps"] = list(STEPS)
    data["lines"] = [line]
    if game.cooperative:
        data["result"] = {"kind": "cooperative"}
        if target is not None:
            data["result"]["won_at"] = target
    elif target is not None:
        data["ends"] = {"reach": target}
    return data


def quick_template(game: QuickGame, game_id: str | None = None, version: int = 1) -> GameTemplate:
    """The game of a quick game's options, read by the same loader as every game file
    (``QuickError`` for options with problems). ``game_id`` and ``version``: the history's
    (a suffixed id, a later version), else ``quick_id`` of its name, version 1."""
    data = quick_data(game, game_id, version)
    return load_template(data, f"game {data['id']}")


def is_quick(template: GameTemplate) -> bool:
    """A game made at the table and not yet a game of its own (``"quick": true``)."""
    return template.source.get("quick") is True


def quick_of(template: GameTemplate) -> QuickGame:
    """The options a quick game was made with, read back from its game file (a
    ``ScorepadError`` for a game that is not a quick one)."""
    if not is_quick(template):
        raise ScorepadError("quick.not_quick", value=quote(template.id))
    source: Mapping[str, Any] = template.source
    result = source.get("result") or {}
    cooperative = result.get("kind") == "cooperative"
    if cooperative:
        target = result.get("won_at")
    elif template.rounds is not None:
        target = template.rounds.target
    else:
        target = template.ends.target if template.ends is not None else None
    bgg = source.get("bgg_id")
    return QuickGame(
        name=pick(template.name, "en"),
        bgg_id=bgg if isinstance(bgg, int) else None,
        rounds=template.rounds is not None,
        lowest_wins=template.wins == "lowest",
        target=None if target is None else normalize(target),
        cooperative=cooperative,
    )


def without_marker(template: GameTemplate) -> dict[str, Any]:
    """A quick game's file as a game of its own: the marker dropped, the next version."""
    data = {key: value for key, value in template.source.items() if key != "quick"}
    data["version"] = int(template.version) + 1
    return data


def read_quick(raw: object, source: str) -> QuickGame:
    """A quick sheet's ``quick`` object: every problem at once (``QuickError``), its
    unknown fields among them."""
    if not isinstance(raw, dict):
        raise QuickError([_wrong(HERE, raw, "object")], source)
    problems = [
        QuickProblem(
            f"{HERE}.{field}",
            ScorepadError(
                "template.unknown_field",
                value=quote(field),
                choices=", ".join(quote(f) for f in QUICK_FIELDS),
            ),
        )
        for field in raw
        if field not in QUICK_FIELDS
    ]
    if "name" not in raw:
        problems.append(QuickProblem(f"{HERE}.name", ScorepadError("quick.name_blank")))
    given = {field: raw[field] for field in QUICK_FIELDS if raw.get(field) is not None}
    game = QuickGame(**{"name": "", **given})
    problems += [
        problem._replace(field=f"{HERE}.{problem.field}")
        for problem in quick_problems(game)
        if "name" in raw or problem.field != "name"
    ]
    if problems:
        raise QuickError(problems, source)
    return game
