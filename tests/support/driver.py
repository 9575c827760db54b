"""Plays a game through the real page: a bot picks, the browser clicks.

The test side may read the database: the bot needs the full game state, which the page never
shows (deck order, RNG). Each step reads the session's snapshot, asks the bot for an action,
clicks that action's button and waits until HTMX has swapped in a board with a new version.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import sqlalchemy as sa
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.engine import Rng
from games.registry import get_engine

STEP_TIMEOUT_MS = 20_000
# True once #board is (or is no longer) at version v and htmx has finished swapping and settling
# it: while settling, htmx gives new elements their predecessors' attributes (a hidden #notice).
_BOARD_SETTLED = """([v, atVersion]) => {
  const board = document.querySelector('#board');
  return !!board && (board.dataset.version === v) === atVersion &&
    !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added');
}"""
# An element the player can see, not only one on the screen: the point at its centre is the element itself (not
# clipped by a scroll box, not under another part). For `locator.evaluate`.
SEEN = """el => { const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y); return !!hit && el.contains(hit); }"""
_ENABLED_ACTIONS = "els => els.filter(e => !e.disabled).map(e => e.dataset.action)"
_UNNAMED_ACTIONS = """els => els.filter(e =>
  !(e.getAttribute('aria-label') || e.getAttribute('title') || e.textContent || '').trim()
).map(e => e.dataset.action)"""


@contextmanager
def explained(page: Page, server: Any, what: str) -> Iterator[None]:
    """Turn a Playwright timeout into a failure that says which part of the journey broke."""
    try:
        yield
    except PlaywrightTimeout as exc:
        first_line = str(exc).splitlines()[0]
        raise AssertionError(
            f"{what} failed at {page.url}: {first_line}\n  server log:\n{server.log_tail(25)}"
        ) from None


# A move of several steps is told one by one (static/js/story.js) and, while it is, a click only skips it.
_SKIP_STORY = "() => window.soloShelfStory && window.soloShelfStory.skip()"
# What the page did with the driver's last presses, kept in the page so that a step that goes nowhere can say
# where its click went: each press (and whether a script stopped it before it bubbled back up to the window), each
# request htmx sent and each board it settled, a story told or skipped, and a page that loaded again.
_TRACE = """() => {
  if (window.__driverTrace) return;
  const trace = window.__driverTrace = [], t0 = performance.now();
  const note = (what) => {
    trace.push(`${Math.round(performance.now() - t0)}ms ${what}`);
    trace.splice(0, trace.length - 40);
  };
  const name = (el) => { const a = el && el.closest && el.closest('[data-action]');
    if (a) return a.dataset.action;
    return el && el.tagName ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : String(el); };
  const telling = () => window.soloShelfStory && window.soloShelfStory.plan() ? ' (while a story is told)' : '';
  const seen = new Set();
  ['pointerdown', 'click', 'submit'].forEach((type) => {
    window.addEventListener(type, (e) => { seen.add(e); note(`${type} on ${name(e.target)}${telling()}`); }, true);
    window.addEventListener(type, (e) => { seen.delete(e);
      if (e.defaultPrevented) note(`${type} on ${name(e.target)}: default prevented`); }, false);
    document.addEventListener(type, (e) => setTimeout(() => {
      if (seen.delete(e)) note(`${type} on ${name(e.target)}: stopped by a script`); }), true);
  });
  // a smooth scroll under way (table.js brings the next decision into view): its end, or its last frame, is noted
  window.__scrollAt = 0;
  window.__scrollEnded = true;
  window.addEventListener('scroll', () => {
    window.__scrollAt = performance.now();
    window.__scrollEnded = false;
  }, true);
  window.addEventListener('scrollend', () => { window.__scrollEnded = true; }, true);
  ['htmx:beforeRequest', 'htmx:afterRequest', 'htmx:afterSettle', 'story:told'].forEach((type) =>
    document.addEventListener(type, (e) => note(`${type} ${name(e.detail && e.detail.elt || e.target)}`)));
  note(`trace installed at ${location.pathname}`);
}"""
_TRACE_READ = "() => window.__driverTrace || ['(no trace: the page loaded again since)']"
# The page is still: no scroll under way (table.js scrolls smoothly to the next decision after a move). A button
# moving between the press and the release takes no click (the release lands elsewhere), and Playwright checks
# what it hits at the press only. A scroll that never reports its end counts as over after a second without frames.
_STILL = "() => window.__scrollEnded !== false || performance.now() - window.__scrollAt > 1000"


def start_game(page: Page, server: Any, slug: str, seed: int = 5) -> str:
    """A new game of `slug` with `seed`, started from its page as a player does; its session id once the board is in."""
    with explained(page, server, f"starting a game of {slug}"):
        page.goto(f"{server.base_url}/games/{slug}")
        page.locator('input[name="seed"]').fill(str(seed))
        page.locator("#new-game").click()
        page.wait_for_url(re.compile(r"/play/[^/?#]+$"))
        page.locator("#board").wait_for()
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def wait_for_board(page: Page, version: int, *, at_version: bool, told: bool = False) -> None:
    """Wait until the settled board shows `version` (at_version) or any other one (not at_version).

    The move's story is skipped, as a player who clicks on at once skips it, unless `told`: then it is
    left playing (tests of the story itself)."""
    page.wait_for_function(_BOARD_SETTLED, arg=[str(version), at_version], timeout=STEP_TIMEOUT_MS)
    if not told:
        page.evaluate(_SKIP_STORY)


def folded_behind(page: Page, action_id: str):
    """The visible summaries of closed <details> that hold the action's button (a hand card's swaps, a group of the
    bar): one tap away."""
    return page.locator(f"details:not([open]):has({action_selector(action_id)}) > summary").filter(visible=True)


def action_selector(action_id: str) -> str:
    quoted = action_id.replace("\\", "\\\\").replace('"', '\\"')
    return f'button[data-action="{quoted}"]'


class BoardDriver:
    def __init__(
        self, page: Page, server: Any, session_id: str, game: str, *, bot_seed: int, bot: str = "heuristic",
        told: bool = False,
    ) -> None:
        self.page = page
        self.told = told  # leave each move's story playing (wait_for_board)
        self.server = server
        self.session_id = session_id
        self.engine = get_engine(game)
        self.bot = self.engine.bots[bot]
        self.rng = Rng.from_seed(bot_seed)
        self.db = sa.create_engine(server.database_url)
        self.steps = 0
        self.history: list[str] = []

    # What the page, the database and the API say right now.
    def version(self) -> int:
        return int(self.page.locator("#board").get_attribute("data-version"))

    def page_status(self) -> str:
        return self.page.locator("#board").get_attribute("data-status")

    def state(self) -> Any:
        query = sa.text("SELECT state FROM snapshots WHERE session_id = :sid")
        with self.db.connect() as conn:
            raw = conn.execute(query, {"sid": self.session_id}).scalar_one()
        return self.engine.load(json.loads(raw) if isinstance(raw, str | bytes) else raw)

    def api(self) -> dict:
        url = f"{self.server.base_url}/api/sessions/{self.session_id}"
        with urllib.request.urlopen(url, timeout=10) as resp:
            return json.load(resp)

    def page_actions(self) -> list[str]:
        return self.page.eval_on_selector_all("button[data-action]", _ENABLED_ACTIONS)

    def over(self) -> bool:
        return self.engine.status(self.state()).over

    # Moves.
    def step(self, *, keyboard: bool = False) -> str:
        state = self.state()
        actions = self.engine.legal_actions(state)
        assert actions, f"step {self.steps}: the game is in progress but offers no legal action"
        action_id = self.bot.choose(self.engine, state, actions, self.rng)
        before = self.version()
        self.page.evaluate(_TRACE)
        if not self.told:  # a story that began after the board settled would swallow this click
            self.page.evaluate(_SKIP_STORY)
        self.page.wait_for_function(_STILL, timeout=STEP_TIMEOUT_MS)
        button = self.page.locator(action_selector(action_id)).filter(visible=True).first
        if button.count() == 0:  # folded behind its piece (a hand card's swaps): pick the piece first, as a player
            summary = folded_behind(self.page, action_id)
            if summary.count():
                summary.first.click()
                button = self.page.locator(action_selector(action_id)).filter(visible=True).first
        if button.count() == 0:
            raise AssertionError(self._explain(f"no visible button for the legal action {action_id!r}", before))
        if keyboard:
            button.focus()
            assert button.evaluate("el => el === document.activeElement"), "the action button took no focus"
            self.page.keyboard.press("Enter")
        else:
            button.click()
        self._wait_moved_on(action_id, before)
        self.steps += 1
        self.history.append(action_id)
        return action_id

    def play(self, moves: int) -> None:
        for _ in range(moves):
            if self.over():
                return
            self.step()

    def play_to_end(self, *, max_moves: int, check_every: int = 0) -> None:
        for n in range(max_moves):
            if self.over():
                return
            if check_every and n and n % check_every == 0:
                self.check_buttons_match_api(f"after {self.steps} moves")
            self.step()
        raise AssertionError(f"the game did not end within {max_moves} more moves (now at version {self.version()})")

    def _wait_moved_on(self, action_id: str, before: int) -> None:
        try:
            wait_for_board(self.page, before, at_version=False, told=self.told)
        except PlaywrightTimeout:
            raise AssertionError(
                self._explain(f"clicking {action_id!r} did not move the board on within {STEP_TIMEOUT_MS} ms", before)
            ) from None
        after = self.version()
        assert after > before, f"{action_id!r}: the board went from version {before} back to {after}"

    # Checks.
    def check_buttons_match_api(self, when: str) -> None:
        data = self.api()
        assert data["version"] == self.version(), (
            f"{when}: the page shows version {self.version()}, the API says {data['version']}"
        )
        api_ids = {a["id"] for a in data["legal_actions"]}
        engine_ids = {a.id for a in self.engine.legal_actions(self.state())}
        assert api_ids == engine_ids, f"{when}: the API and the saved state disagree on the legal actions"
        on_page = set(self.page_actions())
        missing = sorted(api_ids - on_page)
        extra = sorted(on_page - api_ids)
        assert not missing, f"{when}: legal actions without a button on the page: {missing}"
        assert not extra, f"{when}: enabled buttons for actions that are not legal: {extra}"
        unnamed = self.page.eval_on_selector_all("button[data-action]", _UNNAMED_ACTIONS)
        assert not unnamed, f"{when}: action buttons a screen reader cannot name: {unnamed}"

    def _explain(self, problem: str, before: int) -> str:
        notice = self.page.locator("#notice")
        notice_text = notice.first.inner_text() if notice.count() else "(no #notice)"
        board = self.page.locator("#board")
        now = board.get_attribute("data-version") if board.count() else "(no #board)"
        return (
            f"step {self.steps}: {problem}\n"
            f"  board version before: {before}, now: {now}; notice: {notice_text!r}\n"
            f"  enabled action buttons: {self.page_actions()}\n"
            f"  last moves: {self.history[-8:]}\n"
            f"  what the page did: {self.page.evaluate(_TRACE_READ)}\n"
            f"  server log:\n{self.server.log_tail(25)}"
        )


def take_back_a_move(page: Page, server: Any, driver: BoardDriver, tries: int = 40) -> None:
    """Play until a move can be undone, click Undo, and check that the earlier choices are back."""
    for _ in range(tries):
        offered = {a["id"] for a in driver.api()["legal_actions"]}
        driver.step()
        if driver.api()["can_undo"]:
            break
    else:
        raise AssertionError(f"no undoable move came up in {tries} moves: {driver.history}")
    version = driver.version()
    undo = page.locator("#undo")
    assert undo.is_visible(), "the API allows undo but the page shows no undo button"
    with explained(page, server, "clicking undo"):
        undo.click()
        wait_for_board(page, version, at_version=False)
    after = driver.api()
    assert after["version"] == version + 1, "undo is not recorded as a new version"
    assert {a["id"] for a in after["legal_actions"]} == offered, "undo did not bring back the earlier choices"
    driver.check_buttons_match_api("after undo")


# The enabled action buttons a tap at their centre would miss: another element (a neighbour's label, an
# overlay) is on top there. Each button is first scrolled to the middle of its scroll containers.
_MISSED_AT_CENTRE = """() => [...document.querySelectorAll('#board button[data-action]:not([disabled])')]
  .filter(b => b.getClientRects().length).flatMap(b => {
    b.scrollIntoView({block: 'center', inline: 'center'});
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit === b || b.contains(hit)) return [];
    const owner = hit.closest('[data-action]');
    const what = owner ? owner.dataset.action : `${hit.tagName.toLowerCase()}.${hit.className}`;
    return [`${b.dataset.action} (under ${what})`];
  })"""


def check_fits_screen(tab: Page, driver: BoardDriver, width: int, *, rounds: int, moves_between: int,
                      exactly_one: bool = False) -> None:
    """At this width the page never scrolls sideways, every legal action has a visible button
    (exactly one with `exactly_one`) and a tap at a button's centre reaches it, checked `rounds`
    times with some moves in between."""
    for _ in range(rounds):
        where = f"{width}px wide, after {driver.steps} moves"
        overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{where}: the page scrolls sideways by {overflow}px"
        for action in driver.api()["legal_actions"]:
            visible = tab.locator(action_selector(action["id"])).filter(visible=True)
            # or one tap away: in a closed <details> whose summary shows (a hand card's swaps, a group of the bar)
            folded = folded_behind(tab, action["id"]).count()
            if exactly_one:  # once on the board (its component or its panel), and at most once in the action bar
                on_board = tab.locator(f"#board {action_selector(action['id'])}").filter(visible=True).count()
                in_bar = tab.locator(f"#table-bar {action_selector(action['id'])}").filter(visible=True).count()
                assert on_board <= 1 and in_bar <= 1 and visible.count() == on_board + in_bar, (
                    f"{where}: {on_board} visible buttons on the board and {in_bar} in the bar for {action['id']!r}")
                assert visible.count() + folded >= 1, f"{where}: no button, shown or folded, for {action['id']!r}"
            else:
                assert visible.count() or folded, f"{where}: no visible button for {action['id']!r}"
        missed = tab.evaluate(_MISSED_AT_CENTRE)
        assert not missed, f"{where}: a tap at the centre of these buttons lands on something else: {missed}"
        tab.evaluate("window.scrollTo(0, 0)")
        driver.play(moves_between)


def play_by_api(server, slug: str, seed: int, options: dict | None = None, *, until=None, limit: int = 3000):
    """A game made through the JSON API and played by the heuristic bot (quicker than clicking) until
    `until(engine, state)` says stop, or the game ends. Returns (session id, the game's state)."""
    eng = get_engine(slug)
    opts = eng.spec.normalize_options(options)
    with httpx.Client(base_url=server.base_url, timeout=30) as api:
        r = api.post("/api/sessions", json={"game": slug, "seed": seed, "options": opts})
        assert r.status_code == 201, r.text
        sid, version = r.json()["id"], r.json()["version"]
        s, rng = eng.new_game(seed, opts), Rng.from_seed(seed)
        for _ in range(limit):
            if eng.status(s).over or (until and until(eng, s)):
                break
            action = eng.bots["heuristic"].choose(eng, s, eng.legal_actions(s), rng)
            r = api.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": version})
            assert r.status_code == 200, r.text
            version = r.json()["version"]
            s, _ = eng.apply(s, action)
    return sid, s
