"""Campaigns in the platform, on the test-only Pebbles campaign (two linked games)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app


def start(client) -> dict:
    r = client.post("/api/campaigns", json={"game": "pebbles", "seed": 4, "name": "Two evenings"})
    assert r.status_code == 201, r.text
    return r.json()


def finish_game(client, sid: str, win: bool = True) -> dict:
    """Play a Pebbles game to its end: draw until the hand reaches the target (or not), then stop."""
    s = client.get(f"/api/sessions/{sid}").json()
    while win and sum(s["view"]["placed"]) < 10:
        action = f"place:{s['view']['hand'][0]}" if s["view"]["hand"] else "draw"
        s = client.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": s["version"]}).json()
    return client.post(f"/api/sessions/{sid}/actions", json={"action": "stop", "version": s["version"]}).json()


def act(client, c, action, version=None):
    return client.post(f"/api/campaigns/{c['id']}/actions",
                       json={"action": action, "version": c["version"] if version is None else version})


def test_a_campaign_starts_its_first_game(client, pebbles):
    c = start(client)
    assert c["name"] == "Two evenings" and c["status"]["state"] == "in_progress"
    assert c["current_session"] and c["legal_actions"] == []
    assert [g["index"] for g in c["games"]] == [1]
    assert any("Game 1" in line["text"] for line in c["log_tail"])
    assert client.get(f"/api/sessions/{c['current_session']}").json()["status"]["state"] == "in_progress"


def test_finishing_a_game_updates_the_campaign(client, pebbles):
    c = start(client)
    assert act(client, c, "sail").status_code == 422  # a game is in progress
    finish_game(client, c["current_session"])
    c2 = client.get(f"/api/campaigns/{c['id']}").json()
    assert c2["version"] > c["version"] and c2["current_session"] is None
    assert c2["view"]["results"] == ["won"]
    assert {a["id"] for a in c2["legal_actions"]} == {"train", "sail"}


def test_between_games_choices_carry_into_the_next_game(client, pebbles):
    c = start(client)
    finish_game(client, c["current_session"], win=False)
    c = client.get(f"/api/campaigns/{c['id']}").json()
    assert act(client, c, "train", version=c["version"] - 1).status_code == 409
    assert act(client, c, "fly").status_code == 422
    c = act(client, c, "train").json()
    c = act(client, c, "sail").json()
    second = client.get(f"/api/sessions/{c['current_session']}").json()
    assert second["view"]["placed"] == [2]  # the head start bought with `train`
    finish_game(client, c["current_session"])
    c = client.get(f"/api/campaigns/{c['id']}").json()
    assert c["status"]["state"] == "won" and c["score"] == 10 and c["legal_actions"] == []
    assert [g["status"] for g in c["games"]] == ["lost", "won"]


def test_campaign_games_are_deleted_with_the_campaign_only(client, pebbles):
    c = start(client)
    sid = c["current_session"]
    r = client.delete(f"/api/sessions/{sid}")
    assert r.status_code == 422 and "campaign" in r.json()["detail"]
    assert client.delete(f"/api/campaigns/{c['id']}").status_code == 204
    assert client.get(f"/api/campaigns/{c['id']}").status_code == 404
    assert client.get(f"/api/sessions/{sid}").status_code == 404


def test_unknown_campaign_is_404(client, pebbles):
    assert client.get("/api/campaigns/nope").status_code == 404
    assert client.post("/api/campaigns/nope/actions", json={"action": "sail", "version": 0}).status_code == 404
    assert client.get("/api/campaigns/nope/export").status_code == 404
    r = client.post("/api/campaigns", json={"game": "pebbles", "options": {"x": "1"}})
    assert r.status_code == 422


def _mid_campaign(client) -> dict:
    c = start(client)
    finish_game(client, c["current_session"])
    c = client.get(f"/api/campaigns/{c['id']}").json()
    c = act(client, c, "train").json()
    c = act(client, c, "sail").json()
    sid = c["current_session"]
    s = client.get(f"/api/sessions/{sid}").json()
    client.post(f"/api/sessions/{sid}/actions", json={"action": "draw", "version": s["version"]})
    return client.get(f"/api/campaigns/{c['id']}").json()


def test_export_import_round_trip_mid_campaign(client, pebbles):
    c = _mid_campaign(client)
    save = client.get(f"/api/campaigns/{c['id']}/export").json()
    assert [list(step) for step in save["steps"]] == [["game"], ["action"], ["action"], ["game"]]
    r = client.post("/api/campaigns/import?on_shelf=copy", json=save)
    assert r.status_code == 201, r.text
    imported = r.json()
    assert imported["view"] == c["view"] and imported["version"] == c["version"]
    original_game = client.get(f"/api/sessions/{c['current_session']}").json()
    imported_game = client.get(f"/api/sessions/{imported['current_session']}").json()
    assert imported_game["view"] == original_game["view"]
    again = client.get(f"/api/campaigns/{imported['id']}/export").json()
    assert again["steps"] == save["steps"] and again["final"] == save["final"]


def test_tampered_campaign_files_are_refused(client, pebbles):
    c = _mid_campaign(client)
    save = client.get(f"/api/campaigns/{c['id']}/export").json()
    before = len(client.get("/api/campaigns").json())
    bad = [
        {**save, "seed": save["seed"] + 1},
        {**save, "steps": save["steps"][:-1]},
        {**save, "steps": [{"action": "sail"}] + save["steps"]},
        {**save, "steps": save["steps"] + [{"action": "train"}]},
        {**save, "steps": [{"game": ["fly"]}]},
        {**save, "steps": [{"jump": 1}]},
        {**save, "final": {**save["final"], "games": []}},
        {**save, "format": "solo-shelf-save"},
        {**save, "game": "chess"},
        "just text",
    ]
    for data in bad:
        r = client.post("/api/campaigns/import?on_shelf=copy", json=data)
        assert r.status_code == 422, data
        assert r.json()["detail"].startswith("This campaign cannot be imported")
    assert len(client.get("/api/campaigns").json()) == before


def test_campaign_resumes_after_a_restart(db_url, pebbles):
    with TestClient(create_app(Settings(database_url=db_url))) as first:
        c = _mid_campaign(first)
        game = first.get(f"/api/sessions/{c['current_session']}").json()
    with TestClient(create_app(Settings(database_url=db_url))) as second:
        assert second.get(f"/api/campaigns/{c['id']}").json() == c
        assert second.get(f"/api/sessions/{c['current_session']}").json() == game


def test_a_game_without_campaign_mode_is_refused(client, pebbles):
    from games import registry
    from tests.support.pebbles import PebblesEngine

    class NoCampaign(PebblesEngine):
        campaign = None

    registry.register("solo-pebbles", NoCampaign)
    try:
        r = client.post("/api/campaigns", json={"game": "solo-pebbles"})
        assert r.status_code == 422 and "no campaign mode" in r.json()["detail"]
    finally:
        registry.unregister("solo-pebbles")
    r = client.post("/api/campaigns", json={"game": "chess"})
    assert r.status_code == 422 and "unknown game" in r.json()["detail"]
