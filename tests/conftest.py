"""Shared fixtures: an app on a fresh SQLite file, a test client, and the test-only Pebbles game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.main import create_app
from games import registry


@pytest.fixture
def pebbles() -> Iterator[str]:
    from tests.app.pebbles import PebblesEngine

    registry.register("pebbles", PebblesEngine)
    yield "pebbles"
    registry.unregister("pebbles")


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def app(db_url):
    return create_app(Settings(database_url=db_url))


@pytest.fixture
def client(app) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c
