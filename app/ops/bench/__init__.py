"""`python -m app bench`: the real server on a fresh database, driven by concurrent simulated players.

It prints each engine's speed alone, this stack's bare-write limit, per game and overall moves/s,
latency percentiles of moves and page loads, errors by status, compressed bytes per move answer and
per first page load, the cost of resuming a short and a long game, and each target with PASS/FAIL.
Exit status: 0 when every target passes, 1 when one fails, 2 when the bench could not run.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from app.ops.bench import account, advisor, browser, engines, probe, resume, server, storm
from app.ops.bench.players import PlayerPlan, run_player
from app.ops.bench.report import FLAT_OUT, PACED, BenchResult, PlayRun
from app.ops.bench.stats import Samples
from games.registry import all_engines, get_engine, slugs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=16, help="concurrent simulated players (default 16)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds the players play (default 30)")
    parser.add_argument("--database-url", default="",
                        help="an EMPTY database to use (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes (default 1)")
    parser.add_argument("--html-share", type=float, default=0.25, help="share of players using the HTML pages")
    parser.add_argument("--campaign-share", type=float, default=0.125, help="share of players playing campaigns")
    parser.add_argument("--probe-seconds", type=float, default=5.0, help="how long to measure the bare-write limit")
    parser.add_argument("--resume-actions", type=int, default=2000,
                        help="log length of the long session in the resume test (0 skips it)")
    parser.add_argument("--think-ms", type=float, default=1000.0,
                        help="mean pause of a player after each move in the paced run, in ms (default 1000; "
                             "0 skips the paced run: only the flat-out run is played)")
    parser.add_argument("--auth-mode", choices=("accounts", "single"), default="accounts",
                        help="accounts (default: every player signs up, scripts use API tokens, browsers the "
                             "log-in cookie and CSRF token) or single (no log-in, as `make run`)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lang", choices=("en", "es"), default="en",
                        help="the language the players read the app in (Accept-Language; default en)")
    storm.add_arguments(parser)
    browser.add_arguments(parser)
    advisor.add_arguments(parser)


def plans(args: argparse.Namespace, base_url: str, start_at: float, think_ms: float = 0.0,
          first_seed: int = 0) -> list[PlayerPlan]:
    """One plan per player: the HTML share first, then the campaign share, the rest on the JSON API."""
    n = args.players
    html = _share(n, args.html_share)
    campaign = min(_share(n, args.campaign_share), max(n - html - 1, 0))
    modes = ["html"] * html + ["campaign"] * campaign + ["json"] * (n - html - campaign)
    stop_at = start_at + args.duration
    return [PlayerPlan(base_url, mode, _game_order(mode, i), first_seed + args.seed + 100_000 * i, start_at,
                       stop_at, think_ms / 1000, args.auth_mode)
            for i, mode in enumerate(modes)]


def _game_order(mode: str, index: int) -> tuple[str, ...]:
    """Each player starts with another game, so that a short run still plays every game; campaign
    players start with the games that have campaigns."""
    games = slugs()
    if mode == "campaign":
        return tuple(sorted(games, key=lambda slug: get_engine(slug).campaign is None))
    return tuple(games[index % len(games):] + games[:index % len(games)])


def _share(players: int, share: float) -> int:
    return 0 if share <= 0 else min(players, max(1, round(players * share)))


def warm_up(base_url: str, auth_mode: str, seconds: float = 1.0) -> None:
    """One short unmeasured player of each kind, so one-time costs (templates compiled on first use,
    lazy imports) are paid before the clock starts, as on a server that has been up for a while."""
    for mode in ("json", "html", "campaign"):
        now = time.time()
        run_player(PlayerPlan(base_url, mode, tuple(slugs()), 999_000_000, now, now + seconds, 0.0, auth_mode))


def play(args: argparse.Namespace, srv: server.BenchServer, name: str, think_ms: float,
         first_seed: int) -> PlayRun:
    """Every player plays for args.duration seconds; the server's CPU is measured over the same time."""
    samples = Samples()
    with ProcessPoolExecutor(max_workers=args.players) as pool:
        probe.ready(pool, args.players)
        # Players sign up (accounts mode) before this moment, then all start together.
        start_at = time.time() + 1.0 + 0.25 * args.players
        results = pool.map(run_player, plans(args, srv.url, start_at, think_ms, first_seed))  # submitted now
        time.sleep(max(start_at - time.time(), 0))
        cpu_before = srv.cpu_seconds()  # from the moment play starts, so sign-ups do not count
        for one in results:
            samples.merge(one)
    return PlayRun(name, think_ms, samples, args.duration, srv.cpu_seconds() - cpu_before)


def bench(args: argparse.Namespace) -> BenchResult:
    os.environ[account.LANGUAGE_VARIABLE] = getattr(args, "lang", "en")
    speeds = engines.engine_speeds(seed=args.seed)
    url, scratch = server.fresh_database(args.database_url or None)
    try:
        srv = server.start(url, scratch, workers=args.workers, auth_mode=args.auth_mode)
        try:
            first = all_engines()[0].spec.slug
            cpu_before = srv.cpu_seconds()
            limit = probe.measure(srv.url, clients=args.players, seconds=args.probe_seconds, slug=first,
                                  auth_mode=args.auth_mode)
            limit.server_cpu = srv.cpu_seconds() - cpu_before
            warm_up(srv.url, args.auth_mode)
            runs = []
            if args.think_ms > 0:  # people playing: the latency they feel
                runs.append(play(args, srv, PACED, args.think_ms, first_seed=0))
            runs.append(play(args, srv, FLAT_OUT, 0.0, first_seed=50_000))  # the most the server can do
            resumed = (resume.measure(srv.url, slug=first, long=args.resume_actions, auth_mode=args.auth_mode)
                       if args.resume_actions > 10 else None)
        finally:
            srv.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)  # the SQLite file if it made one, and the server's log
    return BenchResult(_setup(args, url), speeds, limit, runs, resumed)


def _setup(args: argparse.Namespace, url: str) -> dict[str, str]:
    from sqlalchemy.engine import make_url

    modes = [p.mode for p in plans(args, "", 0.0)]
    paced = f"{args.think_ms:g} ms mean pause after each move (paced run), then none (flat-out run)"
    return {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
                   f"load average {os.getloadavg()[0]:.1f} at the end (other work on the machine skews every figure)",
        "database": make_url(url).render_as_string(hide_password=True),
        "workers": str(args.workers),
        "auth mode": args.auth_mode + (" (players sign up; scripts send API tokens, browsers the log-in cookie)"
                                       if args.auth_mode == "accounts" else " (no log-in)"),
        "players": f"{args.players} ({', '.join(f'{modes.count(m)} {m}' for m in ('json', 'html', 'campaign'))})",
        "duration": f"{args.duration:g} s per run",
        "think time": paced if args.think_ms > 0 else "none (flat-out run only)",
        "games": ", ".join(slugs()),
        "language": getattr(args, "lang", "en"),
    }


def run(args: argparse.Namespace) -> int:
    if args.storm:
        return storm.run(args)
    if args.browser:
        return browser.run(args)
    if args.advisor:
        return advisor.run(args)
    if args.players < 1 or args.duration <= 0 or args.workers < 1:
        print("players and workers must be at least 1 and duration above 0", file=sys.stderr)
        return 2
    try:
        result = bench(args)
    except RuntimeError as exc:
        print(f"bench failed: {exc}", file=sys.stderr)
        return 2
    print("\n".join(result.lines()), flush=True)
    return 0 if result.passed() else 1
