"""A copy of an unfinished, sealed game is no window on the original's future (issue #26 §2).

Before, exporting a game in progress and importing it as a copy (or another player importing the file) gave the
same deal: draw in the copy and the original draws the same card. Now a copy deals its unseen parts again from a
secret seed of its own (each engine's `redeal`), recorded with the game (`sessions.redeals`) and sealed in its
files, so that the copy replays, steps back in its replay, exports and imports again like any game. A game
restored over its original (or brought back after a delete) keeps its deal: it is the same game.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.db.models import GameSession, Snapshot
from app.main import create_app
from games.registry import get_engine

GAMES = ("adamastor", "nemos_war", "platformer", "call_to_adventure")


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


def _played(web, game: str, moves: int) -> dict:
    """A game dealt from a seed the server picked, `moves` moves in (each the last legal action) and still on. The
    deal is random, so those moves now and then end it (an Adamastor voyage lost within six): then another is dealt."""
    for _ in range(20):
        s = web.post("/api/sessions", json={"game": game}).json()
        for _ in range(moves):
            if not s["legal_actions"]:
                break
            s = web.post(f"/api/sessions/{s['id']}/actions",
                         json={"action": s["legal_actions"][-1]["id"], "version": s["version"]}).json()
        if s["status"]["state"] == "in_progress":
            return s
    raise AssertionError(f"20 deals of {game} each ended within {moves} moves: the game must still be on")


def _state(web, sid: str):
    with web.app.state.sessionmaker() as db:
        return db.get(Snapshot, sid).state, db.get(GameSession, sid).redeals


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_shows_the_same_table_but_deals_its_unseen_parts_again(web, game):
    s = _played(web, game, 6)
    data = web.get(f"/api/sessions/{s['id']}/export").json()
    assert "sealed" in data and "redeals" not in data
    copy = web.post("/api/sessions/import?on_shelf=copy", json=data)
    assert copy.status_code == 201, copy.text
    c = copy.json()
    assert c["view"] == s["view"] and [a["id"] for a in c["legal_actions"]] == [a["id"] for a in s["legal_actions"]]
    original, none = _state(web, s["id"])
    dealt, redeals = _state(web, c["id"])
    assert none is None and redeals and redeals[0][0] == s["version"]
    assert dealt != original, "the copy's hidden parts (deck order, generator) are dealt again"
    engine = get_engine(game)
    assert engine.view(engine.load(dealt)) == engine.view(engine.load(original))


def test_a_copy_replays_exports_and_imports_again_and_its_file_keeps_the_redeal_sealed(web):
    s = _played(web, "nemos_war", 5)
    data = web.get(f"/api/sessions/{s['id']}/export").json()
    c = web.post("/api/sessions/import?on_shelf=copy", json=data).json()
    for _ in range(4):  # play on in the copy, past its redeal
        c = web.post(f"/api/sessions/{c['id']}/actions",
                     json={"action": c["legal_actions"][0]["id"], "version": c["version"]}).json()
    for step in (0, s["version"], s["version"] + 1, c["version"]):
        r = web.get(f"/api/sessions/{c['id']}/replay", params={"step": step})
        assert r.status_code == 200, (step, r.text)
    assert web.get(f"/api/sessions/{c['id']}/replay", params={"step": c["version"]}).json()["view"] == c["view"]
    kept = _state(web, c["id"])
    again = web.get(f"/api/sessions/{c['id']}/export")
    assert "redeals" not in again.text and "sealed" in again.json(), "the redeal seed is sealed with the seed"
    back = web.post("/api/sessions/import?on_shelf=restore", json=again.json())
    assert back.status_code == 201, back.text
    assert back.json()["id"] == c["id"] and back.json()["view"] == c["view"]
    assert _state(web, c["id"]) == kept, "restored from its file, the copy has its own deal again"


def test_a_game_restored_over_its_original_or_after_a_delete_keeps_its_deal(web):
    s = _played(web, "call_to_adventure", 5)
    data = web.get(f"/api/sessions/{s['id']}/export").json()
    original, _ = _state(web, s["id"])
    assert web.post("/api/sessions/import?on_shelf=restore", json=data).status_code == 201
    assert _state(web, s["id"]) == (original, None)
    web.delete(f"/api/sessions/{s['id']}")
    assert web.post("/api/sessions/import", json=data).status_code == 201
    assert _state(web, s["id"]) == (original, None)


def test_a_file_with_a_redeal_put_in_clear_is_refused(web):
    s = _played(web, "platformer", 3)
    data = web.get(f"/api/sessions/{s['id']}/export").json()
    c = web.post("/api/sessions/import?on_shelf=copy", json=data).json()
    copied = web.get(f"/api/sessions/{c['id']}/export").json()
    r = web.post("/api/sessions/import?on_shelf=copy", json={**copied, "redeals": [[3, 1]]})
    assert r.status_code == 422


def _campaign_state(web, cid: str):
    from app.db.models import Campaign

    with web.app.state.sessionmaker() as db:
        c = db.get(Campaign, cid)
        return c.state, c.redeals


def test_a_campaign_copy_deals_its_voyage_and_the_voyages_to_come_again_and_still_restores(web):
    cv = web.post("/api/campaigns", json={"game": "adamastor", "name": "Winter voyages"}).json()
    for wanted in ("card:", "sail"):
        action = next(a["id"] for a in cv["legal_actions"] if a["id"].startswith(wanted))
        cv = web.post(f"/api/campaigns/{cv['id']}/actions", json={"action": action, "version": cv["version"]}).json()
    s = web.get(f"/api/sessions/{cv['current_session']}").json()
    for _ in range(5):
        s = web.post(f"/api/sessions/{s['id']}/actions",
                     json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
    data = web.get(f"/api/campaigns/{cv['id']}/export").json()
    copy = web.post("/api/campaigns/import?on_shelf=copy", json=data)
    assert copy.status_code == 201, copy.text
    c = copy.json()
    voyage = web.get(f"/api/sessions/{c['current_session']}").json()
    assert voyage["view"] == s["view"], "the copy's voyage shows the same table"
    original, none = _campaign_state(web, cv["id"])
    dealt, redeals = _campaign_state(web, c["id"])
    assert none is None and redeals and dealt != original, "the voyages to come are dealt again"
    assert _state(web, c["current_session"])[0] != _state(web, s["id"])[0], "and so is the voyage under way"
    # The copy's own file rebuilds it exactly, its redeals sealed with its seed.
    again = web.get(f"/api/campaigns/{c['id']}/export")
    assert "redeals" not in again.text
    back = web.post("/api/campaigns/import?on_shelf=restore", json=again.json())
    assert back.status_code == 201, back.text
    assert _campaign_state(web, c["id"]) == (dealt, redeals)
    assert web.get(f"/api/sessions/{back.json()['current_session']}").json()["view"] == s["view"]


@pytest.mark.parametrize("games", [{"²": [[0, 1]]}, {"1": [[0, True]]}, {"1": "x"}, ["1"]])
def test_a_campaign_file_with_malformed_redeals_is_refused(web, games):
    cv = web.post("/api/campaigns", json={"game": "adamastor", "seed": 4}).json()  # a chosen seed: an open file
    data = web.get(f"/api/campaigns/{cv['id']}/export").json()
    r = web.post("/api/campaigns/import?on_shelf=copy", json={**data, "redeals": {"campaign": [], "games": games}})
    assert r.status_code == 422, r.text
