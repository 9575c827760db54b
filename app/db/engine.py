"""Database engine and sessions: SQLite (WAL, durable commits) by default, PostgreSQL by URL.

The app keeps its sessionmaker on `app.state.sessionmaker`; routes get a session through `get_db`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import Request
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from app.core import jsoncodec
from app.db import checkpointer, private, write_gate

_JSON = {"json_serializer": jsoncodec.dumps, "json_deserializer": jsoncodec.loads}


# Pool sizes when the settings leave them unset (SQLAlchemy's own for SQLite; more for PostgreSQL).
POOL_DEFAULTS = {"sqlite": (5, 10), "postgresql": (10, 20)}
POOL_TIMEOUT = 10.0


def make_engine(url: str, *, pool_size: int | None = None, max_overflow: int | None = None,
                pool_timeout: float | None = None) -> Engine:
    """The engine for `url`. A request that waits `pool_timeout` seconds for a connection gets
    sqlalchemy's TimeoutError, which app/http/capacity answers 503 (see DB_POOL_* in the README)."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    size, overflow = POOL_DEFAULTS.get(backend, POOL_DEFAULTS["postgresql"])
    pool = {"pool_size": size if pool_size is None else pool_size,
            "max_overflow": overflow if max_overflow is None else max_overflow,
            "pool_timeout": POOL_TIMEOUT if pool_timeout is None else pool_timeout}
    if backend == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            private.private_sqlite(url)  # 0600 in a 0700 folder when created here (app/db/private.py)
        else:
            pool = {}  # an in-memory database keeps SQLAlchemy's single-connection pool
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30,
                                                  "factory": write_gate.connection_class()}, **pool, **_JSON)
        event.listen(engine, "connect", _sqlite_pragmas)
        write_gate.install(engine)
        if parsed.database and parsed.database != ":memory:":
            checkpointer.install(engine, Path(parsed.database).resolve())
        return engine
    return create_engine(url, pool_pre_ping=True, **pool, **_JSON)


def _sqlite_pragmas(dbapi_conn, _record) -> None:  # noqa: ANN001 - DB-API connection
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # FULL: a committed move survives a power cut too, not only a crash of the server.
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


async def get_db(request: Request) -> AsyncIterator[Session]:
    """FastAPI dependency: one database session per request, always closed.

    An async generator, so FastAPI runs it on the event loop: a sync one would cost two extra
    thread hops per request (enter and exit). Creating a Session does no I/O (it connects on first
    use, in the route's thread), and closing one only hands its connection back to the pool.
    """
    db = request.app.state.sessionmaker()
    try:
        yield db
    finally:
        db.close()
