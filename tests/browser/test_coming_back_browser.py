"""Coming back another day (issue #26), the whole flow on a phone (390×844), in English and in Spanish.

On a fresh accounts-mode server: sign up, start an Adamastor campaign, choose a voyage card and take the choice
back, choose again and set sail (landing on the voyage's board), play it (a few moves by clicking, the rest by
the heuristic bot through the API, on a campaign seed whose first voyage it wins), leave for an evening; on a
second device log in, find the campaign in the library's Continue list saying where it stands, read the recap
of the last session (closed with Esc), buy an upgrade and take it back (its Renown comes back), set sail again
and land on the new voyage's board; export the campaign, delete it, import the file and find it back under the
same id.
"""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from games.engine import Rng
from games.registry import get_engine
from tests.browser.test_adamastor_campaign_browser import BOT_SEED, seed_winning_voyage_1
from tests.browser.test_household_browser import PASSWORD, _phone, _sign_up, fresh_server  # noqa: F401
from tests.support.driver import explained, wait_for_board

pytestmark = pytest.mark.browser

WORDS = {"en": {"voyage": "Voyage 2 of 3", "taken": "Took back", "week": "Voyage 2 of 3"},
         "es": {"voyage": "Viaje 2 de 3", "taken": "Deshecho", "week": "Viaje 2 de 3"}}


def _fits_the_phone(tab, what: str) -> None:
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{what}: the page is {width}px wide on a 390px phone"


def _an_evening_passes(server) -> None:
    """Every game and campaign on the server was last played five hours ago (a recap shows after an hour)."""
    path = server.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE sessions SET updated_at = datetime(updated_at, '-5 hours')")
        db.execute("UPDATE campaigns SET updated_at = datetime(updated_at, '-5 hours')")


def _api(tab, server, method: str, path: str, body: dict | None = None) -> dict:
    """The JSON API as the page's own scripts call it: the log-in's cookie and its CSRF header."""
    token = json.loads(tab.locator("body").get_attribute("hx-headers"))["X-CSRF-Token"]
    answer = tab.request.fetch(f"{server.base_url}{path}", method=method, data=body,
                               headers={"X-CSRF-Token": token})
    assert answer.ok, (path, answer.status, answer.text()[:300])
    return answer.json()


def _click_a_few_moves(tab, moves: int) -> None:
    for _ in range(moves):
        version = int(tab.locator("#board").get_attribute("data-version"))
        choice = tab.locator("#bar-actions .bar-buttons > button[data-action], "
                             "#bar-actions .bar-buttons > details > summary").first
        if choice.evaluate("el => el.tagName") == "SUMMARY":  # a group of choices: open it, take its first
            choice.click()
            choice = tab.locator("#bar-actions details[open] button[data-action]").first
        choice.click()
        wait_for_board(tab, version, at_version=False)


def _bot_plays_voyage_1(tab, server, seed: int, sid: str) -> None:
    """Voyage 1 played to its end by the heuristic bot, as test_adamastor_campaign_browser rehearses it (the
    first card offered, set sail, the bot with BOT_SEED): a voyage it wins, so Renown can buy an upgrade."""
    engine = get_engine("adamastor")
    cengine, bot, rng = engine.campaign, engine.bots["heuristic"], Rng.from_seed(BOT_SEED)
    cstate = cengine.new_campaign(seed, cengine.spec.normalize_options(None))
    cstate, _ = cengine.apply(cstate, next(a.id for a in cengine.legal_actions(cstate) if a.id.startswith("card:")))
    cstate, _ = cengine.apply(cstate, "sail")
    setup = cengine.next_game(cstate)
    state = engine.new_game(setup.seed, setup.options, setup.carried)
    s = _api(tab, server, "GET", f"/api/sessions/{sid}")
    while not engine.status(state).over:
        action = bot.choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        s = _api(tab, server, "POST", f"/api/sessions/{sid}/actions", {"action": action, "version": s["version"]})
    assert s["status"]["state"] == "won", s["status"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_campaign_left_and_taken_up_again_on_a_phone(browser, fresh_server, page_problems, lang,  # noqa: F811
                                                       tmp_path):
    server, (seed, _moves) = fresh_server, seed_winning_voyage_1()
    first_ctx, tab = _phone(browser, page_problems)
    try:
        _sign_up(tab, server, "Leonor", first=True, lang=lang)
        with explained(tab, server, "starting a campaign"):
            tab.goto(f"{server.base_url}/campaigns")
            form = tab.locator('form[action="/campaigns/new/adamastor"]')
            form.locator('input[name="name"]').fill("Winter voyages")
            form.locator('input[name="seed"]').fill(str(seed))
            form.locator('button.new-campaign[data-game="adamastor"]').click()
            tab.wait_for_url(re.compile(r"/campaigns/[0-9a-f]+$"))
            tab.locator("#between-games").wait_for()
        cid = re.search(r"/campaigns/([0-9a-f]+)", tab.url).group(1)
        _fits_the_phone(tab, "the campaign page")
        rules = tab.locator(".campaign-head .head-links a").last.bounding_box()
        assert rules["x"] + rules["width"] <= 390, "the toolbar's last link is cut off"

        with explained(tab, server, "choosing a voyage card, then taking the choice back"):
            assert tab.locator("#campaign-undo").count() == 0, "nothing to take back yet"
            cards = tab.locator('#campaign button[data-action^="card:"]').count()
            tab.locator('#campaign button[data-action^="card:"]').first.click()
            tab.locator("#campaign-undo").wait_for()
            assert tab.locator('#campaign button[data-action="sail"]').count() == 1
            tab.locator("#campaign-undo").click()
            tab.locator("#campaign-undo").wait_for(state="detached")
            assert tab.locator('#campaign button[data-action="sail"]').count() == 0, "the choice is taken back"
            assert tab.locator('#campaign button[data-action^="card:"]').count() == cards
            assert WORDS[lang]["taken"] in tab.locator("#campaign").inner_text()
        with explained(tab, server, "choosing again and setting sail: the voyage's board opens"):
            tab.locator('#campaign button[data-action^="card:"]').first.click()
            tab.locator('#campaign button[data-action="sail"]').click()
            tab.wait_for_url(re.compile(r"/play/[0-9a-f]+$"))
            tab.locator("#board").wait_for()
        with explained(tab, server, "playing voyage 1 (the bot through the API, a voyage it wins)"):
            _bot_plays_voyage_1(tab, server, seed, tab.url.rsplit("/", 1)[-1])
    finally:
        first_ctx.close()
    _an_evening_passes(server)

    other_ctx, other = _phone(browser, page_problems)
    try:
        with explained(other, server, "logging in on a second device and resuming from the library"):
            other.goto(f"{server.base_url}/login?lang={lang}")
            other.locator("#login-name").fill("Leonor")
            other.locator("#login-password").fill(PASSWORD)
            other.locator("#login").click()
            other.wait_for_url(f"{server.base_url}/")
            resume = other.locator(f'a.continue-campaign[data-campaign="{cid}"]')
            assert WORDS[lang]["voyage"] in resume.locator(".where").inner_text()
            resume.click()
            other.wait_for_url(f"{server.base_url}/campaigns/{cid}")
        with explained(other, server, "reading the recap of the last session, then closing it with Esc"):
            recap = other.locator("#recap")
            assert recap.evaluate("el => el.matches(':modal')"), "the recap opens over the campaign"
            assert WORDS[lang]["week"] in recap.inner_text(), "it says where the campaign stands"
            assert other.evaluate("document.activeElement.id") == "recap-close"
            other.keyboard.press("Escape")
            recap.wait_for(state="hidden")

        purse = _api(other, server, "GET", f"/api/campaigns/{cid}")["view"]["renown"]["purse"]
        with explained(other, server, "buying an upgrade, then taking it back"):
            buy = other.locator('#campaign button[data-action^="upgrade:"]').first
            upgrade = buy.get_attribute("data-action").split(":", 1)[1]
            buy.click()
            other.locator(f'#campaign .upgrade.owned[data-upgrade="{upgrade}"]').wait_for()
            assert _api(other, server, "GET", f"/api/campaigns/{cid}")["view"]["renown"]["purse"] < purse
            other.locator("#campaign-undo").click()
            other.locator(f'#campaign .upgrade.owned[data-upgrade="{upgrade}"]').wait_for(state="detached")
            assert _api(other, server, "GET", f"/api/campaigns/{cid}")["view"]["renown"]["purse"] == purse
        with explained(other, server, "setting sail on voyage 2: its board opens"):
            other.locator('#campaign button[data-action^="card:"]').first.click()
            other.locator('#campaign button[data-action="sail"]').click()
            other.wait_for_url(re.compile(r"/play/[0-9a-f]+$"))
            other.locator("#board").wait_for()
        with explained(other, server, "playing a few moves of voyage 2 by clicking"):
            _click_a_few_moves(other, 3)

        with explained(other, server, "exporting the campaign"):
            other.goto(f"{server.base_url}/campaigns")
            with other.expect_download() as download:
                other.locator(f'a.export[data-campaign="{cid}"]').click()
            # its seed was chosen (a voyage the bot wins), so the file is open and its name says nothing sealed
            assert download.value.suggested_filename.endswith(f"-{cid}.json")
            saved = tmp_path / download.value.suggested_filename
            download.value.save_as(saved)
        with explained(other, server, "deleting the campaign, then importing its file"):
            other.goto(f"{server.base_url}/campaigns/{cid}/delete")
            other.locator("#confirm-delete").click()
            other.wait_for_url(re.compile(r"/campaigns(\?.*)?$"))
            assert other.locator(f'tr[data-campaign="{cid}"]').count() == 0
            other.locator('form[action="/campaigns/import"] input[type="file"]').set_input_files(str(saved))
            other.locator("#import-campaign").click()
            other.wait_for_url(f"{server.base_url}/campaigns/{cid}")
            assert WORDS[lang]["voyage"].split(" ")[0] in other.locator("#campaign").inner_text()
        _fits_the_phone(other, "the restored campaign's page")
    finally:
        other_ctx.close()
    page_problems.assert_clean()
