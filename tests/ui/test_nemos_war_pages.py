"""Route tests of the Nemo's War pages: the board (new, mid-game under bots, every option), the how-to and rules pages.

Each board check parses the HTML: every legal action is one button (never two, never a button for an illegal
action), every button carries the attributes `action_button` gives and sits in a form posting to this session at
this version, nothing inline (script, handler, style), the HTMX answer stays under 10 KB gzip-compressed, and
hidden information (hidden ships, the adventure deck and the cards set aside, face-down treasures) is absent.
The games are played by the engine's own bots, with a local copy of the state kept in step (same seed, same moves).
"""

from __future__ import annotations

import gzip
import html
import json
import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from app.core.config import ROOT
from app.main import create_app
from app.shelf.files.savefile import SAVE_FORMAT, SAVE_FORMAT_VERSION, state_digest
from app.ui.boards.nemos_war import home as nemos_war_home
from games.engine import Rng
from games.registry import get_engine
from tests.games.nemos_war import kit

SLUG = "nemos_war"
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
        elif tag == "button" and "data-action" in a and "bar-act" not in a.get("class", ""):  # the board, not the bar
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
    match = re.search(rf'<div class="box[^"]*" data-box="{re.escape(box)}"[^>]*>(.*?)</div>', html, re.S)
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


def test_rules_reference_covers_every_rule_of_the_game(web):
    r = web.get(f"/games/{SLUG}/rules")
    assert r.status_code == 200
    anchors = ("goal components reading setup dice turn preparation doubles adventure events tests staking help "
               "resources actions rest incite search move attack treasures tracks combat calendar commitment end "
               "scoring levels optional historical").split()
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
    classes = re.search(r"Ship classes: ([^.]*)\.", text).group(1)
    ships = json.loads((DATA / "ships.json").read_text())
    for cls in {x["class"] for x in ships["ships"] + ships["expansion"]}:
        name = ships["classes"][cls]  # the class's own name (said in the reader's language)
        assert re.search(rf"\b[A-Z]{{3,4}} {name}\b", classes), f"no abbreviation for {cls}"
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


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_a_whole_game_clicked_through_htmx_draws_every_action_once_small_and_discreet(web):
    game = Game(web, seed=11)
    biggest = 0
    while not game.over and game.moves < 900:
        game.step()
        check_board(game)
        biggest = max(biggest, gzip_size(game.html))
        if game.moves % 7 == 0:
            check_hidden(game, game.html)
    assert game.over, f"the heuristic bot did not finish in {game.moves} moves"
    assert biggest < MAX_GZIP, f"a move's answer weighed {biggest} bytes gzip-compressed"
    assert 'id="end-screen"' in game.html
    check_against_api(game)


@pytest.mark.parametrize("seed, options, bot", [
    (12, {"historical": "on", "clear": "on", "commitment": "roll"}, "heuristic"),
    (13, {"pursuit": "on", "pressure": "on", "deadly_frigates": "3", "deadly_ironclads": "3"}, "random"),
    (14, {"commitment": "science", "historical": "on", "ending": "24b"}, "random"),
])
@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_every_board_of_whole_games_under_the_options_then_the_saved_game_in_the_app(web, seed, options, bot):
    """Each state of the game drawn from the template (quick), then the same moves imported into the app."""
    engine = get_engine(SLUG)
    options = engine.spec.normalize_options(options)
    state, rng = engine.new_game(seed, options), Rng.from_seed(seed)
    moves: list[str] = []
    biggest = 0
    chip = re.search(r'<span class="chip opts"[^>]*>(.*?)</span>', draw(state, version=0), re.S)
    names = {"historical": "Historical game", "pursuit": "Relentless Pursuit", "clear": "Clear Seas",
             "pressure": "Ocean Pressure"}
    for key, name in names.items():
        assert (name in chip.group(1)) == (options[key] == "on"), name
    while not engine.status(state).over and len(moves) < 900:
        html = draw(state, version=len(moves))
        biggest = max(biggest, gzip_size(html))
        action = engine.bots[bot].choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        moves.append(action)
    assert engine.status(state).over, f"the {bot} bot did not finish in {len(moves)} moves"
    assert biggest < MAX_GZIP, f"a board weighed {biggest} bytes gzip-compressed"
    status = engine.status(state)
    save = {"format": SAVE_FORMAT, "format_version": SAVE_FORMAT_VERSION, "game": SLUG, "name": "Imported",
            "rules_version": engine.spec.rules_version, "seed": seed, "options": options, "actions": moves,
            "final": {"status": status.state, "score": status.score, "digest": state_digest(engine.dump(state))}}
    r = web.post("/api/sessions/import", json=save)
    assert r.status_code == 201, r.text[:300]
    data = r.json()
    html = web.get(f"/play/{data['id']}").text
    assert 'id="end-screen"' in html and f'data-status="{data["status"]["state"]}"' in html
    assert f'class="score-total">{data["status"]["score"]}<' in html
    for line in data["status"]["breakdown"]:
        assert shows(line["label"], html)


def test_the_test_card_shows_its_odds_and_staking_changes_them(web):
    game = Game(web, seed=21)
    seen_test = staked = False
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
                assert after["staked"] == [stakes[0].split(":")[1]] and after["drm"] > decision["drm"]
                assert after["odds"] >= decision["odds"], "staking made the test harder"
                assert f'{round(after["odds"] * 100)}%' in game.html and "Staked:" in game.html
                check_board(game)
                staked = True
                break
        game.step()
    assert seen_test, "no test card came up to check"
    assert staked, "no test card offered a stake to check"


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
    end = data["view"].get("end") or {}
    why = re.search(r'<p class="lead end-why">(.*?)</p>', html, re.S)  # the reason in the board's own words
    assert why and len(why.group(1).split()) >= 6, "the end screen says why the game ended"
    for key in ("level", "epilogue"):
        if end.get(key):
            assert shows(end[key], html), key
    words = {"won": "you won", "lost": "you lost"}.get(status["state"], "voyage is over")
    assert words in html


def test_the_undo_button_takes_back_a_move(web):
    game = Game(web, seed=4)
    for _ in range(60):
        offered = sorted(a.id for a in game.engine.legal_actions(game.state))
        before = game.state
        game.step()
        if game.api()["can_undo"]:
            break
    else:
        pytest.fail("no undoable move in 60 moves")
    assert 'id="undo"' in game.html and f'action="/play/{game.sid}/undo"' in game.html
    version = board_version(game.html)
    r = web.post(f"/play/{game.sid}/undo", data={"version": str(version)}, headers=HX)
    assert r.status_code == 200 and board_version(r.text) == version + 1
    game.html, game.state = r.text, before
    assert sorted(set(re.findall(r'<button [^>]*data-action="([^"]*)"', r.text))) == offered  # bar + board
    check_board(game)
    check_against_api(game)


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


# ---------------------------------------------------------------- crafted positions, drawn straight from the template

def draw(state, version: int = 5) -> str:
    """The board fragment for a crafted state, rendered as the app renders it, with its buttons checked."""
    from datetime import UTC, datetime
    from types import SimpleNamespace

    from app.ui.boards import place_actions
    from app.ui.templating import templates

    engine = get_engine(SLUG)
    actions = engine.legal_actions(state)
    view = json.loads(json.dumps(engine.view(state)))
    now = datetime.now(UTC)
    sv = SimpleNamespace(id="s1", game=SLUG, name="Crafted", version=version, status=engine.status(state), view=view,
                         legal_actions=actions, log_tail=[], can_undo=False, attention=None, created_at=now,
                         updated_at=now)
    html = templates.get_template(f"games/{SLUG}/board.html").render(
        sv=sv, placement=place_actions(SLUG, view, actions), notice_kind="", notice="")
    drawn = sorted(re.findall(r'<button [^>]*data-action="([^"]*)"', html))  # regexes: quicker than a parser
    assert drawn == sorted(a.id for a in actions), f"drawn {drawn}, legal {sorted(a.id for a in actions)}"
    assert set(re.findall(r'name="version" value="([^"]*)"', html)) == {str(version)}
    assert not re.search(r"<script|\son\w+=|\sstyle=", html), "inline code or style"
    return html


def inside(html: str, marker: str, end: str = "</li>") -> str:
    """The markup from `marker` to the next `end`."""
    start = html.index(marker)
    return html[start:html.index(end, start)]


def test_the_whales_example_on_the_board():
    """[6.8]'s example: The Whales, Hull staked (+1), 7 rolled for 8, Ned Land's +1 makes the 9."""
    s = kit.to_action(kit.game())
    s.res["hull"] = 6
    kit.card_on_top(s, "17")
    s.phase, s.pending, s.turn = "prep", [{"kind": "prep"}], 2
    kit.rig(s, [6, 6, 3, 4])
    s = kit.play(s, "roll")
    html = draw(s)
    card = inside(html, '<article class="acard k-test', "</article>")
    assert "The Whales" in card and "TEST <b>9</b>" in card and "HELP Crew, Hull" in card
    assert 'data-action="stake:hull"' in inside(html, 'data-res="hull"', "</form>")
    assert 'data-action="stake:nemo"' not in html, "Nemo is not listed under HELP"
    s = kit.play(s, "stake:hull")
    html = draw(s)
    assert "Staked: <b>Hull</b>" in html and 'class="res res-hull staked"' in html
    assert 'value="0.417"' in html and "42%" in html, "8+ on 2d6: 15 chances in 36"
    assert "2d6 +1 must reach <b>9</b>" in html
    s = kit.play(s, "test:roll")
    html = draw(s)
    rolled = r'<p class="rolled ko">.*?7 → <b>8</b>\s*vs 9: <b>fail</b><small class="short"> — short by 1<'
    assert re.search(rolled, html, re.S)
    ned = inside(html, 'data-passenger="ned"')
    assert 'data-action="help:ned"' in ned and "+1" in ned
    assert 'data-action="help:accept"' in inside(html, 'class="decision"', "</section>")
    s = kit.play(s, "help:ned")
    html = draw(s)
    assert 'class="psg gone" data-passenger="ned"' in html
    assert '<li title="The Whales">17' in inside(html, '<div class="pile pass">', "</div>")
    score = inside(html, 'class="nw-score"', "</section>")
    assert re.search(r"Passengers&#39; fate.*?<td>-3</td>", score, re.S)


def test_a_tragic_ending_shows_the_lost_resource_below_the_red_zone_as_the_engine_scores_it():
    """[12.3]: the Hull broken at 0 is below every red circle, -10 on top of the tragic ending's -50: the score
    panel, the end screen and the track's 0 space all show the engine's figures."""
    s = kit.to_action(kit.game())
    s.res["hull"] = 1
    kit.card_on_top(s, "17")
    s.phase, s.pending, s.turn = "prep", [{"kind": "prep"}], 2
    kit.rig(s, [6, 6, 1, 1])  # The Whales' test roll: a natural 2, the Hull loses its last point
    s = kit.play(s, "roll", "test:roll", "help:accept")
    status = kit.ENGINE.status(s)
    assert status.state == "lost" and s.res["hull"] == 0
    lines = {x.label: x.points for x in status.breakdown}
    assert lines["Hull track"] == -10 and lines["Tragic ending"] == -50 and status.score == sum(lines.values())
    html = draw(s)
    end = inside(html, 'id="end-screen"', "</table>")
    panel = inside(html, 'class="nw-score"', "</section>")
    assert f'class="score-total">{status.score}<' in end and f'class="tot">{status.score}<' in panel
    for part in (end, panel):
        assert re.search(r"Hull track <small>at 0</small></th><td>-10</td>", part)
        assert re.search(r"Tragic ending</th><td>-50</td>", part)
    zero = inside(inside(html, 'data-res="hull"', "</ol>"), '<li class="zero')
    assert 'class="zero r on"' in zero and '<span class="vp">\u221210</span>' in zero


def test_an_attack_with_nothing_to_add_says_no_modifier():
    """With no modifier the odds read "2d6 must reach 8", not "2d6 0 must reach 8" (a playtest tripped on the 0)."""
    s = kit.to_action(kit.game())
    kit.clear_map(s)
    kit.put(s, "wp.1", kit.ship_of("passenger", dv=8, skulls=0), revealed=True)
    s.nautilus, s.notoriety = "wp", 1
    s = kit.play(s, "attack:wp.1")
    odds = inside(draw(s), '<p class="odds">', "</p>")
    assert "2d6 must reach <b>8</b>" in odds and "2d6 0" not in odds, odds


def test_the_combat_example_in_the_western_pacific_on_the_board():
    """[10.3]'s example: a hidden Passenger ship revealed, Ned's +1, sunk; then the Ironclad fires first and is
    captured with the Crew staked."""
    s = kit.to_action(kit.game())
    kit.clear_map(s)
    capital = kit.ship_of("capital", av=8, dv=11)
    passenger = kit.ship_of("passenger", dv=8, skulls=0)
    ironclad = kit.ship_of("ironclad", av=7, dv=10)
    kit.put(s, "wp.1", capital, revealed=True)
    kit.put(s, "wp.2", passenger)
    kit.put(s, "wp.3", ironclad)
    s.nautilus, s.notoriety = "wp", 5
    html = draw(s)
    assert "CAP" in box_html(html, "wp.1") and "Hidden ship" in box_html(html, "wp.2")
    # named for what it is: its "?" is a picture's mark, not a name a screen reader should read out
    assert 'role="img" aria-label="Hidden ship"' in box_html(html, "wp.2")
    assert "Hidden ship" in box_html(html, "wp.3") and "IRC" not in html
    assert 'data-action="attack:wp.2"' in box_html(html, "wp.2")
    assert 'data-action="stalk:wp.3"' in box_html(html, "wp.3")
    kit.rig(s, [4, 4])
    s = kit.play(s, "attack:wp.2")
    html = draw(s)
    assert "PAS" in box_html(html, "wp.2") and "Hidden ship" in box_html(html, "wp.3")
    fight = inside(html, '<div class="fight">', "</div>")
    assert "defence <b>8</b>" in fight and "2d6 −1 must reach <b>8</b>" in html
    s = kit.play(s, "combat:roll", "help:ned")
    html = draw(s)
    assert {"sink", "capture"} <= {b["data-action"] for b in parse(html).buttons}
    s = kit.play(s, "sink")
    html = draw(s)
    register = inside(html, '<th scope="row">Western Pacific</th>', "</tr>")
    assert "PAS" in register, "the Passenger ship is in the Western Pacific's row of the register"
    assert 'data-action="attack:wp.3"' in box_html(html, "wp.3") and 'data-action="chain:stop"' in html
    kit.rig(s, [3, 3, 5, 5, 6])
    s = kit.play(s, "attack:wp.3")
    html = draw(s)
    assert re.search(r'<p class="fired ko">It fired first: .*? 6 vs attack 7 — hit, Hull lost</p>', html)
    assert 'data-action="stake:crew"' in inside(html, 'data-res="crew"', "</form>")
    s = kit.play(s, "stake:crew")
    html = draw(s)
    assert "Staked: <b>Crew</b>" in html and "2d6 +1 must reach <b>10</b>" in html
    s = kit.play(s, "combat:roll", "capture")
    html = draw(s)
    salvage = inside(html, '<div class="salv"', "</div>\n")
    assert "IRC" in salvage and '<b class="av">7</b>/<b class="dv">10</b>' in salvage


def test_the_cannon_the_held_wreck_and_a_rescue_are_drawn_on_their_components():
    s = kit.to_action(kit.game())
    kit.clear_map(s)
    kit.put(s, "wp.1", kit.ship_of("ironclad", av=7, dv=10), revealed=True)
    s.nautilus, s.cannon, s.wreck = "wp", 3, "held"
    s = kit.play(s, "attack:wp.1")
    while s.top["kind"] != "combat" or s.top["rolled"] is not None:  # the ironclad may hit first: nothing to ask
        s = kit.play(s, kit.ids(s)[0])
    html = draw(s)
    cannon = inside(html, '<div class="cannon"', "</div>")
    assert "Cannon <b>3</b> left" in cannon and 'data-action="cannon"' in cannon
    assert 'data-action="wreck"' in inside(html, 'class="tok k-wreck"')
    s = kit.play(s, "cannon")
    assert 'data-action="uncannon"' in inside(draw(s), '<div class="cannon"', "</div>")
    tokens = json.loads((DATA / "treasures.json").read_text())["tokens"]
    saver = next(t["id"] for t in tokens if t["kind"] == "or" and any(
        e["op"] == "res" and e["res"] == "hull" and e["n"] > 0 for e in t["effects"]))
    s.collected.append(saver)
    s.pending.append({"kind": "rescue", "resource": "hull"})
    html = draw(s)
    assert f'data-action="or:{saver}"' in inside(html, f'data-token="{saver}"')
    assert 'data-action="defeat"' in inside(html, 'class="decision"', "</section>")
    assert "Hull is about to be lost" in html


def test_rest_repair_refit_say_why_they_are_missing_the_turn_after_one():
    s = kit.to_action(kit.game(), turn=5)
    html = draw(s)
    assert {'data-action="rest"', 'data-action="repair"'} <= set(re.findall(r'data-action="(?:rest|repair)"', html))
    assert "not again this turn" not in html
    s.last_rest_turn = 4
    html = draw(s)
    assert 'data-action="rest"' not in html
    assert "not again this turn" in inside(html, 'class="act-form nw-refit"', "</form>")


def test_the_final_commitment_is_chosen_on_the_commitment_table():
    s = kit.to_action(kit.game())
    s.res["nemo"] = 4
    s.pending.append({"kind": "final"})
    html = draw(s)
    heads = inside(html, '<table class="ct"', "</thead>")
    keep = (r'data-commit="war">War! <span class="cm">\?</span>\s*<button[^>]*data-action="final:war"'
            r' aria-label="Keep the War! commitment"[^>]*>Keep<')
    assert re.search(keep, heads)
    for key in ("science", "explore", "anti"):
        assert re.search(rf'data-commit="{key}">[^<]*\s*<button[^>]*data-action="final:{key}"'
                         r' aria-label="Change the commitment to [^"]+"[^>]*>Change<',
                         heads), key
    assert '<li class="on fc"' in inside(html, 'data-res="nemo"', "</ol>"), "Nemo's marker on the ?! circle"


def test_the_register_marks_the_columns_full_in_every_ocean():
    s = kit.to_action(kit.game())
    oceans = list(s.register)
    for n, ocean in enumerate(oceans):
        for sid in s.pool[: 2 if n else 1]:  # two ships in every row but the first: only column one is full
            kit.take(s, sid)
            s.register[ocean].append(sid)
    html = draw(s)
    thead = inside(html, '<table class="reg">', "</thead>")
    heads = re.findall(r'<th scope="col"( class="full")?[^>]*>(\d+)</th>', thead)
    assert heads[:2] == [(' class="full"', "6"), ("", "12")]
    for ocean in kit.ENGINE.view(s)["oceans"]:
        row = inside(html, f'<th scope="row">{ocean["name"]}</th>', "</tr>")
        assert row.count('class="ctr') == len(ocean["register"])


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
        "cannon": ("cannon", ""), "uncannon": ("cannon", ""), "roll": ("dice", ""), "wreck": ("wreck", ""),
    }
    for action, home in expected.items():
        assert nemos_war_home(view, action) == home, action
    for action in ("attack:io.1", "move:io", "play:99", "incite:T99", "refit:laser", "help:accept", "test:roll",
                   "combat:roll", "sink", "capture", "chain:stop", "end_turn", "outcome:score", "seek:keep",
                   "defeat", "help:nobody"):
        assert nemos_war_home(view, action) is None, action
    assert nemos_war_home({**view, "cannon": None}, "cannon") is None
    assert nemos_war_home({**view, "nautilus": None}, "search") is None


def test_the_preparation_roll_stays_on_the_turn_bar_with_both_faces_until_the_turn_ends():
    s = kit.game()
    assert "prep-roll" not in draw(s), "no roll shown before the first"
    kit.rig(s, [5, 2])
    s = kit.play(s, "roll")
    html = draw(s)
    chip = inside(html, 'class="chip prep-roll"', "</span></span>")
    assert 'data-part="prep"' in chip
    assert re.findall(r'<span class="d" data-die title="(\d)">', chip) == ["5", "2"]
    assert re.search(r'class="chip prep-roll"[^>]*>.*?</span></span>7</span>', html), "the total, 7, after both dice"
    assert "rest" in kit.ids(s)
    later = kit.play(s, "rest")
    assert kit.ENGINE.view(later)["prep_roll"]["dice"] == [5, 2], "still this turn's roll after Nemo's action"
    assert 'class="chip prep-roll"' in draw(later)
    # The next turn, waiting for its roll, showed the turn before's 7 (Nemo's War playtest): no roll until it is made
    turn = later.turn
    for _ in range(12):
        if later.turn > turn:
            break
        ids = kit.ids(later)
        later = kit.play(later, "end_turn" if "end_turn" in ids else ids[0])
    assert later.turn == turn + 1 and later.top["kind"] == "prep", later.top
    assert kit.ENGINE.view(later)["prep_roll"] is None and "prep-roll" not in draw(later)


def test_the_preparation_roll_is_read_from_this_turns_line_in_the_log():
    s = kit.game()
    assert kit.ENGINE.view(s)["prep_roll"] is None
    kit.rig(s, [3, 3])
    s = kit.play(s, "roll")
    assert kit.ENGINE.view(s)["prep_roll"] == {"dice": [3, 3], "total": 6}
    s.log = [line for line in s.log if not (isinstance(line, dict) and "preparation roll" in line.get("m", ""))]
    assert kit.ENGINE.view(s)["prep_roll"] is None, "a log without the line (cut, or plain text) shows no roll"


def test_the_turn_after_a_rest_says_why_rest_and_repair_are_not_offered():
    """Rest, repair and refit are not allowed two turns running; a playtest saw them vanish with no word, the panel
    that said why being folded on its phone. The decision says it where the choices are."""
    s = kit.to_action(kit.game())
    decision = re.compile(r'<section class="decision".*?</section>', re.S)
    assert "not again this turn" not in decision.search(draw(s)).group()
    s.last_rest_turn = s.turn - 1
    assert "Rested, repaired or refitted last turn: not again this turn." in decision.search(draw(s)).group()


def test_an_oceans_empty_nautilus_box_shows_whose_it_is():
    """A playtest asked what the black square in every ocean was: the Nautilus's box of an ocean it is not in now
    shows the Nautilus's outline, faint and unheard (the Nautilus itself is named once, in its own ocean's box)."""
    s = kit.to_action(kit.game())
    s.nautilus = "wp"
    html = draw(s)
    oceans = re.findall(r'<div class="box nbox" data-box="(\w+)\.n"[^>]*>(.*?)</div>', html, re.S)
    assert len(oceans) == 6, [key for key, _ in oceans]
    for key, inside_box in oceans:
        if key == "wp":
            assert 'aria-label="The Nautilus"' in inside_box and "berth" not in inside_box
        elif "<button" not in inside_box:  # a box holding a "Sail here" button shows that instead
            assert '<svg class="naut berth"' in inside_box and 'aria-hidden="true"' in inside_box, key
    assert html.count('aria-label="The Nautilus"') == 1


def test_the_turn_after_nemos_action_is_still_the_action_phase():
    """"Play kept cards, or end the turn" lit the Calendar chip, though kept cards are played "during Nemo's Action
    Phase, before or after your Action" [6.5.2] (Nemo's War playtest): the Action chip stays lit."""
    s = kit.to_action(kit.game())
    s = kit.play(s, "rest")
    assert s.top["kind"] == "post", s.top
    lit = r'<li class="phase current" aria-current="step">.*?<span class="phase-word">(.*?)</span>'
    assert [html.unescape(w) for w in re.findall(lit, draw(s))] == ["Nemo's action"]
