"""The GameEngine surface: spec, registry, illegal actions, status and score, view secrecy, dump/load."""

from __future__ import annotations

import json

import pytest

from games.engine import GameEngine, IllegalAction, MalformedState
from games.registry import get_engine
from tests.games.adamastor import kit


def test_spec_registry_and_bots():
    eng = get_engine("adamastor")
    assert isinstance(eng, GameEngine)
    assert eng.spec.slug == "adamastor" and eng.spec.rules_version == 1
    (opt,) = eng.spec.options
    assert opt.key == "maps" and opt.default == "3" and [v for v, _ in opt.choices] == ["3", "4"]
    assert set(eng.bots) >= {"random", "heuristic"}


@pytest.mark.parametrize(
    "bad", ["draw:now", "swap:h1:r2", "nav:stop", "learn:skip", "exp:morale", "", "start:p0.9"]
)
def test_illegal_actions_raise_and_leave_the_state_untouched(bad):
    eng = kit.engine()
    s = kit.ready(eng, row=[40, 39, 38], hand=[3])
    before = eng.dump(s)
    with pytest.raises(IllegalAction):
        eng.apply(s, bad)
    assert eng.dump(s) == before


def test_apply_returns_a_new_state():
    eng = kit.engine()
    s = kit.ready(eng, row=[40, 39, 38], hand=[3])
    before = json.dumps(eng.dump(s), sort_keys=True)
    new, events = eng.apply(s, "draw")
    assert new is not s and new.hand != s.hand and events
    assert json.dumps(eng.dump(s), sort_keys=True) == before


def test_status_and_score_of_a_win():
    eng = kit.engine(sailing_over={40: kit.card(40, nav=4)})
    s = kit.ready(eng, hand=[40], row=[39, 38, 37], experience=5)
    s.ship, s.face_up, s.encounters_completed = "s3.1.2", [True] * 4, 3
    s, _ = kit.play(eng, s, "navigate", "nav:add:40", "nav:move:s3.1.3")
    status = eng.status(s)
    assert status.state == "won" and status.score == 5 + 12
    assert [(x.label, x.points, x.detail) for x in status.breakdown] == [
        ("Experience tokens left", 5, ""),
        ("Encounters completed", 12, "3 × 4"),
    ]


def test_view_keeps_hidden_things_hidden():
    eng = kit.engine()
    s = kit.started(eng)
    view = eng.view(s)
    json.dumps(view)
    assert view["morale"] == len(s.deck) == 34
    assert [slot["face_up"] for slot in view["map"]["slots"]] == [True, False, False, False]
    assert view["map"]["slots"][1] == {"slot": 1, "face_up": False}
    assert isinstance(view["encounter_deck"], int)
    text = json.dumps(view)
    assert "R02" not in text and "D01" not in text and str(s.rng) not in text
    assert "back" not in text
    assert len(view["weather_table"]) == 10 and view["phase"] == "actions"
    assert {
        "turn",
        "prompt",
        "row",
        "hand",
        "skills",
        "traumas",
        "discard",
        "removed",
        "tasks",
        "encounter",
        "weather",
        "actions_left",
        "experience",
        "encounters_completed",
        "icons",
        "events",
        "navigation",
        "log",
    } <= set(view)
    assert all(c["kind"] in ("skill", "trauma") for c in view["row"] + view["hand"])


def test_dump_load_round_trip_mid_decision():
    eng = kit.engine(sailing_over={40: kit.card(40, skill=kit.skill("draw_two", 1))})
    s = kit.ready(eng, row=[39, 38, 37], hand=[], skills=[40])
    s, _ = kit.play(eng, s, "draw")
    data = json.loads(json.dumps(eng.dump(s)))
    assert eng.load(data) == s


def broken(eng, change):
    data = json.loads(json.dumps(eng.dump(kit.started(eng))))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(deck=d["deck"][1:]),  # a card missing
        lambda d: d.update(deck=d["deck"] + [d["deck"][0]]),  # a card twice
        lambda d: d.update(hand=d["hand"] + [41]),  # an unknown card
        lambda d: d.update(turn="three"),
        lambda d: d.update(phase="dancing"),
        lambda d: d.update(map_ids=["R01", "R01", "R02", "D01"]),
        lambda d: d.update(enc_deck=d["enc_deck"][1:]),
        lambda d: d.update(ship="s9.9.9"),
        lambda d: d.update(row=sorted(d["row"])),
        lambda d: d.update(todo=[{"op": "explode"}]),
        lambda d: d.update(pending={"kind": "nonsense"}),
        lambda d: d.update(pending={"kind": "discard"}),
        lambda d: d.update(pending={"kind": "keep", "cards": [99, 98]}),
        lambda d: d.update(pending={"kind": "flip"}),
        lambda d: d.update(pending={"kind": "task", "ids": ["E01"]}),
        lambda d: d.update(pending={"kind": "choice", "options": [{"key": 3}]}),
        lambda d: d.update(tasks=[["E01", "sea"]], enc_deck=[e for e in d["enc_deck"] if e != "E01"]),
        lambda d: d.pop("rng"),
        lambda d: d.update(extra=1),
    ],
)
def test_load_refuses_malformed_states(change):
    eng = kit.engine()
    with pytest.raises(MalformedState):
        eng.load(broken(eng, change))


def test_load_refuses_non_objects():
    eng = kit.engine()
    for bad in (None, [], "state", 3):
        with pytest.raises(MalformedState):
            eng.load(bad)


def test_real_components_load_and_a_game_starts():
    eng = get_engine("adamastor")
    comp = eng.components
    assert len(comp.sailing) == 40 and len(comp.weather) == 10
    assert len(comp.regular_ids) == 15 and len(comp.destination_ids) == 3 and len(comp.encounters) == 45
    s, _ = eng.apply(eng.new_game(3, {}), "start:p0.0")
    assert eng.status(s).state == "in_progress"


def test_changing_a_view_cannot_change_the_game():
    eng = kit.engine()
    s = kit.started(eng)
    view = eng.view(s)
    view["row"][0]["threats"]["unrest"] = 99
    view["weather_table"][0]["icons"].append("storm")
    assert eng.view(s)["row"][0]["threats"]["unrest"] == 0
    assert len(eng.view(s)["weather_table"][0]["icons"]) == 3


def test_moves_are_named_in_words_not_space_ids():
    eng = get_engine("adamastor")
    s = eng.new_game(3, {"maps": "3"})
    s, _ = eng.apply(s, "start:p0.1")
    s, _ = eng.apply(s, "navigate")
    adds = [a.id for a in eng.legal_actions(s) if a.id.startswith("nav:add:")]
    for add in adds:
        s, _ = eng.apply(s, add)
    move = next(a for a in eng.legal_actions(s) if a.id.startswith("nav:move:"))
    first_map = eng.view(s)["map"]["slots"][0]["name"]
    assert first_map in move.label and "s0." not in move.label, move.label
    s, events = eng.apply(s, move.id)
    text = " ".join(e.text for e in events)
    assert f"on {first_map} (row " in text and "s0." not in text
