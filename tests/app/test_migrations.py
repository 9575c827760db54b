"""The schema comes only from migrations, and they match the ORM models."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from app.migrate import upgrade
from app.models import Base


def test_migrations_build_the_models_schema(db_url):
    upgrade(db_url)
    upgrade(db_url)  # running again at the next start is harmless
    engine = create_engine(db_url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
        assert {"sessions", "action_log", "snapshots", "alembic_version"} <= set(inspect(conn).get_table_names())
    engine.dispose()


def test_sqlite_runs_in_wal_mode(app):
    with app.state.db_engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
