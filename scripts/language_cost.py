"""What Spanish costs a move answer (issue #16: no more than 10% slower, within the 10 KB budget).

    .venv/bin/python scripts/language_cost.py [--rounds 5] [--moves 40]

The same heuristic-bot moves of three seeds of each game are posted over HTMX twice, once read in English and
once in Spanish, move by move alternating which language goes first. Each answer's server work is measured in
process CPU time (not wall time: other work on a shared machine skews it less) and its size compressed as the
browser receives it (the board parts it holds left out: app/ui/keep.py). A round does all four games; the
ratio reported is the median of the rounds', per game and overall, since one round on a busy machine can be
off by several percent either way.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("ALLOWED_HOSTS", "testserver")

from fastapi.testclient import TestClient  # noqa: E402

from app.core.config import Settings  # noqa: E402
from app.main import create_app  # noqa: E402
from app.ui.keep import Held as Keeper  # noqa: E402
from games.engine import Rng  # noqa: E402
from games.registry import get_engine  # noqa: E402

GAMES = ["adamastor", "nemos_war", "platformer", "call_to_adventure"]
LANGS = ("en", "es")
SEEDS = (100, 101, 102)
HX = {"HX-Request": "true"}


def bot_moves(game: str, seed: int, limit: int) -> list[str]:
    engine = get_engine(game)
    state, rng = engine.new_game(seed, engine.spec.normalize_options(None)), Rng.from_seed(seed)
    moves = []
    while len(moves) < limit and not engine.status(state).over:
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        moves.append(action)
    return moves


def one_round(client: TestClient, game: str, moves: int) -> tuple[dict[str, float], dict[str, list[int]]]:
    """CPU seconds per language and compressed answer sizes, for the bot moves of every seed of `game`."""
    cpu = dict.fromkeys(LANGS, 0.0)
    sizes: dict[str, list[int]] = {lang: [] for lang in LANGS}
    for seed in SEEDS:
        sessions = {}
        for lang in LANGS:
            sid = client.post("/api/sessions", json={"game": game, "seed": seed}).json()["id"]
            page = client.get(f"/play/{sid}", headers={"Accept-Language": lang}).text
            sessions[lang] = (sid, Keeper(page))
        for version, action in enumerate(bot_moves(game, seed, moves)):
            for lang in (LANGS if version % 2 else LANGS[::-1]):
                sid, keeper = sessions[lang]
                started = time.process_time()
                r = client.post(f"/play/{sid}/act", data={"action": action, "version": str(version)},
                                headers={**HX, "Accept-Language": lang, **keeper.headers()})
                cpu[lang] += time.process_time() - started
                assert r.status_code == 200, r.text[:200]
                keeper.receive(r.text)
                sizes[lang].append(len(gzip.compress(r.content)))
    return cpu, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=40, help="moves of each seed's game")
    args = parser.parse_args()
    app = create_app(Settings(database_url=f"sqlite:///{tempfile.mkdtemp()}/cost.db", auth_mode="single"))
    ratios: dict[str, list[float]] = {game: [] for game in [*GAMES, "all"]}
    biggest = dict.fromkeys(LANGS, 0)
    with TestClient(app) as client:
        for n in range(args.rounds):
            total = dict.fromkeys(LANGS, 0.0)
            for game in GAMES:
                cpu, sizes = one_round(client, game, args.moves)
                ratios[game].append(cpu["es"] / cpu["en"])
                for lang in LANGS:
                    total[lang] += cpu[lang]
                    biggest[lang] = max(biggest[lang], *sizes[lang])
            ratios["all"].append(total["es"] / total["en"])
            print(f"round {n + 1}: Spanish/English CPU = {ratios['all'][-1]:.3f}", file=sys.stderr)
    for game, values in ratios.items():
        print(f"{game:18} Spanish costs {100 * (statistics.median(values) - 1):+5.1f}% "
              f"(rounds: {', '.join(f'{100 * (v - 1):+.1f}' for v in values)})")
    print(f"largest answer as sent, gzip: English {biggest['en']:,} B, Spanish {biggest['es']:,} B")


if __name__ == "__main__":
    main()
