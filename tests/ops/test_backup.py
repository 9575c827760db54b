"""`python -m app backup FILE` while players move on the real server; restoring the copy brings every game back.

SQLite: the copy is a database file; restoring is pointing DATABASE_URL at it. PostgreSQL: the copy is
a pg_dump archive; restoring is pg_restore into a new database. Either way every session that existed
when the backup began comes back, at least as far as it had been answered, and replays to its snapshot.
"""

from __future__ import annotations

import gc
import os
import shutil
import stat
import subprocess
import sys
import threading
import time
import weakref

import httpx
import pytest

from app.core.config import ROOT, Settings
from app.core.errors import ImportRefused
from app.main import create_app
from app.ops import live
from app.ops.backup import check_database, seal_key_copy
from app.ops.cli import main
from app.shelf.files import seal_key
from app.shelf.files.game_files import export_session, import_session
from app.shelf.files.sealing import is_sealed
from app.shelf.store import create_session
from tests.support import pgtools
from tests.support.players import Player

PLAYERS = 3
MOVES_FIRST = 30  # answered before the backup starts


def run_backup(db_url: str, dest, *extra: str, data_dir=None) -> subprocess.CompletedProcess:
    """`python -m app backup` in the environment of the server on `db_url` (its DATA_DIR holds its seal key)."""
    env = {**os.environ, "DATABASE_URL": db_url, **({"DATA_DIR": str(data_dir)} if data_dir else {})}
    cmd = [sys.executable, "-m", "app", "backup", str(dest), *extra]
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


def backup_while_playing(db_url: str, tmp_path, dest) -> tuple[dict[str, int], str]:
    """Players move; once some moves are answered, back up mid-stream. Returns versions answered before."""
    with live.running(db_url, tmp_path) as server:
        # Until told to stop: players with a fixed number of moves ran out of them while a slow
        # backup (a busy machine) was still running, and the test then failed its "moving" check.
        players = [Player(server.base_url, seed=40 + n, max_moves=None) for n in range(PLAYERS)]
        stop = threading.Event()
        threads = [threading.Thread(target=p.run, args=(stop,)) for p in players]
        for t in threads:
            t.start()
        try:
            deadline = time.monotonic() + 60
            while sum(len(p.answered) for p in players) < MOVES_FIRST and time.monotonic() < deadline:
                time.sleep(0.01)
            before = {sid: v for p in players for sid, v in list(p.last_version.items())}
            extra = ("--check",) if db_url.startswith("sqlite") else ()
            done = run_backup(db_url, dest, *extra, data_dir=tmp_path)  # live.running's DATA_DIR
            moving = all(t.is_alive() for t in threads)
        finally:
            stop.set()
            for t in threads:
                t.join(timeout=30)
    assert not [u for p in players for u in p.unexpected]
    assert done.returncode == 0, done.stderr
    assert moving, f"the players should still have been moving during the backup: {[len(p.answered) for p in players]}"
    assert seal_key_copy(dest).read_bytes() == (tmp_path / "seal.key").read_bytes()  # the key goes with it
    return before, done.stdout


def check_restored(url: str, before: dict[str, int], tmp_path) -> None:
    report = check_database(url)
    assert report.ok, report.problems
    with live.running(url, tmp_path) as server:
        for sid, version in before.items():
            r = httpx.get(f"{server.base_url}/api/sessions/{sid}", timeout=10)
            assert r.status_code == 200, sid
            assert r.json()["version"] >= version


@pytest.mark.slow
def test_sqlite_backup_while_moving_then_restore(tmp_path):
    live = f"sqlite:///{tmp_path / 'live.db'}"
    copy = tmp_path / "backups" / "copy.db"
    before, out = backup_while_playing(live, tmp_path, copy)
    assert "integrity ok" in out and "check:" in out
    check_restored(f"sqlite:///{copy}", before, tmp_path)


@pytest.mark.slow
@pytest.mark.skipif(not pgtools.server_url(), reason="TEST_DATABASE_URL names no PostgreSQL server")
@pytest.mark.skipif(shutil.which("pg_restore") is None, reason="pg_dump/pg_restore not installed")
def test_postgresql_backup_while_moving_then_restore(tmp_path):
    dump = tmp_path / "copy.dump"
    with pgtools.fresh_database() as live:
        before, out = backup_while_playing(live, tmp_path, dump)
    assert "pg_restore" in out  # the restore steps are printed with the dump
    with pgtools.fresh_database() as restored:
        subprocess.run(
            ["pg_restore", "--no-owner", f"--dbname={pgtools.libpq_url(restored)}", str(dump)],
            check=True,
            capture_output=True,
            timeout=120,
        )
        check_restored(restored, before, tmp_path)


def test_backup_refusals(tmp_path, monkeypatch, capsys):
    live = tmp_path / "live.db"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{live}")
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "data"))
    assert main(["backup", str(tmp_path / "copy.db")]) == 1  # no database yet
    assert "no database file" in capsys.readouterr().err
    from app.db.migrate import upgrade

    upgrade(f"sqlite:///{live}")
    assert main(["backup", str(live)]) == 1
    assert "cannot be the live database" in capsys.readouterr().err
    # A backup without the server's seal key would restore no sealed export: not a backup (the wrong DATA_DIR?).
    assert main(["backup", str(tmp_path / "copy.db")]) == 1
    assert "no seal key" in capsys.readouterr().err
    seal_key.server_key(Settings())  # as the server's first start does
    assert main(["backup", str(tmp_path / "copy.db"), "--check"]) == 0
    assert "0 saved game(s)" in capsys.readouterr().out


def test_backup_keeps_the_seal_key_and_the_documented_restore_brings_sealed_exports_back(tmp_path, monkeypatch,
                                                                                         capsys):
    """docs/OPERATIONS.md, Restore: the database copy and `FILE.seal.key` go back into the data folder."""
    old_umask = os.umask(0o022)
    try:
        live_dir, restored_dir, keyless_dir = tmp_path / "live", tmp_path / "restored", tmp_path / "keyless"
        app = create_app(Settings(data_dir=live_dir, database_url="", auth_mode="single"))
        with app.state.sessionmaker() as db:
            record = create_session(db, game="adamastor", name="sealed")  # a secret seed: sealed
            exported = export_session(db, session_id=record.id, sealer=app.state.sealer)
        app.state.db_engine.dispose()
        assert is_sealed(exported)
        monkeypatch.setenv("DATA_DIR", str(live_dir))
        monkeypatch.delenv("DATABASE_URL", raising=False)
        copy = tmp_path / "backups" / "shelf.db"
        assert main(["backup", str(copy)]) == 0
        out = capsys.readouterr().out
        assert "seal key" in out.lower() and str(seal_key_copy(copy)) in out
        assert seal_key_copy(copy).read_bytes() == (live_dir / "seal.key").read_bytes()
        assert stat.S_IMODE(copy.stat().st_mode) == 0o600
        assert stat.S_IMODE(seal_key_copy(copy).stat().st_mode) == 0o600
        # Restore as documented: both files into a fresh data folder.
        for folder, with_key in ((restored_dir, True), (keyless_dir, False)):
            folder.mkdir()
            shutil.copyfile(copy, folder / "solo-shelf.db")
            if with_key:
                shutil.copyfile(seal_key_copy(copy), folder / "seal.key")
        restored = create_app(Settings(data_dir=restored_dir, database_url="", auth_mode="single"))
        keyless = create_app(Settings(data_dir=keyless_dir, database_url="", auth_mode="single"))
        try:
            with restored.state.sessionmaker() as db:
                # the backup holds the exported game too: the file is imported as a copy beside it
                copy = import_session(db, data=exported, sealer=restored.state.sealer, on_shelf="copy")
                assert copy.game == "adamastor"
            with keyless.state.sessionmaker() as db, pytest.raises(ImportRefused, match="sealed by another server"):
                import_session(db, data=exported, sealer=keyless.state.sealer)
        finally:
            restored.state.db_engine.dispose()
            keyless.state.db_engine.dispose()
    finally:
        os.umask(old_umask)


def test_postgresql_without_pg_dump_says_how(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://shelf:secret@db.example:5432/shelf")
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump to be found
    assert main(["backup", str(tmp_path / "x.dump")]) == 1
    err = capsys.readouterr().err
    assert "pg_dump --format=custom" in err and "pg_restore --no-owner" in err
    assert "secret" not in err  # the guidance never prints the password


def test_an_engine_dropped_while_its_checkpointer_holds_its_lock_does_not_hang(tmp_path):
    """The cause of `python -m app backup --check` hanging at exit on a busy machine (and so of this
    file's backup test timing out): when the engine of a SQLite file was garbage collected, a callback
    took its checkpointer thread's stop-event lock. At interpreter exit a daemon thread frozen inside
    `Event.wait` can hold that lock for good; here the test holds it, as that frozen thread would."""
    from sqlalchemy import text

    from app.db.engine import make_engine

    engine = make_engine(f"sqlite:///{tmp_path / 'x.db'}")
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))  # the first connection starts the checkpointer thread
    checkpointer = next(t for t in threading.enumerate() if t.name == "sqlite-checkpoint x.db")
    dead = weakref.ref(engine)
    held = [engine]
    del engine, conn
    collected = threading.Event()

    def drop_the_engine() -> None:
        held.clear()
        gc.collect()
        collected.set()

    with checkpointer.stopping._cond:  # the lock a frozen daemon thread would keep
        dropper = threading.Thread(target=drop_the_engine, daemon=True)
        dropper.start()
        # Generous: with nothing to wait for, collecting takes milliseconds even on a busy machine.
        finished = collected.wait(timeout=30)
    dropper.join(timeout=30)
    assert finished, "dropping the engine waited for the checkpointer's lock"
    assert dead() is None
    checkpointer.join(timeout=30)  # it notices the engine is gone and ends on its own
    assert not checkpointer.is_alive()
