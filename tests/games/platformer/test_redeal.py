"""`PlatformerEngine.redeal`: a copy of an unfinished game deals the unseen again (issue #26, RULINGS.md).

Over 280 positions reached by the random bot, and some by the heuristic one on the boss level (both maps, both
bosses, artifacts on and off): the view, the legal action ids and the status stay; everything seen (revealed and
removed levels, the shop, the boss discard, the events played...) keeps its place and order; the decks keep their
sizes and cards; a hidden level gets unseen tiles of its kind and an unseen enemy card of its tier; the hidden
order really changes; the RNG changes; the same seed deals the same, another seed otherwise; the given state is
untouched; the result saves, loads and plays on to the end. The checks are tested too: a redeal that changes
nothing fails them.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.engine import Rng
from games.platformer.engine import PlatformerEngine
from tests.support.lazy import lazy

E = PlatformerEngine()
C = E.components
DECKS = ("item_deck", "potion_deck", "event_deck", "boss_deck")
HIDDEN = {*DECKS, "levels", "enemy_cards", "rng"}


def options(seed: int) -> dict:
    return {"map": "big" if seed % 3 == 0 else "normal", "artifacts": "on" if seed % 2 else "off",
            "boss": ("medusa", "ikee")[seed % 4 // 2]}


def walk(s: dict, rng: Rng, n: int) -> dict:
    for _ in range(n):
        if E.status(s).over:
            break
        s, _ = E.apply(s, E.bots["random"].choose(E, s, E.legal_actions(s), rng))
    return s


def positions() -> list[dict]:
    out = []
    for seed in range(120):
        s = E.new_game(seed, options(seed))
        rng = Rng.from_seed(seed * 31 + 7)
        s = walk(s, rng, seed % 6)
        out.append(s)
        out.append(walk(s, rng, 10 + (seed * 37) % 120))
    for seed in range(40):  # the heuristic bot climbs to the boss level: its attack deck in play
        s, rng = E.new_game(seed, options(seed)), Rng.from_seed(seed)
        while not E.status(s).over and s["lstate"][-1] == "hidden":
            s, _ = E.apply(s, E.bots["heuristic"].choose(E, s, E.legal_actions(s), rng))
        for _ in range(seed % 9):
            if not E.status(s).over:
                s, _ = E.apply(s, E.bots["heuristic"].choose(E, s, E.legal_actions(s), rng))
        out.append(s)
    return out


POSITIONS = lazy(positions)  # played out by the first test that reads it, not at collection


def dumped(s: dict) -> str:
    return json.dumps(E.dump(s), sort_keys=True)


def hidden(s: dict) -> list[int]:
    return [i for i, st in enumerate(s["lstate"]) if st == "hidden"]


def problems(s: dict, r: dict) -> list[str]:
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
    for key in DECKS:
        if sorted(s[key]) != sorted(r[key]):
            out.append(f"{key} holds other cards")
    down = hidden(s)
    seen_tiles = {t for i, pair in enumerate(s["levels"]) if i not in down for t in pair}
    new_tiles = [t for i in down for t in r["levels"][i]]
    boss = len(s["levels"]) - 1
    if any(s["levels"][i] != r["levels"][i] for i in range(len(s["levels"])) if i not in down):
        out.append("a seen level's tiles changed")
    if len(set(new_tiles)) != len(new_tiles) or seen_tiles & set(new_tiles):
        out.append("a hidden level got a seen tile or a tile twice")
    if any(C.tiles[t].boss != (i == boss) for i in down for t in r["levels"][i]):
        out.append("a hidden level got a tile of the other kind")
    for i, (a, b) in enumerate(zip(s["enemy_cards"], r["enemy_cards"], strict=True)):
        if (i not in down and a != b) or C.enemies[a].raw["tier"] != C.enemies[b].raw["tier"]:
            out.append(f"enemy card of level {i + 1} is seen or of another tier and changed")
    if len(set(r["enemy_cards"])) != len(r["enemy_cards"]):
        out.append("an enemy card is dealt twice")
    if r["rng"] == s["rng"]:
        out.append("the RNG is the same")
    return out


def changed_shares(pairs: list[tuple[dict, dict]]) -> dict[str, float]:
    """For each hidden place, the share of positions (with enough hidden parts) whose hidden order changed."""
    seen: Counter = Counter()
    changed: Counter = Counter()
    for s, r in pairs:
        checks = [(key, len(s[key]) >= 5, s[key] != r[key]) for key in DECKS]
        regular = [i for i in hidden(s) if i < len(s["levels"]) - 1]
        checks.append(("tiles", len(regular) >= 1, [s["levels"][i] for i in regular] != [r["levels"][i]
                                                                                         for i in regular]))
        for name, enough, differs in checks:
            if enough:
                seen[name] += 1
                changed[name] += differs
    return {name: changed[name] / seen[name] for name in seen}


def test_there_are_enough_positions_of_every_kind():
    assert len(POSITIONS) >= 280
    assert sum(not E.status(s).over for s in POSITIONS) >= 180
    assert sum(len(hidden(s)) >= 2 for s in POSITIONS) >= 100
    assert sum(s["lstate"][-1] != "hidden" and not E.status(s).over for s in POSITIONS) >= 10


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
    assert all(share >= 0.9 for share in shares.values()), shares
    assert set(shares) == {*DECKS, "tiles"}


def test_same_seed_same_deal_other_seed_other_deal():
    for s in POSITIONS[::10]:
        assert dumped(E.redeal(s, 5)) == dumped(E.redeal(s, 5))
        a, b = E.redeal(s, 5), E.redeal(s, 6)
        assert a["rng"] != b["rng"]
        if len(s["item_deck"]) >= 5:
            assert a["item_deck"] != b["item_deck"]


def test_a_redealt_game_plays_on_to_its_end():
    for i, s in enumerate(POSITIONS[1:40:6]):
        r = walk(E.redeal(s, 900 + i), Rng.from_seed(i), 20_000)
        assert E.status(r).over


def test_the_checks_catch_a_redeal_that_changes_nothing():
    pairs = [(s, s) for s in POSITIONS]
    assert all("the RNG is the same" in problems(s, r) for s, r in pairs)
    assert max(changed_shares(pairs).values()) == 0
