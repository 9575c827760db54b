"""app/http/capacity in process: a busy database answers 503 with Retry-After, and connections go back at once.

The live-server side (slow clients, a crowd of moves and reads) is tests/ops/test_storm.py.
"""

from __future__ import annotations

import inspect
import sqlite3

import psycopg
import psycopg.errors
import pytest
from fastapi import Depends
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app.core.config import Settings
from app.db.engine import get_db
from app.http.auth import api_player, page_player
from app.http.capacity.overload import RETRY_AFTER_SECONDS, is_overload
from app.http.capacity.release import ReleasingRoute, releasing
from app.main import create_app
from app.shelf import store
from tests.support.accountkit import accounts_app, api_token, bearer, sign_up

TINY_POOL = {"db_pool_size": 1, "db_max_overflow": 0, "db_pool_timeout": 0.3}


@pytest.fixture
def tiny_app(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", **TINY_POOL))
    yield app
    app.state.db_engine.dispose()


def test_a_request_that_finds_no_free_connection_waits_a_moment_then_gets_503(tiny_app):
    with TestClient(tiny_app) as client:
        taken = tiny_app.state.db_engine.connect()  # the pool's only connection, held by someone else
        try:
            taken.execute(text("SELECT 1"))
            api = client.get("/api/sessions")
            made = client.post("/api/sessions", json={"game": "adamastor", "seed": 1})
            page = client.get("/saves")
            health = client.get("/healthz")
        finally:
            taken.close()
        for answer in (api, made, page, health):
            assert answer.status_code == 503, answer.text
            assert answer.headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
        assert api.json() == {"detail": "The server is busy: try again in a moment."}
        assert "All hands are busy" in page.text and page.headers["content-type"].startswith("text/html")
        # Once the connection is free again, everything answers, and the refused request stored nothing.
        assert client.get("/healthz").status_code == 200
        assert client.get("/api/sessions").json() == []


def _sqlite_error(message: str) -> OperationalError:
    return OperationalError("SELECT 1", {}, sqlite3.OperationalError(message))


def _pg_error(orig: Exception) -> OperationalError:
    return OperationalError("SELECT 1", {}, orig)


@pytest.mark.parametrize(("error", "busy"), [
    (PoolTimeout("QueuePool limit of size 5 overflow 10 reached"), True),
    (_sqlite_error("database is locked"), True),
    (_sqlite_error("database table is locked"), True),
    (_sqlite_error("no such table: sessions"), False),
    (_sqlite_error("disk I/O error"), False),
    (_pg_error(psycopg.OperationalError("connection failed: Connection refused")), True),  # no SQLSTATE
    (_pg_error(psycopg.errors.TooManyConnections("sorry, too many clients already")), True),
    (_pg_error(psycopg.errors.AdminShutdown("terminating connection")), True),
    (_pg_error(psycopg.errors.CannotConnectNow("the database system is starting up")), True),
    (_pg_error(psycopg.errors.QueryCanceled("canceling statement")), False),
    (ValueError("not a database error"), False),
])
def test_which_database_errors_mean_busy(error, busy):
    assert is_overload(error) is busy


def test_a_locked_database_is_503_and_a_broken_one_stays_500(app, monkeypatch):
    def locked(*_a, **_k):
        raise _sqlite_error("database is locked")

    def broken(*_a, **_k):
        raise _sqlite_error("disk I/O error")

    with TestClient(app, raise_server_exceptions=False) as client:
        monkeypatch.setattr(store, "list_sessions", locked)
        answer = client.get("/api/sessions")
        assert answer.status_code == 503 and answer.headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
        monkeypatch.setattr(store, "list_sessions", broken)
        assert client.get("/api/sessions").status_code == 500


def test_the_log_in_lookup_hands_its_connection_back_before_the_route_runs(db_url):
    """Measured from inside an async route (no thread hop, no database work of its own): the only
    connection that could be out is the one the log-in check took."""
    with accounts_app(db_url) as app:
        pool = app.state.db_engine.pool

        @app.get("/api/_checked_out", dependencies=[Depends(api_player)])
        async def api_probe() -> int:
            return pool.checkedout()

        @app.get("/_checked_out", dependencies=[Depends(page_player)])
        async def page_probe() -> int:
            return pool.checkedout()

        browser = sign_up(app, "ada")
        token = api_token(browser)
        with TestClient(app) as script:
            # Twice each: the first use of a token or a log-in also writes its last-seen time.
            for _ in range(2):
                assert script.get("/api/_checked_out", headers=bearer(token)).json() == 0
                assert browser.client.get("/_checked_out").json() == 0
                assert browser.api("GET", "/api/_checked_out").json() == 0


def _uses_db(dependant) -> bool:  # noqa: ANN001 - fastapi's Dependant
    return any(d.call is get_db or _uses_db(d) for d in dependant.dependencies)


def _api_routes(routes) -> list[APIRoute]:  # noqa: ANN001
    """Every APIRoute, those of included routers too (FastAPI keeps an included router whole)."""
    found = []
    for route in routes:
        if isinstance(route, APIRoute):
            found.append(route)
        elif hasattr(route, "original_router"):
            found.extend(_api_routes(route.original_router.routes))
    return found


def test_every_sync_route_with_a_database_session_releases_it_in_its_own_thread(app):
    routes = [r for r in _api_routes(app.routes) if _uses_db(r.dependant)]
    assert len(routes) > 40
    for route in routes:
        sync = not inspect.iscoroutinefunction(route.endpoint)
        assert not sync or isinstance(route, ReleasingRoute), f"{route.path} keeps its connection to the end"


def test_releasing_closes_the_session_as_the_function_returns(app):
    pool = app.state.db_engine.pool

    def route(db):  # noqa: ANN001
        db.execute(text("SELECT 1"))
        assert pool.checkedout() == 1
        return "done"

    db = app.state.sessionmaker()
    assert releasing(route)(db=db) == "done"
    assert pool.checkedout() == 0
