"""The engine's interface: options, saves (dump/load and refusals), the view's secrecy, status, bots, and
each Adversary's Quest trigger."""

from __future__ import annotations

import json

import pytest

from games.call_to_adventure.effects import feed
from games.engine import MalformedState
from tests.games.call_to_adventure import kit
from tests.games.call_to_adventure.kit import by_name, do

ENG = kit.ENGINE
COMP = kit.COMP


def test_options_are_checked():
    with pytest.raises(ValueError, match="victory"):
        ENG.new_game(1, {"victory": "V9"})
    with pytest.raises(ValueError, match="unknown option"):
        ENG.new_game(1, {"players": "2"})
    with pytest.raises(ValueError):
        ENG.new_game(1, {}, carried={})
    assert ENG.new_game(1, {"victory": "V4"}).victory == "V4"


def test_same_seed_same_game_and_different_seeds_differ():
    a, b, c = ENG.new_game(7, {}), ENG.new_game(7, {}), ENG.new_game(8, {})
    assert ENG.dump(a) == ENG.dump(b) and ENG.dump(a) != ENG.dump(c)


def test_dump_is_plain_json_and_loads_back():
    s = kit.start()
    kit.row(s, 1, ["Tavern Brawl", "River Crossing", "Keen Eyed", "Bookworm"])
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top", "dark")
    assert s.pending is not None
    data = json.loads(json.dumps(ENG.dump(s)))
    assert ENG.load(data) == s


@pytest.mark.parametrize("spoil", [
    lambda d: d.clear(),
    lambda d: d.update(extra=1),
    lambda d: d.update(exp="3"),
    lambda d: d.update(level=9),
    lambda d: d["hand"].append(d["hand"][0]),
    lambda d: d["decks"]["1"].pop(),
    lambda d: d.update(final="yes"),
    lambda d: d["placed"].append(["origin", d["decks"]["1"].pop(), "sideways"]),
    lambda d: d.update(pending=[1, 2]),
    lambda d: d.update(pending={"card": "S1-01"}),
    lambda d: d["flags"].pop("spent"),
    lambda d: d["rows"].pop("3"),
])
def test_load_refuses_malformed_saves(spoil):
    data = json.loads(json.dumps(ENG.dump(ENG.new_game(3, {}))))
    spoil(data)
    with pytest.raises(MalformedState):
        ENG.load(data)


def test_load_refuses_what_is_not_a_dict():
    for junk in (None, [], "state", 3):
        with pytest.raises(MalformedState):
            ENG.load(junk)


def test_the_view_hides_decks_unrevealed_rows_and_the_rng():
    s = ENG.new_game(11, {})
    text = json.dumps(ENG.view(s))
    secret = s.decks["1"] + s.decks["2"] + s.rows["2"] + s.rows["3"] + s.hero_deck + s.antihero_deck + s.adv_deck
    assert not [c for c in secret if f'"{c}"' in text]
    assert str(s.rng) not in text
    view = ENG.view(s)
    assert view["rows"][0]["deck"] == len(s.decks["1"]) and len(view["rows"]) == 1
    assert view["adversary"]["deck"] == 6 and view["prompt"] and view["decision"] == "keep"


def test_status_in_progress_carries_the_live_destiny():
    s = kit.start()
    status = ENG.status(s)
    assert status.state == "in_progress" and status.score == sum(x.points for x in status.breakdown)


def test_bots_are_offered():
    assert set(ENG.bots) == {"random", "heuristic"}


@pytest.mark.parametrize("boss, trigger", [
    ("The Sorceress", "draw"), ("The Mad Cultist", "travel"), ("The Bandit King", "trait"),
    ("The Demon", "corruption"), ("The Dragon", "dark"), ("The Lich", "fail"),
])
def test_each_adversary_grows_on_its_quests_trigger_only(boss, trigger):
    s = kit.start(boss=boss)
    assert COMP.solo[s.quest]["feeds"]["trigger"] == trigger
    for other in ("draw", "travel", "trait", "corruption", "dark", "fail"):
        before = s.adv_exp
        feed(COMP, s, [], other)
        assert s.adv_exp - before == (1 if other == trigger else 0)


def test_the_mad_cultist_grows_when_you_travel():
    s = kit.start(boss="The Mad Cultist")
    kit.row(s, 1, ["Tavern Brawl", "River Crossing", "Keen Eyed", "Bookworm"])
    s, _ = do(s, f"travel:{by_name('Keen Eyed')}")
    assert s.adv_exp == 1


def test_the_demon_forbids_hero_cards_all_game():
    s = kit.start(boss="The Demon")
    kit.hand(s, "Hard-Won Wisdom")
    assert f"play:{by_name('Hard-Won Wisdom')}" not in kit.ids(s)
    kit.set_boss(s, "The Lich")
    assert f"play:{by_name('Hard-Won Wisdom')}" in kit.ids(s)


def test_the_view_has_exactly_the_keys_of_contract_md():
    s = kit.start()
    kit.row(s, 1, ["Tavern Brawl", "River Crossing", "Keen Eyed", "Bookworm"])
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top")
    view = ENG.view(s)
    assert set(view) == {
        "turn", "phase", "prompt", "decision", "dealt", "tableau", "current_act", "revealed_acts", "rows", "hand",
        "played", "allies", "hero_deck", "antihero_deck", "experience", "supply", "abilities", "story_icons",
        "corruption", "runes", "challenge",
        "adversary", "destiny", "turn_flags", "final", "log", "story"}
    assert set(view["challenge"]) == {"card", "path", "difficulty", "base", "marked", "mods", "parts", "pool", "dark",
                                      "dark_cost", "stack", "cast", "total", "bonus", "odds", "final"}
    assert set(view["adversary"]) == {"card", "quest", "rise", "victory", "experience", "goal", "deck", "revealed",
                                      "discard", "final_difficulty", "final_parts", "defeated"}
    assert view["phase"] == "prepare" and view["decision"] == "prepare" and 0 < view["challenge"]["odds"] < 1
    assert (view["hero_deck"], view["antihero_deck"]) == (len(s.hero_deck), len(s.antihero_deck)) != (0, 0)
    assert [t["slot"] for t in view["tableau"]] == ["origin", "motivation", "destiny"]
    assert len(view["runes"]) == 24 and {r["id"] for r in view["runes"] if r["in_use"]} == set(s.pending["pool"])
