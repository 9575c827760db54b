"""The one place a move happens: load, check the version, apply, append to the log, save.

Writes to one session are serialized twice over: a lock per session inside this process, and a
compare-and-set on the version column in the database (so several workers stay correct too).
Every applied action is committed before the answer is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from app import campaigns, rules_versions
from app.errors import Illegal, Stale
from app.locks import KeyedLocks
from app.models import GameSession, LogEntry, Snapshot, utcnow
from app.store import load_session
from games.engine import Action, Event, GameEngine, IllegalAction, MalformedState, Status
from games.registry import get_engine

LOG_TAIL = 40
MAX_ACTION_LENGTH = 200

_lock_for = KeyedLocks()


@dataclass
class SessionView:
    """What a page or an API client sees of a session right now."""

    id: str
    game: str
    name: str
    version: int
    status: Status
    view: dict[str, Any]
    legal_actions: list[Action]
    log_tail: list[dict[str, Any]]
    can_undo: bool
    created_at: datetime
    updated_at: datetime
    # Why this save needs attention (it no longer replays under the current rules); None when fine.
    attention: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "name": self.name,
            "version": self.version,
            "status": self.status.to_json(),
            "score": self.status.score,
            "view": self.view,
            "legal_actions": [a.to_json() for a in self.legal_actions],
            "log_tail": self.log_tail,
            "can_undo": self.can_undo,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
            "attention": self.attention,
        }


def current_view(db: Session, *, session_id: str, owner_id: str | None = None) -> SessionView:
    """The session as a page or the API shows it; with `owner_id`, another player's is NotFound."""
    record, snapshot = load_session(db, session_id=session_id, owner_id=owner_id)
    record = rules_versions.ensure_current(db, record)
    engine = get_engine(record.game)
    if record.attention is not None:
        return _attention_view(db, record, engine, snapshot)
    return _build_view(db, record, engine, engine.load(snapshot.state), snapshot)


def _build_view(db: Session, record: GameSession, engine: GameEngine, state: Any, snapshot: Snapshot) -> SessionView:
    status = engine.status(state)
    return SessionView(
        id=record.id,
        game=record.game,
        name=record.name,
        version=record.version,
        status=status,
        view=engine.view(state),
        legal_actions=[] if status.over else engine.legal_actions(state),
        log_tail=_log_tail(db, record.id),
        can_undo=bool(snapshot.pending) and not status.over,
        created_at=record.created_at,
        updated_at=record.updated_at,
    )


def _attention_view(db: Session, record: GameSession, engine: GameEngine, snapshot: Snapshot) -> SessionView:
    """A save kept as it was: its old snapshot shown (if the new rules can still read it), no moves."""
    try:
        state = engine.load(snapshot.state)
        sv = _build_view(db, record, engine, state, snapshot)
    except (MalformedState, ValueError, TypeError, KeyError):
        sv = SessionView(record.id, record.game, record.name, record.version, Status(record.status, record.score),
                         {}, [], _log_tail(db, record.id), False, record.created_at, record.updated_at)
    sv.legal_actions, sv.can_undo, sv.attention = [], False, record.attention
    return sv


def _log_tail(db: Session, session_id: str) -> list[dict[str, Any]]:
    rows = db.execute(
        select(LogEntry.seq, LogEntry.kind, LogEntry.action, LogEntry.events)
        .where(LogEntry.session_id == session_id)
        .order_by(LogEntry.seq.desc())
        .limit(LOG_TAIL)
    ).all()
    lines: list[dict[str, Any]] = []
    for seq, kind, action, events in reversed(rows):
        if kind == "undo":
            lines.append({"seq": seq, "kind": "undo", "text": f"Undid {action}."})
        for ev in events:
            lines.append({"seq": seq, "kind": ev.get("kind", "event"), "text": ev.get("text", "")})
    return lines[-LOG_TAIL:]


def play(db: Session, *, session_id: str, action: Any, version: Any, owner_id: str | None = None) -> SessionView:
    with _lock_for(session_id):
        record, engine, snapshot, state = _load_checked(db, session_id, version, owner_id)
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_LENGTH:
            raise Illegal("an action must be a non-empty action id", _build_view(db, record, engine, state, snapshot))
        try:
            new_state, events = engine.apply(state, action)
        except IllegalAction as exc:
            db.rollback()
            raise Illegal(str(exc), current_view(db, session_id=session_id)) from None
        if any(e.reveals for e in events):
            checkpoint, pending = engine.dump(new_state), []
        else:
            checkpoint, pending = snapshot.checkpoint, [*snapshot.pending, action]
        return _commit(db, record, engine, snapshot, new_state, "action", action, events, checkpoint, pending)


def undo(db: Session, *, session_id: str, version: Any, owner_id: str | None = None) -> SessionView:
    with _lock_for(session_id):
        record, engine, snapshot, state = _load_checked(db, session_id, version, owner_id)
        if engine.status(state).over:
            raise Illegal("the game is over; its result stands", _build_view(db, record, engine, state, snapshot))
        if not snapshot.pending:
            raise Illegal(
                "nothing to undo: new information has been revealed since your last move",
                _build_view(db, record, engine, state, snapshot),
            )
        undone = snapshot.pending[-1]
        pending = snapshot.pending[:-1]
        rebuilt = engine.load(snapshot.checkpoint)
        for act in pending:
            rebuilt, _ = engine.apply(rebuilt, act)
        events = [Event("undo", f"Took back: {undone}.")]
        return _commit(db, record, engine, snapshot, rebuilt, "undo", undone, events, snapshot.checkpoint, pending)


def _load_checked(
    db: Session, session_id: str, version: Any, owner_id: str | None
) -> tuple[GameSession, GameEngine, Snapshot, Any]:
    # Keep the snapshot read with the row: the session holds objects weakly, and a second read of
    # the snapshot could see another process's newer move beside this older row.
    record, snapshot = load_session(db, session_id=session_id, lock=True, owner_id=owner_id)
    record = rules_versions.ensure_current(db, record)
    if record.attention is not None:
        raise Illegal(record.attention, current_view(db, session_id=session_id))
    engine = get_engine(record.game)
    if snapshot.version != record.version:
        raise Stale(current_view(db, session_id=session_id))
    state = engine.load(snapshot.state)
    if isinstance(version, bool) or not isinstance(version, int):
        raise Illegal("version must be a whole number", _build_view(db, record, engine, state, snapshot))
    if version != record.version:
        raise Stale(_build_view(db, record, engine, state, snapshot))
    return record, engine, snapshot, state


def _commit(
    db: Session,
    record: GameSession,
    engine: GameEngine,
    snapshot: Snapshot,
    new_state: Any,
    kind: str,
    action: str,
    events: list[Event],
    checkpoint: dict[str, Any],
    pending: list[str],
) -> SessionView:
    status = engine.status(new_state)
    old_version, now = record.version, utcnow()
    claimed = db.execute(
        update(GameSession)
        .where(GameSession.id == record.id, GameSession.version == old_version)
        .values(version=old_version + 1, status=status.state, score=status.score, updated_at=now)
        .execution_options(synchronize_session=False)
    )
    if claimed.rowcount != 1:
        db.rollback()
        raise Stale(current_view(db, session_id=record.id))
    db.add(
        LogEntry(
            session_id=record.id,
            seq=old_version + 1,
            kind=kind,
            action=action,
            events=[e.to_json() for e in events],
            created_at=now,
        )
    )
    snapshot.version = old_version + 1
    snapshot.state = engine.dump(new_state)
    snapshot.checkpoint = checkpoint
    snapshot.pending = pending
    for key, value in (
        ("version", old_version + 1),
        ("status", status.state),
        ("score", status.score),
        ("updated_at", now),
    ):
        set_committed_value(record, key, value)
    if record.campaign_id is not None and status.over:
        campaigns.on_game_over(db, record, engine, new_state)
    db.commit()
    return _build_view(db, record, engine, new_state, snapshot)
