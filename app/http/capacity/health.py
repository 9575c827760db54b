"""`/healthz`'s database check, on worker threads of its own.

The shared pool of worker threads (anyio's, 40 by default) may have a queue when a crowd arrives;
the health check must not stand in it, or a load balancer would take a busy server for a dead one.
It still needs a database connection: past the pool's timeout it answers 503 like any request.
"""

from __future__ import annotations

import anyio.to_thread
from anyio import CapacityLimiter
from anyio.lowlevel import RunVar
from sqlalchemy import Engine, text

THREADS = 4
# One limiter per event loop (like anyio's own default limiter): tests run several loops in one process.
_threads: RunVar[CapacityLimiter] = RunVar("solo_shelf_health_threads")


def _ping(engine: Engine) -> None:
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))


async def database_answers(engine: Engine) -> None:
    """Return once `engine` answers a SELECT 1 (raises what the database raises)."""
    try:
        limiter = _threads.get()
    except LookupError:
        limiter = CapacityLimiter(THREADS)
        _threads.set(limiter)
    await anyio.to_thread.run_sync(_ping, engine, limiter=limiter)
