"""The app's one history service: ``Services.history``, a ``History``; ``StoreHistory``
is the one the app runs on, over ``scorepad.store``.

The store opens on first use, not at start-up, so the server listens as fast as before
and a history that cannot be opened (locked, unreachable, read-only) is reported on the
screen that needed it, as a ``StoreError`` in the page's language, while the sheet stays.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from scorepad.core import GameTemplate, ScorepadError, builtin_games
from scorepad.core.catalogue import builtin_entries
from scorepad.core.finding import Played, fold
from scorepad.core.game_index import GameEntry
from scorepad.core.i18n import join_words, pick, tr
from scorepad.core.numbers import Number, normalize
from scorepad.core.periods import Period, Timeline
from scorepad.core.play_to_save import PlayToSave
from scorepad.core.results import has_score
from scorepad.store import coop_key
from scorepad.ui.drafts import DraftStore, take_in_legacy_drafts

if TYPE_CHECKING:
    from scorepad.club.achievements import Earned
    from scorepad.club.facts import PlayFact
    from scorepad.club.nights import NightMark
    from scorepad.club.ratings import Ratings
    from scorepad.club.review import Review
    from scorepad.club.seasons import Season
    from scorepad.core.quick import QuickGame
    from scorepad.store import (
        Backup,
        CustomGame,
        EditedPlay,
        GameStats,
        HeadToHead,
        Imported,
        NewSheet,
        Page,
        Photo,
        PlayerInfo,
        PlayerStats,
        PlayFilter,
        PlayRecord,
        PlaySummary,
        PlayVersion,
        RemovedPhoto,
        Restored,
        Store,
    )

Progress = Callable[[int, int], None]
"""Told (plays read, plays in the file) as an import goes in."""

RETRY_AFTER_S = 3.0
"""How long a history that failed to open is taken as still failing without asking."""
CACHE_KIB = 8 * 1024
"""SQLite's page cache per connection in the app, which runs for hours and reads a page
of plays at a time: the file stays in the system's cache anyway, and the store's own
default (32 MB, for the command line's bulk work) would be held for good once a Stats
screen over a long history has filled it. Imports still get the full cache."""


@dataclass(frozen=True)
class RecentPlay:
    """One line of Home's recent plays."""

    id: str
    game_id: str
    title: str
    """The game's name, with the variant's (already in the app's language)."""
    played_at: datetime
    winners: tuple[str, ...]
    players: tuple[str, ...]
    total: Number | None = None
    """The winners' total (None when no one won); a co-operative play's score, when the
    game has one; None for a game without a score (Pandemic)."""
    together: str = ""
    """A co-operative play's result in the app's language: "won together", "lost
    together" ("" for other plays)."""


class History(Protocol):
    """What the app's screens ask of the history, and all they may: the store behind it
    is the history's own (tests/test_store_face.py). Failures raise a ScorepadError (the
    database locked, unreachable, read-only, damaged): the screen shows its message and
    keeps what was typed. ``games``, ``game_entries`` and ``played_games`` never fail:
    the picker must still work."""

    @property
    def ready(self) -> bool:
        """Whether the history is open, so that asking it cannot keep a screen waiting."""
        ...

    @property
    def label(self) -> str:
        """Where the history is, for messages (a path, or a URL without its password)."""
        ...

    # --- plays ------------------------------------------------------------------------------
    def save_play(self, play: PlayToSave) -> str:
        """Store a new play (its entries and the template it was scored with) and return
        its id, used in ``/play/<id>``."""
        ...

    def update_play(self, play_id: int, play: PlayToSave) -> EditedPlay:
        """Save an edit of a saved play (details left None keep theirs), with the play
        as it was (``before``) for ``undo_edit``."""
        ...

    def undo_edit(self, before: PlayVersion) -> None: ...

    def get_play(self, play_id: int) -> PlayRecord: ...

    def list_plays(self, filters: PlayFilter | None, limit: int, offset: int = 0) -> Page: ...

    def recent_plays(self, limit: int, lang: str) -> Sequence[RecentPlay]: ...

    def delete_play(self, play_id: int) -> None:
        """Hide a play from history and stats; ``restore_play`` undoes it."""
        ...

    def restore_play(self, play_id: int) -> None: ...

    def set_ignored(self, play_id: int, ignored: bool) -> None:
        """Leave a play out of every statistic, or count it again."""
        ...

    def rematch(self, play_id: int) -> NewSheet:
        """A fresh sheet with the play's game, variant, players and modules."""
        ...

    # --- photos of the table ----------------------------------------------------------------
    def photos(self, play_id: int) -> list[Photo]:
        """A live play's photos, in their order."""
        ...

    def photo_marks(self, play_ids: Sequence[int]) -> dict[int, tuple[Photo, int]]:
        """For each of ``play_ids`` with photos: its first photo and how many it has."""
        ...

    def photo_bytes(self, play_id: int, position: int, *, thumb: bool = False) -> bytes: ...

    def add_photos(self, play_id: int, files: Sequence[tuple[str, bytes]]) -> list[Photo]:
        """Photos (file name, bytes) made fit to keep and added to a play: all, or none."""
        ...

    def remove_photo(self, play_id: int, position: int) -> RemovedPhoto: ...

    def put_back_photo(self, removed: RemovedPhoto) -> Photo: ...

    # --- players and stats ------------------------------------------------------------------
    def players(self, period: Period | None = None) -> list[PlayerInfo]:
        """Every player with their plays and wins (in ``period``; None: all time)."""
        ...

    def last_colours(self, names: Sequence[str]) -> dict[str, str]:
        """The colour each of ``names`` had in their latest play with one."""
        ...

    def add_player(self, name: str) -> None: ...

    def rename_player(self, old: str, new: str) -> None: ...

    def merge_players(self, source: str, target: str) -> None: ...

    def player_stats(
        self, name: str, game: str | None = None, period: Period | None = None
    ) -> PlayerStats: ...

    def game_stats(self, game: str, period: Period | None = None) -> GameStats:
        """A game's figures (for a period, without the distribution of its totals)."""
        ...

    def head_to_head(
        self, a: str, b: str, game: str | None = None, period: Period | None = None
    ) -> HeadToHead: ...

    def player_timeline(
        self, name: str, game: str | None = None, period: Period | None = None
    ) -> Timeline:
        """A player's plays, wins and totals per day, month or year."""
        ...

    def played_span(self) -> tuple[datetime, datetime] | None:
        """When the first and the last play were played (None before any)."""
        ...

    def review(self, year: int, player: str | None = None) -> Review: ...

    def review_years(self) -> list[int]: ...

    def achievements(self) -> list[Earned]: ...
    # --- ratings (``scorepad.club.ratings``) ------------------------------------------------
    def ratings(self) -> Ratings | None:
        """Every player's ratings (None when this history has them turned off)."""
        ...

    def ratings_on(self) -> bool: ...

    def set_ratings_on(self, on: bool) -> None: ...

    def staying_out(self) -> dict[int, str]:
        """The players who chose to stay out of the ratings, by id."""
        ...

    def set_rated(self, name: str, rated: bool) -> None: ...

    # --- games ------------------------------------------------------------------------------
    def games(self) -> Mapping[str, GameTemplate]:
        """Every game the picker offers: built-in and user-defined."""
        ...

    def game_entries(self) -> Mapping[str, GameEntry]:
        """What the picker lists of ``games``: names, table sizes, variants (the built-in
        games from their index, without reading their files)."""
        ...

    def played_games(self) -> Mapping[str, Played]:
        """How often and when last each game was played (the picker shows those first)."""
        ...

    def template(self, game: str) -> GameTemplate: ...

    def custom_games(self) -> list[CustomGame]:
        """The user's own games (with those a sheet cannot show yet)."""
        ...

    def create_game(self, definition: Mapping[str, Any], source: str = "game") -> GameTemplate:
        """Add a user-defined game (validated)."""
        ...

    def update_game(self, definition: Mapping[str, Any], source: str = "game") -> GameTemplate:
        """Replace a user-defined game's template; plays already saved keep theirs."""
        ...

    def import_game(self, text: str, source: str) -> GameTemplate:
        """A shared game file: added, or replacing the user's game with the same id."""
        ...

    def export_game(self, game: str) -> str:
        """The game as a template file, to share."""
        ...

    def delete_game(self, game: str) -> None: ...

    def restore_game(self, game: str) -> None: ...

    def own_copy(self, game: str) -> GameTemplate | None:
        """The user's own copy of ``game`` (the game itself when it is theirs), if any."""
        ...

    def keep_line(self, game: str, line: Mapping[str, Any]) -> GameTemplate:
        """A line added on a sheet, kept in the user's own copy of the game (returned)."""
        ...

    def labels(self, game: str) -> list[str]:
        """By-hand line labels used with the game before, most recent first."""
        ...

    def quick_game(self, game: QuickGame) -> GameTemplate:
        """The quick game (a game outside the catalogue, made at the table) with these
        options: made, or brought up to them (``Store.quick_game``)."""
        ...

    def quick_games(self) -> list[GameTemplate]:
        """The quick games not yet made games of their own, most recently played first."""
        ...

    def keep_quick(self, game: str) -> GameTemplate:
        """A quick game made a game of its own (a custom game), its plays kept."""
        ...

    # --- the collection and what to play tonight ----------------------------------------
    def owned_games(self) -> list[dict[str, Any]]:
        """The group's collection, every source, by name (``Store.owned_games``)."""
        ...

    def add_owned(
        self,
        name: str,
        bgg_id: str,
        players: tuple[str, str],
        minutes: tuple[str, str] = ("", ""),
        weight: str = "",
    ) -> None:
        """A game added to the collection by hand, as typed (checked by the store)."""
        ...

    def remove_owned(self, collid: str) -> None: ...

    # --- files ------------------------------------------------------------------------------
    def export(self, out: TextIO, fmt: str) -> int:
        """Every live play written as ``json``, ``csv`` or ``bgsplay``; how many."""
        ...

    def export_file(self, path: Path, fmt: str) -> int:
        """``export`` into a file, replaced only once the new one is complete."""
        ...

    def import_text(self, text: str, source: str, progress: Progress | None = None) -> Imported:
        """A history or BG Stats file: every play or, on any problem, none."""
        ...

    def import_file(self, path: Path, progress: Progress | None = None) -> Imported: ...

    def import_archive(self, data: bytes, source: str) -> Imported:
        """A history with its photos (a ZIP archive) uploaded from a device."""
        ...

    # --- backups: they work on a history too damaged to open --------------------------------
    def backups(self) -> list[Backup]:
        """The history file's copies, newest first (StoreError for a database server)."""
        ...

    def back_up(self) -> Path: ...

    def restore(self, backup: Path) -> Restored: ...

    @property
    def backup_problem(self) -> ScorepadError | None:
        """Why the last automatic copy failed, if it did."""
        ...

    # --- clubs: the counted plays, the history's settings, nights' marks, seasons ----------
    def facts(self) -> tuple[PlayFact, ...]:
        """Every counted play, oldest first (``scorepad.club``)."""
        ...

    def settings(self) -> dict[str, Any]: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def night_marks(self) -> dict[str, NightMark]: ...

    def set_night_marks(self, changes: Mapping[str, NightMark]) -> None: ...

    def seasons(self) -> list[Season]: ...

    def save_season(self, season: Season) -> None: ...

    def delete_season(self, uid: str) -> None: ...


class StoreHistory:
    """The app's plays, players, games and labels, kept by ``scorepad.store``."""

    def __init__(self, url: str | None = None, drafts: DraftStore | None = None) -> None:
        self.url = url
        self.drafts = drafts
        """Where the sheets in progress that an older history kept go when it opens."""
        self._store: Store | None = None
        self._lock = threading.Lock()
        self._failed: tuple[float, ScorepadError] | None = None
        """When the history last failed to open, and why."""

    @property
    def ready(self) -> bool:
        return self._store is not None

    @property
    def store(self) -> Store:
        """The open store (opened now if needed); raises StoreError when it cannot open.
        Not part of ``History``: the screens ask the history's methods; tests read what
        was saved through it.
        A server that cannot be reached is given as such again at once for
        ``RETRY_AFTER_S``: one screen asks the history several things, and a server that
        does not answer would otherwise keep it waiting its timeout for each."""
        with self._lock:
            if self._store is None:
                from scorepad.store import Unreachable, open_store

                if self._failed is not None and time.monotonic() - self._failed[0] < RETRY_AFTER_S:
                    raise self._failed[1]
                try:
                    store = open_store(self.url, cache_kib=CACHE_KIB)
                except ScorepadError as problem:
                    if isinstance(problem, Unreachable):
                        self._failed = (time.monotonic(), problem)
                    raise
                self._failed = None
                self._take_in_drafts(store)
                self._store = store
            return self._store

    def _take_in_drafts(self, store: Store) -> None:
        """The sheets in progress the store kept from its former drafts table become
        drafts of the app's (the first time a history that had some opens)."""
        if self.drafts is not None:
            take_in_legacy_drafts(store, self.drafts)

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None

    @property
    def label(self) -> str:
        return self.store.label

    # --- plays ------------------------------------------------------------------------------
    def save_play(self, play: PlayToSave) -> str:
        store = self.store
        play_id = str(store.save_scored(play))
        store.back_up_daily()  # an app left running for days still copies once a day
        return play_id

    def update_play(self, play_id: int, play: PlayToSave) -> EditedPlay:
        return self.store.update_play(play_id, play)

    def undo_edit(self, before: PlayVersion) -> None:
        self.store.undo_edit(before)

    def get_play(self, play_id: int) -> PlayRecord:
        return self.store.get_play(play_id)

    def list_plays(self, filters: PlayFilter | None, limit: int, offset: int = 0) -> Page:
        return self.store.list_plays(filters, limit, offset)

    def delete_play(self, play_id: int) -> None:
        self.store.delete_play(play_id)

    def restore_play(self, play_id: int) -> None:
        self.store.restore_play(play_id)

    def set_ignored(self, play_id: int, ignored: bool) -> None:
        self.store.set_ignored(play_id, ignored)

    def rematch(self, play_id: int) -> NewSheet:
        return self.store.rematch(play_id)

    # --- photos of the table ----------------------------------------------------------------
    def photos(self, play_id: int) -> list[Photo]:
        return self.store.photos(play_id)

    def photo_marks(self, play_ids: Sequence[int]) -> dict[int, tuple[Photo, int]]:
        return self.store.photo_marks(play_ids)

    def photo_bytes(self, play_id: int, position: int, *, thumb: bool = False) -> bytes:
        return self.store.photo_bytes(play_id, position, thumb=thumb)

    def add_photos(self, play_id: int, files: Sequence[tuple[str, bytes]]) -> list[Photo]:
        return self.store.add_photos(play_id, files)

    def remove_photo(self, play_id: int, position: int) -> RemovedPhoto:
        return self.store.remove_photo(play_id, position)

    def put_back_photo(self, removed: RemovedPhoto) -> Photo:
        return self.store.put_back_photo(removed)

    # --- players and stats ------------------------------------------------------------------
    def players(self, period: Period | None = None) -> list[PlayerInfo]:
        return self.store.players(period)

    def last_colours(self, names: Sequence[str]) -> dict[str, str]:
        return self.store.last_colours(names)

    def add_player(self, name: str) -> None:
        self.store.add_player(name)

    def rename_player(self, old: str, new: str) -> None:
        self.store.rename_player(old, new)

    def merge_players(self, source: str, target: str) -> None:
        self.store.merge_players(source, target)

    def player_stats(
        self, name: str, game: str | None = None, period: Period | None = None
    ) -> PlayerStats:
        return self.store.player_stats(name, game, period)

    def game_stats(self, game: str, period: Period | None = None) -> GameStats:
        return self.store.game_stats(game, period, distribution=False)

    def head_to_head(
        self, a: str, b: str, game: str | None = None, period: Period | None = None
    ) -> HeadToHead:
        return self.store.head_to_head(a, b, game, period)

    def player_timeline(
        self, name: str, game: str | None = None, period: Period | None = None
    ) -> Timeline:
        return self.store.player_timeline(name, game, period)

    def played_span(self) -> tuple[datetime, datetime] | None:
        return self.store.played_span()

    def review(self, year: int, player: str | None = None) -> Review:
        return self.store.review(year, player)

    def review_years(self) -> list[int]:
        return self.store.review_years()

    def achievements(self) -> list[Earned]:
        return self.store.achievements()

    def ratings(self) -> Ratings | None:
        return self.store.ratings()

    def ratings_on(self) -> bool:
        return self.store.ratings_on()

    def set_ratings_on(self, on: bool) -> None:
        self.store.set_ratings_on(on)

    def staying_out(self) -> dict[int, str]:
        return self.store.staying_out()

    def set_rated(self, name: str, rated: bool) -> None:
        self.store.set_rated(name, rated)

    # --- games ------------------------------------------------------------------------------
    def template(self, game: str) -> GameTemplate:
        return self.store.template(game)

    def custom_games(self) -> list[CustomGame]:
        return self.store.custom_games()

    def create_game(self, definition: Mapping[str, Any], source: str = "game") -> GameTemplate:
        return self.store.create_game(definition, source)

    def update_game(self, definition: Mapping[str, Any], source: str = "game") -> GameTemplate:
        return self.store.update_game(definition, source)

    def import_game(self, text: str, source: str) -> GameTemplate:
        return self.store.import_game(text, source)

    def export_game(self, game: str) -> str:
        return self.store.export_game(game)

    def delete_game(self, game: str) -> None:
        self.store.delete_game(game)

    def restore_game(self, game: str) -> None:
        self.store.restore_game(game)

    def own_copy(self, game: str) -> GameTemplate | None:
        return self.store.own_copy(game)

    def keep_line(self, game: str, line: Mapping[str, Any]) -> GameTemplate:
        return self.store.keep_line(game, line)

    def labels(self, game: str) -> list[str]:
        return self.store.labels(game)

    def quick_game(self, game: QuickGame) -> GameTemplate:
        return self.store.quick_game(game)

    def quick_games(self) -> list[GameTemplate]:
        return self.store.quick_games()

    def keep_quick(self, game: str) -> GameTemplate:
        return self.store.keep_quick(game)

    # --- files ------------------------------------------------------------------------------
    def export(self, out: TextIO, fmt: str) -> int:
        return self.store.export(out, fmt)

    def export_file(self, path: Path, fmt: str) -> int:
        return self.store.export_file(path, fmt)

    def import_text(self, text: str, source: str, progress: Progress | None = None) -> Imported:
        return self.store.import_text(text, source, progress=progress)

    def import_file(self, path: Path, progress: Progress | None = None) -> Imported:
        return self.store.import_file(path, progress=progress)

    def import_archive(self, data: bytes, source: str) -> Imported:
        return self.store.import_archive(data, source)

    # --- backups: they work on a history too damaged to open --------------------------
    def backups(self) -> list[Backup]:
        """The history file's copies, newest first (StoreError for a server)."""
        from scorepad.store import backups_at

        return backups_at(self.url)

    def back_up(self) -> Path:
        return self.store.back_up()

    def restore(self, backup: Path) -> Restored:
        """Put a copy back (the history it replaces is kept as a copy first)."""
        from scorepad.store import restore_history

        with self._lock:
            self._failed = None
            if self._store is not None:
                restored = self._store.restore(backup)
                self._take_in_drafts(self._store)  # a copy from before they were dropped
                return restored
            return restore_history(self.url, backup)  # opened again on next use

    @property
    def backup_problem(self) -> ScorepadError | None:
        """Why the last automatic copy failed, if it did."""
        return self._store.backup_problem if self._store is not None else None

    # --- clubs --------------------------------------------------------------------------
    def facts(self) -> tuple[PlayFact, ...]:
        return self.store.facts()

    def settings(self) -> dict[str, Any]:
        return self.store.settings()

    def set_setting(self, key: str, value: Any) -> None:
        self.store.set_setting(key, value)

    def night_marks(self) -> dict[str, NightMark]:
        return self.store.night_marks()

    def set_night_marks(self, changes: Mapping[str, NightMark]) -> None:
        self.store.set_night_marks(changes)

    def seasons(self) -> list[Season]:
        return self.store.seasons()

    def save_season(self, season: Season) -> None:
        self.store.save_season(season)

    def delete_season(self, uid: str) -> None:
        self.store.delete_season(uid)

    def recent_plays(self, limit: int, lang: str) -> Sequence[RecentPlay]:
        page = self.store.list_plays(limit=limit)
        games = builtin_games()
        return [recent(summary, lang, games) for summary in page.plays]

    def games(self) -> Mapping[str, GameTemplate]:
        """Built-in and user-defined games; the built-ins alone when the store cannot open
        (the picker must still work, and Save will say what is wrong)."""
        try:
            return self.store.games()
        except ScorepadError:
            return builtin_games()

    def owned_games(self) -> list[dict[str, Any]]:
        return self.store.owned_games()

    def add_owned(
        self,
        name: str,
        bgg_id: str,
        players: tuple[str, str],
        minutes: tuple[str, str] = ("", ""),
        weight: str = "",
    ) -> None:
        self.store.add_owned(name, bgg_id, players, minutes, weight)

    def remove_owned(self, collid: str) -> None:
        self.store.remove_owned(collid)

    def game_entries(self) -> Mapping[str, GameEntry]:
        """The built-ins alone when the store cannot open, as ``games``."""
        try:
            return self.store.game_entries()
        except ScorepadError:
            return {key: entry for key, entry in builtin_entries().items() if entry.on_sheet}

    def played_games(self) -> Mapping[str, Played]:
        """None played when the store cannot open: the picker lists the games by name."""
        try:
            return self.store.played_games()
        except ScorepadError:
            return {}


def play_title(summary: PlaySummary, lang: str, games: Mapping[str, GameTemplate]) -> str:
    """The game's name with its variant's, as the sheet titles it, and the modules chosen
    ("… + Bonus dice")."""
    template = games.get(summary.game)
    title = None
    if template is not None:
        with suppress(ScorepadError):  # a variant the current template no longer has
            title = template.title(lang, summary.variant)
    if title is None:
        name = pick(summary.game_name, lang)
        title = f"{name} ({summary.variant})" if summary.variant else name
    if summary.modules:
        labels = {m.id: pick(m.label, lang) for m in template.modules} if template else {}
        title = " + ".join([title, *(labels.get(m, m) for m in summary.modules)])
    return title


def play_named(summary: PlaySummary, lang: str, games: Mapping[str, GameTemplate]) -> str:
    """A play as its players know it, by game, day and who played ("Azul · 2026-12-06 ·
    Léa and Hugo"): never by the id they do not see."""
    anonymous = tr("store.anonymous", lang)
    names = [anonymous if p.anonymous else p.name for p in summary.players]
    day = f"{summary.played_at:%Y-%m-%d}"
    return " · ".join(
        filter(None, (play_title(summary, lang, games), day, join_words(names, lang)))
    )


PICKED = 8
"""How many players the History's player picker offers at a time."""


def players_like(players: Sequence[PlayerInfo], typed: str, limit: int = PICKED) -> list[str]:
    """The players in the history (with a play) whose name has every word typed, case and
    accents aside ("chloe" offers Chloé), the most played first; the most played of all
    when nothing is typed."""
    words = fold(typed).split()
    found = [p for p in players if p.plays and all(word in fold(p.name) for word in words)]
    found.sort(key=lambda p: (-p.plays, fold(p.name)))
    return [p.name for p in found[:limit]]


def play_scored(summary: PlaySummary, games: Mapping[str, GameTemplate]) -> bool:
    """Whether the play's players have scores to show: never for a game whose sheet adds
    up to none (a play of Pandemic keeps 0 for each player, which is no score), else
    whether any seat has a total (an import may have none)."""
    template = games.get(summary.game)
    if template is not None and not has_score(template):
        return False
    return summary.scored


def table_score(summary: PlaySummary) -> Number:
    """A co-operative play's score: its players' totals added up, as the play screen
    says it (Hanabi's fireworks are entered on one player's lines)."""
    return normalize(sum((p.total for p in summary.players if p.total is not None), start=0))


def together(summary: PlaySummary, lang: str) -> str:
    """A co-operative play's result, "won together", "lost together" or, for a traitor's
    game where some seats won and some lost, "some won, some lost"; "" for others."""
    if summary.result_kind != "cooperative":
        return ""
    return tr(coop_key(summary.outcome), lang)


def recent(summary: PlaySummary, lang: str, games: Mapping[str, GameTemplate]) -> RecentPlay:
    title = play_title(summary, lang, games)
    anonymous = tr("store.anonymous", lang)
    names = tuple(anonymous if p.anonymous else p.name for p in summary.players)
    result = together(summary, lang)
    total = None
    if play_scored(summary, games):
        winning = (p.total for p in summary.players if p.winner and p.total is not None)
        total = table_score(summary) if result else next(winning, None)
    return RecentPlay(
        id=str(summary.id),
        game_id=summary.game,
        title=title,
        played_at=summary.played_at,
        winners=tuple(n for n, p in zip(names, summary.players, strict=True) if p.winner),
        players=names,
        total=total,
        together=result,
    )
