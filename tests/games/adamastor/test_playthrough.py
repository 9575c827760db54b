"""Seeded playthroughs by both bots, checking the game's invariants at every step.

They run on the real components (games/adamastor/data/) and on a crafted set, so the rules are
exercised even on content the authors have not thought of.
"""

from __future__ import annotations

import json

import pytest

from games.adamastor.engine import AdamastorEngine
from games.engine import Rng
from tests.games.adamastor import kit

PLACES = ("deck", "row", "hand", "skills", "traumas", "discard", "removed")


def check_invariants(eng: AdamastorEngine, s, full: bool = True) -> None:
    """The invariants of every position; `full` also checks the view and the JSON form of the save."""
    cards = [c for place in PLACES for c in getattr(s, place)]
    assert sorted(cards) == list(range(1, 41)), "every Sailing card is in exactly one place"
    assert s.row == sorted(s.row, reverse=True), "the Adventure Row is in descending order"
    assert len(s.row) <= 3
    data = eng.dump(s)
    if not full:
        assert eng.load(data) == s, "dump/load round trip"
        return
    view = eng.view(s)
    assert view["morale"] == len(s.deck)
    assert [c["number"] for c in view["row"]] == s.row
    text = json.dumps(view)
    assert "rng" not in view and str(s.rng) not in text
    for slot in view["map"]["slots"]:
        if not slot["face_up"]:
            assert set(slot) == {"slot", "face_up"}, "a face-down map card shows nothing"
    assert eng.load(json.loads(json.dumps(data))) == s, "dump/load round trip through JSON"


def play(eng: AdamastorEngine, seed: int, bot: str, maps: str, try_all: bool) -> tuple[list[str], object]:
    """Play one game to its end; return the actions taken and the final state."""
    s = eng.new_game(seed, {"maps": maps})
    rng = Rng.from_seed(seed * 7 + 1)
    taken: list[str] = []
    while not eng.over(s):
        check_invariants(eng, s, full=try_all or len(taken) % 10 == 0)
        actions = eng.legal_actions(s)
        assert actions, "a game in progress always offers an action"
        assert len({a.id for a in actions}) == len(actions), "action ids are unique"
        before = eng.dump(s)
        if try_all:
            for a in actions:
                eng.apply(s, a.id)
            assert eng.dump(s) == before, "apply never changes its input"
        choice = eng.bots[bot].choose(eng, s, actions, rng)
        new, events = eng.apply(s, choice)
        left_deck = set(s.deck) - set(new.deck)
        if new.rng != s.rng or left_deck or new.enc_deck != s.enc_deck or new.face_up != s.face_up:
            assert any(e.reveals for e in events), f"{choice} brought something to light without a reveal"
        s = new
        taken.append(choice)
        assert len(taken) < 5000, "a game must end"
    check_invariants(eng, s)
    assert eng.legal_actions(s) == []
    return taken, s


def replay(eng: AdamastorEngine, seed: int, maps: str, actions: list[str]):
    s = eng.new_game(seed, {"maps": maps})
    for a in actions:
        s, _ = eng.apply(s, a)
    return s


def run_games(eng: AdamastorEngine, seeds: range, try_all_every: int) -> dict[str, int]:
    outcomes: dict[str, int] = {}
    for seed in seeds:
        bot = "heuristic" if seed % 2 else "random"
        maps = "4" if seed % 5 == 0 else "3"
        taken, final = play(eng, seed, bot, maps, try_all=seed % try_all_every == 0)
        if seed % 10 == 0:
            assert replay(eng, seed, maps, taken) == final, "same seed and actions give the same game"
        status = eng.status(final)
        outcomes[status.state] = outcomes.get(status.state, 0) + 1
        if status.state == "won":
            assert status.score == sum(line.points for line in status.breakdown)
    return outcomes


@pytest.fixture(scope="module")
def real() -> AdamastorEngine:
    return AdamastorEngine()


@pytest.mark.slow
@pytest.mark.parametrize("block", range(2))  # two halves of 100 seeds, shared out among the test processes
def test_200_games_on_the_real_components(real, block):
    outcomes = run_games(real, range(100 * block, 100 * block + 100), try_all_every=1)
    assert sum(outcomes.values()) == 100
    assert outcomes.get("won", 0) > 0, "the heuristic bot wins some games"
    assert outcomes.get("lost", 0) > 0


@pytest.mark.slow
def test_100_games_on_crafted_components():
    eng = kit.engine()
    outcomes = run_games(eng, range(100), try_all_every=3)
    assert sum(outcomes.values()) == 100


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4))  # four quarters of 250 seeds, shared out among the test processes
def test_1000_games_on_the_real_components(real, block):
    outcomes = run_games(real, range(1000 + 250 * block, 1250 + 250 * block), try_all_every=10)
    assert sum(outcomes.values()) == 250
