"""The schema comes only from migrations, and they match the ORM models."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from app.core.config import ROOT
from app.db.migrate import upgrade
from app.db.models import Base


def test_migrations_build_the_models_schema(empty_db_url):
    db_url = empty_db_url  # nothing has run on it: the migrations are what is tested
    upgrade(db_url)
    upgrade(db_url)  # running again at the next start is harmless
    engine = create_engine(db_url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
        assert {"sessions", "action_log", "snapshots", "alembic_version"} <= set(inspect(conn).get_table_names())
    engine.dispose()


def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    with engine.connect() as conn:
        names = set(inspect(conn).get_table_names())
    engine.dispose()
    return names


def test_migrations_go_down_to_base_and_back_up(empty_db_url):
    db_url = empty_db_url  # nothing has run on it: the migrations are what is tested
    cfg = Config()
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.set_main_option("sqlalchemy.url", db_url.replace("%", "%%"))
    upgrade(db_url)
    command.downgrade(cfg, "base")
    assert _tables(db_url) <= {"alembic_version"}
    upgrade(db_url)
    assert {"sessions", "action_log", "snapshots", "campaigns", "campaign_log"} <= _tables(db_url)
    command.downgrade(cfg, "0001")  # step by step: each later migration's downgrade runs
    assert "campaigns" not in _tables(db_url) and "sessions" in _tables(db_url)
    test_migrations_build_the_models_schema(db_url)


def test_sqlite_runs_in_wal_mode(app, backend):
    if backend != "sqlite":
        pytest.skip("a SQLite setting")
    with app.state.db_engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
