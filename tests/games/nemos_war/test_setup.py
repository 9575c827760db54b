"""Setup [3.0]: the ship groups, the nine hidden ships, the markers, the adventure deck (standard and Historical),
a treasure per ocean, the commitment roll, and the Deadly Seas ships [13.1]."""

from __future__ import annotations

import pytest

from games.nemos_war.setup import RED_SUN_ENDINGS
from tests.games.nemos_war import kit

C = kit.ENGINE.components


@pytest.mark.parametrize("seed", range(30))
def test_the_standard_deck(seed):
    s = kit.ENGINE.new_game(seed, {})
    assert len(s.deck) == 21, "15 + card 21 + 4 + the ending"
    assert s.deck[15] == "21", "card 21 is the sixth card from the bottom"
    bottom = s.deck[16:]
    endings = [x for x in bottom if x in RED_SUN_ENDINGS]
    assert len(endings) == 1, "exactly one ending, among the bottom five"
    assert not any(x in RED_SUN_ENDINGS or x == "21" for x in s.deck[:15])
    assert sorted(x for x in s.out if x in RED_SUN_ENDINGS) == sorted(set(RED_SUN_ENDINGS) - set(endings))
    assert len([x for x in s.out if x not in RED_SUN_ENDINGS]) == 12, "twelve cards set aside unseen"
    assert sorted(s.deck + s.out) == sorted(C.cards)


def test_every_ending_can_be_the_one():
    seen = {next(x for x in kit.ENGINE.new_game(seed, {}).deck if x in RED_SUN_ENDINGS) for seed in range(60)}
    assert seen == set(RED_SUN_ENDINGS)


def test_the_historical_deck_is_in_order_with_the_chosen_ending():
    s = kit.ENGINE.new_game(3, {"historical": "on", "ending": "24b"})
    assert s.deck[:4] == ["1", "2", "2h", "3"], "the half cards come after their base card"
    assert s.deck[-1] == "24b" and len(s.deck) == 33
    assert [C.cards[x].number for x in s.deck[:-1]] == sorted(C.cards[x].number for x in s.deck[:-1])
    assert sorted(s.out) == ["24", "24a", "24c"]


def test_a_chosen_ending_needs_the_historical_game():
    with pytest.raises(ValueError):
        kit.ENGINE.new_game(3, {"ending": "24a"})


def test_ships_markers_and_treasures_at_the_start():
    s = kit.ENGINE.new_game(5, {})
    counts = {o: len(s.ships_in(o)) for o in C.oceans}
    assert counts == {"na": 2, "ep": 2, "wp": 2, "sa": 1, "io": 1, "med": 1}
    assert not s.revealed, "all placed face down"
    assert len(s.pool) == 34 - 9
    assert all(C.ship(x).group == "light_grey" for x in s.pool)
    assert sorted(s.waiting) == ["blue", "dark_grey", "green", "orange", "red", "yellow"]
    assert s.notoriety == 1 and s.week == 1 and s.side == "10+" and s.liberation == 0
    assert s.res == {"nemo": 8, "crew": 8, "hull": 8} and all(s.passengers.values())
    assert all(s.treasure_at[o] is not None for o in C.oceans) and len(s.cup) == 31 - 6
    v = kit.ENGINE.view(s)
    assert v["decision"]["kind"] == "commitment"
    assert [a.id for a in kit.ENGINE.legal_actions(s)][-1] == "commit:roll"


def test_clear_seas_places_the_starting_ships_face_up():
    s = kit.ENGINE.new_game(5, {"clear": "on"})
    assert len(s.revealed) == 9


@pytest.mark.parametrize("face,commitment", [(1, "science"), (2, "explore"), (3, "anti"), (4, "anti"), (5, "war"),
                                             (6, "war")])
def test_the_commitment_roll(face, commitment):
    s = kit.ENGINE.new_game(5, {})
    kit.rig(s, [face])
    s = kit.play(s, "commit:roll")
    assert s.commitment == commitment and s.top["kind"] == "start"


def test_deadly_seas_adds_expansion_ships_to_the_pool():
    s = kit.ENGINE.new_game(5, {"deadly_frigates": "2", "deadly_ironclads": "3"})
    exp = [x for x in s.pool + [y for o in s.boxes.values() for y in o if y] if x.startswith("X")]
    assert sorted(C.ship(x).cls for x in exp) == ["armoured_frigate"] * 2 + ["ironclad"] * 3
    assert len(s.unused) == 1
    lines = {x["key"]: x["points"] for x in kit.ENGINE.view(s)["score"]["lines"]}
    assert lines["deadly"] == 2 * 3 + 3 * 7


def test_the_nautilus_starts_where_the_player_chooses():
    s = kit.game(ocean="med")
    assert s.nautilus == "med" and s.phase == "prep"
