"""A server a household can run (issue #26 §3), on a phone (390×844), in English and in Spanish.

A fresh accounts-mode server says it has no account yet and that the first becomes the admin; the first player
signs up from there, a second one too; the new API token shows where the player is looking; the library's Continue
list comes first (one tap to resume); the admin makes a reset link that the second player uses on their phone; the
second player's other device, logged out by it, says why.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from app.ops import live
from tests.browser.conftest import PageProblems, start_server
from tests.support.driver import explained

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PASSWORD = "a long and secret passphrase"
NEW_PASSWORD = "another long passphrase"
WORDS = {
    "en": {"first": "no account yet", "reset": "reset with a reset link", "set": "new password is set"},
    "es": {"first": "todavía no tiene ninguna cuenta", "reset": "se restableció con un enlace",
           "set": "nueva contraseña ya está puesta"},
}


@pytest.fixture
def fresh_server(tmp_path) -> Iterator[live.LiveServer]:
    server = start_server(tmp_path, env={"AUTH_MODE": "accounts"})
    try:
        yield server
    finally:
        server.stop()


def _phone(browser, problems: PageProblems):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    problems.watch(tab)
    return context, tab


def _in_view(tab, selector: str) -> None:
    """The element is inside the phone's screen as the page stands (no scrolling by the test)."""
    box = tab.locator(selector).first.bounding_box()
    scrolled = tab.evaluate("window.scrollY")
    assert box is not None, selector
    top = box["y"]  # bounding_box is relative to the viewport
    assert 0 <= top and top + min(box["height"], 40) <= PHONE["height"], (selector, box, scrolled)


def _sign_up(tab, server, name: str, *, first: bool, lang: str) -> None:
    with explained(tab, server, f"signing up as {name}"):
        tab.goto(f"{server.base_url}/?lang={lang}")
        tab.wait_for_url(re.compile(r"/login"))
        if first:
            notice = tab.locator("#first-account")
            assert WORDS[lang]["first"] in notice.inner_text()
            _in_view(tab, "#first-account")
            tab.locator("#create-first-account").click()
        else:
            assert tab.locator("#first-account").count() == 0
            tab.locator("#to-signup").click()
        tab.locator("#signup-name").fill(name)
        tab.locator("#signup-password").fill(PASSWORD)
        tab.locator("#signup-confirm").fill(PASSWORD)
        tab.locator("#signup").click()
        tab.wait_for_url(f"{server.base_url}/")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_household_on_phones(browser, fresh_server, page_problems, lang):
    server = fresh_server
    admin_ctx, admin = _phone(browser, page_problems)
    bob_ctx, bob = _phone(browser, page_problems)
    other_ctx, bob_laptop = _phone(browser, page_problems)
    try:
        _sign_up(admin, server, "Ana", first=True, lang=lang)
        _sign_up(bob, server, "Bob", first=False, lang=lang)

        with explained(bob, server, "creating an API token on the settings page"):
            bob.goto(f"{server.base_url}/settings")
            bob.locator("#token-name").fill("my bot")
            bob.locator("#create-token").click()
            bob.locator("#new-token").wait_for()
            _in_view(bob, "#new-token")

        with explained(bob, server, "starting a game and coming back to the library"):
            bob.goto(f"{server.base_url}/games/adamastor")
            bob.locator("#new-game").click()
            bob.wait_for_url(re.compile(r"/play/[^/?#]+$"))
            session_id = bob.url.rstrip("/").rsplit("/", 1)[-1]
            bob.goto(f"{server.base_url}/")
            resume = bob.locator(f'a.continue[data-session="{session_id}"]')
            _in_view(bob, f'a.continue[data-session="{session_id}"]')
            resume.click()  # one tap to resume
            bob.wait_for_url(f"{server.base_url}/play/{session_id}")

        with explained(bob_laptop, server, "Bob logs in on a second device"):
            bob_laptop.goto(f"{server.base_url}/login?lang={lang}")
            bob_laptop.locator("#login-name").fill("Bob")
            bob_laptop.locator("#login-password").fill(PASSWORD)
            bob_laptop.locator("#login").click()
            bob_laptop.wait_for_url(f"{server.base_url}/")

        with explained(admin, server, "the admin makes a reset link for Bob"):
            admin.goto(f"{server.base_url}/admin")
            admin.locator('button[data-reset]').first.click()
            link = admin.locator("#reset-link").inner_text().strip()
            _in_view(admin, "#reset-link")
            assert "/reset-password?token=" in link

        with explained(bob, server, "Bob sets a new password with the link"):
            bob.goto(link)
            bob.locator("#reset-password").fill(NEW_PASSWORD)
            bob.locator("#reset-confirm").fill(NEW_PASSWORD)
            bob.locator("#set-password").click()
            bob.wait_for_url(re.compile(r"/settings\?done=reset$"))
            assert WORDS[lang]["set"] in bob.locator("#notice").inner_text()

        with explained(bob_laptop, server, "the other device says why it was logged out"):
            bob_laptop.goto(f"{server.base_url}/")
            bob_laptop.wait_for_url(re.compile(r"/login"))
            assert WORDS[lang]["reset"] in bob_laptop.locator("#logged-out").inner_text()
    finally:
        for context in (admin_ctx, bob_ctx, other_ctx):
            context.close()
    page_problems.assert_clean()
