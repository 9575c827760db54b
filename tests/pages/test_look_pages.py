""""Look closer" (issue #15, item 4): GET /play/{id}/look/{look_id} draws any component a board marks with
data-look, large, from the game's view: each kind of lookable component of each game answers, as a fragment
(htmx) or a whole page with a way back (no JavaScript); hidden things stay hidden (a deck, a face-down ship or
treasure show no name from inside); unknown ids and other players' games are 404s."""

from __future__ import annotations

import json
import re

import pytest

from app.core.config import ROOT
from tests.support.accountkit import accounts_app, sign_up
from tests.ui.test_action_bar_pages import HX, SLUGS, api, start, web  # noqa: F401  (web: a fixture)

LOOK = re.compile(r'\bdata-look="([^"]*)"')
DATA = ROOT / "games"
MOVES = 12
# Each game's kinds of lookable component (by the start of their look id), all seen in its first moves.
KINDS = {
    "adamastor": {"card": r"c\d+", "deck": "deck", "encounter deck": "enc", "discard": "discard",
                  "encounter card": r"e-.+", "map card": r"m\d", "ship": "ship"},
    "nemos_war": {"deck": "deck", "pile": r"p-(pass|fail)", "ocean": r"o-\w+", "treasure": r"t-\w+",
                  "ship": r"ship-.+", "Nautilus": "naut"},
    "platformer": {"small card": r"k\w+", "figure": r"e-\w+", "hero card": "hero-c", "boss card": "boss-c",
                   "event": "event", "enemy card": r"le\d"},
    "call_to_adventure": {"story card": r"S\d-\d+", "character card": r"[OMD]\d+", "hero card": r"H\d+",
                          "rune tray": "runes", "adversary deck": "adv-d"},
}


def look_ids(page: str) -> set[str]:
    return set(LOOK.findall(page[page.index('id="board"'):]))


def play_some(web, sid: str, moves: int = MOVES):  # noqa: F811
    """Yield the board page before each of a few moves (the last legal action each time)."""
    for _ in range(moves + 1):
        yield web.get(f"/play/{sid}").text
        state = api(web, sid)
        if not state["legal_actions"]:
            return
        web.post(f"/play/{sid}/act", data={"action": state["legal_actions"][-1]["id"], "version": state["version"]},
                 headers=HX)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_lookable_component_opens_large(web, slug):  # noqa: F811
    sid = start(web, slug)
    seen: set[str] = set()
    for page in play_some(web, sid):
        for look_id in sorted(look_ids(page) - seen):
            r = web.get(f"/play/{sid}/look/{look_id}", headers=HX)
            assert r.status_code == 200, (look_id, r.text[:300])
            assert f'data-look-of="{look_id}"' in r.text and 'id="look-title"' in r.text, look_id
            assert "<html" not in r.text, f"{look_id}: the fragment carries a whole page"
            seen.add(look_id)
    missing = [kind for kind, pattern in KINDS[slug].items() if not any(re.fullmatch(pattern, i) for i in seen)]
    assert not missing, f"{slug}: no lookable {missing} in {MOVES} moves (seen {sorted(seen)})"


@pytest.mark.parametrize("slug", SLUGS)
def test_without_javascript_the_look_is_a_page_with_a_way_back(web, slug):  # noqa: F811
    sid = start(web, slug)
    look_id = sorted(look_ids(web.get(f"/play/{sid}").text))[0]
    r = web.get(f"/play/{sid}?look={look_id}", follow_redirects=False)  # the magnifier's href, relative to the board
    assert r.status_code == 303 and r.headers["location"] == f"/play/{sid}/look/{look_id}"
    page = web.get(r.headers["location"]).text
    assert "<html" in page and f'data-look-of="{look_id}"' in page
    assert f'href="/play/{sid}#look-{look_id}"' in page and "Back to the table" in page


def test_a_card_look_gives_its_full_text(web):  # noqa: F811
    sid = start(web, "adamastor")
    card = api(web, sid)["view"]["row"][0]
    text = web.get(f"/play/{sid}/look/c{card['number']}", headers=HX).text
    assert card["title"] in text and card["flavor"] in text
    assert "Navigation Points" in text and "Weather" in text


def _titles(path: str, key: str, field: str) -> set[str]:
    data = json.loads((DATA / path).read_text())
    return {str(item[field]) for item in (data[key] if key else data)}


def test_a_deck_shows_its_count_and_no_card_inside(web):  # noqa: F811
    sid = start(web, "adamastor")
    view = api(web, sid)["view"]
    shown = {c["title"] for zone in ("row", "hand", "skills", "traumas") for c in view[zone]}
    shown |= {view["discard"]["top"]["title"]} if view["discard"].get("top") else set()
    text = web.get(f"/play/{sid}/look/deck", headers=HX).text
    assert f"{view['morale']} cards" in text
    leaked = [t for t in _titles("adamastor/data/sailing_cards.json", "", "title") - shown if t in text]
    assert not leaked, f"the Sailing deck's look names cards inside it: {leaked}"


def test_nemos_war_hidden_ships_treasures_and_deck_stay_hidden(web):  # noqa: F811
    sid = start(web, "nemos_war")
    view = api(web, sid)["view"]
    hidden = [s["box"] for o in view["oceans"] for s in o["slots"] if s["ship"] and s["ship"].get("hidden")]
    treasures = [o["key"] for o in view["oceans"] if o["treasure"]]
    assert hidden and treasures
    ship_words = set(json.loads((DATA / "nemos_war/data/ships.json").read_text())["classes"].values())
    treasure_names = _titles("nemos_war/data/treasures.json", "tokens", "name")
    card_titles = _titles("nemos_war/data/cards.json", "cards", "title")
    for box in hidden:
        text = web.get(f"/play/{sid}/look/ship-{box}", headers=HX).text
        assert "Hidden ship" in text
        assert not [w for w in ship_words if w in text], f"the hidden ship in {box} shows what it is"
    for key in treasures:
        text = web.get(f"/play/{sid}/look/t-{key}", headers=HX).text
        assert not [n for n in treasure_names if n in text], f"the treasure token of {key} shows what it holds"
    text = web.get(f"/play/{sid}/look/deck", headers=HX).text
    assert not [t for t in card_titles if t in text], "the Adventure deck's look names a card inside it"


def test_an_unknown_look_id_or_game_is_a_404(web):  # noqa: F811
    sid = start(web, "adamastor")
    assert web.get(f"/play/{sid}/look/deck", headers=HX).status_code == 200  # the route is there...
    for look_id in ["nope", "c999", "ship-xx.9", "m9", "e-E99", "x" * 60]:  # ...and knows what it does not draw
        r = web.get(f"/play/{sid}/look/{look_id}", headers=HX)
        assert r.status_code == 404 and "not on the table" in r.text, look_id
    r = web.get("/play/nosuchgame/look/deck", headers=HX)
    assert r.status_code == 404 and "no saved game" in r.text


def test_a_look_at_another_players_game_is_a_404(db_url):
    with accounts_app(db_url) as app:
        ana, bo = sign_up(app, "Ana"), sign_up(app, "Bo")
        r = ana.form("/games/adamastor/new", {"seed": "7", "name": "Ana's"})
        sid = r.headers["location"].rsplit("/", 1)[-1]
        assert ana.client.get(f"/play/{sid}/look/deck", headers=HX).status_code == 200
        r = bo.client.get(f"/play/{sid}/look/deck", headers=HX)
        assert r.status_code == 404 and "Morale" not in r.text


@pytest.mark.parametrize("slug", SLUGS)
def test_a_moves_answer_marks_the_components_but_leaves_their_links_to_the_page(web, slug):  # noqa: F811
    sid = start(web, slug)
    page = web.get(f"/play/{sid}").text
    assert 'href="?look=' in page, "without JavaScript, a full page links every card to its look"
    state = api(web, sid)
    r = web.post(f"/play/{sid}/act", data={"action": state["legal_actions"][0]["id"], "version": state["version"]},
                 headers=HX)
    assert r.status_code == 200 and look_ids(r.text), "the answer marks its lookable components"
    assert 'href="?look=' not in r.text, "the answer carries the magnifier links (look.js adds them)"
