"""Play many seeded games with a bot and summarise them (used by `python -m app simulate` and balance checks)."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from games.advice import AdvisorBot, Tally
from games.engine import Bot, GameEngine, Rng

MAX_ACTIONS_PER_GAME = 20_000


@dataclass
class GameResult:
    seed: int
    state: str
    score: int | None
    actions: int


@dataclass
class Summary:
    games: int
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def outcomes(self) -> Counter[str]:
        return Counter(r.state for r in self.results)

    @property
    def win_rate(self) -> float:
        return self.outcomes["won"] / len(self.results) if self.results else 0.0

    @property
    def scores(self) -> list[int]:
        return [r.score or 0 for r in self.results]

    @property
    def actions(self) -> int:
        return sum(r.actions for r in self.results)

    def lines(self) -> list[str]:
        scores = self.scores
        spread = statistics.pstdev(scores) if len(scores) > 1 else 0.0
        secs = max(self.seconds, 1e-9)
        outcome = ", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items()))
        low, high = Tally(len(self.results), self.outcomes["won"]).chance_bounds()
        return [
            f"games:        {len(self.results)} ({outcome})",
            f"win rate:     {self.win_rate:.1%} (95% interval {low:.1%}–{high:.1%})",
            f"mean score:   {statistics.fmean(scores) if scores else 0:.2f}",
            f"score spread: sd {spread:.2f}, min {min(scores, default=0)}, max {max(scores, default=0)}",
            f"speed:        {len(self.results) / secs:.1f} games/s, {self.actions / secs:.0f} actions/s",
        ]


ADVISOR = "advisor"  # every game's: the advisor's best option each time (games/advice.py)


def player(engine: GameEngine, name: str, advisor_deals: int = 8) -> Bot:
    """The game's bot called `name`, or the advisor with `advisor_deals` playouts per option and decision."""
    if name == ADVISOR:
        return AdvisorBot(advisor_deals)
    if name not in engine.bots:
        raise ValueError(f"unknown bot {name!r}; this game has: {', '.join(sorted([*engine.bots, ADVISOR]))}")
    return engine.bots[name]


def play_one(engine: GameEngine, bot_name: str, seed: int, options: dict, advisor_deals: int = 8) -> GameResult:
    bot = player(engine, bot_name, advisor_deals)
    state = engine.new_game(seed, options)
    rng = Rng.from_seed(seed ^ 0xB07)
    count = 0
    while not engine.over(state):
        if count >= MAX_ACTIONS_PER_GAME:
            raise RuntimeError(f"seed {seed}: the {bot_name} bot did not finish in {MAX_ACTIONS_PER_GAME} actions")
        actions = engine.legal_actions(state)
        state, _ = engine.apply(state, bot.choose(engine, state, actions, rng))
        count += 1
    status = engine.status(state)
    return GameResult(seed, status.state, status.score, count)


def simulate(
    engine: GameEngine,
    *,
    bot: str,
    games: int,
    seed: int = 0,
    options: dict | None = None,
    progress: Callable[[int, int], None] | None = None,
    advisor_deals: int = 8,
) -> Summary:
    player(engine, bot)  # an unknown name is refused before any game starts
    opts = engine.spec.normalize_options(options)
    summary = Summary(games)
    start = time.perf_counter()
    for i in range(games):
        summary.results.append(play_one(engine, bot, seed + i, opts, advisor_deals))
        if progress:
            progress(i + 1, games)
    summary.seconds = time.perf_counter() - start
    return summary


# --- Campaigns ------------------------------------------------------------------------------------

MAX_CAMPAIGN_STEPS = 200  # between-voyage choices and voyages together; a campaign needs far fewer


@dataclass
class CampaignResult:
    seed: int
    state: str
    score: int | None
    voyages: int
    voyages_won: int
    actions: int


@dataclass
class CampaignSummary(Summary):
    """Like `Summary`, over whole campaigns (`results` hold `CampaignResult`s)."""

    @property
    def voyages(self) -> list[int]:
        return [r.voyages for r in self.results]  # type: ignore[attr-defined]

    @property
    def voyages_won(self) -> list[int]:
        return [r.voyages_won for r in self.results]  # type: ignore[attr-defined]

    def lines(self) -> list[str]:
        lines = super().lines()
        lines[0] = lines[0].replace("games:       ", "campaigns:   ")
        lines[-1] = lines[-1].replace("games/s", "campaigns/s")
        played, won = sum(self.voyages), sum(self.voyages_won)
        mean = statistics.fmean(self.voyages_won) if self.results else 0.0
        lines.insert(
            4,
            f"voyages:      {played} played, {won} won ({won / max(played, 1):.1%}), {mean:.2f} won per campaign",
        )
        return lines


def play_campaign(engine: GameEngine, bot_name: str, seed: int, options: dict) -> CampaignResult:
    """One campaign: the campaign's bot answers between voyages, the game's bot plays each voyage."""
    camp = engine.campaign
    if camp is None:
        raise ValueError(f"{engine.spec.slug} has no campaign mode")
    game_bot, camp_bot = engine.bots[bot_name], camp.bots[bot_name]
    cstate = camp.new_campaign(seed, options)
    rng = Rng.from_seed(seed ^ 0xC0B07)
    steps = actions = played = won = 0
    while not camp.status(cstate).over:
        steps += 1
        if steps > MAX_CAMPAIGN_STEPS:
            raise RuntimeError(f"seed {seed}: the {bot_name} campaign did not finish in {MAX_CAMPAIGN_STEPS} steps")
        setup = camp.next_game(cstate)
        if setup is None:
            choice = camp_bot.choose(camp, cstate, camp.legal_actions(cstate), rng)  # type: ignore[arg-type]
            cstate, _ = camp.apply(cstate, choice)
            continue
        state = engine.new_game(setup.seed, setup.options, setup.carried)
        while not engine.over(state):
            if actions >= MAX_ACTIONS_PER_GAME * 5:
                raise RuntimeError(f"seed {seed}: the {bot_name} bot did not finish its voyages")
            state, _ = engine.apply(state, game_bot.choose(engine, state, engine.legal_actions(state), rng))
            actions += 1
        played, won = played + 1, won + (engine.status(state).state == "won")
        cstate, _ = camp.finish_game(cstate, state)
    status = camp.status(cstate)
    return CampaignResult(seed, status.state, status.score, played, won, actions)


def simulate_campaigns(
    engine: GameEngine,
    *,
    bot: str,
    games: int,
    seed: int = 0,
    options: dict | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CampaignSummary:
    """Play `games` seeded campaigns (seeds seed, seed+1, ...) with the named bot; pure, no I/O."""
    camp = engine.campaign
    if camp is None:
        raise ValueError(f"{engine.spec.slug} has no campaign mode")
    if bot not in engine.bots or bot not in camp.bots:
        raise ValueError(f"unknown bot {bot!r}; this campaign has: {', '.join(sorted(camp.bots))}")
    opts = camp.spec.normalize_options(options)
    summary = CampaignSummary(games)
    start = time.perf_counter()
    for i in range(games):
        summary.results.append(play_campaign(engine, bot, seed + i, opts))  # type: ignore[arg-type]
        if progress:
            progress(i + 1, games)
    summary.seconds = time.perf_counter() - start
    return summary
