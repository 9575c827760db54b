"""Dealing the unseen again (issue #26): a copy of an unfinished voyage that is no window on the original's future.

`redeal_state(comp, s, seed)` returns a new state in which everything the player has not seen is dealt afresh
from `seed` (RULINGS.md, "Dealing the unseen again"):
- the Sailing deck is shuffled (all of it: the state does not record which cards went under it face up);
- the Encounter deck below its public top card is shuffled (its top card's front is shown, so it stays);
- each face-down map card is drawn again from the map cards not seen in this game (the regular cards not face
  up, the box's included; a destination from the destination cards), except the cards a campaign voyage fixes;
- the RNG is replaced by one derived from `seed`.
Everything else (row, hand, discard, removed, skills, traumas, tasks, face-up maps, the log) is untouched.
"""

from __future__ import annotations

from games.adamastor.components import Components
from games.adamastor.state import State
from games.engine import Rng


def redeal_state(comp: Components, s: State, seed: int, *, canonical: bool = False) -> State:
    rng = Rng.from_seed(seed)
    new = s.clone()
    new.deck = list(s.deck)
    rng.deal(new.deck, canonical)
    if len(s.enc_deck) > 2:
        below = new.enc_deck[1:]
        rng.deal(below, canonical)
        new.enc_deck = [new.enc_deck[0], *below]
    new.map_ids = _maps(comp, s, rng)
    new.rng = rng.state
    return new


def _maps(comp: Components, s: State, rng: Rng) -> list[str]:
    """Face-down map cards drawn again from the unseen ones of their kind; fixed and face-up cards stay."""
    fixed: set[str] = set()
    if s.campaign is not None:
        m = s.campaign["map"]
        fixed = set(m["fixed"]) | ({m["destination"]} if m["destination"] else set())
    seen = {m for m, up in zip(s.map_ids, s.face_up, strict=True) if up} | fixed
    out = list(s.map_ids)
    for kind, pool in (("regular", comp.regular_ids), ("destination", comp.destination_ids)):
        slots = [i for i, m in enumerate(s.map_ids)
                 if not s.face_up[i] and m not in fixed and comp.maps[m].kind == kind]
        unseen = [m for m in pool if m not in seen]
        rng.shuffle(unseen)
        for i, m in zip(slots, unseen, strict=False):
            out[i] = m
    return out
