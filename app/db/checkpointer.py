"""SQLite WAL checkpoints in a background thread instead of inside a move's commit.

By default SQLite folds its write-ahead log back into the database file during whichever commit
crosses 1,000 pages, and that commit then waits for the copy and its fsync: a stall of tens of
milliseconds for one move (and, through the write gate, for every move queued behind it). Here each
SQLite engine turns the automatic checkpoint off and a daemon thread runs a PASSIVE checkpoint
every second on a short-lived connection of its own. PASSIVE never blocks readers or writers;
durability is unchanged (every commit is already fsynced to the WAL, synchronous=FULL).
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from pathlib import Path

from sqlalchemy import Engine, event

INTERVAL = 1.0


def checkpoint(path: Path) -> None:
    """A PASSIVE checkpoint on a short-lived connection of its own; a database busy or locked now is left as it is."""
    try:
        conn = sqlite3.connect(path, timeout=5)
        try:
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            conn.close()
    except sqlite3.Error:
        pass


class Checkpointer(threading.Thread):
    def __init__(self, engine: Engine, path: Path) -> None:
        super().__init__(daemon=True, name=f"sqlite-checkpoint {path.name}")
        self.path = path
        self.stopping = threading.Event()
        # No callback on the engine's death: the garbage collector would run it wherever it strikes,
        # and `stopping.set()` takes the event's lock. At interpreter exit that lock can be held for
        # good by this daemon thread (frozen inside `wait`), and the exit then hangs forever (seen in
        # `python -m app backup --check` on a busy machine). The loop notices a dead engine itself.
        self._engine = weakref.ref(engine)

    def run(self) -> None:
        while not self.stopping.wait(INTERVAL):
            # Never create a database: a file that is gone (a test's temporary folder) ends the thread.
            if self._engine() is None or not self.path.exists():
                return
            checkpoint(self.path)  # busy or locked now: the next round tries again


class _Keeper:
    """One running checkpointer per engine: started by the first connection, stopped by dispose()."""

    def __init__(self, engine: Engine, path: Path) -> None:
        self.engine = weakref.ref(engine)
        self.path = path
        self.thread: Checkpointer | None = None
        self.lock = threading.Lock()

    def ensure_running(self) -> None:
        with self.lock:
            if self.thread is not None and self.thread.is_alive() and not self.thread.stopping.is_set():
                return
            engine = self.engine()
            if engine is not None:
                self.thread = Checkpointer(engine, self.path)
                self.thread.start()

    def stop(self) -> None:
        """Stop the thread and wait for it: a checkpoint it is running holds a connection of its own, and the
        database's write-ahead log is folded in and removed only when its last connection closes (a copy of the
        file taken just after dispose() must be whole; seen missing under load)."""
        with self.lock:
            thread = self.thread
            if thread is not None:
                thread.stopping.set()
        if thread is not None and thread is not threading.current_thread() and thread.is_alive():
            thread.join(timeout=10)  # a checkpoint waits at most 5 s for a lock (sqlite3.connect timeout)
        # The pool's connections closed first, beside the thread's: none of them was the last to close, which is
        # the one that folds the log in and removes it. A checkpoint on a connection of its own, closed last, does.
        # (If another process holds the database, its own last connection folds the log in.)
        if self.path.exists():
            checkpoint(self.path)


def install(engine: Engine, path: Path) -> None:
    """Turn the commit-time checkpoint off for `engine`'s connections; checkpoint in the background."""
    keeper = _Keeper(engine, path)

    @event.listens_for(engine, "connect")
    def _no_autocheckpoint(dbapi_conn, _record) -> None:  # noqa: ANN001 - DB-API connection
        dbapi_conn.execute("PRAGMA wal_autocheckpoint=0")
        keeper.ensure_running()

    @event.listens_for(engine, "engine_disposed")
    def _stop(_engine) -> None:  # noqa: ANN001
        keeper.stop()
