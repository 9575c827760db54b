"""Bringing saved games up to their game's current rules version.

A session stores the `rules_version` it was played under. When a game's rules change (its
`spec.rules_version` differs from the save's), the save is replayed under the new rules from its
seed, options, carried setup and effective log. This happens in two places:

- at start-up, `upgrade_all` makes one pass over every outdated session (after the migrations);
- lazily, `ensure_current` runs when a session is loaded, for any save the pass did not reach
  (a server started with a newer engine without a restart pass, an imported file, a race).

Success: the snapshot (state, undo checkpoint and pending actions), status, score and
rules_version are updated; the log is kept exactly as it was. Failure (an action no longer legal,
a setup the new rules refuse, a result that would change): nothing of the save is altered; it is
marked with an `attention` message, moves on it are refused, and the message is shown wherever
the save is. The rules version tried is recorded so the same version is not retried on every
load; a later rules version is tried again. Every write is a compare-and-set on (version,
rules_version), so several workers or replicas doing this at once cannot clash.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.attributes import set_committed_value

from app.core.words import stored_text
from app.db.models import GameSession, LogEntry, Snapshot
from app.shelf.files.savefile import ReplayError, effective_actions, redealt
from games.engine import GameEngine, IllegalAction, reason, words
from games.registry import UnknownGame, get_engine, slugs

log = logging.getLogger("solo_shelf.rules")


@dataclass
class Rebuilt:
    """A save replayed under the current rules: its state and what undo needs."""

    state: Any
    checkpoint: dict[str, Any]
    pending: list[str]


def needs_upgrade(record: GameSession, engine: GameEngine) -> bool:
    """True when the save is off the engine's rules version, or was marked under another engine version.

    A mark made under version N is final for version N only: a server on any other version (a fixed
    rule, or the newer replica of a rolling deploy meeting a mark left by an older one) looks again.
    """
    current = engine.spec.rules_version
    if record.attention_rules_version is not None:
        return record.attention_rules_version != current
    return record.rules_version != current


def rebuild(engine: GameEngine, record: GameSession, actions: list[str]) -> Rebuilt:
    """Replay seed + options + carried + actions, keeping the undo checkpoint as play() would."""
    options = engine.spec.normalize_options(record.options)
    if record.carried is not None:
        state = engine.new_game(record.seed, options, record.carried)
    else:
        state = engine.new_game(record.seed, options)
    state = redealt(engine, state, 0, record.redeals)
    checkpoint, pending = engine.dump(state), []
    for n, action in enumerate(actions, start=1):
        try:
            state, events = engine.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(f"move {n} ({action}) is no longer allowed: {exc}") from None
        if record.redeals and any(at == n for at, _seed in record.redeals):
            # a copy was made here: its unseen dealt again, and nothing before can be undone (as on import)
            state = redealt(engine, state, n, record.redeals)
            checkpoint, pending = engine.dump(state), []
            continue
        if any(e.reveals for e in events):
            checkpoint, pending = engine.dump(state), []
        else:
            pending = [*pending, action]
    return Rebuilt(state, checkpoint, pending)


def attention_message(engine: GameEngine, old: int, reason: Any) -> str:
    """Why a save stopped, kept as its words' JSON (app.i18n.render.stored_words reads it back), so each
    reader sees it in their own language; shown in English by anything that reads the column as text."""
    said = words("This save was played under {title} rules version {old} and cannot be brought up to version "
                 "{new}: {reason}. It is kept exactly as it was and can still be viewed and exported, but no "
                 "more moves can be made on it.", title=engine.spec.title, old=old, new=engine.spec.rules_version,
                 reason=reason)
    return stored_text(said)


def _try_rebuild(db: Session, record: GameSession, engine: GameEngine) -> Rebuilt | str | None:
    """The rebuilt save, the reason it cannot be rebuilt, or None when it is on these rules already."""
    if record.rules_version == engine.spec.rules_version:
        return None
    if record.rules_version > engine.spec.rules_version:
        return words("it was saved by a newer version of the rules than this server plays ({version})",
                     version=engine.spec.rules_version)
    log = db.execute(
        select(LogEntry.kind, LogEntry.action).where(LogEntry.session_id == record.id).order_by(LogEntry.seq)
    ).all()
    try:
        rebuilt = rebuild(engine, record, effective_actions([(k, a) for k, a in log]))
    except ReplayError as exc:
        return reason(exc)
    except Exception as exc:  # noqa: BLE001 - any failure of the new rules must leave the save readable
        return words("the new rules could not replay it ({error})", error=f"{type(exc).__name__}: {exc}")
    status = engine.status(rebuilt.state)
    if record.status != "in_progress" and status.state != record.status:
        return words("under the new rules this game would end differently ({new}, not {old})",
                     new=status.state, old=record.status)
    return rebuilt


def upgrade_session(db: Session, record: GameSession, engine: GameEngine) -> bool:
    """Bring one save to the engine's rules version, or mark it; commit. True if it was upgraded."""
    old_version, old_rules = record.version, record.rules_version
    outcome = _try_rebuild(db, record, engine)
    guard = (GameSession.id == record.id, GameSession.version == old_version, GameSession.rules_version == old_rules)
    if isinstance(outcome, str):
        values: dict[str, Any] = {
            "attention": attention_message(engine, old_rules, outcome),
            "attention_rules_version": engine.spec.rules_version,
        }
    elif outcome is None:  # a mark left by a server on other rules; these rules read the save as it is
        values = {"attention": None, "attention_rules_version": None}
    else:
        status = engine.status(outcome.state)
        values = {"rules_version": engine.spec.rules_version, "status": status.state, "score": status.score,
                  "attention": None, "attention_rules_version": None}
    claimed = db.execute(update(GameSession).where(*guard).values(**values).execution_options(
        synchronize_session=False))
    if claimed.rowcount != 1:
        db.rollback()  # someone else moved or upgraded it first; their result stands
        db.refresh(record)
        return False
    if isinstance(outcome, Rebuilt):
        snapshot = db.get(Snapshot, record.id)
        snapshot.state = engine.dump(outcome.state)
        snapshot.checkpoint = outcome.checkpoint
        snapshot.pending = outcome.pending
    for key, value in values.items():
        set_committed_value(record, key, value)
    db.commit()
    return isinstance(outcome, Rebuilt)


def ensure_current(db: Session, record: GameSession) -> GameSession:
    """The lazy path: upgrade (or mark) the save if its rules are out of date; cheap when they are not."""
    try:
        engine = get_engine(record.game)
    except UnknownGame:
        return record
    if needs_upgrade(record, engine):
        upgrade_session(db, record, engine)
    return record


@dataclass
class PassSummary:
    upgraded: int = 0
    marked: int = 0


def upgrade_all(make_session: sessionmaker[Session]) -> PassSummary:
    """The start-up pass: every outdated save of every registered game, one transaction each."""
    summary = PassSummary()
    for slug in slugs():
        engine = get_engine(slug)
        current = engine.spec.rules_version
        with make_session() as db:
            marked = GameSession.attention_rules_version.is_not(None)
            ids = list(db.scalars(select(GameSession.id).where(
                GameSession.game == slug,
                (marked & (GameSession.attention_rules_version != current))
                | (~marked & (GameSession.rules_version != current)),
            )))
        for session_id in ids:
            with make_session() as db:
                record = db.get(GameSession, session_id)
                if record is None or not needs_upgrade(record, engine):
                    continue
                if upgrade_session(db, record, engine):
                    summary.upgraded += 1
                elif record.attention_rules_version == current:
                    summary.marked += 1
    if summary.upgraded or summary.marked:
        log.warning("rules versions pass", extra={"fields": {
            "event": "rules_versions", "upgraded": summary.upgraded, "needs_attention": summary.marked}})
    return summary
