"""Replays (issue #17): any game as it stood at version N, rebuilt from its seed, options, carried setup and log.

Not to be confused with app/shelf/files/savefile.py, which replays a portable save on import.

Version 0 is the new game (`engine.new_game(seed, options, carried)`); log entry N made version N. An
"action" entry applies its action; an "undo" entry takes back the latest action still standing, and since
app/shelf/moves.py rebuilds an undo from the last reveal with the same seeded rules, the state after an undo is the
state before the undone action. So the state at N is the state reached by the actions standing after the
first N entries, and the view at N is exactly what the player saw then: no future card ever shows.

Cost independent of length: the state is dumped every `EVERY` (50) versions into `replay_checkpoints`, and a
step rebuilds from the nearest checkpoint at or below N: at most `EVERY` applies, however long the game.
Checkpoints are filled lazily, the first time a replay needs them (one walk from the last checkpoint to N,
writing each one it passes), rather than as the game is played: the move's hot path (app/shelf/moves.py) stays as it
is, games imported or played before this table existed get them too, and a game nobody replays costs nothing.
Each row records the rules version it was built under: a save brought up to newer rules replays differently,
so rows of another rules version are ignored (and rebuilt).

An undo can take back an action made before the checkpoint a walk starts from (undo reaches back to the last
reveal, which may lie before it): the walk then starts again from the checkpoint before, which a game can
need only as far back as its last reveal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.core.errors import NotFound
from app.db.models import GameSession, LogEntry, ReplayCheckpoint
from app.shelf import moves, store
from app.shelf.files.savefile import ReplayError, redealt
from games.engine import GameEngine, IllegalAction, Status, words
from games.registry import get_engine

EVERY = 50
LOG_LINES = moves.LOG_TAIL


class StepOutOfRange(NotFound):
    """A step past the end of the game (or before its start)."""


@dataclass
class Step:
    """The game at one step of its replay."""

    session: GameSession
    step: int
    steps: int
    state: Any
    status: Status
    view: dict[str, Any]
    # The log entry that made this version (None for step 0): its kind, action and stored events.
    entry: LogEntry | None


def _new_game(engine: GameEngine, record: GameSession) -> Any:
    if record.carried is not None:
        state = engine.new_game(record.seed, record.options, record.carried)
    else:
        state = engine.new_game(record.seed, record.options)
    return redealt(engine, state, 0, record.redeals)


def _checkpoints_below(db: Session, record: GameSession, rules_version: int, n: int) -> list[tuple[int, Any]]:
    """The newest stored checkpoint at or below version n, as [(version, dumped state)] (or [])."""
    c = ReplayCheckpoint
    rows = db.execute(select(c.version, c.state)
                      .where(c.session_id == record.id, c.rules_version == rules_version, c.version <= n)
                      .order_by(c.version.desc()).limit(1))
    return [(v, s) for v, s in rows]


def _entries(db: Session, session_id: str, after: int, upto: int) -> list[tuple[int, str, str]]:
    rows = db.execute(select(LogEntry.seq, LogEntry.kind, LogEntry.action)
                      .where(LogEntry.session_id == session_id, LogEntry.seq > after, LogEntry.seq <= upto)
                      .order_by(LogEntry.seq))
    return [(seq, kind, action) for seq, kind, action in rows]


class _Crossed(Exception):
    """An undo took back an action made before the walk's starting point."""


def _walk(engine: GameEngine, base: Any, entries: list[tuple[int, str, str]],
          dumps: dict[int, Any], redeals: list[list[int]] | None = None) -> Any:
    """The state after `entries`, starting from `base`; `dumps` gets the state at every EVERY-th version passed.
    A copy's unseen parts are dealt again where it was made (`redeals`: app/shelf/files/savefile.py)."""
    frames = [base]  # frames[-1] is the current state; each action pushes one, each undo pops one
    actions: list[str] = []
    for seq, kind, action in entries:
        if kind == "undo":
            if not actions:
                raise _Crossed
            if actions[-1] != action:
                raise ReplayError(words("undo of {action} does not match the latest action", action=repr(action)))
            actions.pop()
            frames.pop()
        else:
            try:
                state, _events = engine.apply(frames[-1], action)
            except IllegalAction as exc:
                raise ReplayError(words("action #{n} ({action}) is not legal there", n=seq,
                                        action=repr(action))) from exc
            frames.append(state)
            actions.append(action)
        if redeals:
            frames[-1] = redealt(engine, frames[-1], seq, redeals)
        if seq % EVERY == 0:
            dumps[seq] = frames[-1]
    return frames[-1]


def state_at(db: Session, record: GameSession, n: int, engine: GameEngine | None = None) -> Any:
    """The state of `record` at version n (0 <= n <= record.version), from the nearest checkpoint."""
    engine = engine or get_engine(record.game)
    rules_version = engine.spec.rules_version
    upto = n
    while True:
        found = _checkpoints_below(db, record, rules_version, upto)
        base_version, base = (found[0][0], engine.load(found[0][1])) if found else (0, _new_game(engine, record))
        dumps: dict[int, Any] = {}
        try:
            state = _walk(engine, base, _entries(db, record.id, base_version, n), dumps, record.redeals)
        except _Crossed:
            if base_version == 0:
                raise ReplayError(words("the log undoes an action that was never made")) from None
            upto = base_version - 1  # start again from the checkpoint before this one
            continue
        _store(db, record.id, rules_version, engine, dumps)
        return state


def _store(db: Session, session_id: str, rules_version: int, engine: GameEngine, dumps: dict[int, Any]) -> None:
    """Keep the checkpoints a walk passed (a race with another reader writing the same ones is harmless)."""
    if not dumps:
        return
    c = ReplayCheckpoint
    have = set(db.scalars(select(c.version).where(c.session_id == session_id, c.rules_version == rules_version,
                                                   c.version.in_(list(dumps)))))
    fresh = [c(session_id=session_id, version=v, rules_version=rules_version, state=engine.dump(s))
             for v, s in dumps.items() if v not in have]
    if not fresh:
        db.rollback()
        return
    db.add_all(fresh)
    try:
        db.commit()
    except IntegrityError:
        db.rollback()


def step(db: Session, *, session_id: str, n: int, owner_id: str | None = None) -> Step:
    """The game at step n of its replay; NotFound for another player's game or a step past its end."""
    record = store.get_session(db, session_id=session_id, owner_id=owner_id)
    steps = record.version
    if not 0 <= n <= steps:
        raise StepOutOfRange(words("this game has steps 0 to {last}; there is no step {n}", last=steps, n=n))
    engine = get_engine(record.game)
    state = state_at(db, record, n, engine)
    entry = None
    if n:
        entry = db.scalars(select(LogEntry).where(LogEntry.session_id == record.id, LogEntry.seq == n)).one_or_none()
    return Step(record, n, steps, state, engine.status(state), engine.view(state), entry)


def entry_lines(entry: LogEntry | None) -> list[dict[str, Any]]:
    """The log lines of the entry that made a step (an undo shown as an undo), as stored (say them to show)."""
    if entry is None:
        return []
    return moves.log_lines(entry.seq, entry.kind, entry.action, entry.events)


def log_before(db: Session, session_id: str, n: int) -> list[dict[str, Any]]:
    """The last lines of the log as the board showed them at version n (read from at most LOG_LINES entries)."""
    rows = db.execute(select(LogEntry.seq, LogEntry.kind, LogEntry.action, LogEntry.events)
                      .where(LogEntry.session_id == session_id, LogEntry.seq <= n)
                      .order_by(LogEntry.seq.desc()).limit(LOG_LINES))
    lines: list[dict[str, Any]] = []
    for seq, kind, action, events in reversed(list(rows)):
        lines.extend(moves.log_lines(seq, kind, action, events))
    return lines[-LOG_LINES:]


def entries_between(db: Session, session_id: str, first: int, last: int) -> dict[int, list[dict[str, Any]]]:
    """The log lines of the entries first..last by step (an undo said as one), for the list of every step: each
    link says what its step did, as the log said it then (stored lines, nothing replayed)."""
    rows = db.execute(select(LogEntry.seq, LogEntry.kind, LogEntry.action, LogEntry.events)
                      .where(LogEntry.session_id == session_id, LogEntry.seq >= first, LogEntry.seq <= last))
    return {seq: moves.log_lines(seq, kind, action, events) for seq, kind, action, events in rows}


def session_view(db: Session, at: Step) -> moves.SessionView:
    """A read-only SessionView of a step, for the game's own board template: no legal actions, no undo."""
    record = at.session
    return moves.SessionView(
        id=record.id, game=record.game, name=record.name, version=at.step, status=at.status, view=at.view,
        legal_actions=[], log_tail=log_before(db, record.id, at.step), can_undo=False,
        created_at=record.created_at, updated_at=record.updated_at,
    )


_TURNS: dict[tuple[str, int, int], dict[int, int]] = {}  # (session, version, rules version) -> turn starts
_TURNS_KEPT = 64


def turn_starts(db: Session, *, session_id: str, owner_id: str | None = None) -> dict[int, int]:
    """The step at which the view first showed each turn, {turn: step}; empty for a game whose view has no turn.

    The games do not mark a new turn alike in their events (Nemo's War rolls "Turn 2" after the turn has
    begun), so this walks the game once, as the player saw it, reading the view's own `turn` at every step. A
    jump to a turn is rare and the walk is one pass over the log (about a second for 2,000 actions), so the
    answer is kept per session and version rather than stored."""
    record = store.get_session(db, session_id=session_id, owner_id=owner_id)
    engine = get_engine(record.game)
    key = (record.id, record.version, engine.spec.rules_version)
    if key in _TURNS:
        return _TURNS[key]
    frames = [_new_game(engine, record)]
    first = engine.view(frames[0]).get("turn")
    starts: dict[int, int] = {}
    if isinstance(first, int):
        starts[first] = 0
        for seq, kind, action in _entries(db, record.id, 0, record.version):
            if kind == "undo":
                if len(frames) > 1:
                    frames.pop()
            else:
                try:
                    frames.append(engine.apply(frames[-1], action)[0])
                except IllegalAction as exc:
                    raise ReplayError(words("action #{n} ({action}) is not legal there", n=seq,
                                            action=repr(action))) from exc
                frames[-1] = redealt(engine, frames[-1], seq, record.redeals)
            turn = engine.view(frames[-1]).get("turn")
            if isinstance(turn, int):
                starts.setdefault(turn, seq)
    if len(_TURNS) >= _TURNS_KEPT:
        _TURNS.clear()
    _TURNS[key] = starts
    return starts
