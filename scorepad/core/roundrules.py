"""A round game's rules as values: how many rounds, how the game ends, bids as data.

A game file's ``rounds`` (a fixed count, a count by number of players, or open), ``ends``
(when someone reaches or falls to a total) and ``bids`` (a bid against the tricks taken,
Skull King and Wizard) become the values here; ``rounds`` reads the sheets. A
``GameTemplate`` holds these values, so nothing here knows of templates.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, cast

from scorepad.core.i18n import Text, tr
from scorepad.core.lines import signed
from scorepad.core.numbers import Number, format_points

MAX_ROUNDS = 1000
"""The most rounds a sheet of an open-ended game may hold."""

Ending = Literal["reach", "fall_to"]


class TotalEnd(NamedTuple):
    """A game without rounds that ends once someone's total reaches (or passes) ``target``,
    or falls to (or below) it: a game file's ``ends`` without ``rounds`` (a quick game's
    target: the first to 100)."""

    ending: Ending
    target: Number

    def describe(self, lang: str) -> str:
        """The rule in words: "ends once someone's total reaches 100"."""
        key = "text.total_ends_reach" if self.ending == "reach" else "text.total_ends_fall"
        return tr(key, lang, target=format_points(self.target))


class Rounds(NamedTuple):
    """How many rounds a game has and when it ends."""

    fixed: int | None = None
    """A fixed number of rounds (Skull King: 10)."""
    by_players: tuple[tuple[int, int], ...] = ()
    """(players, rounds) for every allowed player count (Wizard: 3 → 20 … 6 → 10)."""
    ending: Ending | None = None
    """The game ends after the round in which someone's running total reaches (or
    passes) ``target``, or falls to (or below) it."""
    target: Number | None = None
    cards: tuple[int, int] | None = None
    """The game file's ``deal.cards``: (first, step), round ``r`` dealing
    ``first + step × (r − 1)`` cards to each player (Skull King: (1, 1)); None: not said."""
    deck: int | None = None
    """The game file's ``deal.cards.deck``: the cards dealt from. A round never deals
    more than each player can have alike (``deck // players``), so the last rounds of a
    large table repeat that number (Skull King: 70 cards, 8 each in rounds 9 and 10
    with 8 players); None: the deck always suffices."""
    dealer_rotates: bool = False
    """The game file's ``deal.dealer`` "rotates": the deal passes to the next seat each
    round, round 1 dealt by the seat before the player who starts (or the first seat)."""
    starter_moves: bool = True
    """Who starts moves on to the next seat each round (the player chosen to start
    begins round 1); False where the game file's ``round_starter`` is "previous_round":
    the rulebook has a later round started by whom the round before decides (its
    winner, its loser), so the sheet names who starts round 1 only."""

    def cards_in(self, round_number: int, players: int) -> int | None:
        """How many cards each of ``players`` players is dealt in round ``round_number``
        (from 1)."""
        if self.cards is None:
            return None
        first, step = self.cards
        cards = first + step * (round_number - 1)
        if self.deck is not None and players > 0:
            return min(cards, self.deck // players)
        return cards

    def deals(self, players: int, rounds: int) -> tuple[int, ...] | None:
        """The cards dealt to each player in each of the first ``rounds`` rounds."""
        if self.cards is None:
            return None
        return tuple(cast(int, self.cards_in(n, players)) for n in range(1, rounds + 1))

    def dealer(self, round_number: int, players: int, first_seat: int = 0) -> int | None:
        """The seat (from 0) that deals round ``round_number``: ``first_seat`` deals round 1
        and the deal passes to the next seat each round; None when the game does not say."""
        if not self.dealer_rotates or players < 1:
            return None
        return (first_seat + round_number - 1) % players

    def starter(self, round_number: int, players: int, first_seat: int = 0) -> int | None:
        """The seat (from 0) that starts round ``round_number`` (from 1): ``first_seat``
        starts round 1 and each next round is started by the next seat (the player left
        of that round's dealer, in a game whose deal rotates); None where the game has a
        later round started as the round before decides."""
        if players < 1 or not 0 <= first_seat < players:
            return None
        if not self.starter_moves and round_number != 1:
            return None
        return (first_seat + round_number - 1) % players

    def limit(self, players: int) -> int | None:
        """The number of rounds with ``players`` players; None for open-ended games."""
        if self.fixed is not None:
            return self.fixed
        for count, rounds in self.by_players:
            if count == players:
                return rounds
        return None

    def describe(self, lang: str) -> str:
        """The rule in words: "10 rounds · ends after the last round"."""
        if self.fixed is not None:
            parts = [tr("text.rounds_fixed", lang, count=self.fixed)]
        elif self.by_players:
            table = " · ".join(f"{n} → {r}" for n, r in self.by_players)
            parts = [tr("text.rounds_by_players", lang, table=table)]
        else:
            parts = [tr("text.rounds_open", lang)]
        if self.ending is not None and self.target is not None:
            key = "text.ends_reach" if self.ending == "reach" else "text.ends_fall"
            parts.append(tr(key, lang, target=format_points(self.target)))
        elif self.fixed is not None or self.by_players:
            parts.append(tr("text.ends_last", lang))
        return " · ".join(parts)


class BidRule(NamedTuple):
    """A bid scored against the tricks taken, each round (Skull King, Wizard).

    Met bid: ``hit_base`` + ``hit_per_trick`` × tricks, or ``hit_zero`` × the round's
    cards dealt for a met bid of zero when ``hit_zero`` is given; plus the bonus line's
    entry. Missed: ``miss_per_off`` × the tricks off, or ``miss_zero`` × the round's cards
    dealt for a missed bid of zero when ``miss_zero`` is given; the bonus is lost. A game
    that does not say what a round deals counts the round's number instead.
    """

    key: str
    label: Text
    bid: str
    tricks: str
    bonus: str | None = None
    hit_base: Number = 0
    hit_per_trick: Number = 0
    hit_zero: Number | None = None
    miss_per_off: Number = 0
    miss_zero: Number | None = None

    def points(self, bid: Number, tricks: Number, cards: int, bonus: Number) -> Number:
        """A round's points: ``cards``, the cards dealt to each player that round."""
        if bid == tricks:
            if bid == 0 and self.hit_zero is not None:
                return self.hit_zero * cards + bonus
            return self.hit_base + self.hit_per_trick * tricks + bonus
        if bid == 0 and self.miss_zero is not None:
            return self.miss_zero * cards
        off: Number = bid - tricks if bid > tricks else tricks - bid
        return self.miss_per_off * off

    def bonus_lost(self, bid: Number | None, tricks: Number | None, bonus: Number | None) -> bool:
        """True when a bonus typed in a round is not counted: bid and tricks are both
        entered and differ (the bonus counts only with the bid made)."""
        return (
            self.bonus is not None
            and bid is not None
            and tricks is not None
            and bool(bonus)
            and bid != tricks
        )

    def describe(self, lang: str) -> str:
        hit = []
        if self.hit_base:
            hit.append(signed(self.hit_base))
        if self.hit_per_trick:
            hit.append(tr("hint.bid_per_trick", lang, points=signed(self.hit_per_trick)))
        if self.hit_zero is not None:
            hit.append(tr("hint.bid_zero", lang, points=signed(self.hit_zero)))
        miss = [tr("hint.bid_per_off", lang, points=signed(self.miss_per_off))]
        if self.miss_zero is not None:
            miss.append(tr("hint.bid_zero", lang, points=signed(self.miss_zero)))
        text = tr("hint.bid", lang, hit=" + ".join(hit) or "0", miss=", ".join(miss))
        if self.bonus is not None:
            text += " · " + tr("hint.bid_bonus", lang)
        return text
