"""Route tests of the HTML pages: library, game page, the Adamastor board and its HTMX moves, saves, rules."""

from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from app.core.config import ROOT
from app.main import create_app
from app.ui.boards import place_actions
from games.engine import Action

HX = {"HX-Request": "true"}


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


class Buttons(HTMLParser):
    """Collects action buttons with the form around them, and any inline script, handler or style."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.buttons: list[dict] = []
        self.inline: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.inline += [k for k in a if k.startswith("on") or k == "style"]
        if tag == "script" and "src" not in a:
            self.inline.append("<script>")
        if tag == "form":
            self.forms.append({**a, "inputs": {}})
        elif tag == "input" and self.forms and a.get("type") == "hidden":
            self.forms[-1]["inputs"][a.get("name")] = a.get("value")
        elif tag == "button" and "data-action" in a and "bar-act" not in a.get("class", ""):  # the board, not the bar
            self.buttons.append({**a, "form": self.forms[-1] if self.forms else None})


def parse(html: str) -> Buttons:
    p = Buttons()
    p.feed(html)
    return p


def new_game(web, name="Voyage", seed="11", maps="3"):
    r = web.post("/games/adamastor/new", data={"maps": maps, "seed": seed, "name": name},
                 follow_redirects=False)
    assert r.status_code == 303, r.text
    assert r.headers["location"].startswith("/play/")
    return r.headers["location"].rsplit("/", 1)[1]


def api(web, sid):
    return web.get(f"/api/sessions/{sid}").json()


def check_every_action_drawn(web, sid, html):
    state = api(web, sid)
    page = parse(html)
    drawn = [b["data-action"] for b in page.buttons]
    legal = {a["id"] for a in state["legal_actions"]}
    assert legal <= set(drawn), f"not on the board: {sorted(legal - set(drawn))}"
    assert len(drawn) == len(set(drawn)), "an action is drawn twice"
    for b in page.buttons:
        assert b["type"] == "submit" and b["name"] == "action" and b["value"] == b["data-action"]
        assert b.get("aria-label")
        form = b["form"]
        assert form["action"] == f"/play/{sid}/act" and form["hx-post"] == f"/play/{sid}/act"
        assert form["hx-target"] == "#board" and form["hx-swap"] == "outerHTML"
        assert form["inputs"]["version"] == str(state["version"])
    return state


def board_version(html: str) -> int:
    return int(re.search(r'<section id="board"[^>]*data-version="(\d+)"', html).group(1))


# ---------------------------------------------------------------- pages render

def test_library_lists_games_and_games_in_progress(web):
    sid = new_game(web, name="Morning crossing")
    html = web.get("/").text
    assert 'data-game="adamastor"' in html and 'href="/games/adamastor"' in html
    assert re.search(rf'<a class="continue" href="/play/{sid}" data-session="{sid}">', html)
    assert "Morning crossing" in html


def test_game_page_has_options_seed_name_and_new_game(web):
    r = web.get("/games/adamastor")
    assert r.status_code == 200
    assert 'id="new-game"' in r.text and 'action="/games/adamastor/new"' in r.text
    assert 'name="maps" value="3" checked' in r.text and 'name="maps" value="4"' in r.text
    assert 'name="seed"' in r.text and 'name="name"' in r.text
    assert 'href="/games/adamastor/rules"' in r.text


@pytest.mark.parametrize("data, message", [
    ({"maps": "9"}, "maps"),
    ({"maps": "3", "seed": "twelve"}, "seed"),
    ({"maps": "3", "colour": "red"}, "colour"),
])
def test_bad_new_game_shows_the_page_again_with_422(web, data, message):
    r = web.post("/games/adamastor/new", data=data, follow_redirects=False)
    assert r.status_code == 422
    assert 'id="new-game"' in r.text and message in r.text.split('id="notice"')[1][:300]


def test_rules_reference(web):
    r = web.get("/games/adamastor/rules")
    assert r.status_code == 200
    for anchor in ("setup", "sunrise", "actions", "navigation", "encounters", "events", "sunset", "end",
                   "scoring", "traumas", "skills", "variant"):
        assert f'id="{anchor}"' in r.text
    assert len(re.findall(r"<tr><td>(?:<svg[^\n]*?</svg>){3}</td>", r.text)) == 10  # the whole Weather card


@pytest.mark.parametrize("url", ["/play/no-such-game", "/games/chess", "/games/chess/rules",
                                 "/saves/nope/delete", "/saves/nope/export", "/nowhere/at/all"])
def test_unknown_things_get_the_404_page(web, url):
    r = web.get(url)
    assert r.status_code == 404
    assert "Lost at sea" in r.text and 'href="/"' in r.text


def test_pages_have_no_inline_script_handler_or_style(web):
    sid = new_game(web)
    for url in ("/", "/games/adamastor", "/games/adamastor/rules", "/saves", f"/play/{sid}",
                f"/saves/{sid}/delete", "/nope"):
        page = parse(web.get(url).text)
        assert page.inline == [], url


# ---------------------------------------------------------------- the board

def test_board_draws_every_legal_action_through_a_game(web):
    sid = new_game(web, seed="5")
    html = web.get(f"/play/{sid}").text
    assert '<section id="board"' in html and 'data-status="in_progress"' in html
    rng = random.Random(3)
    for _ in range(60):
        state = check_every_action_drawn(web, sid, html)
        if not state["legal_actions"]:
            break
        action = rng.choice(state["legal_actions"])["id"]
        r = web.post(f"/play/{sid}/act", data={"action": action, "version": state["version"]}, headers=HX)
        assert r.status_code == 200, r.text[:500]
        html = r.text
        assert board_version(html) == state["version"] + 1
    assert api(web, sid)["version"] >= 10


def test_htmx_move_answers_the_fragment(web):
    sid = new_game(web)
    r = web.post(f"/play/{sid}/act", data={"action": "start:p0.1", "version": "0"}, headers=HX)
    assert r.status_code == 200
    assert r.text.lstrip().startswith('<section id="board"') and "<html" not in r.text
    assert board_version(r.text) == 1
    assert 'data-space="p0.1"' in r.text and "Your ship" in r.text


def test_plain_form_move_redirects_to_the_board(web):
    sid = new_game(web)
    r = web.post(f"/play/{sid}/act", data={"action": "start:p0.0", "version": "0"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/play/{sid}"
    assert api(web, sid)["version"] == 1


def test_stale_version_is_409_with_the_current_board(web):
    sid = new_game(web)
    web.post(f"/play/{sid}/act", data={"action": "start:p0.0", "version": "0"}, headers=HX)
    r = web.post(f"/play/{sid}/act", data={"action": "start:p0.1", "version": "0"}, headers=HX)
    assert r.status_code == 409
    assert "This game moved on in another tab — here is the current board" in r.text
    assert board_version(r.text) == 1 and api(web, sid)["version"] == 1
    plain = web.post(f"/play/{sid}/act", data={"action": "draw", "version": "0"})  # follows the 303
    assert plain.status_code == 200 and "moved on in another tab" in plain.text


def test_illegal_action_is_422_with_the_message_and_nothing_applied(web):
    sid = new_game(web)
    before = api(web, sid)
    r = web.post(f"/play/{sid}/act", data={"action": "swap:h99:r98", "version": "0"}, headers=HX)
    assert r.status_code == 422
    notice = r.text.split('id="notice"')[1][:400]
    assert "not allowed" in notice and "swap:h99:r98" in notice
    after = api(web, sid)
    assert after["version"] == 0 and after["view"] == before["view"]
    plain = web.post(f"/play/{sid}/act", data={"action": "bogus", "version": "0"}, follow_redirects=False)
    assert plain.status_code == 422 and "not allowed" in plain.text and "bogus" in plain.text
    assert "<html" in plain.text and api(web, sid)["version"] == 0


def test_undo_button_takes_back_a_move(web):
    sid = new_game(web)
    html = web.post(f"/play/{sid}/act", data={"action": "start:p0.2", "version": "0"}, headers=HX).text
    state = api(web, sid)
    step = next((a["id"] for a in state["legal_actions"] if a["id"] == "navigate"), None)
    assert step, state["legal_actions"]
    html = web.post(f"/play/{sid}/act", data={"action": step, "version": state["version"]}, headers=HX).text
    if not api(web, sid)["can_undo"]:
        pytest.skip("the engine treats this step as a reveal")
    assert 'id="undo"' in html
    r = web.post(f"/play/{sid}/undo", data={"version": str(board_version(html))}, headers=HX)
    assert r.status_code == 200 and board_version(r.text) == board_version(html) + 1
    assert api(web, sid)["view"]["navigation"] is None


def test_game_over_shows_the_end_screen(web):
    sid = new_game(web, seed="2")
    rng = random.Random(9)
    for _ in range(800):
        state = api(web, sid)
        if state["status"]["state"] != "in_progress":
            break
        action = rng.choice(state["legal_actions"])["id"]
        web.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": state["version"]})
    state = api(web, sid)
    assert state["status"]["state"] in ("won", "lost")
    html = web.get(f"/play/{sid}").text
    assert 'id="end-screen"' in html and f'data-status="{state["status"]["state"]}"' in html
    assert f'class="score-total">{state["status"]["score"] or 0}<' in html
    for line in state["status"]["breakdown"]:
        assert line["label"] in html
    # The Events at the end say what each did in the last week: every one said "done" (Adamastor playtest), which
    # read as if Mutiny had happened
    events = {e["key"]: e["triggered"] for e in state["view"]["events"]}
    said = dict(re.findall(r'data-event="(\w+)".*?<span class="event-state">([^<]*)</span>', html, re.S))
    assert said == {key: "triggered" if fired else "calm" for key, fired in events.items()}, said


# ---------------------------------------------------------------- saves

def test_rename_delete_round_trip(web):
    sid = new_game(web, name="First name")
    assert "First name" in web.get("/saves").text
    r = web.post(f"/saves/{sid}/rename", data={"name": "Second name"}, follow_redirects=False)
    assert r.status_code == 303
    page = web.get("/saves").text
    assert "Second name" in page and "First name" not in page
    confirm = web.get(f"/saves/{sid}/delete")
    assert confirm.status_code == 200 and 'id="confirm-delete"' in confirm.text
    assert "Second name" in confirm.text
    assert web.post(f"/saves/{sid}/delete", follow_redirects=False).status_code == 303
    assert web.get(f"/play/{sid}").status_code == 404
    assert f'data-session="{sid}"' not in web.get("/saves").text


def test_rename_too_long_is_422(web):
    sid = new_game(web)
    r = web.post(f"/saves/{sid}/rename", data={"name": "x" * 500})
    assert r.status_code == 422 and "120" in r.text


def test_export_then_import_through_the_forms(web):
    sid = new_game(web, name="Exported")
    web.post(f"/play/{sid}/act", data={"action": "start:p0.1", "version": "0"})
    r = web.get(f"/saves/{sid}/export")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    disposition = r.headers["content-disposition"]
    assert disposition.startswith("attachment;") and ".json" in disposition
    saved = r.json()
    assert saved["game"] == "adamastor" and saved["actions"] == ["start:p0.1"]
    r = web.post("/saves/import", files={"file": ("save.json", r.content, "application/json")},
                 data={"on_shelf": "copy"}, follow_redirects=False)  # the game is still on the shelf: a copy
    assert r.status_code == 303
    new_id = r.headers["location"].rsplit("/", 1)[1]
    assert new_id != sid
    assert api(web, new_id)["view"] == api(web, sid)["view"]
    assert web.get(r.headers["location"]).status_code == 200


@pytest.mark.parametrize("content", [b"not json at all", json.dumps({"game": "adamastor"}).encode()])
def test_bad_import_shows_the_refusal(web, content):
    r = web.post("/saves/import", files={"file": ("bad.json", content, "application/json")})
    assert r.status_code == 422
    assert "cannot be imported" in r.text and 'id="import"' in r.text


def test_names_are_escaped_everywhere(web):
    sid = new_game(web, name="<script>alert(1)</script>")
    for url in ("/", "/saves", f"/play/{sid}", f"/saves/{sid}/delete", "/games/adamastor"):
        html = web.get(url).text
        assert "<script>alert(1)</script>" not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url


# ---------------------------------------------------------------- assets and helpers

def test_every_icon_used_is_in_the_vendored_sprite(web):
    sprite = web.get("/static/icons/game-icons.svg").text
    used = set()
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        used |= set(re.findall(r'\bicon\("([a-z0-9-]+)"', text))
        for table in re.findall(r"set [A-Z_]*ICONS = \{(.*?)\}", text):  # symbol -> icon tables
            used |= set(re.findall(r': "([a-z0-9-]+)"', table))
        used |= set(re.findall(r"game-icons\.svg#gi-([a-z0-9-]+)", text))
    missing = sorted(name for name in used if f'id="gi-{name}"' not in sprite)
    assert used and not missing, missing


def test_vendored_htmx_and_app_js(web):
    htmx = web.get("/static/vendor/htmx/htmx.min.js")
    assert htmx.status_code == 200 and "htmx" in htmx.text[:2000]
    assert web.get("/static/vendor/htmx/LICENSE").status_code == 200
    assert web.get("/static/icons/LICENSE.md").status_code == 200
    js = web.get("/static/js/app.js").text
    assert re.search(r'code: "409", swap: true', js) and re.search(r'code: "422", swap: true', js)


def test_actions_without_a_home_fall_back_to_the_panel():
    view = {"hand": [{"number": 12}], "skills": [], "traumas": [], "tasks": [], "encounter": None,
            "navigation": None, "map": {"slots": [], "ports": []}}
    acts = [Action("nav:add:12", "Sail"), Action("nav:add:13", "Sail a card I do not hold"),
            Action("draw", "Draw"), Action("nav:stop", "Stop"), Action("mystery", "Something new"),
            Action("start:p0.1", "Start")]
    placed = place_actions("adamastor", view, acts)
    assert [a.id for a in placed.at("hand", 12)] == ["nav:add:12"]
    assert [a.id for a in placed.at("deck")] == ["draw"]
    assert [a.id for a in placed.at("space", "p0.1")] == ["start:p0.1"]
    assert [a.id for a in placed.panel] == ["nav:add:13", "nav:stop", "mystery"]
    assert [a.id for a in place_actions("other-game", view, acts).panel] == [a.id for a in acts]


# ---------------------------------------------------------------- every component renders

def _render_board(view: dict, actions: list[Action]) -> str:
    from datetime import UTC, datetime
    from types import SimpleNamespace

    from app.ui.templating import templates
    from games.engine import Status

    now = datetime.now(UTC)
    sv = SimpleNamespace(id="s1", game="adamastor", name="Test", version=3, status=Status("in_progress"),
                         view=view, legal_actions=actions, log_tail=[], can_undo=False,
                         created_at=now, updated_at=now)
    return templates.get_template("games/adamastor/board.html").render(
        sv=sv, placement=place_actions("adamastor", view, actions), notice_kind="", notice="")


def test_every_encounter_and_sailing_card_renders():
    from games.registry import get_engine

    engine = get_engine("adamastor")
    base = engine.view(engine.new_game(1, {"maps": "3"}))
    data = ROOT / "games" / "adamastor" / "data"
    encounters = json.loads((data / "encounters.json").read_text())
    cards = json.loads((data / "sailing_cards.json").read_text())
    for card in cards:
        card["kind"] = "skill" if card["skill"] else "trauma"
    for enc in encounters:
        sides = [("front", "sea"), ("front", "land")] + ([("back", None)] if enc.get("back") else [])
        for side, section in sides:
            shown = {**enc, "side": side, "section": section}
            keys = [o["key"] for part in (enc["sea"], enc["land"]) for e in part.get("effects", [])
                    if e["op"] == "choice" for o in e["options"]]
            actions = [Action(f"enc:{k}", f"Choose {k}") for k in dict.fromkeys(keys)]
            table = {"hand": cards[:20], "row": cards[20:23], "skills": cards[23:30], "traumas": cards[30:]}
            html = _render_board({**base, "encounter": shown, "tasks": [shown], **table}, actions)
            title = enc["back"]["title"] if side == "back" else enc["title"]
            assert title.replace("'", "&#39;") in html, (enc["id"], side)
            assert {b["data-action"] for b in parse(html).buttons} == {a.id for a in actions}
    for card in cards:
        assert f'data-card="{card["number"]}"' in html


def test_a_game_without_its_own_picture_gets_the_generic_one(web, pebbles):
    html = web.get("/").text
    assert 'data-game="pebbles"' in html and 'src="/static/img/game.svg"' in html
    assert 'src="/static/img/adamastor.svg"' in html
    assert web.get("/static/img/game.svg").status_code == 200


def test_a_game_without_a_drawn_board_gets_the_plain_one(web, pebbles):
    r = web.post("/games/pebbles/new", data={"target": "10"}, follow_redirects=False)
    sid = r.headers["location"].rsplit("/", 1)[1]
    html = web.get(f"/play/{sid}").text
    check_every_action_drawn(web, sid, html)
    moved = web.post(f"/play/{sid}/act", data={"action": "draw", "version": "0"}, headers=HX)
    assert moved.status_code == 200 and board_version(moved.text) == 1
    check_every_action_drawn(web, sid, moved.text)
    assert web.get("/games/pebbles/rules").status_code == 404


@pytest.mark.parametrize("decision, words", [("keep", "under the deck"), ("discard", "Discard")])
def test_hand_discard_button_says_what_the_decision_is(decision, words):
    from games.registry import get_engine

    engine = get_engine("adamastor")
    view = engine.view(engine.new_game(1, {"maps": "3"}))
    number = view["hand"][0]["number"]
    html = _render_board({**view, "decision": decision}, [Action(f"discard:{number}", "Pick this card")])
    card_html = html[html.index(f'data-card="{number}"'):]
    assert words in card_html[: card_html.index("</button>")]
