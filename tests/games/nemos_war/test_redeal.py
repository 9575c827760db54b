"""`NemosWarEngine.redeal`: a copy of an unfinished game deals the unseen again (issue #26, RULINGS.md).

Over 240 positions reached by the random bot under the standard and Historical games and the variants: the view,
the legal action ids and the status stay; every seen ship, card and treasure keeps its place and order; the
unplaced pool, the hidden ships, the draw pile, the cards out, the face-down treasures and the cup keep their
sizes and their contents as a whole (card 21 in its place, the ending below it); the hidden order really changes;
the RNG changes; the same seed deals the same, another seed otherwise; the given state is untouched; the result
saves, loads and plays on to the end. The checks are tested too: a redeal that changes nothing fails them.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.engine import Rng
from games.nemos_war.redeal import ENDINGS, RED_SUN
from games.nemos_war.state import State
from tests.games.nemos_war import kit
from tests.support.lazy import lazy

E = kit.ENGINE
HIDDEN = {"pool", "boxes", "deck", "out", "treasure_at", "cup", "rng"}
VARIANTS = (
    {},
    {"commitment": "war"},
    {"historical": "on"},
    {"historical": "on", "ending": "24b"},
    {"deadly_frigates": "2", "deadly_ironclads": "1", "commitment": "science"},
    {"clear": "on", "commitment": "explore"},
)


def walk(s: State, rng: Rng, n: int) -> State:
    for _ in range(n):
        if E.status(s).over:
            break
        s, _ = E.apply(s, E.bots["random"].choose(E, s, E.legal_actions(s), rng))
    return s


def positions() -> list[State]:
    out = []
    for seed in range(120):
        s = E.new_game(seed, VARIANTS[seed % len(VARIANTS)])
        rng = Rng.from_seed(seed * 31 + 7)
        s = walk(s, rng, 2 + seed % 7)
        out.append(s)
        out.append(walk(s, rng, 20 + (seed * 37) % 200))
    return out


POSITIONS = lazy(positions)  # played out by the first test that reads it, not at collection


def dumped(s: State) -> str:
    return json.dumps(E.dump(s), sort_keys=True)


def hidden_ships(s: State) -> dict[tuple[str, int], str]:
    return {(o, i): x for o, slots in s.boxes.items() for i, x in enumerate(slots)
            if x is not None and x not in s.revealed}


def problems(s: State, r: State) -> list[str]:
    """What is wrong with `r` as a redeal of `s` (one position; the order changes are counted over many)."""
    out = []
    if json.dumps(E.view(s), sort_keys=True) != json.dumps(E.view(r), sort_keys=True):
        out.append("the view changed")
    if [a.id for a in E.legal_actions(s)] != [a.id for a in E.legal_actions(r)]:
        out.append("the legal actions changed")
    if E.status(s) != E.status(r):
        out.append("the status changed")
    before, after = E.dump(s), E.dump(r)
    moved = [k for k in before if k not in HIDDEN and before[k] != after[k]]
    if moved:
        out.append(f"seen parts changed: {moved}")
    hs, hr = hidden_ships(s), hidden_ships(r)
    if set(hs) != set(hr) or len(s.pool) != len(r.pool):
        out.append("the hidden ships' boxes or the pool's size changed")
    if sorted([*hs.values(), *s.pool]) != sorted([*hr.values(), *r.pool]):
        out.append("the unseen ships are other ships")
    for o, slots in s.boxes.items():
        if any((x is None or x in s.revealed) and r.boxes[o][i] != x for i, x in enumerate(slots)):
            out.append(f"a seen box of {o} changed")
    if len(s.deck) != len(r.deck) or len(s.out) != len(r.out) or sorted(s.deck + s.out) != sorted(r.deck + r.out):
        out.append("the draw pile or the cards out changed size or contents")
    if (RED_SUN in s.deck) != (RED_SUN in r.deck) or (RED_SUN in s.deck and s.deck.index(RED_SUN)
                                                        != r.deck.index(RED_SUN)):
        out.append("card 21 moved")
    ends = [i for i, x in enumerate(r.deck) if x in ENDINGS]
    if len(ends) != sum(x in ENDINGS for x in s.deck) or (RED_SUN in r.deck and ends
                                                          and ends[0] < r.deck.index(RED_SUN)):
        out.append("the ending is not below card 21")
    if s.historical and [x for x in s.deck if x not in ENDINGS] != [x for x in r.deck if x not in ENDINGS]:
        out.append("the Historical order changed")
    if s.options.get("ending", "random") != "random" and s.deck != r.deck:
        out.append("a chosen ending's deck changed")
    if [o for o, t in s.treasure_at.items() if t] != [o for o, t in r.treasure_at.items() if t]:
        out.append("the oceans holding a treasure changed")
    if len(s.cup) != len(r.cup) or sorted([*s.cup, *filter(None, s.treasure_at.values())]) != sorted(
            [*r.cup, *filter(None, r.treasure_at.values())]):
        out.append("the unseen treasures changed")
    if r.rng == s.rng:
        out.append("the RNG is the same")
    return out


def changed_shares(pairs: list[tuple[State, State]]) -> dict[str, float]:
    """For each hidden place, the share of positions (with enough hidden parts) whose hidden order changed."""
    seen: Counter = Counter()
    changed: Counter = Counter()
    for s, r in pairs:
        hs = hidden_ships(s)
        ocean_tokens = [o for o, t in s.treasure_at.items() if t]
        for name, enough, differs in (
            ("deck", not s.historical and len(s.deck) >= 5, s.deck != r.deck),
            ("pool", len(s.pool) >= 5, s.pool != r.pool),
            ("ships", len(hs) >= 2, hs != hidden_ships(r)),
            ("treasures", len(ocean_tokens) >= 2, s.treasure_at != r.treasure_at),
            ("ending", s.historical and s.options.get("ending", "random") == "random" and len(s.deck) > 0,
             s.deck[-1:] != r.deck[-1:]),
        ):
            if enough:
                seen[name] += 1
                changed[name] += differs
    return {name: changed[name] / seen[name] for name in seen}


def test_there_are_enough_positions_of_every_kind():
    assert len(POSITIONS) >= 240
    assert sum(not E.status(s).over for s in POSITIONS) >= 180
    assert sum(s.historical for s in POSITIONS) >= 60
    assert sum(len(hidden_ships(s)) >= 2 for s in POSITIONS) >= 150


@pytest.mark.parametrize("chunk", range(4))
def test_redeal_keeps_what_is_seen_and_deals_the_unseen(chunk):
    for k, s in enumerate(POSITIONS[chunk::4]):
        before = dumped(s)
        r = E.redeal(s, 10_000 + k)
        assert dumped(s) == before, "the given state is not mutated"
        assert problems(s, r) == []
        assert E.load(json.loads(json.dumps(E.dump(r)))) == r, "load(dump(redealt)) round-trips"


def test_hidden_order_changes():
    shares = changed_shares([(s, E.redeal(s, 77 + i)) for i, s in enumerate(POSITIONS)])
    assert all(shares[k] >= 0.9 for k in ("deck", "pool", "ships")), shares
    assert shares["treasures"] >= 0.8 and shares["ending"] >= 0.5, shares


def test_same_seed_same_deal_other_seed_other_deal():
    for s in POSITIONS[::10]:
        assert dumped(E.redeal(s, 5)) == dumped(E.redeal(s, 5))
        a, b = E.redeal(s, 5), E.redeal(s, 6)
        assert a.rng != b.rng
        if len(s.pool) >= 5:
            assert a.pool != b.pool


def test_a_redealt_game_plays_on_to_its_end():
    for i, s in enumerate(POSITIONS[1:40:6]):
        r = walk(E.redeal(s, 900 + i), Rng.from_seed(i), 20_000)
        assert E.status(r).over


def test_the_checks_catch_a_redeal_that_changes_nothing():
    pairs = [(s, s) for s in POSITIONS]
    assert all("the RNG is the same" in problems(s, r) for s, r in pairs)
    assert max(changed_shares(pairs).values()) == 0
