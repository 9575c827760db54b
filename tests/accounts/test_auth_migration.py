"""Migration 0006 (accounts) keeps every existing save, on SQLite and PostgreSQL alike.

A database at revision 0004 with a game and a campaign in it is upgraded: both now belong to the
implicit player, the owner column is NOT NULL, and the first account to sign up finds them as its own.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import IntegrityError

from app.core.config import ROOT
from app.db.migrate import upgrade
from games.registry import get_engine
from tests.support.accountkit import accounts_app, sign_up


def _config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def _old_saves(url: str) -> None:
    """A game and a campaign saved by the app as it was before accounts (at revision 0004)."""
    engine = get_engine("adamastor")
    first = engine.new_game(5, engine.spec.normalize_options(None))
    action = engine.legal_actions(first)[0].id
    moved, events = engine.apply(first, action)
    state = json.dumps(engine.dump(moved))
    now = datetime.now(UTC)
    db = create_engine(url)
    with db.begin() as conn:
        conn.execute(text(
            "INSERT INTO campaigns (id, game, name, seed, options, rules_version, status, score, version, state,"
            " created_at, updated_at) VALUES ('c1', 'adamastor', 'Old campaign', 1, '{}', 1, 'in_progress', NULL, 0,"
            " '{}', :now, :now)"), {"now": now})
        conn.execute(text(
            "INSERT INTO sessions (id, game, name, seed, options, rules_version, status, score, version, created_at,"
            " updated_at) VALUES ('s1', 'adamastor', 'Old voyage', 5, '{}', :rv, 'in_progress', NULL, 1, :now,"
            " :now)"), {"now": now, "rv": engine.spec.rules_version})
        conn.execute(text("INSERT INTO snapshots (session_id, version, state, checkpoint, pending)"
                          " VALUES ('s1', 1, :s, :s, '[]')"), {"s": state})
        conn.execute(text("INSERT INTO action_log (session_id, seq, kind, action, events, created_at)"
                          " VALUES ('s1', 1, 'action', :a, :e, :now)"),
                     {"a": action, "e": json.dumps([e.to_json() for e in events]), "now": now})
    db.dispose()


def action_of_old_save() -> str:
    engine = get_engine("adamastor")
    return engine.legal_actions(engine.new_game(5, engine.spec.normalize_options(None)))[0].id


def test_existing_saves_go_to_the_implicit_player_and_then_to_the_first_account(empty_db_url):
    db_url = empty_db_url  # nothing has run on it: the migrations are what is tested
    command.upgrade(_config(db_url), "0004")
    _old_saves(db_url)
    upgrade(db_url)
    db = create_engine(db_url)
    with db.connect() as conn:
        owners = conn.execute(text("SELECT owner_id FROM sessions UNION ALL SELECT owner_id FROM campaigns")).all()
        assert [o for (o,) in owners] == ["local", "local"]
        columns = {c["name"]: c for c in inspect(conn).get_columns("sessions")}
        assert columns["owner_id"]["nullable"] is False
    with pytest.raises(IntegrityError), db.begin() as conn:
        conn.execute(text("UPDATE sessions SET owner_id = NULL"))
    db.dispose()
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        assert [s["id"] for s in ana.api("GET", "/api/sessions").json()] == ["s1"]
        old = ana.api("GET", "/api/sessions/s1")
        assert old.status_code == 200 and old.json()["name"] == "Old voyage", old.text[:300]
        assert old.json()["version"] == 1
        assert [e["action"] for e in ana.api("GET", "/api/sessions/s1/log").json()] == [action_of_old_save()]
        assert [c["id"] for c in ana.api("GET", "/api/campaigns").json()] == ["c1"]
        bob = sign_up(app, "Bob")
        assert bob.api("GET", "/api/sessions").json() == []


def test_downgrade_from_accounts_keeps_the_saves(empty_db_url):
    db_url = empty_db_url  # nothing has run on it: the migrations are what is tested
    command.upgrade(_config(db_url), "0004")
    _old_saves(db_url)
    upgrade(db_url)
    command.downgrade(_config(db_url), "0004")
    db = create_engine(db_url)
    with db.connect() as conn:
        assert conn.execute(text("SELECT id FROM sessions")).scalars().all() == ["s1"]
        assert conn.execute(text("SELECT count(*) FROM snapshots")).scalar() == 1
        assert conn.execute(text("SELECT count(*) FROM action_log")).scalar() == 1
        assert "owner_id" not in {c["name"] for c in inspect(conn).get_columns("sessions")}
        assert "players" not in inspect(conn).get_table_names()
    db.dispose()
