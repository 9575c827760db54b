"""503 with Retry-After when the database cannot serve a request in time (the crowd waited, bounded).

Counted as overload: the pool's checkout timeout (`sqlalchemy.exc.TimeoutError`, after
`DB_POOL_TIMEOUT` seconds); SQLite's "database is locked" / "busy" (another process kept writing past
the busy timeout); PostgreSQL failing to connect or dropping the connection (too many clients, a restart,
the network). Other database errors stay 500s: they are bugs, and they are logged with a traceback.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app.http.errors import refusal
from games.engine import words

RETRY_AFTER_SECONDS = 2
log = logging.getLogger("solo_shelf.errors")

# SQLSTATE classes of a server that is busy or going away: connection exceptions, too many connections
# and other resource limits, operator intervention (shutdown, "cannot connect now").
_PG_TRANSIENT = ("08", "53", "57P")


def is_overload(exc: BaseException) -> bool:
    if isinstance(exc, PoolTimeout):
        return True
    if not isinstance(exc, OperationalError):
        return False
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    orig: Any = exc.orig
    module = type(orig).__module__
    if module.startswith("sqlite3"):
        message = str(orig).lower()
        return "database is locked" in message or "database is busy" in message or "database table is locked" in message
    if module.startswith("psycopg"):
        state = getattr(orig, "sqlstate", None)
        return state is None or state.startswith(_PG_TRANSIENT)  # no SQLSTATE: it never reached the server
    return False


def busy_answer(request: Request) -> Response:
    return refusal(request, 503, words("The server is busy: try again in a moment."),
                   headers={"Retry-After": str(RETRY_AFTER_SECONDS)}, retry_after=RETRY_AFTER_SECONDS)


def install(app: FastAPI) -> None:
    async def overloaded(request: Request, exc: Exception) -> Response:
        if not is_overload(exc):
            raise exc  # a real error: the request log middleware answers 500 and logs its traceback
        log.warning("overloaded", extra={"fields": {"event": "overloaded", "path": request.url.path,
                                                    "error": type(exc).__name__,
                                                    "request_id": request.scope.get("state", {}).get("request_id")}})
        return busy_answer(request)

    app.add_exception_handler(PoolTimeout, overloaded)
    app.add_exception_handler(OperationalError, overloaded)
