"""An export tells nothing to come: an unfinished game's seed is sealed with the server's key (issue #14, point 2).

Finished games (and seeds the player chose) stay open and import anywhere; a sealed file opens only on a
server with the key that sealed it, and refuses any change to itself.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.db.models import Campaign, GameSession, Snapshot
from app.main import create_app
from app.shelf.files.campaign_files import replay_campaign
from app.shelf.files.savefile import ReplayError, check_save
from tests.shelf.test_campaigns import finish_game

REAL_GAMES = ["adamastor", "nemos_war", "platformer", "call_to_adventure"]


@contextmanager
def other_server(db_url: str, data_dir, **settings: Any) -> Iterator[TestClient]:
    """Another server on the same database, with the key of another data folder (or the SEAL_KEY given)."""
    app = create_app(Settings(database_url=db_url, auth_mode="single", data_dir=data_dir, **settings))
    try:
        with TestClient(app) as c:
            yield c
    finally:
        app.state.db_engine.dispose()


def stored_seed(app, model, row_id: str) -> int:
    with app.state.sessionmaker() as db:
        return db.get(model, row_id).seed


def play_some(client, sid: str, moves: int, rng: random.Random) -> dict:
    """Up to `moves` random legal moves; fewer if the game ends first (its state then says so)."""
    s = client.get(f"/api/sessions/{sid}").json()
    for _ in range(moves):
        if not s["legal_actions"]:
            break
        action = rng.choice([a["id"] for a in s["legal_actions"]])
        s = client.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": s["version"]}).json()
    return s


def unfinished_game(client, game: str, moves: int, rng: random.Random) -> dict:
    """A game dealt from a seed the server picked (not chosen), `moves` random legal moves in and still in progress.
    The deal is random, so random moves may end it early: then another game is dealt (each try is a new deal)."""
    for _ in range(20):
        s = client.post("/api/sessions", json={"game": game}).json()
        s = play_some(client, s["id"], moves, rng)
        if s["status"]["state"] == "in_progress":
            return s
    raise AssertionError(f"20 deals of {game} each ended within {moves} random moves")


def candidate_seeds(data: Any) -> set[int]:
    """Every number an attacker could try as the seed: each integer in the file and each digit run in its text."""
    found: set[int] = {0}
    text = json.dumps(data)
    found.update(int(m) for m in re.findall(r"\d{1,19}", text) if int(m) < 2**63)
    return found


def open_form(data: dict, seed: int) -> dict:
    """The file as an attacker would rebuild it with a guessed seed."""
    rest = {k: v for k, v in data.items() if k != "sealed"}
    return {**rest, "format_version": 1, "seed": seed}


def predicting_seeds(data: dict, check) -> list[int]:
    """The guesses that rebuild the file's exact final state (RNG and deck order included): they tell the future."""
    hits = []
    for guess in candidate_seeds(data):
        try:
            check(open_form(data, guess))
        except ReplayError:
            continue
        hits.append(guess)
    return hits


# ---------------------------------------------------------------- games in progress


@pytest.mark.parametrize("game", REAL_GAMES)
def test_an_unfinished_export_tells_nothing_to_come(client, app, game):
    s = unfinished_game(client, game, 12, random.Random(game))
    r = client.get(f"/api/sessions/{s['id']}/export")
    assert r.status_code == 200
    data, text = r.json(), r.text
    seed = stored_seed(app, GameSession, s["id"])

    # With the open engines, no number in the file rebuilds the game, so none tells what comes next;
    # the real seed would (the check is able to find it).
    assert predicting_seeds(data, check_save) == []
    assert check_save(open_form(data, seed)).actions == data["actions"]
    assert '"seed"' not in text and str(seed) not in text
    assert data["format_version"] == 2 and set(data["sealed"]) == {"alg", "key_id", "nonce", "data"}
    assert s["seed_chosen"] is False
    # The API and the pages show neither the seed nor the generator's state.
    with app.state.sessionmaker() as db:
        rng_state = db.get(Snapshot, s["id"]).state["rng"]
    for url in (f"/api/sessions/{s['id']}", f"/api/sessions/{s['id']}/log", f"/play/{s['id']}", "/saves", "/"):
        page = client.get(url).text
        assert str(seed) not in page and str(rng_state) not in page, url


def test_a_sealed_export_imports_on_its_own_server(client, pebbles):
    s = client.post("/api/sessions", json={"game": "pebbles"}).json()
    s = client.post(f"/api/sessions/{s['id']}/actions", json={"action": "draw", "version": 0}).json()
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    assert "sealed" in save and "seed" not in save
    r = client.post("/api/sessions/import?on_shelf=copy", json=save)
    assert r.status_code == 201, r.text
    imported = r.json()
    assert imported["view"] == s["view"] and imported["status"] == s["status"] and not imported["seed_chosen"]
    # Its own export is sealed again, with a fresh nonce, and still opens here.
    again = client.get(f"/api/sessions/{imported['id']}/export").json()
    assert "sealed" in again and again["sealed"]["nonce"] != save["sealed"]["nonce"]
    assert again["actions"] == save["actions"] and again["final"] == save["final"]


def test_a_sealed_export_is_refused_by_a_server_with_another_key(client, pebbles, db_url, tmp_path):
    s = client.post("/api/sessions", json={"game": "pebbles"}).json()
    client.post(f"/api/sessions/{s['id']}/actions", json={"action": "draw", "version": 0})
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    with other_server(db_url, tmp_path / "elsewhere") as other:
        before = other.get("/api/sessions").json()
        r = other.post("/api/sessions/import?on_shelf=copy", json=save)
        assert r.status_code == 422
        assert r.json()["detail"].startswith("This save cannot be imported: it was sealed by another server")
        page = other.post("/saves/import", files={"file": ("save.json", json.dumps(save), "application/json")})
        assert page.status_code == 422 and "sealed by another server" in page.text
        assert other.get("/api/sessions").json() == before  # nothing stored


def test_tampering_a_sealed_save_is_refused(client, pebbles):
    s = client.post("/api/sessions", json={"game": "pebbles"}).json()
    s = client.post(f"/api/sessions/{s['id']}/actions", json={"action": "draw", "version": 0}).json()
    s = client.post(f"/api/sessions/{s['id']}/actions", json={"action": "draw", "version": 1}).json()
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    t = client.post("/api/sessions", json={"game": "pebbles"}).json()
    t = client.post(f"/api/sessions/{t['id']}/actions", json={"action": "draw", "version": 0}).json()
    other = client.get(f"/api/sessions/{t['id']}/export").json()
    blob = save["sealed"]["data"]
    flipped = blob[:5] + ("A" if blob[5] != "A" else "B") + blob[6:]
    before = client.get("/api/sessions").json()
    bad = [
        {**save, "sealed": {**save["sealed"], "data": flipped}},
        {**save, "sealed": {**save["sealed"], "nonce": other["sealed"]["nonce"]}},
        {**save, "sealed": other["sealed"]},  # transplanted from another save of the same server
        {**save, "actions": save["actions"][:-1]},  # back to before the last draw
        {**save, "name": "renamed in the file"},
        {**save, "final": {**save["final"], "status": "won"}},
        {**save, "seed": 1},
        {**save, "seed_chosen": True},
        {**save, "format_version": 1},
        {**save, "sealed": {**save["sealed"], "data": "not base64!"}},
        {**save, "sealed": "sealed"},
    ]
    for data in bad:
        r = client.post("/api/sessions/import?on_shelf=copy", json=data)
        assert r.status_code == 422, data
        assert r.json()["detail"].startswith("This save cannot be imported"), r.json()
    assert client.get("/api/sessions").json() == before


# ---------------------------------------------------------------- finished games


def test_a_finished_export_is_open_and_imports_anywhere(client, pebbles, db_url, tmp_path):
    s = client.post("/api/sessions", json={"game": "pebbles"}).json()
    s = finish_game(client, s["id"])
    assert s["status"]["state"] == "won"
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    assert save["format_version"] == 1 and isinstance(save["seed"], int) and save["seed_chosen"] is False
    assert "sealed" not in save
    assert check_save(save).actions == save["actions"]  # replayable with nothing but the open engines
    with other_server(db_url, tmp_path / "elsewhere") as other:
        r = other.post("/api/sessions/import?on_shelf=copy", json=save)
        assert r.status_code == 201, r.text
        assert r.json()["status"] == s["status"] and r.json()["seed_chosen"] is False


# ---------------------------------------------------------------- chosen seeds


def test_a_chosen_seed_is_said_on_the_board_and_in_the_export(client, pebbles, db_url, tmp_path):
    s = client.post("/api/sessions", json={"game": "pebbles", "seed": 123}).json()
    assert s["seed_chosen"] is True
    page = client.get(f"/play/{s['id']}").text
    assert "Seed 123, chosen by you: the same seed deals the same game." in page
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    assert save["seed"] == 123 and save["seed_chosen"] is True and "sealed" not in save  # the player knows it
    with other_server(db_url, tmp_path / "elsewhere") as other:
        imported = other.post("/api/sessions/import?on_shelf=copy", json=save).json()
        assert imported["seed_chosen"] is True
        assert "Seed 123, chosen by you" in other.get(f"/play/{imported['id']}").text
    r = client.post("/games/pebbles/new", data={"seed": "77"}, follow_redirects=False)
    assert r.status_code == 303
    assert "Seed 77, chosen by you" in client.get(r.headers["location"]).text

    secret = client.post("/api/sessions", json={"game": "pebbles"}).json()
    assert secret["seed_chosen"] is False
    assert "chosen by you" not in client.get(f"/play/{secret['id']}").text


def test_an_unfinished_open_save_imports_as_a_known_seed(client, pebbles):
    """A file from an older server (or rebuilt by hand) with its seed in clear: its player can know the future."""
    s = finish_game(client, client.post("/api/sessions", json={"game": "pebbles"}).json()["id"])
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    cut = {k: v for k, v in save.items() if k != "seed_chosen"}
    cut["actions"] = save["actions"][:-1]  # before `stop`: in progress again
    cut["final"] = {"digest": _digest_after(cut)}
    r = client.post("/api/sessions/import?on_shelf=copy", json=cut)
    assert r.status_code == 201, r.text
    assert r.json()["status"]["state"] == "in_progress" and r.json()["seed_chosen"] is True
    assert client.post("/api/sessions/import?on_shelf=copy", json={**save, "seed_chosen": "yes"}).status_code == 422


def _digest_after(data: dict) -> str:
    from app.shelf.files.savefile import replay, state_digest
    from games.registry import get_engine

    engine = get_engine(data["game"])
    state = replay(engine, data["seed"], engine.spec.normalize_options(data["options"]), data["actions"])
    return state_digest(engine.dump(state))


# ---------------------------------------------------------------- campaigns


def test_a_campaign_in_progress_exports_sealed(client, app, pebbles, db_url, tmp_path):
    c = client.post("/api/campaigns", json={"game": "pebbles"}).json()
    assert c["seed_chosen"] is False
    finish_game(client, c["current_session"])
    seed = stored_seed(app, Campaign, c["id"])
    r = client.get(f"/api/campaigns/{c['id']}/export")
    data = r.json()
    assert '"seed"' not in r.text and str(seed) not in r.text and data["format_version"] == 2
    assert predicting_seeds(data, replay_campaign) == []
    # The finished first game's export is its campaign's file, sealed too: its seed comes from the campaign's.
    game = client.get(f"/api/sessions/{c['games'][0]['id']}/export").json()
    assert "seed" not in game and "sealed" in game and game["steps"] == data["steps"]
    # Another campaign's sealed part, which must not open this file.
    elsewhere = client.post("/api/campaigns", json={"game": "pebbles"}).json()
    foreign = client.get(f"/api/campaigns/{elsewhere['id']}/export").json()["sealed"]
    client.delete(f"/api/campaigns/{elsewhere['id']}")

    before = client.get("/api/campaigns").json()
    imported = client.post("/api/campaigns/import?on_shelf=copy", json=data)
    assert imported.status_code == 201, imported.text
    with other_server(db_url, tmp_path / "elsewhere") as other:
        r = other.post("/api/campaigns/import?on_shelf=copy", json=data)
        assert r.status_code == 422
        assert r.json()["detail"].startswith("This campaign cannot be imported: it was sealed by another server")
        page = other.post("/campaigns/import", files={"file": ("c.json", json.dumps(data), "application/json")})
        assert page.status_code == 422 and "sealed by another server" in page.text
        assert len(other.get("/api/campaigns").json()) == len(before) + 1  # only the import on the right server
    reversed_blob = {**data["sealed"], "data": data["sealed"]["data"][::-1]}
    for bad in ({**data, "steps": data["steps"][:-1]}, {**data, "name": "x"}, {**data, "seed": 4},
                {**data, "sealed": reversed_blob}, {**data, "sealed": foreign}):
        r = client.post("/api/campaigns/import?on_shelf=copy", json=bad)
        assert r.status_code == 422 and r.json()["detail"].startswith("This campaign cannot be imported"), bad
    assert len(client.get("/api/campaigns").json()) == len(before) + 1


def test_a_finished_campaign_exports_open(client, pebbles, db_url, tmp_path):
    c = client.post("/api/campaigns", json={"game": "pebbles"}).json()
    finish_game(client, c["current_session"])
    c = client.get(f"/api/campaigns/{c['id']}").json()
    c = client.post(f"/api/campaigns/{c['id']}/actions", json={"action": "sail", "version": c["version"]}).json()
    finish_game(client, c["current_session"])
    c = client.get(f"/api/campaigns/{c['id']}").json()
    assert c["status"]["state"] != "in_progress"
    data = client.get(f"/api/campaigns/{c['id']}/export").json()
    assert isinstance(data["seed"], int) and data["seed_chosen"] is False and "sealed" not in data
    assert "seed" in client.get(f"/api/sessions/{c['games'][0]['id']}/export").json()
    with other_server(db_url, tmp_path / "elsewhere") as other:
        assert other.post("/api/campaigns/import?on_shelf=copy", json=data).status_code == 201


def test_a_chosen_campaign_seed_is_said_and_kept(client, pebbles, db_url, tmp_path):
    c = client.post("/api/campaigns", json={"game": "pebbles", "seed": 9}).json()
    assert c["seed_chosen"] is True
    assert "Seed 9, chosen by you: the same seed deals the same campaign." in client.get(f"/campaigns/{c['id']}").text
    assert "Campaign seed 9, chosen by you" in client.get(f"/play/{c['current_session']}").text
    data = client.get(f"/api/campaigns/{c['id']}/export").json()
    assert data["seed"] == 9 and data["seed_chosen"] is True
    with other_server(db_url, tmp_path / "elsewhere") as other:
        imported = other.post("/api/campaigns/import?on_shelf=copy", json=data).json()
        assert imported["seed_chosen"] is True
        assert other.get(f"/api/sessions/{imported['current_session']}").json()["seed_chosen"] is True


@pytest.mark.parametrize("game", ["adamastor"])
def test_a_real_campaign_in_progress_tells_nothing_to_come(client, app, game):
    rng = random.Random(7)
    for _ in range(20):  # a campaign dealt from a seed the server picked: random moves may end its voyage early
        c = client.post("/api/campaigns", json={"game": game}).json()
        while c["current_session"] is None:  # the choices before the first voyage
            action = rng.choice([a["id"] for a in c["legal_actions"]])
            body = {"action": action, "version": c["version"]}
            c = client.post(f"/api/campaigns/{c['id']}/actions", json=body).json()
        if play_some(client, c["current_session"], 10, rng)["status"]["state"] == "in_progress":
            break
    else:
        raise AssertionError("20 campaigns each ended their first voyage within 10 random moves")
    seed = stored_seed(app, Campaign, c["id"])
    r = client.get(f"/api/campaigns/{c['id']}/export")
    assert predicting_seeds(r.json(), replay_campaign) == []
    assert '"seed"' not in r.text and str(seed) not in r.text
    assert replay_campaign(open_form(r.json(), seed)).seed == seed
    with app.state.sessionmaker() as db:
        secrets = [str(seed), str(db.get(Campaign, c["id"]).state["rng"]),
                   str(db.get(Snapshot, c["current_session"]).state["rng"])]
    for url in (f"/api/campaigns/{c['id']}", f"/api/campaigns/{c['id']}/log", f"/campaigns/{c['id']}",
                f"/play/{c['current_session']}", f"/api/sessions/{c['current_session']}", "/campaigns"):
        page = client.get(url).text
        assert not [s for s in secrets if s in page], url
