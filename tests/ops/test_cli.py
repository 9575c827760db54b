"""The command line: simulate prints its summary, replay verifies or refuses an export."""

from __future__ import annotations

import json

from app.ops.cli import main


def test_simulate_prints_summary(pebbles, capsys):
    assert main(["simulate", "pebbles", "--games", "20", "--bot", "random", "--seed", "5"]) == 0
    out = capsys.readouterr()
    for word in ["win rate:", "mean score:", "score spread:", "games/s", "actions/s"]:
        assert word in out.out
    assert "20/20" in out.err  # the progress bar reached the end


def test_simulate_unknown_game_or_bot(pebbles, capsys):
    assert main(["simulate", "nogame"]) == 2
    assert main(["simulate", "pebbles", "--bot", "genius"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_replay_verifies_and_refuses(client, pebbles, tmp_path, capsys):
    s = client.post("/api/sessions", json={"game": "pebbles", "seed": 1}).json()
    s = client.post(f"/api/sessions/{s['id']}/actions", json={"action": "draw", "version": 0}).json()
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(save))
    assert main(["replay", str(good)]) == 0
    assert "OK" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**save, "seed": save["seed"] + 1}))
    assert main(["replay", str(bad)]) == 1
    assert "refused" in capsys.readouterr().err
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert main(["replay", str(junk)]) == 1


def test_replay_verifies_a_campaign_file(client, pebbles, tmp_path, capsys):
    c = client.post("/api/campaigns", json={"game": "pebbles", "seed": 2}).json()
    sid = c["current_session"]
    client.post(f"/api/sessions/{sid}/actions", json={"action": "stop", "version": 0})
    save = client.get(f"/api/campaigns/{c['id']}/export").json()
    good = tmp_path / "campaign.json"
    good.write_text(json.dumps(save))
    assert main(["replay", str(good)]) == 0
    assert "Pebbles — Campaign, 1 game(s)" in capsys.readouterr().out
    bad = tmp_path / "bad-campaign.json"
    bad.write_text(json.dumps({**save, "steps": []}))
    assert main(["replay", str(bad)]) == 1
    assert "refused" in capsys.readouterr().err


def test_simulate_campaigns(capsys):
    assert main(["simulate", "adamastor", "--campaign", "--games", "3", "--bot", "heuristic", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Adamastor — Campaign" in out and "campaigns:" in out and "win rate:" in out


def test_simulate_with_the_advisor_plays_whole_games(capsys):
    assert main(["simulate", "call_to_adventure", "--games", "2", "--bot", "advisor", "--advisor-deals", "1"]) == 0
    out = capsys.readouterr().out
    assert "bot advisor" in out and "games:        2" in out and "95% interval" in out
