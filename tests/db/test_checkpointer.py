"""The background checkpointer (app/db/checkpointer.py) leaves nothing behind once its engine is disposed: the
write-ahead log is folded into the file, so a copy taken at once is the whole database (the test suite copies its
migrated template this way; a checkpoint still running held the log open, seen once under load)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from app.db import checkpointer
from app.db.engine import make_engine


def test_after_dispose_the_log_is_folded_in_at_once(tmp_path, monkeypatch):
    monkeypatch.setattr(checkpointer, "INTERVAL", 0.001)  # a checkpoint all the time: dispose meets one running
    left = 0
    for n in range(40):
        path = tmp_path / f"db{n}.sqlite"
        engine = make_engine(f"sqlite:///{path}")
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
            conn.execute(text("INSERT INTO t VALUES (1)"))
        engine.dispose()
        left += Path(f"{path}-wal").exists()
    assert left == 0, f"{left} of 40 databases still had their write-ahead log right after dispose()"
