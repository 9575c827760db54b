"""Revealing and removing levels, the boss level (one-way floor, sealing), both bosses' turns, boss tokens."""

from __future__ import annotations

from games.platformer import boss as bs
from games.platformer.turn import end_turn
from tests.games.platformer import kit

LEVEL2 = ["e . g . . m . e", ". . . . . . . .", ". . . . . . . .", "f f f . f f f ."]


def test_entering_the_top_row_of_the_highest_level_reveals_the_next():
    eng, s = kit.position([kit.OPEN, LEVEL2], hero="r2c3")
    view = eng.view(s)
    assert view["map"]["levels"][1] == {**view["map"]["levels"][1], "state": "hidden", "tiles": None, "enemy": None}
    s, ev = kit.play(eng, s, "use:d0", "step:r3c3")
    assert s["lstate"][1] == "revealed" and any(e.reveals and e.kind == "reveal" for e in ev)
    assert sorted(f["cell"] for f in s["figs"].values()) == ["r7c0", "r7c7"]
    assert all(f["type"] == s["enemy_cards"][1] for f in s["figs"].values())
    assert s["gold_cells"] == ["r7c2"] and s["gem_cells"] == ["r7c5"]
    assert eng.view(s)["enemies"][1]["face_up"]


def test_a_level_is_revealed_only_once():
    eng, s = kit.position([kit.OPEN, LEVEL2], hero="r3c3", revealed=2)
    s, ev = kit.play(eng, s, "use:d0", "step:r3c4")
    assert not any(e.kind == "reveal" for e in ev)


def test_the_lowest_level_goes_when_the_hero_starts_two_levels_above():
    eng, s = kit.position(hero="r8c0", revealed=3, enemies={"r0c5": "zombie"}, gold_cells=["r1c1"])
    s, _ = kit.play(eng, s, "end_actions")
    if s["phase"] == "save":
        s, _ = kit.play(eng, s, "save:skip")
    assert s["lstate"][:3] == ["removed", "revealed", "revealed"]
    assert not s["figs"] and not s["gold_cells"]
    eng, s = kit.position(hero="r4c0", revealed=3)
    s, _ = kit.play(eng, s, "end_actions")
    if s["phase"] == "save":
        s, _ = kit.play(eng, s, "save:skip")
    assert s["lstate"][0] == "revealed"  # only one level above


def test_entering_the_boss_level_sets_the_boss_up_and_removes_the_rest():
    eng, s = kit.position(hero="r10c1", revealed=3)
    s, ev = kit.play(eng, s, "use:d0", "step:r11c1")
    assert s["lstate"][3] == "revealed" and "boss" in s["figs"]
    assert s["tokens"] == {"r15c2": "mirror"}
    assert any(f["kind"] == "summon" for f in s["figs"].values())  # Medusa's setup: 1 Snake
    s, _ = kit.play(eng, s, "use:d1", "step:r12c1")
    assert s["lstate"][:3] == ["removed"] * 3
    steps = {a for a in kit.legal(eng, eng.apply(s, "use:d2")[0]) if a.startswith("step:")}
    assert "step:r11c1" not in steps  # the one-way floor: no way back down


def test_the_boss_level_is_sealed_for_hand_symbols():
    eng, s = kit.position(hero="r10c1", revealed=4, enemies={"r12c5": "boss", "r8c4": "zombie"}, dice=["hand"] * 5)
    s, _ = eng.apply(s, "use:d0")
    assert {a for a in kit.legal(eng, s) if a.startswith("grab:")} == {"grab:e2"}


def test_boss_health_is_two_per_level():
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c1": "boss"})
    assert eng.view(s)["boss"]["health"] == 8
    eng, s = kit.position(hero="r16c0", revealed=5, enemies={"r16c1": "boss"}, opts={"map": "big"})
    assert eng.view(s)["boss"]["health"] == 10


def test_defeating_the_boss_wins_and_scores_every_term():
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c1": "boss"}, dice=["sword"] * 5, gems=5,
                          kills=3, gold=7, potions=[], items=[])
    s["event_deck"] = s["event_deck"][:4]
    s["events_played"] = [e for e in sorted(eng.components.events) if e not in s["event_deck"]]
    s["items"] = [s["shop_items"].pop()]
    s, _ = eng.apply(s, "use:d0")
    for i in range(1, 5):
        s, _ = eng.apply(s, f"add:d{i}")
    s, _ = kit.play(eng, s, "gem:d0", "gem:d1", "gem:d2", "gem:d3", "strike:boss")  # 4 gems: 9 wounds
    st = eng.status(s)
    assert st.state == "won"
    price = eng.components.items[s["items"][0]].raw["price"]
    lines = {x.label: x.points for x in st.breakdown}
    assert lines == {"Event cards left": 12, "Enemies defeated": 8, "Wounds beyond the boss's health": 2,
                     "Gems": 1, "Net worth": (7 + price) // 3}  # 3 enemies and the boss
    assert st.score == sum(lines.values())


def test_the_boss_counts_as_an_enemy_defeated():
    """The boss is an Enemy for every effect that refers to one: 2 points for it as for any enemy defeated, in the
    final score and in the live "score if you win now"; a lost game never defeated it."""
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c1": "boss"}, dice=["sword"] * 5, gems=5, kills=2)
    live = {x["label"]: x for x in eng.view(s)["score"]["lines"]}["Enemies defeated"]
    assert (live["points"], live["detail"]) == (6, "3 × 2, the boss included")
    s, _ = eng.apply(s, "use:d0")
    for i in range(1, 5):
        s, _ = eng.apply(s, f"add:d{i}")
    s, _ = kit.play(eng, s, "gem:d0", "gem:d1", "gem:d2", "gem:d3", "strike:boss")
    st, view = eng.status(s), eng.view(s)
    assert st.state == "won" and s["kills"] == view["kills"] == 3
    lines = {x.label: (x.points, x.detail) for x in st.breakdown}
    assert lines["Enemies defeated"] == (6, "3 × 2, the boss included")
    assert [(x["label"], x["points"], x["detail"]) for x in view["score"]["lines"]] == [
        (x.label, x.points, x.detail) for x in st.breakdown]
    assert view["score"]["total"] == st.score and view["score"]["final"]
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c1": "boss"}, kills=2, result="lost",
                          phase="over", reason="Knocked out.")
    assert eng.status(s).score == 0
    assert {x["label"]: x["points"] for x in eng.view(s)["score"]["lines"]}["Enemies defeated"] == 4


def _medusa(face_seed_state: dict, deck: list[str]) -> dict:
    face_seed_state["boss_deck"] = deck
    face_seed_state["boss_discard"] = []
    return face_seed_state


def test_medusa_rolls_and_draws_until_a_card_matches():
    for rng in range(1, 40):
        eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r14c6": "boss"}, rng=rng * 7919, health=5)
        s["boss_deck"] = ["M3", "M4", "M6", "M1", "M2", "M5"]
        ev = []
        bs.boss_turn(eng.components, s, ev)
        last = s["boss_last"]
        face = last["die"]
        assert len(last["resolved"]) == 1
        card = eng.components.boss_cards[last["resolved"][0]].raw
        assert face in card["match"]
        for skipped in last["drawn"][:-1]:
            assert face not in eng.components.boss_cards[skipped].raw["match"]
        assert sorted(s["boss_deck"] + s["boss_discard"]) == ["M1", "M2", "M3", "M4", "M5", "M6"]


def test_ikee_resolves_the_card_of_the_most_rolled_symbol():
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c1": "boss"}, boss="ikee",
                          dice=["sword", "sword", "sword", "gold", "move"], gold=5)
    s["boss_deck"] = ["K3", "K2", "K1", "K4", "K5"]
    bs.boss_turn(eng.components, s, [])
    assert s["boss_last"]["resolved"] == ["K2"]  # 3 swords beat 1 gold
    assert s["health"] == 5 - 1 and s["htokens"] == ["tracker"] and s["gold"] == 5


def test_ikee_resolves_both_cards_on_a_tie():
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r15c7": "boss"}, boss="ikee",
                          dice=["move", "gold", "hand", "hand", "sword"], gold=5)
    s["boss_deck"] = ["K1", "K3", "K2", "K4", "K5"]
    bs.boss_turn(eng.components, s, [])
    assert sorted(s["boss_last"]["resolved"]) == ["K1", "K3"]
    assert s["gold"] == 3 and s["htokens"] == ["drain"]  # K3 reaches anywhere; K1 (same row) misses


def test_boss_attacks_respect_ranges_and_ignore_walls():
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c7": "boss"}, health=5)
    ev = []
    bs.resolve_card(eng.components, s, ev, "M2")  # adjacent: missed
    assert s["health"] == 5
    bs.resolve_card(eng.components, s, ev, "M1")  # same row: Stone arm, then 1 wound
    assert s["health"] == 4 and s["htokens"] == ["stone_arm"]


def test_a_boss_token_already_held_wounds_instead():
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c1": "boss"}, health=5, htokens=["stone_arm"])
    bs.resolve_card(eng.components, s, [], "M1")
    assert s["health"] == 5 - 1 - 1 and s["htokens"] == ["stone_arm"]


def test_summons_need_a_free_token_and_spawn_cell():
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r13c1": "boss"})
    bs.summon(eng.components, s, [], 5)
    summons = [f for f in s["figs"].values() if f["kind"] == "summon"]
    assert len(summons) == 2  # the crafted boss level has 3 spawn cells and the boss stands on one


def test_the_boss_turn_follows_a_turn_ended_on_the_boss_level():
    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r14c6": "boss"}, health=5)
    end_turn(eng.components, s, [])
    assert s["boss_last"] is not None and s["turn"] == 2
    eng, s = kit.position(hero="r8c0", revealed=4, enemies={"r14c6": "boss"}, health=5)
    end_turn(eng.components, s, [])
    assert s["boss_last"] is None
