"""The advisor at work (issue #28): a player's question "what are my chances?" becomes a job whose playouts run in
worker processes, and whose estimate is refined while the player looks at it.

- One job per player at a time (asking about another position ends the one before), so no player can take the
  machine: each running job gets an equal share of the workers.
- A job deals batches of playouts (games/advice.py) to the workers: first a small one, so that a first estimate
  comes within a few seconds, then larger ones for the options still in the running (`still_open`), until every
  one of those is known within ±5 points of win chance, or a minute has passed, or the deals run out.
- The workers are separate processes (spawned, not forked: the server's threads and database connections stay
  behind), so a job never slows a move down more than any other process would, and uses every core.
- Nothing is peeked at: a job holds the position only to deal it again canonically (`redeal(..., canonical=True)`),
  and its seed comes from what the player sees (`view_seed`).
- Each question is remembered with the game (table `advised`): the history and the replay say "advised".
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.db.models import Advised, utcnow
from app.shelf import moves
from games import advice
from games.engine import Action, Words, words
from games.registry import get_engine

TARGET_MARGIN = 0.05  # ± on the chance to win of each option still in the running
TIME_LIMIT_S = 60.0
MAX_DEALS = 4096
FIRST_BATCH = 2  # deals in the first batch: a first estimate within seconds
BATCH = 8
KEEP_FINISHED_S = 600.0  # a finished job's answer stays this long for a player who asks again


@dataclass
class Job:
    """One player's question about one position of one game."""

    owner_id: str
    session_id: str
    version: int
    game: str
    options: list[Action]
    state: Any
    seed: int
    tallies: dict[str, advice.Tally] = field(default_factory=dict)
    deals: int = 0
    started: float = field(default_factory=time.monotonic)
    finished: float | None = None
    stopped: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def done(self) -> bool:
        return self.finished is not None

    def seconds(self) -> float:
        return (self.finished or time.monotonic()) - self.started

    def snapshot(self) -> dict[str, Any]:
        """The estimate so far, best option first (JSON-safe; labels as Words)."""
        with self.lock:
            tallies = {o: advice.Tally(**t.__dict__) for o, t in self.tallies.items()}
            deals, done, seconds = self.deals, self.done, self.seconds()
        order = advice.ranked(tallies) if tallies else [a.id for a in self.options]
        open_now = set(advice.still_open(tallies)) if tallies else set(order)
        labels = {a.id: a.label for a in self.options}
        rows = []
        for rank, option in enumerate(order):
            t = tallies.get(option, advice.Tally())
            low, high = t.chance_bounds()
            rows.append({"id": option, "label": labels[option], "best": rank == 0 and t.n > 0,
                         "playouts": t.n, "chance": t.chance, "chance_low": low, "chance_high": high,
                         "chance_margin": t.chance_margin, "score": t.score,
                         "score_margin": t.score_margin if t.n >= 2 else None, "in_running": option in open_now})
        return {"session_id": self.session_id, "version": self.version, "done": done, "deals": deals,
                "playouts": sum(t.n for t in tallies.values()), "seconds": round(seconds, 2), "options": rows}


class Advisor:
    """The jobs of every player, and the worker processes they share (created on the first question)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None
        self._jobs: dict[str, Job] = {}  # owner id -> the player's latest job
        self._lock = threading.Lock()

    # ---- Questions ----
    def ask(self, owner_id: str, session_id: str, version: int, game: str, state: Any,
            options: list[Action]) -> Job:
        """The player's job for this position: the running or finished one, else a new one (ending the last)."""
        with self._lock:
            job = self._jobs.get(owner_id)
            if job and (job.session_id, job.version) == (session_id, version) and not job.stopped:
                return job
            if job:
                job.stopped = True
            engine = get_engine(game)
            job = Job(owner_id, session_id, version, game, options, state, advice.view_seed(engine, state))
            self._jobs[owner_id] = job
            self._forget_old()
        threading.Thread(target=self._run, args=(job,), name=f"advice-{session_id}", daemon=True).start()
        return job

    def current(self, owner_id: str, session_id: str, version: int) -> Job | None:
        job = self._jobs.get(owner_id)
        return job if job and (job.session_id, job.version) == (session_id, version) and not job.stopped else None

    def weigh(self, game: str, dumped: Any, options: list[str], seed: int, deals: range) -> Future:
        """One batch of playouts for a background job (the game review, app/shelf/review.py), on the same workers."""
        return self._executor().submit(advice.run_batch, game, dumped, options, seed, deals.start, deals.stop)

    def stop_all(self) -> None:
        """End every job and the workers (the server is stopping)."""
        with self._lock:
            for job in self._jobs.values():
                job.stopped = True
            pool, self._pool = self._pool, None
        if pool:
            pool.shutdown(wait=False, cancel_futures=True)

    def _forget_old(self) -> None:
        now = time.monotonic()
        for owner, job in list(self._jobs.items()):
            if job.finished is not None and now - job.finished > KEEP_FINISHED_S:
                del self._jobs[owner]

    def _share(self) -> int:
        """How many batches a job may have at the workers at once: an equal share of them."""
        running = sum(1 for j in self._jobs.values() if not j.done and not j.stopped)
        return max(1, self.workers // max(1, running))

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
            return self._pool

    # ---- The work ----
    def _run(self, job: Job) -> None:
        engine = get_engine(job.game)
        dumped = engine.dump(job.state)
        in_flight: list[Future] = []
        next_deal = 0
        try:
            while not job.stopped:
                open_options = self._open(job)
                if not open_options:
                    break
                while (len(in_flight) < self._share() and next_deal < MAX_DEALS and not job.stopped
                       and time.monotonic() - job.started < TIME_LIMIT_S):
                    size = FIRST_BATCH if next_deal == 0 else BATCH
                    deals = range(next_deal, min(next_deal + size, MAX_DEALS))
                    next_deal = deals.stop
                    in_flight.append(self._executor().submit(advice.run_batch, job.game, dumped, open_options,
                                                             job.seed, deals.start, deals.stop))
                if not in_flight:
                    break
                finished = in_flight.pop(0)
                result = finished.result()
                with job.lock:
                    for option, tally in result.items():
                        job.tallies.setdefault(option, advice.Tally()).merge(advice.Tally.from_json(tally))
                    job.deals = max(job.deals, max((t.n for t in job.tallies.values()), default=0))
        except (BrokenProcessPool, CancelledError, RuntimeError):  # the workers stopped (the server is stopping)
            job.stopped = True
        finally:
            for pending in in_flight:
                pending.cancel()
            job.finished = time.monotonic()

    @staticmethod
    def _open(job: Job) -> list[str]:
        """The options that need more playouts (all of them before the first batch)."""
        with job.lock:
            if not job.tallies:
                return [a.id for a in job.options]
            running = advice.still_open(job.tallies)
            if all(job.tallies[o].chance_margin <= TARGET_MARGIN for o in running):
                return []
            return running


def ask_about(db: Session, advisor: Advisor, *, session_id: str, owner_id: str) -> tuple[str, dict[str, Any]] | None:
    """The player's question about their game as it stands: (the game, the estimate so far), None when the game
    has no choice left (over, or kept for attention). Remembered with the game."""
    where = moves.position(db, session_id=session_id, owner_id=owner_id)
    if where.status.over or not where.options:
        return None
    job = advisor.ask(owner_id, where.session_id, where.version, where.game, where.state, where.options)
    remember(db, session_id=where.session_id, version=where.version)
    return where.game, job.snapshot()


def remember(db: Session, *, session_id: str, version: int) -> None:
    """Note with the game that the player asked for advice at this version (once per version)."""
    found = db.execute(select(Advised.version).where(Advised.session_id == session_id,
                                                     Advised.version == version)).first()
    if found is not None:
        return
    db.add(Advised(session_id=session_id, version=version, asked_at=utcnow()))
    try:
        db.commit()
    except IntegrityError:  # asked twice at once: the other request noted it
        db.rollback()


def advised_versions(db: Session, *, session_id: str) -> list[int]:
    """The versions of this game at which the player asked for advice, in order."""
    rows = db.execute(select(Advised.version).where(Advised.session_id == session_id).order_by(Advised.version))
    return [v for (v,) in rows]


def advised_games(db: Session, session_ids: list[str]) -> set[str]:
    """Which of these games had advice at least once."""
    if not session_ids:
        return set()
    rows = db.execute(select(Advised.session_id).where(Advised.session_id.in_(session_ids)).distinct())
    return {sid for (sid,) in rows}


def nothing_to_advise() -> Words:
    return words("the game is over: there is nothing left to advise")

