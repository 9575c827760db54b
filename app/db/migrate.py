"""Run the Alembic migrations programmatically (at start, and in tests).

On PostgreSQL several app replicas may start at once, and each runs the migrations: they take a
session-level advisory lock first, so one migrates while the others wait, then find the schema at
head and do nothing. (SQLite serves one machine; its own write lock serializes the DDL.)

A database already at head is recognised by reading its alembic_version row against the head of the
migration scripts (read once per process): Alembic's own upgrade would load its environment and every
script again to find that nothing is to be done, about 20 ms each time an app is built.
"""

from __future__ import annotations

from functools import cache

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from app.core.config import ROOT
from app.db.private import private_sqlite

# Any fixed 64-bit number that no other code on the server uses for an advisory lock ("SoloShel").
MIGRATION_LOCK_KEY = 0x536F6C6F5368656C


def _config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


@cache
def head() -> str:
    """The newest revision of the migration scripts (one line of history: a single head)."""
    return ScriptDirectory.from_config(_config("sqlite://")).get_current_head()


def at_head(url: str) -> bool:
    """Whether the database at `url` has every migration already (False when it has none, or no file)."""
    private_sqlite(url)  # a SQLite file created by this first connection is the server's: 0600 (app/db/private.py)
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision() == head()
    finally:
        engine.dispose()


def upgrade(url: str) -> None:
    if at_head(url):
        return
    cfg = _config(url)
    if make_url(url).get_backend_name() != "postgresql":
        command.upgrade(cfg, "head")
        return
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
            conn.commit()
            try:
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
                conn.commit()
            finally:
                conn.rollback()
                conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK_KEY})
                conn.commit()
    finally:
        engine.dispose()
