"""Seeded playthroughs by both bots under every commitment, option and variant, checking the invariants at every
step: every ship counter, card and treasure in exactly one place, tracks within range, dump/load round trips,
hidden information kept out of the view, and the same seed with the same actions giving the same game."""

from __future__ import annotations

import json

import pytest

from games.engine import Rng
from games.nemos_war.persist import card_places, ship_places, token_places
from tests.games.nemos_war import kit

E = kit.ENGINE
C = E.components
ALL_SHIPS = sorted(C.ships)
ALL_CARDS = sorted(C.cards)
ALL_TOKENS = sorted(C.tokens)
COMMITMENTS = ("choose", "science", "explore", "anti", "war", "roll")
VARIANTS = (
    {},
    {"deadly_frigates": "3", "deadly_ironclads": "3"},
    {"pursuit": "on"},
    {"clear": "on"},
    {"pressure": "on"},
    {"historical": "on"},
    {"historical": "on", "ending": "24c", "pursuit": "on"},
    {"deadly_frigates": "1", "deadly_ironclads": "2", "pursuit": "on", "clear": "on", "pressure": "on"},
)


def options(seed: int) -> dict:
    return {"commitment": COMMITMENTS[seed % len(COMMITMENTS)], **VARIANTS[(seed // 6) % len(VARIANTS)]}


def check(s, full: bool) -> None:
    assert sorted(ship_places(s)) == ALL_SHIPS, "every ship counter in exactly one place"
    assert sorted(card_places(s)) == ALL_CARDS, "every adventure card in exactly one place"
    assert sorted(token_places(s)) == ALL_TOKENS, "every treasure token in exactly one place"
    assert all(0 <= s.res[k] <= C.tracks[k].start for k in s.res)
    assert 0 <= s.notoriety <= 33 and 0 <= s.liberation <= 19 and 0 <= s.cannon <= 3
    assert len(s.salvage) <= C.salvage_boxes
    assert all(len(s.ships_in(o)) <= C.oceans[o].boxes + 2 for o in C.oceans)
    if s.phase != "over":
        assert s.week <= 52 or s.historical
    if not full:
        return
    data = json.loads(json.dumps(E.dump(s)))
    assert E.load(data) == s, "dump/load round trip through JSON"
    v = E.view(s)
    text = json.dumps(v)
    assert str(s.rng) not in text
    for sid in s.pool:
        assert f'"{sid}"' not in text
    for cid in s.deck + s.out:
        assert C.cards[cid].title not in text


def play(seed: int, bot: str, every: int) -> tuple[list[str], object]:
    s = E.new_game(seed, options(seed))
    rng = Rng.from_seed(seed * 7 + 1)
    taken: list[str] = []
    while not E.over(s):
        check(s, full=len(taken) % every == 0)
        actions = E.legal_actions(s)
        assert actions, "a game in progress always offers an action"
        assert len({a.id for a in actions}) == len(actions), "action ids are unique"
        choice = E.bots[bot].choose(E, s, actions, rng)
        new, events = E.apply(s, choice)
        if new.rng != s.rng:
            assert any(e.reveals for e in events), f"{choice} rolled or drew without a reveal"
        s = new
        taken.append(choice)
        assert len(taken) < 3000, "a game must end"
    check(s, full=True)
    assert E.legal_actions(s) == []
    st = E.status(s)
    assert st.score == sum(x.points for x in st.breakdown) and st.reason
    return taken, s


def replay(seed: int, actions: list[str]):
    s = E.new_game(seed, options(seed))
    for a in actions:
        s, _ = E.apply(s, a)
    return s


def run(seeds: range, every: int) -> dict[str, int]:
    outcomes: dict[str, int] = {}
    for seed in seeds:
        bot = "heuristic" if seed % 2 else "random"
        taken, final = play(seed, bot, every)
        if seed % 25 == 0:
            assert replay(seed, taken) == final, "same seed and actions give the same game"
        outcomes[final.end_reason] = outcomes.get(final.end_reason, 0) + 1
        state = E.status(final).state
        outcomes[state] = outcomes.get(state, 0) + 1
    return outcomes


def test_apply_never_changes_its_input():
    s = E.new_game(11, options(11))
    rng = Rng.from_seed(3)
    for _ in range(150):
        if E.status(s).over:
            break
        before = E.dump(s)
        actions = E.legal_actions(s)
        for a in actions:
            E.apply(s, a.id)
        assert E.dump(s) == before
        s, _ = E.apply(s, E.bots["random"].choose(E, s, actions, rng))


@pytest.mark.slow
def test_every_configuration_with_full_checks():
    outcomes = run(range(96), every=2)  # 6 commitments x 8 variants x 2 bots
    assert sum(outcomes[k] for k in ("won", "lost", "finished") if k in outcomes) == 96


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4))  # four quarters of 250 seeds, shared out among the test processes
def test_1000_games(block):
    outcomes = run(range(1000 + 250 * block, 1250 + 250 * block), every=25)
    assert sum(outcomes[k] for k in ("won", "lost", "finished") if k in outcomes) == 250
    assert {"week52", "ending", "imperial", "tragic"} <= set(outcomes), outcomes
    assert outcomes.get("won", 0) > 0 and outcomes.get("finished", 0) > 0, "the game can be won"
