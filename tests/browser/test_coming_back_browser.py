"""Coming back another day (issue #26), the whole flow on a phone (390×844), in English and in Spanish.

On a fresh accounts-mode server: sign up, start an Adamastor campaign, choose a voyage card and take the choice
back, choose again and set sail (landing on the new voyage's board), play a few moves, leave for an evening; on
a second device log in and resume from the library's Continue list, which says where the campaign stands, and
read the recap of the last session (closed with Esc); export the campaign
(its file's name says it is sealed), delete it, import the file and find it back under the same id.
"""

from __future__ import annotations

import re
import sqlite3

import pytest

from tests.browser.test_household_browser import PASSWORD, _phone, _sign_up, fresh_server  # noqa: F401
from tests.support.driver import explained, wait_for_board

pytestmark = pytest.mark.browser

WORDS = {"en": {"voyage": "Voyage 1 of 3", "taken": "Took back", "week": "Week"},
         "es": {"voyage": "Viaje 1 de 3", "taken": "Deshecho", "week": "Semana"}}


def _fits_the_phone(tab, what: str) -> None:
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{what}: the page is {width}px wide on a 390px phone"


def _an_evening_passes(server) -> None:
    """Every game on the server was last played five hours ago (the recap shows after an hour away)."""
    path = server.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE sessions SET updated_at = datetime(updated_at, '-5 hours')")


def _campaign_id(tab) -> str:
    return re.search(r"/campaigns/([0-9a-f]+)", tab.url).group(1)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_campaign_left_and_taken_up_again_on_a_phone(browser, fresh_server, page_problems, lang,  # noqa: F811
                                                       tmp_path):
    server = fresh_server
    first_ctx, tab = _phone(browser, page_problems)
    try:
        _sign_up(tab, server, "Leonor", first=True, lang=lang)
        with explained(tab, server, "starting a campaign"):
            tab.goto(f"{server.base_url}/campaigns")
            tab.locator('form[action="/campaigns/new/adamastor"] input[name="name"]').fill("Winter voyages")
            tab.locator('button.new-campaign[data-game="adamastor"]').click()
            tab.wait_for_url(re.compile(r"/campaigns/[0-9a-f]+$"))
            tab.locator("#between-games").wait_for()
        cid = _campaign_id(tab)
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
        voyage_url = tab.url
        with explained(tab, server, "playing a few moves"):
            for _ in range(3):
                version = int(tab.locator("#board").get_attribute("data-version"))
                choice = tab.locator("#bar-actions .bar-buttons > button[data-action], "
                                     "#bar-actions .bar-buttons > details > summary").first
                if choice.evaluate("el => el.tagName") == "SUMMARY":  # a group of choices: open it, take its first
                    choice.click()
                    choice = tab.locator("#bar-actions details[open] button[data-action]").first
                choice.click()
                wait_for_board(tab, version, at_version=False)
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
            other.wait_for_url(voyage_url)
            other.locator("#board").wait_for()
        with explained(other, server, "reading the recap of the last session, then closing it with Esc"):
            recap = other.locator("#recap")
            assert recap.evaluate("el => el.matches(':modal')"), "the recap opens over the table"
            assert WORDS[lang]["week"] in recap.inner_text(), "it says where the voyage stands"
            assert other.evaluate("document.activeElement.id") == "recap-close"
            other.keyboard.press("Escape")
            recap.wait_for(state="hidden")

        with explained(other, server, "exporting the campaign"):
            other.goto(f"{server.base_url}/campaigns")
            with other.expect_download() as download:
                other.locator(f'a.export[data-campaign="{cid}"]').click()
            assert download.value.suggested_filename.endswith(f"-{cid}-sealed.json")
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
