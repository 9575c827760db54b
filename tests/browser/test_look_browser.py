"""Look closer" in a real browser (issue #15, item 4), for every game at 390x844 and 1366x900.

A click on a card (or token) opens the page's <dialog id="look"> with that component drawn large; Esc closes it
and focus goes back to the component; Enter on the component's focusable part (its magnifier, or the token
itself) opens it again; a tap outside the box closes it. A long touch on a card's action button opens the look
and the button's move does not happen, while a slow click of the mouse on it plays the move (a mouse has no long
press); after a move, every card has its magnifier link again. A screenshot of
each open dialog is kept in test-artifacts/.
"""

from __future__ import annotations

import pytest

from tests.support.driver import start_game as start

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (1366, 900)]
# What to click in each game at its start, not on a button: a component carrying data-look.
CLICK = {
    "adamastor": ".in-row .scard-title",
    "nemos_war": ".ctr[data-look]",
    "platformer": ".mini-card[data-look] .text",
    "call_to_adventure": ".sc[data-look] .sc-name",
}
_OPEN = "() => document.getElementById('look').open"
_FOCUSED_LOOK = """() => {
  const c = document.activeElement && document.activeElement.closest('[data-look]');
  return c ? c.dataset.look : null;
}"""


def _wait_open(tab, look_id: str) -> None:
    tab.locator(f'#look[open] [data-look-of="{look_id}"]').wait_for()


def _wait_closed(tab) -> None:
    tab.locator("#look:not([open])").wait_for(state="attached")
    tab.locator("#look-body > *").first.wait_for(state="detached")


def _sized(browser, width: int, height: int, page_problems, *, touch: bool = False):
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch)
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    page_problems.watch(tab)
    return context, tab


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("slug", list(CLICK))
def test_a_click_opens_the_look_esc_enter_and_a_tap_outside(browser, live_server, page_problems, artifacts,
                                                           slug, width, height):
    context, tab = _sized(browser, width, height, page_problems)
    try:
        start(tab, live_server, slug)
        target = tab.locator(CLICK[slug]).first
        component = target.locator("xpath=ancestor-or-self::*[@data-look][1]")
        look_id = component.get_attribute("data-look")
        folded = target.locator("xpath=ancestor::*[@data-fold][contains(concat(' ', @class, ' '), ' folded ')]")
        if folded.count():  # on a phone the shop folds to its heading: a player unfolds it first
            folded.locator(".fold-toggle").click()
        target.scroll_into_view_if_needed()
        target.click()
        _wait_open(tab, look_id)
        title = tab.locator("#look-title").inner_text().strip()
        assert title, f"{slug}: the look of {look_id} has no title"
        body = " ".join(tab.locator("#look-body").inner_text().split())
        assert len(body) > len(title) + 20, f"{slug}: the look of {look_id} says next to nothing: {body!r}"
        tab.locator("#look").evaluate("d => Promise.all(d.getAnimations().map(a => a.finished))")  # zoomed in
        tab.screenshot(path=str(artifacts / f"look-{slug}-{width}.png"))

        tab.keyboard.press("Escape")
        _wait_closed(tab)
        assert tab.evaluate(_FOCUSED_LOOK) == look_id, f"{slug}: focus did not come back to {look_id}"

        tab.keyboard.press("Enter")  # focus is on the component (its magnifier or itself): Enter opens it again
        _wait_open(tab, look_id)

        tab.mouse.click(2, 2)  # a tap outside the box, on the backdrop
        _wait_closed(tab)
        assert not tab.evaluate(_OPEN)
        page_problems.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("width,height", SIZES)
def test_a_long_touch_on_an_action_card_looks_and_does_not_play(browser, live_server, page_problems, width, height):
    context, tab = _sized(browser, width, height, page_problems, touch=True)
    try:
        start(tab, live_server, "call_to_adventure")
        button = tab.locator(".cc[data-look] button[data-action]").first  # a dealt character card's "Keep"
        card = button.locator("xpath=ancestor::*[@data-look][1]")
        look_id = card.get_attribute("data-look")
        version = tab.locator("#board").get_attribute("data-version")
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        finger = context.new_cdp_session(tab)  # a touch held down: Playwright's touchscreen only taps
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        finger.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        _wait_open(tab, look_id)
        finger.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        # the button's click (if any) is dispatched with the touch's end: a move would be on its way by now
        assert not tab.evaluate("() => !!document.querySelector('.htmx-request')"), "the long touch played the card"
        assert tab.locator("#board").get_attribute("data-version") == version
        tab.keyboard.press("Escape")
        _wait_closed(tab)
        assert tab.locator("#board").get_attribute("data-version") == version, "the long touch played the card"
        button.click()  # a plain click still plays it
        tab.locator(f'#board:not([data-version="{version}"])').wait_for()
        # the move's answer came without magnifier links: look.js put one back on every card
        cards = tab.locator("#board [data-look]:not([data-look-name])")
        assert cards.count() and cards.count() == tab.locator('#board [data-look] a[href^="?look="]').count()
        page_problems.assert_clean()
    finally:
        context.close()


def test_a_slow_click_of_the_mouse_plays_the_move_and_opens_no_look(browser, live_server, page_problems):
    """A mouse pressed for a second on an action button plays it: a deliberate player, or a busy machine between the
    press and the release (a browser test's click once opened a look instead, and the move never came)."""
    context, tab = _sized(browser, 1366, 900, page_problems)
    try:
        start(tab, live_server, "call_to_adventure")
        button = tab.locator(".cc[data-look] button[data-action]").first
        version = tab.locator("#board").get_attribute("data-version")
        box = button.bounding_box()
        tab.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        tab.mouse.down()
        tab.wait_for_timeout(1000)  # the player holds the button: twice the time a touch needs to look
        tab.mouse.up()
        tab.locator(f'#board:not([data-version="{version}"])').wait_for()
        assert not tab.evaluate(_OPEN), "a slow click opened the look"
        page_problems.assert_clean()
    finally:
        context.close()


_TITLE_UNDER_MAGNIFIER = """heads => heads.filter(h => {
  const link = h.parentElement.querySelector(':scope > a[href^="?look="]');
  if (!link) return false;
  const range = document.createRange(); range.selectNodeContents(h);
  const box = h.getBoundingClientRect();  // what runs past the title's own box is clipped, not drawn
  const words = [...range.getClientRects()]
    .map(r => ({left: Math.max(r.left, box.left), right: Math.min(r.right, box.right), top: r.top, bottom: r.bottom}))
    .filter(r => r.right > r.left);
  const l = link.getBoundingClientRect();
  return words.some(r => r.right > l.left + 1 && r.left < l.right && r.bottom > l.top && r.top < l.bottom);
}).map(h => h.textContent.trim())"""


@pytest.mark.parametrize("slug, seed, heads, keeps", [("call_to_adventure", 4242, ".cc-head, .sc-head", 2),
                                                      ("adamastor", 777, ".map-card-name", 0)])
def test_no_card_title_runs_under_its_magnifier(browser, live_server, page_problems, slug, seed, heads, keeps):
    """A playtest read "Keeper of Secre" (the Destiny dealt on seed 4242) and "Malindi and the Swa" (the first map
    card of seed 777) with the rest of the title under the magnifier."""
    context, tab = _sized(browser, 1366, 900, page_problems)
    try:
        start(tab, live_server, slug, seed=seed)
        for _ in range(keeps):  # the Origin and the Motivation kept: the Destiny cards are dealt
            version = tab.locator("#board").get_attribute("data-version")
            tab.locator("#bar-actions .bar-buttons > button[data-action]").first.click()
            tab.locator(f'#board:not([data-version="{version}"])').wait_for()
        found = tab.locator(f"#board :is({heads})")
        assert found.count() >= 1
        assert found.evaluate_all(_TITLE_UNDER_MAGNIFIER) == [], "titles run under the magnifier"
    finally:
        context.close()
