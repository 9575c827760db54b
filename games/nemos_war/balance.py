"""Balance figures for RULINGS.md: the heuristic bot's scores, victory levels and endings per commitment.

    .venv/bin/python -m games.nemos_war.balance --games 1000 [--option key=value ...]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from games.engine import Rng
from games.nemos_war.components import COMMITMENTS
from games.nemos_war.engine import NemosWarEngine
from games.nemos_war.scoring import summary


def play(engine: NemosWarEngine, seed: int, options: dict, bot: str) -> tuple[int, str, str]:
    s = engine.new_game(seed, options)
    rng = Rng.from_seed(seed ^ 0xB07)
    while s.phase != "over":
        s, _ = engine.apply(s, engine.bots[bot].choose(engine, s, engine.legal_actions(s), rng))
    sm = summary(engine.components, s)
    return sm["total"], sm["level"], s.end_reason


def report(engine: NemosWarEngine, commitment: str, games: int, options: dict, bot: str) -> list[str]:
    results = [play(engine, seed, {**options, "commitment": commitment}, bot) for seed in range(games)]
    scores = [r[0] for r in results]
    levels = Counter(r[1] for r in results)
    ends = Counter(r[2] for r in results)
    order = [lv["name"] for lv in engine.components.tables["levels"]]
    q = statistics.quantiles(scores, n=4)
    return [
        f"{commitment}: mean {statistics.fmean(scores):.1f}, sd {statistics.pstdev(scores):.1f}, "
        f"quartiles {q[0]:.0f}/{q[1]:.0f}/{q[2]:.0f}, min {min(scores)}, max {max(scores)}",
        "  levels: " + ", ".join(f"{name} {levels[name] / games:.1%}" for name in order),
        "  endings: " + ", ".join(f"{k} {v / games:.1%}" for k, v in sorted(ends.items())),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--commitment", action="append", choices=COMMITMENTS)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    engine = NemosWarEngine()
    for commitment in args.commitment or COMMITMENTS:
        print("\n".join(report(engine, commitment, args.games, options, args.bot)), flush=True)


if __name__ == "__main__":
    main()
