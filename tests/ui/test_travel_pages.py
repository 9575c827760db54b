"""Travel (issue #15): a move's HTMX answer says where the components it moved came from, worked out on the
server from the move (app/ui/travel.py): a drawn card carries data-from="deck", the ship its old space,
the Nautilus its old ocean, a Platformer figure that stepped and fell data-path through the cells it passed.
A plain page load carries none of it (a reload shows no motion)."""

from __future__ import annotations

import re

from app.core.config import ROOT
from games.engine import Rng
from games.registry import get_engine
from tests.support.falls import SEED_OF_A_FALL, first_fall
from tests.ui.test_action_bar_pages import HX, web  # noqa: F401  (web: a fixture)

TAG = re.compile(r"<[^>]*\bdata-(?:from|took)=[^>]*>")


def played(web, slug: str, seed: int, until):  # noqa: F811
    """A session made through the API and played by the heuristic bot until `until(engine, state, n)`."""
    eng = get_engine(slug)
    opts = eng.spec.normalize_options(None)
    r = web.post("/api/sessions", json={"game": slug, "seed": seed, "options": opts})
    assert r.status_code == 201, r.text
    sid, version = r.json()["id"], r.json()["version"]
    s, rng = eng.new_game(seed, opts), Rng.from_seed(seed)
    for n in range(2000):
        assert not eng.status(s).over, f"{slug} seed {seed}: the game ended before the move looked for"
        if until(eng, s, n):
            return sid, version, s
        action = eng.bots["heuristic"].choose(eng, s, eng.legal_actions(s), rng)
        r = web.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": version})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
        s, _ = eng.apply(s, action)
    raise AssertionError(f"{slug} seed {seed}: the move looked for never came")


def move(web, sid: str, version: int, action: str) -> str:  # noqa: F811
    r = web.post(f"/play/{sid}/act", data={"action": action, "version": str(version)}, headers=HX)
    assert r.status_code == 200, r.text[:500]
    return r.text


def tag_of(html: str, needle: str) -> str:
    found = [t for t in re.findall(r"<[^>]*>", html) if needle in t]
    assert found, f"no tag with {needle!r} in the answer"
    return found[0]


def legal(action: str):
    return lambda eng, s, n: action in {a.id for a in eng.legal_actions(s)}


def test_a_drawn_card_comes_from_the_deck_and_a_reload_says_nothing(web):  # noqa: F811
    sid, version, s = played(web, "adamastor", 7, legal("draw"))
    answer = move(web, sid, version, "draw")
    hand = {c["number"] for c in get_engine("adamastor").view(s)["hand"]}
    drawn = [t for t in re.findall(r"<article[^>]*in-hand[^>]*>", answer)
             if int(re.search(r'data-card="(\d+)"', t).group(1)) not in hand]
    assert len(drawn) == 1, drawn
    assert 'data-from="deck"' in drawn[0]
    assert not TAG.findall(web.get(f"/play/{sid}").text), "a page load carries travel"


def test_the_ship_comes_from_the_space_it_left(web):  # noqa: F811
    sid, version, s = played(web, "adamastor", 7,
                             lambda eng, st, n: any(a.id.startswith("nav:move:") for a in eng.legal_actions(st)))
    action = next(a.id for a in get_engine("adamastor").legal_actions(s) if a.id.startswith("nav:move:"))
    answer = move(web, sid, version, action)
    ship = tag_of(answer, 'data-part="ship"')
    assert f'data-from="{s.ship}"' in ship and f'data-at="{action.rsplit(":", 1)[1]}"' in ship
    assert f'data-place="{s.ship}"' in answer, "the space the ship left is not a place the browser can find"
    assert "data-from" not in web.get(f"/play/{sid}").text


def test_a_hero_that_falls_goes_through_each_cell(web):  # noqa: F811
    # the first move of the heuristic bot that lets gravity drop the hero two cells or more
    seed, (n, action, cells) = SEED_OF_A_FALL, first_fall(SEED_OF_A_FALL)
    sid, version, s = played(web, "platformer", seed, lambda eng, st, k: k == n)
    answer = move(web, sid, version, action)
    hero = tag_of(answer, 'data-part="hero"')
    assert f'data-from="{cells[0]}"' in hero and f'data-path="{" ".join(cells)}"' in hero, hero
    for cell in cells:
        assert f'data-part="{cell}"' in answer, f"cell {cell} is no part"
    assert "data-from" not in web.get(f"/play/{sid}").text


def test_the_nautilus_comes_from_its_old_ocean_and_the_ships_boxes_are_parts(web):  # noqa: F811
    sid, version, s = played(web, "nemos_war", 1, legal("move:ep"))
    assert s.nautilus == "wp"
    answer = move(web, sid, version, "move:ep")
    assert 'data-from="o-wp"' in tag_of(answer, 'data-vt="naut"')
    assert re.search(r'data-box="wp\.1" data-part="bwp\.1"', answer)
    assert "data-from" not in web.get(f"/play/{sid}").text


def test_a_card_that_leaves_the_table_flies_to_its_pile():
    from app.ui import boards

    before = {"hand": [{"number": 5}], "row": [], "discard": {"count": 2, "top": {"number": 9}}, "morale": 30}
    after = {"hand": [], "row": [], "discard": {"count": 4, "top": {"number": 9}}, "morale": 29}
    trips = boards.trips("adamastor", before, after, [])
    assert trips.took == {"discard": ["c5", "deck"]}, "the hand card and the deck's top card went to the discard"
    assert not trips.moved
    assert not boards.trips("pebbles", before, after, []), "a game without travel gets none"


def _placed(view) -> set[str]:
    return {c["id"] for slot in view["tableau"] for c in slot.get("placed") or ()}


def test_a_call_to_adventure_card_gained_slides_from_its_row_into_the_story(web):  # noqa: F811
    eng = get_engine("call_to_adventure")
    sid, version, s = played(web, "call_to_adventure", 3, lambda e, st, n: any(
        a.id.startswith("trait:") for a in e.legal_actions(st)))
    action = next(a.id for a in eng.legal_actions(s) if a.id.startswith("trait:"))
    after, _ = eng.apply(s, action)
    gained = _placed(eng.view(after)) - _placed(eng.view(s))
    assert len(gained) == 1, gained
    card = gained.pop()
    answer = move(web, sid, version, action)
    assert f'data-from="{card}"' in tag_of(answer, f'data-part="{card}"'), "the card does not come from its row"


def test_a_hero_card_drawn_in_call_to_adventure_comes_from_its_deck(web):  # noqa: F811
    eng = get_engine("call_to_adventure")

    def draws(e, st, n):
        return n > 2 and any(len(e.view(e.apply(st, a.id)[0])["hand"]) > len(e.view(st)["hand"])
                             for a in e.legal_actions(st))

    sid, version, s = played(web, "call_to_adventure", 5, draws)
    action = next(a.id for a in eng.legal_actions(s)
                  if len(eng.view(eng.apply(s, a.id)[0])["hand"]) > len(eng.view(s)["hand"]))
    after, _ = eng.apply(s, action)
    new = [h for h in eng.view(after)["hand"] if h["id"] not in {x["id"] for x in eng.view(s)["hand"]}]
    answer = move(web, sid, version, action)
    for card in new:
        assert f'data-from="hd-{card["kind"]}"' in tag_of(answer, f'data-part="{card["id"]}"')


def test_templates_hold_nothing_whose_whitespace_counts():
    """app/ui/templating.py's Unindented drops the templates' indentation: safe only without <pre> and <textarea>."""

    root = ROOT / "templates"
    for path in root.rglob("*.html"):
        text = path.read_text()
        assert "<pre" not in text and "<textarea" not in text, f"{path}: whitespace counts there"
