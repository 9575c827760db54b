"""Navigate: costs, currents, weather, exploring map cards, burst and nav_plus skills, winning."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from tests.games.adamastor import kit
from tests.games.adamastor.kit import cell, skill


def example_map() -> dict:
    """R01 row 1: a current running east, then an island with an anchor (the rulebook's example)."""
    cells = kit.open_sea()
    cells[1][0] = cell("current", flow="E")
    cells[1][1] = cell("island", anchor=True)
    return {"R01": cells}


def test_rulebook_navigation_example():
    eng = kit.engine(map_over=example_map(), sailing_over={38: kit.card(38, nav=2), 36: kit.card(36, nav=2)})
    s = kit.ready(eng, hand=[38, 36], row=[40, 39, 37], enc_deck=["E01", "E02", "E03"])
    morale = len(s.deck)
    s, _ = kit.play(eng, s, "navigate", "nav:add:38", "nav:add:36")
    assert s.nav["points"] == 4 and s.discard[-2:] == [38, 36]
    assert eng.view(s)["navigation"]["costs"] == {"s0.1.0": 1}
    s, _ = kit.play(eng, s, "nav:move:s0.1.0")
    assert s.nav["points"] == 3
    s, _ = kit.play(eng, s, "nav:move:s0.1.1")
    assert s.nav["points"] == 0 and s.ship == "s0.1.1"
    s, events = kit.play(eng, s, "nav:stop")
    # First encounter on this map card: +1 Morale and +1 Experience, then the bottom card is drawn.
    assert s.experience == 1 and len(s.deck) == morale + 1
    assert s.enc_deck == ["E01", "E02"] and "E03" in s.enc_used
    assert any(e.reveals and e.data.get("id") == "E03" and e.data.get("section") == "land" for e in events)
    assert s.marked == ["s0.1.1"] and s.encounters_completed == 1 and s.enc_counts[0] == 1
    assert s.actions_left == 2


def costs_from(eng, s):
    return eng.view(s)["navigation"]["costs"]


@pytest.mark.parametrize(
    ("kind", "flow", "cost"),
    [
        ("sea", None, 2),
        ("fog", None, 3),
        ("island", None, 3),
        ("current", "E", 1),
        ("current", "W", 4),
        ("current", "N", 2),
        ("current", "S", 2),
    ],
)
def test_entry_costs_by_space_kind(kind, flow, cost):
    cells = kit.open_sea()
    cells[1][0] = cell(kind, flow=flow)
    eng = kit.engine(map_over={"R01": cells})
    s = kit.ready(eng, hand=[40], row=[39, 38, 37])
    s, _ = kit.play(eng, s, "navigate")
    assert costs_from(eng, s) == {"s0.1.0": cost}


def test_weather_penalty_adds_one_per_space():
    eng = kit.engine()
    s = kit.ready(eng, hand=[40], row=[39, 38, 37])
    s.weather = eng.components.weather_index(["storm", "storm", "sun"])
    s, _ = kit.play(eng, s, "navigate", "nav:add:40")
    assert costs_from(eng, s) == {"s0.1.0": 3}
    assert "nav:move:s0.1.0" not in kit.ids(eng, s)  # 2 points cannot pay 3


def test_storm_clouds_on_a_space_do_not_change_its_cost():
    cells = kit.open_sea()
    cells[1][0] = cell("sea", storms=2)
    eng = kit.engine(map_over={"R01": cells})
    s, _ = kit.play(eng, kit.ready(eng, hand=[40], row=[39, 38, 37]), "navigate")
    assert costs_from(eng, s) == {"s0.1.0": 2}


def test_inland_none_cell_cannot_be_entered_and_cards_only_added_before_moving():
    eng = kit.engine(sailing_over={40: kit.card(40, nav=4), 38: kit.card(38, nav=4)})
    s = kit.ready(eng, hand=[40, 38], row=[39, 37, 36])
    s, _ = kit.play(eng, s, "navigate", "nav:add:40", "nav:move:s0.1.0")
    assert not any(i.startswith("nav:add:") for i in kit.ids(eng, s))
    assert "nav:move:s0.0.0" in kit.ids(eng, s) and "nav:move:s0.2.0" in kit.ids(eng, s)


def test_the_navigation_prompt_names_only_what_can_be_done():
    """A playtest read "sail on, add cards, or stop" with a card in hand after the first move, when only sailing on
    or stopping was offered."""
    eng = kit.engine(sailing_over={40: kit.card(40, nav=3), 38: kit.card(38, nav=4)})
    s = kit.ready(eng, hand=[40, 38], row=[39, 37, 36])
    s, _ = kit.play(eng, s, "navigate")
    assert str(eng.view(s)["prompt"]) == "Navigating with 0 Navigation Points: add cards or stop."
    s, _ = kit.play(eng, s, "nav:add:40")
    assert str(eng.view(s)["prompt"]) == "Navigating with 3 Navigation Points: sail on, add cards, or stop."
    s, _ = kit.play(eng, s, "nav:move:s0.1.0")  # 2 points: 1 left, the next space costs 2, no card may join now
    assert str(eng.view(s)["prompt"]) == "Navigating with 1 Navigation Point: no space in reach; stop here."
    s = kit.ready(eng, hand=[40, 38], row=[39, 37, 36])
    s, _ = kit.play(eng, s, "navigate", "nav:add:38", "nav:move:s0.1.0")  # 4 points: 2 left, a card still in hand
    assert str(eng.view(s)["prompt"]) == "Navigating with 2 Navigation Points: sail on or stop."


def test_reaching_a_right_edge_port_reveals_the_next_card_and_allows_more_cards():
    eng = kit.engine(sailing_over={n: kit.card(n, nav=4) for n in (40, 38, 36, 34)})
    s = kit.ready(eng, hand=[40, 38, 36, 34], row=[39, 37, 35])
    s, _ = kit.play(eng, s, "navigate", "nav:add:40", "nav:add:38", "nav:add:34")
    for col in range(4):
        s, _ = kit.play(eng, s, f"nav:move:s0.1.{col}")
    assert s.face_up == [True, False, False, False]
    assert not any(i.startswith("nav:add:") for i in kit.ids(eng, s))
    s, events = kit.play(eng, s, "nav:move:p1.1")
    assert s.face_up == [True, True, False, False]
    assert any(e.reveals and e.kind == "map" for e in events)
    assert s.nav["points"] == 2 and "nav:add:36" in kit.ids(eng, s)
    s, _ = kit.play(eng, s, "nav:add:36", "nav:move:s1.1.0")
    assert s.ship == "s1.1.0" and s.nav["points"] == 4


def test_unused_points_are_lost_and_stopping_on_plain_sea_starts_nothing():
    eng = kit.engine(sailing_over={40: kit.card(40, nav=4)})
    s = kit.ready(eng, hand=[40], row=[39, 38, 37])
    s, _ = kit.play(eng, s, "navigate", "nav:add:40", "nav:move:s0.1.0", "nav:stop")
    assert s.nav is None and s.encounter is None and s.ship == "s0.1.0"
    assert "navigate" not in kit.ids(eng, s)  # nothing left to sail with: no points carried over


def test_nav_plus_skills_and_encounter_bonus_add_points():
    eng = kit.engine()
    s = kit.ready(eng, skills=[40, 38], hand=[36], row=[39, 37, 35])  # 40 and 38 are nav_plus skills
    s.nav_bonus = 2
    s, _ = kit.play(eng, s, "navigate")
    assert s.nav["points"] == 4 and s.nav_bonus == 0


def test_burst_skill_is_removed_from_play_for_its_points():
    eng = kit.engine(sailing_over={40: kit.card(40, skill=skill("burst", 1, n=5))})
    s = kit.ready(eng, skills=[40], row=[39, 38, 37])
    assert "navigate" in kit.ids(eng, s)
    s, _ = kit.play(eng, s, "navigate", "nav:burst:40")
    assert s.nav["points"] == 5 and 40 in s.removed and 40 not in s.skills


def test_reveal_maps_skill_flips_every_map_card_when_learned():
    eng = kit.engine(sailing_over={40: kit.card(40, skill=skill("reveal_maps", 2))})
    s = kit.ready(eng, hand=[40], row=[39, 37, 35])
    s.phase, s.step, s.pending = "events", 1, {"kind": "learn", "max": 2}
    s, events = kit.play(eng, s, "learn:40")
    assert s.face_up == [True, True, True, True]
    assert sum(1 for e in events if e.kind == "map" and e.reveals) == 3


def test_entering_a_destination_land_space_wins_at_once():
    eng = kit.engine(sailing_over={40: kit.card(40, nav=4)})
    s = kit.ready(eng, hand=[40], row=[39, 38, 37])
    s.ship, s.face_up = "s3.0.2", [True, True, True, True]
    s, events = kit.play(eng, s, "navigate", "nav:add:40", "nav:move:s3.0.3")
    assert eng.status(s).state == "won" and s.phase == "over"
    assert eng.legal_actions(s) == []
    assert events[-1].kind == "won"
    with pytest.raises(IllegalAction):
        eng.apply(s, "nav:stop")


def test_moving_needs_enough_points_and_an_adjacent_space():
    eng = kit.engine()
    s = kit.ready(eng, hand=[40], row=[39, 38, 37])
    s, _ = kit.play(eng, s, "navigate", "nav:add:40")
    for bad in ("nav:move:s0.1.1", "nav:move:s0.0.0", "nav:move:s1.1.0", "nav:move:bogus"):
        with pytest.raises(IllegalAction):
            eng.apply(s, bad)
