"""Replays (issue #17): any game as it stood at version N, rebuilt from its seed, options, carried setup and log.

Not to be confused with app/shelf/files/savefile.py, which replays a portable save on import.

Version 0 is the new game (`engine.new_game(seed, options, carried)`); log entry N made version N. An
"action" entry applies its action; an "undo" entry takes back the latest action still standing, and since
app/shelf/moves.py rebuilds an undo from the last reveal with the same seeded rules, the state after an undo is the
state before the undone action. So the state at N is the state reached by the actions standing after the
first N entries, and the view at N is exactly what the player saw then: no future card ever shows.

Cost independent of length and of how the undos fell: a step is rebuilt from a stored state
(`replay_checkpoints`) on its way, applying only the actions standing at N since then. Reading the log back from N,
each undo cancels the nearest earlier action still standing; where no undo is waiting, the state at that version
lies on the way to the state at N, and a state stored there is a base (`_path`). Each walk stores about one state
every `EVERY` (50) versions along its way (`_worth_keeping`), so a later step near it builds on one: a game of
2,000 (move, undo) pairs replays its last step as cheaply as its first. States are stored lazily, the first time a
replay needs them, rather than as the game is played: the move's hot path (app/shelf/moves.py) stays as it is,
games imported or played before this table existed get them too, and a game nobody replays costs nothing. Each row
records the rules version it was built under: a save brought up to newer rules replays differently, so rows of
another rules version are ignored (and rebuilt).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.core.errors import NotFound
from app.db.models import GameSession, LogEntry, ReplayCheckpoint, ReplayTurns
from app.shelf import moves, store
from app.shelf.files.savefile import ReplayError, redealt
from games.engine import GameEngine, IllegalAction, Status, words
from games.registry import get_engine

EVERY = 50
_PAGE = 500  # log entries read at a time when walking back
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


def _apply(engine: GameEngine, state: Any, seq: int, action: str) -> Any:
    """The state after log entry `seq`'s action; ReplayError when the rules no longer take it there."""
    try:
        return engine.apply(state, action)[0]
    except IllegalAction as exc:
        raise ReplayError(words("action #{n} ({action}) is not legal there", n=seq, action=repr(action))) from exc


def _checkpoint_versions(db: Session, session_id: str, rules_version: int, n: int) -> set[int]:
    """The versions at or below n that have a stored state under these rules."""
    c = ReplayCheckpoint
    return set(db.scalars(select(c.version).where(c.session_id == session_id, c.rules_version == rules_version,
                                                  c.version <= n)))


def _checkpoint(db: Session, session_id: str, rules_version: int, version: int) -> Any:
    c = ReplayCheckpoint
    return db.scalars(select(c.state).where(c.session_id == session_id, c.rules_version == rules_version,
                                            c.version == version)).one()


def _entries(db: Session, session_id: str, after: int, upto: int) -> list[tuple[int, str, str]]:
    rows = db.execute(select(LogEntry.seq, LogEntry.kind, LogEntry.action)
                      .where(LogEntry.session_id == session_id, LogEntry.seq > after, LogEntry.seq <= upto)
                      .order_by(LogEntry.seq))
    return [(seq, kind, action) for seq, kind, action in rows]


def _entries_back(db: Session, session_id: str, upto: int) -> Iterator[tuple[int, str, str]]:
    """The log entries at or below `upto`, newest first, read a page at a time (a walk back usually stops early)."""
    while upto > 0:
        rows = [(seq, kind, action) for seq, kind, action in db.execute(
            select(LogEntry.seq, LogEntry.kind, LogEntry.action)
            .where(LogEntry.session_id == session_id, LogEntry.seq <= upto)
            .order_by(LogEntry.seq.desc()).limit(_PAGE))]
        yield from rows
        if len(rows) < _PAGE:
            return
        upto = rows[-1][0] - 1


@dataclass
class _Path:
    """How the state at a version is built: from the state at `base` (a stored checkpoint, or the new game at 0)
    through `ops` in order, each (seq, action) to apply or (seq, None) for the copy's deal again made at seq.
    `clean` are the versions on the way (ascending): the state at each is the state after the ops up to it."""

    base: int
    ops: list[tuple[int, str | None]]
    clean: list[int]


def _path(db: Session, record: GameSession, n: int, stored: set[int]) -> _Path:
    """Read the log back from n to the newest version on the way to n whose state is stored (or to the start).

    An undo takes back the latest action still standing, so reading back, each undo cancels the nearest earlier
    action not yet cancelled (`taken_back` holds those waiting). Where none is waiting, the state at that version
    lies on the way to the state at n ("clean"), and a stored state there is a base to build on; the actions met
    there are the ones standing at n, the only ones to apply. A copy's deal again (app/shelf/files/savefile.py) at
    a clean version is a step too; at any other it dealt a state later taken back."""
    redeal_at = {at for at, _seed in record.redeals or ()}
    ops: list[tuple[int, str | None]] = []
    clean: list[int] = []
    taken_back: list[str] = []  # the actions named by the undos still waiting, the earliest undo last
    for seq, kind, action in _entries_back(db, record.id, n):
        if not taken_back:
            if seq in stored:
                return _Path(seq, ops[::-1], clean[::-1])
            clean.append(seq)
            if seq in redeal_at:
                ops.append((seq, None))
        if kind == "undo":
            taken_back.append(action)
        elif taken_back:
            if taken_back.pop() != action:
                raise ReplayError(words("undo of {action} does not match the latest action", action=repr(action)))
        else:
            ops.append((seq, action))
    if taken_back:
        raise ReplayError(words("the log undoes an action that was never made"))
    return _Path(0, ops[::-1], clean[::-1])


def _worth_keeping(path: _Path) -> set[int]:
    """The clean versions of a path to store: about one every EVERY versions along it, so that a later step
    near them builds on one however the game's undos fell."""
    keep, last = set(), path.base
    for v in path.clean:
        if v - last >= EVERY:
            keep.add(v)
            last = v
    return keep


def state_at(db: Session, record: GameSession, n: int, engine: GameEngine | None = None) -> Any:
    """The state of `record` at version n (0 <= n <= record.version), from the nearest stored state on its way."""
    engine = engine or get_engine(record.game)
    rules_version = engine.spec.rules_version
    path = _path(db, record, n, _checkpoint_versions(db, record.id, rules_version, n))
    if path.base:
        state = engine.load(_checkpoint(db, record.id, rules_version, path.base))
    else:
        state = _new_game(engine, record)
    keep, dumps = _worth_keeping(path), {}
    seeds = dict(record.redeals or ())
    ops = iter(path.ops)
    op = next(ops, None)
    for v in path.clean:
        while op is not None and op[0] <= v:
            seq, action = op
            if action is None:
                state = engine.redeal(state, seeds[seq])
            else:
                state = _apply(engine, state, seq, action)
            op = next(ops, None)
        if v in keep:
            dumps[v] = state
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


def turn_starts(db: Session, *, session_id: str, owner_id: str | None = None) -> dict[int, int]:
    """The step at which the view first showed each turn, {turn: step}; empty for a game whose view has no turn.

    The games do not mark a new turn alike in their events (Nemo's War rolls "Turn 2" after the turn has
    begun), so this walks the game as the player saw it, reading the view's own `turn` at every step. The walk
    is kept with the game (`replay_turns`, as far as the version it reached): the next jump walks only the
    entries played since, so a jump costs the same however many games the server holds."""
    record = store.get_session(db, session_id=session_id, owner_id=owner_id)
    engine = get_engine(record.game)
    rules_version = engine.spec.rules_version
    kept = db.get(ReplayTurns, (record.id, rules_version))
    if kept is not None and kept.version == record.version:
        return {turn: step for turn, step in kept.starts}
    if kept is not None and kept.version < record.version:
        walked, starts = kept.version, {turn: step for turn, step in kept.starts}
        frames = [state_at(db, record, walked, engine)] if starts else []
    else:
        walked, starts = 0, {}
        frames = [_new_game(engine, record)]
        first = engine.view(frames[0]).get("turn")
        if isinstance(first, int):
            starts[first] = 0
    if starts:  # else the game's view has no turn
        redeal_at = {at for at, _seed in record.redeals or ()}
        for seq, kind, action in _entries(db, record.id, walked, record.version):
            if kind == "undo":
                if len(frames) > 1:
                    frames.pop()
                    if seq not in redeal_at:
                        continue  # the board as it was one step back: its turn was read then
                else:  # it takes back an action made before this walk began
                    frames = [state_at(db, record, seq, engine)]
            else:
                frames.append(_apply(engine, frames[-1], seq, action))
            frames[-1] = redealt(engine, frames[-1], seq, record.redeals)
            turn = engine.view(frames[-1]).get("turn")
            if isinstance(turn, int):
                starts.setdefault(turn, seq)
        # The next walk starts from here: keep the state it will start from, unless one is stored near it.
        if record.version and not any(v > record.version - EVERY for v in
                                      _checkpoint_versions(db, record.id, rules_version, record.version)):
            _store(db, record.id, rules_version, engine, {record.version: frames[-1]})
    _keep_turns(db, record.id, rules_version, record.version, starts)
    return starts


def _keep_turns(db: Session, session_id: str, rules_version: int, version: int, starts: dict[int, int]) -> None:
    """Store how far the turn walk went (a race with another reader storing the same is harmless)."""
    kept = db.get(ReplayTurns, (session_id, rules_version))
    if kept is None:
        db.add(ReplayTurns(session_id=session_id, rules_version=rules_version, version=version,
                           starts=sorted(starts.items())))
    else:
        kept.version, kept.starts = version, sorted(starts.items())
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
