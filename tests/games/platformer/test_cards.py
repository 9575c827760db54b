"""Artifacts (variant), Events (now, whole turn, end of turn), items and hero abilities, from crafted positions."""

from __future__ import annotations

from games.platformer.table import restored
from games.platformer.turn import end_turn, start_turn
from tests.games.platformer import kit

SHOP = [". . . . . . . .", ". . . . . . . .", ". . . . . . . .", "fs f f . f f f ."]


def test_an_artifact_is_taken_the_moment_its_condition_is_met():
    eng, s = kit.position([SHOP], hero="r0c0", gold=10, art_table=["a09", "a01"], opts={"artifacts": "on"})
    first = s["shop_items"][0]
    s, ev = eng.apply(s, f"buy:{first}")
    assert s["artifacts"] == ["a09"] and s["art_table"] == ["a01"]  # Patron's Seal: buy something
    assert any(e.kind == "artifact" for e in ev)


def test_an_exhaust_artifact_is_ready_at_once():
    eng, s = kit.position(hero="r4c0", revealed=2, art_table=["a03"], opts={"artifacts": "on"})
    s, _ = eng.apply(s, "gravity")  # any action: the condition (level 2 reached) is checked after it
    assert "a03" in s["artifacts"] and "item:a03" in kit.legal(eng, s)


def _turn_with_event(eid: str, **fields):
    eng, s = kit.position(hero="r0c0", **fields)
    s["event_deck"] = [eid] + [e for e in s["event_deck"] if e != eid]
    s["events_played"] = [e for e in s["events_played"] if e != eid]
    return eng, s


def test_event_heavy_limbs_rolls_four_dice_and_second_wind_six():
    eng, s = _turn_with_event("v06")
    start_turn(eng.components, s, [])
    assert len(s["dice"]) == 4 and s["mods"] == {"fewer_dice": 1}
    eng, s = _turn_with_event("v05")
    start_turn(eng.components, s, [])
    assert len(s["dice"]) == 6


def test_event_foul_air_wounds_at_the_end_of_the_turn():
    eng, s = _turn_with_event("v11", health=5)
    start_turn(eng.components, s, [])
    assert s["health"] == 5 and s["end_effects"]
    s["event_deck"] = ["v02"] + [e for e in s["event_deck"] if e != "v02"]
    end_turn(eng.components, s, [])
    assert s["health"] == 4


def test_event_locked_stalls_closes_the_shop():
    eng, s = kit.position([SHOP], hero="r0c0", gold=10, mods={"shop_closed": 1})
    assert not any(a.startswith("buy:") for a in kit.legal(eng, s))


def test_the_empty_event_deck_loses_at_the_event_step():
    eng, s = kit.position(hero="r0c0")
    s["events_played"] += s["event_deck"]
    s["event_deck"] = []
    s, _ = kit.play(eng, s, "end_actions")
    if s["phase"] == "save":
        s, _ = kit.play(eng, s, "save:skip")
    assert s["result"] == "lost" and "Event deck is empty" in restored(s["reason"])


def test_hammer_of_greed_adds_a_wound_to_the_next_attack():
    eng, s = kit.position(hero="r0c0", enemies={"r0c1": "goblin"}, dice=["sword", "gold", "gold", "hand", "move"])
    s["items"] = ["i02"]
    for place in ("item_deck", "shop_items"):
        if "i02" in s[place]:
            s[place].remove("i02")
    s, _ = kit.play(eng, s, "use:d0")
    assert "strike:e1" not in kit.legal(eng, s)  # 1 of 2
    s, _ = kit.play(eng, s, "cancel", "item:i02", "use:d0", "strike:e1")
    assert "e1" not in s["figs"] and s["attack_bonus"] == 0


def test_brann_buys_a_gem_once_per_turn():
    eng, s = kit.position(hero="r0c0", hero_id="brann", gold=7)
    s, _ = eng.apply(s, "ability")
    assert (s["gold"], s["gems"]) == (4, 1) and "ability" not in kit.legal(eng, s)


def test_kira_star_gives_a_symbol_of_her_choice():
    eng, s = kit.position(hero="r0c0", hero_id="kira", dice=["star", "gold", "gold", "gold", "gold"])
    s, _ = kit.play(eng, s, "use:d0", "star")
    assert s["pending"]["kind"] == "pick"
    s, _ = kit.play(eng, s, "as:move")
    assert s["bonus"][-1]["face"] == "move" and s["pending"] is None


def test_avys_shrugs_off_the_first_provoked_attack_each_turn():
    eng, s = kit.position(hero="r0c3", hero_id="avys", enemies={"r1c3": "goblin", "r0c2": "zombie"})
    s, _ = kit.play(eng, s, "use:d0", "step:r0c4")
    assert s["health"] == 6 - 1  # two attacks provoked: the first turned aside


def test_ikee_drain_token_costs_a_gold_at_each_end_of_turn():
    eng, s = kit.position(hero="r0c0", boss="ikee", htokens=["drain"], gold=3)
    end_turn(eng.components, s, [])
    assert s["gold"] == 2
