"""Every phase told step by step (issue #25): the events a move writes carry what the table needs to tell it.

The action dice and the enemy die are symbol dice: their roll events carry the faces thrown (`faces`, face ids of
games/platformer/data/dice.json) in the order of the dice, as the log line says them; the events of the enemy
phase name the enemies that moved, the wounds name the figure that dealt them, drawn and revealed cards their id.
Only data is added: the same seed still plays the same game (tests/games/platformer/test_playthrough.py)."""

from __future__ import annotations

import re

import pytest

from games.engine import Rng
from games.platformer.engine import PlatformerEngine

ENG = PlatformerEngine()
DICE = ENG.components.dice


def played(seed: int, opts: dict, bot: str = "heuristic", moves: int = 3000):
    """(state before, action, state after, events) of each move of a seeded bot game, the setup first."""
    s, rng = ENG.new_game(seed, opts), Rng.from_seed(seed)
    from games.platformer.turn import new_state

    _, setup = new_state(ENG.components, seed, ENG.spec.normalize_options(opts))
    yield None, "", s, setup
    for _ in range(moves):
        if ENG.status(s).over:
            return
        action = ENG.bots[bot].choose(ENG, s, ENG.legal_actions(s), rng)
        after, events = ENG.apply(s, action)
        yield s, action, after, events
        s = after


GAMES = [(1, {}), (6, {}), (5, {"boss": "ikee"}), (2, {"boss": "ikee", "artifacts": "on"})]


@pytest.fixture(scope="module", params=GAMES, ids=[f"seed{g[0]}" for g in GAMES])
def game(request):
    return list(played(*request.param))


def said(words) -> list[str]:
    """The faces a "Rolled: move, sword." / "Enemy die: left." line names, in order."""
    text = str(words)
    return [w.strip() for w in text.split(":", 1)[1].rstrip(".").split(",")]


def test_each_roll_of_the_action_dice_carries_its_faces_as_the_log_says_them(game):
    rolls = 0
    for _, _, after, events in game:
        for e in events:
            if e.kind in ("roll", "reroll"):
                rolls += 1
                faces = e.data["faces"]
                assert faces and all(f in DICE["action"] for f in faces), e.data
                assert said(e.text) == faces, (str(e.text), faces)
                assert "dice" not in e.data, "symbol dice are faces, not pips"
        roll = [e for e in events if e.kind == "roll"]
        if roll and after["phase"] != "over":
            assert roll[-1].data["faces"] == [d["face"] for d in after["dice"]] or any(
                e.kind == "reroll" for e in events[events.index(roll[-1]):]), "the faces are the dice on the table"
    assert rolls >= 2


def test_the_enemy_die_carries_its_face_and_the_enemies_that_moved_are_named(game):
    thrown = 0
    for before, _, after, events in game:
        for i, e in enumerate(events):
            if e.kind == "enemy_die":
                thrown += 1
                assert e.data["faces"] in ([f] for f in DICE["enemy"])
                assert said(e.text) == e.data["faces"]
                if e.data["faces"] != ["attack"]:
                    assert events[i + 1].kind == "enemies_move"
            if e.kind == "enemies_move":
                n = int(re.search(r"\((\d+) moved\)", str(e.text)).group(1))
                moved = e.data["moved"]
                assert len(moved) == n and len(set(moved)) == n
                if before is not None:
                    figures = {**before["figs"], **after["figs"]}
                    assert all(f in figures for f in moved), moved
    assert thrown >= 2


def test_wounds_name_who_dealt_them_and_cards_their_id(game):
    cards = {**ENG.components.items, **ENG.components.potions, **ENG.components.artifacts,
             **ENG.components.events, **ENG.components.boss_cards}
    for before, _, after, events in game:
        known = set((before or after)["figs"]) | set(after["figs"]) | {"boss"}
        for e in events:
            if e.kind == "wound" and "by" in e.data:
                assert e.data["by"] in known
            if e.kind in ("event", "buy", "item", "potion", "artifact", "boss_card"):
                assert e.data["card"] in cards, (e.kind, e.data)
            if e.kind in ("reveal", "remove", "boss_level"):
                assert str(e.data["level"]) in str(e.text) or e.kind == "boss_level" or e.data.get("boss")
            if e.kind == "boss_turn" and after["opts"]["boss"] == "medusa":
                assert e.data["faces"] in ([f] for f in DICE["enemy"])
                assert said(e.text)[-1].split()[-1] == e.data["faces"][0]


def test_a_boss_fight_is_told_in_the_games_that_reach_it(game):
    kinds = [e.kind for _, _, _, events in game for e in events]
    if "boss_level" in kinds:
        assert "boss_turn" in kinds and "boss_card" in kinds
