"""The store as the app and the CLI use it: ``open_store()`` and the ``Store`` methods.

Each method is one read or one write transaction; scoring happens before the transaction
starts, so a sheet with a mistake is refused before anything is written.
"""

from __future__ import annotations

import json
import logging
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO, TypeVar

import scorepad.store.backups as backups
import scorepad.store.bggread as bggread
import scorepad.store.clubrows as clubrows
import scorepad.store.collection as owned
import scorepad.store.games as g
import scorepad.store.importing as importing
import scorepad.store.legacy_drafts as legacy_drafts
import scorepad.store.photo_archive as photo_archive
import scorepad.store.photos as photos
import scorepad.store.queries as queries
import scorepad.store.ratings as ratings
import scorepad.store.restoring as restoring
import scorepad.store.stats as stats
import scorepad.store.writes as writes
from scorepad.club.achievements import Earned, earned
from scorepad.club.facts import PlayFact
from scorepad.club.nights import NightMark
from scorepad.club.ratings import Ratings
from scorepad.club.review import Review, ReviewError, played_before, year_review
from scorepad.club.seasons import Season
from scorepad.core import GameTemplate, PlayerSheet, ScoredSheet, score
from scorepad.core.errors import quote
from scorepad.core.finding import Played
from scorepad.core.game_index import GameEntry
from scorepad.core.numbers import json_number
from scorepad.core.periods import Period, Timeline
from scorepad.core.play_to_save import PlayToSave
from scorepad.core.quick import QuickGame
from scorepad.files import replacing, write_atomic
from scorepad.store.accountrows import AccountRows
from scorepad.store.backups import Backup
from scorepad.store.bgsplay import write_bgsplay
from scorepad.store.boards import kept_boards
from scorepad.store.csvfile import write_csv
from scorepad.store.database import CACHE_KIB, Database, resolve_url
from scorepad.store.errors import BackupDamaged, StoreError
from scorepad.store.facts import FactsCache, played_at, read_facts
from scorepad.store.importing import Imported
from scorepad.store.jsonfile import write_json
from scorepad.store.migrate import upgrade
from scorepad.store.notices import Listening
from scorepad.store.photos import Photo, RemovedPhoto
from scorepad.store.records import (
    CustomGame,
    EditedPlay,
    GameStats,
    HeadToHead,
    NewSheet,
    Page,
    PlayerInfo,
    PlayerStats,
    PlayFilter,
    PlayRecord,
    PlaySummary,
    PlayVersion,
    RoleStats,
)
from scorepad.store.restoring import Restored
from scorepad.store.roundfacts import club_history, lowest_wins
from scorepad.store.rows import PlayDetails, check_details, new_uid, rows_of, values_for
from scorepad.store.settings import read_settings, write_setting
from scorepad.store.sheetrows import SheetRows
from scorepad.store.uploadrows import UploadRows
from scorepad.store.values import parse_when
from scorepad.store.yearfacts import player_named, review_afresh, year_span

logger = logging.getLogger(__name__)
T = TypeVar("T")


def open_store(url: str | None = None, *, cache_kib: int = CACHE_KIB) -> Store:
    """Open (creating or upgrading as needed) the history at ``url``, $SCOREPAD_DB or the
    default file in the user's data directory; an SQLite file in use gets its daily copy.
    ``cache_kib``: SQLite's page cache per connection (imports always get the full
    ``CACHE_KIB``)."""
    db = Database(resolve_url(url), cache_kib)
    used = db.path is not None and db.path.is_file() and db.path.stat().st_size > 0
    db.check_file()
    try:
        upgrade(db)
    except BaseException:
        db.dispose()
        raise
    store = Store(db)
    if used:
        store.back_up_daily()
    return store


class Store:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.backup_problem: StoreError | None = None
        """Why the last automatic copy failed (Settings shows it); None when it worked."""
        self._copied_on: date | None = None
        self._ratings = ratings.RatingsCache()
        self._facts = FactsCache()

    @property
    def label(self) -> str:
        """Where the history is, for messages (a path, or a URL without its password)."""
        return self.db.label

    def close(self) -> None:
        self.db.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- a group's server's accounts (``scorepad.accounts`` decides, ``accountrows``) ----
    def accounts(self, work: Callable[[AccountRows], T], *, write: bool = True) -> T:
        """Run ``work`` on the account tables in one transaction (a write one unless
        ``write`` is False); the history's write count is left as it is."""
        if not write:
            with self.db.reading(snapshot=True) as conn:
                return work(AccountRows(conn))
        return self.db.write(lambda conn: work(AccountRows(conn)), touches=False, counted=False)

    # --- a group's server's sheets in progress (``scorepad.sheet`` decides) -------------
    def sheets(self, work: Callable[[SheetRows], T], *, write: bool = True) -> T:
        """Run ``work`` on the sheets in progress in one transaction (a write one unless
        ``write`` is False); the history's write count is left as it is."""
        if not write:
            with self.db.reading() as conn:
                return work(SheetRows(conn))
        return self.db.write(lambda conn: work(SheetRows(conn)), touches=False, counted=False)

    def uploads(self, work: Callable[[UploadRows], T]) -> T:
        """Run ``work`` on the uploads a group's server waits for, in one write
        transaction; the history's write count is left as it is."""
        return self.db.write(lambda conn: work(UploadRows(conn)), touches=False, counted=False)

    def listen(self, heard: Callable[[str], None], lost: Callable[[], None]) -> Listening:
        """Every notice of ``SheetRows.tell`` from any process of this history, passed to
        ``heard`` in a thread of its own; ``lost`` after the link to the database came
        back from a break (notices may have been missed). PostgreSQL only."""
        return Listening(self.db.url, heard, lost)

    # --- games --------------------------------------------------------------------------
    def games(self) -> Mapping[str, GameTemplate]:
        """The games the app offers: built-in ones and the user's own, by id (co-operative
        and team games are left out until the app shows their result: ``sheet_games`` has
        them)."""
        with self.db.reading() as conn:
            return g.app_templates(conn)

    def sheet_games(self) -> Mapping[str, GameTemplate]:
        """Every game a sheet file or a saved play may name: ``games`` and the shipped
        co-operative and team games (Pandemic, Codenames)."""
        with self.db.reading() as conn:
            return g.all_templates(conn)

    def game_entries(self) -> dict[str, GameEntry]:
        """What the picker lists of ``games`` (built-in games from their index)."""
        with self.db.reading() as conn:
            return g.app_entries(conn)

    def sheet_entries(self) -> dict[str, GameEntry]:
        """What ``scorepad games`` lists of ``sheet_games``."""
        with self.db.reading() as conn:
            return g.all_entries(conn)

    def template(self, game: str) -> GameTemplate:
        with self.db.reading() as conn:
            return g.template_for(conn, game)

    def custom_games(self, *, deleted: bool = False) -> list[CustomGame]:
        with self.db.reading() as conn:
            return [
                CustomGame(t, tuple(g.labels(conn, t.id)), gone)
                for t, gone in g.custom_games(conn, deleted=deleted)
            ]

    def create_game(
        self, definition: str | Mapping[str, Any], source: str = "game"
    ) -> GameTemplate:
        """Add a user-defined game from a template file's text or data (validated)."""
        return self.db.write(
            lambda c: g.save_custom(c, definition, source, replace=False), touches=False
        )

    def update_game(
        self, definition: str | Mapping[str, Any], source: str = "game"
    ) -> GameTemplate:
        """Replace a user-defined game's template; plays already saved keep their snapshot."""

        return self.db.write(
            lambda c: g.save_custom(c, definition, source, replace=True), touches=False
        )

    def import_game(self, text: str, source: str) -> GameTemplate:
        """A shared game file: added, or replacing the user's game with the same id."""
        return self.update_game(text, source)

    def export_game(self, game: str) -> str:
        """The game as a template file (the built-in files' format), to share."""
        template = self.template(game)
        text = json.dumps(template.source, ensure_ascii=False, indent=2, default=_json_value)
        return text + "\n"

    def export_game_file(self, game: str, path: str | Path) -> Path:
        """``export_game`` into a file, replaced only once the new one is complete."""
        text = self.export_game(game)
        try:
            return write_atomic(path, text)
        except OSError as problem:
            detail = problem.strerror or str(problem)
            raise StoreError("store.cannot_write", path=str(path), detail=detail) from None

    def own_copy(self, game: str) -> GameTemplate | None:
        """The user's own copy of ``game`` (the game itself when it is theirs), if any."""
        with self.db.reading() as conn:
            return g.own_copy(conn, game)

    def keep_line(self, game: str, line: Mapping[str, Any]) -> GameTemplate:
        """A line added on a sheet, kept for the game: added to the user's own copy of
        it (made now for a shipped game), which is returned."""
        return self.db.write(lambda c: g.keep_line(c, game, line), touches=False)

    # --- quick games (a game outside the catalogue, scored at once: core/quick.py) ---------
    def quick_game(self, game: QuickGame) -> GameTemplate:
        """The user's game for a quick game's options, made or updated to them
        (``QuickError`` naming every problem of the options); its ``id`` opens the sheet."""
        return self.db.write(lambda c: g.save_quick(c, game), touches=False)

    def quick_games(self) -> list[GameTemplate]:
        """The quick games not yet kept as games of their own, most recently played first."""
        with self.db.reading() as conn:
            return g.quick_games(conn)

    def keep_quick(self, game_id: str) -> GameTemplate:
        """Turn a quick game into a game of its own (same id, every play kept); a
        ``StoreError`` for a game that is not a quick one."""
        return self.db.write(lambda c: g.keep_quick(c, game_id), touches=False)

    def delete_game(self, game: str) -> None:
        self.db.write(lambda c: g.set_deleted(c, game, True), touches=False)

    def restore_game(self, game: str) -> None:
        self.db.write(lambda c: g.set_deleted(c, game, False), touches=False)

    def labels(self, game: str) -> list[str]:
        """By-hand line labels used with this game before, most recent first."""
        with self.db.reading() as conn:
            return g.labels(conn, game)

    # --- plays --------------------------------------------------------------------------
    def save_play(
        self,
        template: GameTemplate,
        variant: str | None,
        players: Sequence[PlayerSheet],
        played_at: datetime | str | None = None,
        location: str | None = None,
        duration: int | None = None,
        notes: str | None = None,
        *,
        outcome: str | None = None,
        modules: Sequence[str] | None = None,
        first_player: str | None = None,
        colours: Sequence[str | None] = (),
        started_at: datetime | str | None = None,
        boards: Sequence[Mapping[str, object] | None] = (),
    ) -> int:
        """Score and save a play from its entries (scripts and tests; the app and the
        command line hand over a play already scored, ``save_scored``); returns its id.
        ``outcome`` and ``modules``: a co-operative or team play's result, the game's
        modules chosen (``scorepad.core.score``); ``played_at`` and ``started_at`` may be
        ISO text; the other details as ``PlayToSave`` has them."""
        sheet = score(template, variant, players, outcome=outcome, modules=modules)
        return self.save_scored(
            PlayToSave(
                sheet,
                tuple(players),
                played_at=None if played_at is None else parse_when(played_at),
                started_at=None if started_at is None else parse_when(started_at),
                duration=duration,
                location=location,
                notes=notes,
                first_player=first_player,
                colours=tuple(colours),
                boards=tuple(boards),
            )
        )

    def save_scored(self, play: PlayToSave) -> int:
        """Save a play already scored, in one transaction; returns its id. Its details are
        checked first (``PlayToSave``): ``first_player`` one of the sheet's players, each
        colour from the palette, ``started_at`` not after ``played_at`` (now when None),
        and each board against the entries beside it (``store.boards``): StoreError
        otherwise, and nothing is written."""
        when = parse_when(play.played_at) if play.played_at is not None else datetime.now()
        started = parse_when(play.started_at) if play.started_at is not None else None
        details = check_details(
            PlayDetails(
                when,
                play.location,
                play.duration,
                play.notes,
                play.first_player,
                play.colours or (),
                started,
                play.boards or (),
            )
        )
        now = datetime.now()
        uid = new_uid()

        def work(conn: Any) -> int:
            form = values_for(conn.dialect.name)
            new = rows_of(play.sheet, details, uid, now, now, form, play.entered)
            return writes.insert_plays(conn, [(play.sheet.template, new)])[0]

        return self.db.write(work, touches=when)

    def get_play(self, play_id: int) -> PlayRecord:
        with self.db.reading(snapshot=True) as conn:
            return queries.get_play(conn, play_id)

    def update_play(self, play_id: int, play: PlayToSave) -> EditedPlay:
        """Edit a saved play: its entries (``play.entered``, else those of ``play.sheet``)
        scored again with the template the play was first scored with, in the sheet's
        variant and with its outcome (None: the play's); the play as it was comes back
        with it (``before``), for ``undo_edit``.

        Details left None keep their saved value; "" clears a text. ``first_player`` left
        None keeps the seat that started (cleared when the play no longer has that seat);
        ``colours`` left None keeps each seat's colour (a seat added has none), and
        ``boards`` each seat's board (refused when the new entries disagree with it); the
        play's times are kept unless given (a start is moved back when the minutes played
        no longer fit between it and the play's time).
        """
        old = self.get_play(play_id)
        summary = old.summary
        players = play.entered if play.entered is not None else _entries(play.sheet)
        sheet = score(
            old.sheet.template,
            play.sheet.variant or old.sheet.variant,
            players,
            outcome=old.sheet.outcome if play.sheet.outcome is None else play.sheet.outcome,
        )
        when = parse_when(play.played_at) if play.played_at is not None else summary.played_at
        minutes = summary.duration if play.duration is None else play.duration
        first = play.first_player
        began = summary.started_at if play.started_at is None else parse_when(play.started_at)
        details = check_details(
            PlayDetails(
                when,
                summary.location if play.location is None else play.location,
                minutes,
                summary.notes if play.notes is None else play.notes,
                _kept_first(summary.first_seat, players) if first is None else first,
                _kept_colours(summary, len(players)) if play.colours is None else play.colours,
                _began(began, when, minutes),
                kept_boards([p.board for p in summary.players], len(players))
                if play.boards is None
                else play.boards,
            )
        )
        before = self.db.write(
            lambda c: writes.edit_sheet(c, play_id, sheet, details, players),
            touches=min(summary.played_at, when),
        )
        record = self.get_play(play_id)
        kept = {f.name: getattr(record, f.name) for f in fields(PlayRecord)}
        return EditedPlay(**kept, before=before)

    def undo_edit(self, before: PlayVersion) -> None:
        """Put a play back as it was before an edit (``update_play``'s ``before``):
        entries, details, first player, colours and boards. Refused (StoreError) when the
        play was deleted for good or changed again since."""
        self.db.write(
            lambda c: writes.put_back(c, before),
            touches=ratings.play_time(before.play_id, before.play.get("played_at")),
        )

    def delete_play(self, play_id: int) -> None:
        """Hide a play from history and stats; ``restore_play`` undoes it."""
        self.db.write(
            lambda c: writes.set_deleted(c, play_id, True), touches=ratings.play_time(play_id)
        )

    def restore_play(self, play_id: int) -> None:
        self.db.write(
            lambda c: writes.set_deleted(c, play_id, False), touches=ratings.play_time(play_id)
        )

    def set_ignored(self, play_id: int, ignored: bool) -> None:
        """Leave a play out of every statistic (kept and listed, marked ignored), or count
        it again."""
        self.db.write(
            lambda c: writes.set_ignored(c, play_id, ignored), touches=ratings.play_time(play_id)
        )

    def purge_play(self, play_id: int) -> None:
        """Remove a play for good, its photos with it (``store.photos``)."""
        held = photos.digests_of(self.db, [play_id])
        self.db.write(lambda c: writes.purge_play(c, play_id), touches=ratings.play_time(play_id))
        photos.tidy(self.db, held)

    def deleted_plays(self) -> list[int]:
        with self.db.reading() as conn:
            return queries.deleted_plays(conn)

    def rematch(self, play_id: int) -> NewSheet:
        """A fresh sheet with the same game, variant and players; saving it makes the new
        play."""
        old = self.get_play(play_id)
        return NewSheet(
            old.summary.game,
            old.sheet.variant,
            tuple(p.name for p in old.sheet.players),
            modules=old.sheet.modules,
        )

    def list_plays(
        self, filters: PlayFilter | None = None, limit: int = queries.PAGE_SIZE, offset: int = 0
    ) -> Page:
        return queries.list_plays(self.db, filters, limit, offset)

    # --- photos of the table (``store.photos``) -----------------------------------------
    def photos(self, play_id: int) -> list[Photo]:
        """A live play's photos, in their order (none for a deleted play)."""
        return photos.listing(self.db, play_id)

    def photo_marks(self, play_ids: Sequence[int]) -> dict[int, tuple[Photo, int]]:
        """For each of ``play_ids`` with photos: its first photo and how many it has."""
        return photos.marks(self.db, play_ids)

    def photo_bytes(self, play_id: int, position: int, *, thumb: bool = False) -> bytes:
        """A live play's photo (or its thumbnail) as JPEG bytes."""
        return photos.read(self.db, play_id, position, thumb=thumb)

    def add_photos(self, play_id: int, files: Sequence[tuple[str, bytes]]) -> list[Photo]:
        """Photos (file name, bytes) for a live play, made fit to keep: all, or none."""
        return photos.add(self.db, play_id, files)

    def remove_photo(self, play_id: int, position: int) -> RemovedPhoto:
        return photos.remove(self.db, play_id, position)

    def put_back_photo(self, removed: RemovedPhoto) -> Photo:
        return photos.put_back(self.db, removed)

    # --- settings kept with the history -------------------------------------------------
    def settings(self) -> dict[str, Any]:
        """The history's own settings (``store.settings``), by key; a key never set is
        absent, and its default applies."""
        return read_settings(self.db)

    def set_setting(self, key: str, value: Any) -> None:
        """Keep a setting with the history; None forgets it."""
        self.db.write(lambda c: write_setting(c, key, value), touches=False)

    # --- ratings (``scorepad.club.ratings``) ---------------------------------------------
    def ratings_on(self) -> bool:
        """Whether this history shows ratings (its setting "ratings"; on by default)."""
        return ratings.enabled(self.settings())

    def set_ratings_on(self, on: bool) -> None:
        self.set_setting(ratings.SETTING, None if on else False)

    def ratings(self) -> Ratings | None:
        """The players' ratings after every counted play (None when ratings are off),
        kept in memory and re-rated from the first play a change touched."""
        if not self.ratings_on():
            return None
        return self._ratings.get(self.db, self._facts)

    def staying_out(self) -> dict[int, str]:
        """The players who chose to stay out of the ratings: name by player id."""
        return ratings.staying_out(self.db)

    def set_rated(self, name: str, rated: bool) -> None:
        """Put a player back in the ratings, or let them stay out (StoreError when there
        is no such player)."""
        self.db.write(lambda c: ratings.set_rated(c, name, rated), touches=False)

    # --- game nights and seasons (clubrows) ---------------------------------------------
    def night_marks(self) -> dict[str, NightMark]:
        """What was decided by hand about game nights, by play uid (``club.nights``)."""
        with self.db.reading() as conn:
            return clubrows.read_marks(conn)

    def set_night_marks(self, changes: Mapping[str, NightMark]) -> None:
        """Keep each play's mark as given (an empty one forgets it), in one transaction."""
        self.db.write(lambda c: clubrows.write_marks(c, changes))

    def seasons(self) -> list[Season]:
        """Every season, the earliest first."""
        with self.db.reading() as conn:
            return clubrows.read_seasons(conn)

    def save_season(self, season: Season) -> None:
        """Add a season, or change the one with its uid."""
        self.db.write(lambda c: clubrows.save_season(c, season))

    def delete_season(self, uid: str) -> None:
        self.db.write(lambda c: clubrows.delete_season(c, uid))

    # --- players and stats --------------------------------------------------------------
    def facts(self, since: datetime | None = None) -> tuple[PlayFact, ...]:
        """Every counted play, oldest first, as the club's computations read them."""
        if since is None:
            return self._facts.get(self.db)
        return read_facts(self.db, since)

    def achievements(self) -> list[Earned]:
        """Every achievement earned (``club.achievements``), worked out afresh."""
        return earned(club_history(self.db, self.facts()))

    def review(self, year: int, player: str | None = None) -> Review:
        """The year in review of ``year`` (``club.review``), for ``player`` or everyone;
        a ``ReviewError`` for a player the history does not know."""
        if player is not None:
            found = player_named(self.db, player)
            if found is None:
                raise ReviewError("review.unknown_player", value=quote(player))
            player = found
        start, end = datetime(year, 1, 1), datetime(year + 1, 1, 1)
        kept = self._facts.kept(self.db)  # every play, kept by an earlier ask: no reading
        if kept is None:  # the year's plays alone, read afresh
            return review_afresh(self.db, year, player)
        first = bisect_left(kept, start, key=played_at)
        facts = kept[first : bisect_left(kept, end, lo=first, key=played_at)]
        before = played_before(kept[:first], start, player)
        with self.db.reading() as conn:
            lowest = lowest_wins(conn, {f.game for f in facts})
        return year_review(facts, year, player, lowest_wins=lowest, before=before)

    def review_years(self) -> list[int]:
        """The years a review can look at: from the first counted play's to the latest's,
        newest first (none for an empty history)."""
        span = year_span(self.db)
        return [] if span is None else list(range(span[1], span[0] - 1, -1))

    def players(self, period: Period | None = None) -> list[PlayerInfo]:
        """Every player, by name, with their plays and wins (in ``period``: None for all
        time)."""
        if period is not None:
            return stats.player_counts(self.db, period)
        with self.db.reading() as conn:
            return queries.players(conn)

    def played_games(self) -> dict[str, Played]:
        """How often and when last each game was played (games never played left out)."""
        with self.db.reading() as conn:
            return queries.played_games(conn)

    def last_colours(self, names: Sequence[str]) -> dict[str, str]:
        """The colour each of ``names`` had in their latest play with one, by name as
        given (names never seen, or never given a colour, are left out)."""
        with self.db.reading() as conn:
            return queries.last_colours(conn, names)

    def add_player(self, name: str) -> None:
        """A profile before its first play (nothing happens when it exists already)."""
        self.db.write(lambda c: writes.player_ids(c, [name]), touches=False)

    def rename_player(self, old: str, new: str) -> None:
        self.db.write(lambda c: writes.rename_player(c, old, new), touches=False)

    def merge_players(self, source: str, target: str) -> None:
        """``source``'s plays now belong to ``target``; the ``source`` profile is removed."""
        self.db.write(lambda c: writes.merge_players(c, source, target))

    # every stats method takes a period (``core.periods.Period``; None: all time)
    def player_stats(
        self, name: str, game: str | None = None, period: Period | None = None
    ) -> PlayerStats:
        return stats.player_stats(self.db, name, game, period)

    def game_stats(
        self, game: str, period: Period | None = None, distribution: bool = True
    ) -> GameStats:
        """A game's figures; for a period, ``distribution`` False leaves its totals'
        distribution out (the one figure read from every result of the period)."""
        return stats.game_stats(self.db, game, period, distribution)

    def role_stats(
        self, game: str | None = None, period: Period | None = None
    ) -> tuple[RoleStats, ...]:
        """Each role imported plays gave (BG Stats' ``role``), with its plays and wins."""
        return stats.role_stats(self.db, game, period)

    def head_to_head(
        self, a: str, b: str, game: str | None = None, period: Period | None = None
    ) -> HeadToHead:
        return stats.head_to_head(self.db, a, b, game, period)

    def player_timeline(
        self, name: str, game: str | None = None, period: Period | None = None
    ) -> Timeline:
        """A player's plays, wins and totals per day, month or year (``core.periods``)."""
        return stats.player_timeline(self.db, name, game, period)

    def played_span(self) -> tuple[datetime, datetime] | None:
        """When the first and the last play were played (None before any)."""
        return stats.played_span(self.db)

    # --- sheets in progress the store kept before revision 0004 ----------------------
    def legacy_drafts(self) -> list[NewSheet]:
        """Sheets in progress from the store's former drafts table (see ``legacy_drafts``),
        for the app to take in as drafts of its own, then ``forget_legacy_drafts``."""
        return legacy_drafts.read(self.db.url)

    def forget_legacy_drafts(self) -> None:
        legacy_drafts.forget(self.db.url)

    # --- backups (SQLite files only) ---------------------------------------------------
    def backups(self) -> list[Backup]:
        """The copies of the history file, newest first."""
        return restoring.listing(self.db)

    def back_up(self) -> Path:
        return restoring.back_up(self.db)

    def restore(self, backup: str | Path) -> Restored:
        """Put a backup back; the history it replaces is kept as a backup first (and when
        it was damaged, the plays still readable in it that the backup lacks are added)."""
        return restoring.restore(self.db, backup)

    def back_up_daily(self) -> None:
        """The day's copy, on the first use of each calendar day. A copy that fails (a
        full disk) never stops the history from being used: it is noted, and logged."""
        today = date.today()
        if self.db.path is None or self._copied_on == today:
            return
        self._copied_on = today
        try:
            backups.daily(self.db.path)
        except BackupDamaged as problem:  # the copy was checked, and the file failed
            self.backup_problem = problem
            logger.warning("%s", problem)
            self.db.damage = str(problem.fields["detail"])
        except StoreError as problem:
            self.backup_problem = problem
            logger.warning("%s", problem)
        else:
            self.backup_problem = None

    # --- files --------------------------------------------------------------------------
    def export(self, out: TextIO, fmt: str = "json") -> int:
        """Write every live play as ``json`` (the app's own, exact), ``csv`` or ``bgsplay``;
        returns the number of plays."""
        writer = EXPORTS[fmt]
        with self.db.reading(snapshot=True) as conn:
            return writer(conn, out)

    def export_file(self, path: str | Path, fmt: str = "json") -> int:
        """Export to a file, replacing it only once the new one is complete; ``zip``: the
        JSON export and the photos as one archive (``store.photo_archive``)."""
        if fmt == "zip":
            return photo_archive.write_archive(self.db, path, EXPORTS["json"])
        target = Path(path)
        try:
            with replacing(target, "w", newline="") as out:
                count = self.export(out, fmt)
        except OSError as problem:
            detail = problem.strerror or str(problem)
            raise StoreError("store.cannot_write", path=str(target), detail=detail) from None
        return count

    def import_text(
        self,
        text: str,
        source: str,
        fmt: str | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Imported:
        """Import a history file or a BG Stats file: every play or, on any problem, none."""
        return importing.import_text(self.db, text, source, fmt, progress)

    def import_file(
        self,
        path: str | Path,
        fmt: str | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Imported:
        """``progress``: told (plays read, plays in the file) as a BG Stats file goes in."""
        if fmt == "zip" or (fmt is None and photo_archive.is_archive(path)):
            return photo_archive.import_archive(self.db, path)
        return importing.import_file(self.db, path, fmt, progress)

    def import_archive(self, data: bytes, source: str) -> Imported:
        """A history with its photos (``export_file(..., "zip")``) given as its bytes, as a
        device uploads it; ``source`` names it in messages."""
        return photo_archive.import_archive(self.db, data, source)

    def collection(self) -> list[dict[str, Any]]:
        """The BoardGameGeek collection imported (``bggread.collection``), by name."""
        with self.db.reading() as conn:
            return bggread.collection(conn)

    def owned_games(self) -> list[dict[str, Any]]:
        """The group's collection from every source, by name (``store.collection``)."""
        removed = self.settings().get(owned.REMOVED) or []
        with self.db.reading() as conn:
            return owned.owned_games(conn, g.app_entries(conn), removed)

    def add_owned(
        self,
        name: str,
        bgg_id: str,
        players: tuple[str, str],
        minutes: tuple[str, str] = ("", ""),
        weight: str = "",
    ) -> None:
        """A game added to the collection by hand, checked (``collection.checked_entry``)."""
        entry = owned.checked_entry(name, bgg_id, players, minutes, weight)
        self.db.write(lambda c: owned.add_by_hand(c, entry))

    def remove_owned(self, collid: str) -> None:
        """The collection's entry ``collid`` removed (``collection.remove``)."""
        removed = self.settings().get(owned.REMOVED) or []
        self.db.write(lambda c: owned.remove(c, collid, removed))


EXPORTS = {"json": write_json, "csv": write_csv, "bgsplay": write_bgsplay}
"""Each export format's writer; ``zip`` wraps the JSON one (``Store.export_file``)."""


def _json_value(value: object) -> object:
    """Values as JSON: exact halves stay numbers, dates become ISO text."""
    if isinstance(value, Decimal):
        return json_number(value)
    if isinstance(value, date):
        return value.isoformat()
    raise TypeError(f"{value!r} cannot be written as JSON")


def _kept_colours(summary: PlaySummary, seats: int) -> tuple[str | None, ...]:
    """The saved colours of the first ``seats`` seats (None past the play's), or none
    when the play had none."""
    had = [p.colour for p in summary.players]
    if not any(had):
        return ()
    return tuple(had[i] if i < len(had) else None for i in range(seats))


def _entries(sheet: ScoredSheet) -> tuple[PlayerSheet, ...]:
    """A scored sheet's entries as the scoring core takes them (each as the number it
    came to, with its by-hand lines and team)."""
    teams = {name: t.name for t in sheet.teams for name in t.members}
    return tuple(PlayerSheet(p.name, p.entries, p.extra, teams.get(p.name)) for p in sheet.players)


def _kept_first(seat: int | None, players: Sequence[PlayerSheet]) -> str | None:
    """The name now at the seat that started, when the edited play still has that seat."""
    return players[seat - 1].name if seat is not None and seat <= len(players) else None


def _began(started: datetime | None, ended: datetime, minutes: int | None) -> datetime | None:
    """When an edited play began: as saved, unless the time played no longer fits between
    that start and the play's time (corrected to more by hand): then that much before it,
    so that start, end and time played agree."""
    if started is None or minutes is None:
        return started
    latest = ended - timedelta(minutes=minutes)
    return min(started, latest)
