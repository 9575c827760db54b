"""`python -m app bench --browser`: time from a click to the new board painted, in real Chromium.

It starts the real server on a fresh database (app.ops.bench.server), opens Debian's Chromium through
Playwright and plays the four games by clicking: for each move, a game's heuristic bot picks a legal
action from the full state (read from the database, as tests/support/driver.py does; the page never
shows it) and the browser clicks that action's `button[data-action]`, as a player would.

What is timed, inside the page (a script injected by Playwright, so the app's pages are unchanged):
- the start is the `pointerdown` on the action button (the event's own timestamp, on the page's
  performance.now() clock): the moment the player presses;
- the end is the first frame painted with the new board: a MutationObserver sees a #board with a
  new data-version enter the document (htmx's swap, inside a view transition if one is used), then a
  requestAnimationFrame callback runs just before that frame is rendered and a message posted from
  it arrives just after the frame is handed to the compositor ("after next paint"). This is tighter
  than a double rAF (which adds up to a whole frame) and, unlike htmx:afterSettle, does not include
  htmx's settle delay (20 ms), which happens after the new board is already on the screen. The
  Paint Timing and Element Timing APIs do not help here: they report only the first paint of a page,
  or elements marked with an attribute the boards do not carry.
- the answer's arrival (the Resource Timing entry of the POST) splits each move into "click to
  answer" (network and server) and "answer to paint" (parsing, swap, style, layout and paint).
- the size of each move's answer as it came over the wire (compressed), from Playwright.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from app.ops import chromium
from app.ops.bench import server
from app.ops.bench.stats import percentile
from games.engine import Rng
from games.registry import get_engine, slugs

# The browser a player uses where it is installed, else the headless shell `make test` installs (app/ops/chromium.py).
CHROMIUM = chromium.find(chromium.FULL)
STEP_TIMEOUT_MS = 20_000

# Runs in every page before the app's own scripts. Keeps one record per move in window.__bench.
TIMER_SCRIPT = """
(() => {
  const bench = window.__bench = {moves: [], pending: null};
  const afterNextPaint = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  });
  document.addEventListener('pointerdown', (event) => {
    const button = event.target.closest && event.target.closest('button[data-action]');
    const board = document.querySelector('#board');
    if (!button || !board) return;
    bench.pending = {action: button.dataset.action, start: event.timeStamp,
                     from: board.dataset.version, swapped: null, painted: null};
  }, true);
  new MutationObserver(() => {
    const move = bench.pending;
    const board = document.querySelector('#board');
    if (!move || move.swapped !== null || !board || board.dataset.version === move.from) return;
    move.swapped = performance.now();
    move.to = board.dataset.version;
    afterNextPaint((t) => {
      move.painted = t;
      const answers = performance.getEntriesByType('resource').filter((e) =>
        e.initiatorType === 'xmlhttprequest' && e.startTime >= move.start);
      move.answered = answers.length ? answers[answers.length - 1].responseEnd : null;
      performance.clearResourceTimings();  // the buffer holds 250 entries: keep it from filling up
      bench.moves.push(move);
      bench.pending = null;
    });
  }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-version']});
})();
"""
# True once the move is painted and htmx has finished settling (so the next click meets a still board).
MOVE_DONE = """(count) => window.__bench && window.__bench.moves.length >= count &&
  !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--browser", action="store_true",
                        help="run only the browser bench: real Chromium plays the four games by clicking and "
                             "times each click to the new board painted (see docs/PERFORMANCE.md, Browser)")
    parser.add_argument("--browser-moves", type=int, default=200,
                        help="measured moves in the browser bench, shared among the games (200)")
    parser.add_argument("--browser-warmup", type=int, default=3,
                        help="unmeasured moves per game first, so first-use costs are not timed (3)")
    parser.add_argument("--viewport", default="1366x900", help="the browser window, WIDTHxHEIGHT (1366x900)")


@dataclass
class Move:
    game: str
    action: str
    click_to_paint: float  # ms
    click_to_answer: float | None  # ms
    answer_bytes: int  # compressed, as received


@dataclass
class BrowserResult:
    setup: dict[str, str]
    moves: list[Move] = field(default_factory=list)
    games_played: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        out = ["== browser: click to new board painted, real Chromium", *(f"{k + ':':13} {v}" for k, v in
                                                                        self.setup.items())]
        out.append(f"{'game':18} {'moves':>5} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'largest answer':>15}")
        for game in sorted({m.game for m in self.moves}):
            out.append(_row(game, [m for m in self.moves if m.game == game]))
        out.append(_row("all four", self.moves))
        answered = [m.click_to_answer for m in self.moves if m.click_to_answer is not None]
        tails = [m.click_to_paint - m.click_to_answer for m in self.moves if m.click_to_answer is not None]
        if answered:
            out.append(f"click to answer (network + server) p50 {percentile(answered, 50):.1f} ms, "
                       f"p95 {percentile(answered, 95):.1f} ms; answer to paint (swap, layout, paint) "
                       f"p50 {percentile(tails, 50):.1f} ms, p95 {percentile(tails, 95):.1f} ms")
        biggest = max(self.moves, key=lambda m: m.answer_bytes, default=None)
        if biggest is not None:
            out.append(f"largest move answer: {biggest.answer_bytes / 1000:.1f} KB compressed "
                       f"({biggest.game}, {biggest.action})")
        out.append("games started: " + ", ".join(f"{g} {n}" for g, n in self.games_played.items()))
        return out


def _row(name: str, moves: list[Move]) -> str:
    times = [m.click_to_paint for m in moves]
    largest = max((m.answer_bytes for m in moves), default=0)
    return (f"{name:18} {len(moves):>5} {percentile(times, 50):>7.1f} {percentile(times, 95):>7.1f} "
            f"{max(times, default=0):>7.1f} {largest / 1000:>12.1f} KB")


class GamePlayer:
    """One game at a time of one kind, in the browser tab; a finished game is replaced by a new one."""

    def __init__(self, page: Any, base_url: str, database_url: str, game: str, seed: int) -> None:
        import sqlalchemy as sa

        self.page, self.base_url, self.game, self.seed = page, base_url, game, seed
        self.engine = get_engine(game)
        self.bot = self.engine.bots["heuristic"]
        self.rng = Rng.from_seed(seed)
        self.db = sa.create_engine(database_url)
        self.session_id = ""
        self.started = 0

    def start(self) -> None:
        self.seed += 1
        resp = httpx.post(f"{self.base_url}/api/sessions", timeout=30,
                          json={"game": self.game, "seed": self.seed, "name": f"browser bench {self.seed}"})
        resp.raise_for_status()
        self.session_id = resp.json()["id"]
        self.started += 1
        self.page.goto(f"{self.base_url}/play/{self.session_id}")
        self.page.wait_for_selector("#board")

    def _state(self) -> Any:
        import sqlalchemy as sa

        with self.db.connect() as conn:
            raw = conn.execute(sa.text("SELECT state FROM snapshots WHERE session_id = :sid"),
                               {"sid": self.session_id}).scalar_one()
        return self.engine.load(json.loads(raw) if isinstance(raw, str | bytes) else raw)

    def move(self) -> Move:
        """Click one legal action and wait until its board is painted; start a new game when one ends."""
        state = self._state() if self.session_id else None
        if state is None or self.engine.status(state).over:
            self.start()
            state = self._state()
        actions = self.engine.legal_actions(state)
        choice = self.bot.choose(self.engine, state, actions, self.rng)
        button = self._button(choice)
        if button is None:  # the bot's pick is not on the page (a board's bug): click another legal action
            for other in actions:
                button = self._button(other.id)
                if button is not None:
                    choice = other.id
                    break
        if button is None:
            raise RuntimeError(f"{self.game}: no visible button for any legal action at {self.page.url}")
        self.page.bring_to_front()  # a tab in the background may get its frames throttled
        count = self.page.evaluate("window.__bench.moves.length")
        answers: list[Any] = []

        def answered(response: Any) -> None:
            if response.request.method == "POST" and response.url.endswith("/act"):
                answers.append(response)

        self.page.on("response", answered)
        try:
            # A move told step by step (static/js/story.js) takes a click as "skip": skip it first, as a player
            # clicking on at once does, so the timed click is the move's.
            self.page.evaluate("() => window.soloShelfStory && window.soloShelfStory.skip()")
            button.click()
            self.page.wait_for_function(MOVE_DONE, arg=count + 1, timeout=STEP_TIMEOUT_MS)
        finally:
            self.page.remove_listener("response", answered)
        sizes = [r.request.sizes()["responseBodySize"] for r in answers]
        record = self.page.evaluate("window.__bench.moves[window.__bench.moves.length - 1]")
        answer = record.get("answered")
        return Move(self.game, choice, record["painted"] - record["start"],
                    None if answer is None else answer - record["start"], max(sizes, default=0))

    def _button(self, action_id: str) -> Any:
        quoted = action_id.replace("\\", "\\\\").replace('"', '\\"')
        button = self.page.locator(f'button[data-action="{quoted}"]:enabled').filter(visible=True).first
        return button if button.count() else None


def measure(base_url: str, database_url: str, *, moves: int, warmup: int, viewport: tuple[int, int],
            seed: int = 0, games: list[str] | None = None) -> BrowserResult:
    """Play `moves` measured moves shared among the games (after `warmup` unmeasured each).

    Each game is played in its own tab, its moves one after another, as a player does: a tab brought back to the
    front repaints the whole page first, which no player's move pays (the round-robin among four tabs of earlier
    builds timed that repaint into every move)."""
    from playwright.sync_api import sync_playwright

    games = games or slugs()
    result = BrowserResult({})
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=chromium.ARGS)
        try:
            context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
            context.add_init_script(TIMER_SCRIPT)
            for i, game in enumerate(games):
                page = context.new_page()
                player = GamePlayer(page, base_url, database_url, game, seed + 1000 * i)
                for _ in range(warmup):
                    player.move()
                share = moves // len(games) + (1 if i < moves % len(games) else 0)
                result.moves.extend(player.move() for _ in range(share))
                result.games_played[game] = player.started
                page.close()
        finally:
            browser.close()
    return result


def _viewport(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def bench(args: argparse.Namespace) -> BrowserResult:
    viewport = _viewport(args.viewport)
    url, scratch = server.fresh_database(args.database_url or None)
    try:
        srv = server.start(url, scratch, workers=args.workers, auth_mode="single")
        try:
            result = measure(srv.url, url, moves=args.browser_moves, warmup=args.browser_warmup,
                             viewport=viewport, seed=args.seed)
        finally:
            srv.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    result.setup = _setup(args, viewport)
    return result


def _setup(args: argparse.Namespace, viewport: tuple[int, int]) -> dict[str, str]:
    import platform

    return {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at "
                   "the end (other work on the machine skews every figure)",
        "browser": f"{CHROMIUM}, headless, {viewport[0]}x{viewport[1]}",
        "server": f"one process, {args.workers} worker(s), single mode, fresh database",
        "moves": f"{args.browser_moves} measured ({args.browser_warmup} unmeasured per game first), "
                 "shared among the games, each played in its own tab, picked by each game's heuristic bot",
    }


def run(args: argparse.Namespace) -> int:
    if args.browser_moves < 1 or args.browser_warmup < 0:
        print("--browser-moves must be at least 1 and --browser-warmup at least 0", file=sys.stderr)
        return 2
    if not os.path.exists(CHROMIUM):
        print(f"bench failed: no Chromium at {CHROMIUM}: install Debian's 'chromium' (or 'chromium-headless-shell')"
              " package, or set CHROMIUM", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        result = bench(args)
    except (RuntimeError, ValueError) as exc:
        print(f"bench failed: {exc}", file=sys.stderr)
        return 2
    print("\n".join(result.lines()), flush=True)
    print(f"({time.monotonic() - started:.0f} s in all)", flush=True)
    return 0
