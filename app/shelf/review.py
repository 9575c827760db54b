"""The game review (issue #28 §3): a finished game's chance to win after every decision, and where it was lost.

Asked for a finished game, a review walks the game as it was played (the moves that stood: an undone move is no
decision), and at every decision with a choice weighs each option as the advisor does (games/advice.py: the unseen
dealt again from what the board showed, each option played out by the game's best bot, every option on the same
deals). A point keeps the chance of the option chosen and of the best one: the chart draws the first across the game,
and the decisions where the two lie furthest apart are marked, with what the advisor would have chosen.

It runs in the background, on the advisor's worker processes (one batch at a time, so a player's question comes
first), in a thread of the server process that picks up the oldest review waiting. Each decision's point is saved as
it is found, with a heartbeat: a review whose server stopped (its heartbeat older than `STALE_S`) is taken up again,
where it was, by the next server to start or look.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app.core.errors import Refused
from app.db.models import GameSession, LogEntry, Review, utcnow
from app.shelf import store
from app.shelf.advisor import Advisor
from app.shelf.files.savefile import redealt
from games import advice
from games.engine import Words, text_json, words
from games.registry import get_engine

log = logging.getLogger("solo_shelf.review")

DEALS = 8  # playouts per option at each decision first; where the options are not clearly apart, MORE_DEALS more
MORE_DEALS = 16
MARKS = 3  # the costliest decisions marked on the chart
MIN_COST = 0.10  # a decision is marked only if the best option was at least this much better (on the same deals)
STALE_S = 60.0
IDLE_S = 30.0  # how often an idle reviewer looks for a review another server left


@dataclass(frozen=True)
class Point:
    """One decision of the game as reviewed."""

    n: int  # the decision's place among the game's decisions (1, 2, ...)
    step: int  # the replay step that shows the position (the move chosen was log entry step + 1)
    turn: int | None
    options: int
    chosen: str
    chosen_label: Any
    chance: float
    best: str
    best_label: Any
    best_chance: float

    @property
    def cost(self) -> float:
        return max(0.0, self.best_chance - self.chance)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Point:
        return cls(data["n"], data["step"], data.get("turn"), data["options"], data["chosen"],
                   _said(data["chosen_label"]), data["chance"], data["best"], _said(data["best_label"]),
                   data["best_chance"])


def _said(stored: dict[str, Any]) -> Any:
    kept = Words.from_json(stored.get("words")) if stored.get("words") else None
    return kept if kept is not None else stored.get("text", "")


@dataclass(frozen=True)
class ReviewView:
    """A review as a page or the API shows it."""

    session_id: str
    game: str
    status: str  # queued | running | done | failed | cancelled
    decisions: int
    points: list[Point]

    @property
    def progress(self) -> float:
        if self.status == "done":
            return 1.0
        return min(1.0, len(self.points) / self.decisions) if self.decisions else 0.0

    @property
    def marks(self) -> list[Point]:
        """The decisions that cost the most, in the order played."""
        costly = sorted((p for p in self.points if p.cost >= MIN_COST), key=lambda p: -p.cost)[:MARKS]
        return sorted(costly, key=lambda p: p.n)

    def to_json(self) -> dict[str, Any]:
        """The API's answer: `win` is the chance after the best option, `chosen_win` after the one taken."""
        marked = {p.n for p in self.marks}
        return {"session_id": self.session_id, "state": self.status, "progress": round(self.progress, 4),
                "decisions_total": self.decisions, "reviewed": len(self.points),
                "decisions": [{"n": p.n, "step": p.step, "turn": p.turn, "options": p.options, "action": p.chosen,
                               "label": p.chosen_label, "chosen_win": p.chance, "best": p.best,
                               "best_label": p.best_label, "win": p.best_chance, "cost": p.cost,
                               "marked": p.n in marked} for p in self.points]}


def not_finished() -> Words:
    return words("only a finished game can be reviewed")


def never_reviewed() -> Words:
    return words("this game has not been reviewed")


def request(db: Session, *, session_id: str, owner_id: str) -> ReviewView:
    """Ask for the review of a finished game (once: asking again gives the one there is, or starts again one that
    failed or was cancelled); Refused while the game goes on."""
    record = store.get_session(db, session_id=session_id, owner_id=owner_id)
    if record.status == "in_progress":
        raise Refused(not_finished())
    found = db.get(Review, session_id)
    if found is not None and found.status == "cancelled":  # asked again: on from where it stopped
        found.status = "queued"
        db.commit()
    if found is None or found.rules_version != record.rules_version or found.status == "failed":
        if found is not None:
            db.delete(found)
            db.flush()
        db.add(Review(session_id=session_id, rules_version=record.rules_version, status="queued", decisions=0,
                      points=[], created_at=utcnow(), heartbeat=utcnow()))
        try:
            db.commit()
        except IntegrityError:  # asked twice at once
            db.rollback()
    return current(db, session_id=session_id, owner_id=owner_id)  # type: ignore[return-value]


def cancel(db: Session, *, session_id: str, owner_id: str) -> ReviewView | None:
    """Stop a review that is waiting or running (what it found so far is kept); None if never asked."""
    store.get_session(db, session_id=session_id, owner_id=owner_id)
    db.execute(update(Review).where(Review.session_id == session_id, Review.status.in_(("queued", "running")))
               .values(status="cancelled"))
    db.commit()
    return current(db, session_id=session_id, owner_id=owner_id)


def current(db: Session, *, session_id: str, owner_id: str) -> ReviewView | None:
    """The game's review as it stands, None if never asked (NotFound for another player's game)."""
    record = store.get_session(db, session_id=session_id, owner_id=owner_id)
    found = db.get(Review, session_id)
    if found is None or found.rules_version != record.rules_version:
        return None
    return ReviewView(session_id, record.game, found.status, found.decisions,
                      [Point.from_json(p) for p in found.points or []])


def reviewed_games(db: Session, session_ids: list[str]) -> dict[str, str]:
    """The status of the review of each of these games that has one."""
    if not session_ids:
        return {}
    rows = db.execute(select(Review.session_id, Review.status).where(Review.session_id.in_(session_ids)))
    return {sid: status for sid, status in rows}


@dataclass(frozen=True)
class ReviewFigures:
    """What a player's done reviews of one game found."""

    games: int
    decisions: int
    best: int  # decisions where the choice made was the advisor's best
    mean_cost: float  # the chance to win a decision gave away, on average

    @property
    def best_share(self) -> float:
        return self.best / self.decisions if self.decisions else 0.0


def review_figures(db: Session, *, owner_id: str, game: str) -> ReviewFigures | None:
    """For the statistics: over a player's reviewed games of `game`, how often the choice was the advisor's best
    and the average cost of a decision; None without any review done."""
    rows = db.execute(select(Review.points).join(GameSession, GameSession.id == Review.session_id)
                      .where(GameSession.owner_id == owner_id, GameSession.game == game, Review.status == "done"))
    games = decisions = best = 0
    cost = 0.0
    for (points,) in rows:
        games += 1
        for p in points or []:
            decisions += 1
            best += p["best"] == p["chosen"]
            cost += max(0.0, p["best_chance"] - p["chance"])
    if not games:
        return None
    return ReviewFigures(games, decisions, best, cost / decisions if decisions else 0.0)


def standing_moves(db: Session, session_id: str) -> list[tuple[int, str]]:
    """The moves of the game as it was played, in order, each with the log entry that made it: an undo takes back
    the latest move still standing (app/shelf/timeline.py), so what stands at the end is the game."""
    standing: list[tuple[int, str]] = []
    rows = db.execute(select(LogEntry.seq, LogEntry.kind, LogEntry.action).where(LogEntry.session_id == session_id)
                      .order_by(LogEntry.seq))
    for seq, kind, action in rows:
        if kind == "undo":
            if standing:
                standing.pop()
        else:
            standing.append((seq, action))
    return standing


class Reviewer:
    """The server's background reviewer: one thread, one review at a time, started when there is work."""

    def __init__(self, make_session: sessionmaker, advisor: Advisor) -> None:
        self.make_session = make_session
        self.advisor = advisor
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def wake(self) -> None:
        """There may be work: start the thread if it is not running, and let it look now."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="reviewer", daemon=True)
                self._thread.start()
        self._wake.set()

    def resume(self) -> None:
        """At start: take up the reviews a stopped server left, if there are any."""
        with self.make_session() as db:
            waiting = db.execute(select(Review.session_id).where(Review.status.in_(("queued", "running")))
                                 .limit(1)).first()
        if waiting is not None:
            self.wake()

    def stop(self, wait: float = 0.0) -> None:
        """Stop after the decision at hand; with `wait`, wait that long for the thread to end."""
        self._stop.set()
        self._wake.set()
        thread = self._thread
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join(wait)

    def _loop(self) -> None:
        while not self._stop.is_set():
            claimed = self._claim()
            if claimed is None:
                self._wake.wait(IDLE_S)
                self._wake.clear()
                continue
            try:
                self._review(claimed)
            except Exception as exc:
                if self._stopping(exc):
                    return  # the review stays running, and is taken up again once stale
                # an engine or database failure: the review says so, the server goes on
                log.exception("review of %s failed", claimed)
                self._fail(claimed)

    def _stopping(self, exc: Exception) -> bool:
        """Whether `exc` is the server stopping under the review (its workers or its database gone), not a failure
        of the review."""
        if self._stop.is_set() or isinstance(exc, BrokenProcessPool | CancelledError):
            return True
        return isinstance(exc, RuntimeError) and "shutdown" in str(exc)

    def _fail(self, session_id: str) -> None:
        try:
            with self.make_session() as db:
                db.execute(update(Review).where(Review.session_id == session_id).values(status="failed"))
                db.commit()
        except Exception:  # the database itself is failing: the heartbeat will tell the review is not running
            log.exception("the failure of the review of %s could not be noted", session_id)

    def _claim(self) -> str | None:
        """The oldest review waiting (or left running by a server that stopped), now this one's. On PostgreSQL the
        row is locked with SKIP LOCKED, so app processes sharing the queue never take the same review; SQLite
        serves one process, and the update's condition still lets only one claim win."""
        stale = utcnow() - timedelta(seconds=STALE_S)
        free = or_(Review.status == "queued", (Review.status == "running") & (Review.heartbeat < stale))
        with self.make_session() as db:
            session_id = db.execute(select(Review.session_id).where(free).order_by(Review.created_at).limit(1)
                                    .with_for_update(skip_locked=True)).scalar()
            if session_id is None:
                return None
            taken = db.execute(update(Review).where(Review.session_id == session_id, free)
                               .values(status="running", heartbeat=utcnow()))
            db.commit()
            return session_id if taken.rowcount == 1 else None

    def _review(self, session_id: str) -> None:
        with self.make_session() as db:
            record = db.get(GameSession, session_id)
            row = db.get(Review, session_id)
            if record is None or row is None:
                return
            engine = get_engine(record.game)
            moves_played = standing_moves(db, session_id)
            done = {p["n"]: p for p in row.points or []}
            points: list[dict[str, Any]] = [done[n] for n in sorted(done)]
            total = sum(1 for _ in self._positions(engine, record, moves_played))
            db.execute(update(Review).where(Review.session_id == session_id).values(decisions=total))
            db.commit()
            for n, (seq, state, options, action) in enumerate(self._positions(engine, record, moves_played), 1):
                if n in done:
                    continue
                if self._stop.is_set():
                    return
                points.append(self._weigh(engine, record.game, state, options, action, n, seq))
                still = db.execute(update(Review).where(Review.session_id == session_id, Review.status == "running")
                                   .values(points=list(points), heartbeat=utcnow()))
                db.commit()
                if still.rowcount != 1:
                    return  # cancelled (or taken over): what was found is kept
            db.execute(update(Review).where(Review.session_id == session_id, Review.status == "running")
                       .values(status="done", decisions=total, points=list(points), heartbeat=utcnow()))
            db.commit()

    @staticmethod
    def _positions(engine: Any, record: GameSession, moves_played: list[tuple[int, str]]) -> Any:
        """Each decision of the game as played: (log entry of the move, the state before it, the options, the move)."""
        carried = () if record.carried is None else (record.carried,)
        state = redealt(engine, engine.new_game(record.seed, record.options, *carried), 0, record.redeals)
        for seq, action in moves_played:
            options = engine.legal_actions(state)
            if len(options) >= 2:
                yield seq, state, options, action
            state = redealt(engine, engine.apply(state, action)[0], seq, record.redeals)

    def _weigh(self, engine: Any, game: str, state: Any, options: list, chosen: str, n: int, seq: int
               ) -> dict[str, Any]:
        ids = [a.id for a in options]
        seed = advice.view_seed(engine, state)
        dumped = engine.dump(state)
        batch = self.advisor.weigh(game, dumped, ids, seed, range(DEALS)).result()
        tallies = {o: advice.Tally.from_json(t) for o, t in batch.items()}
        # The budget adapts: where the options are clearly apart the first deals tell, elsewhere more are played
        # (the chosen option always among them, so its figure and the best's come from the same deals).
        close = sorted(set(advice.still_open(tallies, min_n=DEALS)) | {chosen})
        if len(close) > 1 and MORE_DEALS:
            more = self.advisor.weigh(game, dumped, close, seed, range(DEALS, DEALS + MORE_DEALS)).result()
            for option, tally in more.items():
                tallies[option].merge(advice.Tally.from_json(tally))
        best = advice.ranked(tallies)[0]
        if tallies[chosen].chance == tallies[best].chance and tallies[chosen].score == tallies[best].score:
            best = chosen  # as good as the best: the choice made stands
        labels = {a.id: a.label for a in options}
        turn = engine.view(state).get("turn")
        return {"n": n, "step": seq - 1, "turn": turn if isinstance(turn, int) else None, "options": len(ids),
                "chosen": chosen, "chosen_label": text_json(labels[chosen]), "chance": tallies[chosen].chance,
                "best": best, "best_label": text_json(labels[best]), "best_chance": tallies[best].chance}
