"""The history's tables (SQLModel), shared by the queries, the writes and the migrations.

Points are stored as whole numbers of half-points (``*_halves``: 76.5 is 153) so that no
float ever touches a total. Each play's per-player result copies the play's date, game and
deleted state (``played_at``, ``game_id``, ``live``) so that the per-player and per-game
listings and stats are answered from one index without touching the plays table.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Column,
    Date,
    DateTime,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlmodel import Field, SQLModel

metadata = SQLModel.metadata


class Player(SQLModel, table=True):
    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=String(200))
    name_key: str = Field(sa_type=String(200), unique=True)
    """The name folded for comparison: "Ana" and "ANA" are one player."""
    created_at: datetime = Field(sa_type=DateTime())
    anonymous: bool | None = None
    """True for the one hidden player standing for anyone unnamed (revision 0006): never
    listed, never in stats; its seats are shown as "Anonymous"."""
    bgs_uuid: str | None = Field(default=None, sa_type=String(64))
    """The player's uuid in BG Stats, when imported from there."""
    bgg_username: str | None = Field(default=None, sa_type=Text)
    """The player's BoardGameGeek user name, when BG Stats gave one."""
    rating_out: bool | None = None
    """True for a player who chose to stay out of the ratings (revision 0017); None: rated."""


class Game(SQLModel, table=True):
    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(sa_type=String(64), unique=True)
    """The game id of templates and files: "azul", or a user-defined game's id."""
    builtin: bool
    name: str = Field(sa_type=Text)
    """JSON text of the name in every language, for listings without loading a template."""
    definition: str | None = Field(default=None, sa_type=Text)
    """A user-defined game's template file (JSON text); None for built-in games."""
    version: int = 1
    created_at: datetime = Field(sa_type=DateTime())
    updated_at: datetime = Field(sa_type=DateTime())
    deleted_at: datetime | None = Field(default=None, sa_type=DateTime())


class TemplateSnapshot(SQLModel, table=True):
    """The exact template a play was scored with; shared by every play that used it."""

    __tablename__ = "template_snapshot"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    version: int
    digest: str = Field(sa_type=String(64), unique=True)
    source: str = Field(sa_type=Text)


BY_HAND = "deleted_at IS NULL AND (decided_by = 'given' OR result_kind = 'cooperative')"
"""The plays of ``ix_play_by_hand`` (revision 0013): those whose winners and places were
given by hand (an import's manual winners) or that were won or lost together, the only
plays whose best total need not be a winner's; a statement reaches them through this
index by naming the same condition, constants written out."""
TIMED = "deleted_at IS NULL AND ignored IS NULL AND duration IS NOT NULL"
"""The plays of ``ix_play_timed`` (revision 0013): counted in a game's average duration."""


class Play(SQLModel, table=True):
    __tablename__ = "play"
    __table_args__ = (
        Index(
            "ix_play_recent",
            "played_at",
            "id",
            sqlite_where=text("deleted_at IS NULL"),
            postgresql_where=text("deleted_at IS NULL"),
        ),
        Index(
            "ix_play_game",
            "game_id",
            "played_at",
            "winning_total_halves",
            sqlite_where=text("deleted_at IS NULL"),
            postgresql_where=text("deleted_at IS NULL"),
        ),
        Index(
            "ix_play_best",
            "game_id",
            "winning_total_halves",
            sqlite_where=text("deleted_at IS NULL"),
            postgresql_where=text("deleted_at IS NULL"),
        ),
        Index(
            "ix_play_by_hand",
            "game_id",
            "result_kind",
            "ignored",
            "outcome",
            "decided_by",
            "deleted_at",
            sqlite_where=text(BY_HAND),
            postgresql_where=text(BY_HAND),
        ),
        Index(
            "ix_play_timed",
            "game_id",
            "duration",
            "ignored",
            "deleted_at",
            sqlite_where=text(TIMED),
            postgresql_where=text(TIMED),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(sa_type=String(64), unique=True)
    """Stable across export and import, so importing a file twice adds nothing."""
    game_id: int = Field(foreign_key="game.id")
    snapshot_id: int = Field(foreign_key="template_snapshot.id")
    variant: str | None = Field(default=None, sa_type=String(32))
    played_at: datetime = Field(sa_type=DateTime())
    """Local wall-clock time of the table, as the players would write it down."""
    location: str | None = Field(default=None, sa_type=Text)
    duration: int | None = None
    """Minutes."""
    notes: str | None = Field(default=None, sa_type=Text)
    player_count: int
    decided_by: str = Field(sa_type=String(16))
    winning_total_halves: int | None = Field(default=None, sa_type=BigInteger)
    created_at: datetime = Field(sa_type=DateTime())
    updated_at: datetime = Field(sa_type=DateTime())
    deleted_at: datetime | None = Field(default=None, sa_type=DateTime())
    result_kind: str | None = Field(default=None, sa_type=String(16))
    """"cooperative" or "teams" for such a play (revision 0005); None: each for themselves."""
    outcome: str | None = Field(default=None, sa_type=Text)
    """A co-operative play's "won" or "lost"; a team play without a score: the winning team."""
    modules: str | None = Field(default=None, sa_type=Text)
    """JSON list of the game's modules chosen (revision 0005); None when none were."""
    ignored: bool | None = None
    """True: kept and listed, left out of every statistic (revision 0006; its results are
    not ``live``); None for every other play."""
    imported: str | None = Field(default=None, sa_type=Text)
    """JSON of what an imported play carried beyond its sheet (revision 0006): start
    players, seat order, expansions without a module, the source's modification date."""
    first_seat: int | None = None
    """The seat (from 1) of the player who started (revision 0007); None: nobody picked."""
    started_at: datetime | None = Field(default=None, sa_type=DateTime())
    """Local wall-clock time the sheet was started (revision 0008); None: not known."""
    bgg_play_id: int | None = Field(default=None, sa_type=BigInteger, index=True)
    """The play's id on BoardGameGeek (revision 0012), when an import gave one (a BGG
    plays file, a BG Stats play's ``bggId``): a later import of the same play from the
    other source finds it by this id instead of adding it again."""


class PlayResult(SQLModel, table=True):
    """One player in one play: what they entered, line by line, and their result.

    The seat is the order players were entered. ``entries`` holds the player's entry on
    each line as a JSON object in stored form ({"marker": 61, "windows": [4, 5]}); lines
    left blank are left out and read back as blank. Keeping them in the player's row, not
    a row per line, is what lets an import write ten thousand plays a second. On SQLite
    the table is WITHOUT ROWID: rows live in the primary-key tree, one tree less to write.
    """

    __tablename__ = "play_result"
    __table_args__ = (
        Index(
            "ix_result_player",
            "player_id",
            "live",
            "played_at",
            "play_id",
            "winner",
            "total_halves",
        ),
        Index(
            "ix_result_exact",
            "game_id",
            sqlite_where=text("total_halves IS NULL AND score_text IS NOT NULL"),
            postgresql_where=text("total_halves IS NULL AND score_text IS NOT NULL"),
        ),
        {"sqlite_with_rowid": False},
    )

    play_id: int = Field(
        sa_column=Column(Integer, ForeignKey("play.id", ondelete="CASCADE"), primary_key=True)
    )
    seat: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id")
    total_halves: int | None = Field(default=None, sa_type=BigInteger)
    """None: the seat has no score (a game without points, a score left blank; 0006)."""
    rank: int
    winner: bool
    tiebreak: str = Field(sa_type=Text)
    """JSON list of the tie-breaker values, in the game's order."""
    entries: str = Field(sa_type=Text)
    game_id: int
    played_at: datetime = Field(sa_type=DateTime())
    live: bool
    """The play is neither deleted nor ignored: the result counts in stats."""
    team: str | None = Field(default=None, sa_type=Text)
    """The player's team in a team play (revision 0005)."""
    colour: str | None = Field(default=None, sa_type=String(16))
    """The player's colour in this play, a palette name (``core.colours``, revision
    0008); None: none was given."""
    board_kind: str | None = Field(default=None, sa_type=String(32))
    """The kind of the player's board kept with the seat (revision 0010, ``store.boards``:
    "azul-wall"); None: the seat has no board."""
    board: str | None = Field(default=None, sa_type=Text)
    """The board as a sheet file's player object gives it, JSON text (``{"side", "wall"}``
    for an Azul wall); None with ``board_kind``."""
    role: str | None = Field(default=None, sa_type=Text)
    """The player's role in the play (a character, faction or side; revision 0011)."""
    score_text: str | None = Field(default=None, sa_type=Text)
    """The score as the source typed it ("-10+7+22", "3.44"), kept only when it is not the
    plain number of the total (revision 0011); a value finer than a half is exact here
    and left out of ``total_halves``."""


class PlayExtra(SQLModel, table=True):
    """A "by hand" line: a label the players chose and its points."""

    __tablename__ = "play_extra"
    __table_args__ = (
        ForeignKeyConstraint(
            ["play_id", "seat"], ["play_result.play_id", "play_result.seat"], ondelete="CASCADE"
        ),
    )

    play_id: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)
    position: int = Field(primary_key=True)
    label: str = Field(sa_type=Text)
    points_halves: int = Field(sa_type=BigInteger)


class GameLabel(SQLModel, table=True):
    """A by-hand line label used with a game, offered again next time (revision 0002)."""

    __tablename__ = "game_label"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    )
    label: str = Field(sa_type=String(200), primary_key=True)
    used_at: datetime = Field(sa_type=DateTime())


class GameTally(SQLModel, table=True):
    """A game's live plays counted as they are saved (revision 0003): how many, and the sum
    and count of their winning totals. Kept by triggers on ``play`` in the database itself,
    so every way a play changes (saved, edited, deleted, restored, purged) keeps it true;
    a game's stats then read one row instead of a pass over all its plays."""

    __tablename__ = "game_tally"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    )
    plays: int
    winning_sum_halves: int = Field(sa_type=BigInteger)
    winning_count: int


class TotalTally(SQLModel, table=True):
    """How many live results of a game have each total (revision 0003), kept by triggers on
    ``play_result`` like ``GameTally``: the game's distribution of totals without reading
    each result. A total nobody holds any more has no row."""

    __tablename__ = "total_tally"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    )
    total_halves: int = Field(sa_type=BigInteger, primary_key=True)
    results: int


class SourceObject(SQLModel, table=True):
    """A record of an imported file kept to be written back (revision 0011): a BG Stats
    game (``kind`` "game", played or not; ``game_id`` the Scorepad game its plays went
    to), location or anonymous player, by the file's uuid, with its fields (``data``,
    JSON text without the file's own numeric id)."""

    __tablename__ = "source_object"

    kind: str = Field(sa_type=String(16), primary_key=True)
    uuid: str = Field(sa_type=String(64), primary_key=True)
    game_id: int | None = None
    name: str = Field(sa_type=Text)
    data: str = Field(sa_type=Text)


class CollectionItem(SQLModel, table=True):
    """A game of the user's BoardGameGeek collection (revision 0012), as BGG's collection
    export lists it: one row per collection entry (``collid``), the game's BGG id and name,
    whether it is owned or wished for, BGG's count of plays, and the export's other
    columns (``data``, JSON text) kept as they were."""

    __tablename__ = "collection_item"

    id: int | None = Field(default=None, primary_key=True)
    collid: str = Field(sa_type=String(64), unique=True)
    """BGG's id of the entry; the game's id when the export has none."""
    bgg_id: int = Field(sa_type=BigInteger, index=True)
    name: str = Field(sa_type=Text)
    owned: bool
    wishlist: bool
    wishlist_priority: int | None = None
    plays: int = 0
    data: str = Field(sa_type=Text)
    imported_at: datetime = Field(sa_type=DateTime())


class HistorySetting(SQLModel, table=True):
    """A setting kept with the history (revision 0014), not with one device: what a club
    sharing one history on PostgreSQL agrees on (ratings on or off, the gap that ends a
    game night, points per place). ``value`` is JSON text: a whole number, a truth value,
    a text or a list of them; never a float."""

    __tablename__ = "history_setting"

    key: str = Field(sa_type=String(64), primary_key=True)
    value: str = Field(sa_type=Text)


class PlayPhoto(SQLModel, table=True):
    """A photo of the table kept with a play (revision 0015, ``store.photos``): its place
    among the play's photos, its name (the SHA-256 of its JPEG), its size in pixels and
    bytes. Its bytes and its thumbnail's are kept in ``data`` and ``thumb`` on PostgreSQL
    (and in a history held in memory); beside an SQLite file they are files of their own,
    named by ``digest``, in a folder beside it, and these two columns stay NULL."""

    __tablename__ = "play_photo"
    __table_args__ = (Index("ix_photo_digest", "digest"),)

    play_id: int = Field(
        sa_column=Column(Integer, ForeignKey("play.id", ondelete="CASCADE"), primary_key=True)
    )
    position: int = Field(primary_key=True)
    digest: str = Field(sa_type=String(64))
    width: int
    height: int
    size: int
    """The JPEG's bytes."""
    thumb_size: int
    mime: str = Field(sa_type=String(32))
    created_at: datetime = Field(sa_type=DateTime())
    data: bytes | None = Field(default=None, sa_type=LargeBinary)
    thumb: bytes | None = Field(default=None, sa_type=LargeBinary)


class NightMark(SQLModel, table=True):
    """What was decided by hand about the game night a play belongs to (revision 0016),
    by the play's uid (no foreign key: a mark whose play is gone is never met): the
    night's ``name`` (kept on its first play); ``cut`` True where the night was split
    before this play, False where it was merged with the night before."""

    __tablename__ = "night_mark"

    play_uid: str = Field(sa_type=String(64), primary_key=True)
    name: str | None = Field(default=None, sa_type=Text)
    cut: bool | None = None


class Season(SQLModel, table=True):
    """A named range of days, both included (revision 0016)."""

    __tablename__ = "season"

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(sa_type=String(64), unique=True)
    """Stable across export and import."""
    name: str = Field(sa_type=Text)
    first_day: date = Field(sa_type=Date())
    last_day: date = Field(sa_type=Date())


class HistoryVersion(SQLModel, table=True):
    """One row (id 1) counting the history's writes (revision 0017): ``Database.write``
    bumps it in every write transaction, so that what is worked out from the plays and
    kept in memory (the ratings) knows, with one small query, whether the history changed
    since, whichever program wrote it."""

    __tablename__ = "history_version"

    id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    writes: int = Field(sa_type=BigInteger)


def _table(model: type[SQLModel]) -> Table:
    """The SQLAlchemy table SQLModel made for ``model`` (its ``__table__``, untyped there)."""
    table = getattr(model, "__table__")  # noqa: B009
    assert isinstance(table, Table)
    return table


player = _table(Player)
game = _table(Game)
snapshot = _table(TemplateSnapshot)
play = _table(Play)
result = _table(PlayResult)
extra = _table(PlayExtra)
game_label = _table(GameLabel)
game_tally = _table(GameTally)
total_tally = _table(TotalTally)
source_object = _table(SourceObject)
collection_item = _table(CollectionItem)
history_setting = _table(HistorySetting)
play_photo = _table(PlayPhoto)
night_mark = _table(NightMark)
season = _table(Season)
history_version = _table(HistoryVersion)


# --- a group's server: groups, members, credentials, invites, sessions (revision 0018) ---
# Times here are UTC (naive, as every DateTime column of the history); no secret is kept
# in clear: passwords as their argon2 hash, invite and session tokens as their SHA-256.


class ClubGroup(SQLModel, table=True):
    """A group that keeps one history on a server (revision 0018)."""

    __tablename__ = "club_group"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=String(200), unique=True)
    created_at: datetime = Field(sa_type=DateTime())


class Member(SQLModel, table=True):
    """Someone with an account in a group: owner, member or guest (revision 0018). The
    display name is unique within the group, compared folded (``name_key``)."""

    __tablename__ = "member"
    __table_args__ = (UniqueConstraint("group_id", "name_key", name="uq_member_name"),)

    id: int | None = Field(default=None, primary_key=True)
    group_id: int = Field(foreign_key="club_group.id")
    display_name: str = Field(sa_type=String(200))
    name_key: str = Field(sa_type=String(200))
    role: str = Field(sa_type=String(16))
    created_at: datetime = Field(sa_type=DateTime())
    disabled_at: datetime | None = Field(default=None, sa_type=DateTime())


class PasswordCredential(SQLModel, table=True):
    """A member's password, as its argon2 hash only (one per member)."""

    __tablename__ = "password_credential"

    member_id: int = Field(
        sa_column=Column(Integer, ForeignKey("member.id", ondelete="CASCADE"), primary_key=True)
    )
    hash: str = Field(sa_type=Text)
    created_at: datetime = Field(sa_type=DateTime())


class PasskeyCredential(SQLModel, table=True):
    """A member's passkey: what a WebAuthn registration verified and a later sign-in
    needs (the credential's id and public key, its signature counter, its transports)."""

    __tablename__ = "passkey_credential"

    id: int | None = Field(default=None, primary_key=True)
    member_id: int = Field(
        sa_column=Column(Integer, ForeignKey("member.id", ondelete="CASCADE"), nullable=False)
    )
    credential_id: bytes = Field(sa_type=LargeBinary, unique=True)
    public_key: bytes = Field(sa_type=LargeBinary)
    sign_count: int = Field(sa_type=BigInteger)
    transports: str = Field(sa_type=Text)
    """JSON list of the transports the browser named ("internal", "usb", "hybrid"…)."""
    device_type: str | None = Field(default=None, sa_type=String(32))
    backed_up: bool | None = None
    created_at: datetime = Field(sa_type=DateTime())
    last_used_at: datetime | None = Field(default=None, sa_type=DateTime())


class Invite(SQLModel, table=True):
    """A one-time link into a group: its token as a SHA-256 only. ``member_id``: an owner's
    reset, the member the link gives new credentials to (None: a new member)."""

    __tablename__ = "invite"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(sa_type=String(64), unique=True)
    group_id: int = Field(foreign_key="club_group.id")
    role: str = Field(sa_type=String(16))
    member_id: int | None = Field(
        default=None, sa_column=Column(Integer, ForeignKey("member.id", ondelete="CASCADE"))
    )
    created_at: datetime = Field(sa_type=DateTime())
    expires_at: datetime = Field(sa_type=DateTime())
    used_at: datetime | None = Field(default=None, sa_type=DateTime())


class MemberSession(SQLModel, table=True):
    """A signed-in device: its token as a SHA-256 only."""

    __tablename__ = "member_session"
    __table_args__ = (Index("ix_session_member", "member_id"),)

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(sa_type=String(64), unique=True)
    member_id: int = Field(
        sa_column=Column(Integer, ForeignKey("member.id", ondelete="CASCADE"), nullable=False)
    )
    created_at: datetime = Field(sa_type=DateTime())
    last_seen: datetime = Field(sa_type=DateTime())
    expires_at: datetime = Field(sa_type=DateTime())
    revoked_at: datetime | None = Field(default=None, sa_type=DateTime())


class SignInSlowing(SQLModel, table=True):
    """Wrong sign-ins counted by who they were for (``member:ID``) and where they came
    from (``address:NETWORK``): past a few, the next try waits until ``not_before``.
    Kept in the database so that every process of a server slows the same tries."""

    __tablename__ = "sign_in_slowing"

    key: str = Field(sa_type=String(200), primary_key=True)
    failures: int
    last_at: datetime = Field(sa_type=DateTime())
    not_before: datetime | None = Field(default=None, sa_type=DateTime())


class AuditEvent(SQLModel, table=True):
    """What happened to a group's accounts: sign-ins, invites, resets, role changes."""

    __tablename__ = "audit_event"
    __table_args__ = (Index("ix_audit_group", "group_id", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(sa_type=DateTime())
    group_id: int = Field(foreign_key="club_group.id")
    member_id: int | None = Field(
        default=None, sa_column=Column(Integer, ForeignKey("member.id", ondelete="SET NULL"))
    )
    kind: str = Field(sa_type=String(32))
    detail: str = Field(sa_type=Text)
    """JSON object; never a secret."""


class SignInChallenge(SQLModel, table=True):
    """A passkey ceremony's challenge (as its SHA-256), answered once, to any process,
    before ``expires_at``: ``purpose`` ``join`` (``subject``: the invite's token hash) or
    ``signin``."""

    __tablename__ = "sign_in_challenge"
    __table_args__ = (Index("ix_challenge_expires", "expires_at"),)

    id: int | None = Field(default=None, primary_key=True)
    challenge_hash: str = Field(sa_type=String(64), unique=True)
    purpose: str = Field(sa_type=String(16))
    subject: str | None = Field(default=None, sa_type=String(64))
    created_at: datetime = Field(sa_type=DateTime())
    expires_at: datetime = Field(sa_type=DateTime())
    used_at: datetime | None = Field(default=None, sa_type=DateTime())


class SheetDraftRow(SQLModel, table=True):
    """A sheet in progress on a group's server (revision 0020): its draft as JSON and the
    version of that copy, one more at each change; ``fate`` ``saved`` (as play
    ``play_id``) or ``discarded`` once it is no longer in progress."""

    __tablename__ = "sheet_draft"
    __table_args__ = (Index("ix_sheet_draft_changed", "fate", "changed_at"),)

    sheet_id: str = Field(sa_type=String(64), primary_key=True)
    game_id: str = Field(sa_type=String(200))
    body: str = Field(sa_type=Text())
    version: int = Field(sa_type=BigInteger())
    changed_at: datetime = Field(sa_type=DateTime())
    fate: str | None = Field(default=None, sa_type=String(16))
    play_id: str | None = Field(default=None, sa_type=String(64))


class UploadWait(SQLModel, table=True):
    """An upload a process of a group's server waits for (revision 0021): the SHA-256 of
    its token, the address of that process (loopback), and when it may no longer start."""

    __tablename__ = "upload_wait"
    __table_args__ = (Index("ix_upload_wait_expires", "expires_at"),)

    token_hash: str = Field(sa_type=String(64), primary_key=True)
    address: str = Field(sa_type=String(64))
    expires_at: datetime = Field(sa_type=DateTime())


club_group = _table(ClubGroup)
member = _table(Member)
password_credential = _table(PasswordCredential)
passkey_credential = _table(PasskeyCredential)
invite = _table(Invite)
member_session = _table(MemberSession)
sign_in_slowing = _table(SignInSlowing)
audit_event = _table(AuditEvent)
sign_in_challenge = _table(SignInChallenge)
sheet_draft = _table(SheetDraftRow)
upload_wait = _table(UploadWait)
