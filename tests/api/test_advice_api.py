"""GET /api/sessions/{id}/advice (issue #28 §2): each option's chances, refined while asked again (202 and a
`Location`), the same answer for the same seed on a twin that hides other cards, remembered with the game."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from sqlalchemy import select

from app.db.models import Advised
from tests.support.accountkit import accounts_app, api_token, bearer, sign_up

WAIT_S = 90  # the first figures come within seconds; a loaded machine gets room, a broken advisor still fails


def poll(client, url: str, ready, what: str) -> dict:
    deadline = time.monotonic() + WAIT_S
    while True:
        answer = client.get(url)
        assert answer.status_code in (200, 202), answer.text
        body = answer.json()
        assert (answer.status_code == 200) == body["done"], "200 once done, 202 before"
        if answer.status_code == 202:
            url = answer.headers["location"]
            assert url.startswith("/api/sessions/") and f"seed={body['seed']}" in url
        if ready(body):
            return body
        assert time.monotonic() < deadline, f"no {what} after {WAIT_S} s: {body}"
        time.sleep(0.2)


def every_option_played(body: dict) -> bool:
    return all(o["playouts"] > 0 for o in body["options"])


def test_each_option_gets_its_chance_to_win_and_expected_score(client):
    s = client.post("/api/sessions", json={"game": "call_to_adventure", "seed": 3}).json()
    offered = [a["id"] for a in s["legal_actions"]]
    first = client.get(f"/api/sessions/{s['id']}/advice")
    assert first.status_code == 202 and first.headers["location"]
    assert sorted(o["action"] for o in first.json()["options"]) == sorted(offered)
    body = poll(client, f"/api/sessions/{s['id']}/advice", every_option_played, "figure for every option")
    labels = {a["id"]: a["label"] for a in s["legal_actions"]}
    for option in body["options"]:
        assert option["label"] == labels[option["action"]]
        assert 0 <= option["win_low"] <= option["win"] <= option["win_high"] <= 1 and option["margin"] > 0
        assert option["score"] is not None
    figures = [(o["win"], o["score"]) for o in body["options"]]
    assert figures == sorted(figures, reverse=True), "best first"
    assert body["options"][0]["best"] and not any(o["best"] for o in body["options"][1:])
    assert body["playouts"] == sum(o["playouts"] for o in body["options"])
    done = poll(client, f"/api/sessions/{s['id']}/advice?margin=0.2&seconds=300", lambda b: b["done"], "answer")
    leader = done["options"][0]
    assert leader["margin"] <= 0.2, "done once the leading option is known within the margin"


def test_the_same_seed_gives_the_same_answer_on_a_twin_that_hides_other_cards(client):
    """A copy of a game in progress deals its unseen cards again: the same table, another future. Asked with the
    same seed and a fixed number of playouts, the advisor answers both alike: it never looks at what is hidden."""
    s = client.post("/api/sessions", json={"game": "nemos_war", "seed": 8}).json()
    while len(s["legal_actions"]) < 2:
        s = client.post(f"/api/sessions/{s['id']}/actions",
                        json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
    saved = client.get(f"/api/sessions/{s['id']}/export").json()
    twin = client.post("/api/sessions/import?on_shelf=copy", json=saved).json()
    assert twin["id"] != s["id"] and twin["view"] == s["view"]
    answers = []
    for sid in (s["id"], twin["id"]):
        body = poll(client, f"/api/sessions/{sid}/advice?seed=77&playouts=3", lambda b: b["done"], "answer")
        answers.append([(o["action"], o["win"], o["score"], o["playouts"]) for o in body["options"]])
        assert body["seed"] == 77 and all(o["playouts"] == 3 for o in body["options"])
    assert answers[0] == answers[1]
    again = poll(client, f"/api/sessions/{s['id']}/advice?seed=78&playouts=3", lambda b: b["done"], "answer")
    assert again["seed"] == 78


def test_asking_is_remembered_with_the_game_and_a_move_asks_anew(client, app):
    s = client.post("/api/sessions", json={"game": "call_to_adventure", "seed": 4}).json()
    poll(client, f"/api/sessions/{s['id']}/advice", every_option_played, "figure for every option")
    moved = client.post(f"/api/sessions/{s['id']}/actions",
                        json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
    stale = client.get(f"/api/sessions/{s['id']}/advice?version={s['version']}")
    assert stale.status_code == 409 and "moved on" in stale.json()["detail"]
    body = client.get(f"/api/sessions/{s['id']}/advice?version={moved['version']}").json()
    assert body["version"] == moved["version"] and body["playouts"] == 0, "the new position is advised afresh"
    assert sorted(o["action"] for o in body["options"]) == sorted(a["id"] for a in moved["legal_actions"])
    with app.state.sessionmaker() as db:
        asked = db.execute(select(Advised.version).where(Advised.session_id == s["id"])).scalars().all()
    assert sorted(asked) == [s["version"], moved["version"]], "each position asked about once"


def test_bad_questions_are_refused(client, pebbles):
    s = client.post("/api/sessions", json={"game": "call_to_adventure", "seed": 5}).json()
    for query in ("margin=0", "margin=x", "seconds=0", "playouts=0", "seed=-1", "version=-2"):
        assert client.get(f"/api/sessions/{s['id']}/advice?{query}").status_code == 422, query
    over = client.post("/api/sessions", json={"game": "pebbles", "seed": 1}).json()
    client.post(f"/api/sessions/{over['id']}/actions", json={"action": "stop", "version": 0})
    answer = client.get(f"/api/sessions/{over['id']}/advice")
    assert answer.status_code == 409 and "nothing left to advise" in answer.json()["detail"]
    assert client.get("/api/sessions/nope/advice").status_code == 404


def test_another_players_game_is_not_found(db_url):
    with accounts_app(db_url) as app:
        ana, bob = sign_up(app, "Ana"), sign_up(app, "Bob")
        script = TestClient(app)
        mine = script.post("/api/sessions", json={"game": "call_to_adventure", "seed": 1},
                           headers=bearer(api_token(ana))).json()
        theirs = script.get(f"/api/sessions/{mine['id']}/advice", headers=bearer(api_token(bob)))
        assert theirs.status_code == 404


def test_actions_that_read_the_same_are_one_choice_to_weigh(client):
    """"Chances?" listed "Forge two move dice into any symbol" six times, each with its own figures (Platformer
    playtest): actions that read the same are one choice (the bar shows one button, the first), weighed once."""
    s = client.post("/api/sessions", json={"game": "platformer", "seed": 1}).json()
    labels = [a["label"] for a in s["legal_actions"]]
    assert len(set(labels)) < len(labels), "this position offers two actions that read the same"
    first_of = {}
    for a in s["legal_actions"]:
        first_of.setdefault(a["label"], a["id"])
    body = client.get(f"/api/sessions/{s['id']}/advice").json()
    assert sorted(o["action"] for o in body["options"]) == sorted(first_of.values())
