"""The database file and the data folder are created private (0600 / 0700), like the seal key: they hold every
player's games, password hashes and log-in digests, and no other user of the machine may read them."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator

import pytest

from app.core.config import Settings
from app.main import create_app
from app.ops.cli import _data_folder_problem


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The usual umask (022), under which files are created world-readable unless the code says otherwise."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_a_fresh_server_creates_its_data_folder_and_database_private(tmp_path, open_umask):
    data = tmp_path / "shelf" / "data"
    app = create_app(Settings(data_dir=data, database_url="", auth_mode="single"))
    try:
        with app.state.sessionmaker() as db:  # a write, so the WAL and its index exist too
            from app.shelf.store import create_session

            create_session(db, game="adamastor", seed=1, name="private")
        database = data / "solo-shelf.db"
        assert _mode(data) == 0o700
        assert _mode(database) == 0o600
        for companion in ("solo-shelf.db-wal", "solo-shelf.db-shm"):
            if (data / companion).exists():
                assert _mode(data / companion) == 0o600, companion
        assert _mode(data / "seal.key") == 0o600
    finally:
        app.state.db_engine.dispose()


def test_the_serve_command_creates_the_data_folder_private_and_leaves_an_existing_one_alone(tmp_path, open_umask):
    fresh = tmp_path / "new-data"
    assert _data_folder_problem(Settings(data_dir=fresh)) is None
    assert _mode(fresh) == 0o700
    data = tmp_path / "data"  # an owner's own choice of modes is kept
    data.mkdir(mode=0o750)
    (data / "solo-shelf.db").touch(mode=0o640)
    os.chmod(data, 0o750)
    os.chmod(data / "solo-shelf.db", 0o640)
    app = create_app(Settings(data_dir=data, database_url="", auth_mode="single"))
    app.state.db_engine.dispose()
    assert _mode(data) == 0o750 and _mode(data / "solo-shelf.db") == 0o640
