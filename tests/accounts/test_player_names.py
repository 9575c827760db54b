"""Player names (issue #14, point 4): look-alikes of an existing name are refused, and so are control
and invisible formatting characters; names already stored are folded too (migration 0009).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text

from app.accounts.names import name_key
from app.accounts.players import _hasher
from app.db.migrate import upgrade
from app.db.models import Player
from tests.accounts.test_auth_migration import _config
from tests.support.accountkit import PASSWORD, accounts_app, log_in, pre_form, sign_up


def _sign_up(app, name: str):
    client = TestClient(app)
    token = pre_form(client, "/signup")
    return client.post("/signup", data={"csrf_token": token, "name": name, "password": PASSWORD,
                                        "confirm": PASSWORD}, follow_redirects=False)


def _players(app) -> list[str]:
    with app.state.sessionmaker() as db:
        return sorted(db.scalars(select(Player.name).where(Player.password_hash.is_not(None))))


@pytest.mark.parametrize("look_alike", [
    "ａｌｉｃｅ",  # fullwidth
    "\u0430lice",  # Cyrillic a
    "ALICE",
    "a1ice",  # digit one for l
    "  Alice  ",
    "Ali\u0441e",  # Cyrillic es
])
def test_a_look_alike_of_an_existing_name_is_refused(db_url, look_alike):
    with accounts_app(db_url) as app:
        sign_up(app, "alice")
        r = _sign_up(app, look_alike)
        assert r.status_code == 422 and "looks too much like" in r.text, r.text[:300]
        assert _players(app) == ["alice"]


def test_names_that_only_look_different_to_a_machine_share_a_key():
    assert name_key("ａｌｉｃｅ") == name_key("\u0430lice") == name_key("Alice") == name_key("ALICE")
    assert name_key("Ana  Lee") == name_key("ana lee")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Bob") == name_key("\u0412ob") == name_key("\u0432ob") == name_key("B0B")  # Cyrillic Ve, zero
    assert name_key("mary") == name_key("rnary")
    assert name_key("Zoë") != name_key("Zoe") and name_key("Ivan") != name_key("Иван")


def test_different_names_still_sign_up_and_log_in(db_url):
    with accounts_app(db_url) as app:
        sign_up(app, "alice")
        for name in ("Alicia", "Иван", "Zoë", "Zoe"):
            assert _sign_up(app, name).status_code == 303, name
        assert log_in(app, "ALICE")[1].status_code == 303


@pytest.mark.parametrize("name, words", [
    ("Ana\u202e", "invisible formatting"),  # right-to-left override
    ("\u202eanA", "invisible formatting"),
    ("A\u200bna", "invisible formatting"),  # zero-width space
    ("Ana\u0000", "control characters"),
    ("Ana\u001b[31m", "control characters"),
])
def test_control_and_bidi_characters_are_refused_with_a_clear_message(db_url, name, words):
    with accounts_app(db_url) as app:
        r = _sign_up(app, name)
        assert r.status_code == 422 and words in r.text, r.text[:300]
        assert _players(app) == []


@pytest.mark.parametrize("latin_first", [True, False])
def test_names_stored_before_are_folded_too_and_clashing_players_still_log_in(empty_db_url, latin_first):
    """A database at 0007 with two players whose names fold alike: the migration keeps both usable."""
    db_url = empty_db_url  # nothing has run on it: the migrations are what is tested
    command.upgrade(_config(db_url), "0007")
    hashed, now = _hasher.hash(PASSWORD), datetime.now(UTC)
    db = create_engine(db_url)
    with db.begin() as conn:
        for pid, name, key, age in (("p1", "Alice", "alice", 1), ("p2", "\u0430lice", "\u0430lice", 2),
                                    ("p3", "Bob", "bob", 3)):
            conn.execute(text("INSERT INTO players (id, name, name_key, password_hash, is_admin, disabled, created_at)"
                              " VALUES (:id, :name, :key, :hash, :admin, false, :at)"),
                         {"id": pid, "name": name, "key": key, "hash": hashed, "admin": pid == "p1",
                          "at": now.replace(microsecond=age if latin_first or pid == "p3" else 5 - age)})
    db.dispose()
    upgrade(db_url)
    with accounts_app(db_url) as app:
        with app.state.sessionmaker() as session:
            keys = dict(session.execute(select(Player.id, Player.name_key)).all())
        # The first of the two look-alikes takes the folded key; the other keeps the key it had.
        first, second = ("p1", "p2") if latin_first else ("p2", "p1")
        assert keys[first] == name_key("alice") and keys[second] == {"p1": "alice", "p2": "\u0430lice"}[second]
        assert keys["p3"] == name_key("bob") and keys["local"] == name_key("player")
        for look_alike in ("ａｌｉｃｅ", "B0B", "\u0412ob"):  # fullwidth, a zero, a Cyrillic Ve
            assert _sign_up(app, look_alike).status_code == 422, look_alike
        for typed, name in (("ALICE", "Alice"), ("\u0430lice", "\u0430lice"), ("bob", "Bob")):
            client, r = log_in(app, typed)
            assert r.status_code == 303, typed
            assert f'id="settings-name">{name}<' in client.get("/settings").text  # logged in as that player
