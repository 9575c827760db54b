"""On a phone (issue #26 §3): the one-time API token appears where the player is looking, and the library's
Continue list comes before the games when there is something to resume."""

from __future__ import annotations

from tests.support.accountkit import accounts_app, sign_up


def test_the_library_lists_what_to_continue_before_the_games(client):
    empty = client.get("/").text
    assert empty.index('id="games-heading"') < empty.index('id="continue-heading"')  # nothing to resume yet
    assert "No game in progress" in empty
    session_id = client.post("/api/sessions", json={"game": "adamastor", "seed": 3}).json()["id"]
    page = client.get("/").text
    assert page.index('id="continue-heading"') < page.index('id="games-heading"')
    assert page.index(f'href="/play/{session_id}"') < page.index('class="game-tile"')
    assert page.count('id="continue-heading"') == 1


def test_a_new_api_token_is_shown_at_the_top_of_the_settings_page(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        r = ana.form("/settings/tokens", {"name": "my bot"})
        assert r.status_code == 201
        page = r.text
        token_at = page.index('id="new-token"')
        assert token_at < page.index('id="language-heading"') < page.index('id="tokens-heading"')
        assert 'id="new-token-box"' in page
