"""Simulated players: each one a process that plays real games against the server until its time is up.

A player rebuilds every game locally with the same engine, seed and options and applies the same
actions, so the game's own `heuristic` bot chooses each move (the engines are deterministic, so the
local state equals the server's). A player plays through the JSON API, through the HTML/HTMX pages
like a browser, or whole campaigns through the campaign API.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass
from typing import Any

import httpx

from app.ops.bench import account
from app.ops.bench.stats import GameSamples, Samples
from app.ui import keep
from games.engine import GameEngine, Rng
from games.registry import get_engine

BOT = "heuristic"
RELOAD_EVERY = 25  # an HTML player reloads its board this often, as someone coming back to a game would
ASSET = re.compile(r"""(?:href|src)="(/(?:static|assets)/[^"#?]+)""")
HTMX = {"HX-Request": "true"}
NO_ANSWER = 0  # the "status" counted when a request got no HTTP answer


@dataclass(frozen=True)
class PlayerPlan:
    base_url: str
    mode: str  # "json" | "html" | "campaign"
    slugs: tuple[str, ...]
    seed: int
    start_at: float  # time.time() when everyone starts
    stop_at: float
    think: float = 0.0  # mean pause after each move, seconds (0: play flat out)
    auth_mode: str = "single"  # "accounts": the player signs up first (app/ops/bench/account.py)


def run_player(plan: PlayerPlan) -> Samples:
    """Play games of every game in turn, starting a new one when one ends, until plan.stop_at."""
    samples = Samples()
    player = _Player(plan, samples)  # signs up first (accounts mode): not part of the measured time
    wait = plan.start_at - time.time()
    if wait > 0:
        time.sleep(wait)
    player.think()  # paced players arrive at their own moments, not all in the same millisecond
    try:
        seed = plan.seed
        while time.time() < plan.stop_at:
            for slug in plan.slugs:
                if time.time() >= plan.stop_at:
                    break
                try:
                    player.play(slug, seed)
                except httpx.HTTPError:  # no answer at all (refused, reset, timed out): status 0
                    samples.of(slug).errors[NO_ANSWER] += 1
                seed += 1
    finally:
        player.client.close()
    return samples


class _Player:
    def __init__(self, plan: PlayerPlan, samples: Samples) -> None:
        self.plan = plan
        self.samples = samples
        self.client = account.client(plan.base_url, plan.auth_mode, kind="browser" if plan.mode == "html" else "script",
                                     name=f"bench {plan.mode} {plan.seed}")
        self.asset_sizes: dict[str, int] = {}
        self.pauses = random.Random(plan.seed)

    def live(self) -> bool:
        return time.time() < self.plan.stop_at

    def think(self) -> None:
        """Pause like a person choosing the next move (exponential, so players do not move in step)."""
        if self.plan.think > 0:
            time.sleep(min(self.pauses.expovariate(1 / self.plan.think), max(self.plan.stop_at - time.time(), 0)))

    def play(self, slug: str, seed: int) -> None:
        engine = get_engine(slug)
        if self.plan.mode == "html":
            self.html_game(engine, seed)
        elif self.plan.mode == "campaign" and getattr(engine, "campaign", None) is not None:
            self.campaign(engine, seed)
        else:
            self.json_game(engine, seed)

    # ------------------------------------------------------------------ JSON API

    def json_game(self, engine: GameEngine, seed: int) -> None:
        slug = engine.spec.slug
        resp = self.client.post("/api/sessions", json={"game": slug, "seed": seed, "name": f"bench {seed}"})
        if resp.status_code != 201:
            self.samples.of(slug).errors[resp.status_code] += 1
            return
        state = engine.new_game(seed, engine.spec.normalize_options(None))
        self.json_moves(engine, resp.json()["id"], 0, state, Rng.from_seed(seed ^ 0xB07))

    def json_moves(self, engine: GameEngine, session_id: str, version: int, state: Any, rng: Rng) -> Any:
        """Play one session to its end (or until time is up); the final local state."""
        out = self.samples.of(engine.spec.slug)
        bot = engine.bots[BOT]
        while not engine.status(state).over and self.live():
            action = bot.choose(engine, state, engine.legal_actions(state), rng)
            start = time.perf_counter()
            resp = self.client.post(f"/api/sessions/{session_id}/actions", json={"action": action, "version": version})
            elapsed = time.perf_counter() - start
            if resp.status_code != 200:
                out.errors[resp.status_code] += 1
                return None  # the local game no longer follows the server's: leave this one
            out.moves.add(elapsed, resp.num_bytes_downloaded)
            state, _ = engine.apply(state, action)
            version += 1
            self.think()
        if engine.status(state).over:
            out.games_finished += 1
        return state

    # ------------------------------------------------------------------ HTML pages, like a browser

    def html_game(self, engine: GameEngine, seed: int) -> None:
        slug = engine.spec.slug
        out = self.samples.of(slug)
        resp = self.client.post(f"/games/{slug}/new", data={"seed": str(seed), "name": f"bench {seed}"})
        if resp.status_code != 303:
            out.errors[resp.status_code] += 1
            return
        page = resp.headers["location"]
        html = self.load_page(page, out, first=True)
        if html is None:
            return
        held = keep.Held(html)  # the board parts a browser keeps between moves (static/js/keep.js)
        state = engine.new_game(seed, engine.spec.normalize_options(None))
        rng, bot, version = Rng.from_seed(seed ^ 0xB07), engine.bots[BOT], 0
        while not engine.status(state).over and self.live():
            action = bot.choose(engine, state, engine.legal_actions(state), rng)
            start = time.perf_counter()
            resp = self.client.post(f"{page}/act", data={"action": action, "version": str(version)},
                                    headers={**HTMX, **held.headers()})
            elapsed = time.perf_counter() - start
            if resp.status_code != 200:
                out.errors[resp.status_code] += 1
                return
            out.moves.add(elapsed, resp.num_bytes_downloaded)
            held.receive(resp.text)
            state, _ = engine.apply(state, action)
            version += 1
            self.think()
            if version % RELOAD_EVERY == 0:
                html = self.load_page(page, out, first=False)
                if html is None:
                    return
                held = keep.Held(html)
        if engine.status(state).over:
            out.games_finished += 1

    def load_page(self, page: str, out: GameSamples, *, first: bool) -> str | None:
        """The page's HTML (None when it failed), its time and size counted."""
        start = time.perf_counter()
        resp = self.client.get(page)
        elapsed = time.perf_counter() - start
        if resp.status_code != 200:
            out.errors[resp.status_code] += 1
            return None
        out.pages.add(elapsed, resp.num_bytes_downloaded)
        if first:
            assets = sorted(set(ASSET.findall(resp.text)))
            out.first_loads.append(resp.num_bytes_downloaded + sum(self.asset_size(a, out) for a in assets))
        return resp.text

    def asset_size(self, path: str, out: GameSamples) -> int:
        """Compressed size of a static asset, fetched once per player (a browser caches it)."""
        if path not in self.asset_sizes:
            resp = self.client.get(path)
            if resp.status_code != 200:
                out.errors[resp.status_code] += 1
            self.asset_sizes[path] = resp.num_bytes_downloaded
        return self.asset_sizes[path]

    # ------------------------------------------------------------------ campaigns

    def campaign(self, engine: GameEngine, seed: int) -> None:
        slug, camp = engine.spec.slug, engine.campaign
        out = self.samples.of(f"campaign:{slug}")
        resp = self.client.post("/api/campaigns", json={"game": slug, "seed": seed, "name": f"bench {seed}"})
        if resp.status_code != 201:
            out.errors[resp.status_code] += 1
            return
        cv = resp.json()
        cstate = camp.new_campaign(seed, camp.spec.normalize_options(None))
        rng = Rng.from_seed(seed ^ 0xC0B07)
        while not camp.status(cstate).over and self.live():
            setup = camp.next_game(cstate)
            if setup is None:
                choice = camp.bots[BOT].choose(camp, cstate, camp.legal_actions(cstate), rng)
                start = time.perf_counter()
                resp = self.client.post(f"/api/campaigns/{cv['id']}/actions",
                                        json={"action": choice, "version": cv["version"]})
                if resp.status_code != 200:
                    out.errors[resp.status_code] += 1
                    return
                out.moves.add(time.perf_counter() - start, resp.num_bytes_downloaded)
                cstate, _ = camp.apply(cstate, choice)
                cv = resp.json()
                self.think()
                continue
            cv = self.client.get(f"/api/campaigns/{cv['id']}").json()
            session = self.client.get(f"/api/sessions/{cv['current_session']}").json()
            state = engine.new_game(setup.seed, setup.options, setup.carried)
            final = self.json_moves(engine, session["id"], session["version"], state, rng)
            if final is None or not engine.status(final).over:
                return
            cstate, _ = camp.finish_game(cstate, final)
            cv = self.client.get(f"/api/campaigns/{cv['id']}").json()
        if camp.status(cstate).over:
            out.games_finished += 1
