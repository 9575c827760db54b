"""Issue #15 on a phone (390×844) for Nemo's War and Platformer: what the decision needs comes first.

Nemo's War: in Nemo's action the Nautilus's ocean leads the map and its Stalk / Attack buttons are on the first
screen; with the commitment to choose, the commitment table comes right after "Your move". Platformer: levels not
in play fold to a strip, so the hero and the first action are on the first screen. The end screens of both games
fit the phone's width. Games are set up through the JSON API (a bot picks the moves), then looked at in Chromium.
"""

from __future__ import annotations

import pytest

from games.registry import get_engine
from tests.support.driver import play_by_api as _session

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _phone(browser, server, sid: str):
    context = browser.new_context(viewport=PHONE)
    tab = context.new_page()
    tab.goto(f"{server.base_url}/play/{sid}")
    tab.locator("#board").wait_for()
    return context, tab


def _top(tab, selector: str) -> float:
    return tab.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().top + scrollY")


def _can_attack(eng, s) -> bool:
    return any(a.id.startswith("attack:") for a in eng.legal_actions(s)) and s.top["kind"] == "action"


def test_nemos_war_phone_shows_the_nautilus_ocean_and_its_attacks_first(live_server, browser):
    sid, s = _session(live_server, "nemos_war", 7, {"commitment": "war"}, until=_can_attack)
    assert _can_attack(get_engine("nemos_war"), s)
    context, tab = _phone(browser, live_server, sid)
    try:
        here = _top(tab, ".oc.here")
        others = tab.evaluate("[...document.querySelectorAll('.oc:not(.here)')]"
                              ".map(e => e.getBoundingClientRect().top + scrollY)")
        assert here < min(others), "the Nautilus's ocean leads the map on a phone"
        attack = tab.locator('#board .oc.here button[data-action^="attack:"]').first
        box = attack.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], f"Attack sits at y={box['y']:.0f}, below the first screen"
        assert box["height"] >= 28 and box["width"] >= 44, f"Attack is too small to tap: {box}"
        assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()


def test_nemos_war_phone_puts_the_commitment_table_right_after_your_move(live_server, browser):
    sid, _ = _session(live_server, "nemos_war", 3, {"commitment": "choose"}, limit=0)
    context, tab = _phone(browser, live_server, sid)
    try:
        assert _top(tab, ".nemos .decision") < _top(tab, ".nw-commit") < _top(tab, ".nw-map")
        commit = tab.locator('#board button[data-action="commit:explore"]')
        assert commit.inner_text().strip() == "Commit" and commit.get_attribute("aria-label") == "Commit to Explore"
        assert commit.bounding_box()["y"] < PHONE["height"], "the commitment buttons are on the first screen"
    finally:
        context.close()


def test_platformer_phone_shows_the_heros_level_first(live_server, browser):
    sid, _ = _session(live_server, "platformer", 4, limit=6)
    context, tab = _phone(browser, live_server, sid)
    try:
        hero = tab.locator(".tower .hero-fig").first.bounding_box()
        assert hero["y"] + hero["height"] <= PHONE["height"], f"the hero is at y={hero['y']:.0f}, off the first screen"
        first = tab.locator("#board .tower button[data-action]").first.bounding_box()
        assert first["y"] < PHONE["height"], f"the first action on the tower is at y={first['y']:.0f}"
        strips = tab.locator(".level.lv-hidden .level-tag")
        assert strips.count() >= 1 and "unexplored" in strips.first.inner_text()
        assert strips.first.bounding_box()["height"] < 40, "an unexplored level is a one-line strip on a phone"
    finally:
        context.close()


@pytest.mark.parametrize("slug, seed", [("nemos_war", 5), ("platformer", 3)])
def test_the_end_screen_fits_a_phone(live_server, browser, slug, seed):
    sid, s = _session(live_server, slug, seed)
    assert get_engine(slug).status(s).over
    context, tab = _phone(browser, live_server, sid)
    try:
        end = tab.locator("#end-screen")
        end.wait_for()
        box = end.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"the end screen is {box['width']}px wide"
        assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert tab.locator("#end-screen .lead").first.inner_text().strip(), "the end screen says why"
    finally:
        context.close()


def test_the_open_drawer_stays_above_the_bar_at_the_end_of_the_page(live_server, browser):
    """Scrolled to the page's end, the bar rides up above the footer: the tabs and the open drawer follow it (a
    playtest saw the log book's last lines under the bar there)."""
    sid, _ = _session(live_server, "nemos_war", 3, {"commitment": "war"}, limit=12)
    context, tab = _phone(browser, live_server, sid)
    try:
        tab.locator('.table-side .panel-tabs [role="tab"]').first.click()
        tab.locator(".table-side.drawer-open").wait_for()
        tab.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        tab.wait_for_function("""() => {
            const bar = document.getElementById('table-bar').getBoundingClientRect();
            const tabs = document.querySelector('.table-side .panel-tabs').getBoundingClientRect();
            return bar.bottom < innerHeight - 20 && Math.abs(tabs.bottom - bar.top) <= 1;
        }""", timeout=5000)
        panel = tab.evaluate("""() => {
            const open = [...document.querySelectorAll('.table-side .side-panel')].find(p => !p.hidden);
            const bar = document.getElementById('table-bar');
            return [open.getBoundingClientRect().bottom, bar.getBoundingClientRect().top];
        }""")
        assert panel[0] <= panel[1] + 1, f"the drawer ends at {panel[0]:.0f}, under the bar's top at {panel[1]:.0f}"
    finally:
        context.close()


_HEAD = """() => { const strip = document.querySelector('#board .turn-track, #board .nw-bar');
  const h1 = document.querySelector('.play-head h1').getBoundingClientRect();
  const links = document.querySelector('.play-head .head-links').getBoundingClientRect();
  const words = [...document.querySelectorAll('.play-head .head-links a:not([hidden])')].map(a => a.textContent.trim());
  return {strip: strip.getBoundingClientRect().bottom, h1Bottom: h1.bottom, linksTop: links.top, words}; }"""


@pytest.mark.parametrize("slug", ["adamastor", "nemos_war", "platformer", "call_to_adventure"])
def test_a_phones_table_starts_high_on_the_screen(live_server, browser, slug):
    """Above a phone's table stood the game's name, a row of Replay and Rules, the seed note and a turn strip of two
    rows (the phases' icons above their names): the board began at 250-300 px of 844, under a third of the screen
    (all four playtests). The name shares its line with Replay and Rules (their icons; their words stay their names),
    the seed note is left out, and a phase not being played shows its icon alone: the strip ends in the top
    27% of the screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{live_server.base_url}/games/{slug}")
        page.locator('input[name="seed"]').fill("5")
        page.locator("#new-game").click()
        page.locator("#board").wait_for()
        page.wait_for_load_state("load")
        head = page.evaluate(_HEAD)
        assert head["linksTop"] < head["h1Bottom"], f"Replay and Rules on a line of their own: {head}"
        assert head["strip"] <= 0.27 * 844, f"the turn's strip ends at {head['strip']:.0f} px of 844"
        assert "Rules" in head["words"], "the links keep their names"
    finally:
        context.close()
