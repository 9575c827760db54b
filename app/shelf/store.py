"""Loading and saving sessions: create, read, list, rename and delete (a game's file: app/shelf/files/game_files.py).

Every function takes the database session first and the rest by keyword. Moves do not happen here;
they happen in app.shelf.moves.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import Select, Text, bindparam, case, cast, select
from sqlalchemy.orm import Session

from app.core.errors import NotFound, Refused
from app.db.models import Campaign, GameSession, LogEntry, Snapshot, utcnow
from app.shelf.naming import check_name, default_name
from games.engine import GameEngine, OptionError, reason, words
from games.registry import UnknownGame, get_engine


def new_id() -> str:
    return secrets.token_hex(8)


def _engine(game: str) -> GameEngine:
    try:
        return get_engine(game)
    except UnknownGame as exc:
        raise Refused(words("unknown game: {game}", game=repr(exc.args[0]))) from None


def clean_name(name: str | None, default: str) -> str:
    """A trimmed name that passes app.shelf.naming (Refused with the reason if not); `default` when empty."""
    return check_name((name or "").strip()) or default


def choose_seed(seed: int | None) -> int:
    """The given seed checked, or a fresh random one (kept below 2^53 so JavaScript reads it exactly)."""
    if seed is None:
        return secrets.randbelow(2**53)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise Refused(words("seed must be a whole number between 0 and 2^63"))
    return seed


def owner_or_default(db: Session, owner_id: str | None) -> str:
    """The owner of a new save: the one given, else the player of single mode (scripts, tests)."""
    if owner_id is not None:
        return owner_id
    from app.accounts.players import single_player_id

    return single_player_id(db)


def create_session(
    db: Session,
    *,
    game: str,
    seed: int | None = None,
    options: dict | None = None,
    name: str | None = None,
    owner_id: str | None = None,
) -> GameSession:
    engine = _engine(game)
    chosen = seed is not None
    seed = choose_seed(seed)
    try:
        options = engine.spec.normalize_options(options)
        state = engine.new_game(seed, options)
    except OptionError as exc:
        raise Refused(reason(exc)) from None
    record = insert_session(db, engine, seed=seed, options=options, name=name, state=state,
                            owner_id=owner_or_default(db, owner_id), seed_chosen=chosen)
    db.commit()
    return record


def insert_session(
    db: Session,
    engine: GameEngine,
    *,
    seed: int,
    options: dict,
    name: str | None,
    state: Any,
    version: int = 0,
    carried: dict | None = None,
    campaign_id: str | None = None,
    campaign_index: int | None = None,
    owner_id: str,
    seed_chosen: bool = False,
    record_id: str | None = None,
    redeals: list[list[int]] | None = None,
) -> GameSession:
    """Add a session row and its first snapshot (not committed: the caller owns the transaction); under
    `record_id` when given (a save file restored under its own id), else a new id."""
    status = engine.status(state)
    now = utcnow()
    record = GameSession(
        id=record_id or new_id(),
        game=engine.spec.slug,
        name=clean_name(name, default_name(engine.spec.title, now)),
        seed=seed,
        seed_chosen=seed_chosen,
        redeals=redeals or None,
        options=options,
        rules_version=engine.spec.rules_version,
        status=status.state,
        score=status.score,
        version=version,
        created_at=now,
        updated_at=now,
        carried=carried,
        campaign_id=campaign_id,
        campaign_index=campaign_index,
        owner_id=owner_id,
    )
    dumped = engine.dump(state)
    db.add(record)
    db.flush()
    db.add(Snapshot(session_id=record.id, version=version, state=dumped, checkpoint=dumped, pending=[],
                    tail=None if version else []))
    return record


def get_session(db: Session, *, session_id: str, owner_id: str | None = None) -> GameSession:
    """The session with this id; with `owner_id`, only if it is that player's (else NotFound, as if missing)."""
    record = db.get(GameSession, session_id) if isinstance(session_id, str) else None
    if record is None or (owner_id is not None and record.owner_id != owner_id):
        raise NotFound(words("no saved game with id {id}", id=repr(session_id)))
    return record


@dataclass(frozen=True)
class SessionRow:
    """A session row and its snapshot as plain values: what a move or a view needs, read in one statement."""

    id: str
    game: str
    name: str
    version: int
    status: str
    score: int | None
    rules_version: int
    attention: str | None
    attention_rules_version: int | None
    campaign_id: str | None
    campaign_index: int | None
    created_at: datetime
    updated_at: datetime
    snapshot_version: int
    state_json: str  # the state as its JSON text (app/shelf/recent.py decodes it only when it must)
    pending: list[str]
    tail_json: str | None  # the last lines of the log, as JSON text; None for saves older than the column
    chosen_seed: int | None  # the seed if the player chose it (the board says so); None for a secret one

    def moved_on(self, **changes: Any) -> SessionRow:
        return replace(self, **changes)


_S, _SNAP = GameSession.__table__.c, Snapshot.__table__.c
_ROW_COLUMNS = (
    _S.id, _S.game, _S.name, _S.version, _S.status, _S.score, _S.rules_version, _S.attention,
    _S.attention_rules_version, _S.campaign_id, _S.campaign_index, _S.created_at, _S.updated_at,
    _SNAP.version.label("snapshot_version"), cast(_SNAP.state, Text).label("state_json"), _SNAP.pending,
    cast(_SNAP.tail, Text).label("tail_json"),
    case((_S.seed_chosen, _S.seed), else_=None).label("chosen_seed"),
)


_ROW_QUERY = select(*_ROW_COLUMNS).join_from(GameSession, Snapshot, _SNAP.session_id == _S.id).where(
    _S.id == bindparam("sid"))
_ROW_QUERY_OWNED = _ROW_QUERY.where(_S.owner_id == bindparam("owner"))
# (owner given, lock) -> the statement, built once.
_ROW_QUERIES = {
    (False, False): _ROW_QUERY,
    (False, True): _ROW_QUERY.with_for_update(of=GameSession.__table__),
    (True, False): _ROW_QUERY_OWNED,
    (True, True): _ROW_QUERY_OWNED.with_for_update(of=GameSession.__table__),
}


def load_row(db: Session, *, session_id: str, lock: bool = False, owner_id: str | None = None) -> SessionRow:
    """A session and its snapshot, read in one statement so that they agree (no ORM: the move's hot path).

    PostgreSQL (READ COMMITTED) reads each statement at its own moment: read apart, the row could
    name version N while the snapshot is already N+1's, committed by another worker in between.
    With `lock`, the session row stays locked until commit (SELECT ... FOR UPDATE; SQLite ignores
    it and serializes writers itself): a racing move in another process waits, then sees the new version.
    With `owner_id`, another player's session is NotFound, exactly like a missing one.
    """
    if not isinstance(session_id, str):
        raise NotFound(words("no saved game with id {id}", id=repr(session_id)))
    params = {"sid": session_id} if owner_id is None else {"sid": session_id, "owner": owner_id}
    found = db.connection().execute(_ROW_QUERIES[owner_id is not None, lock], params).first()
    if found is None:
        raise NotFound(words("no saved game with id {id}", id=repr(session_id)))
    return SessionRow(*found)


def load_checkpoint(db: Session, *, session_id: str) -> dict[str, Any]:
    """The snapshot's undo checkpoint: the state right after the last reveal (only undo reads it)."""
    return db.scalar(select(Snapshot.checkpoint).where(Snapshot.session_id == session_id))


def last_log_rows(db: Session, *, session_id: str, limit: int) -> list[Any]:
    """The newest `limit` log entries (seq, kind, action, events), newest first."""
    return list(db.execute(
        select(LogEntry.seq, LogEntry.kind, LogEntry.action, LogEntry.events)
        .where(LogEntry.session_id == session_id)
        .order_by(LogEntry.seq.desc())
        .limit(limit)
    ).all())


def newest_first(model: Any, *, in_progress: bool | None, game: str | None, owner_id: str | None = None) -> Select:
    """Rows of `model` (sessions or campaigns), most recently played first, optionally filtered."""
    query = select(model).order_by(model.updated_at.desc())
    if owner_id is not None:
        query = query.where(model.owner_id == owner_id)
    if in_progress is True:
        query = query.where(model.status == "in_progress")
    elif in_progress is False:
        query = query.where(model.status != "in_progress")
    if game is not None:
        query = query.where(model.game == game)
    return query


def taken_names(db: Session, model: type[GameSession] | type[Campaign], *, owner_id: str) -> set[str]:
    """The names a player already gives their games (or campaigns): an import must not repeat one."""
    return set(db.scalars(select(model.name).where(model.owner_id == owner_id)))


def list_sessions(
    db: Session, *, in_progress: bool | None = None, game: str | None = None, owner_id: str | None = None
) -> list[GameSession]:
    return list(db.scalars(newest_first(GameSession, in_progress=in_progress, game=game, owner_id=owner_id)))


def rename_session(db: Session, *, session_id: str, name: str, owner_id: str | None = None) -> GameSession:
    record = get_session(db, session_id=session_id, owner_id=owner_id)
    cleaned = clean_name(name, "")
    if not cleaned:
        raise Refused(words("a name cannot be empty"))
    record.name = cleaned
    db.commit()
    return record


def delete_session(db: Session, *, session_id: str, owner_id: str | None = None) -> None:
    record = get_session(db, session_id=session_id, owner_id=owner_id)
    if record.campaign_id is not None:
        raise Refused(words("this game belongs to a campaign: delete the campaign instead"))
    db.delete(record)
    db.commit()


def log_entries(db: Session, *, session_id: str, owner_id: str | None = None) -> list[LogEntry]:
    get_session(db, session_id=session_id, owner_id=owner_id)
    return list(db.scalars(select(LogEntry).where(LogEntry.session_id == session_id).order_by(LogEntry.seq)))
