"""Combat [10.0], stalking [7.5], chained attacks [7.6], refits, black-sun warships [6.5.1] and the combat
options [13.2], [13.4], the cannon [3.2.1] and the wreck [3.2.2]."""

from __future__ import annotations

from tests.games.nemos_war import kit

C = kit.ENGINE.components
FRIGATE = kit.ship_of("frigate")
MAIL = kit.ship_of("mail", dv=7)
WHALER = kit.ship_of("whaler", dv=8)


def arena(*ships, revealed=False, ocean="wp"):
    s = kit.to_action(kit.game(ocean=ocean))
    kit.clear_map(s)
    for i, sid in enumerate(ships):
        kit.put(s, f"{ocean}.{i + 1}", sid, revealed=revealed)
    return s


def test_stalk_gives_plus_one_and_no_chain():
    s = arena(MAIL, WHALER)
    kit.rig(s, [3, 4])
    s = kit.play(s, "stalk:wp.1")
    d = kit.ENGINE.view(s)["decision"]
    assert d["stalk"] and d["drm"] == 1 and kit.ENGINE.view(s)["oceans"][3]["slots"][0]["stalked"]
    s = kit.play(s, "combat:roll", "sink")
    assert s.phase == "post", "a stalked ship is the only one fought"


def test_a_miss_costs_notoriety_and_the_staked_resource():
    s = arena(WHALER)
    kit.rig(s, [2, 3])
    s = kit.play(s, "attack:wp.1", "stake:hull", "combat:roll", "help:accept")
    assert s.notoriety == 2 and s.res["hull"] == 7
    assert WHALER in s.revealed and s.boxes["wp"][0] == WHALER, "the ship stays, face up"


def test_chained_attacks_cost_notoriety_and_sinking_counts_skulls():
    s = arena(FRIGATE, MAIL)
    kit.rig(s, [6, 6, 6, 6])  # the frigate misses (12 > 6), Nemo rolls 12
    s = kit.play(s, "attack:wp.1", "combat:roll", "sink")
    assert s.notoriety == 2, "the frigate's skull"
    kit.rig(s, [5, 5])
    s = kit.play(s, "attack:wp.2")
    assert s.notoriety == 3
    s = kit.play(s, "combat:roll", "sink")
    assert s.register["wp"] == [FRIGATE, MAIL] and s.phase == "post"


def test_monstrous_design_lowers_skull_notoriety_only():
    s = arena(FRIGATE, MAIL)
    s.refits["monstrous"] = s.pool.pop()
    kit.rig(s, [6, 6, 6, 6])
    s = kit.play(s, "attack:wp.1", "combat:roll", "sink")
    assert s.notoriety == 1
    kit.rig(s, [5, 5])
    s = kit.play(s, "attack:wp.2")
    assert s.notoriety == 2, "attacking again still costs one"


def test_extra_armour_notoriety_33_and_the_prow():
    s = arena(FRIGATE)
    s.notoriety = 33
    kit.rig(s, [3, 4])  # 7 <= 6 + 1: a hit at notoriety 33
    s2 = kit.play(s, "attack:wp.1")
    assert s2.top["fired"]["av"] == 7 and s2.top["fired"]["hit"]
    s.refits["armour"] = s.pool.pop()
    s.refits["prow"] = s.pool.pop()
    kit.rig(s, [3, 4])
    s3 = kit.play(s, "attack:wp.1")
    assert s3.top["fired"]["av"] == 6 and not s3.top["fired"]["hit"]
    assert {"label": "Reinforced Prow", "n": 1} in kit.ENGINE.view(s3)["decision"]["drm_parts"]


def test_only_one_resource_is_staked_in_combat():
    s = arena(MAIL)
    s = kit.play(s, "attack:wp.1", "stake:crew")
    assert not any(i.startswith("stake:") for i in kit.ids(s)) and "unstake:crew" in kit.ids(s)


def test_capture_needs_a_free_salvage_box():
    s = arena(MAIL)
    s.salvage = [s.pool.pop() for _ in range(6)]
    kit.rig(s, [6, 6])
    s = kit.play(s, "attack:wp.1", "combat:roll")
    assert "capture" not in kit.ids(s)


def test_the_scourge_register_stacks_past_six():
    s = arena(MAIL)
    s.register["wp"] = [s.pool.pop() for _ in range(6)]
    kit.rig(s, [6, 6])
    s = kit.play(s, "attack:wp.1", "combat:roll", "sink")
    assert len(s.register["wp"]) == 7


def test_a_black_sun_warship_comes_and_stays_if_it_survives():
    s = arena(MAIL, WHALER, FRIGATE)
    kit.fill(s, "wp")
    kit.card_on_top(s, "3")
    s.phase, s.pending, s.turn = "prep", [{"kind": "prep"}], 2
    kit.rig(s, [6, 6, 6, 6, 2, 3])  # adventure; the Lincoln fires 12 (a miss); Nemo rolls 5
    s = kit.play(s, "roll")
    assert s.top["kind"] == "combat" and s.top["ship"] == "S59" and s.top["mode"] == "hunter"
    assert len(s.ships_in("wp")) == C.oceans["wp"].boxes + 1, "added even to a full ocean"
    s = kit.play(s, "combat:roll", "help:accept")
    assert "3" in s.fail_pile and "S59" in s.ships_in("wp") and "S59" in s.revealed
    assert s.phase == "action"


def test_relentless_pursuit():
    s = kit.game(pursuit="on")
    kit.clear_map(s)
    kit.put(s, "wp.1", FRIGATE, revealed=True)
    s.notoriety = 10
    s.turn, s.phase, s.pending = 3, "prep", [{"kind": "prep"}]
    kit.rig(s, [1, 2, 4, 2, 2, 4])  # prep 1+2; pursuit 4 (+1 for notoriety 10): attacks; 2+2 hits; hit die 4
    s = kit.play(s, "roll")
    assert s.res["hull"] == 7


def test_ocean_pressure_lets_you_choose_on_an_exact_roll():
    s = kit.to_action(kit.game(pressure="on"))
    kit.clear_map(s)
    kit.put(s, "wp.1", FRIGATE)
    kit.rig(s, [3, 3])
    s = kit.play(s, "attack:wp.1")
    assert s.top["kind"] == "pressure" and kit.ids(s)[:3] == ["lose:nemo", "lose:crew", "lose:hull"]
    s = kit.play(s, "lose:crew")
    assert s.res["crew"] == 7 and s.top["kind"] == "combat"


def test_clear_seas_places_ships_face_up():
    s = kit.game(clear="on")
    kit.clear_map(s)
    s.turn, s.phase, s.pending = 3, "prep", [{"kind": "prep"}]
    kit.rig(s, [1, 2])
    s = kit.play(s, "roll")
    assert all(x in s.revealed for x in s.ships_in("na") + s.ships_in("sa"))


def test_the_cannon_three_times_then_gone():
    s = arena(FRIGATE)
    s.cannon = 3
    for lst in (s.deck, s.out, s.gone):
        if "4h" in lst:
            lst.remove("4h")
    s.cannon_card = ["4h"]
    kit.rig(s, [6, 6, 2, 3])
    s = kit.play(s, "attack:wp.1", "cannon")
    assert kit.ENGINE.view(s)["decision"]["drm"] == 2
    s = kit.play(s, "combat:roll", "help:accept")
    assert s.cannon == 2
    s.cannon = 1
    s = kit.to_action(s, turn=9)
    kit.rig(s, [6, 6, 2, 3])
    s = kit.play(s, "attack:wp.1", "cannon", "combat:roll")
    assert s.cannon == 0 and "4h" in s.gone and kit.ENGINE.view(s)["cannon"] is None


def test_the_wreck_is_found_and_spent_for_liberation():
    s = kit.to_action(kit.game(ocean="io"))
    s.wreck = "io"
    kit.rig(s, [4])
    s = kit.play(s, "search")
    assert s.wreck == "held" and "wreck" in kit.ids(s)
    kit.rig(s, [6])
    s = kit.play(s, "wreck")
    assert s.liberation == 4 and s.wreck is None
