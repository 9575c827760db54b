"""A Platformer move in which the hero falls straight down through two cells or more, found by playing the
heuristic bot (the travel tests draw that fall cell by cell, whatever game the bot happens to play)."""

from __future__ import annotations

from games.engine import Rng
from games.platformer.geometry import cid, parse
from games.registry import get_engine

SEED_OF_A_FALL = 3  # its game has such a fall (a test says so if the bot changes)


def first_fall(seed: int, limit: int = 600) -> tuple[int, str, list[str]]:
    """(n, action, cells): the bot's n-th choice (counted from 0) in the game of `seed`, a move that is no step,
    portal or respawn, drops the hero through `cells`, from the one it stood on to the one it lands on."""
    eng = get_engine("platformer")
    s, rng = eng.new_game(seed, eng.spec.normalize_options(None)), Rng.from_seed(seed)
    for n in range(limit):
        if eng.status(s).over:
            break
        action = eng.bots["heuristic"].choose(eng, s, eng.legal_actions(s), rng)
        after, _ = eng.apply(s, action)
        if s["hero_cell"] and after["hero_cell"] and not action.startswith(("step:", "portal:", "respawn:")):
            (r, c), (r2, c2) = parse(s["hero_cell"]), parse(after["hero_cell"])
            if c == c2 and r - r2 >= 2:
                return n, action, [cid(r - i, c) for i in range(r - r2 + 1)]
        s = after
    raise AssertionError(f"platformer seed {seed}: the hero never fell two cells")
