"""Plays a game offline with a bot, exactly as the browser test will play it by clicking.

The browser test's bot reads each state from the database and draws from its own seeded `Rng`,
so the clicked game and this rehearsal make the same moves. That lets a test pick, up front, a seed
whose game ends the way it wants to check (a win, with its score lines; a loss, with its reason),
and afterwards compare the clicked game's outcome with the rehearsed one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.engine import Rng, Status
from games.registry import get_engine

MAX_MOVES = 5_000


@dataclass(frozen=True)
class Rehearsal:
    seed: int
    moves: int
    status: Status


def rehearse(game: str, *, bot: str, bot_seed: int, seed: int) -> Rehearsal:
    engine = get_engine(game)
    player = engine.bots[bot]
    rng = Rng.from_seed(bot_seed)
    state = engine.new_game(seed, engine.spec.normalize_options(None))
    moves = 0
    while not engine.status(state).over:
        if moves >= MAX_MOVES:
            raise AssertionError(f"{game} seed {seed}: the {bot} bot did not finish in {MAX_MOVES} moves")
        action = player.choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        moves += 1
    return Rehearsal(seed, moves, engine.status(state))


def first_seed_ending(
    game: str, outcome: str, *, bot: str, bot_seed: int, seeds: Iterable[int], min_moves: int = 0
) -> Rehearsal:
    """The first seed whose game the bot ends with `outcome` ("won" or "lost") in at least `min_moves`."""
    for seed in seeds:
        result = rehearse(game, bot=bot, bot_seed=bot_seed, seed=seed)
        if result.status.state == outcome and result.moves >= min_moves:
            return result
    raise AssertionError(f"no seed gives the {bot} bot a {outcome} {game} game of {min_moves}+ moves")
