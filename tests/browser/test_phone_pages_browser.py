"""On a small phone (360px wide) no page of the shelf scrolls sideways: the library, the saves list
with games in it, campaigns, every game's page and its rules reference (wide tables scroll inside
their section)."""

from __future__ import annotations

import pytest

from games.registry import all_engines

pytestmark = pytest.mark.browser

PAGES = ["/", "/saves", "/campaigns"] + [
    page for e in all_engines() for page in (f"/games/{e.spec.slug}", f"/games/{e.spec.slug}/rules")]

# What sticks out past the right edge of the screen without a scrolling box around it.
_STICKING_OUT = """() => { const width = window.innerWidth; const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right <= width + 1 || !r.width) continue;
    let p = el.parentElement, scrolls = false;
    while (p && !scrolls) { scrolls = ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX);
                            p = p.parentElement; }
    if (!scrolls) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
  }
  return out.slice(0, 5); }"""


def test_no_page_scrolls_sideways_on_a_small_phone(live_server, browser, page_problems):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        tab = context.new_page()
        page_problems.watch(tab)
        for engine in all_engines():  # a saved game of each, so the saves list has rows to lay out
            tab.goto(f"{live_server.base_url}/games/{engine.spec.slug}")
            tab.locator("form[action$='/new'] button[type=submit]").first.click()
            tab.wait_for_selector("#board")
        for path in PAGES:
            assert tab.goto(live_server.base_url + path).status == 200, path
            overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{path} scrolls sideways by {overflow}px: {tab.evaluate(_STICKING_OUT)}"
    finally:
        context.close()
    page_problems.assert_clean()
