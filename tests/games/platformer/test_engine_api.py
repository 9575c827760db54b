"""The GameEngine contract: setup, options, illegal actions, malformed saves, hidden information, the view."""

from __future__ import annotations

import json

import pytest

from games.engine import IllegalAction, MalformedState
from games.platformer.engine import PlatformerEngine
from games.registry import get_engine

ENG = PlatformerEngine()


def test_registered():
    assert get_engine("platformer").spec.slug == "platformer"
    assert set(ENG.bots) == {"random", "heuristic"}


def test_setup_follows_the_rulebook():
    s = ENG.new_game(5, {"hero": "etern", "boss": "ikee"})
    assert s["lstate"] == ["revealed", "hidden", "hidden", "hidden"]
    tiers = [ENG.components.enemies[e].raw["tier"] for e in s["enemy_cards"]]
    assert tiers == [1, 2, 3]
    assert all(ENG.components.tiles[t].boss for t in s["levels"][-1])
    assert not any(ENG.components.tiles[t].boss for lv in s["levels"][:-1] for t in lv)
    assert len(s["shop_items"]) == 3 and len(s["shop_potions"]) == 3
    assert s["health"] == 6 and s["special"] is None and s["hero_cell"] is None
    assert s["turn"] == 1 and len(s["event_deck"]) == 11 and len(s["dice"]) in (4, 5, 6)
    assert sorted(s["boss_deck"]) == ["K1", "K2", "K3", "K4", "K5"]
    assert all(f["type"] == s["enemy_cards"][0] for f in s["figs"].values())


def test_bigger_map_and_artifacts_variants():
    s = ENG.new_game(5, {"map": "big", "artifacts": "on"})
    assert len(s["levels"]) == 5
    tiers = [ENG.components.enemies[e].raw["tier"] for e in s["enemy_cards"]]
    assert tiers == [1, 2, 3, 3] and len(set(s["enemy_cards"])) == 4
    assert len(s["art_table"]) == 2
    assert ENG.view(s)["boss"]["health"] == 10
    assert ENG.new_game(5, {})["art_table"] == []


def test_random_hero_and_boss_are_drawn():
    heroes = {ENG.new_game(seed, {})["opts"]["hero"] for seed in range(40)}
    bosses = {ENG.new_game(seed, {})["opts"]["boss"] for seed in range(40)}
    assert len(heroes) == 6 and len(bosses) == 2


def test_bad_options_are_refused():
    with pytest.raises(ValueError):
        ENG.new_game(1, {"hero": "nobody"})
    with pytest.raises(ValueError):
        ENG.new_game(1, {"colour": "red"})


def test_illegal_actions_are_refused_and_leave_the_state_alone():
    s = ENG.new_game(2, {})
    before = ENG.dump(s)
    for bad in ("step:r0c0", "strike:boss", "nonsense", "use:d9", 7):
        with pytest.raises(IllegalAction):
            ENG.apply(s, bad)
    assert ENG.dump(s) == before


def test_malformed_saves_are_refused():
    good = ENG.dump(ENG.new_game(2, {}))
    assert ENG.load(json.loads(json.dumps(good))) == ENG.new_game(2, {})
    breakages = [
        lambda d: d.pop("gold"),
        lambda d: d.update(gold=-1),
        lambda d: d.update(hero_cell="r99c0"),
        lambda d: d["item_deck"].append("i01"),
        lambda d: d.update(phase="lunch"),
        lambda d: d["figs"].update(e99={"kind": "enemy", "type": "dragon", "cell": "r0c0"}),
        lambda d: d.update(levels=[["F01", "F01"]] * 4),
        lambda d: d.update(result="won"),
        lambda d: d.update(pending={"kind": "dance"}),
    ]
    for breakage in breakages:
        data = json.loads(json.dumps(good))
        breakage(data)
        with pytest.raises(MalformedState):
            ENG.load(data)
    with pytest.raises(MalformedState):
        ENG.load(["not", "a", "state"])


def test_view_hides_decks_face_down_levels_and_the_rng():
    s = ENG.new_game(9, {"artifacts": "on"})
    view = ENG.view(s)
    text = json.dumps(view)
    assert str(s["rng"]) not in text
    for hidden_tile in (t for lv in s["levels"][1:] for t in lv):
        assert f'"{hidden_tile}"' not in text
    assert view["enemies"][1]["card"] is None and view["enemies"][0]["card"] is not None
    assert view["event"]["left"] == 11 and "deck" not in view["boss"]
    assert {c["level"] for c in view["map"]["cells"]} == {1}
    assert view["prompt"] and view["decision"] is None
    assert [x["label"] for x in view["score"]["lines"]] == [
        "Event cards left", "Enemies defeated", "Wounds beyond the boss's health", "Gems", "Net worth"]


def test_a_move_is_fast():
    import time

    s = ENG.new_game(11, {})
    moves = 0
    start = time.perf_counter()
    while moves < 200 and not ENG.status(s).over:
        actions = ENG.legal_actions(s)
        s, _ = ENG.apply(s, actions[moves % len(actions)].id)
        ENG.view(s)
        moves += 1
    per_move = (time.perf_counter() - start) / moves
    assert per_move < 0.005, per_move  # typically about 1 ms on the shared CI machine
