"""Accounts in a real browser: sign up, play, log out, log in again; a second player cannot reach the game.

The server runs in accounts mode (its own process and SQLite file). Chromium enforces the
Content-Security-Policy, so any inline script or style the pages needed would show up here as a
console error, which fails the test; so would any HTTP error the test did not provoke on purpose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from app.ops import live
from tests.browser.conftest import PageProblems, start_server
from tests.browser.test_adamastor_browser import start_new_game
from tests.support.driver import BoardDriver, explained

pytestmark = pytest.mark.browser

PASSWORD = "a long and secret passphrase"


@pytest.fixture(scope="module")
def accounts_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.LiveServer]:
    server = start_server(tmp_path_factory.mktemp("accounts-server"), env={"AUTH_MODE": "accounts"})
    try:
        yield server
    finally:
        server.stop()


def sign_up(page, server, name: str) -> None:
    with explained(page, server, f"signing up as {name}"):
        page.goto(f"{server.base_url}/")
        page.wait_for_url(re.compile(r"/login"))  # anonymous: sent to the log-in page
        page.locator("#to-signup").click()
        page.locator("#signup-name").fill(name)
        page.locator("#signup-password").fill(PASSWORD)
        page.locator("#signup-confirm").fill(PASSWORD)
        page.locator("#signup").click()
        page.wait_for_url(f"{server.base_url}/")
        assert page.locator(".who").get_attribute("data-player") == name


def test_sign_up_play_log_out_log_in_and_a_second_player_is_kept_out(browser, accounts_server, page,
                                                                       page_problems):
    server = accounts_server
    sign_up(page, server, "Ana")
    session_id = start_new_game(page, server)
    driver = BoardDriver(page, server, session_id, "adamastor", bot_seed=3)
    driver.play(6)  # clicks through htmx: the CSRF header rides on every move
    played = driver.version()
    assert played >= 6

    with explained(page, server, "logging out"):
        page.locator("#logout").click()
        page.wait_for_url(re.compile(r"/login$"))
        page.goto(f"{server.base_url}/play/{session_id}")
        page.wait_for_url(re.compile(r"/login\?next="))  # the game is out of reach now

    with explained(page, server, "logging in again"):
        page.locator("#login-name").fill("Ana")
        page.locator("#login-password").fill(PASSWORD)
        page.locator("#login").click()
        page.wait_for_url(re.compile(rf"/play/{session_id}$"))  # back to the page asked for
        page.locator("#board").wait_for()
        assert driver.version() == played
        driver.play(2)
        assert driver.version() == played + 2

    other_context = browser.new_context(viewport={"width": 1280, "height": 900})
    other = other_context.new_page()
    other.set_default_timeout(20_000)
    problems = PageProblems()
    problems.watch(other)
    try:
        sign_up(other, server, "Bruno")
        with explained(other, server, "the second player trying the first one's game"):
            answer = other.goto(f"{server.base_url}/play/{session_id}")
            assert answer.status == 404
            assert other.locator("#board").count() == 0
            api = other.request.get(f"{server.base_url}/api/sessions/{session_id}")
            assert api.status == 404
            other.goto(f"{server.base_url}/saves")
            assert other.locator(f'[data-session="{session_id}"]').count() == 0
            assert "Ana" not in other.locator("main").inner_text()
        problems.assert_clean(expected_statuses=(404,))
    finally:
        other_context.close()
    page_problems.assert_clean()


def test_the_api_docs_run_under_the_policy(accounts_server, page, page_problems):
    """Swagger UI is vendored and started from a file: it draws every operation with no CSP complaint."""
    with explained(page, accounts_server, "opening the API docs"):
        page.goto(f"{accounts_server.base_url}/docs")
        page.locator(".opblock").first.wait_for()
    assert page.locator(".opblock").count() >= 18
    page_problems.assert_clean()


def test_the_spanish_header_with_a_player_keeps_to_one_line_on_a_laptop(browser, tmp_path):
    """At 1366 px the Spanish menu, the languages and the first player's links (their name, Admin, "Cerrar sesión")
    share one line: a second one took 50 px from the table below it."""
    server = start_server(tmp_path, env={"AUTH_MODE": "accounts"})
    context = browser.new_context(viewport={"width": 1366, "height": 900}, extra_http_headers={"Accept-Language": "es"})
    try:
        page = context.new_page()
        sign_up(page, server, "meeple")
        assert page.locator(".who").get_by_text("Admin").count(), "the first player is the admin"
        tops = page.eval_on_selector_all(".site-header > :is(.brand, .site-nav, .lang-switch, .who)",
                                         "els => els.map(e => e.getBoundingClientRect().top)")
        assert len(tops) == 4 and max(tops) - min(tops) < 20, f"the header's parts stand on several lines: {tops}"
    finally:
        context.close()
        server.stop()
