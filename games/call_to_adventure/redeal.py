"""Dealing the unseen again (issue #26): a copy of an unfinished game that is no window on the original's future.

`redeal_state(s, seed)` returns a new state in which everything the player has not seen is dealt afresh from
`seed` (RULINGS.md, "Dealing the unseen again"):
- each act's story deck is shuffled; the row of an act not yet revealed lies face down, so its cards are dealt
  again from that act's deck and row together (the row keeps its size);
- the Hero, Antihero and Adversary decks are shuffled;
- the RNG is replaced by one derived from `seed`.
The character cards dealt at setup (dealt face up by the rules), the revealed rows, the discard piles, the hand,
the cards played, under challenges or in the tableau, the removed cards and the log are untouched.
"""

from __future__ import annotations

from games.call_to_adventure.state import State
from games.engine import Rng


def redeal_state(s: State, seed: int, *, canonical: bool = False) -> State:
    rng = Rng.from_seed(seed)
    new = s.clone()
    for act in sorted(new.decks):
        deck, row = new.decks[act], new.rows.get(act, [])
        if int(act) in new.revealed or any(c in new.under for c in row):
            rng.deal(deck, canonical)
            continue
        unseen = row + deck
        rng.deal(unseen, canonical)
        new.rows[act], new.decks[act] = unseen[:len(row)], unseen[len(row):]
    for deck in (new.hero_deck, new.antihero_deck, new.adv_deck):
        rng.deal(deck, canonical)
    new.rng = rng.state
    return new
