"""/history and /stats in a real browser (issue #17), on a phone (390x844) and a desktop (1366x900):
nothing scrolls sideways, the score chart is drawn and visible, and a history filter works without script."""

from __future__ import annotations

import httpx
import pytest

from tests.shelf.test_stats import play_out

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (1366, 900)]


@pytest.fixture(scope="module")
def games(live_server) -> dict[str, str]:
    """Two Call to Adventure games played to their end by the bots, and a Platformer game in progress."""
    with httpx.Client(base_url=live_server.base_url, timeout=60) as api:
        for seed in (0, 1):
            play_out(api.request, "call_to_adventure", seed)
        r = api.post("/api/sessions", json={"game": "platformer", "seed": 3, "name": "Still climbing"})
        assert r.status_code == 201, r.text
        return {"in_progress": r.json()["id"]}


def _overflow(tab) -> int:
    return tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_history_and_statistics_fit_and_work(live_server, browser, page_problems, games, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        tab.set_default_timeout(20_000)
        page_problems.watch(tab)

        assert tab.goto(live_server.base_url + "/stats").status == 200
        assert _overflow(tab) <= 0, "/stats scrolls sideways"
        chart = tab.locator("#stats-call_to_adventure .score-chart svg")
        chart.scroll_into_view_if_needed()
        assert chart.is_visible()
        box = chart.bounding_box()
        assert box and box["width"] >= min(300, width - 80) and box["height"] > 80 and box["x"] + box["width"] <= width
        assert tab.locator("#stats-call_to_adventure .score-chart circle").count() >= 2
        assert "Scores of your last" in tab.locator("#stats-call_to_adventure figcaption").inner_text()

        tab.get_by_role("link", name="History").first.click()
        tab.wait_for_url("**/history")
        assert _overflow(tab) <= 0, "/history scrolls sideways"
        assert tab.locator("tr[data-session]").count() >= 3
        tab.select_option("#filter-result", "in_progress")
        tab.select_option("#filter-game", "platformer")
        tab.locator("#apply-filters").click()
        tab.wait_for_url("**/history?*result=in_progress*")
        rows = tab.locator("tr[data-session]")
        assert rows.count() >= 1
        assert set(rows.evaluate_all("rows => rows.map(r => r.dataset.result)")) == {"in_progress"}
        assert games["in_progress"] in rows.evaluate_all("rows => rows.map(r => r.dataset.session)")
        assert _overflow(tab) <= 0, "/history (filtered) scrolls sideways"
        assert tab.locator(f"a[href='/play/{games['in_progress']}/replay']").is_visible()
    finally:
        context.close()
    page_problems.assert_clean()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_axe_finds_nothing_serious_on_history_and_statistics(live_server, browser, games, width, height):
    from tests.browser import test_axe_browser as axe

    context = axe._context(browser, width, height)
    try:
        audit = axe.Audit(context.new_page())
        audit.visit(live_server.base_url + "/stats", "statistics")
        audit.visit(live_server.base_url + "/history", "history")
        audit.visit(live_server.base_url + "/history?result=in_progress", "a filtered history")
        audit.visit(live_server.base_url + "/history?result=finished&game=platformer", "a history with no match")
        audit.assert_clean()
    finally:
        context.close()
