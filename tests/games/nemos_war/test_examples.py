"""The seed's worked examples, step by step: The Whales test [6.8] and the combat in the Western Pacific [10.3]."""

from __future__ import annotations

from tests.games.nemos_war import kit


def test_the_whales_with_a_staked_hull_and_ned_land():
    s = kit.to_action(kit.game())
    s.res["hull"] = 6  # a Hull that "currently gives +1"
    kit.card_on_top(s, "17")
    s.phase, s.pending = "prep", [{"kind": "prep"}]
    s.turn = 2
    kit.rig(s, [6, 6, 3, 4])  # preparation: doubles 12 (>= 10: an adventure), then the test roll 3 + 4
    s.treasure_at["ep"] = "T01"
    s.liberation = 0
    s = kit.play(s, "roll")
    d = kit.ENGINE.view(s)["decision"]
    assert d["kind"] == "test" and d["card"]["title"] == "The Whales" and d["target"] == 9
    assert sorted(d["help"]) == ["crew", "hull"]
    assert "stake:nemo" not in kit.ids(s)
    s = kit.play(s, "stake:hull")
    d = kit.ENGINE.view(s)["decision"]
    assert d["drm"] == 1 and kit.ENGINE.view(s)["resources"]["hull"]["staked"]
    assert d["odds"] == round(15 / 36, 3)  # 8+ on 2d6 (9 with the +1)
    s = kit.play(s, "test:roll")
    d = kit.ENGINE.view(s)["decision"]
    assert d["rolled"]["total"] == 8 and not d["rolled"]["passed"]
    assert {"help:professor", "help:ned", "help:conseil", "help:accept"} <= set(kit.ids(s))
    s = kit.play(s, "help:ned")
    assert s.res["hull"] == 6, "passed: the staked Hull comes back"
    assert s.passengers["ned"] is False
    assert "17" in s.pass_pile
    lines = {x["key"]: x["points"] for x in kit.ENGINE.view(s)["score"]["lines"]}
    assert lines["passengers"] == -3, "Ned Land's 3 VP are lost"


def test_the_whales_failed_costs_the_stake_and_two_hull():
    s = kit.to_action(kit.game())
    s.res["hull"] = 6
    kit.card_on_top(s, "17")
    s.phase, s.pending, s.turn = "prep", [{"kind": "prep"}], 2
    kit.rig(s, [6, 6, 3, 4])
    s = kit.play(s, "roll", "stake:hull", "test:roll", "help:accept")
    assert s.res["hull"] == 3, "the staked Hull and the card's two"
    assert "17" in s.fail_pile


def test_the_combat_example_in_the_western_pacific():
    s = kit.to_action(kit.game())
    kit.clear_map(s)
    capital = kit.ship_of("capital", av=8, dv=11)
    passenger = kit.ship_of("passenger", dv=8, skulls=0)
    ironclad = kit.ship_of("ironclad", av=7, dv=10)
    kit.put(s, "wp.1", capital, revealed=True)
    kit.put(s, "wp.2", passenger)
    kit.put(s, "wp.3", ironclad)
    s.nautilus, s.notoriety = "wp", 5
    kit.rig(s, [4, 4])
    s = kit.play(s, "attack:wp.2")
    d = kit.ENGINE.view(s)["decision"]
    assert d["kind"] == "combat" and d["ship"]["id"] == passenger and d["warship_fired"] is None
    assert d["drm"] == -1 and d["target"] == 8, "9 or more to hit: DV 8 and -1 for the face-up Capital"
    s = kit.play(s, "combat:roll")
    assert not kit.ENGINE.view(s)["decision"]["rolled"]["passed"]
    s = kit.play(s, "help:ned")
    assert s.top["kind"] == "sink" and "capture" in kit.ids(s)
    s = kit.play(s, "sink")
    assert s.register["wp"] == [passenger] and s.notoriety == 5, "no skull on this Passenger ship"
    assert s.top["kind"] == "chain" and sorted(kit.ids(s))[:2] == ["attack:wp.1", "attack:wp.3"]
    kit.rig(s, [3, 3, 5, 5, 6])  # the Ironclad fires 3 + 3 (<= 7: a hit), hit die 5 (Hull), then Nemo 5 + 6
    s = kit.play(s, "attack:wp.3")
    assert s.notoriety == 6, "attacking again costs one notoriety"
    assert s.res["hull"] == 7, "the Ironclad fired first and cost one Hull"
    d = kit.ENGINE.view(s)["decision"]
    assert d["warship_fired"]["hit"] and d["warship_fired"]["lost"] == "hull"
    s = kit.play(s, "stake:crew")
    d = kit.ENGINE.view(s)["decision"]
    assert d["drm"] == 1, "Crew +2, net +1 with the face-up Capital"
    s = kit.play(s, "combat:roll")
    assert s.top["kind"] == "sink" and s.res["crew"] == 8
    s = kit.play(s, "capture")
    assert s.salvage == [ironclad] and s.notoriety == 7, "the Ironclad's skull"
    assert s.phase == "post", "a capture ends the action"
