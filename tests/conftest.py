"""Shared fixtures: a fresh database per test, an app on it, a test client, and the test-only Pebbles game.

Every test that asks for `db_url` (directly, or through `app`/`client`) runs on a fresh SQLite file, and
also on a fresh PostgreSQL schema of its own when TEST_DATABASE_URL names a PostgreSQL server
(e.g. `postgresql+psycopg://postgres@127.0.0.1:5432/test`): the test ids end in `[sqlite]` / `[postgresql]`.
The tests of the rendering layer and of the HTML routes (tests/ui, tests/i18n, tests/pages: the HTML and the words
a move answers with) run on SQLite alone: what they check does not depend on where the game is stored (app/pages
holds no SQL: it reads and writes through app/shelf and app/accounts), and the layers that store it (shelf, db,
api, accounts, http, ops) run on both. (Their PostgreSQL half was a fifth of the suite's time.)
That database is already migrated: the migrations run once per test process into a template (a SQLite file,
a PostgreSQL schema) and each test gets a copy, a few milliseconds instead of half a second. A test of the
migrations themselves asks for `empty_db_url`: a database on which nothing has run.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.db.migrate import upgrade
from app.main import create_app
from games import registry
from tests.support import machine
from tests.support.pgtools import fresh_schema, server_url, template_dump

BACKENDS = ["sqlite", "postgresql"] if server_url() else ["sqlite"]

# The suite was written for one player: it runs in single mode (apps built here and every server a test
# starts inherit it). The security tests (tests/accounts/test_auth*.py, ...) build accounts-mode apps themselves.
os.environ["AUTH_MODE"] = "single"
# The seal key of every app built here (and of every server a test starts without a DATA_DIR of its own)
# lives in a scratch folder, not in the checkout's ./data; SEAL_KEY from the caller's shell would hide it.
_DATA_DIR = tempfile.mkdtemp(prefix="solo-shelf-tests-")
atexit.register(shutil.rmtree, _DATA_DIR, ignore_errors=True)
os.environ["DATA_DIR"] = _DATA_DIR
os.environ.pop("SEAL_KEY", None)
# TestClient and httpx's ASGI transport send `Host: testserver`; live servers are reached on 127.0.0.1.
os.environ["ALLOWED_HOSTS"] = "testserver,localhost,127.0.0.1,[::1]"


@pytest.fixture
def pebbles() -> Iterator[str]:
    from tests.support.pebbles import PebblesEngine

    registry.register("pebbles", PebblesEngine)
    yield "pebbles"
    registry.unregister("pebbles")


# Folders whose tests check what is drawn and said, not what is stored: SQLite alone (see the docstring).
ONE_DATABASE = {"ui", "i18n", "pages"}


MACHINE_AT_START = pytest.StashKey["machine.Mark | None"]()  # the machine's CPU counters when the run began


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the run's controller, not one of pytest-xdist's workers
        session.config.stash[MACHINE_AT_START] = machine.mark()


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    line = machine.summary(config.stash.get(MACHINE_AT_START, None), machine.mark())
    if line:
        terminalreporter.write_line(line)


def pytest_generate_tests(metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        folder = Path(metafunc.definition.path).relative_to(Path(__file__).parent).parts[0]
        metafunc.parametrize("backend", BACKENDS[:1] if folder in ONE_DATABASE else BACKENDS, indirect=True)


@pytest.fixture
def backend(request) -> str:
    return request.param


@pytest.fixture
def empty_db_url(backend, tmp_path) -> Iterator[str]:
    """A database on which no migration has run (for the tests of the migrations)."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.db'}"
        return
    with fresh_schema() as url:
        yield url


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """A SQLite file at the newest migration, made once per test process: each test gets a copy."""
    path = tmp_path_factory.mktemp("template") / "migrated.db"
    upgrade(f"sqlite:///{path}")
    assert not Path(f"{path}-wal").exists(), "the template's writes all reached its file"
    return path


@pytest.fixture(scope="session")
def migrated_postgresql():
    """The dump of a PostgreSQL schema at the newest migration, made once per test process (None: no pg_dump)."""
    with template_dump(upgrade) as seed:
        yield seed


@pytest.fixture
def db_url(backend, tmp_path, request) -> Iterator[str]:
    """A fresh database of this test's own, already migrated."""
    if backend == "sqlite":
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), tmp_path / "test.db")
        yield f"sqlite:///{tmp_path / 'test.db'}"
        return
    with fresh_schema(seed=request.getfixturevalue("migrated_postgresql")) as url:
        yield url


@pytest.fixture
def app(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single"))
    yield app
    app.state.stop_background_work()
    app.state.db_engine.dispose()


@pytest.fixture
def client(app) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c
