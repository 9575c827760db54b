"""GET /api/stats (issue #17): counts, rates, streaks and bests of games the bots play through the API.

Bot games are played through the JSON API while the test keeps the same game locally (same seed, same
actions: the same game), so it knows each result and score. Exact streak cases set the stored results
and end times directly.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from app.db.models import GameSession
from games.engine import Rng
from games.registry import all_engines, get_engine
from tests.support.accountkit import accounts_app, sign_up

KEYS = {"played", "won", "lost", "finished", "in_progress", "win_rate", "best_score", "mean_score",
        "current_streak", "best_streak"}


def play_out(api, slug: str, seed: int, options: dict | None = None, bot: str = "heuristic") -> tuple[str, str, int]:
    """Play a seeded game to its end through the API with a bot; (session id, result, score)."""
    engine = get_engine(slug)
    r = api("POST", "/api/sessions", json={"game": slug, "seed": seed, "options": options or {}})
    assert r.status_code == 201, r.text
    sid, version = r.json()["id"], 0
    state = engine.new_game(seed, engine.spec.normalize_options(options))
    rng = Rng.from_seed(seed + 1)
    while engine.status(state).state == "in_progress":
        action = engine.bots[bot].choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        r = api("POST", f"/api/sessions/{sid}/actions", json={"action": action, "version": version})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
    status = engine.status(state)
    assert r.json()["status"]["state"] == status.state
    return sid, status.state, status.score


def _streaks(results: list[str]) -> tuple[int, int]:
    run = best = 0
    for result in results:
        run = run + 1 if result == "won" else 0
        best = max(best, run)
    return run, best


def test_the_figures_of_games_the_bots_played(client):
    api = client.request
    played = [play_out(api, "call_to_adventure", seed) for seed in range(4)]
    played += [play_out(api, "call_to_adventure", 9, {"victory": "V5"}, bot="random")]
    results = [result for _, result, _ in played]
    scores = [score for _, _, score in played]
    assert "won" in results and "lost" in results, results  # the seeds give both (else choose others)
    api("POST", "/api/sessions", json={"game": "call_to_adventure", "seed": 1})  # one left in progress

    figures = api("GET", "/api/stats").json()["games"]
    assert set(figures) == {e.spec.slug for e in all_engines()}
    cta = figures["call_to_adventure"]
    won, lost = results.count("won"), results.count("lost")
    current, best = _streaks(results)
    assert {k: cta[k] for k in KEYS} == {
        "played": 6, "won": won, "lost": lost, "finished": results.count("finished"), "in_progress": 1,
        "win_rate": round(won / (won + lost), 4), "best_score": max(scores),
        "mean_score": round(sum(scores) / len(scores), 2), "current_streak": current, "best_streak": best,
    }
    # Per option: the five games at V2 (the default) and the one at V5 apart; the in-progress one at V2.
    victory = cta["by_option"]["victory"]
    assert set(victory) == {"V2", "V5"}
    assert victory["V5"]["played"] == 1 and victory["V5"]["won"] + victory["V5"]["lost"] == 1
    assert victory["V2"]["played"] == 5 and victory["V2"]["in_progress"] == 1
    assert victory["V2"]["won"] + victory["V5"]["won"] == won
    assert cta["by_option"]["deal"]["choose"]["played"] == 6
    assert cta["campaigns"] is None  # no campaign mode
    # A game never played: zeros, no rate, no score.
    assert {k: figures["platformer"][k] for k in KEYS} == {
        "played": 0, "won": 0, "lost": 0, "finished": 0, "in_progress": 0, "win_rate": None, "best_score": None,
        "mean_score": None, "current_streak": 0, "best_streak": 0}


def test_one_game_only_and_an_unknown_game(client):
    play_out(client.request, "adamastor", 2)
    one = client.get("/api/stats", params={"game": "adamastor"})
    assert one.status_code == 200 and set(one.json()["games"]) == {"adamastor"}
    adamastor = one.json()["games"]["adamastor"]
    assert set(adamastor) == KEYS | {"by_option", "campaigns"}
    assert adamastor["played"] == 1 and adamastor["by_option"]["maps"]["3"]["played"] == 1
    assert adamastor["campaigns"]["played"] == 0
    missing = client.get("/api/stats", params={"game": "chess"})
    assert missing.status_code == 404 and "chess" in missing.json()["detail"]
    spanish = client.get("/api/stats", params={"game": "chess"}, headers={"Accept-Language": "es"})
    assert spanish.status_code == 404 and spanish.json()["detail"] != missing.json()["detail"]


def test_a_campaign_counts_in_its_game_s_record(client):
    r = client.post("/api/campaigns", json={"game": "adamastor", "seed": 3})
    assert r.status_code == 201, r.text
    adamastor = client.get("/api/stats?game=adamastor").json()["games"]["adamastor"]
    assert adamastor["campaigns"]["played"] == 1 and adamastor["campaigns"]["in_progress"] == 1
    assert adamastor["campaigns"]["best_score"] is None and adamastor["campaigns"]["win_rate"] is None


def _set_results(app, rows: list[tuple[str, str, int | None, datetime]]) -> None:
    with app.state.sessionmaker() as db:
        for sid, status, score, at in rows:
            db.execute(update(GameSession).where(GameSession.id == sid).values(status=status, score=score,
                                                                                updated_at=at))
        db.commit()


def test_streaks_follow_the_order_the_games_ended(app, client):
    ids = [client.post("/api/sessions", json={"game": "platformer", "seed": n}).json()["id"] for n in range(9)]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    # Ended in this order (not the order they were started): W W L W W W F W; one still in progress.
    ended = ["won", "won", "lost", "won", "won", "won", "finished", "won"]
    order = [4, 0, 7, 2, 8, 1, 5, 3]
    _set_results(app, [(ids[i], result, 10 * (k + 1), start + timedelta(days=k))
                       for k, (i, result) in enumerate(zip(order, ended, strict=True))])
    figures = client.get("/api/stats?game=platformer").json()["games"]["platformer"]
    assert (figures["current_streak"], figures["best_streak"]) == (1, 3)
    assert (figures["won"], figures["lost"], figures["finished"], figures["in_progress"]) == (6, 1, 1, 1)
    assert figures["win_rate"] == round(6 / 7, 4)
    assert figures["best_score"] == 80 and figures["mean_score"] == 45.0
    # The in-progress game is ignored, wherever it stands; ending it as a win extends the streak.
    _set_results(app, [(ids[6], "won", 5, start + timedelta(days=30))])
    figures = client.get("/api/stats?game=platformer").json()["games"]["platformer"]
    assert (figures["current_streak"], figures["best_streak"]) == (2, 3)
    assert figures["best_score"] == 80 and figures["mean_score"] == round(365 / 9, 2)


def test_each_player_counts_only_their_own_games(db_url):
    with accounts_app(db_url) as app:
        ana, bea = sign_up(app, "Ana"), sign_up(app, "Bea")
        _, result, score = play_out(ana.api, "call_to_adventure", 0)
        bea.api("POST", "/api/sessions", json={"game": "call_to_adventure", "seed": 5})
        mine = ana.api("GET", "/api/stats?game=call_to_adventure").json()["games"]["call_to_adventure"]
        theirs = bea.api("GET", "/api/stats?game=call_to_adventure").json()["games"]["call_to_adventure"]
        assert (mine["played"], mine[result], mine["in_progress"], mine["best_score"]) == (1, 1, 0, score)
        assert (theirs["played"], theirs["in_progress"], theirs["best_score"]) == (1, 1, None)
        assert TestClient(app).get("/api/stats").status_code == 401  # no player, no figures


@pytest.mark.parametrize("query", ["", "?game=nemos_war"])
def test_the_answer_has_the_documented_shape(client, query):
    games = client.get(f"/api/stats{query}").json()["games"]
    for figures in games.values():
        assert KEYS <= set(figures)
        for values in figures["by_option"].values():
            for counted in values.values():
                assert set(counted) == KEYS
