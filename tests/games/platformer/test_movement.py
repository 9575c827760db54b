"""Movement, gravity, ladders, pushing, provoked attacks, traps and portals, from crafted positions."""

from __future__ import annotations

from games.platformer import movement as mv
from games.platformer.table import restored
from tests.games.platformer import kit

L1 = [
    ". . . . . . . .",
    ". fl f . . m . .",
    ". lw . . . t . .",
    "f f f . f f f .",
]


def steps(eng, s):
    s, _ = eng.apply(s, "use:d0")
    return {a[5:] for a in kit.legal(eng, s) if a.startswith("step:")}


def test_walls_and_platforms_block_ladders_join():
    eng, s = kit.position([L1], hero="r1c1")
    assert steps(eng, s) == {"r1c0", "r2c1", "r0c1"}  # wall on the right; ladder through the platform above
    eng, s = kit.position([L1], hero="r1c2")
    assert steps(eng, s) == {"r1c3", "r0c2"}  # platform above, wall on the left


def test_jumping_up_is_free_during_the_turn():
    eng, s = kit.position([L1], hero="r0c3")
    s, _ = kit.play(eng, s, "use:d0", "step:r1c3", "use:d1", "step:r2c3")
    assert s["hero_cell"] == "r2c3"


def test_gravity_drops_the_hero_to_a_platform_and_ladders_hold():
    eng, s = kit.position([L1], hero="r2c3")
    s, _ = kit.play(eng, s, "gravity")
    assert s["hero_cell"] == "r0c3"
    eng, s = kit.position([L1], hero="r1c1")
    assert "gravity:drop" in kit.legal(eng, s)
    held, _ = kit.play(eng, s, "gravity")
    assert held["hero_cell"] == "r1c1"
    dropped, _ = kit.play(eng, s, "gravity:drop")
    assert dropped["hero_cell"] == "r0c1"


def test_ladders_do_not_hold_enemies_and_figures_stand_on_figures():
    eng, s = kit.position([L1], hero="r2c4", enemies={"r1c1": "goblin", "r1c4": "goblin"})
    s, _ = kit.play(eng, s, "gravity")
    cells = sorted(f["cell"] for f in s["figs"].values())
    assert cells == ["r0c1", "r0c4"]
    assert s["hero_cell"] == "r1c4"  # on top of the goblin below


def test_falling_through_a_trap_wounds_gold_stays_and_no_attack():
    eng, s = kit.position([L1], hero="r2c5", enemies={"r1c4": "goblin"}, gold_cells=["r3c5"], gold=2)
    before = s["health"]
    s, _ = kit.play(eng, s, "gravity")
    assert s["hero_cell"] == "r0c5"
    assert s["health"] == before - 1  # the trap only: the goblin beside the fall does not attack
    assert s["gold"] == 2 and s["gold_cells"] == ["r3c5"]


def test_the_lowest_row_of_the_map_is_a_platform():
    eng, s = kit.position([L1], hero="r0c7")
    s, _ = kit.play(eng, s, "gravity")
    assert s["hero_cell"] == "r0c7"


def test_leaving_a_cell_next_to_an_enemy_provokes_its_attack():
    eng, s = kit.position([L1], hero="r0c3", enemies={"r1c3": "goblin"}, gold=3)
    s, _ = kit.play(eng, s, "use:d0", "step:r0c4")
    assert s["health"] == 4 and s["gold"] == 2  # 1 wound, and the thief takes 1 gold


def test_moving_next_to_an_ent_makes_it_attack():
    eng, s = kit.position([L1], hero="r0c3", enemies={"r0c5": "ent"})
    s, _ = kit.play(eng, s, "use:d0", "step:r0c4")
    assert s["health"] == 5 - 2


def test_pushing_an_enemy_provokes_it_then_the_player_places_it():
    eng, s = kit.position([L1], hero="r0c3", enemies={"r0c4": "zombie"})
    s, _ = kit.play(eng, s, "use:d0", "step:r0c4")
    assert s["health"] == 4
    targets = {a[5:] for a in kit.legal(eng, s) if a.startswith("push:")}
    assert targets == {"r0c3", "r0c5", "r1c4"}  # any free neighbour, the hero's former cell included
    s, _ = kit.play(eng, s, "push:r0c3")
    assert s["hero_cell"] == "r0c4" and s["figs"]["e1"]["cell"] == "r0c3"
    assert s["pending"] is None  # the one step is spent


def test_no_push_when_the_provoked_attack_knocks_the_hero_out():
    eng, s = kit.position([L1], hero="r0c3", enemies={"r0c4": "werewolf"}, health=3)
    s, _ = kit.play(eng, s, "use:d0", "step:r0c4")
    assert s["result"] == "lost" and "Werewolf" in restored(s["reason"])
    assert s["figs"]["e1"]["cell"] == "r0c4"


def test_entering_a_trap_wounds_the_hero():
    eng, s = kit.position([L1], hero="r1c4")
    s, _ = kit.play(eng, s, "use:d0", "step:r1c5")
    assert s["health"] == 4


def test_void_portals_move_without_provoking():
    level = [". . . . . . . .", ". . . . . . . .", ". . . . . . . .", "f fp f . f f fp ."]
    eng, s = kit.position([level], hero="r0c1", enemies={"r0c0": "goblin"}, gold=2)
    s, _ = eng.apply(s, "use:d0")
    assert "portal:r0c6" in kit.legal(eng, s)
    s, _ = eng.apply(s, "portal:r0c6")
    assert s["hero_cell"] == "r0c6" and s["health"] == 5 and s["gold"] == 2


def test_gems_and_gold_are_picked_up_on_entering():
    eng, s = kit.position([L1], hero="r1c5", gem_cells=["r2c5"])
    s, _ = kit.play(eng, s, "use:d0", "step:r2c5")
    assert s["gems"] == 1 and s["gem_cells"] == []


def test_moving_an_enemy_with_a_hand_symbol_even_off_a_platform():
    eng, s = kit.position([L1], hero="r0c0", enemies={"r0c4": "goblin"}, dice=["hand"] * 5)
    s, _ = kit.play(eng, s, "use:d0", "grab:e1")
    targets = {a[6:] for a in kit.legal(eng, s) if a.startswith("shift:")}
    assert targets == {"r0c3", "r0c5", "r1c4"}  # any direction, up into the air too
    s, _ = kit.play(eng, s, "shift:r1c4")
    assert s["figs"]["e1"]["cell"] == "r1c4" and s["pending"] is None


def test_melosa_moves_an_enemy_two_cells_with_one_hand():
    eng, s = kit.position([L1], hero="r0c0", enemies={"r0c4": "goblin"}, dice=["hand"] * 5, hero_id="melosa")
    s, _ = kit.play(eng, s, "use:d0", "grab:e1", "shift:r1c4")
    assert s["pending"] is not None and s["pending"]["steps_left"] == 1
    s, _ = kit.play(eng, s, "shift:r2c4")
    assert s["figs"]["e1"]["cell"] == "r2c4" and s["pending"] is None


def test_enemy_die_moves_are_simultaneous_and_stay_on_platforms():
    eng, s = kit.position([L1], hero="r0c6", enemies={"r0c0": "goblin", "r0c1": "goblin", "r0c5": "goblin",
                                                       "r0c4": "zombie"})
    ev = []
    mv.enemies_move(eng.components, s, ev, "right")
    cells = {f: x["cell"] for f, x in s["figs"].items()}
    assert cells == {"e1": "r0c1", "e2": "r0c2", "e3": "r0c5", "e4": "r0c4"}  # blocked by the hero; zombie stays
    s["figs"]["e2"]["cell"] = "r0c2"
    mv.enemies_move(eng.components, s, ev, "right")
    assert s["figs"]["e2"]["cell"] == "r0c3"  # the lowest row is a platform


def test_enemy_die_never_walks_an_enemy_off_a_ledge_or_through_a_wall():
    level = [". . . . . . . .", ". . . . . . . .", "f fw f . . . . .", "f f f . f f f ."]
    eng, s = kit.position([level], hero="r0c7", enemies={"r1c0": "goblin", "r1c2": "goblin", "r1c1": "bat"})
    ev = []
    mv.enemies_move(eng.components, s, ev, "right")
    cells = {f: x["cell"] for f, x in s["figs"].items()}
    assert cells["e2"] == "r1c2"  # no platform under r1c3
    assert cells["e3"] == "r1c1"  # wall on its right
    assert cells["e1"] == "r1c0"  # the bat still blocks it


def test_enemy_die_attack_hits_from_every_adjacent_enemy():
    eng, s = kit.position([L1], hero="r0c4", enemies={"r0c3": "goblin", "r1c4": "zombie", "r0c6": "goblin"})
    from games.platformer.combat import all_attack

    ev = []
    all_attack(eng.components, s, ev)
    assert s["health"] == 5 - 2


def test_the_view_says_which_enemies_strike_if_the_hero_steps_away():
    """The enemies next to the hero (through open edges) carry `strikes`, their wounds; the others do not."""
    eng, s = kit.position(hero="r0c3", enemies={"r1c3": "goblin", "r0c2": "zombie", "r0c6": "zombie"})
    figures = {c["id"]: c["figure"] for c in eng.view(s)["map"]["cells"] if c.get("figure")}
    assert figures["r1c3"]["strikes"] == 1 and figures["r0c2"]["strikes"] == 1
    assert "strikes" not in figures["r0c6"] and "strikes" not in figures["r0c3"], "far away, and the hero itself"
    s, _ = kit.play(eng, s, "use:d0", "step:r0c4")
    figures = {c["id"]: c["figure"] for c in eng.view(s)["map"]["cells"] if c.get("figure")}
    assert not any("strikes" in f for f in figures.values() if f["kind"] != "hero"), "stepped away: none is next to it"


def test_a_step_says_the_wounds_it_is_sure_to_cost():
    """Stepping next to an Ent cost 2 wounds (its roots) and a trap 1, and neither the button nor the cell said so
    (Platformer playtest). A step's label says the wounds the table shows it will cost, and the figure is the one the
    step then takes: every step of the heuristic bot's seeds 0-7 whose outcome is known (no level revealed, no push)
    is played on a copy and its health loss compared."""
    from games.engine import Rng
    from games.platformer.engine import PlatformerEngine

    eng = PlatformerEngine()
    checked = costly = 0
    for seed in range(8):
        s, rng = eng.new_game(seed, eng.spec.normalize_options(None)), Rng.from_seed(seed)
        for _ in range(300):
            if eng.status(s).over:
                break
            actions = eng.legal_actions(s)
            for a in actions:
                if not a.id.startswith("step:"):
                    continue
                said = mv.step_wounds(eng.components, s, a.id[5:])
                assert (f" {said} wound" in str(a.label)) == (said > 0), (a.label, said)
                assert str(a.label).endswith(str(mv.describe(a.id[5:]))), a.label
                after, events = eng.apply(s, a.id)
                if any(e.kind == "reveal" for e in events) or after["push"] is not None:
                    continue
                checked, costly = checked + 1, costly + (said > 0)
                assert s["health"] - after["health"] == min(said, s["health"]), (seed, a.id, said)
                assert ("knock" in str(a.label)) == (said >= s["health"] > 0)
            s, _ = eng.apply(s, eng.bots["heuristic"].choose(eng, s, actions, rng))
    assert checked > 300 and costly > 10, (checked, costly)
