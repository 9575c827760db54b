"""Backups of the live database and its seal key, and the check that a database (or a copy of it) is sound.

`backup(url, dest)`: SQLite is copied with its online backup API, which reads one consistent
snapshot while the server keeps writing (WAL readers never block writers); PostgreSQL is dumped
with `pg_dump --format=custom` when it is on PATH, and otherwise the command says how. The copy is
private (0600): it holds every player's games and password hashes.

`backup_seal_key(settings, dest)`: the server's seal key written beside the copy (`<dest>.seal.key`,
0600). Without it a restored database still plays, but no sealed export made before can be imported.

`check_database(url)`: the database's own integrity check (SQLite), then every session: its log
numbered 1..version with no gap, a snapshot, and that snapshot equal to a replay of the seed and
the log under the rules it was saved with.
"""

from __future__ import annotations

import base64
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from app.core.config import Settings
from app.db.engine import make_engine
from app.db.models import GameSession, LogEntry, Snapshot
from app.db.private import private_file
from app.shelf.files import seal_key
from app.shelf.files.savefile import ReplayError, effective_actions, replay, state_digest
from games.registry import UnknownGame, get_engine


class BackupError(RuntimeError):
    """The backup could not be made; the message says why and what to do."""


def backup(url: str, dest: Path) -> str:
    """Copy the database at `url` to `dest`; return a one-line summary of what was written."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return _sqlite_backup(_sqlite_path(url), dest)
    if backend == "postgresql":
        return _pg_dump(url, dest)
    raise BackupError(f"no backup method for a {backend} database")


def _sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise BackupError("an in-memory database has nothing to back up")
    path = Path(database)
    if not path.is_file():
        raise BackupError(f"no database file at {path}")
    return path


def _sqlite_backup(source: Path, dest: Path) -> str:
    if dest.exists() and dest.resolve() == source.resolve():
        raise BackupError("the backup file cannot be the live database itself")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    private_file(partial)  # 0600 before a byte is written
    src = sqlite3.connect(source, timeout=30)
    try:
        out = sqlite3.connect(partial)
        try:
            src.backup(out)  # all pages in one step: one consistent read snapshot of the live file
            verdict = out.execute("PRAGMA integrity_check").fetchone()[0]
            sessions = out.execute("SELECT count(*) FROM sessions").fetchone()[0]
        finally:
            out.close()
    finally:
        src.close()
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise BackupError(f"the copy failed its integrity check: {verdict}")
    os.replace(partial, dest)
    return f"SQLite backup written to {dest}: {dest.stat().st_size} bytes, {sessions} saved game(s), integrity ok"


def pg_guidance(url: str, dest: Path) -> str:
    safe = make_url(url).set(drivername="postgresql").render_as_string(hide_password=True)
    target = make_url(url).set(drivername="postgresql", database="NEW_DB").render_as_string(hide_password=True)
    return (
        "PostgreSQL is backed up with its own tools (a consistent snapshot while the server runs):\n"
        f"  pg_dump --format=custom --file={dest} '{safe}'\n"
        "Restore into a new, empty database, then point DATABASE_URL at it:\n"
        f"  createdb NEW_DB && pg_restore --no-owner --dbname='{target}' {dest}"
    )


def _pg_dump(url: str, dest: Path) -> str:
    if shutil.which("pg_dump") is None:
        raise BackupError("pg_dump is not installed here (Debian: postgresql-client).\n" + pg_guidance(url, dest))
    libpq = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    done = subprocess.run(
        ["pg_dump", "--format=custom", f"--file={partial}", f"--dbname={libpq}"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise BackupError(f"pg_dump failed: {done.stderr.strip()}\n" + pg_guidance(url, dest))
    partial.chmod(0o600)
    os.replace(partial, dest)
    return f"PostgreSQL dump written to {dest}: {dest.stat().st_size} bytes\n" + pg_guidance(url, dest)


def seal_key_copy(dest: Path) -> Path:
    """Where the backup `dest` keeps the seal key: beside it, `<dest>.seal.key`."""
    return dest.with_name(dest.name + ".seal.key")


def backup_seal_key(settings: Settings, dest: Path) -> str:
    """Write the server's seal key beside the backup `dest` (0600); a one-line summary. BackupError when the
    server has no key to keep (it never started here: no SEAL_KEY and no key file)."""
    try:
        key = seal_key.existing_key(settings)
    except seal_key.SealKeyError as exc:
        raise BackupError(f"the seal key cannot be read: {exc}") from None
    if key is None:
        raise BackupError(f"no seal key to keep with the backup: no SEAL_KEY and no {seal_key.key_path(settings)} "
                          "(run this command with the DATA_DIR or the SEAL_KEY of the server)")
    target = seal_key_copy(dest)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, base64.b64encode(key) + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(partial, target)
    where = "SEAL_KEY" if settings.seal_key.get_secret_value().strip() else str(seal_key.key_path(settings))
    return (f"Seal key (from {where}) written to {target}: restore it with the database "
            "(docs/OPERATIONS.md, Restore), or no sealed export made before can be imported")


@dataclass
class CheckReport:
    sessions: int = 0
    actions: int = 0
    skipped: list[str] = field(default_factory=list)  # saved under other rules: not replayed here
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def check_database(url: str) -> CheckReport:
    """Check the database at `url`: the engine's own check, then every session's log, snapshot and replay."""
    if make_url(url).get_backend_name() == "sqlite":
        _sqlite_path(url)  # a missing file is a problem, not an empty database to create
    engine = make_engine(url)
    report = CheckReport()
    try:
        with engine.connect() as conn:
            if engine.dialect.name == "sqlite":
                verdicts = [row[0] for row in conn.exec_driver_sql("PRAGMA integrity_check")]
                if verdicts != ["ok"]:
                    report.problems.append("SQLite integrity_check: " + "; ".join(verdicts))
        with Session(engine) as db:
            for record in db.scalars(select(GameSession).order_by(GameSession.id)):
                report.sessions += 1
                _check_session(db, record, report)
    finally:
        engine.dispose()
    return report


def _check_session(db: Session, record: GameSession, report: CheckReport) -> None:
    where = f"session {record.id} ({record.game})"
    rows = select(LogEntry.seq, LogEntry.kind, LogEntry.action).where(LogEntry.session_id == record.id)
    log = db.execute(rows.order_by(LogEntry.seq)).all()
    report.actions += len(log)
    if [seq for seq, _, _ in log] != list(range(1, record.version + 1)):
        report.problems.append(f"{where}: log is not numbered 1..{record.version}")
        return
    snapshot = db.get(Snapshot, record.id)
    if snapshot is None:
        report.problems.append(f"{where}: no snapshot")
        return
    try:
        engine = get_engine(record.game)
    except UnknownGame:
        report.skipped.append(f"{where}: this server has no such game")
        return
    if record.rules_version != engine.spec.rules_version:
        report.skipped.append(f"{where}: saved under rules version {record.rules_version}")
        return
    try:
        actions = effective_actions([(kind, action) for _, kind, action in log])
        state = replay(engine, record.seed, record.options, actions, record.carried)
    except (ReplayError, ValueError, KeyError, TypeError) as exc:
        report.problems.append(f"{where}: does not replay: {exc}")
        return
    if state_digest(engine.dump(state)) != state_digest(snapshot.state):
        report.problems.append(f"{where}: snapshot differs from the replay of its log")
    elif engine.status(state).state != record.status:
        report.problems.append(f"{where}: status column says {record.status}, the game says otherwise")
