"""`POST /api/campaigns/{id}/undo`: answers like the campaign action route (200 with the campaign, 409 stale with
the current campaign, 422 with nothing to take back or a malformed body, 404 for an unknown campaign)."""

from __future__ import annotations

from tests.shelf.test_campaigns import act, finish_game, start


def undo(client, cid: str, version) -> object:
    return client.post(f"/api/campaigns/{cid}/undo", json={"version": version})


def between(client) -> dict:
    c = start(client)
    finish_game(client, c["current_session"], win=False)
    return client.get(f"/api/campaigns/{c['id']}").json()


def test_undo_answers_the_campaign_as_it_was_before_the_choice(client, pebbles):
    c = between(client)
    assert c["can_undo"] is False
    trained = act(client, c, "train").json()
    assert trained["can_undo"] is True and {a["id"] for a in trained["legal_actions"]} == {"sail"}
    r = undo(client, c["id"], trained["version"])
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["version"] == trained["version"] + 1 and back["can_undo"] is False
    assert back["view"] == c["view"] and back["legal_actions"] == c["legal_actions"]
    assert back["log_tail"][-1]["text"] == "Took back: Train the crew."
    log = client.get(f"/api/campaigns/{c['id']}/log").json()
    assert (log[-1]["kind"], log[-1]["action"]) == ("undo", "train")
    assert back == client.get(f"/api/campaigns/{c['id']}").json() | {"updated_at": back["updated_at"]}


def test_stale_undo_is_409_with_the_current_campaign(client, pebbles):
    c = between(client)
    trained = act(client, c, "train").json()
    r = undo(client, c["id"], c["version"])
    assert r.status_code == 409
    assert r.json()["current"]["version"] == trained["version"] and r.json()["current"]["can_undo"] is True
    assert client.get(f"/api/campaigns/{c['id']}").json()["view"] == trained["view"], "a stale undo was applied"


def test_nothing_to_undo_is_422_and_changes_nothing(client, pebbles):
    c = start(client)
    r = undo(client, c["id"], c["version"])  # a game is being played
    assert r.status_code == 422 and "finish it first" in r.json()["detail"]
    finish_game(client, c["current_session"], win=False)
    c = client.get(f"/api/campaigns/{c['id']}").json()
    r = undo(client, c["id"], c["version"])  # no choice yet
    assert r.status_code == 422 and "nothing to take back" in r.json()["detail"]
    c = act(client, act(client, c, "train").json(), "sail").json()
    assert c["current_session"]
    r = undo(client, c["id"], c["version"])  # set sail: the game has begun
    assert r.status_code == 422
    now = client.get(f"/api/campaigns/{c['id']}").json()
    assert now["version"] == c["version"] and now["current_session"] == c["current_session"]
    assert client.get(f"/api/sessions/{c['current_session']}").json()["version"] == 0


def test_malformed_undo_is_422_and_unknown_campaign_404(client, pebbles):
    c = between(client)
    for body in ({}, {"version": "x"}, {"version": -1}, {"version": 1.5}, []):
        r = client.post(f"/api/campaigns/{c['id']}/undo", json=body)
        assert r.status_code == 422, (body, r.text)
    assert client.get(f"/api/campaigns/{c['id']}").json()["version"] == c["version"]
    assert undo(client, "nope", 0).status_code == 404
