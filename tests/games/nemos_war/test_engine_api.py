"""The GameEngine contract: illegal actions refused, malformed saves refused, hidden information kept hidden."""

from __future__ import annotations

import json

import pytest

from games.engine import IllegalAction, MalformedState
from games.nemos_war.engine import NemosWarEngine
from tests.games.nemos_war import kit

E = kit.ENGINE


def test_spec_and_bots():
    assert E.spec.slug == "nemos_war" and {"random", "heuristic"} <= set(E.bots)
    assert {o.key for o in E.spec.options} == {"commitment", "deadly_frigates", "deadly_ironclads", "pursuit",
                                               "clear", "pressure", "historical", "ending"}
    with pytest.raises(ValueError):
        E.new_game(1, {"pursuit": "maybe"})


def test_illegal_actions_are_refused_and_the_state_untouched():
    s = kit.game()
    before = E.dump(s)
    for bad in ("attack:wp.1", "move:na", "roll:x", "", 7, "end_turn"):
        with pytest.raises(IllegalAction):
            E.apply(s, bad)
    assert E.dump(s) == before


@pytest.mark.parametrize("change", [
    lambda d: d.pop("rng"),
    lambda d: d.update(notoriety=40),
    lambda d: d["res"].update(hull=9),
    lambda d: d["pool"].append(d["pool"][0]),
    lambda d: d["deck"].pop(),
    lambda d: d.update(phase="dancing"),
    lambda d: d["pending"].append({"kind": "teleport"}),
    lambda d: d.update(commitment="greed"),
    lambda d: d["cup"].pop(),
    lambda d: d.update(turn="3"),
    lambda d: d.update(pending=[{"kind": "test", "card": "99", "staked": [], "rolled": None, "source": "draw"}]),
    lambda d: d.update(pending=[{"kind": "sink", "box": "wp.9", "ship": "S01", "mode": "attack"}]),
])
def test_malformed_saves_are_refused(change):
    d = json.loads(json.dumps(E.dump(kit.game())))
    change(d)
    with pytest.raises(MalformedState):
        E.load(d)


def test_load_refuses_non_objects():
    for bad in (None, [], "x", {"seed": 1}):
        with pytest.raises(MalformedState):
            E.load(bad)


def test_the_view_hides_what_is_hidden():
    s = kit.to_action(kit.game())
    v = E.view(s)
    text = json.dumps(v)
    assert str(s.rng) not in text and "rng" not in v
    for cid in s.deck + s.out:
        assert E.components.cards[cid].title not in text, "no card in the deck or set aside is shown"
    for sid in s.pool + [x for o in s.boxes.values() for x in o if x and x not in s.revealed]:
        assert f'"{sid}"' not in text, "no hidden ship is named"
    for tid in s.cup + [t for t in s.treasure_at.values() if t]:
        assert f'"{tid}"' not in text, "no face-down treasure is named"
    hidden = [sl for o in v["oceans"] for sl in o["slots"] if sl["ship"] and sl["ship"]["hidden"]]
    assert hidden and all(sl["ship"] == {"hidden": True} for sl in hidden)
    assert v["prompt"] and v["decision"]["kind"] == "action"


def test_the_view_has_every_key_of_the_contract():
    v = E.view(kit.game())
    assert set(v) == {"turn", "week", "phase", "prompt", "decision", "options", "commitment", "calendar",
                      "notoriety", "liberation", "resources", "passengers", "nautilus", "last_rest_turn", "prep_roll",
                      "oceans", "pool", "event_ships", "salvage", "salvage_boxes", "refits", "treasures", "cards",
                      "cannon", "score", "log", "end", "scourge", "register_columns"}
    json.dumps(v)


def test_a_fresh_engine_gives_the_same_game():
    a = NemosWarEngine().new_game(42, {"commitment": "roll"})
    b = kit.ENGINE.new_game(42, {"commitment": "roll"})
    assert a == b


def test_an_event_ship_says_where_it_is_once_it_has_left_its_box():
    """The "Ships off the map" list said a sunk Avenger was still "in play" (a playtest): each event ship now
    says whether it waits, sails, was sunk, captured, paid for a refit or discarded."""
    s = kit.game()
    ships = {e["ship"]["id"]: e for e in kit.ENGINE.view(s)["event_ships"]}
    sid = next(iter(ships))
    assert ships[sid]["where"] == "waiting" and not ships[sid]["placed"]

    def where() -> str:
        return next(e["where"] for e in kit.ENGINE.view(s)["event_ships"] if e["ship"]["id"] == sid)

    kit.clear_map(s)
    kit.put(s, "wp.1", sid, revealed=True)
    assert where() == "map"
    kit.take(s, sid)
    s.register.setdefault("wp", []).append(sid)
    assert where() == "sunk"
    kit.take(s, sid)
    s.salvage.append(sid)
    assert where() == "salvage"
