"""Adamastor campaigns across rules versions (issue #14).

Campaign rules version 2 deals each voyage a 53-bit seed (31 bits could all be tried against the cards a voyage
shows). Campaigns begun before, in the database or in files exported before, keep their 31-bit voyages and
replay exactly. A campaign file from an older game rules version is replayed under the current game rules,
as a single save is; a file from newer rules than the server plays is refused.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from app.db.models import Campaign, GameSession
from app.shelf.files.campaign_files import CAMPAIGN_FORMAT, CAMPAIGN_FORMAT_VERSION
from app.shelf.files.savefile import state_digest
from games.adamastor.campaign import AdamastorCampaign
from games.adamastor.engine import AdamastorEngine
from games.engine import Rng
from games.registry import get_engine
from tests.games.adamastor.test_campaign_seed_bits import old_game_seed

ENGINE = get_engine("adamastor")
CAMP = ENGINE.campaign


def as_before(monkeypatch) -> None:
    """The server as it was before campaign rules version 2 (same engine, campaign rules version 1)."""
    monkeypatch.setattr(AdamastorCampaign, "spec", replace(AdamastorCampaign.spec, rules_version=1))


def bot_campaign_file(seed: int, rules_version: int) -> tuple[dict[str, Any], list[int]]:
    """A whole campaign the bots play, as a server on that campaign rules version exported it before the
    file recorded results (open: the campaign is over), and the seeds its voyages were dealt."""
    cstate, rng = CAMP.new_campaign(seed, {}, rules_version), Rng.from_seed(seed)
    steps: list[dict[str, Any]] = []
    games, seeds = [], []
    while not CAMP.status(cstate).over:
        setup = CAMP.next_game(cstate)
        if setup is None:
            action = CAMP.bots["heuristic"].choose(CAMP, cstate, CAMP.legal_actions(cstate), rng)
            cstate, _ = CAMP.apply(cstate, action)
            steps.append({"action": action})
            continue
        seeds.append(setup.seed)
        game, actions = ENGINE.new_game(setup.seed, setup.options, setup.carried), []
        while not ENGINE.status(game).over:
            action = ENGINE.bots["heuristic"].choose(ENGINE, game, ENGINE.legal_actions(game), rng)
            game, _ = ENGINE.apply(game, action)
            actions.append(action)
        steps.append({"game": actions})
        games.append(state_digest(ENGINE.dump(game)))
        cstate, _ = CAMP.finish_game(cstate, game)
    data = {"format": CAMPAIGN_FORMAT, "format_version": CAMPAIGN_FORMAT_VERSION, "game": "adamastor",
            "rules_version": rules_version, "game_rules_version": 1, "seed": seed, "seed_chosen": False,
            "options": {}, "name": "Before", "steps": steps,
            "final": {"digest": state_digest(CAMP.dump(cstate)), "games": games}}
    return data, seeds


def stored_games(app, campaign_id: str) -> tuple[Campaign, list[GameSession]]:
    with app.state.sessionmaker() as db:
        campaign = db.get(Campaign, campaign_id)
        games = sorted(db.query(GameSession).filter_by(campaign_id=campaign_id), key=lambda g: g.campaign_index)
        db.expunge_all()
        return campaign, games


def sail(client, c: dict) -> dict:
    """Choose the first card offered and set sail: the first voyage's game starts."""
    card = next(a["id"] for a in c["legal_actions"] if a["id"].startswith("card:"))
    c = client.post(f"/api/campaigns/{c['id']}/actions", json={"action": card, "version": c["version"]}).json()
    c = client.post(f"/api/campaigns/{c['id']}/actions", json={"action": "sail", "version": c["version"]}).json()
    assert c["current_session"], c
    return c


def test_a_new_campaign_sails_a_53_bit_voyage_and_its_file_replays(client, app):
    c = sail(client, client.post("/api/campaigns", json={"game": "adamastor"}).json())
    campaign, games = stored_games(app, c["id"])
    assert campaign.rules_version == 2 and campaign.state["seed_bits"] == 53
    assert 2**31 <= games[0].seed < 2**53  # 31 bits would keep it below 2^31
    exported = client.get(f"/api/campaigns/{c['id']}/export").json()
    assert "sealed" in exported and exported["rules_version"] == 2
    r = client.post("/api/campaigns/import?on_shelf=copy", json=exported)
    assert r.status_code == 201, r.text[:300]
    imported, imported_games = stored_games(app, r.json()["id"])
    assert imported.rules_version == 2 and [g.seed for g in imported_games] == [games[0].seed]


def test_a_campaign_begun_before_keeps_its_31_bit_voyages(client, app, monkeypatch):
    as_before(monkeypatch)
    c = client.post("/api/campaigns", json={"game": "adamastor"}).json()
    campaign, _ = stored_games(app, c["id"])
    assert campaign.rules_version == 1 and "seed_bits" not in campaign.state  # what the old server stored
    monkeypatch.undo()  # the server is updated; the campaign goes on
    c = sail(client, client.get(f"/api/campaigns/{c['id']}").json())
    campaign, games = stored_games(app, c["id"])
    assert games[0].seed == old_game_seed(campaign.seed, 1) < 2**31
    assert campaign.rules_version == 1 and "seed_bits" not in campaign.state
    # Its export (sealed: in progress) imports with the same 31-bit voyage.
    r = client.post("/api/campaigns/import?on_shelf=copy", json=client.get(f"/api/campaigns/{c['id']}/export").json())
    assert r.status_code == 201, r.text[:300]
    imported, imported_games = stored_games(app, r.json()["id"])
    assert imported.rules_version == 1 and [g.seed for g in imported_games] == [games[0].seed]


def test_a_campaign_file_exported_before_imports_with_its_31_bit_voyages(client, app):
    data, seeds = bot_campaign_file(11, rules_version=1)
    assert seeds == [old_game_seed(11, v) for v in range(1, len(seeds) + 1)]
    for how in ("api", "page"):
        if how == "api":
            r = client.post("/api/campaigns/import?on_shelf=copy", json=data)
            assert r.status_code == 201, r.text[:300]
            cid = r.json()["id"]
        else:
            r = client.post("/campaigns/import", files={"file": ("c.json", json.dumps(data), "application/json")},
                            follow_redirects=False)
            assert r.status_code == 303, r.text[:300]
            cid = r.headers["location"].rsplit("/", 1)[1]
        campaign, games = stored_games(app, cid)
        assert campaign.rules_version == 1 and [g.seed for g in games] == seeds
        assert campaign.status != "in_progress" and all(g.rules_version == 1 for g in games)
        again = client.get(f"/api/campaigns/{cid}/export").json()
        assert again["rules_version"] == 1 and again["final"]["digest"] == data["final"]["digest"]


def test_campaign_files_from_newer_rules_are_refused(client):
    data, _ = bot_campaign_file(11, rules_version=1)
    before = len(client.get("/api/campaigns").json())
    for bad, said in (({**data, "rules_version": 3}, "Adamastor — Campaign rules version 3, newer than this "
                       "server plays (version 2)"),
                      ({**data, "game_rules_version": 2}, "Adamastor rules version 2, newer than this server plays "
                       "(version 1)")):
        r = client.post("/api/campaigns/import?on_shelf=copy", json=bad)
        assert r.status_code == 422 and said in r.json()["detail"], r.text[:300]
        page = client.post("/campaigns/import", files={"file": ("c.json", json.dumps(bad), "application/json")})
        assert page.status_code == 422 and "newer than this server plays" in page.text
    assert len(client.get("/api/campaigns").json()) == before


def test_a_campaign_file_from_older_game_rules_is_replayed_under_the_current_ones(client, app, monkeypatch):
    data, seeds = bot_campaign_file(11, rules_version=1)
    # A server whose Adamastor rules moved on to version 2 without changing how these voyages end.
    monkeypatch.setattr(AdamastorEngine, "spec", replace(AdamastorEngine.spec, rules_version=2))
    r = client.post("/api/campaigns/import?on_shelf=copy", json=data)
    assert r.status_code == 201, r.text[:300]
    campaign, games = stored_games(app, r.json()["id"])
    assert [g.seed for g in games] == seeds and all(g.rules_version == 2 for g in games)
    exported = client.get(f"/api/campaigns/{campaign.id}/export").json()
    assert exported["game_rules_version"] == 2 and exported["final"]["results"] == [g.status for g in games]
    assert exported["final"]["status"] == campaign.status

    # Refused when the replay does not give what the file records: a result, or an action no longer legal.
    before = len(client.get("/api/campaigns").json())
    flipped = ["won" if g.status == "lost" else "lost" for g in games[:1]] + [g.status for g in games[1:]]
    changed_result = {**data, "final": {**data["final"], "results": flipped}}
    changed_end = {**data, "final": {**data["final"], "status": "won" if campaign.status == "lost" else "lost"}}
    steps = [*data["steps"][:-1], {"game": [*data["steps"][-1]["game"], "no-such-move"]}]
    for bad, said in ((changed_result, "game 1: under the new rules this game would end differently"),
                      (changed_end, "the campaign: under the new rules it would end differently"),
                      ({**data, "steps": steps}, "no-such-move")):
        r = client.post("/api/campaigns/import?on_shelf=copy", json=bad)
        assert r.status_code == 422, r.text[:300]
        detail = r.json()["detail"]
        assert "made with Adamastor rules version 1 and cannot be brought up to version 2" in detail, detail
        assert said in detail, detail
    assert len(client.get("/api/campaigns").json()) == before


@pytest.mark.parametrize("rules_version", [1, 2])
def test_the_cli_replays_campaign_files_of_either_deal(tmp_path, rules_version):
    from app.ops.cli import main

    data, _ = bot_campaign_file(5, rules_version=rules_version)
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 0
