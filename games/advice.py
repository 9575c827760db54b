"""The advisor's arithmetic (issue #28): each option's chance to win and expected score, from playouts that never peek.

A playout starts from the position the player sees, not from the saved game: the unseen (decks, face-down cards,
hidden ships and tiles, future rolls) is dealt again with `GameEngine.redeal(..., canonical=True)`, which depends on
what the player sees and on a seed only. The option is applied and the game's best bot plays it to its end. Deal `k`
is the same for every option (common random numbers: the comparison between two options is sharper than either
figure alone), and the seeds come from the advisor's seed, so the same view with the same seed gets the same advice.

Pure, like the rest of games/: the web app runs `playouts` in worker processes (app/shelf/advisor.py) and merges the
tallies; `python -m app simulate --bot advisor` plays whole games with `AdvisorBot`.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any

from games.engine import Action, GameEngine, Rng
from games.registry import get_engine

BOT = "heuristic"  # the strongest bot every game has: it finishes each playout
MAX_PLAYOUT_ACTIONS = 20_000  # a bot finishes any game far sooner (games/simulate.py has the same bound)
Z95 = 1.96


@dataclass
class Tally:
    """What the playouts of one option came to: how many, how many won, and their scores."""

    n: int = 0
    wins: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, won: bool, score: float) -> None:
        self.n += 1
        self.wins += won
        self.total += score
        self.squares += score * score

    def merge(self, other: Tally) -> None:
        self.n += other.n
        self.wins += other.wins
        self.total += other.total
        self.squares += other.squares

    @property
    def chance(self) -> float:
        return self.wins / self.n if self.n else 0.0

    def chance_bounds(self) -> tuple[float, float]:
        """The 95% Wilson interval of the chance to win (honest at 0 and at 1, unlike p ± 1.96·sd)."""
        if not self.n:
            return 0.0, 1.0
        n, p, z2 = self.n, self.chance, Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    @property
    def chance_margin(self) -> float:
        low, high = self.chance_bounds()
        return (high - low) / 2

    @property
    def score(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def score_margin(self) -> float:
        if self.n < 2:
            return math.inf
        variance = max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))
        return Z95 * math.sqrt(variance / self.n)

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "wins": self.wins, "total": self.total, "squares": self.squares}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        return cls(int(data["n"]), int(data["wins"]), float(data["total"]), float(data["squares"]))


def view_seed(engine: GameEngine, state: Any) -> int:
    """A seed drawn from what the player sees (and nothing else): the same view gets the same advice."""
    seen = json.dumps(engine.view(state), sort_keys=True, separators=(",", ":"), default=str)
    # 63 bits: it fits a signed 64-bit integer anywhere
    return int.from_bytes(hashlib.sha256(seen.encode()).digest()[:8], "big") >> 1


def deal_seed(advisor_seed: int, k: int) -> int:
    """The seed of deal `k` (the same for every option)."""
    rng = Rng.from_seed(advisor_seed ^ (k * 0x9E3779B97F4A7C15))
    return rng.next64()


def finish(engine: GameEngine, state: Any, rng: Rng, bot: str = BOT) -> Any:
    """The game played on to its end by `bot`."""
    player = engine.bots[bot]
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if engine.over(state):
            return state
        state, _ = engine.apply(state, player.choose(engine, state, engine.legal_actions(state), rng))
    raise RuntimeError(f"the {bot} bot did not finish a playout in {MAX_PLAYOUT_ACTIONS} actions")


def playouts(engine: GameEngine, state: Any, options: list[str], advisor_seed: int, deals: range,
             bot: str = BOT) -> dict[str, Tally]:
    """Each option played out once on each deal in `deals`: its tally."""
    tallies = {option: Tally() for option in options}
    for k in deals:
        seed = deal_seed(advisor_seed, k)
        dealt = engine.redeal(state, seed, canonical=True)
        for option in options:
            after, _ = engine.apply(dealt, option)
            end = engine.status(finish(engine, after, Rng.from_seed(seed ^ 0xB07), bot))
            tallies[option].add(end.state == "won", float(end.score or 0))
    return tallies


def run_batch(game: str, dumped: Any, options: list[str], advisor_seed: int, start: int, stop: int
              ) -> dict[str, dict[str, Any]]:
    """`playouts` for a worker process: the position as `dump` gives it, the tallies as JSON."""
    engine = get_engine(game)
    tallies = playouts(engine, engine.load(dumped), options, advisor_seed, range(start, stop))
    return {option: tally.to_json() for option, tally in tallies.items()}


def ranked(tallies: dict[str, Tally]) -> list[str]:
    """The options best first: the higher chance to win, then the higher expected score."""
    return sorted(tallies, key=lambda o: (-tallies[o].chance, -tallies[o].score, o))


def still_open(tallies: dict[str, Tally], *, min_n: int = 32) -> list[str]:
    """The options worth more playouts: all of them until each has `min_n`; then those whose interval still
    reaches the leader's (the others are clearly worse, and more playouts would not change the advice)."""
    if any(t.n < min_n for t in tallies.values()):
        return list(tallies)
    best = tallies[ranked(tallies)[0]]
    low, _ = best.chance_bounds()
    if best.wins:
        return [o for o, t in tallies.items() if t.chance_bounds()[1] >= low]
    # nothing won yet: the expected score decides
    floor = best.score - best.score_margin
    return [o for o, t in tallies.items() if t.score + t.score_margin >= floor]


def clearly_better(best: Tally, other: Tally, deals: int) -> bool:
    """Whether `best` beat `other` on the same deals by more than a few deals' luck: more wins by a quarter of the
    deals (two at least), or, where neither won, a higher expected score beyond its margin."""
    if best.wins or other.wins:
        return best.wins - other.wins >= max(2, deals // 4)
    return best.n >= 2 and best.score - other.score > max(best.score_margin, other.score_margin)


class AdvisorBot:
    """A player that takes the advisor's best option (for `python -m app simulate --bot advisor`): `deals`
    playouts per option on each decision with more than one choice. Where the best option is not clearly better
    than the game's bot's own choice on those deals, it keeps the bot's: a few playouts cannot tell options
    apart that the bot's rules can (policy improvement, not a coin toss among near-equals)."""

    name = "advisor"

    def __init__(self, deals: int = 16) -> None:
        self.deals = deals

    def choose(self, engine: GameEngine, state: Any, actions: list[Action], rng: Rng) -> str:
        if len(actions) == 1:
            return actions[0].id
        own = engine.bots[BOT].choose(engine, state, actions, rng)
        tallies = playouts(engine, state, [a.id for a in actions], rng.next64(), range(self.deals))
        best = ranked(tallies)[0]
        return best if clearly_better(tallies[best], tallies[own], self.deals) else own
