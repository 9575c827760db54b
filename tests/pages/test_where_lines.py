"""Where each listed game and campaign stands (issue #26 §1): the library's Continue list, the Saves page and the
Campaigns page say "Week 9 · 25 Morale" or "Voyage 2 of 3 · Week 9 · 14 Renown", in English and in Spanish,
instead of "move 25" or "In progress 0 pts". Each line is checked against the view the game's board shows.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from games.engine import Rng
from games.registry import get_engine

ES = {"Accept-Language": "es"}


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", unescape(html))).strip()


def _where(html: str, attr: str, key: str) -> str:
    """The where-line of the listed row (or Continue link) whose `attr` is `key`."""
    for found, body in re.findall(rf'{attr}="([0-9a-f]+)">(.*?)</(?:tr|a)>', html, re.S):
        if found == key:
            line = re.search(r'class="[^"]*\bwhere\b[^"]*">(.*?)</span>', body, re.S)
            assert line, f"no where-line in the row of {key}"
            return _text(line.group(1))
    raise AssertionError(f"{key} is not listed")


def _played(web, game: str, moves: int) -> tuple[str, dict]:
    """A game of `game` started by the API and played `moves` moves by its heuristic bot; (id, view)."""
    engine = get_engine(game)
    s = web.post("/api/sessions", json={"game": game, "seed": 21}).json()
    state, rng = engine.load(engine.dump(engine.new_game(21, engine.spec.normalize_options({})))), Rng.from_seed(1)
    for _ in range(moves):
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        s = web.post(f"/api/sessions/{s['id']}/actions", json={"action": action, "version": s["version"]}).json()
    assert s["view"] == engine.view(state)
    return s["id"], s["view"]


EXPECTED = {
    "adamastor": (lambda v: f"Week {v['turn']} · {v['morale']} Morale",
                  lambda v: f"Semana {v['turn']} · {v['morale']} de moral"),
    "nemos_war": (lambda v: f"Turn {v['turn']} · week {v['week']} of {v['calendar']['last']}",
                  lambda v: f"Turno {v['turn']} · semana {v['week']} de {v['calendar']['last']}"),
    "platformer": (lambda v: f"Turn {v['turn']} · {v['event']['left']} Event cards left · "
                             f"{v['hero']['health']} of {v['hero']['max_health']} health",
                   lambda v: f"Turno {v['turn']} · Quedan {v['event']['left']} cartas de Evento · "
                             f"{v['hero']['health']} de {v['hero']['max_health']} de Salud"),
    "call_to_adventure": (lambda v: f"Act {'I' * v['current_act']} · Destiny {v['destiny']['total']} of "
                                    f"{v['destiny']['target']}",
                          lambda v: f"Acto {'I' * v['current_act']} · Destino {v['destiny']['total']} de "
                                    f"{v['destiny']['target']}"),
}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_a_game_in_progress_says_where_it_stands_on_the_library_and_the_saves_page(web, game):
    sid, view = _played(web, game, 8)
    english, spanish = (say(view) for say in EXPECTED[game])
    assert _where(web.get("/").text, "data-session", sid) == english
    assert _where(web.get("/saves").text, "data-session", sid) == english
    assert _where(web.get("/", headers=ES).text, "data-session", sid) == spanish
    assert _where(web.get("/saves", headers=ES).text, "data-session", sid) == spanish


def test_a_fresh_voyage_says_it_is_setting_out(web):
    sid, view = _played(web, "adamastor", 0)
    assert view["turn"] == 0
    assert _where(web.get("/").text, "data-session", sid) == f"Setting out · {view['morale']} Morale"


def _campaign_at_sea(web) -> dict:
    cv = web.post("/api/campaigns", json={"game": "adamastor", "seed": 5, "name": "Winter voyages"}).json()
    for wanted in ("card:", "sail"):
        action = next(a["id"] for a in cv["legal_actions"] if a["id"].startswith(wanted))
        cv = web.post(f"/api/campaigns/{cv['id']}/actions", json={"action": action, "version": cv["version"]}).json()
    return cv


def test_a_campaign_says_its_voyage_its_week_and_its_renown_everywhere_it_is_listed(web):
    fresh = web.post("/api/campaigns", json={"game": "adamastor", "seed": 6, "name": "Not yet sailed"}).json()
    cv = _campaign_at_sea(web)
    sid = cv["current_session"]
    s = web.get(f"/api/sessions/{sid}").json()
    for _ in range(12):  # into the voyage, so that its week is not the first
        s = web.post(f"/api/sessions/{sid}/actions",
                     json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
    week, purse = s["view"]["turn"], cv["view"]["renown"]["purse"]
    assert week >= 1
    at_sea = f"Voyage 1 of 3 · Week {week} · {purse} Renown"
    assert _where(web.get("/campaigns").text, "data-campaign", cv["id"]) == at_sea
    assert _where(web.get("/").text, "data-campaign", cv["id"]) == at_sea
    assert _where(web.get("/campaigns", headers=ES).text, "data-campaign", cv["id"]) == \
        f"Viaje 1 de 3 · Semana {week} · {purse} de renombre"
    assert _where(web.get("/campaigns").text, "data-campaign", fresh["id"]) == \
        "Voyage 1 of 3 · getting ready to sail · 0 Renown"
    assert "pts" not in _where(web.get("/campaigns").text, "data-campaign", fresh["id"])
