"""Dealing the unseen again (issue #26): a copy of an unfinished game that is no window on the original's future.

`redeal_state(comp, s, seed)` returns a new state in which everything the player has not seen is dealt afresh
from `seed` (RULINGS.md, "Dealing the unseen again"):
- each hidden level's two tiles are drawn again from the tiles not seen in this game (regular tiles not in a
  revealed or removed level, the box's included; the boss level's from the boss tiles), and its face-down enemy
  card from the unseen enemy cards of the same tier;
- the item, potion, event and boss attack decks are shuffled (the potion deck whole: the state does not record
  which potions went back under it);
- the RNG is replaced by one derived from `seed`.
The shop, the boss discard, the events played, the artifacts, the revealed and removed levels and everything on
them are untouched.
"""

from __future__ import annotations

from games.engine import Rng
from games.platformer.components import Components
from games.platformer.persist import clone
from games.platformer.table import State

DECKS = ("item_deck", "potion_deck", "event_deck", "boss_deck")


def redeal_state(comp: Components, s: State, seed: int, *, canonical: bool = False) -> State:
    rng = Rng.from_seed(seed)
    new = clone(s)
    for key in DECKS:
        rng.deal(new[key], canonical)
    _tiles(comp, new, rng)
    _enemies(comp, new, rng)
    new["rng"] = rng.state
    return new


def _tiles(comp: Components, s: State, rng: Rng) -> None:
    hidden = [i for i, st in enumerate(s["lstate"]) if st == "hidden"]
    seen = {t for i, pair in enumerate(s["levels"]) if i not in hidden for t in pair}
    levels = [list(pair) for pair in s["levels"]]
    for boss in (False, True):
        slots = [i for i in hidden if (i == len(levels) - 1) == boss]
        unseen = sorted(t for t, tile in comp.tiles.items() if tile.boss == boss and t not in seen)
        rng.shuffle(unseen)
        for n, i in enumerate(slots):
            levels[i] = unseen[2 * n: 2 * n + 2]
    s["levels"] = levels


def _enemies(comp: Components, s: State, rng: Rng) -> None:
    hidden = [i for i, st in enumerate(s["lstate"][:len(s["enemy_cards"])]) if st == "hidden"]
    seen = {e for i, e in enumerate(s["enemy_cards"]) if i not in hidden}
    cards = list(s["enemy_cards"])
    for tier in sorted({comp.enemies[s["enemy_cards"][i]].raw["tier"] for i in hidden}):
        levels = [i for i in hidden if comp.enemies[s["enemy_cards"][i]].raw["tier"] == tier]
        unseen = sorted(e for e, card in comp.enemies.items() if card.raw["tier"] == tier and e not in seen)
        rng.shuffle(unseen)
        for i, e in zip(levels, unseen, strict=False):
            cards[i] = e
    s["enemy_cards"] = cards
