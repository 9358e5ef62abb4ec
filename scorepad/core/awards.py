"""Awards between players: points given by how a player's entered quantity ranks among
everyone's (Sushi Go's maki rolls and puddings, Ticket to Ride's longest path).

A player alone cannot know what an award line is worth: the line reads the quantity and
scores 0, and ``award_points`` hands out the places once every player's quantity is known
(``sheetrules.apply_rules``). Ties follow the game's data:

- ``split``: the tied players share the place's points, each rounded toward 0 (the
  remainder is ignored), and they use up as many places as there are of them (Sushi Go:
  a tie for most maki gives no second place);
- ``skip``: every tied player gets the place's full points, and they use up as many places
  as there are of them (competition ranking: two tied for first, no second);
- ``full``: every tied player gets the place's full points, and the next quantity down
  takes the next place.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any, Literal, cast

from scorepad.core.i18n import tr
from scorepad.core.lines import Line, Reading, read_whole, signed
from scorepad.core.numbers import LIMIT, Number, normalize

Ties = Literal["split", "skip", "full"]
TIES: tuple[Ties, ...] = ("split", "skip", "full")


class AwardLine(Line):
    """A quantity each player enters (maki icons, puddings, a path's length); its points
    come from comparing everyone's."""

    kind = "award"
    worked_out = True
    compared = True
    fields = MappingProxyType(
        {
            "places": True,
            "fewest": False,
            "ties": False,
            "zero_counts": False,
            "fewest_from_players": False,
            "all_tied_nothing": False,
            "tiebreak_on": False,
            "max": False,
        }
    )
    __slots__ = (
        "all_tied_nothing",
        "fewest",
        "fewest_from_players",
        "max",
        "places",
        "tiebreak_on",
        "ties",
        "whole_points",
        "zero_counts",
    )

    def __init__(
        self,
        *,
        places: tuple[Number, ...],
        fewest: tuple[Number, ...] = (),
        ties: Ties = "split",
        zero_counts: bool = True,
        fewest_from_players: int = 1,
        all_tied_nothing: bool = False,
        tiebreak_on: Literal["quantity", "points"] = "quantity",
        max: int | None = None,
        **common: Any,
    ) -> None:
        super().__init__(**common)
        self.places = places
        """Points of the most, second most, …"""
        self.fewest = fewest
        """Points of the fewest, second fewest, … (usually negative)."""
        self.ties = ties
        self.zero_counts = zero_counts
        """False when a player with 0 is not ranked for the most (Sushi Go's maki)."""
        self.fewest_from_players = fewest_from_players
        """The fewest places are given only from this many players on (Sushi Go's pudding:
        no penalty at 2 players)."""
        self.all_tied_nothing = all_tied_nothing
        """When every player has the same quantity, no one scores (Sushi Go's pudding)."""
        self.tiebreak_on = tiebreak_on
        """What tie-breakers weigh: the quantity entered, or the points it earned (Ticket
        to Ride: "the player with the longest-path bonus")."""
        self.max = max
        self.whole_points = tiebreak_on == "quantity" and all(
            type(points) is int for points in (*places, *fewest)
        )
        """True when every place is worth whole points and the tie-breakers weigh the
        quantity: handed out, the line leaves every measure as it is and every total an
        int (``roundtable.table_rounds`` hands such a line out with the table)."""

    def read(self, raw: object) -> Reading:
        count = read_whole(raw, 0, self.max)
        return self.scored(count, count, 0)

    def highest(self) -> Number | None:
        return self.max

    def whole_range(self) -> tuple[Number, Number, int] | None:
        """Read per round as it stands, worth 0 until ``award_points`` (sign 0)."""
        return 0, LIMIT if self.max is None else min(self.max, LIMIT), 0

    def _default_hint(self, lang: str) -> str:
        parts = [
            tr("hint.award_place", lang, place=i, points=signed(p, lang))
            for i, p in enumerate(self.places, 1)
        ]
        parts += [
            tr("hint.award_fewest", lang, place=i, points=signed(p, lang))
            for i, p in enumerate(self.fewest, 1)
        ]
        parts.append(tr(f"hint.award_ties.{self.ties}", lang))
        return " · ".join(parts)


def award_points(line: AwardLine, quantities: Sequence[int]) -> list[Number]:
    """Each player's points on one award line, from everyone's quantities (seat order)."""
    points: list[Number] = [0] * len(quantities)
    if not quantities or (line.all_tied_nothing and min(quantities) == max(quantities)):
        return points
    _give(points, quantities, line.places, line.ties, True, line.zero_counts)
    if line.fewest and len(quantities) >= line.fewest_from_players:
        _give(points, quantities, line.fewest, line.ties, False, True)
    return points


def _give(
    points: list[Number],
    quantities: Sequence[int],
    places: tuple[Number, ...],
    ties: Ties,
    most: bool,
    zero: bool,
) -> None:
    """Hands out ``places`` from the most (or the fewest) down; ``zero`` False leaves the
    players with none out of the running. Each quantity takes at least one place, so only
    the first ``len(places)`` quantities in order can earn any. (Called for every round
    of every sheet with an award line: the usual quantity, held by one player alone,
    costs a count and an index.)"""
    ranked = sorted(set(quantities), reverse=most)
    if not zero:
        ranked = [q for q in ranked if q > 0]
    place = 0
    left = len(places)
    for value in ranked:
        if place >= left:
            return
        tied = quantities.count(value)
        if tied == 1:  # the usual case: one player alone on this quantity
            points[quantities.index(value)] += places[place]
            place += 1
            continue
        worth: Number = places[place]
        if ties == "split":
            share: Number = cast(Number, abs(worth)) // tied
            worth = normalize(share if worth >= 0 else -share)
        for i, quantity in enumerate(quantities):
            if quantity == value:
                points[i] += worth
        place += 1 if ties == "full" else tied
