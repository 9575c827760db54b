"""Every game tells its long moves step by step in real Chromium (issue #25): played by clicking with the story left
playing, each game reaches a move of three steps or more, and while it is told
- the live region hears each step's words in turn (at least three successive texts), never "more in the log";
- the components a step touches glow on the board (at least one), the dice or runes a move threw are drawn in the
  bar (pips, or the drawings of a symbol die; Adamastor throws none: its luck is a card turned), and a phase that
  begins gets its banner;
- the table takes clicks again when the last step lands (the whole story planned within 3.5 s);
- on a phone the bar takes at most 30% of the screen while a move is told (the step's words stand in for the
  prompt, Skip sits in the bar's corner);
- no script error.
"""

from __future__ import annotations

import re

import pytest

from tests.support.driver import BoardDriver

pytestmark = pytest.mark.browser

WATCH = """() => {
  window.__heard = []; window.__glowed = 0; window.__dice = 0; window.__symbols = 0; window.__banners = 0;
  if (window.__watching) return;  // once per page: the board and the bar are swapped inside these nodes
  window.__watching = true;
  const region = document.querySelector('#bar-summary');
  new MutationObserver(() => {
    const text = region.textContent.replace(/\\s+/g, ' ').trim();
    if (region.getAttribute('aria-live') !== 'off' && text && window.__heard[window.__heard.length - 1] !== text)
      window.__heard.push(text);
    window.__dice += region.querySelectorAll('.story-die[data-face]').length;
    window.__symbols += region.querySelectorAll('.story-symbol svg use[href*="#gi-"]').length;
  }).observe(region, {childList: true, subtree: true, characterData: true, attributes: true});
  new MutationObserver(records => {
    for (const r of records) if (r.target.classList && r.target.classList.contains('story-now')) window.__glowed++;
  }).observe(document.body, {attributes: true, attributeFilter: ['class'], subtree: true});
  const banner = document.getElementById('story-banner');
  new MutationObserver(() => { if (!banner.hidden && banner.textContent.trim()) window.__banners++; })
    .observe(banner, {attributes: true, childList: true, characterData: true, subtree: true});
}"""
TOLD = "() => !document.documentElement.classList.contains('story-telling')"
STORY = """() => [...document.querySelectorAll('#story li')].map(li => ({
  touch: li.dataset.touch || '', dice: li.dataset.dice || '', faces: li.dataset.faces || '',
  banner: li.hasAttribute('data-banner')}))"""

GAMES = [("adamastor", 3, 1366, False), ("nemos_war", 2, 390, True), ("platformer", 1, 1366, True),
         ("call_to_adventure", 3, 390, True)]


@pytest.mark.parametrize("slug, seed, width, dice", GAMES)
def test_a_long_move_is_told_step_by_step_with_its_parts_dice_and_banners(browser, live_server, page_problems,
                                                                          slug, seed, width, dice):
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 1000 else 844})
    page = context.new_page()
    page_problems.watch(page)
    page.goto(f"{live_server.base_url}/games/{slug}")
    page.locator('input[name="seed"]').fill(str(seed))
    page.locator("#new-game").click()
    page.locator("#board").wait_for()
    driver = BoardDriver(page, live_server, page.url.rsplit("/", 1)[1], slug, bot_seed=seed, told=True)
    long_moves, rolls, banners = [], [], []
    tallest_bar = 0.0
    for _ in range(120):
        page.wait_for_function(TOLD, timeout=15000)
        page.evaluate(WATCH)
        driver.step()
        story = page.evaluate(STORY)
        plan = page.evaluate("() => window.soloShelfStory.plan()")
        rolled = any(s["dice"] or s["faces"] for s in story)
        begins = any(s["banner"] for s in story)
        wanted = (len(story) >= 3 and len(long_moves) < 3) or (rolled and not rolls) or (begins and not banners)
        assert dice or not rolled, f"{slug} throws no dice: {story}"
        if plan and width < 700:  # told on a phone, the bar stays compact: the step stands in for the prompt
            bar = page.evaluate("document.getElementById('table-bar').getBoundingClientRect().height")
            tallest_bar = max(tallest_bar, bar)
        if plan and not wanted:
            page.evaluate("() => window.soloShelfStory.skip()")  # seen enough of its kind: play on faster
            continue
        page.wait_for_function(TOLD, timeout=15000)
        if plan:
            assert plan["steps"] == len(story) and plan["steps"] * plan["ms"] <= 3500, plan
        seen = page.evaluate("() => ({heard: window.__heard, glowed: window.__glowed, dice: window.__dice,"
                             " symbols: window.__symbols, banners: window.__banners})")
        told = [text for text in seen["heard"] if re.match(r"\d+/\d+ ", text)]
        if len(story) >= 3:
            assert len(told) == len(story), (story, seen["heard"])
            long_moves.append(seen["glowed"] if any(s["touch"] for s in story) else None)
        if plan and rolled:
            rolls.append(seen["dice"] + seen["symbols"])
        if plan and begins:
            banners.append(seen["banners"])
        assert "more in the log" not in page.locator("#table-bar").inner_text()
        if len(long_moves) >= 3 and (rolls or not dice) and banners or driver.over():
            break
    assert len(long_moves) >= 3, f"{slug}: {len(long_moves)} moves of three steps or more"
    assert [g for g in long_moves if g], f"{slug}: no step of a long move glowed what it touched: {long_moves}"
    assert all(rolls) and (rolls or not dice), f"{slug}: a roll's dice not drawn in the bar: {rolls}"
    assert banners and all(banners), f"{slug}: a phase's banner not shown: {banners}"
    assert tallest_bar <= 0.3 * 844, f"{slug}: the bar took {tallest_bar:.0f} px of a phone's 844 while a move was told"
    assert page.locator("#bar-actions button[data-action]").first.is_enabled()
    page_problems.assert_clean()
    context.close()
