"""Route tests of the Nemo's War pages: the board (new, mid-game under bots, every option), the how-to and rules pages.

Each board check parses the HTML: every legal action is one button (never two, never a button for an illegal
action), every button carries the attributes `action_button` gives and sits in a form posting to this session at
this version, nothing inline (script, handler, style), the HTMX answer stays under 10 KB gzip-compressed, and
hidden information (hidden ships, the adventure deck and the cards set aside, face-down treasures) is absent.
The games are played by the engine's own bots, with a local copy of the state kept in step (same seed, same moves).
"""

from __future__ import annotations

import gzip
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.boards.nemos_war import nemos_war_home
from app.main import create_app
from games.engine import Rng
from games.registry import get_engine

SLUG = "nemos_war"
ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "games" / SLUG / "data"
HX = {"HX-Request": "true"}
MAX_GZIP = 10 * 1024


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


class Page(HTMLParser):
    """Action buttons with the form around them, the inline code or style, and the text of each map box."""

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
        elif tag == "button" and "data-action" in a:
            self.buttons.append({**a, "form": self.forms[-1] if self.forms else None})


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    return page


class Game:
    """A session played through the web app, with the engine's state kept alongside for the bot."""

    def __init__(self, web: TestClient, seed: int, options: dict | None = None, bot: str = "heuristic") -> None:
        self.web, self.engine = web, get_engine(SLUG)
        self.options = self.engine.spec.normalize_options(options)
        r = web.post("/api/sessions", json={"game": SLUG, "seed": seed, "options": self.options})
        assert r.status_code == 201, r.text
        self.sid = r.json()["id"]
        self.state = self.engine.new_game(seed, self.options)
        self.bot, self.rng = self.engine.bots[bot], Rng.from_seed(seed + 1)
        self.html = web.get(f"/play/{self.sid}").text
        self.moves = 0

    def api(self) -> dict:
        return self.web.get(f"/api/sessions/{self.sid}").json()

    @property
    def over(self) -> bool:
        return self.engine.status(self.state).over

    def step(self) -> str:
        """One bot move clicked through the HTMX route; the answer becomes the current board."""
        action = self.bot.choose(self.engine, self.state, self.engine.legal_actions(self.state), self.rng)
        version = board_version(self.html)
        r = self.web.post(f"/play/{self.sid}/act", data={"action": action, "version": version}, headers=HX)
        assert r.status_code == 200, r.text[:500]
        self.html, self.moves = r.text, self.moves + 1
        self.state, _ = self.engine.apply(self.state, action)
        assert board_version(self.html) == version + 1
        return action

    def fast_forward(self, moves: int) -> None:
        """Bot moves through the JSON API (quicker than rendering every board), then the board is fetched."""
        for _ in range(moves):
            if self.over:
                break
            action = self.bot.choose(self.engine, self.state, self.engine.legal_actions(self.state), self.rng)
            version = self.api()["version"]
            r = self.web.post(f"/api/sessions/{self.sid}/actions", json={"action": action, "version": version})
            assert r.status_code == 200, r.text[:300]
            self.state, _ = self.engine.apply(self.state, action)
            self.moves += 1
        self.html = self.web.get(f"/play/{self.sid}").text


def board_version(html: str) -> int:
    return int(re.search(r'<section id="board"[^>]*data-version="(\d+)"', html).group(1))


def check_board(game: Game, html: str | None = None) -> dict:
    """Every legal action exactly once, well-formed buttons and forms, nothing inline, this version and status.

    The legal actions come from the local copy of the state (kept in step with the session), which saves a request
    per move; `check_against_api` makes sure the two agree."""
    html = html if html is not None else game.html
    version = board_version(html)
    page = parse(html)
    drawn = [b["data-action"] for b in page.buttons]
    legal = [a.id for a in game.engine.legal_actions(game.state)]
    assert sorted(drawn) == sorted(legal), (
        f"move {game.moves}: missing {sorted(set(legal) - set(drawn))}, extra {sorted(set(drawn) - set(legal))}, "
        f"drawn twice {sorted({d for d in drawn if drawn.count(d) > 1})}"
    )
    for b in page.buttons:
        assert b["type"] == "submit" and b["name"] == "action" and b["value"] == b["data-action"]
        assert b.get("aria-label"), b
        form = b["form"]
        assert form and form["action"] == f"/play/{game.sid}/act" and form["hx-post"] == f"/play/{game.sid}/act"
        assert form["hx-target"] == "#board" and form["hx-swap"] == "outerHTML"
        assert form["inputs"]["version"] == str(version)
    assert page.inline == [], f"inline code or style: {page.inline}"
    assert f'data-status="{game.engine.status(game.state).state}"' in html
    return {"version": version, "legal": legal}


def check_against_api(game: Game) -> dict:
    """The session the app keeps is the local copy's game: same version, same legal actions, same view."""
    data = game.api()
    assert data["version"] == board_version(game.html)
    assert [a["id"] for a in data["legal_actions"]] == [a.id for a in game.engine.legal_actions(game.state)]
    assert data["view"] == json.loads(json.dumps(game.engine.view(game.state)))
    return data


def shows(words: str, html: str) -> bool:
    """Whether these words appear as whole words in the page (escaped as Jinja escapes them, or raw)."""
    escaped = words.replace("&", "&amp;").replace("'", "&#39;").replace('"', "&#34;")
    return any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", html) for w in {words, escaped})


def gzip_size(html: str) -> int:
    return len(gzip.compress(html.encode(), compresslevel=6))


def box_html(html: str, box: str) -> str:
    match = re.search(rf'<div class="box[^"]*" data-box="{re.escape(box)}">(.*?)</div>', html, re.S)
    assert match, f"box {box} is not drawn"
    return match.group(1)


def check_hidden(game: Game, html: str) -> None:
    """No hidden ship, card or treasure of the state shows through the page."""
    s = game.state
    data = json.loads((DATA / "ships.json").read_text())
    ships = {x["id"]: x for x in data["ships"] + data["expansion"]}
    shown = {slot["box"]: slot["ship"] for o in game.engine.view(s)["oceans"] for slot in o["slots"]}
    clear = game.options.get("clear") == "on"
    for ocean, boxes in s.boxes.items():
        for i, ship in enumerate(boxes):
            box = f"{ocean}.{i + 1}"
            if ship is None or (ship in s.revealed or clear) and not shown[box].get("hidden"):
                continue
            assert shown[box] == {"hidden": True}, f"the view shows the hidden ship in {box}: {shown[box]}"
            inside = box_html(html, box)
            assert "Hidden ship" in inside and "ctr war" not in inside and "ctr mer" not in inside, (box, inside)
            assert ship not in inside and ships[ship]["class"] not in inside, (box, inside)
    cards = {c["id"]: c["title"] for c in json.loads((DATA / "cards.json").read_text())["cards"]}
    tokens = {t["id"]: t["name"] for t in json.loads((DATA / "treasures.json").read_text())["tokens"]}
    shared = set(cards.values()) & set(tokens.values())  # a wonder named like a card: the words prove nothing
    log = " ".join(line["text"] for line in game.api()["log_tail"])
    seen = {cards[c] for c in s.kept + s.pass_pile + s.fail_pile + s.current + s.gone + s.cannon_card}
    for c in s.deck + s.out:
        title = cards[c]
        if title not in seen | shared and title not in log:
            assert not shows(title, html), f"deck card {c} ({title}) shows"
    visible = {tokens[t] for t in s.collected + s.spent}
    for token in [t for t in s.treasure_at.values() if isinstance(t, str)] + s.cup:
        name = tokens[token]
        if name not in visible | shared and name not in log:
            assert not shows(name, html), f"hidden token {token} ({name}) shows"


# ---------------------------------------------------------------- pages

def test_game_page_has_the_how_to_and_a_link_to_the_rules(web):
    r = web.get(f"/games/{SLUG}")
    assert r.status_code == 200
    assert "How to play" in r.text and "preparation roll" in r.text
    assert f'href="/games/{SLUG}/rules"' in r.text and 'id="new-game"' in r.text
    assert parse(r.text).inline == []


def test_rules_reference_covers_every_rule_the_issue_lists(web):
    r = web.get(f"/games/{SLUG}/rules")
    assert r.status_code == 200
    anchors = ("goal", "components", "setup", "dice", "turn", "preparation", "doubles", "adventure", "events",
               "tests", "staking", "help", "resources", "actions", "rest", "incite", "search", "move", "attack",
               "treasures", "tracks", "combat", "calendar", "commitment", "end", "scoring", "levels", "optional",
               "historical")
    for anchor in anchors:
        assert f'id="{anchor}"' in r.text and f'href="#{anchor}"' in r.text, anchor
    text = re.sub(r"<[^>]+>", " ", r.text)
    for words in ("Deadly Seas", "Relentless Pursuit", "Clear Seas", "Ocean Pressure", "Scourge of the Seas",
                  "Monstrous Design", "Mysterious Library", "Seek Adventure", "Extra Armour", "Reinforced Prow",
                  "natural 2", "week 52", "+10", "33", "Ned Land", "Conseil", "Professor", "Final commitment"):
        assert words in text, words
    engine = get_engine(SLUG)
    sample = engine.view(engine.new_game(0, engine.spec.normalize_options(None)))
    for ocean in sample["oceans"]:
        assert ocean["name"] in text
    for col in sample["commitment"]["table"]:
        assert col["name"] in text
    assert parse(r.text).inline == []


def test_the_rules_page_tables_are_the_games_own(web):
    """The Rest and Search tables shown are tables.json's, face by face; refits and tracks come from the view."""
    html = web.get(f"/games/{SLUG}/rules").text
    tables = json.loads((DATA / "tables.json").read_text())
    for key in ("rest", "search"):
        table = re.search(rf'<table class="die-table" data-table="{key}">(.*?)</table>', html, re.S).group(1)
        rows = re.findall(r"<tr><td>(\d)</td><td>([^<]*)</td></tr>", table)
        assert rows == [(face, r["text"].replace("'", "&#39;")) for face, r in tables[key].items()], key
    for key, refit in tables["refits"].items():
        assert f"<tr><td>{refit['name']}</td><td>{refit['cost']}</td>" in html, key
    tracks = json.loads((DATA / "tracks.json").read_text())["resources"]
    for key, track in tracks.items():
        top = track["positions"][0]
        assert f"{top['pos']}: +{top['drm']} [+{top['vp']} VP]" in html, key


# ---------------------------------------------------------------- the board

def test_a_new_game_board_draws_every_legal_action_once(web):
    game = Game(web, seed=3)
    check_board(game)
    data = check_against_api(game)
    assert data["legal_actions"], "a new game offers nothing to do"
    assert 'class="board nemos"' in game.html and "Your move" in game.html
    for ocean in data["view"]["oceans"]:
        assert f'data-ocean="{ocean["key"]}"' in game.html
        for slot in ocean["slots"]:
            assert f'data-box="{slot["box"]}"' in game.html
    check_hidden(game, game.html)


@pytest.mark.parametrize("seed, options, bot", [
    (11, None, "heuristic"),
    (12, {"historical": "on", "clear": "on"}, "heuristic"),
    (13, {"pursuit": "on", "pressure": "on", "deadly_frigates": "3", "deadly_ironclads": "3"}, "random"),
])
def test_boards_through_a_whole_game_draw_every_action_once_small_and_discreet(web, seed, options, bot):
    game = Game(web, seed=seed, options=options, bot=bot)
    biggest = 0
    while not game.over and game.moves < 900:
        game.step()
        check_board(game)
        biggest = max(biggest, gzip_size(game.html))
        if game.moves % 7 == 0:
            check_hidden(game, game.html)
    assert game.over, f"the {bot} bot did not finish in {game.moves} moves"
    check_against_api(game)
    assert biggest < MAX_GZIP, f"a move's answer weighed {biggest} bytes gzip-compressed"
    assert 'id="end-screen"' in game.html


def test_the_test_card_shows_its_odds_and_staking_changes_them(web):
    game = Game(web, seed=21)
    seen_test = False
    while not game.over and game.moves < 600:
        decision = game.api()["view"].get("decision") or {}
        if decision.get("kind") == "test" and not decision.get("rolled"):
            seen_test = True
            html = game.html
            assert f'data-card="{decision["card"]["id"]}"' in html
            assert f'value="{decision["odds"]}"' in html and f'{round(decision["odds"] * 100)}%' in html
            stakes = [a["id"] for a in game.api()["legal_actions"] if a["id"].startswith("stake:")]
            if stakes:
                r = game.web.post(f"/play/{game.sid}/act", headers=HX,
                                  data={"action": stakes[0], "version": board_version(html)})
                game.state, _ = game.engine.apply(game.state, stakes[0])
                game.html, game.moves = r.text, game.moves + 1
                after = game.api()["view"]["decision"]
                assert after["staked"] and after["odds"] != decision["odds"] or after["drm"] == decision["drm"]
                assert f'{round(after["odds"] * 100)}%' in game.html and "Staked:" in game.html
                check_board(game)
                break
        game.step()
    assert seen_test, "no test card came up to check"


def test_the_end_screen_shows_the_result_the_reason_and_every_score_line(web):
    game = Game(web, seed=5)
    game.fast_forward(2000)
    assert game.over
    check_board(game)
    data = check_against_api(game)
    status = data["status"]
    html = game.html
    assert 'id="end-screen"' in html and f'data-status="{status["state"]}"' in html
    assert f'class="score-total">{status["score"] if status["score"] is not None else 0}<' in html
    for line in status["breakdown"]:
        assert shows(line["label"], html)
    if status["reason"]:
        assert shows(status["reason"], html)
    end = data["view"].get("end") or {}
    for key in ("level", "epilogue"):
        if end.get(key):
            assert shows(end[key], html), key
    words = {"won": "you won", "lost": "you lost"}.get(status["state"], "voyage is over")
    assert words in html


def test_the_live_score_panel_matches_the_view(web):
    game = Game(web, seed=8)
    game.fast_forward(120)
    check_board(game)
    data = check_against_api(game)
    score = data["view"]["score"]
    panel = game.html.split('class="nw-score"')[1].split("</section>")[0]
    assert f'class="tot">{score["total"]}<' in panel
    for line in score["lines"]:
        assert shows(line["label"], panel) and f"<td>{line['points']}</td>" in panel


# ---------------------------------------------------------------- the placer

def test_actions_land_on_their_components_and_the_rest_in_the_panel():
    view = {
        "oceans": [{"key": "wp", "slots": [{"box": "wp.1"}, {"box": "wp.2"}]}, {"key": "ep", "slots": []}],
        "nautilus": "wp", "resources": {"nemo": {}}, "passengers": {"ned": {}}, "commitment": {"key": None},
        "refits": [{"key": "prow"}], "treasures": {"collected": [{"id": "T03"}]}, "cards": {"kept": [{"id": "13"}]},
        "cannon": {"uses_left": 3}, "calendar": {},
    }
    expected = {
        "start:ep": ("ocean", "ep"), "move:ep": ("ocean", "ep"), "attack:wp.2": ("box", "wp.2"),
        "stalk:wp.1": ("box", "wp.1"), "stake:hull": ("res", "hull"), "unstake:crew": ("res", "crew"),
        "lose:nemo": ("res", "nemo"), "help:ned": ("passenger", "ned"), "commit:war": ("commit", "war"),
        "commit:roll": ("commit", "roll"), "final:anti": ("commit", "anti"), "refit:prow": ("refit", "prow"),
        "rest": ("refit", "rest"), "repair": ("refit", "repair"), "incite:T03": ("token", "T03"),
        "or:T03": ("token", "T03"), "play:13": ("card", "13"), "search": ("treasure", "wp"),
        "cannon": ("cannon", ""), "uncannon": ("cannon", ""), "roll": ("dice", ""),
    }
    for action, home in expected.items():
        assert nemos_war_home(view, action) == home, action
    for action in ("attack:io.1", "move:io", "play:99", "incite:T99", "refit:laser", "help:accept", "test:roll",
                   "combat:roll", "sink", "capture", "chain:stop", "end_turn", "outcome:score", "seek:keep",
                   "defeat", "wreck", "help:nobody"):
        assert nemos_war_home(view, action) is None, action
    assert nemos_war_home({**view, "cannon": None}, "cannon") is None
    assert nemos_war_home({**view, "nautilus": None}, "search") is None
