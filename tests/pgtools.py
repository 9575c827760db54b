"""PostgreSQL for tests: the server named by TEST_DATABASE_URL, and a fresh database per test on it.

A database per test (CREATE DATABASE from template0, DROP ... WITH (FORCE) after) costs ~30 ms
here plus the migrations, which tests run anyway; it isolates tests completely, connections and
all, which a schema per test would not (search_path tricks leak into Alembic's version table).
"""

from __future__ import annotations

import itertools
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import URL, make_url

_counter = itertools.count()


def server_url() -> str:
    """TEST_DATABASE_URL when it names a PostgreSQL server, else ''."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if url and make_url(url).get_backend_name() != "postgresql":
        raise RuntimeError(f"TEST_DATABASE_URL must be a postgresql URL, not {url!r}")
    return url


def libpq_url(url: str | URL) -> str:
    """The SQLAlchemy URL as libpq (psycopg, pg_dump) reads it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def admin_connection(url: str | None = None):  # noqa: ANN201 - a psycopg connection
    import psycopg

    return psycopg.connect(libpq_url(url or server_url()), autocommit=True, connect_timeout=10)


def create_database(name: str) -> str:
    """Create an empty database on the test server and return its SQLAlchemy URL."""
    with admin_connection() as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    return make_url(server_url()).set(database=name).render_as_string(hide_password=False)


def drop_database(name: str) -> None:
    with admin_connection() as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def unique_name(prefix: str = "shelf_t") -> str:
    return f"{prefix}_{os.getpid()}_{next(_counter)}_{secrets.token_hex(3)}"


@contextmanager
def fresh_database(prefix: str = "shelf_t") -> Iterator[str]:
    """A new, empty PostgreSQL database for one test, dropped afterwards."""
    name = unique_name(prefix)
    url = create_database(name)
    try:
        yield url
    finally:
        drop_database(name)
