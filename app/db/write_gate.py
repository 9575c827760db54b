"""One SQLite writer at a time inside this process, handed over the moment the previous one commits.

SQLite lets one connection write at a time. A second writer that finds the database locked retries
in its busy handler, sleeping a little longer each time (up to 100 ms between tries), so under
load a move could wait far longer than the write it waits for. Here the writers of one process
queue on a lock instead: a connection takes it just before its first INSERT/UPDATE/DELETE and gives
it back right after its commit or rollback. Reads never wait. Writers in other processes (several
workers on one SQLite file) still meet SQLite's own locking, which keeps them correct.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

from sqlalchemy import Engine, event

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
# Never wait forever: past this, go on and let SQLite's busy timeout decide.
GATE_TIMEOUT = 10.0


def connection_class() -> type[sqlite3.Connection]:
    """A sqlite3 connection class whose instances share one gate (make one per engine)."""
    gate = threading.Lock()

    class GatedConnection(sqlite3.Connection):
        holding = False

        def enter_write(self) -> None:
            if not self.holding:
                self.holding = gate.acquire(timeout=GATE_TIMEOUT)

        def leave_write(self) -> None:
            if self.holding:
                self.holding = False
                gate.release()

        def commit(self) -> None:
            try:
                super().commit()
            finally:
                self.leave_write()

        def rollback(self) -> None:
            try:
                super().rollback()
            finally:
                self.leave_write()

        def close(self) -> None:
            try:
                super().close()
            finally:
                self.leave_write()

    return GatedConnection


def install(engine: Engine) -> None:
    """Take the gate before a connection's first write; the connection class gives it back."""

    @event.listens_for(engine, "before_cursor_execute")
    def _before(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        dbapi = cursor.connection
        if isinstance(dbapi, sqlite3.Connection) and hasattr(dbapi, "enter_write"):
            if statement.lstrip()[:7].upper().startswith(WRITES):
                dbapi.enter_write()
