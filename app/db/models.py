"""ORM tables. The schema itself is owned by the Alembic migrations in migrations/versions/."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator):
    """A timezone-aware UTC datetime on every database (SQLite hands back naive ones otherwise)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    pass


class GameSession(Base):
    """One game being played (or finished): who it is, where it stands, and its version counter.

    `version` counts the log entries: every applied action or undo adds one, and a move is accepted
    only if it names the current version (a compare-and-set in the database).
    """

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str] = mapped_column(String(120))
    seed: Mapped[int] = mapped_column(BigInteger)
    # The player chose the seed (the same seed deals the same game): shown on the board, and the export
    # keeps it in clear. False for a secret seed, which only a finished game's export shows.
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    rules_version: Mapped[int] = mapped_column(Integer, index=True)
    status: Mapped[str] = mapped_column(String(20), index=True)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    # Set when the save no longer replays under the game's current rules (see app/shelf/upgrades.py):
    # the message to show, and the rules version that was tried. Moves are refused while it is set.
    attention: Mapped[str | None] = mapped_column(Text, nullable=True)
    attention_rules_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A game of a campaign: which campaign, its place in it, and the setup the campaign handed over.
    campaign_id: Mapped[str | None] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), nullable=True, index=True
    )
    campaign_index: Mapped[int | None] = mapped_column(Integer, nullable=True)
    carried: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # A copy of a sealed game in progress deals its unseen parts again (games/engine.py, `redeal`): where and from
    # which secret seed, [[version, seed], ...] (app/shelf/files/savefile.py, `redealt`); None for any other game.
    redeals: Mapped[list[list[int]] | None] = mapped_column(JSON, nullable=True)
    # The player whose game this is: every lookup by id from a page or the API filters on it.
    owner_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)


class Campaign(Base):
    """A series of linked games: its own state (what carries over) and a version like a session's."""

    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str] = mapped_column(String(120))
    seed: Mapped[int] = mapped_column(BigInteger)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # as a session's
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    rules_version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(20), index=True)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    owner_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    # What "take back" needs between games (as a snapshot's undo): `checkpoint` is the state before the first
    # choice made since the last game began or ended, `pending` the choices made since (in order); NULL and
    # empty when there is nothing to take back (a game started or ended, or every choice was taken back).
    checkpoint: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    pending: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    # A copy of a sealed campaign in progress deals the voyages to come again: after how many steps of its file
    # and from which secret seed, [[steps, seed], ...] (app/shelf/files/campaign_files.py); None for any other.
    redeals: Mapped[list[list[int]] | None] = mapped_column(JSON, nullable=True)


class CampaignLogEntry(Base):
    """The campaign's append-only log: its own actions, and each of its games starting and ending."""

    __tablename__ = "campaign_log"
    __table_args__ = (UniqueConstraint("campaign_id", "seq", name="uq_campaign_log_campaign_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(12))  # "action" | "undo" | "game_start" | "game_end"
    action: Mapped[str] = mapped_column(String(200))  # the action id, or the game's session id
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class LogEntry(Base):
    """The append-only action log: an action applied, or an undo of the latest undoable action."""

    __tablename__ = "action_log"
    __table_args__ = (UniqueConstraint("session_id", "seq", name="uq_action_log_session_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))  # "action" | "undo"
    action: Mapped[str] = mapped_column(String(200))
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Snapshot(Base):
    """The current state (so resuming never replays), plus what undo needs.

    `checkpoint` is the state right after the last reveal and `pending` the actions applied since;
    undo rebuilds from the checkpoint, so it can never go back past new information.
    """

    __tablename__ = "snapshots"

    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True)
    # Always equal to the session's version once committed; a move that reads them unequal saw a torn read.
    version: Mapped[int] = mapped_column(Integer, server_default="0")
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    checkpoint: Mapped[dict[str, Any]] = mapped_column(JSON)
    pending: Mapped[list[str]] = mapped_column(JSON)
    # The last lines of the log shown beside the board, kept here so an answer never reads the log
    # table; NULL for a save older than this column (rebuilt from the log on its next move).
    tail: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)


class Player(Base):
    """Someone who plays here. In single mode one implicit player (no password) owns everything.

    `name_key` is the name NFKC-normalised, case-folded and with look-alike characters folded together
    (app/accounts/names.py): log-in is case-insensitive, and no two players have names a reader could
    take for each other.
    """

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    # None for the implicit player of single mode, until the first account to sign up claims it.
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # The language chosen while logged in ("es", "en"); None until one is chosen (migration 0010).
    locale: Mapped[str | None] = mapped_column(String(8), nullable=True)


class AuthSession(Base):
    """A log-in: only the SHA-256 of the cookie's token is kept, and the CSRF token of this log-in."""

    __tablename__ = "auth_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Set when a password change or a reset ended this log-in ("password", "reset"): it no longer logs anyone
    # in, but the device holding its cookie is told why (migration 0012). Swept like a timed-out log-in.
    ended: Mapped[str | None] = mapped_column(String(20), nullable=True)


class ApiToken(Base):
    """A personal API token (sent as `Authorization: Bearer ...`); only its SHA-256 is kept."""

    __tablename__ = "api_tokens"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # The first characters of the token, so its owner can tell tokens apart on the settings page.
    hint: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class PasswordReset(Base):
    """A one-time link that sets a new password (made by the admin page or `python -m app reset-password`).

    Only the SHA-256 of the link's secret is kept; the row is deleted when the link is used, and a link
    past `expires_at` opens nothing (migration 0012).
    """

    __tablename__ = "password_resets"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LoginFailure(Base):
    """One failed log-in, counted per account and per client address by the throttle (see app/accounts/players.py)."""

    __tablename__ = "login_failures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name_key: Mapped[str] = mapped_column(String(160), index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)


class SignupAttempt(Base):
    """One sign-up attempt, counted per client address by the sign-up throttle (see app/accounts/players.py)."""

    __tablename__ = "signup_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)


class SiteSettings(Base):
    """Settings the admin changes from the admin page (one row, id 1)."""

    __tablename__ = "site_settings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    signup_open: Mapped[bool] = mapped_column(Boolean, default=True)


class ReplayCheckpoint(Base):
    """A game's state at one version, so a replay step never replays from the start (about one row every 50
    versions, chosen where a later step can build on it: app/shelf/timeline.py).

    Filled lazily by app/shelf/timeline.py the first time a replay needs them; `rules_version` is the rules the
    state was built under (a save brought up to newer rules replays differently: older rows are ignored).
    """

    __tablename__ = "replay_checkpoints"

    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    rules_version: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


class ReplayTurns(Base):
    """Where each turn of a game began, `[[turn, step], ...]`, as far as version `version` (app/shelf/timeline.py):
    a jump to a turn walks only the entries played since."""

    __tablename__ = "replay_turns"

    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True)
    rules_version: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    starts: Mapped[list[list[int]]] = mapped_column(JSON)


class Advised(Base):
    """Where the player asked the advisor (app/shelf/advisor.py): the game and the version it stood at. The history
    and the replay say "advised" for it."""

    __tablename__ = "advised"

    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    asked_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Review(Base):
    """A finished game's review (app/shelf/review.py): its chance to win after every decision, worked out in the
    background. `status` is queued, running, done or failed; `points` grows as decisions are reviewed (so a server
    stopped halfway picks it up where it was); `heartbeat` tells a running review from one whose server is gone."""

    __tablename__ = "reviews"

    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True)
    rules_version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10), index=True)
    decisions: Mapped[int] = mapped_column(Integer, default=0)  # how many the game had (0 until first counted)
    points: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    heartbeat: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
