"""Dealing the unseen again, for the advisor (issue #28, section 1), over every game.

Each game's own tests/games/<game>/test_redeal.py checks what a redeal keeps and what it deals, place by place.
Here, over about a thousand seeded positions per game (four thousand in all), what the advisor relies on:
- the view and the legal actions are the same after a deal, in both kinds of deal;
- a canonical deal depends only on what the player sees: from two positions that look the same but hide different
  things, the same seed deals the very same state (so the advisor cannot peek);
- the hidden parts differ from one seed to the next;
- what is drawn next is drawn fairly: over a thousand deals of one position, the next card of a deck is each unseen
  card as often as chance allows (a chi-square test), and a deal that leaves the order alone fails the same test.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from games.engine import Rng
from games.nemos_war.setup import RED_SUN_ENDINGS
from games.registry import all_engines, get_engine

SLUGS = [e.spec.slug for e in all_engines()]
PER_GAME = 1000


def walk(engine: Any, s: Any, rng: Rng, n: int) -> Any:
    for _ in range(n):
        if engine.status(s).over:
            break
        s, _ = engine.apply(s, engine.bots["random"].choose(engine, s, engine.legal_actions(s), rng))
    return s


def positions(slug: str, count: int) -> list[Any]:
    """`count` unfinished positions: games of many seeds, each walked some way by the random bot."""
    engine = get_engine(slug)
    options = engine.spec.normalize_options(None)
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        rng = Rng.from_seed(seed * 7919 + 1)
        s = engine.new_game(seed, options)
        for depth in (0, 3, 11, 29):
            s = walk(engine, s, rng, depth)
            if not engine.status(s).over:
                out.append(s)
        seed += 1
    return out[:count]


def seen(engine: Any, s: Any) -> str:
    return json.dumps([engine.view(s), [a.id for a in engine.legal_actions(s)]], sort_keys=True, default=str)


def dumped(engine: Any, s: Any) -> str:
    return json.dumps(engine.dump(s), sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_a_canonical_deal_depends_only_on_what_the_player_sees(slug):
    engine = get_engine(slug)
    hidden_differed = 0
    for k, s in enumerate(positions(slug, PER_GAME)):
        other = engine.redeal(s, 50_000 + k)  # looks the same, hides something else
        assert seen(engine, other) == seen(engine, s), f"position {k}: a deal changed the view"
        hidden_differed += dumped(engine, other) != dumped(engine, s)
        a = engine.redeal(s, 7 + k, canonical=True)
        b = engine.redeal(other, 7 + k, canonical=True)
        assert seen(engine, a) == seen(engine, s), f"position {k}: a canonical deal changed the view"
        assert dumped(engine, a) == dumped(engine, b), f"position {k}: the deal depends on the hidden order"
    assert hidden_differed >= PER_GAME * 0.9, "the positions hide too little to test anything"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_canonical_deal_deals_anew_with_each_seed(slug):
    engine = get_engine(slug)
    sample = positions(slug, 60)

    def deal(s: Any, seed: int) -> str:
        return dumped(engine, engine.redeal(s, seed, canonical=True))

    assert all(deal(s, 1) != deal(s, 2) for s in sample), "two seeds dealt the same"
    assert all(deal(s, 3) == deal(s, 3) for s in sample[:10]), "one seed dealt two ways"


# The next card of a deck, for each game: the deck in the order it is drawn, and the unseen cards it is dealt from.
def _adamastor(s: Any) -> tuple[list[str], list[str]]:
    return s.deck, s.deck


def _nemos_war(s: Any) -> tuple[list[str], list[str]]:
    # above card 21: any unseen card (the draw pile's and those set aside unseen) but the endings ([3.0] step 5)
    upper = s.deck[:s.deck.index("21")] if "21" in s.deck else []
    endings = {"21", *RED_SUN_ENDINGS}
    return upper, [c for c in s.deck + s.out if c not in endings]


def _platformer(s: Any) -> tuple[list[str], list[str]]:
    return s["item_deck"], s["item_deck"]


def _call_to_adventure(s: Any) -> tuple[list[str], list[str]]:
    return s.hero_deck[::-1], s.hero_deck  # drawn from the end


NEXT: dict[str, Callable[[Any], tuple[list[str], list[str]]]] = {
    "adamastor": _adamastor, "nemos_war": _nemos_war, "platformer": _platformer,
    "call_to_adventure": _call_to_adventure,
}
DEALS = 1200


def chi_square_z(counts: Counter, cards: list[str], n: int) -> float:
    """How far `counts` (of `n` draws) lie from an even share over `cards`, as a standard normal score
    (the chi-square statistic through the Wilson-Hilferty transform: above 4 is a 1-in-30,000 event)."""
    expected = n / len(cards)
    stat = sum((counts.get(c, 0) - expected) ** 2 / expected for c in cards)
    df = len(cards) - 1
    return ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))


def next_cards(slug: str, deal: Callable[[Any, int], Any]) -> tuple[Counter, list[str]]:
    pick = NEXT[slug]
    s = next(p for p in positions(slug, 40)[5:] if len(pick(p)[0]) >= 6)
    counts = Counter(pick(deal(s, seed))[0][0] for seed in range(DEALS))
    return counts, sorted(set(pick(s)[1]))


@pytest.mark.parametrize("slug", SLUGS)
def test_the_next_card_is_each_unseen_card_as_often_as_chance_allows(slug):
    engine = get_engine(slug)
    for canonical in (False, True):
        counts, cards = next_cards(slug, lambda s, seed, c=canonical: engine.redeal(s, seed, canonical=c))
        assert set(counts) <= set(cards), "a card that was not in the deck came next"
        z = chi_square_z(counts, cards, DEALS)
        assert z < 4, f"canonical={canonical}: the next card is not drawn evenly (z = {z:.1f}): {counts}"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_chi_square_check_catches_a_deal_that_keeps_the_order(slug):
    engine = get_engine(slug)

    def lazy(s: Any, seed: int) -> Any:  # a new RNG, the same order
        return engine.load(json.loads(json.dumps(engine.dump(s))))

    counts, cards = next_cards(slug, lazy)
    assert chi_square_z(counts, cards, DEALS) > 4
