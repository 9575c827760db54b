"""A save file made under an older rules version still imports, brought up to the current rules (issue #14).

Rules version 2 of Nemo's War and Platformer changed two scores. A file a player exported under version 1 is
replayed under version 2 on import, as the start-up pass does for a stored save (app/shelf/upgrades.py): every
action must still be legal and the game must end the same way; it is stored under version 2 with its new score.
A file whose result would change, or from a rules version newer than the server's, is refused (422, nothing
stored). The version-1 files here are what version 1 exported: its rules version, its score and its digest.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app.db.models import GameSession
from app.shelf.files.savefile import state_digest
from games.registry import get_engine
from tests.shelf.test_scoring_rules_version_2 import played, tragic_game
from tests.shelf.test_sealed_exports import stored_seed, unfinished_game
from tests.support.rehearsal import first_seed_ending


def nemos_war_tragic_v1() -> tuple[dict[str, Any], int]:
    """A tragic Nemo's War save as version 1 exported it, and its score under version 2."""
    engine = get_engine("nemos_war")
    save, state = tragic_game()
    status = engine.status(state)
    at_zero = [k for k, v in state.res.items() if v == 0]
    assert state.end_reason == "tragic" and at_zero
    # Version 1 scored the defeat space 0; the state itself (so its digest) was the same.
    old = {**save, "rules_version": 1, "final": {**save["final"], "score": status.score + 10 * len(at_zero)}}
    return old, status.score


def platformer_win_v1() -> tuple[dict[str, Any], int]:
    """A won Platformer save as version 1 exported it (the boss left out of the kills), and its score now."""
    engine = get_engine("platformer")
    plan = first_seed_ending("platformer", "won", bot="heuristic", bot_seed=7, seeds=range(1, 400))
    save, state = played("platformer", plan.seed, "heuristic", 7)
    status = engine.status(state)
    old_state = engine.dump({**state, "kills": state["kills"] - 1})
    final = {"status": "won", "score": status.score - 2, "digest": state_digest(old_state)}
    return {**save, "rules_version": 1, "final": final}, status.score


def stored(app, sid: str) -> GameSession:
    with app.state.sessionmaker() as db:
        return db.get(GameSession, sid)


def count(client) -> int:
    return len(client.get("/api/sessions").json())


def test_a_version_1_nemos_war_file_imports_rescored_through_the_api(client, app):
    assert get_engine("nemos_war").spec.rules_version >= 2
    old, new_score = nemos_war_tragic_v1()
    r = client.post("/api/sessions/import?on_shelf=copy", json=old)
    assert r.status_code == 201, r.text[:300]
    s = r.json()
    assert s["status"]["state"] == "lost" and s["status"]["score"] == new_score != old["final"]["score"]
    record = stored(app, s["id"])
    current = get_engine("nemos_war").spec.rules_version
    assert record.rules_version == current and record.score == new_score and record.attention is None
    log = client.get(f"/api/sessions/{s['id']}/log").json()
    assert "rules version 1" in str(log) and f"version {current}" in str(log)
    # Its new export is a version-2 file with the new score, which imports as it is.
    again = client.get(f"/api/sessions/{s['id']}/export").json()
    assert again["rules_version"] == get_engine("nemos_war").spec.rules_version and again["final"]["score"] == new_score
    assert again["actions"] == old["actions"]
    assert client.post("/api/sessions/import?on_shelf=copy", json=again).status_code == 201


def test_a_version_1_platformer_win_imports_rescored_through_the_saves_page(client, app):
    old, new_score = platformer_win_v1()
    r = client.post("/saves/import", files={"file": ("save.json", json.dumps(old).encode(), "application/json")},
                    follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    sid = r.headers["location"].rsplit("/", 1)[1]
    s = client.get(f"/api/sessions/{sid}").json()
    assert s["status"]["state"] == "won" and s["status"]["score"] == new_score == old["final"]["score"] + 2
    assert stored(app, sid).rules_version == get_engine("platformer").spec.rules_version
    assert f'class="score-total">{new_score}<' in client.get(f"/play/{sid}").text


def test_a_version_1_file_whose_result_would_change_is_refused(client):
    old, _ = platformer_win_v1()
    before = count(client)
    lost = {**old, "final": {**old["final"], "status": "lost"}}
    illegal = {**old, "actions": [*old["actions"], "jump"]}
    for bad, why in ((lost, "would end differently (won, not lost)"), (illegal, f"#{len(illegal['actions'])}")):
        r = client.post("/api/sessions/import?on_shelf=copy", json=bad)
        assert r.status_code == 422, r.text[:300]
        detail = r.json()["detail"]
        current = get_engine("platformer").spec.rules_version
        assert f"rules version 1 and cannot be brought up to version {current}" in detail and why in detail
    assert count(client) == before


@pytest.mark.parametrize("ahead", [1, 97])
def test_a_file_from_newer_rules_is_refused_by_the_api_and_the_page(client, ahead):
    current = get_engine("nemos_war").spec.rules_version
    version = current + ahead
    old, _ = nemos_war_tragic_v1()
    future = {**old, "rules_version": version}
    before = count(client)
    r = client.post("/api/sessions/import?on_shelf=copy", json=future)
    assert r.status_code == 422
    assert f"Nemo's War rules version {version}, newer than this server plays (version {current})" in r.json()["detail"]
    page = client.post("/saves/import", files={"file": ("s.json", json.dumps(future).encode(), "application/json")})
    assert page.status_code == 422 and "newer than this server plays" in page.text
    assert count(client) == before


@pytest.mark.parametrize("version", [0, -1, "1", None, True, 1.0])
def test_a_rules_version_that_is_no_version_is_refused(client, version):
    old, _ = nemos_war_tragic_v1()
    r = client.post("/api/sessions/import?on_shelf=copy", json={**old, "rules_version": version})
    assert r.status_code == 422 and "rules_version must be a whole number" in r.json()["detail"]


def test_a_sealed_unfinished_version_1_file_imports_sealed_under_version_2(client, app):
    s = unfinished_game(client, "nemos_war", 10, random.Random("old rules"))
    sealed_now = client.get(f"/api/sessions/{s['id']}/export").json()
    assert "sealed" in sealed_now
    # What version 1 exported: the same game, its file marked rules version 1, sealed with this server's key.
    open_v1 = {**{k: v for k, v in sealed_now.items() if k != "sealed"}, "format_version": 1,
               "seed": stored_seed(app, GameSession, s["id"]), "seed_chosen": False, "rules_version": 1}
    old = app.state.sealer.seal(open_v1)
    r = client.post("/api/sessions/import?on_shelf=copy", json=old)
    assert r.status_code == 201, r.text[:300]
    imported = r.json()
    assert imported["view"] == s["view"] and imported["status"] == s["status"] and not imported["seed_chosen"]
    current = get_engine("nemos_war").spec.rules_version
    assert stored(app, imported["id"]).rules_version == current
    again = client.get(f"/api/sessions/{imported['id']}/export").json()
    assert "sealed" in again and again["rules_version"] == current


def test_the_cli_replays_a_version_1_file_under_version_2(tmp_path, capsys):
    from app.ops.cli import main

    old, new_score = nemos_war_tragic_v1()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    current = get_engine("nemos_war").spec.rules_version
    assert f"score {new_score}" in out
    assert f"made under rules version 1, replayed and scored under version {current}" in out
    path.write_text(json.dumps({**old, "rules_version": current + 1}))
    assert main(["replay", str(path)]) == 1
    assert "newer than this server plays" in capsys.readouterr().err
