"""Take the README's screenshots: every game, a few moves in, at a phone (390x844) and a laptop (1366x900).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium] [--story]

Starts the app on a throw-away SQLite database in single mode, starts one seeded game of each, plays a few
moves by pressing the action bar's first button as a player would, and saves <slug>-phone.png and
<slug>-laptop.png (the first screen, as a player sees it) under --out.

With --story it saves <slug>-story-phone.png and <slug>-story-laptop.png instead: each game played on by the first
choice, with motion, until a move of three steps or more is being told, taken at its second step (issue #25).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from app.ops import chromium, live  # noqa: E402  (the repository on the path first)

GAMES = {"adamastor": 4, "nemos_war": 6, "platformer": 5, "call_to_adventure": 7}  # slug -> moves to play
SIZES = {"phone": (390, 844), "laptop": (1366, 900)}
SETTLED = """v => { const b = document.querySelector('#board');
  return !!b && b.dataset.version !== v && !document.querySelector('.htmx-request, .htmx-settling, .table-moving'); }"""


FIRST_CHOICE = "#bar-actions .bar-buttons > button[data-action], #bar-actions .bar-buttons > details > summary"
SKIP_STORY = "() => window.soloShelfStory && window.soloShelfStory.skip()"


def start(page, base: str, slug: str) -> None:
    """A new game of `slug` from its page, seed 5."""
    page.goto(f"{base}/games/{slug}")
    page.locator('input[name="seed"]').fill("5")
    page.locator("#new-game").click()
    page.locator("#board").wait_for()


def press_first(page) -> bool:
    """Press the bar's first choice (a group of choices: open it, take its first) and wait for the new board;
    False when the bar offers none."""
    page.evaluate(SKIP_STORY)  # a player clicking on at once skips the last move's story
    first = page.locator(FIRST_CHOICE).first
    if not first.count():
        return False
    version = page.locator("#board").get_attribute("data-version")
    if first.evaluate("el => el.tagName") == "SUMMARY":
        first.click()
        first = page.locator("#bar-actions details[open] button[data-action]").first
    first.click()
    page.wait_for_function(SETTLED, arg=version, timeout=20_000)
    return True


def play(page, base: str, slug: str, moves: int) -> str:
    start(page, base, slug)
    for _ in range(moves):
        if not press_first(page):
            break
    page.evaluate(SKIP_STORY)
    return page.url


STEP = "() => { const p = window.soloShelfStory && window.soloShelfStory.plan(); return p && p.steps >= 3 ? p : null; }"


def story(page, base: str, slug: str, path: Path, moves: int = 150) -> bool:
    """Play `slug` by its first choices until a move of three or more steps is told; screenshot its second step."""
    start(page, base, slug)
    for _ in range(moves):
        if not press_first(page):
            return False
        plan = page.evaluate(STEP)
        if plan:
            page.wait_for_timeout(plan["ms"] * 1.4)  # into the second step, its parts ringed and its dice rolling
            page.screenshot(path=str(path))
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--chromium", default=chromium.find(chromium.FULL),
                        help="default: CHROMIUM, else Debian's chromium, else its headless shell")
    parser.add_argument("--story", action="store_true", help="a long move mid-way through its telling")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data_dir:
        app = live.start(f"sqlite:///{data_dir}/shots.db", Path(data_dir), env={"AUTH_MODE": "single"})
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=args.chromium, args=chromium.ARGS)
                for slug in GAMES if args.story else ():
                    for size, (w, h) in SIZES.items():
                        ctx = browser.new_context(viewport={"width": w, "height": h})
                        path = out / f"{slug}-story-{size}.png"
                        print(path if story(ctx.new_page(), app.base_url, slug, path) else f"{slug}: no long move")
                        ctx.close()
                for slug, moves in GAMES.items() if not args.story else ():
                    desk = browser.new_context(viewport={"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]},
                                               reduced_motion="reduce")
                    url = play(desk.new_page(), app.base_url, slug, moves)
                    for size, (w, h) in SIZES.items():
                        ctx = browser.new_context(viewport={"width": w, "height": h}, reduced_motion="reduce")
                        page = ctx.new_page()
                        page.goto(url)
                        page.locator("#board").wait_for()
                        page.screenshot(path=str(out / f"{slug}-{size}.png"))
                        ctx.close()
                        print(out / f"{slug}-{size}.png")
                    desk.close()
                browser.close()
        finally:
            app.stop()


if __name__ == "__main__":
    main()
