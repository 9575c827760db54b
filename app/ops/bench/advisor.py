"""`python -m app bench --advisor`: how fast the advisor and the game review are on this machine (issue #28).

- Playouts per second on one core, for each game, from positions a few moves into a game (games/advice.py).
- Advice on the real server (a fresh database, single mode), at decisions of each game reached by the heuristic
  bot: the time to a first figure for every option, the time until done (the leading option within ±5 points, or
  the minute), and the margin reached, as p50 and p95 over the decisions.
- A whole-game review of each game, played to its end by the heuristic bot: its decisions and how long it took.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from typing import Any

import httpx

from app.ops.bench import server
from games import advice
from games.engine import Rng
from games.registry import all_engines, get_engine

POLL_S = 0.1
REVIEW_LIMIT_S = 1800.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--advisor", action="store_true",
                        help="run only the advisor's bench: playouts per second per core, advice latency and "
                             "margin at typical decisions, and a whole-game review per game (docs/PERFORMANCE.md)")
    parser.add_argument("--advisor-decisions", type=int, default=4,
                        help="decisions asked about per game in the advisor's bench (4)")


def playouts_per_second(seconds: float = 3.0) -> dict[str, float]:
    """Each game's playouts per second on this core, from a decision a few moves into a game."""
    out = {}
    for engine in all_engines():
        state = _decision(engine, seed=1, moves=6)
        options = [a.id for a in engine.legal_actions(state)]
        done, started, k = 0, time.perf_counter(), 0
        while time.perf_counter() - started < seconds:
            tallies = advice.playouts(engine, state, options, 7, range(k, k + 1))
            done += sum(t.n for t in tallies.values())
            k += 1
        out[engine.spec.slug] = done / (time.perf_counter() - started)
    return out


def _decision(engine: Any, seed: int, moves: int) -> Any:
    """A position with a choice, `moves` or more heuristic moves into a game of `seed`."""
    state = engine.new_game(seed, engine.spec.normalize_options(None))
    rng = Rng.from_seed(seed)
    n = 0
    while not engine.status(state).over:
        actions = engine.legal_actions(state)
        if n >= moves and len(actions) >= 2:
            return state
        state, _ = engine.apply(state, engine.bots["heuristic"].choose(engine, state, actions, rng))
        n += 1
    raise RuntimeError(f"{engine.spec.slug}: no decision after {moves} moves of seed {seed}")


def _play_to(client: httpx.Client, slug: str, seed: int, *, moves: int | None) -> dict[str, Any]:
    """A game of `slug` through the API, the heuristic bot choosing (its state read from the engine's own replay
    of the moves: the API never shows it), to a decision `moves` in, or to its end."""
    engine = get_engine(slug)
    s = client.post("/api/sessions", json={"game": slug, "seed": seed}).json()
    state = engine.new_game(seed, engine.spec.normalize_options(None))
    rng = Rng.from_seed(seed)
    n = 0
    while s["status"]["state"] == "in_progress":
        if moves is not None and n >= moves and len(s["legal_actions"]) >= 2:
            return s
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        s = client.post(f"/api/sessions/{s['id']}/actions", json={"action": action, "version": s["version"]}).json()
        n += 1
    return s


def advice_latency(client: httpx.Client, slug: str, decisions: int) -> dict[str, list[float]]:
    first, done, margin = [], [], []
    for k in range(decisions):
        s = _play_to(client, slug, 500 + k, moves=4 + 7 * k)
        if s["status"]["state"] != "in_progress":
            continue
        url = f"/api/sessions/{s['id']}/advice"
        started, seen_first = time.monotonic(), None
        while True:
            answer = client.get(url)
            body = answer.json()
            if seen_first is None and all(o["playouts"] > 0 for o in body["options"]):
                seen_first = time.monotonic() - started
            if answer.status_code == 200:
                break
            url = answer.headers["location"]
            time.sleep(POLL_S)
        first.append(seen_first or time.monotonic() - started)
        done.append(time.monotonic() - started)
        margin.append(body["options"][0]["margin"])
    return {"first": first, "done": done, "margin": margin}


def review_time(client: httpx.Client, slug: str) -> tuple[int, float]:
    s = _play_to(client, slug, 900, moves=None)
    started = time.monotonic()
    client.post(f"/api/sessions/{s['id']}/review")
    while True:
        body = client.get(f"/api/sessions/{s['id']}/review").json()
        if body["state"] in ("done", "failed") or time.monotonic() - started > REVIEW_LIMIT_S:
            return body["decisions_total"], time.monotonic() - started
        time.sleep(0.5)


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(args: argparse.Namespace) -> int:
    lines = ["Advisor bench (issue #28): playouts per core, advice latency, whole-game reviews", ""]
    speeds = playouts_per_second()
    lines.append("playouts per second, one core (from a decision six moves in):")
    lines += [f"  {slug:<18} {rate:8.1f}" for slug, rate in speeds.items()]
    url, scratch = server.fresh_database(None)
    try:
        srv = server.start(url, scratch, workers=1, auth_mode="single")
        try:
            with httpx.Client(base_url=srv.url, timeout=120) as client:
                lines += ["", f"advice on the server ({args.advisor_decisions} decisions per game; seconds):",
                          f"  {'game':<18} {'first p50':>9} {'p95':>6} {'done p50':>9} {'p95':>6} {'margin p50':>10}"]
                for engine in all_engines():
                    found = advice_latency(client, engine.spec.slug, args.advisor_decisions)
                    margin = statistics.median(found["margin"]) if found["margin"] else float("nan")
                    lines.append(f"  {engine.spec.slug:<18} {_pct(found['first'], .5):9.2f}"
                                 f" {_pct(found['first'], .95):6.2f} {_pct(found['done'], .5):9.1f}"
                                 f" {_pct(found['done'], .95):6.1f} {margin:10.3f}")
                lines += ["", "a whole-game review (the heuristic bot's game of seed 900):"]
                for engine in all_engines():
                    decisions, seconds = review_time(client, engine.spec.slug)
                    lines.append(f"  {engine.spec.slug:<18} {decisions:4d} decisions in {seconds:6.1f} s")
        finally:
            srv.stop()
    except (RuntimeError, httpx.HTTPError) as exc:
        print(f"bench failed: {exc}", file=sys.stderr)
        return 2
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("\n".join(lines), flush=True)
    return 0
