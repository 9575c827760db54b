"""The game review's pages (issue #28 §3): offered on a finished game's bar and in the history, worked out in the
background, then a chart of the chance to win with the costliest decisions marked and linked to the replay."""

from __future__ import annotations

import re
import time

import pytest

from app.shelf import review
from tests.api.test_review_api import finished_game

WAIT_S = 180


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch):
    """Two playouts per option, then two more where the options are close (instead of eight and sixteen): the same
    work in a tenth of the time."""
    monkeypatch.setattr(review, "DEALS", 2)
    monkeypatch.setattr(review, "MORE_DEALS", 2)


def review_page_until_done(client, sid: str) -> str:
    deadline = time.monotonic() + WAIT_S
    while True:
        html = client.get(f"/play/{sid}/review").text
        if 'data-chart="review"' in html or "The review could not be finished" in html:
            return html
        assert time.monotonic() < deadline, "the review page never showed the review"
        time.sleep(0.3)


def test_a_game_in_progress_is_not_reviewed_yet(client):
    s = client.post("/api/sessions", json={"game": "call_to_adventure", "seed": 2}).json()
    assert 'id="bar-review"' not in client.get(f"/play/{s['id']}").text
    page = client.get(f"/play/{s['id']}/review").text
    assert "finish it, then come back" in page and 'id="review-start"' not in page
    answer = client.post(f"/play/{s['id']}/review", follow_redirects=False)
    assert answer.status_code == 303 and client.get(f"/api/sessions/{s['id']}/review").status_code == 404
    assert f'href="/play/{s["id"]}/review"' not in client.get("/history").text


@pytest.mark.slow  # a whole game reviewed: make test runs it, make test-fast does not
def test_a_finished_game_is_reviewed_and_its_costliest_decisions_link_to_the_replay(client):
    s = finished_game(client, 13)
    board = client.get(f"/play/{s['id']}").text
    assert 'id="bar-review"' in board and f'action="/play/{s["id"]}/review"' in board
    offer = client.get(f"/play/{s['id']}/review").text
    assert 'id="review-start"' in offer and 'data-chart="review"' not in offer
    history = client.get("/history").text
    assert f'href="/play/{s["id"]}/review"' in history
    started = client.post(f"/play/{s['id']}/review", follow_redirects=False)
    assert started.status_code == 303 and started.headers["location"] == f"/play/{s['id']}/review"
    running = client.get(f"/play/{s['id']}/review").text
    if 'data-chart="review"' not in running:
        assert 'hx-trigger="load delay:2s"' in running and '<noscript><meta http-equiv="refresh"' in running
    html = review_page_until_done(client, s["id"])
    body = client.get(f"/api/sessions/{s['id']}/review").json()
    assert body["state"] == "done"
    marked = [p for p in body["decisions"] if p["marked"]]
    assert len(re.findall(r'<circle class="review-mark"', html)) == len(marked)
    for p in marked:
        assert f'<li data-mark="{p["n"]}">' in html and f'/replay?step={p["step"]}' in html
    rows = re.findall(r"<tr(?: class=\"marked\")?><th scope=\"row\"><a href=\"/play/[^\"]+/replay\?step=(\d+)\">", html)
    assert [int(step) for step in rows] == [p["step"] for p in body["decisions"]], "every decision, linked"
    assert 'hx-trigger' not in html.split('<section id="review"', 1)[1].split(">", 1)[0], "done: no more asking"


def test_in_spanish(client):
    s = finished_game(client, 14)
    client.post(f"/play/{s['id']}/review")
    page = client.get(f"/play/{s['id']}/review", headers={"Accept-Language": "es"}).text
    assert "Revisión de la partida" in page
    assert "Revisar esta partida" in client.get(f"/play/{s['id']}", headers={"Accept-Language": "es"}).text


@pytest.mark.slow  # a whole game reviewed: make test runs it, make test-fast does not
def test_the_statistics_say_what_the_reviews_found(client):
    s = finished_game(client, 16)
    assert 'data-figure="reviews"' not in client.get("/stats").text, "no review yet: nothing said"
    client.post(f"/play/{s['id']}/review")
    review_page_until_done(client, s["id"])
    points = client.get(f"/api/sessions/{s['id']}/review").json()["decisions"]
    best = sum(p["best"] == p["action"] for p in points)
    stats = client.get("/stats").text
    said = stats.split('data-figure="reviews"', 1)[1].split("</p>", 1)[0]
    assert "reviewed games (1)" in said
    assert f"best at {round(100 * best / len(points))}%" in said


def test_a_review_can_be_stopped_from_its_page(client, app):
    s = finished_game(client, 17)
    app.state.reviewer.stop()  # it waits: stopped while it waits
    client.post(f"/play/{s['id']}/review")
    page = client.get(f"/play/{s['id']}/review").text
    assert 'id="review-cancel"' in page and "Waiting for its turn" in page
    stopped = client.post(f"/play/{s['id']}/review/cancel", follow_redirects=False)
    assert stopped.status_code == 303
    page = client.get(f"/play/{s['id']}/review").text
    assert "The review was stopped after 0 decisions." in page and "Go on with the review" in page


@pytest.mark.slow  # a whole game reviewed: make test runs it, make test-fast does not
def test_the_replay_shows_the_review_and_what_it_says_of_the_moment(client):
    s = finished_game(client, 18)
    assert 'data-chart="review"' not in client.get(f"/play/{s['id']}/replay?step=0").text, "no review: no chart"
    client.post(f"/play/{s['id']}/review")
    review_page_until_done(client, s["id"])
    point = client.get(f"/api/sessions/{s['id']}/review").json()["decisions"][0]
    page = client.get(f"/play/{s['id']}/replay?step={point['step']}").text
    assert 'data-chart="review"' in page and f'data-here="{point["n"]}"' in page
    said = page.split("data-review-here>", 1)[1].split("</b>", 1)[0]
    assert point["label"] in said.replace("&#34;", '"').replace("&#39;", "'")
