"""Issue #15's words through the real app, for Adamastor and Call to Adventure: every HTMX answer of a game the
bot plays shows buttons that say what they do, and a chronicle (oldest first, under week/turn headings, each
entry numbered once by its list); the finished game's end screen says why in words.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from games.engine import Rng
from games.registry import get_engine
from tests.support.label_words import bad_buttons

HX = {"HX-Request": "true"}


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


def chronicle_heads(html: str) -> list[str]:
    log = html[html.index('<section class="game-log chronicle" aria-label="Game log">'):]
    log = log[:log.index("</section>")]
    assert "<li value=" not in log and 'class="log-lines"' not in log, "log lines numbered by hand"
    return re.findall(r'<h3 class="chronicle-heading">(.*?)</h3>', log)


def play(web, slug: str, seed: int, options: dict[str, str]):
    """Post a bot's moves to the HTMX route; yields each answer's HTML and the engine's state after it."""
    r = web.post(f"/games/{slug}/new", data={"seed": str(seed), "name": "Words", **options}, follow_redirects=False)
    assert r.status_code == 303, r.text
    sid = r.headers["location"].rsplit("/", 1)[1]
    engine, rng = get_engine(slug), Rng.from_seed(seed)
    state = engine.new_game(seed, engine.spec.normalize_options(options or None))
    version = web.get(f"/api/sessions/{sid}").json()["version"]
    for _ in range(1500):
        if engine.status(state).over:
            return
        choice = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        r = web.post(f"/play/{sid}/act", data={"action": choice, "version": str(version)}, headers=HX)
        assert r.status_code == 200, f"{choice}: {r.status_code}"
        state, _ = engine.apply(state, choice)
        version += 1
        yield r.text, state
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("slug, seed, options, unit", [
    ("adamastor", 2, {"maps": "3"}, "Week"),
    ("call_to_adventure", 3, {}, "Turn"),
])
@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_a_played_game_says_what_each_button_does_and_keeps_a_chronicle(web, slug, seed, options, unit):
    engine = get_engine(slug)
    html = ""
    for html, state in play(web, slug, seed, options):
        assert bad_buttons(html) == [], f"turn {engine.view(state)['turn']}"
        heads = chronicle_heads(html)
        numbers = [int(h.split()[1]) for h in heads if h.startswith(unit + " ")]
        assert numbers == sorted(set(numbers)), heads
    assert 'id="end-screen"' in html
    why = re.search(r'<p class="lead end-reason">(.*?)</p>', html, re.S)
    assert why and len(why.group(1).split()) >= 6, "the end screen does not say why the game ended"
