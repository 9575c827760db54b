"""A move of several steps is told one step at a time in real Chromium (static/js/story.js, app/ui/story.py).

Adamastor's week turns over in one click ("End the Actions phase": Events, Sunset, the row...): the live region
hears each step in turn, the bar never sends the player to the log, a move is planned to take 3.5 s at most (at
once after a skip, and the skipping click plays nothing), under reduced motion nothing moves, on a wide screen
the table under the bar stays where it is while the move is told, the move's summary shows once, at the end, what
each step rings is in view, then the decision, and the bar's choices stay where they are.
"""

from __future__ import annotations

import re

import pytest

from tests.support.driver import BoardDriver, play_by_api, wait_for_board

pytestmark = pytest.mark.browser

LIVE = """() => {
  window.__heard = [];
  window.__told = 0;
  if (!window.__counting) {
    window.__counting = true;
    document.addEventListener('story:told', () => { window.__told += 1; });
  }
  const region = document.querySelector('#bar-summary');
  new MutationObserver(() => {
    const text = region.textContent.replace(/\\s+/g, ' ').trim();
    if (region.getAttribute('aria-live') !== 'off' && text && window.__heard[window.__heard.length - 1] !== text)
      window.__heard.push(text);
  }).observe(region, {childList: true, subtree: true, characterData: true, attributes: true});
}"""
TELLING = "() => document.documentElement.classList.contains('story-telling')"
TOLD = "() => !document.documentElement.classList.contains('story-telling')"


def new_game(page, server, seed: int = 3) -> BoardDriver:
    page.goto(f"{server.base_url}/games/adamastor")
    page.locator('input[name="seed"]').fill(str(seed))
    page.locator("#new-game").click()
    page.locator("#board").wait_for()
    sid = page.url.rsplit("/", 1)[1]
    return BoardDriver(page, server, sid, "adamastor", bot_seed=seed, told=True)


def until_a_long_move(driver: BoardDriver, page) -> int:
    """Play by clicking until a move told three steps or more; its number of steps."""
    for _ in range(60):
        page.wait_for_function(TOLD)
        page.evaluate(LIVE)
        driver.step()
        steps = page.evaluate("() => document.querySelectorAll('#story li').length")
        if steps >= 3:
            return steps
    raise AssertionError("no move of three steps or more in 60 moves")


def test_each_step_is_heard_in_turn_and_the_table_takes_clicks_again(browser, live_server, page_problems):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page_problems.watch(page)
    driver = new_game(page, live_server)
    steps = until_a_long_move(driver, page)
    plan = page.evaluate("() => window.soloShelfStory.plan()")
    assert plan and plan["steps"] == steps and 300 <= plan["ms"] <= 700, plan
    assert plan["steps"] * plan["ms"] <= 3500, "a move is told in 3.5 s at most"
    page.wait_for_function(TOLD, timeout=15000)
    heard = page.evaluate("window.__heard")
    told = [text for text in heard if re.match(r"\d+/\d+ ", text)]
    assert len(told) >= 3 and len(told) == steps, heard
    assert page.evaluate("window.__told") == 1, "the move was told once, not begun again for each part htmx settled"
    assert "more in the log" not in page.locator("#table-bar").inner_text()
    assert page.locator("#story-skip").is_hidden() and not page.locator("#table-bar.telling").count()
    page_problems.assert_clean()
    context.close()


def test_a_click_skips_to_the_end_and_plays_nothing(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    driver = new_game(page, live_server, seed=5)
    until_a_long_move(driver, page)
    assert page.evaluate(TELLING), "the move is being told"
    version = driver.version()
    page.locator("#bar-actions .bar-buttons > :is(button, details)").first.click()
    assert not page.evaluate(TELLING), "the click skipped to the end at once"
    page.wait_for_timeout(500)
    assert driver.version() == version, "the skipping click played no move"
    driver.step()  # and the next click plays
    wait_for_board(page, version, at_version=False)
    context.close()


def test_under_reduced_motion_the_steps_come_without_movement(browser, live_server):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    driver = new_game(page, live_server, seed=7)
    until_a_long_move(driver, page)
    # a step's ring and a change's glow are colours, kept; nothing may move (a transform: a die's tumble, a slide)
    moving = page.evaluate("""() => document.getAnimations().filter(a => a.playState === 'running' &&
        (a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [])
          .some(f => f.transform && f.transform !== 'none'))
        .map(a => String(a.effect.target && a.effect.target.className))""")
    assert page.locator(".story-now").count() or page.locator("#bar-summary .story-line").count(), "a step is shown"
    assert not moving, moving
    page.wait_for_function(TOLD, timeout=15000)
    context.close()


def test_a_stale_move_does_not_tell_the_move_before_it_again(browser, live_server):
    """A refused or stale move's answer brings no story of its own, so the last one stayed in the page and was told
    again (and the table waited for it instead of showing the decision). A page whose forms carry an older version
    (as a second tab's would) presses a choice after a move that was told."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    driver = new_game(page, live_server)
    until_a_long_move(driver, page)
    page.wait_for_function(TOLD, timeout=15000)
    told = page.evaluate("window.__told")
    version = driver.version()
    page.evaluate("""v => document.querySelectorAll('#board input[name="version"], #table-bar input[name="version"]')
      .forEach(input => { input.value = String(v); })""", version - 1)
    page.evaluate("() => { window.__stale = false; document.body.addEventListener('htmx:afterSettle', () => {"
                  " window.__stale = window.__stale || !!document.querySelector('#notice:not(.empty)'); }); }")
    page.locator("#bar-actions .bar-buttons > button[data-action]").first.click()
    page.wait_for_function("() => window.__stale")
    page.wait_for_timeout(200)
    assert not page.evaluate(TELLING) and page.evaluate("window.__told") == told, "the move before was told again"
    assert driver.version() == version, "the stale move was not played"
    context.close()


# At every frame from now on: whether a move is being told, the board's top edge (in the page; a move's answer
# brings a new #board), whether the bar shows the move's highlighted summary, the left edge of the bar's first
# choice, whether the components a step rings stand where the player sees the table (the laptop table's own
# scrolling box, else the window less the bar; null when none is rung), and whether a button of the decision on the
# board does.
FRAMES = """() => {
  window.__frames = [];
  const seen = el => {
    const box = document.querySelector('#board .table-main');
    const bar = document.getElementById('table-bar').getBoundingClientRect();
    let top = 0, bottom = innerHeight;
    if (box && box.scrollHeight > box.clientHeight + 1) {
      const b = box.getBoundingClientRect(); top = b.top; bottom = b.bottom;
    }
    else if (bar.top > innerHeight / 2) { bottom = bar.top; } else { top = bar.bottom; }
    const r = el.getBoundingClientRect(), middle = r.top + r.height / 2;
    return middle > top && middle < bottom;
  };
  const sample = () => {
    const board = document.getElementById('board'), summary = document.getElementById('bar-summary');
    const shown = !!summary.querySelector('.bar-last.fresh') && getComputedStyle(summary).visibility === 'visible';
    const choice = document.querySelector('#table-bar .bar-buttons > :is(button, details)');
    const rung = [...document.querySelectorAll('#board .story-now')];
    window.__frames.push([document.documentElement.classList.contains('story-telling'),
                          Math.round(board.getBoundingClientRect().top + window.scrollY), shown,
                          choice ? Math.round(choice.getBoundingClientRect().left) : null,
                          rung.length ? rung.some(seen) : null,
                          [...board.querySelectorAll('button[data-action]:not([disabled])')]
                            .some(b => b.offsetParent !== null && !b.closest('.decision') && seen(b))]);
    if (window.__frames.length < 2000) requestAnimationFrame(sample);
  };
  sample();
}"""


def frames_of_a_told_move(browser, server, *, size: tuple[int, int] = (1440, 1000),
                          reduced_motion: bool = False) -> tuple[list[list], list[int]]:
    """Nemo's War, seed 11, after 40 moves of its heuristic bot, on a wide screen: the next move (an attack) clicked
    and told step by step, sampled at every frame (FRAMES) until just after it has been told; with the indexes of
    the frames in which it was being told. Its first step reveals the ship on the map, in the table's top half; the
    attack's decision (which resource to stake) is at the foot of the table."""
    sid, _ = play_by_api(server, "nemos_war", 11, limit=40)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  reduced_motion="reduce" if reduced_motion else "no-preference")
    page = context.new_page()
    page.goto(f"{server.base_url}/play/{sid}")
    page.locator("#board").wait_for()
    driver = BoardDriver(page, server, sid, "nemos_war", bot_seed=7, told=True)
    page.evaluate(FRAMES)
    driver.step()
    page.wait_for_function(TOLD, timeout=15000)
    page.wait_for_timeout(300)
    frames = page.evaluate("window.__frames")
    context.close()
    telling = [i for i, frame in enumerate(frames) if frame[0]]
    assert telling, "the move was told step by step"
    return frames, telling


def test_the_table_stays_put_while_a_move_is_told_on_a_wide_screen(browser, live_server):
    """The bar stands above the table on a laptop: a step's line shorter than the move's summary lifted the whole
    table, and the summary put back at the end dropped it again (a jump of a line's height, twice a move). The
    attack of frames_of_a_told_move has a summary a line taller than its steps (the table stood 20 px higher)."""
    frames, telling = frames_of_a_told_move(browser, live_server)
    tops = [frame[1] for frame in frames[telling[0]:telling[-1] + 4]]
    assert len(set(tops)) == 1, f"the table moved while the move was told: its top went {tops}"


def test_a_told_moves_summary_waits_for_its_steps(browser, live_server):
    """The summary of a move to be told came in with the board and showed, highlighted, for a few frames before
    its first step stood in for it; then it came back, highlighted again, once the move had been told. It shows
    once now: at the end."""
    frames, telling = frames_of_a_told_move(browser, live_server)
    early = [i for i, frame in enumerate(frames[:telling[0]]) if frame[2]]
    assert not early, f"the summary showed in {len(early)} frames before the move's first step"
    assert any(frame[2] for frame in frames[telling[-1] + 1:]), "the summary is shown once the move has been told"


def test_what_each_step_rings_is_in_view_and_the_choices_stay_in_place(browser, live_server):
    """While a move is told, the player sees what each step rings: the view went straight to the move's decision
    (the stakes at the foot of the table) and the ship the attack revealed was rung out of sight, above. It goes to
    the decision once the move has been told. And Skip, shown in the bar while the move is told, no longer pushed
    the dimmed choices 31 px sideways and back. Reduced motion, so that every scroll lands in the frame it starts."""
    frames, telling = frames_of_a_told_move(browser, live_server, size=(1366, 900), reduced_motion=True)
    rung = [frame[4] for frame in frames[telling[0]:telling[-1] + 1] if frame[4] is not None]
    assert rung and all(rung), f"a step rang components out of view in {rung.count(False)} of {len(rung)} frames"
    assert frames[-1][5], "once the move has been told, its decision is in view"
    lefts = {frame[3] for frame in frames[telling[0]:]}
    assert len(lefts) == 1, f"the bar's first choice moved while the move was told: its left edge went {lefts}"


def test_a_phase_banner_takes_the_width_of_its_words_on_a_phone(browser, live_server):
    """A banner placed from the middle of the window shrank to the half on its right: on a phone a long phase line
    stood in a box 195 px wide and six lines tall over the table."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    new_game(page, live_server)
    box = page.evaluate("""() => { const banner = document.getElementById('story-banner');
      banner.textContent = 'The Actions phase ends; the Events are checked.'; banner.hidden = false;
      const r = banner.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; }""")
    assert box["width"] > 390 * 0.75, box
    assert box["left"] >= 0 and box["right"] <= 390, box
    context.close()


SKIP_COVERS = """() => {
  const skip = document.getElementById('story-skip');
  if (!skip || getComputedStyle(skip).visibility !== 'visible') return null;
  const r = skip.getBoundingClientRect(), bar = document.getElementById('table-bar').getBoundingClientRect();
  const covered = [...document.querySelectorAll('#bar-actions .bar-buttons > :is(button, details)')]
    .map(el => [el, el.getBoundingClientRect()])
    .filter(([, q]) => q.width && r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom)
    .map(([el]) => el.textContent.replace(/\\s+/g, ' ').trim());
  const inside = r.left >= bar.left && r.right <= bar.right && r.top >= bar.top && r.bottom <= bar.bottom;
  return {covered, inside};
}"""


@pytest.mark.parametrize("width,height", [(1366, 900), (1024, 768)])
def test_skip_covers_none_of_the_bars_choices(browser, live_server, width, height):
    """Skip stood over the wide bar's right end while a move was told, and a full row of choices runs to that end:
    it covered the end of its last choice ("Navigate: spend an action to sa|Skip »"). It stands in the bar's corner
    now, which keeps room for it. Adamastor, seed 11, its bar's last choice pressed each time (the wide rows)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    driver = new_game(page, live_server, seed=11)
    seen = []
    for _ in range(10):
        page.evaluate("() => window.soloShelfStory && window.soloShelfStory.skip()")
        version = driver.version()
        page.locator("#bar-actions .bar-buttons > button[data-action]").last.click()
        wait_for_board(page, version, at_version=False, told=True)
        told = page.evaluate(SKIP_COVERS)
        if told is not None:
            seen.append(told)
    context.close()
    assert len(seen) >= 3, f"only {len(seen)} of 10 moves were told step by step"
    assert all(told["inside"] for told in seen), f"Skip stood outside the bar: {seen}"
    covered = [told["covered"] for told in seen if told["covered"]]
    assert not covered, f"Skip covered choices in {len(covered)} of {len(seen)} told moves: {covered}"


# Before a move: the laptop table's main box scrolled back to its top (the map), and its furthest scroll while the
# move is told recorded from then on (the box is new with each answer: a scroll listener on the document).
HOME_AT_TOP = """() => {
  document.querySelector('#board .table-main').scrollTop = 0;
  window.__furthest = 0;
  if (!window.__watching) {
    window.__watching = true;
    document.addEventListener('scroll', (e) => {
      if (e.target.classList && e.target.classList.contains('table-main'))
        window.__furthest = Math.max(window.__furthest, e.target.scrollTop);
    }, true);
  }
}"""
# After it: where the main box stands, and whether the decision has a component on the board (its focus, or its
# buttons off the bar's copy), which the view goes to instead when the player's view hides it.
AFTER = """() => {
  const box = document.querySelector('#board .table-main');
  const decision = [...document.querySelectorAll(
      '#board [data-decision-focus], #board button[data-action]:not([disabled])')]
    .filter(el => el.offsetParent !== null && !el.closest('.decision') && box.contains(el));
  return {furthest: window.__furthest, top: box.scrollTop, decision: decision.length > 0,
          scrolls: box.scrollHeight > box.clientHeight + 1};
}"""


def test_once_a_move_is_told_the_view_goes_back_to_where_the_player_had_it(browser, live_server):
    """A move told step by step takes the laptop table's view to each step's components (the adventure piles, the
    ships off the map); once told, the view stayed with the last of them, so the map the next decision is taken on
    had to be scrolled back every turn. It goes back to where the player had it now, unless the decision's own
    component is elsewhere. Nemo's War, seed 11, from its 40th move, reduced motion (every scroll lands at once)."""
    sid, _ = play_by_api(live_server, "nemos_war", 11, limit=40)
    context = browser.new_context(viewport={"width": 1366, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{live_server.base_url}/play/{sid}")
    page.locator("#board").wait_for()
    driver = BoardDriver(page, live_server, sid, "nemos_war", bot_seed=7, told=True)
    went_away = []
    for _ in range(30):
        page.wait_for_function(TOLD, timeout=15000)
        if driver.over():
            break
        page.evaluate(HOME_AT_TOP)
        driver.step()
        page.wait_for_function(TOLD, timeout=15000)
        page.wait_for_timeout(100)
        after = page.evaluate(AFTER)
        assert after["scrolls"], "the laptop table scrolls in its own box"
        if after["furthest"] > 0 and not after["decision"]:
            went_away.append((driver.history[-1], after["top"]))
        if len(went_away) >= 3:
            break
    context.close()
    assert went_away, "no move of 30 took the view away from the map while it was told"
    assert all(top == 0 for _, top in went_away), f"the view stayed where the story left it: {went_away}"
