"""Dealing the unseen again (issue #26): a copy of an unfinished game that is no window on the original's future.

`redeal_state(c, s, seed)` returns a new state in which everything the player has not seen is dealt afresh from
`seed` (RULINGS.md, "Dealing the unseen again"):
- ships: the unplaced pool and the hidden ships at sea (boxes whose ship is not revealed) are one pool of unseen
  ships, dealt again into the same boxes and the same pool size;
- adventure cards: the draw pile and the cards set aside unseen (`out`) are dealt again, keeping what the setup
  makes known: card 21 in its place, the ending among the cards below it ([3.0] step 5); in the Historical game
  the order is known, so only a random ending is drawn again;
- treasures: the face-down tokens on the oceans and the cup are one pool of unseen tokens;
- the RNG is replaced by one derived from `seed`.
A ship, card or token named by a pending decision or a queued step stays where it is. Everything seen (revealed
ships, the ship discard, kept and resolved cards, collected treasures, the log) is untouched.
"""

from __future__ import annotations

from typing import Any

from games.engine import Rng
from games.nemos_war.components import Components
from games.nemos_war.setup import RED_SUN_ENDINGS
from games.nemos_war.state import State

ENDINGS = frozenset(RED_SUN_ENDINGS)
RED_SUN = "21"


def redeal_state(c: Components, s: State, seed: int, *, canonical: bool = False) -> State:
    rng = Rng.from_seed(seed)
    new = s.clone()
    named = _named(s.pending) | _named(s.queue)
    _ships(new, rng, named, canonical)
    _cards(new, rng, named, canonical)
    _treasures(new, rng, named, canonical)
    new.rng = rng.state
    return new


def _named(data: Any) -> set[str]:
    """Every string inside a pending decision or a queued step (ids of what they refer to)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(_named(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_named(v) for v in data)) if data else set()
    return set()


def _ships(s: State, rng: Rng, named: set[str], canonical: bool) -> None:
    hidden = [(o, i) for o, slots in s.boxes.items() for i, x in enumerate(slots)
              if x is not None and x not in s.revealed and x not in named]
    pool_at = [i for i, x in enumerate(s.pool) if x not in named]
    unseen = [s.boxes[o][i] for o, i in hidden] + [s.pool[i] for i in pool_at]
    rng.deal(unseen, canonical)
    for (o, i), sid in zip(hidden, unseen, strict=False):
        s.boxes[o][i] = sid
    for i, sid in zip(pool_at, unseen[len(hidden):], strict=True):
        s.pool[i] = sid


def _cards(s: State, rng: Rng, named: set[str], canonical: bool) -> None:
    if named & set(s.deck + s.out):
        return  # never happens today: no decision names a card still unseen
    endings = [x for x in s.deck + s.out if x in ENDINGS]
    rng.deal(endings, canonical)
    ending = next((x for x in s.deck if x in ENDINGS), None)
    if ending is not None and s.options.get("ending", "random") == "random":
        ending = endings[0]
    others = [x for x in endings if x != ending]
    if s.historical:  # the order is known: only which ending lies at the bottom is not
        s.deck = [ending if x in ENDINGS else x for x in s.deck]
        s.out = others + [x for x in s.out if x not in ENDINGS]
        return
    rest = [x for x in s.deck + s.out if x not in ENDINGS and x != RED_SUN]
    rng.deal(rest, canonical)
    cut = s.deck.index(RED_SUN) if RED_SUN in s.deck else -1
    upper_n = max(cut, 0)
    lower_n = len(s.deck) - cut - 1 - (ending is not None)
    upper, lower = rest[:upper_n], rest[upper_n:upper_n + lower_n] + ([ending] if ending is not None else [])
    rng.shuffle(lower)
    s.deck = upper + ([RED_SUN] if cut >= 0 else []) + lower
    s.out = others + rest[upper_n + lower_n:]


def _treasures(s: State, rng: Rng, named: set[str], canonical: bool) -> None:
    oceans = [o for o, t in s.treasure_at.items() if t is not None and t not in named]
    cup_at = [i for i, t in enumerate(s.cup) if t not in named]
    unseen = [s.treasure_at[o] for o in oceans] + [s.cup[i] for i in cup_at]
    rng.deal(unseen, canonical)
    for o, t in zip(oceans, unseen, strict=False):
        s.treasure_at[o] = t
    for i, t in zip(cup_at, unseen[len(oceans):], strict=True):
        s.cup[i] = t
