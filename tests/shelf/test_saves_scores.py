"""The Saves page shows where every game stands: won, lost or in progress, and its score, for all four games.

Nemo's War and Call to Adventure keep a running score; Platformer's board shows "the score if you win
now" while its status keeps the score for the end; Adamastor scores only an arrival. Finished games
are played to their end by each game's bot and brought in as open save files.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.shelf.files.savefile import SAVE_FORMAT, state_digest
from games.engine import Rng
from games.registry import get_engine

GAMES = ("adamastor", "nemos_war", "platformer", "call_to_adventure")


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


def row_scores(html: str) -> dict[str, tuple[str, str]]:
    """session id -> (its status badge, its score's words) from the Saves table."""
    found = {}
    for sid, row in re.findall(r'<tr data-session="([0-9a-f]+)">(.*?)</tr>', html, re.S):
        badge = re.search(r'class="badge status-([a-z_]+)"', row).group(1)
        score = re.search(r'<span class="save-score[^"]*" data-score="[^"]*">(.*?)</span>', row, re.S)
        found[sid] = (badge, re.sub(r"<[^>]+>", "", unescape(score.group(1))).strip() if score else "")
    return found


def play(engine, state, rng, moves=None):
    actions = []
    while not engine.status(state).over and (moves is None or len(actions) < moves):
        legal = engine.legal_actions(state)
        action = engine.bots["heuristic"].choose(engine, state, legal, rng)
        state, _ = engine.apply(state, action)
        actions.append(action)
    return state, actions


def test_every_game_in_progress_shows_its_score_or_when_it_is_scored(web):
    sids, views = {}, {}
    for game in GAMES:
        engine = get_engine(game)
        s = web.post("/api/sessions", json={"game": game, "seed": 21}).json()
        state, actions = play(engine, engine.new_game(21, engine.spec.normalize_options({})), Rng.from_seed(1), 3)
        for action in actions:  # the same moves on the server
            s = web.post(f"/api/sessions/{s['id']}/actions", json={"action": action, "version": s["version"]}).json()
        assert s["status"]["state"] == "in_progress" and s["view"] == engine.view(state), game
        sids[game], views[game] = s["id"], s["view"]
    rows = row_scores(web.get("/saves").text)
    for game in ("nemos_war", "call_to_adventure"):  # a running score, stored with each move
        stored = web.get(f"/api/sessions/{sids[game]}").json()["score"]
        assert stored is not None and rows[sids[game]] == ("in_progress", f"{stored} pts so far")
    running = views["platformer"]["score"]["total"]
    assert rows[sids["platformer"]] == ("in_progress", f"{running} pts if won now")
    assert rows[sids["adamastor"]] == ("in_progress", "scored on arrival")


def test_every_finished_game_shows_won_or_lost_and_its_score(web):
    results = {}
    for game in GAMES:
        engine = get_engine(game)
        options = engine.spec.normalize_options({})
        state, actions = play(engine, engine.new_game(4, options), Rng.from_seed(4))
        status = engine.status(state)
        save = {"format": SAVE_FORMAT, "format_version": 1, "game": game, "rules_version": engine.spec.rules_version,
                "seed": 4, "seed_chosen": False, "options": options, "carried": None, "name": f"done {game}",
                "actions": actions,
                "final": {"status": status.state, "score": status.score, "digest": state_digest(engine.dump(state))}}
        r = web.post("/api/sessions/import", json=save)
        assert r.status_code == 201, r.text
        results[r.json()["id"]] = (status.state, f"{status.score} pts")
    rows = row_scores(web.get("/saves").text)
    for sid, expected in results.items():
        assert rows[sid] == expected
