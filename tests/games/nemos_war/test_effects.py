"""Every EFFECT op of CONTRACT.md does what it says (the cards use some; authored content may use any)."""

from __future__ import annotations

from games.nemos_war.effects import run_effects
from tests.games.nemos_war import kit

C = kit.ENGINE.components


def run(s, *effects):
    run_effects(C, s, [], list(effects))
    return s


def test_tracks_and_time():
    s = kit.game()
    run(s, {"op": "res", "res": "crew", "n": -2}, {"op": "notoriety", "n": 3}, {"op": "liberation", "n": 2},
        {"op": "week", "n": 2})
    assert (s.res["crew"], s.notoriety, s.liberation, s.week) == (6, 4, 2, 3)


def test_treasure_and_salvage():
    s = kit.game()
    cup = len(s.cup)
    run(s, {"op": "treasure", "n": 2}, {"op": "salvage", "n": 2})
    assert len(s.cup) == cup - 2 and len(s.collected) + len(s.spent) == 2
    assert len(s.salvage) == 2


def test_ships_reveal_and_remove():
    s = kit.game(ocean="wp")
    kit.clear_map(s)
    run(s, {"op": "ships", "n": 2, "where": "here"})
    assert len(s.ships_in("wp")) == 2 and not s.revealed
    run(s, {"op": "reveal"})
    assert all(x in s.revealed for x in s.ships_in("wp"))
    s.revealed = []
    run(s, {"op": "remove_ship", "n": 1})
    assert len(s.ships_in("wp")) == 1 and len(s.discard) == 1


def test_passenger_move_cannon_wreck_and_deferred_steps():
    s = kit.game(ocean="wp")
    s.passengers["ned"] = False
    kit.rig(s, [1, 3])
    run(s, {"op": "passenger", "who": "ned"}, {"op": "move", "where": "random"}, {"op": "cannon"},
        {"op": "wreck"})
    assert s.passengers["ned"] and s.nautilus == "na" and s.cannon == 3 and s.wreck == "med"
    run(s, {"op": "draw"}, {"op": "res", "res": "hull", "n": -1})
    assert s.queue[0] == {"step": "draw"} and s.queue[1]["step"] == "effects", "the order of the card is kept"
    assert s.res["hull"] == 8, "effects after a deferred one wait their turn"
