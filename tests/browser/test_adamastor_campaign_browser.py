"""An Adamastor campaign in a real browser: started by clicking, its first voyage played to the end,
the between-voyages screen answered by clicking, and the second voyage begun.

As in the Classic game's test, a bot decides each move from the saved state in the database and the
page is only ever driven through its buttons and links.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from games.engine import Rng
from games.registry import get_engine
from tests.support.driver import BoardDriver, explained

pytestmark = pytest.mark.browser

CANDIDATE_SEEDS = range(1, 300)
BOT_SEED = 7
MOVES_BEFORE_RELOAD = 20
MAX_MOVES = 1500
# True once #campaign is no longer at version v and htmx has finished swapping and settling it.
_CAMPAIGN_MOVED_ON = """(v) => {
  const c = document.querySelector('#campaign');
  return !!c && c.dataset.version !== v &&
    !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added');
}"""


def rehearse_first_voyage(seed: int) -> tuple[int, str]:
    """Voyage 1 of campaign `seed` played offline exactly as the test clicks it: the first card offered,
    set sail, then the heuristic bot with BOT_SEED. Returns (moves, result)."""
    engine = get_engine("adamastor")
    cengine, bot, rng = engine.campaign, engine.bots["heuristic"], Rng.from_seed(BOT_SEED)
    cstate = cengine.new_campaign(seed, cengine.spec.normalize_options(None))
    first_card = next(a.id for a in cengine.legal_actions(cstate) if a.id.startswith("card:"))
    cstate, _ = cengine.apply(cstate, first_card)
    cstate, _ = cengine.apply(cstate, "sail")
    setup = cengine.next_game(cstate)
    state, moves = engine.new_game(setup.seed, setup.options, setup.carried), 0
    while not engine.status(state).over and moves < MAX_MOVES:
        state, _ = engine.apply(state, bot.choose(engine, state, engine.legal_actions(state), rng))
        moves += 1
    return moves, engine.status(state).state


def seed_winning_voyage_1() -> tuple[int, int]:
    """A campaign seed whose first voyage the bot wins (so Renown can buy an upgrade), and its move count."""
    for seed in CANDIDATE_SEEDS:
        moves, result = rehearse_first_voyage(seed)
        if result == "won" and moves > 2 * MOVES_BEFORE_RELOAD:
            return seed, moves
    raise AssertionError("no campaign seed gives the heuristic bot a won first voyage")


def api(server, path: str) -> dict:
    with urllib.request.urlopen(f"{server.base_url}{path}", timeout=10) as resp:
        return json.load(resp)


def campaign_id_from(url: str) -> str:
    match = re.search(r"/campaigns/([0-9a-f]+)$", url)
    assert match, f"not a campaign page: {url}"
    return match.group(1)


def choose(page, server, selector: str, what: str) -> None:
    """Click one between-games choice and wait for the swapped-in campaign with its new version."""
    campaign = page.locator("#campaign")
    before = campaign.get_attribute("data-version")
    with explained(page, server, what):
        page.locator(selector).first.click()
        page.wait_for_function(_CAMPAIGN_MOVED_ON, arg=before, timeout=20_000)
    assert int(campaign.get_attribute("data-version")) > int(before), f"{what}: the campaign went back"


def check_choices_match_api(page, server, cid: str, when: str) -> dict:
    cv = api(server, f"/api/campaigns/{cid}")
    assert page.locator("#campaign").get_attribute("data-version") == str(cv["version"]), when
    on_page = set(page.eval_on_selector_all("#campaign button[data-action]", "els => els.map(e => e.dataset.action)"))
    assert on_page == {a["id"] for a in cv["legal_actions"]}, f"{when}: the page's choices differ from the API's"
    return cv


def start_campaign(page, server, seed: int) -> str:
    with explained(page, server, "starting a campaign from the library and the campaigns page"):
        page.goto(f"{server.base_url}/")
        page.locator('nav a[href="/campaigns"]').filter(visible=True).first.click()
        page.wait_for_url(re.compile(r"/campaigns$"))
        form = page.locator("#start-adamastor")
        form.locator('input[name="name"]').fill("The browser's commission")
        form.locator('input[name="seed"]').fill(str(seed))
        form.locator('button.new-campaign[data-game="adamastor"]').click()
        page.wait_for_url(re.compile(r"/campaigns/[0-9a-f]+$"))
        page.locator("#campaign").wait_for()
    return campaign_id_from(page.url)


def set_sail(page, server, cid: str, voyage: int, *, buy: bool = False) -> str:
    """On the between-voyages screen: pick the first card offered (and an upgrade), sail, open the board."""
    assert page.locator("#between-games").is_visible(), f"no between-voyages screen before voyage {voyage}"
    check_choices_match_api(page, server, cid, f"before voyage {voyage}")
    choose(page, server, '#campaign button[data-action^="card:"]', f"choosing a card for voyage {voyage}")
    if buy:
        buy_button = page.locator('#campaign button[data-action^="upgrade:"]')
        assert buy_button.count(), f"nothing to buy before voyage {voyage}"
        upgrade = buy_button.first.get_attribute("data-action").split(":", 1)[1]
        choose(page, server, '#campaign button[data-action^="upgrade:"]', "buying an upgrade")
        owned = page.locator(f'#campaign .upgrade.owned[data-upgrade="{upgrade}"]')
        assert owned.count() == 1, f"the upgrade {upgrade} bought is not shown as owned"
    check_choices_match_api(page, server, cid, f"after choosing for voyage {voyage}")
    with explained(page, server, f"setting sail on voyage {voyage}: the new board opens"):
        page.locator('#campaign button[data-action="sail"]').click()
        page.wait_for_url(re.compile(r"/play/[0-9a-f]+$"))
        page.locator("#board").wait_for()
    cv = api(server, f"/api/campaigns/{cid}")
    assert cv["current_session"], f"setting sail did not start voyage {voyage}"
    assert page.url.endswith(f"/play/{cv['current_session']}"), page.url
    banner = page.locator("#campaign-banner").inner_text()
    assert f"Voyage {voyage}" in banner and "The browser's commission" in banner, banner
    return cv["current_session"]


def test_a_campaign_voyage_by_clicking_then_the_next(live_server, page, page_problems, artifacts):
    seed, planned_moves = seed_winning_voyage_1()
    cid = start_campaign(page, live_server, seed)
    assert page.locator("#campaign").get_attribute("data-status") == "in_progress"
    first = set_sail(page, live_server, cid, 1)
    driver = BoardDriver(page, live_server, first, "adamastor", bot_seed=BOT_SEED)
    driver.check_buttons_match_api("at the start of voyage 1")
    driver.play(MOVES_BEFORE_RELOAD)

    version = driver.version()
    with explained(page, live_server, "reloading the board mid-voyage"):
        page.reload()
        page.locator("#board").wait_for()
    assert driver.version() == version, "a reload did not bring the voyage back at the same version"
    driver.check_buttons_match_api("after a reload mid-voyage")
    driver.play_to_end(max_moves=MAX_MOVES, check_every=50)

    result = driver.api()["status"]["state"]
    assert driver.page_status() == result == "won", "the clicked voyage did not end as rehearsed"
    assert driver.steps == planned_moves, f"the clicked voyage took {driver.steps} moves, the rehearsal {planned_moves}"
    with explained(page, live_server, "going back to the campaign from the end of voyage 1"):
        page.locator("#end-screen").wait_for(state="visible")
        page.locator("a#continue-campaign").click()
        page.wait_for_url(re.compile(rf"/campaigns/{cid}$"))
        page.locator("#between-games").wait_for()
    happened = page.locator("#between-games .what-happened").inner_text()
    assert f"voyage 1 {result}" in happened, happened
    cv = api(live_server, f"/api/campaigns/{cid}")
    assert cv["view"]["voyages"][0]["result"] == result and cv["view"]["voyage"] == 2
    page.screenshot(path=str(artifacts / "adamastor-campaign.png"), full_page=True)

    with explained(page, live_server, "reloading the between-voyages screen"):
        page.reload()
        page.locator("#between-games").wait_for()
    second = set_sail(page, live_server, cid, 2, buy=True)
    assert second != first
    driver = BoardDriver(page, live_server, second, "adamastor", bot_seed=BOT_SEED + 1)
    driver.check_buttons_match_api("at the start of voyage 2")
    driver.play(5)
    driver.check_buttons_match_api("after 5 moves of voyage 2")
    assert driver.steps == 5 and driver.page_status() == "in_progress"
    page.screenshot(path=str(artifacts / "adamastor-campaign-voyage-2.png"), full_page=True)

    with explained(page, live_server, "continuing the campaign from the library"):
        page.goto(f"{live_server.base_url}/")
        page.locator(f'a.continue-campaign[data-campaign="{cid}"]').click()
        page.wait_for_url(re.compile(rf"/play/{second}$"))
        page.locator("#board").wait_for()
    assert driver.version() == driver.api()["version"]
    page_problems.assert_clean()
