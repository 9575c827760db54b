"""The advisor at work (issue #28): a player's question "what are my chances?" becomes a job whose playouts run in
worker processes, and whose estimate is refined while the player looks at it.

- One job per player at a time (asking about another position ends the one before), so no player can take the
  machine: each running job gets an equal share of the workers.
- A job deals batches of playouts (games/advice.py) to the workers: first a small one, so that a first estimate
  comes within a few seconds, then larger ones for the options still in the running (`still_open`), until the
  leading option's chance is known within the margin asked (±5 points by default), or the time asked (a minute)
  has passed, or each option has the playouts asked. Batch j weighs the options batches 0..j-2 left in the running
  and the batches are merged in order, so a seed gives the same answer on any machine (`Advisor._run`).
- The workers are separate processes (spawned, not forked: the server's threads and database connections stay
  behind), so a job never slows a move down more than any other process would, and uses every core.
- Nothing is peeked at: a job holds the position only to deal it again canonically (`redeal(..., canonical=True)`),
  and its seed, unless the player gives one, comes from what the player sees (`view_seed`).
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
from games.engine import Action, Words, one_per_label, words
from games.registry import get_engine

MARGIN = 0.05  # the default: done once the leading option's chance is known within ±5 points
SECONDS = 60.0  # the default time limit
MAX_DEALS = 4096
FIRST_BATCH = 2  # deals in the first batch: a first estimate within seconds
BATCH = 8
LAG = 2  # batch j weighs the options the batches before j - 1 left in the running: the same on any machine
KEEP_FINISHED_S = 600.0  # a finished job's answer stays this long for a player who asks again


@dataclass(frozen=True)
class Question:
    """What the player asks: the position, the seed of the deals, and when the estimate is good enough."""

    session_id: str
    version: int
    seed: int
    margin: float = MARGIN
    seconds: float = SECONDS
    playouts: int | None = None  # exactly this many per option, instead of a margin

    def deals(self, j: int) -> range:
        """The deals of batch j (the same for every question with this seed)."""
        start = 0 if j == 0 else FIRST_BATCH + (j - 1) * BATCH
        stop = min(FIRST_BATCH if j == 0 else start + BATCH, self.playouts or MAX_DEALS)
        return range(start, max(start, stop))


@dataclass
class Job:
    """One player's question about one position of one game."""

    owner_id: str
    question: Question
    game: str
    options: list[Action]
    state: Any
    tallies: dict[str, advice.Tally] = field(default_factory=dict)
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
        """The estimate so far, best option first (JSON-safe; labels as Words): the API's answer."""
        with self.lock:
            tallies = {o: advice.Tally(**t.__dict__) for o, t in self.tallies.items()}
            done, seconds = self.done, self.seconds()
        order = advice.ranked(tallies) if tallies else [a.id for a in self.options]
        order += [a.id for a in self.options if a.id not in order]
        open_now = set(advice.still_open(tallies)) if tallies else set(order)
        labels = {a.id: a.label for a in self.options}
        rows = []
        for rank, option in enumerate(order):
            t = tallies.get(option, advice.Tally())
            low, high = t.chance_bounds()
            rows.append({"action": option, "label": labels[option], "best": rank == 0 and t.n > 0,
                         "playouts": t.n, "win": t.chance, "win_low": low, "win_high": high,
                         "margin": t.chance_margin, "score": t.score if t.n else None,
                         "score_margin": t.score_margin if t.n >= 2 else None, "in_running": option in open_now})
        q = self.question
        return {"session_id": q.session_id, "version": q.version, "seed": q.seed, "done": done,
                "deals": max((t.n for t in tallies.values()), default=0),
                "playouts": sum(t.n for t in tallies.values()), "seconds": round(seconds, 2), "options": rows}


def enough(q: Question, tallies: dict[str, advice.Tally], options: list[str]) -> bool:
    """Whether the estimate answers the question: every option has its playouts (playouts=N), or the leading
    option's chance is known within the margin."""
    if not tallies or any(o not in tallies for o in options):
        return False
    if q.playouts is not None:
        return all(tallies[o].n >= q.playouts for o in options)
    return tallies[advice.ranked(tallies)[0]].chance_margin <= q.margin


def running(q: Question, tallies: dict[str, advice.Tally], options: list[str]) -> list[str]:
    """The options the next batch plays out: all until each has its first playouts (all of them with playouts=N),
    then those not yet clearly worse than the leader."""
    if not tallies or q.playouts is not None:
        return list(options)
    return advice.still_open(tallies)


class Advisor:
    """The jobs of every player, and the worker processes they share (created on the first question)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None
        self._jobs: dict[str, Job] = {}  # owner id -> the player's latest job
        self._lock = threading.Lock()

    # ---- Questions ----
    def ask(self, owner_id: str, question: Question, game: str, state: Any, options: list[Action]) -> Job:
        """The player's job for this question: the running or finished one, else a new one (ending the last)."""
        with self._lock:
            job = self._jobs.get(owner_id)
            if job and job.question == question and not job.stopped:
                return job
            if job:
                job.stopped = True
            job = Job(owner_id, question, game, options, state)
            self._jobs[owner_id] = job
            self._forget_old()
        threading.Thread(target=self._run, args=(job,), name=f"advice-{question.session_id}", daemon=True).start()
        return job

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
        """How many batches a job may have at the workers at once: an equal share of them, at most LAG."""
        busy = sum(1 for j in self._jobs.values() if not j.done and not j.stopped)
        return max(1, min(LAG, self.workers // max(1, busy)))

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
            return self._pool

    # ---- The work ----
    def _run(self, job: Job) -> None:
        """Batches in order; batch j plays the options left in the running by batches 0..j-2 (`LAG`), and the
        answer is the merge of the batches up to the first after which it was enough: with a seed (and a margin
        reached in time, or playouts=N) the same answer on any machine."""
        q, ids = job.question, [a.id for a in job.options]
        dumped = get_engine(job.game).dump(job.state)
        results: dict[int, dict[str, advice.Tally]] = {}
        in_flight: dict[int, Future] = {}
        merged = 0  # batches merged into job.tallies, in order
        known: dict[str, advice.Tally] = {}  # batches 0..j-2 merged, for the choice of batch j's options
        j = 0
        try:
            while not job.stopped and not self._answered(job, ids):
                while (len(in_flight) < self._share() and not job.stopped
                       and time.monotonic() - job.started < q.seconds and (j < LAG or j - LAG < merged)):
                    known = self._merged(results, max(0, j - LAG + 1)) if j >= LAG else {}
                    deals = q.deals(j)
                    batch = running(q, known, ids)
                    if not deals or not batch:
                        break
                    in_flight[j] = self._executor().submit(advice.run_batch, job.game, dumped, batch, q.seed,
                                                           deals.start, deals.stop)
                    j += 1
                if not in_flight:
                    break
                first = min(in_flight)
                found = in_flight.pop(first).result()
                results[first] = {o: advice.Tally.from_json(t) for o, t in found.items()}
                while merged in results:  # in order, so the merge is the same whatever finished first
                    with job.lock:
                        for option, tally in results[merged].items():
                            job.tallies.setdefault(option, advice.Tally()).merge(tally)
                    merged += 1
                    if self._answered(job, ids):
                        break
        except (BrokenProcessPool, CancelledError, RuntimeError):  # the workers stopped (the server is stopping)
            job.stopped = True
        finally:
            for pending in in_flight.values():
                pending.cancel()
            job.finished = time.monotonic()

    @staticmethod
    def _merged(results: dict[int, dict[str, advice.Tally]], upto: int) -> dict[str, advice.Tally]:
        out: dict[str, advice.Tally] = {}
        for b in range(upto):
            for option, tally in results.get(b, {}).items():
                out.setdefault(option, advice.Tally()).merge(tally)
        return out

    @staticmethod
    def _answered(job: Job, ids: list[str]) -> bool:
        with job.lock:
            return enough(job.question, job.tallies, ids)


class StaleQuestion(Exception):
    """The question names a version the game has left."""


def ask_about(db: Session, advisor: Advisor, *, session_id: str, owner_id: str, version: int | None = None,
              seed: int | None = None, margin: float = MARGIN, seconds: float = SECONDS,
              playouts: int | None = None) -> tuple[str, dict[str, Any]] | None:
    """The player's question about their game as it stands: (the game, the estimate so far), None when the game
    has no choice left (over, or kept for attention); StaleQuestion when `version` is not the game's. Without a
    seed, the seed comes from what the player sees (the same view, the same advice). Remembered with the game."""
    where = moves.position(db, session_id=session_id, owner_id=owner_id)
    if version is not None and version != where.version:
        raise StaleQuestion(where.version)
    if where.status.over or not where.options:
        return None
    if seed is None:
        seed = advice.view_seed(get_engine(where.game), where.state)
    question = Question(where.session_id, where.version, seed, margin, seconds, playouts)
    job = advisor.ask(owner_id, question, where.game, where.state, one_per_label(where.options))
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


def stale_question() -> Words:
    return words("the game has moved on since that position: ask about the one on the table")


def nothing_to_advise() -> Words:
    return words("the game is over: there is nothing left to advise")

