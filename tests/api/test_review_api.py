"""The game review (issue #28 §3): a finished game's chance after every decision, in the background, surviving a
restart of the server."""

from __future__ import annotations

import random
import time
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from app.core.config import Settings
from app.db.models import Review, utcnow
from app.main import create_app
from app.shelf import review
from app.shelf.review import standing_moves
from games.registry import get_engine

WAIT_S = 180


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch):
    """Two playouts per option, then two more where the options are close (instead of eight and sixteen): the same
    work in a tenth of the time (what is checked is the review's course and record, not how sharp its figures are)."""
    monkeypatch.setattr(review, "DEALS", 2)
    monkeypatch.setattr(review, "MORE_DEALS", 2)


def finished_game(client, seed: int) -> dict:
    """A game of Call to Adventure played to its end through the API (random choices, one undo on the way)."""
    rng = random.Random(seed)
    s = client.post("/api/sessions", json={"game": "call_to_adventure", "seed": seed}).json()
    undone = False
    while s["status"]["state"] == "in_progress":
        if s["can_undo"] and not undone and s["version"] > 6:
            s, undone = client.post(f"/api/sessions/{s['id']}/undo", json={"version": s["version"]}).json(), True
            continue
        action = rng.choice(s["legal_actions"])["id"]
        s = client.post(f"/api/sessions/{s['id']}/actions", json={"action": action, "version": s["version"]}).json()
    assert undone, "the game had an undo"
    return s


def review_until_done(client, sid: str) -> dict:
    deadline = time.monotonic() + WAIT_S
    while True:
        body = client.get(f"/api/sessions/{sid}/review").json()
        if body["state"] in ("done", "failed"):
            return body
        assert time.monotonic() < deadline, f"the review is still {body['state']} after {WAIT_S} s"
        time.sleep(0.3)


@pytest.mark.slow  # a whole game reviewed: make test runs it, make test-fast does not
def test_a_finished_game_is_reviewed_decision_by_decision(client, app):
    s = finished_game(client, 11)
    started = client.post(f"/api/sessions/{s['id']}/review")
    assert started.status_code == 202 and started.headers["location"] == f"/api/sessions/{s['id']}/review"
    assert started.json()["state"] in ("queued", "running", "done")
    body = review_until_done(client, s["id"])
    assert body["state"] == "done" and body["progress"] == 1.0
    with app.state.sessionmaker() as db:
        played = standing_moves(db, s["id"])
    assert body["decisions_total"] == body["reviewed"] == len(body["decisions"]) > 10
    assert len(played) > body["reviewed"], "moves with a single option are no decisions"
    steps = {seq - 1: action for seq, action in played}
    for p in body["decisions"]:
        assert steps[p["step"]] == p["action"], "each point is the move that stood at that step"
        assert 0 <= p["chosen_win"] <= p["win"] <= 1 and abs(p["cost"] - (p["win"] - p["chosen_win"])) < 1e-9
        assert p["label"] and p["best_label"]
    marked = [p for p in body["decisions"] if p["marked"]]
    assert len(marked) <= 3 and all(p["cost"] >= 0.10 for p in marked)
    costs = sorted((p["cost"] for p in body["decisions"]), reverse=True)
    assert all(p["cost"] >= costs[min(2, len(costs) - 1)] for p in marked), "the costliest are marked"
    again = client.post(f"/api/sessions/{s['id']}/review").json()
    assert again["state"] == "done" and again["decisions"] == body["decisions"], "asking again: the same review"


def test_only_a_finished_game_is_reviewed(client):
    s = client.post("/api/sessions", json={"game": "call_to_adventure", "seed": 2}).json()
    refused = client.post(f"/api/sessions/{s['id']}/review")
    assert refused.status_code == 422 and "finished" in refused.json()["detail"]
    assert client.get(f"/api/sessions/{s['id']}/review").status_code == 404
    assert client.post("/api/sessions/nope/review").status_code == 404


@pytest.mark.slow  # a whole game reviewed: make test runs it, make test-fast does not
def test_a_review_left_halfway_by_a_stopped_server_goes_on_where_it_was(client, app, db_url):
    s = finished_game(client, 12)
    with app.state.sessionmaker() as db:  # as if a server had begun the review, then stopped
        db.add(Review(session_id=s["id"], rules_version=get_engine("call_to_adventure").spec.rules_version,
                      status="running", decisions=0, points=[], created_at=utcnow(), heartbeat=utcnow()))
        db.commit()
    app.state.reviewer.stop()
    first = client.post(f"/api/sessions/{s['id']}/review").json()
    assert first["state"] == "running" and first["reviewed"] == 0
    kept = {"n": 1, "step": 0, "turn": None, "options": 2, "chosen": "kept-as-it-was", "chosen_label": {"text": "x"},
            "chance": 0.25, "best": "kept-as-it-was", "best_label": {"text": "x"}, "best_chance": 0.25}
    with app.state.sessionmaker() as db:
        db.execute(update(Review).where(Review.session_id == s["id"]).values(
            points=[kept], heartbeat=utcnow() - timedelta(minutes=5)))
        db.commit()
    restarted = create_app(Settings(database_url=db_url, auth_mode="single"))  # resumes what it finds at start
    try:
        with TestClient(restarted) as again:
            body = review_until_done(again, s["id"])
    finally:
        restarted.state.stop_background_work()
        restarted.state.db_engine.dispose()
    assert body["state"] == "done"
    assert body["decisions"][0]["action"] == "kept-as-it-was", "the decisions reviewed before the stop are kept"
    assert [p["n"] for p in body["decisions"]] == list(range(1, body["decisions_total"] + 1))


def test_a_review_can_be_cancelled_and_taken_up_again(client, app):
    s = finished_game(client, 15)
    app.state.reviewer.stop()  # nothing runs: the review waits, and is cancelled while it waits
    assert client.post(f"/api/sessions/{s['id']}/review").json()["state"] == "queued"
    cancelled = client.delete(f"/api/sessions/{s['id']}/review")
    assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
    assert client.get(f"/api/sessions/{s['id']}/review").json()["state"] == "cancelled"
    assert client.post(f"/api/sessions/{s['id']}/review").json()["state"] == "queued", "asked again, it goes on"
    assert client.delete("/api/sessions/nope/review").status_code == 404
