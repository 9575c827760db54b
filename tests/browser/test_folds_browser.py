"""Fewer screens on a phone, fewer buttons on a card (issue #24): what the decision does not need folds.

- On a phone (390x844) each game's secondary parts ([data-fold]: Nemo's War's tracks, tables and piles, Adamastor's
  skills, traumas, Events and experience, Call to Adventure's story, Adversary and tracks, Platformer's shop, boss and
  artifacts) fold to their heading line, with a 44 px button saying which way it goes; a part the decision acts on
  never folds; a tap unfolds one and the page remembers it; the folded page is shorter than the unfolded one. On a
  laptop nothing folds.
- Adamastor: a hand card with several swaps shows one "Swap with a row card (N)"; picking it shows the row cards
  it can go for, and pressing one swaps (pick the piece, then what to do with it).
Games are set up through the JSON API (the heuristic bot plays the moves), then looked at in Chromium.
"""

from __future__ import annotations

import pytest

from tests.support.driver import BoardDriver, action_selector, play_by_api, wait_for_board

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
# (seed, moves the bot plays first): a few turns in, where most secondary parts hold nothing to act on
GAMES = {"nemos_war": (5, 12), "adamastor": (5, 10), "call_to_adventure": (5, 12), "platformer": (5, 8)}

FOLDS = """() => [...document.querySelectorAll('#board [data-fold]')].map(part => {
  const head = part.querySelector('.fold-head'), toggle = part.querySelector('.fold-toggle');
  const box = toggle ? toggle.getBoundingClientRect() : null;
  const shown = [...part.children].filter(c => c !== head && c.getClientRects().length).length;
  return {fold: part.dataset.fold, folded: part.classList.contains('folded'), shown,
          acts: part.querySelectorAll('button[data-action]:not([disabled])').length,
          expanded: toggle ? toggle.getAttribute('aria-expanded') : null, label: toggle ? toggle.ariaLabel : '',
          w: box ? box.width : 0, h: box ? box.height : 0};
})"""
HEIGHT = "() => document.scrollingElement.scrollHeight"


def _open(browser, server, sid: str, viewport: dict):
    context = browser.new_context(viewport=viewport, reduced_motion="reduce")
    tab = context.new_page()
    tab.goto(f"{server.base_url}/play/{sid}")
    tab.locator("#board").wait_for()
    return context, tab


def _moves(n: int):
    count = {"n": 0}

    def until(engine, state) -> bool:
        count["n"] += 1
        return count["n"] > n

    return until


@pytest.mark.parametrize("slug", GAMES)
def test_a_phone_folds_what_the_decision_does_not_need(live_server, browser, page_problems, slug):
    seed, moves = GAMES[slug]
    sid, _ = play_by_api(live_server, slug, seed, until=_moves(moves))
    context, tab = _open(browser, live_server, sid, PHONE)
    page_problems.watch(tab)
    try:
        parts = tab.evaluate(FOLDS)
        folded = [p for p in parts if p["folded"]]
        assert len(folded) >= 2, f"{slug}: only {len(folded)} of {len(parts)} secondary parts folded on a phone"
        for p in parts:
            assert not (p["folded"] and p["acts"]), f"{slug}: {p['fold']} folded with {p['acts']} choices in it"
            assert p["expanded"] == ("false" if p["folded"] else "true"), p
            assert p["w"] >= 44 and p["h"] >= 44, f"{slug}: the fold button of {p['fold']} is {p['w']}x{p['h']}"
            assert p["label"].startswith("Show or hide:") and len(p["label"]) > len("Show or hide: "), p
            if p["folded"]:
                assert p["shown"] == 0, f"{slug}: {p['fold']} folded but {p['shown']} of its parts still show"
        short = tab.evaluate(HEIGHT)

        first = folded[0]["fold"]
        tab.locator(f'#board [data-fold="{first}"] .fold-toggle').click()
        opened = {p["fold"]: p for p in tab.evaluate(FOLDS)}[first]
        assert not opened["folded"] and opened["expanded"] == "true" and opened["shown"] > 0, opened
        tab.reload()
        tab.locator("#board").wait_for()
        again = {p["fold"]: p for p in tab.evaluate(FOLDS)}[first]
        assert not again["folded"], f"{slug}: {first} folded again after a reload: the choice is not remembered"

        for p in folded[1:]:
            tab.locator(f'#board [data-fold="{p["fold"]}"] .fold-head').click(position={"x": 12, "y": 12})
            assert not tab.evaluate("() => !!(document.getElementById('look') || {}).open"), (
                f"{slug}: a tap on the heading of {p['fold']} opened the look-closer view instead of only unfolding")
        assert not [p for p in tab.evaluate(FOLDS) if p["folded"]], "a tap on a heading unfolds its part"
        assert tab.evaluate(HEIGHT) > short, f"{slug}: the folded page ({short}px) is not shorter than the unfolded"
    finally:
        context.close()
    page_problems.assert_clean()


@pytest.mark.parametrize("slug", GAMES)
def test_a_laptop_folds_nothing(live_server, browser, slug):
    seed, moves = GAMES[slug]
    sid, _ = play_by_api(live_server, slug, seed, until=_moves(moves))
    context, tab = _open(browser, live_server, sid, LAPTOP)
    try:
        parts = tab.evaluate(FOLDS)
        assert parts, f"{slug}: no secondary part is marked to fold"
        assert not [p for p in parts if p["folded"]], f"{slug}: parts folded on a laptop: {parts}"
        assert all(p["w"] == 0 for p in parts), "the fold buttons show only on a phone"
    finally:
        context.close()


def _several_swaps(engine, state) -> bool:
    swaps: dict[str, int] = {}
    for a in engine.legal_actions(state):
        if a.id.startswith("swap:"):
            hand = a.id.split(":")[1]
            swaps[hand] = swaps.get(hand, 0) + 1
    return any(n >= 2 for n in swaps.values())


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_adamastor_picks_the_hand_card_then_the_row_card(live_server, browser, page_problems, viewport):
    sid, state = play_by_api(live_server, "adamastor", 5, until=_several_swaps)
    context, tab = _open(browser, live_server, sid, viewport)
    page_problems.watch(tab)
    try:
        pick = tab.locator("#board details.swaps").first
        summary = pick.locator("> summary")
        assert summary.is_visible() and "Swap with a row card (" in summary.inner_text()
        swaps = pick.locator("button[data-action^='swap:']")
        assert swaps.count() >= 2 and not swaps.first.is_visible(), "the row cards wait until the hand card is picked"
        summary.click()
        assert all(swaps.nth(i).is_visible() for i in range(swaps.count()))
        action = swaps.first.get_attribute("data-action")
        version = int(tab.locator("#board").get_attribute("data-version"))
        tab.locator(f"#board {action_selector(action)}").click()
        wait_for_board(tab, version, at_version=False)
        hand, row = (int(n[1:]) for n in action.split(":")[1:3])
        after = BoardDriver(tab, live_server, sid, "adamastor", bot_seed=0).state()
        assert hand in after.row and row in after.hand, f"{action}: hand {after.hand}, row {after.row}"
    finally:
        context.close()
    page_problems.assert_clean()
