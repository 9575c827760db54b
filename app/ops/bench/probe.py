"""Drive the bare-write route with as many concurrent clients as there are players, for a few seconds."""

from __future__ import annotations

import contextlib
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import httpx

from app.ops.bench import account
from app.ops.bench.stats import Series


@dataclass(frozen=True)
class ProbePlan:
    base_url: str
    session_id: str
    start_at: float
    stop_at: float


@dataclass
class ProbeResult:
    writes: Series
    errors: int
    seconds: float
    server_cpu: float = 0.0  # CPU seconds the server used meanwhile (set by the caller)

    @property
    def cpu_ms_per_write(self) -> float:
        return self.server_cpu * 1000 / self.writes.count if self.writes.count else 0.0

    @property
    def per_second(self) -> float:
        return self.writes.count / self.seconds if self.seconds > 0 else 0.0


def _writer(plan: ProbePlan) -> tuple[Series, int]:
    series, errors = Series(), 0
    wait = plan.start_at - time.time()
    if wait > 0:
        time.sleep(wait)
    with httpx.Client(base_url=plan.base_url, timeout=60) as client:
        while time.time() < plan.stop_at:
            start = time.perf_counter()
            try:
                resp = client.post(f"/_bench/write/{plan.session_id}")
            except httpx.HTTPError:  # no answer at all
                errors += 1
                time.sleep(0.05)
                continue
            if resp.status_code == 200:
                series.add(time.perf_counter() - start, resp.num_bytes_downloaded)
            else:
                errors += 1
    return series, errors


def _noop(_: int) -> None:
    time.sleep(0.05)  # long enough that one process cannot take every warm-up task


def ready(pool: ProcessPoolExecutor, processes: int) -> None:
    """Have every worker process started before the clock starts: on a busy machine starting
    sixteen of them can take longer than the short lead the clock gives."""
    list(pool.map(_noop, range(processes)))


def measure(base_url: str, *, clients: int, seconds: float, slug: str, auth_mode: str = "single") -> ProbeResult:
    """Writes per second of `clients` concurrent writers, each on its own probe session (the write
    route itself is bare: no log-in, nothing but the write)."""
    client = account.client(base_url, auth_mode, kind="script", name="bench probe")
    with contextlib.closing(client):
        ids = []
        for i in range(clients):
            resp = client.post("/api/sessions", json={"game": slug, "seed": i, "name": f"bench probe {i}"})
            resp.raise_for_status()
            ids.append(resp.json()["id"])
    total, errors = Series(), 0
    with ProcessPoolExecutor(max_workers=clients) as pool:
        ready(pool, clients)
        start_at = time.time() + 0.5
        plans = [ProbePlan(base_url, sid, start_at, start_at + seconds) for sid in ids]
        for series, errs in pool.map(_writer, plans):
            total.merge(series)
            errors += errs
    return ProbeResult(total, errors, seconds)
