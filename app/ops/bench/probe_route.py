"""The bench's bare-write route: one durable write of a session-sized row, nothing else.

It measures the ceiling of this stack (HTTP, the framework, a database session, one committed
UPDATE) so the bench can say how close a real move comes to it. It exists only in a server started
by `python -m app bench` (it serves app/ops/bench/asgi.py), never otherwise.
"""

from __future__ import annotations

from typing import Any

from fastapi import Depends, FastAPI
from fastapi.responses import JSONResponse
from sqlalchemy import update
from sqlalchemy.orm import Session

from app.db.engine import get_db
from app.db.models import Snapshot
from games.registry import all_engines

PATH = "/_bench/write/{session_id}"


def session_sized_state() -> dict[str, Any]:
    """The largest fresh game state among the registered games, as a snapshot stores it."""
    dumps = [e.dump(e.new_game(1, e.spec.normalize_options(None))) for e in all_engines()]
    return max(dumps, key=lambda d: len(str(d)))


def install(app: FastAPI) -> None:
    blob = session_sized_state()

    @app.post(PATH, include_in_schema=False)
    def bench_write(session_id: str, db: Session = Depends(get_db)) -> JSONResponse:
        # state and checkpoint: the most a move writes to its snapshot row
        done = db.execute(
            update(Snapshot).where(Snapshot.session_id == session_id).values(state=blob, checkpoint=blob)
        )
        db.commit()
        return JSONResponse({"written": done.rowcount}, status_code=200 if done.rowcount == 1 else 404)
