"""The one place a move happens: load, check the version, apply, append to the log, save.

Writes to one session are serialized twice over: a lock per session inside this process, and a
compare-and-set on the version column in the database (so several workers stay correct too).
Every applied action is committed before the answer is built.

This is the hot path of the app, so it speaks SQLAlchemy Core, not the ORM: one SELECT reads the
session row with its snapshot, and a move writes one UPDATE of the row (the compare-and-set), one
INSERT into the log and one UPDATE of the snapshot, then commits. The snapshot also keeps the last
lines of the log (`tail`), so an answer never reads the log table. Everything a move writes is worked out and
encoded before its first write, so SQLite's write lock (app/db/write_gate.py) is held for the writes alone; and
a game this process moved last starts from the state it kept (app/shelf/recent.py), not from its JSON again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, update
from sqlalchemy.orm import Session

from app.core import jsoncodec
from app.core.errors import Illegal, Stale
from app.core.locks import KeyedLocks
from app.core.words import stored_words
from app.db.models import GameSession, LogEntry, Snapshot, utcnow
from app.shelf import campaigns, store, upgrades
from app.shelf.recent import RECENT, Kept
from app.shelf.store import SessionRow
from games.engine import Action, Event, GameEngine, IllegalAction, MalformedState, Status, reason, text_json, words
from games.registry import get_engine

LOG_TAIL = 40
MAX_ACTION_LENGTH = 200

_SESSIONS, _SNAPSHOTS, _LOG = GameSession.__table__, Snapshot.__table__, LogEntry.__table__
_lock_for = KeyedLocks()

# A move's three writes, built once: building a statement costs more than running it.
_CLAIM = (
    update(_SESSIONS)
    .where(_SESSIONS.c.id == bindparam("sid"), _SESSIONS.c.version == bindparam("old_version"))
    .values(version=bindparam("new_version"), status=bindparam("status"), score=bindparam("score"),
            updated_at=bindparam("now"))
)
_APPEND = insert(_LOG).values(session_id=bindparam("sid"), seq=bindparam("new_version"), kind=bindparam("kind"),
                              action=bindparam("action"), events=bindparam("events"), created_at=bindparam("now"))
_SNAPSHOT_COLUMNS = ("version", "state", "pending", "tail")
_SAVE = {
    with_checkpoint: update(_SNAPSHOTS)
    .where(_SNAPSHOTS.c.session_id == bindparam("sid"))
    .values({c: bindparam(f"s_{c}") for c in (*_SNAPSHOT_COLUMNS, *(("checkpoint",) if with_checkpoint else ()))})
    for with_checkpoint in (False, True)
}


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
    # The campaign this game belongs to (for the board's banner); not part of the JSON answer.
    campaign_id: str | None = None
    campaign_index: int | None = None
    # The seed if the player chose it (the board says so), else None: a secret seed never leaves the database.
    chosen_seed: int | None = None
    # Only on the answer to a move (or an undo): the state before it (and its view, when this process showed it
    # already) and the events it made, so the board can show what travelled where (app/ui/travel.py). Not part
    # of the JSON answer.
    before: Any = None
    before_view: dict[str, Any] | None = None
    events: list[Event] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The JSON answer (its words as they are: the API says them in the reader's language first,
        app.i18n.render.localize; ids never change with the language)."""
        return {
            "id": self.id,
            "game": self.game,
            "name": self.name,
            "version": self.version,
            "status": self.status.to_json(),
            "score": self.status.score,
            "view": self.view,
            "legal_actions": [a.to_json() for a in self.legal_actions],
            # What a line says, in the reader's language (the stored `words` are the log's, not the answer's).
            "log_tail": [{"seq": line["seq"], "kind": line["kind"], "text": line["text"]} for line in self.log_tail],
            "can_undo": self.can_undo,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
            "attention": self.attention,
            "seed_chosen": self.chosen_seed is not None,
        }


def current_view(db: Session, *, session_id: str, owner_id: str | None = None) -> SessionView:
    """The session as a page or the API shows it; with `owner_id`, another player's is NotFound."""
    row = _current_row(db, session_id, lock=False, owner_id=owner_id)
    engine = get_engine(row.game)
    if row.attention is not None:
        return _attention_view(db, row, engine)
    return _build_view(db, row, engine, _kept(row, engine))


@dataclass(frozen=True)
class Position:
    """A game as it stands, for the advisor: its state (never shown: the advisor deals its unseen again) and the
    choices the player has."""

    session_id: str
    game: str
    version: int
    state: Any
    status: Status
    options: list[Action]


def position(db: Session, *, session_id: str, owner_id: str | None = None) -> Position:
    """The session's current position; with `owner_id`, another player's is NotFound."""
    row = _current_row(db, session_id, lock=False, owner_id=owner_id)
    engine = get_engine(row.game)
    if row.attention is not None:
        return Position(row.id, row.game, row.version, None, Status(row.status, row.score), [])
    kept = _kept(row, engine)
    sv = _build_view(db, row, engine, kept)
    return Position(row.id, row.game, row.version, kept.state, sv.status, sv.legal_actions)


def _current_row(db: Session, session_id: str, *, lock: bool, owner_id: str | None = None) -> SessionRow:
    """The session with its snapshot; a save made under older rules is upgraded (or marked) first."""
    row = store.load_row(db, session_id=session_id, lock=lock, owner_id=owner_id)
    engine = get_engine(row.game)
    if upgrades.needs_upgrade(row, engine):  # rare: the first load after a rules change
        db.rollback()
        upgrades.ensure_current(db, store.get_session(db, session_id=session_id))
        row = store.load_row(db, session_id=session_id, lock=lock, owner_id=owner_id)
    return row


def _kept(row: SessionRow, engine: GameEngine) -> Kept:
    """The row's state (and log tail), from memory when this process made this very snapshot."""
    return RECENT.state(row.id, row.snapshot_version, row.state_json, engine, row.tail_json)


def _build_view(db: Session, row: SessionRow, engine: GameEngine, kept: Kept) -> SessionView:
    shown = kept.shown
    if "view" not in shown:  # worked out once per version: a move's answer, then the next move's "before", a page
        status = shown["status"] if "status" in shown else engine.status(kept.state)
        shown.update(status=status, view=engine.view(kept.state),
                     actions=[] if status.over else engine.legal_actions(kept.state))
    status = shown["status"]
    return SessionView(
        id=row.id,
        game=row.game,
        name=row.name,
        version=row.version,
        status=status,
        view=shown["view"],
        legal_actions=list(shown["actions"]),
        log_tail=_tail(db, row, kept),
        can_undo=bool(row.pending) and not status.over,
        created_at=row.created_at,
        updated_at=row.updated_at,
        campaign_id=row.campaign_id,
        campaign_index=row.campaign_index,
        chosen_seed=row.chosen_seed,
    )


def _attention_view(db: Session, row: SessionRow, engine: GameEngine) -> SessionView:
    """A save kept as it was: its old snapshot shown (if the new rules can still read it), no moves."""
    try:
        sv = _build_view(db, row, engine, _kept(row, engine))
    except (MalformedState, ValueError, TypeError, KeyError):
        sv = SessionView(row.id, row.game, row.name, row.version, Status(row.status, row.score), {}, [],
                         _log_tail_from_log(db, row.id), False, row.created_at, row.updated_at,
                         campaign_id=row.campaign_id, campaign_index=row.campaign_index,
                         chosen_seed=row.chosen_seed)
    sv.legal_actions, sv.can_undo, sv.attention = [], False, stored_words(row.attention)
    return sv


def _tail(db: Session, row: SessionRow, kept: Kept) -> list[dict[str, Any]]:
    return kept.tail if kept.tail is not None else _log_tail_from_log(db, row.id)


def log_lines(seq: int, kind: str, action: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines one log entry adds to the log shown beside the board."""
    lines = []
    if kind == "undo" and not events:  # an undo says what it took back in its own event; older ones did not
        lines.append({"seq": seq, "kind": "undo", **text_json(words("Undid {action}.", action=action))})
    for ev in events:
        line = {"seq": seq, "kind": ev.get("kind", "event"), "text": ev.get("text", "")}
        if "words" in ev:  # said again in the reader's language (app/i18n/render.py)
            line["words"] = ev["words"]
        lines.append(line)
    return lines


def _log_tail_from_log(db: Session, session_id: str) -> list[dict[str, Any]]:
    """The tail rebuilt from the log table: for saves whose snapshot has no tail yet (imports, old saves)."""
    lines: list[dict[str, Any]] = []
    for seq, kind, action, events in reversed(store.last_log_rows(db, session_id=session_id, limit=LOG_TAIL)):
        lines.extend(log_lines(seq, kind, action, events))
    return lines[-LOG_TAIL:]


def play(db: Session, *, session_id: str, action: Any, version: Any, owner_id: str | None = None) -> SessionView:
    with _lock_for(session_id):
        row, engine, kept = _load_checked(db, session_id, version, owner_id)
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_LENGTH:
            raise Illegal(words("an action must be a non-empty action id"), _build_view(db, row, engine, kept))
        try:
            new_state, events = engine.apply(kept.state, action)
        except IllegalAction as exc:
            db.rollback()
            raise Illegal(reason(exc), current_view(db, session_id=session_id)) from None
        if not events:  # a choice the rules answer silently (a card picked, a stake): the log still says it
            events = [Event("choice", words("You chose: {action}.", action=_label(engine, kept, action)))]
        # A move that reveals something makes its new state the undo checkpoint (and empties the pending list).
        reveals = any(e.reveals for e in events)
        pending = [] if reveals else [*row.pending, action]
        sv = _commit(db, row, engine, kept, new_state, "action", action, events, reveals, pending)
        sv.before, sv.before_view, sv.events = kept.state, kept.shown.get("view"), events
        return sv


def _label(engine: GameEngine, kept: Kept, action: str) -> str:
    """The label of an action as it was offered (worked out already when that decision was shown)."""
    offered = kept.shown.get("actions")
    if offered is None:
        offered = engine.legal_actions(kept.state)
    return next((a.label for a in offered if a.id == action), action)


def undo(db: Session, *, session_id: str, version: Any, owner_id: str | None = None) -> SessionView:
    with _lock_for(session_id):
        row, engine, kept = _load_checked(db, session_id, version, owner_id)
        if engine.status(kept.state).over:
            raise Illegal(words("the game is over; its result stands"), _build_view(db, row, engine, kept))
        if not row.pending:
            raise Illegal(
                words("nothing to undo: new information has been revealed since your last move"),
                _build_view(db, row, engine, kept),
            )
        undone = row.pending[-1]
        pending = row.pending[:-1]
        rebuilt = engine.load(store.load_checkpoint(db, session_id=session_id))
        for act in pending:
            rebuilt, _ = engine.apply(rebuilt, act)
        # Named by the label the player pressed (the action as offered in the state it was taken back to),
        # not by its id.
        label = next((a.label for a in engine.legal_actions(rebuilt) if a.id == undone), undone)
        events = [Event("undo", words("Took back: {action}.", action=label))]
        sv = _commit(db, row, engine, kept, rebuilt, "undo", undone, events, False, pending)
        sv.before, sv.before_view, sv.events = kept.state, kept.shown.get("view"), events
        return sv


def _load_checked(
    db: Session, session_id: str, version: Any, owner_id: str | None = None
) -> tuple[SessionRow, GameEngine, Kept]:
    # The snapshot is read in the same statement as the row (and the row locked until commit), so
    # they agree; a snapshot at another version than its row means a torn read: answer stale.
    row = _current_row(db, session_id, lock=True, owner_id=owner_id)
    if row.attention is not None:
        raise Illegal(stored_words(row.attention), current_view(db, session_id=session_id))
    engine = get_engine(row.game)
    if row.snapshot_version != row.version:
        raise Stale(current_view(db, session_id=session_id))
    kept = _kept(row, engine)
    if isinstance(version, bool) or not isinstance(version, int):
        raise Illegal(words("version must be a whole number"), _build_view(db, row, engine, kept))
    if version != row.version:
        raise Stale(_build_view(db, row, engine, kept))
    return row, engine, kept


def _commit(
    db: Session,
    row: SessionRow,
    engine: GameEngine,
    kept: Kept,
    new_state: Any,
    kind: str,
    action: str,
    events: list[Event],
    checkpoint: bool,
    pending: list[str],
) -> SessionView:
    """Write the move (compare-and-set on the version) and commit; with `checkpoint` the new state is also the
    undo checkpoint (the same JSON text: dumped and encoded once), else the old checkpoint stays.

    Everything written is worked out and encoded first: the writes then hold SQLite's write lock for as
    little time as they can."""
    status = engine.status(new_state)
    old_version, now = row.version, utcnow()
    new_version = old_version + 1
    event_json = [e.to_json() for e in events]
    tail = (_tail(db, row, kept) + log_lines(new_version, kind, action, event_json))[-LOG_TAIL:]
    state_json, tail_json = jsoncodec.encoded(engine.dump(new_state)), jsoncodec.encoded(tail)
    saved = {"sid": row.id, "s_version": new_version, "s_state": state_json, "s_pending": pending,
             "s_tail": tail_json}
    if checkpoint:
        saved["s_checkpoint"] = state_json
    appended = {"sid": row.id, "new_version": new_version, "kind": kind, "action": action,
                "events": jsoncodec.encoded(event_json), "now": now}
    conn = db.connection()  # Core statements straight on the connection: the ORM session has nothing to add here
    claimed = conn.execute(_CLAIM, {"sid": row.id, "old_version": old_version, "new_version": new_version,
                                    "status": status.state, "score": status.score, "now": now})
    if claimed.rowcount != 1:
        db.rollback()
        raise Stale(current_view(db, session_id=row.id))
    conn.execute(_APPEND, appended)
    conn.execute(_SAVE[checkpoint], saved)
    if row.campaign_id is not None and status.over:
        campaigns.on_game_over(db, store.get_session(db, session_id=row.id), engine, new_state)
    db.commit()
    moved = RECENT.keep(row.id, Kept(new_version, engine, state_json, new_state, tail_json, tail))
    moved.shown["status"] = status  # the answer's view is worked out from here (_build_view), not scored again
    row = row.moved_on(version=new_version, snapshot_version=new_version, updated_at=now, pending=pending,
                       state_json=state_json, tail_json=tail_json)
    return _build_view(db, row, engine, moved)
