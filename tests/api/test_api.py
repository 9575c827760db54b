"""Route tests of the JSON API, on the test-only Pebbles game (platform behaviour, not game rules)."""

from __future__ import annotations

import json
import re


def new(client, game="pebbles", **body):
    r = client.post("/api/sessions", json={"game": game, "seed": 7, **body})
    assert r.status_code == 201, r.text
    return r.json()


def act(client, s, action, version=None):
    return client.post(f"/api/sessions/{s['id']}/actions",
                       json={"action": action, "version": s["version"] if version is None else version})


def test_games_listed(client, pebbles):
    slugs = {g["slug"] for g in client.get("/api/games").json()}
    assert {"pebbles"} <= slugs


def test_create_and_get(client, pebbles):
    s = new(client, options={"target": "15"}, name="Evening game")
    got = client.get(f"/api/sessions/{s['id']}").json()
    assert got["version"] == 0 and got["name"] == "Evening game"
    assert got["status"]["state"] == "in_progress"
    assert {a["id"] for a in got["legal_actions"]} == {"draw", "stop"}


def test_bad_create_is_422(client, pebbles):
    assert client.post("/api/sessions", json={"game": "nope"}).status_code == 422
    r = client.post("/api/sessions", json={"game": "pebbles", "options": {"target": "99"}})
    assert r.status_code == 422 and "target" in r.json()["detail"]
    assert client.post("/api/sessions", json={"game": "pebbles", "seed": -1}).status_code == 422


def test_move_bumps_version_and_logs(client, pebbles):
    s = new(client)
    r = act(client, s, "draw")
    assert r.status_code == 200
    s2 = r.json()
    assert s2["version"] == 1 and len(s2["view"]["hand"]) == 1
    assert any("Drew" in line["text"] for line in s2["log_tail"])
    log = client.get(f"/api/sessions/{s['id']}/log").json()
    assert [e["action"] for e in log] == ["draw"]


def test_stale_version_is_409_and_changes_nothing(client, pebbles):
    s = new(client)
    act(client, s, "draw")
    r = act(client, s, "draw", version=0)
    assert r.status_code == 409
    assert r.json()["current"]["version"] == 1
    assert client.get(f"/api/sessions/{s['id']}").json()["version"] == 1


def test_illegal_action_is_422_and_changes_nothing(client, pebbles):
    s = new(client)
    before = client.get(f"/api/sessions/{s['id']}").json()
    r = act(client, s, "place:6")
    assert r.status_code == 422 and "not legal" in r.json()["detail"]
    assert client.get(f"/api/sessions/{s['id']}").json() == before


def test_malformed_bodies_are_422(client, pebbles):
    s = new(client)
    url = f"/api/sessions/{s['id']}/actions"
    assert client.post(url, json={"action": "draw"}).status_code == 422
    assert client.post(url, json={"action": "", "version": 0}).status_code == 422
    assert client.post(url, content=b"not json", headers={"content-type": "application/json"}).status_code == 422
    assert isinstance(client.post(url, json={"version": "x"}).json()["detail"], str)


def test_unknown_session_is_404(client, pebbles):
    for method, path in [("get", "/api/sessions/nope"), ("get", "/api/sessions/nope/log"),
                         ("get", "/api/sessions/nope/export"), ("delete", "/api/sessions/nope")]:
        assert getattr(client, method)(path).status_code == 404
    r = client.post("/api/sessions/nope/actions", json={"action": "draw", "version": 0})
    assert r.status_code == 404 and "nope" in r.json()["detail"]


def test_undo_back_to_last_reveal_only(client, pebbles):
    s = new(client)
    s = act(client, s, "draw").json()
    s = act(client, s, "draw").json()
    hand = s["view"]["hand"]
    s = act(client, s, f"place:{hand[0]}").json()
    assert s["can_undo"]
    r = client.post(f"/api/sessions/{s['id']}/undo", json={"version": s["version"]})
    assert r.status_code == 200
    s = r.json()
    assert sorted(s["view"]["hand"]) == sorted(hand) and s["view"]["placed"] == []
    # The draws revealed pebbles: undo cannot take them back.
    r = client.post(f"/api/sessions/{s['id']}/undo", json={"version": s["version"]})
    assert r.status_code == 422 and "nothing to undo" in r.json()["detail"]
    assert client.post(f"/api/sessions/{s['id']}/undo", json={"version": 0}).status_code == 409


def test_rename_and_delete(client, pebbles):
    s = new(client)
    r = client.patch(f"/api/sessions/{s['id']}", json={"name": "Renamed"})
    assert r.json()["name"] == "Renamed"
    assert client.delete(f"/api/sessions/{s['id']}").status_code == 204
    assert client.get(f"/api/sessions/{s['id']}").status_code == 404


def _played(client):
    s = new(client)
    s = act(client, s, "draw").json()
    s = act(client, s, "draw").json()
    s = act(client, s, f"place:{s['view']['hand'][0]}").json()
    s = act(client, s, "draw").json()
    s = act(client, s, f"place:{s['view']['hand'][-1]}").json()
    return client.post(f"/api/sessions/{s['id']}/undo", json={"version": s["version"]}).json()


def test_export_import_round_trip(client, pebbles):
    s = _played(client)
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    assert save["actions"][-1] == "draw"  # the undone placement is not part of the save
    r = client.post("/api/sessions/import?on_shelf=copy", json=save)
    assert r.status_code == 201, r.text
    imported = r.json()
    assert imported["id"] != s["id"]
    assert imported["view"] == s["view"] and imported["status"] == s["status"]
    assert not imported["can_undo"]
    again = client.get(f"/api/sessions/{imported['id']}/export").json()
    assert again["actions"] == save["actions"] and again["final"] == save["final"]


def test_tampered_or_malformed_import_refused(client, pebbles):
    s = _played(client)
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    count = len(client.get("/api/sessions").json())
    bad_saves = [
        {**save, "seed": save["seed"] + 1},
        {**save, "actions": save["actions"] + ["draw"]},
        {**save, "actions": ["place:99"]},
        {**save, "final": {**save["final"], "digest": "0" * 64}},
        {**save, "game": "chess"},
        {**save, "rules_version": 99},
        {**save, "options": {"target": "1000"}},
        {k: v for k, v in save.items() if k != "actions"},
        [1, 2, 3],
    ]
    for bad in bad_saves:
        r = client.post("/api/sessions/import?on_shelf=copy", json=bad)
        assert r.status_code == 422, bad
        assert r.json()["detail"].startswith("This save cannot be imported")
    r = client.post("/api/sessions/import", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert len(client.get("/api/sessions").json()) == count


def test_import_size_limit(client, pebbles, app):
    app.state.settings.max_import_bytes = 100
    s = _played(client)
    save = json.dumps(client.get(f"/api/sessions/{s['id']}/export").json())
    r = client.post("/api/sessions/import?on_shelf=copy", content=save.encode(),
                    headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_openapi_docs(client):
    docs = client.get("/docs")
    assert docs.status_code == 200
    # Swagger UI comes from static/vendor, never a CDN, and starts from a file (no inline script).
    scripts = re.findall(r'<script src="([^"]+)"', docs.text)
    assert scripts and all(src.startswith("/static/") for src in scripts)
    assert "http" not in docs.text.lower()
    for src in scripts:
        assert client.get(src).status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for p in ["/api/games", "/api/sessions", "/api/sessions/{session_id}", "/api/sessions/{session_id}/actions",
              "/api/sessions/{session_id}/undo", "/api/sessions/{session_id}/log",
              "/api/sessions/{session_id}/export", "/api/sessions/import"]:
        assert p in paths


def test_healthz(client):
    assert client.get("/healthz").json() == {"status": "ok"}


def test_adamastor_round_trip_through_the_api(client):
    s = new(client, game="adamastor", options={"maps": "4"})
    assert len(s["view"]["map"]["slots"]) == 5
    for _ in range(12):
        s = act(client, s, s["legal_actions"][0]["id"]).json()
    stale = act(client, s, s["legal_actions"][0]["id"], version=s["version"] - 1)
    assert stale.status_code == 409
    before = client.get(f"/api/sessions/{s['id']}").json()
    assert act(client, s, "swap:h99:r98").status_code == 422
    assert client.get(f"/api/sessions/{s['id']}").json() == before
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    imported = client.post("/api/sessions/import?on_shelf=copy", json=save).json()
    assert imported["view"] == before["view"] and imported["legal_actions"] == before["legal_actions"]
    tampered = {**save, "actions": save["actions"][:-1]}
    assert client.post("/api/sessions/import?on_shelf=copy", json=tampered).status_code == 422


def test_times_read_back_are_utc_like_the_move_answer(client, pebbles):
    s = new(client)
    moved = act(client, s, "draw").json()
    again = client.get(f"/api/sessions/{s['id']}").json()
    listed = next(x for x in client.get("/api/sessions").json() if x["id"] == s["id"])
    assert moved["updated_at"] == again["updated_at"] == listed["updated_at"]
    assert again["updated_at"].endswith("+00:00")
