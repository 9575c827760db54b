"""Issue #24 §3, "no choice leads nowhere": a symbol, a forged pair, a gem on a star or a card is offered only if
some answer to it does something (RULINGS.md, "Choices that lead nowhere"); what older builds offered is still
accepted, so that their saves replay."""

from __future__ import annotations

from tests.games.platformer import kit

AVYS_DICE = ["sword", "move", "gold", "hand", "star"]  # Avys: her star heals, it is no sword


def test_a_sword_is_offered_only_if_the_attack_can_defeat_an_adjacent_enemy():
    # One sword against an Ent (health 2): nothing to add, nothing to forge, no gems -> no attack can succeed.
    eng, s = kit.position(hero="r0c0", enemies={"r0c1": "ent"}, dice=AVYS_DICE, hero_id="avys", gems=0)
    assert "use:d0" not in kit.legal(eng, s)
    # One gem makes it ×2: the attack is offered, and it leads to a strike.
    eng, s = kit.position(hero="r0c0", enemies={"r0c1": "ent"}, dice=AVYS_DICE, hero_id="avys", gems=1)
    assert "use:d0" in kit.legal(eng, s)
    s, _ = kit.play(eng, s, "use:d0", "gem:d0")
    assert "strike:e1" in kit.legal(eng, s)


def test_a_sword_counts_the_pairs_it_could_forge_unless_jammed():
    dice = ["sword", "move", "move", "gold", "hand"]
    eng, s = kit.position(hero="r0c0", enemies={"r0c1": "ent"}, dice=dice, hero_id="avys")
    assert "use:d0" in kit.legal(eng, s)
    s, _ = kit.play(eng, s, "use:d0", "addforge:d1:d2")
    assert "strike:e1" in kit.legal(eng, s)
    eng, s = kit.position(hero="r0c0", enemies={"r0c1": "ent"}, dice=dice, hero_id="avys", htokens=["jam"])
    assert "use:d0" not in kit.legal(eng, s)


def test_a_healing_star_at_full_health_is_not_offered_nor_a_gem_that_heals_nothing_more():
    eng, s = kit.position(hero="r0c0", dice=AVYS_DICE, hero_id="avys", gems=5)
    assert s["health"] == 6 and "use:d4" not in kit.legal(eng, s)
    s["health"] = 5
    assert "use:d4" in kit.legal(eng, s)
    s, _ = eng.apply(s, "use:d4")
    assert "gem:d4" not in kit.legal(eng, s), "×2 would heal 2 with 1 health missing"
    s, _ = eng.apply(s, "star")
    assert s["health"] == 6
    eng, s = kit.position(hero="r0c0", dice=AVYS_DICE, hero_id="avys", gems=5, health=3)
    s, _ = eng.apply(s, "use:d4")
    assert "gem:d4" in kit.legal(eng, s)
    eng, s = kit.position(hero="r0c0", dice=AVYS_DICE, hero_id="avys", health=3, htokens=["stone_heart"])
    assert "use:d4" not in kit.legal(eng, s), "the Stone heart: no healing"


def test_healing_cards_wait_until_a_wound_can_be_healed():
    eng, s = kit.position(hero="r0c0", hero_id="avys", items=["i10"], potions=["p01"])
    assert {"item:i10", "potion:p01"}.isdisjoint(kit.legal(eng, s))
    s["health"] = 5
    assert {"item:i10", "potion:p01"} <= kit.legal(eng, s)


def test_a_move_needs_a_step_and_a_hand_an_enemy_it_can_move():
    # The hero in the bottom left corner: a wall on the right, a platform above, no ladder.
    boxed = [". . . . . . . .", ". . . . . . . .", "f . . . . . . .", "w . . . . . . ."]
    eng, s = kit.position([boxed], hero="r0c0", dice=AVYS_DICE, hero_id="avys")
    assert {"use:d1", "use:d3", "use:d0"}.isdisjoint(kit.legal(eng, s))
    assert "use:d2" in kit.legal(eng, s), "gold always gains"
    eng, s = kit.position(hero="r0c0", dice=AVYS_DICE, hero_id="avys")
    assert "use:d1" in kit.legal(eng, s)


def test_a_forged_pair_is_offered_only_the_symbols_that_can_do_something():
    eng, s = kit.position(hero="r0c0", dice=["hand", "hand", "gold", "move", "sword"], hero_id="avys")
    s, _ = eng.apply(s, "forge:d0:d1")
    assert kit.legal(eng, s) == {"as:move", "as:gold"}, "no enemy to strike or move, full health"


def test_moves_that_older_builds_offered_are_still_accepted():
    """A save made before the fix replays: its log may hold a sword use that could never strike."""
    eng, s = kit.position(hero="r0c0", enemies={"r0c1": "ent"}, dice=AVYS_DICE, hero_id="avys", gems=0)
    s, _ = kit.play(eng, s, "use:d0")
    assert kit.legal(eng, s) == {"cancel"}
    s, _ = kit.play(eng, s, "cancel")
    assert not s["dice"][0]["used"]
    s["health"] = 6
    s, _ = kit.play(eng, s, "use:d4", "star")
    assert s["health"] == 6
