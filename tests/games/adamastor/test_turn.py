"""Setup, morale, the Adventure Row, the actions, experience, Sunset and Sunrise."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from tests.games.adamastor import kit
from tests.games.adamastor.kit import card, skill


@pytest.mark.parametrize(("maps", "slots"), [("3", 4), ("4", 5)])
def test_setup(maps, slots):
    eng = kit.engine()
    s = eng.new_game(42, {"maps": maps})
    assert s.phase == "setup" and s.turn == 0 and s.ship is None
    assert len(s.map_ids) == slots and s.map_ids[-1] == "D01" and len(set(s.map_ids)) == slots
    assert s.face_up == [True] + [False] * (slots - 1)
    assert len(s.row) == 3 and s.row == sorted(s.row, reverse=True)
    assert len(s.hand) == 3 and len(s.deck) == 34 and not s.discard
    assert len(s.enc_deck) == len(eng.components.encounters)
    assert s.weather is not None and s.actions_left == eng.components.weather[s.weather].actions
    assert [a.id for a in eng.legal_actions(s)] == ["start:p0.0", "start:p0.1", "start:p0.2"]
    s, _ = eng.apply(s, "start:p0.2")
    assert s.ship == "p0.2" and s.phase == "actions" and s.turn == 1


def test_setup_depends_on_the_seed_only():
    eng = kit.engine()
    assert eng.new_game(7, {}) == eng.new_game(7, {})
    assert eng.new_game(7, {}).deck != eng.new_game(8, {}).deck


def test_bad_options_are_refused():
    eng = kit.engine()
    with pytest.raises(ValueError):
        eng.new_game(1, {"maps": "5"})
    with pytest.raises(ValueError):
        eng.new_game(1, {"colour": "red"})


def test_losing_morale_discards_from_the_top_one_by_one():
    over = {38: card(38, threats=(0, 0, 2)), 36: card(36, threats=(0, 0, 2)), 35: card(35, threats=(0, 0, 1))}
    eng = kit.engine(sailing_over=over)
    s = kit.ready(eng, row=[38, 36, 35], hand=[], deck_top=[1, 2, 3, 4, 6], discard=[9])
    s, events = kit.play(eng, s, "end_actions")  # Exhausted Sailors: -3 Morale
    morale = next(e for e in events if e.kind == "morale")
    assert morale.data["cards"] == [1, 2, 3] and morale.reveals
    assert s.discard[:4] == [9, 1, 2, 3]
    assert s.row == [38, 36, 4]  # Sunset discarded 35, Sunrise drew the next top card


def test_gaining_morale_returns_discards_top_first_to_the_bottom():
    eng = kit.engine()
    s = kit.ready(eng, row=[40, 39, 38], hand=[], discard=[1, 2, 3], experience=2, deck_top=[10])
    deck_before = list(s.deck)
    s, _ = kit.play(eng, s, "exp:morale", "exp:morale")
    assert s.deck == deck_before + [3, 2] and s.discard == [1] and s.experience == 0


def test_the_row_stays_in_descending_order_after_a_swap():
    eng = kit.engine()
    s = kit.ready(eng, row=[30, 20, 10], hand=[40, 5])
    s, _ = kit.play(eng, s, "swap:h40:r20")
    assert s.row == [40, 30, 10] and 20 in s.hand and s.actions_left == 2
    s, _ = kit.play(eng, s, "swap:h5:r30")
    assert s.row == [40, 10, 5]


def test_draw_takes_the_top_card_and_costs_an_action():
    eng = kit.engine()
    s = kit.ready(eng, row=[40, 39, 38], hand=[], deck_top=[7], actions=1)
    s, events = kit.play(eng, s, "draw")
    assert s.hand == [7] and s.actions_left == 0 and events[0].reveals
    assert kit.ids(eng, s) == ["end_actions"]


def test_draw_is_not_possible_from_an_empty_deck():
    eng = kit.engine()
    s = kit.ready(eng, row=[40, 39, 38], hand=[1], deck_size=0)
    assert "draw" not in kit.ids(eng, s)
    with pytest.raises(IllegalAction):
        eng.apply(s, "draw")


def test_draw_two_keep_one_puts_the_other_under_the_deck():
    eng = kit.engine(sailing_over={40: card(40, skill=skill("draw_two", 2))})
    s = kit.ready(eng, row=[39, 38, 37], hand=[], skills=[40], deck_top=[7, 8])
    s, _ = kit.play(eng, s, "draw")
    assert s.hand == [7, 8] and s.pending == {"kind": "keep", "cards": [7, 8]}
    assert eng.view(s)["decision"] == "keep"
    assert {"discard:7", "discard:8"} <= set(kit.ids(eng, s)) and "draw" not in kit.ids(eng, s)
    s, _ = kit.play(eng, s, "discard:7")
    assert s.hand == [8] and s.deck[-1] == 7 and s.pending is None


def test_extra_action_skill_adds_an_action_at_sunrise():
    eng = kit.engine(sailing_over={40: card(40, skill=skill("extra_action", 3))})
    s = kit.ready(eng, row=[39, 38, 37], hand=[], skills=[40])
    s, _ = kit.play(eng, s, "end_actions")
    assert s.turn == 2 and s.actions_left == 4 + 1  # three suns give 4 in the crafted table


def test_experience_spending():
    eng = kit.engine(sailing_over={9: card(9, trauma="disease")})
    s = kit.ready(eng, row=[40, 39, 38], hand=[], traumas=[9], discard=[1], experience=6, actions=0)
    assert {"exp:morale", "exp:action", "exp:heal:9"} <= set(kit.ids(eng, s))
    # What each brings comes first: a phone's two lines cut "Spend 1 Experience: +1…" and "Spend 2 Experience: +1…"
    # before it (Adamastor playtest)
    labels = {a.id: str(a.label) for a in eng.legal_actions(s) if a.id in ("exp:morale", "exp:action")}
    assert labels == {"exp:morale": "Gain 1 Morale for 1 Experience", "exp:action": "Gain 1 action for 2 Experience"}
    s, _ = kit.play(eng, s, "exp:heal:9")
    assert s.traumas == [] and 9 in s.removed and s.experience == 3
    s, _ = kit.play(eng, s, "exp:action")
    assert s.actions_left == 1 and s.experience == 1
    s, _ = kit.play(eng, s, "exp:morale")
    assert s.experience == 0 and "exp:morale" not in kit.ids(eng, s)


def test_sunset_order_skills_row_hand_then_traumas():
    over = {
        40: card(40, skill=skill("sunset_morale", 1)),
        9: card(9, trauma="unrest", sunset=-1),
        35: card(35, trauma="fatigue"),
    }
    eng = kit.engine(sailing_over=over)
    s = kit.ready(
        eng,
        row=[39, 38, 35],
        hand=[1, 3, 5, 7, 11],
        skills=[40],
        traumas=[9],
        discard=[13],
        deck_top=[15, 17],
    )
    s, events = kit.play(eng, s, "end_actions")
    assert s.phase == "sunset" and s.pending["why"] == "sunset"
    assert s.deck[-1] == 13  # +1 morale came first
    assert 35 in s.traumas  # then the row's lowest card became a Trauma
    assert set(kit.ids(eng, s)) >= {f"discard:{c}" for c in (1, 3, 5, 7, 11)}
    s, _ = kit.play(eng, s, "discard:1")
    assert s.pending is not None
    s, events = kit.play(eng, s, "discard:11")
    assert s.hand == [3, 5, 7] and s.discard[:2] == [1, 11]
    # then the "Sunset: -1 Morale" Trauma: top card 15 is discarded, and Sunrise draws 17 into the row.
    assert s.discard[-1] == 15 and 17 in s.row and s.turn == 2


def test_hand_limit_skill_keeps_four():
    eng = kit.engine(sailing_over={40: card(40, skill=skill("hand_limit", 2))})
    s = kit.ready(eng, row=[39, 38, 37], hand=[1, 3, 5, 7], skills=[40])
    s, _ = kit.play(eng, s, "end_actions")
    assert s.turn == 2 and s.hand == [1, 3, 5, 7]


def test_sunrise_refills_the_row_and_sets_the_weather_with_map_storms():
    over = {
        39: card(39, weather="cloud"),
        38: card(38, weather="cloud"),
        20: card(20, weather="sun"),
        10: card(10, weather="sun"),
    }
    cells = kit.open_sea()
    cells[1][0] = kit.cell("sea", storms=1)
    eng = kit.engine(sailing_over=over, map_over={"R01": cells})
    s = kit.ready(eng, row=[39, 38, 10], hand=[], deck_top=[20])
    s.ship = "s0.1.0"
    s, _ = kit.play(eng, s, "end_actions")
    assert s.row == [39, 38, 20]
    assert eng.components.weather[s.weather].icons == ("sun", "cloud", "storm")


def test_ignore_storm_skill_cancels_map_storms():
    over = {
        39: card(39, weather="cloud"),
        38: card(38, weather="cloud"),
        20: card(20, weather="sun"),
        40: card(40, skill=skill("ignore_storm", 1, n=2)),
    }
    cells = kit.open_sea()
    cells[1][0] = kit.cell("sea", storms=2)
    eng = kit.engine(sailing_over=over, map_over={"R01": cells})
    s = kit.ready(eng, row=[39, 38, 10], hand=[], deck_top=[20], skills=[40])
    s.ship = "s0.1.0"
    s, _ = kit.play(eng, s, "end_actions")
    assert eng.components.weather[s.weather].icons == ("sun", "cloud", "cloud")


def test_empty_deck_at_sunrise_loses():
    eng = kit.engine()
    s = kit.ready(eng, row=[40, 39, 38], hand=[1], deck_size=0)
    s, _ = kit.play(eng, s, "end_actions")
    status = eng.status(s)
    assert status.state == "lost" and status.score == 0
    assert status.reason == "demoralised: the Sailing deck was empty when a draw was required"


def test_losing_morale_with_an_empty_deck_does_not_lose():
    over = {
        38: card(38, threats=(0, 0, 2)),
        36: card(36, threats=(0, 0, 2)),
        35: card(35, threats=(0, 0, 1)),
        40: card(40, skill=skill("sunset_morale", 1)),
    }
    eng = kit.engine(sailing_over=over)
    s = kit.ready(eng, row=[38, 36, 35], hand=[1], skills=[40], deck_size=0, discard=[3])
    s, _ = kit.play(eng, s, "end_actions")  # Exhausted Sailors: -3 with an empty deck, then Sunset +1
    assert eng.status(s).state == "in_progress" and s.turn == 2


def test_stranded_voyage_is_lost():
    over = {40: card(40, skill=skill("sunset_morale", 1))}
    eng = kit.engine(sailing_over=over)
    s = kit.ready(eng, row=[39, 38, 37], hand=[], skills=[40], deck_size=0, discard=[3])
    s, _ = kit.play(eng, s, "end_actions")
    assert eng.status(s).state == "lost" and "never sail again" in eng.status(s).reason


def test_stranded_even_with_a_nav_plus_skill_but_not_with_a_burst():
    over = {40: card(40, skill=skill("sunset_morale", 1)), 39: card(39, skill=skill("nav_plus", 1)),
            38: card(38, skill=skill("burst", 2, n=3))}
    eng = kit.engine(sailing_over=over)
    s = kit.ready(eng, row=[37, 36, 35], hand=[], skills=[40, 39], deck_size=0, discard=[3])
    lost, _ = kit.play(eng, s, "end_actions")
    assert eng.status(lost).state == "lost"
    s = kit.ready(eng, row=[37, 36, 35], hand=[], skills=[40, 39, 38], deck_size=0, discard=[3])
    alive, _ = kit.play(eng, s, "end_actions")
    assert eng.status(alive).state == "in_progress" and alive.turn == 2
