"""Encounters: rewards by count, drawing from the bottom, sea and land sections, every effect op,
choices with costs, tests, flipping, Task cards, marking the space."""

from __future__ import annotations

import pytest

from tests.games.adamastor import kit
from tests.games.adamastor.kit import card, encounter


def anchor_map() -> dict:
    cells = kit.open_sea()
    cells[1][0] = kit.cell("sea", anchor=True)
    cells[0][0] = kit.cell("island", anchor=True)
    cells[2][0] = kit.cell("fog", anchor=True)
    return {"R01": cells}


def setup(cards: list[dict], sailing_over: dict | None = None, **arrange):
    """An engine whose encounter deck holds `cards` (the last is drawn first) and a ship next to anchors."""
    over = {40: card(40, nav=4), **(sailing_over or {})}
    extra = [encounter(f"E9{i}") for i in range(3)]
    eng = kit.engine(sailing_over=over, map_over=anchor_map(), encounter_list=extra + cards)
    arrange.setdefault("row", [39, 38, 37])
    arrange.setdefault("hand", [40])
    s = kit.ready(eng, enc_deck=["E90", "E91", "E92"] + [c["id"] for c in cards], **arrange)
    return eng, s


def sail_to(eng, s, space="s0.1.0"):
    return kit.play(eng, s, "navigate", "nav:add:40", f"nav:move:{space}", "nav:stop")


def sea(*effects) -> dict:
    return {"text": "t", "effects": list(effects)}


def test_rewards_grow_with_encounters_on_the_same_card():
    eng, s = setup([encounter("E01"), encounter("E02")])
    s.enc_counts[0] = 2
    exp, deck = s.experience, len(s.deck)
    s.discard = [s.deck.pop() for _ in range(5)]
    deck = len(s.deck)
    s, _ = sail_to(eng, s)
    assert s.experience == exp + 3 and len(s.deck) == deck + 3 and s.enc_counts[0] == 3


def test_sea_and_land_sections_and_the_bottom_card():
    land = {"text": "t", "effects": [{"op": "exp", "n": 5}]}
    cards = [encounter("E01", sea=sea({"op": "exp", "n": 2}), land=land)]
    eng, s = setup(cards, ship_row=0)
    assert eng.view(s)["encounter_top"]["id"] == "E90"  # the visible top is not the one drawn
    assert "back" not in eng.view(s)["encounter_top"]
    s, _ = sail_to(eng, s, "s0.0.0")
    assert s.experience == 1 + 5  # island: land section
    eng, s = setup(cards, ship_row=2)
    s, _ = sail_to(eng, s, "s0.2.0")
    assert s.experience == 1 + 2  # fog with an anchor: sea section


def test_marked_space_gives_no_second_encounter():
    eng, s = setup([encounter("E01"), encounter("E02")])
    s, _ = sail_to(eng, s)
    s.hand, s.deck = [40], [c for c in s.deck if c != 40]
    s.discard = [c for c in s.discard if c != 40]
    s, _ = kit.play(eng, s, "navigate", "nav:add:40", "nav:move:s0.1.1", "nav:move:s0.1.0", "nav:stop")
    assert s.encounters_completed == 1 and "E01" in s.enc_deck
    assert eng.view(s)["map"]["slots"][0]["cells"][1][0]["marked"]


def test_simple_effects():
    effects = [
        {"op": "morale", "n": -2},
        {"op": "exp", "n": -5},
        {"op": "actions", "n": 2},
        {"op": "nav_bonus", "n": 3},
        {"op": "draw", "n": 1},
        {"op": "reveal_map"},
    ]
    eng, s = setup([encounter("E01", sea=sea(*effects))], deck_top=[1, 2, 3, 4])
    s, events = sail_to(eng, s)
    # +1 morale (1 card back), -2 (cards 1 and 2), exp 1-5 -> 0, then draw card 3.
    assert s.discard[-2:] == [1, 2] and s.experience == 0 and s.hand == [3]
    assert s.actions_left == 2 + 2 and s.nav_bonus == 3 and s.face_up[1]
    assert sum(1 for e in events if e.reveals) >= 3


def test_draw_effect_with_an_empty_deck_loses():
    eng, s = setup([encounter("E01", sea=sea({"op": "draw", "n": 2}))], deck_size=0)
    s, _ = sail_to(eng, s)
    assert eng.status(s).state == "lost"


def test_trauma_effect_gains_a_trauma_or_discards_a_skill():
    eng, s = setup(
        [encounter("E01", sea=sea({"op": "trauma"}, {"op": "trauma"}))],
        deck_top=[2, 3, 5],
        sailing_over={2: card(2, skill=kit.skill("nav_plus"))},
    )
    s.discard = [s.deck.pop() for _ in range(2)]  # room for the encounter's +1 morale
    s, _ = sail_to(eng, s)
    assert 2 in s.discard and 3 in s.traumas


def test_discard_heal_and_learn_effects_ask_the_player():
    cards = [encounter("E01", sea=sea({"op": "discard", "n": 2}, {"op": "heal", "n": 1}, {"op": "learn"}))]
    over = {36: card(36, skill=kit.skill("nav_plus", 3)), 9: card(9), 11: card(11)}
    eng, s = setup(cards, sailing_over=over, hand=[40, 36, 1, 3], traumas=[9, 11])
    s, _ = sail_to(eng, s)
    assert s.pending == {"kind": "discard", "n": 2, "why": "effect"}
    s, _ = kit.play(eng, s, "discard:1", "discard:3")
    assert s.pending == {"kind": "heal", "n": 1}
    s, _ = kit.play(eng, s, "heal:11")
    assert s.traumas == [9] and 11 in s.removed
    assert s.pending == {"kind": "learn", "max": None}  # the Motivation cost is ignored
    s, _ = kit.play(eng, s, "learn:36")
    assert 36 in s.skills and s.encounter is None


def test_row_lowest_effect_refills_the_row():
    eng, s = setup([encounter("E01", sea=sea({"op": "row_lowest"}))], row=[39, 38, 9], deck_top=[5])
    s.discard = [s.deck.pop()]
    s, _ = sail_to(eng, s)
    assert 9 in s.traumas and s.row == [39, 38, 5]


def choice_card() -> dict:
    options = [
        {
            "key": "pay",
            "label": "Pay",
            "costs": [{"pay": "exp", "n": 3}],
            "effects": [{"op": "actions", "n": 1}],
        },
        {
            "key": "cards",
            "label": "Cards",
            "costs": [{"pay": "cards", "n": 2}],
            "effects": [{"op": "exp", "n": 4}],
        },
        {
            "key": "nav",
            "label": "Nav",
            "costs": [{"pay": "nav", "n": 3}],
            "effects": [{"op": "nav_bonus", "n": 2}],
        },
        {"key": "morale", "label": "Morale", "costs": [{"pay": "morale", "n": 2}], "effects": []},
    ]
    return encounter("E01", sea=sea({"op": "choice", "options": options}))


def test_choice_offers_only_what_can_be_paid():
    eng, s = setup([choice_card()], hand=[40, 1], deck_top=[5, 7])
    s, _ = sail_to(eng, s)  # 1 experience, one card (nav 2) in hand
    assert {i for i in kit.ids(eng, s) if i.startswith("enc:")} == {"enc:morale"}
    s, _ = kit.play(eng, s, "enc:morale")
    assert s.discard[-2:] == [5, 7] and s.encounter is None


def test_choice_costs_in_cards_and_navigation_points():
    over = {1: card(1, nav=2), 3: card(3, nav=2), 5: card(5, nav=1)}
    eng, s = setup([choice_card()], sailing_over=over, hand=[40, 1, 3, 5])
    s, _ = sail_to(eng, s)
    s2, _ = kit.play(eng, s, "enc:nav")
    assert s2.pending == {"kind": "nav_pay", "n": 3}
    s2, _ = kit.play(eng, s2, "discard:5")
    assert s2.pending == {"kind": "nav_pay", "n": 2}
    s2, _ = kit.play(eng, s2, "discard:1")
    assert s2.pending is None and s2.hand == [3] and s2.nav_bonus == 2
    s3, _ = kit.play(eng, s, "enc:cards", "discard:3", "discard:5")
    assert s3.hand == [1] and s3.experience == 1 + 4


@pytest.mark.parametrize(
    ("check", "top", "won"),
    [
        ({"weather": "storm"}, card(5, weather="storm"), True),
        ({"weather": "sun"}, card(5, weather="cloud"), False),
        ({"nav_at_least": 3}, card(5, nav=3), True),
        ({"motivation": True}, card(5), False),
        ({"kind": "trauma"}, card(5), True),
        ({"kind": "skill"}, card(5), False),
        ({"no_threat": "disease"}, card(5, threats=(2, 0, 0)), True),
        ({"no_threat": "unrest"}, card(5, threats=(2, 0, 0)), False),
    ],
)
def test_tests_reveal_and_discard_the_top_card(check, top, won):
    test = {
        "op": "test",
        "check": check,
        "success": [{"op": "exp", "n": 10}],
        "failure": [{"op": "exp", "n": 20}],
    }
    eng, s = setup([encounter("E01", sea=sea(test))], sailing_over={5: top}, deck_top=[5])
    s.discard = [s.deck.pop()]
    s, events = sail_to(eng, s)
    assert s.discard[-1] == 5 and 5 not in s.deck
    assert s.experience == 1 + (10 if won else 20)
    assert any(e.kind == "test" and e.reveals for e in events)


def test_flip_is_the_players_choice():
    back = {"title": "Back", "text": "t", "effects": [{"op": "exp", "n": 7}]}
    eng, s = setup([encounter("E01", sea=sea({"op": "flip"}), back=back)])
    s, _ = sail_to(eng, s)
    assert s.pending == {"kind": "flip"} and eng.view(s)["encounter"]["side"] == "front"
    assert "back" not in eng.view(s)["encounter"]
    declined, _ = kit.play(eng, s, "enc:decline")
    assert declined.experience == 1
    flipped, events = kit.play(eng, s, "enc:flip")
    assert flipped.experience == 8 and any(e.reveals for e in events)


def task_card(where="any") -> dict:
    task = {
        "text": "t",
        "where": where,
        "costs": [{"pay": "exp", "n": 1}],
        "reward": [{"op": "actions", "n": 3}],
    }
    return encounter("E01", sea={"text": "t", "task": task}, land={"text": "t", "task": task})


def test_task_cards_stay_in_play_and_complete_at_a_later_encounter():
    eng, s = setup([encounter("E02"), task_card()])
    s, _ = sail_to(eng, s)
    assert s.tasks == [["E01", "sea"]] and "E01" not in s.enc_used and s.encounter is None
    assert eng.view(s)["tasks"][0]["id"] == "E01"
    s.hand, s.deck = [40], [c for c in s.deck if c != 40]
    s.discard = [c for c in s.discard if c != 40]
    s, _ = kit.play(eng, s, "navigate", "nav:add:40", "nav:move:s0.0.0", "nav:stop")
    assert s.pending == {"kind": "task", "ids": ["E01"]}  # offered before the new encounter
    actions = s.actions_left
    s, _ = kit.play(eng, s, "task:E01")
    assert s.tasks == [] and "E01" in s.enc_used and s.actions_left == actions + 3


def test_task_for_land_is_not_offered_at_sea():
    eng, s = setup([encounter("E02"), task_card("land")])
    s, _ = sail_to(eng, s)
    s.hand, s.deck = [40], [c for c in s.deck if c != 40]
    s.discard = [c for c in s.discard if c != 40]
    s, _ = kit.play(eng, s, "navigate", "nav:add:40", "nav:move:s0.2.0", "nav:stop")
    assert s.pending is None and s.tasks == [["E01", "sea"]]


def test_task_can_be_skipped_and_is_offered_again_after_the_encounter():
    eng, s = setup([encounter("E02"), task_card()])
    s, _ = sail_to(eng, s)
    s.hand, s.deck = [40], [c for c in s.deck if c != 40]
    s.discard = [c for c in s.discard if c != 40]
    s, _ = kit.play(eng, s, "navigate", "nav:add:40", "nav:move:s0.0.0", "nav:stop", "task:skip")
    assert s.pending == {"kind": "task", "ids": ["E01"]}  # the "after" offer
    s, _ = kit.play(eng, s, "task:skip")
    assert s.pending is None and s.tasks == [["E01", "sea"]]


def test_experience_may_be_spent_during_an_encounter_decision():
    back = {"title": "Back", "text": "t", "effects": []}
    eng, s = setup([encounter("E01", sea=sea({"op": "flip"}), back=back)], discard=[1], experience=1)
    s, _ = sail_to(eng, s)
    assert {"exp:morale", "exp:action"} <= set(kit.ids(eng, s))
