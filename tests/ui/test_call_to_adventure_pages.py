"""The Call to Adventure board, how-to and rules pages, through the real app.

Games are played move by move over the HTMX route (the heuristic bot picks, from the same state the server
holds, because the engine is deterministic for a seed); after every move the answer must draw every legal
action exactly once as a well-formed button, stay under 10 KB gzip-compressed, show nothing hidden (deck order,
unrevealed rows, the Hero/Antihero/Adversary decks, the RNG), and a finished game must show its end screen.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from app.core.config import ROOT
from app.main import create_app
from app.ui.assets import asset
from app.ui.boards.call_to_adventure import home as call_to_adventure_home
from app.ui.keep import Held as Keeper
from games.engine import Rng
from games.registry import get_engine

SLUG = "call_to_adventure"
HX = {"HX-Request": "true"}
BOT_SEED = 7
MAX_MOVES = 600
GZIP_LIMIT = 10 * 1024
STYLESHEET = asset("css/board-call_to_adventure.css")
SPRITE = ROOT / "static" / "icons" / "call_to_adventure.svg"  # the game's pictures and the board's symbols
SYMBOLS = set(re.findall(r'<symbol id="gi-([a-z0-9-]+)"', SPRITE.read_text()))


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


class Page(HTMLParser):
    """Action buttons with their form, the attributes a strict CSP forbids, and every data-* card id drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.buttons: list[dict] = []
        self.inline: list[str] = []
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.inline += [f"{tag}[{k}]" for k in a if k.startswith("on") or k == "style"]
        if tag == "script" and "src" not in a:
            self.inline.append("<script>")
        if tag == "link" and a.get("rel") == "stylesheet":
            self.links.append(a.get("href", ""))
        for key in ("data-card", "data-hcard", "data-char", "data-ally", "data-rune"):
            if key in a:
                self.ids.add(a[key])
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


def new_session(web, seed: int = 11, **options: str) -> str:
    r = web.post(f"/games/{SLUG}/new", data={"seed": str(seed), "name": "Tale", **options}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


def api(web, sid: str) -> dict:
    r = web.get(f"/api/sessions/{sid}")
    assert r.status_code == 200
    return r.json()


# Where each kind of home the placer gives is drawn: the class of the form around the button.
ZONES = {"dealt": "dealt-zone", "card": "rows-zone", "path": "rows-zone", "hand": "heroes-zone", "deck": "heroes-zone",
         "ally": "heroes-zone", "char": "story-zone", "challenge": "decision-actions", "adversary": "adversary-card",
         None: "decision-actions"}


def check_board(web, sid: str, html: str, state, engine) -> tuple[Page, dict]:
    """Every legal action drawn exactly once, as action_button draws it, on the component the placer names;
    nothing hidden; no inline code. Returns the parsed page and the API's answer."""
    data = api(web, sid)
    page = parse(html)
    assert f'data-version="{data["version"]}"' in html and f'data-status="{data["status"]["state"]}"' in html
    drawn = Counter(b["data-action"] for b in page.buttons)
    legal = {a["id"] for a in data["legal_actions"]}
    assert set(drawn) == legal, f"missing {sorted(legal - set(drawn))}, extra {sorted(set(drawn) - legal)}"
    assert all(n == 1 for n in drawn.values()), f"drawn more than once: {[k for k, n in drawn.items() if n > 1]}"
    for b in page.buttons:
        assert b["type"] == "submit" and b["name"] == "action" and b["value"] == b["data-action"]
        assert b.get("aria-label"), f"{b['data-action']} has no aria-label"
        form = b["form"]
        assert form and form["action"] == f"/play/{sid}/act" and form["hx-post"] == f"/play/{sid}/act"
        assert form["inputs"].get("version") == str(data["version"])
        home = call_to_adventure_home(data["view"], b["data-action"])
        zone = ZONES[home[0] if home else None]
        assert zone in form.get("class", "").split(), f"{b['data-action']} is not drawn in {zone} (home {home})"
    assert not page.inline, f"inline script, style or handler: {page.inline}"
    assert 'class="icon ci ci-' in html, "the board draws none of its icons"
    missing = set(re.findall(r'/icons/call_to_adventure\.svg#gi-([a-z0-9-]+)"', html)) - SYMBOLS
    assert not missing, f"icons drawn from symbols the picture does not hold: {sorted(missing)}"
    check_nothing_hidden_shows(html, page, state, engine)
    return page, data


def hidden_ids(state) -> set[str]:
    """Card ids the player may not see: the decks, the rows of unrevealed acts, the Hero/Antihero/Adversary decks."""
    hidden = {c for deck in state.decks.values() for c in deck}
    hidden |= {c for act, row in state.rows.items() if int(act) not in state.revealed for c in row}
    hidden |= set(state.hero_deck) | set(state.antihero_deck) | set(state.adv_deck)
    return hidden


def check_nothing_hidden_shows(html: str, page: Page, state, engine) -> None:
    hidden = hidden_ids(state)
    assert hidden, "a game in progress always has hidden cards"
    shown = page.ids & hidden
    assert not shown, f"hidden cards drawn on the board: {sorted(shown)}"
    quoted = [c for c in hidden if f'"{c}"' in html or f">{c}<" in html]
    assert not quoted, f"hidden card ids in the page: {quoted}"
    assert str(state.rng) not in html, "the RNG state is in the page"
    names = {engine.components.story[c].name for deck in state.decks.values() for c in deck}
    names -= {engine.components.story[c].name for row in state.rows.values() for c in row}  # a twin may be face up
    drawn = [n for n in names if f'<span class="sc-name">{escape(n)}</span>' in html]
    assert not drawn, f"cards still in a deck are drawn by name: {drawn}"


def play_over_htmx(web, sid: str, seed: int, *, bot: str = "heuristic", stop=None, **options: str):
    """Play the session by posting the bot's moves to the HTMX route, checking every answer; returns the
    engine's final state, the last answer's page and the number of moves."""
    engine = get_engine(SLUG)
    rng = Rng.from_seed(BOT_SEED)
    state = engine.new_game(seed, engine.spec.normalize_options(options or None))
    html = web.get(f"/play/{sid}").text
    page, data = check_board(web, sid, html, state, engine)
    keeper = Keeper(html)  # the answers leave out the parts this page holds unchanged, as a browser's would
    moves = 0
    while not engine.status(state).over:
        if stop and stop(engine, state):
            break
        assert moves < MAX_MOVES, "the game did not end"
        actions = engine.legal_actions(state)
        assert {a.id for a in actions} == {a["id"] for a in data["legal_actions"]}, "server and engine differ"
        choice = engine.bots[bot].choose(engine, state, actions, rng)
        r = web.post(f"/play/{sid}/act", data={"action": choice, "version": str(data["version"])},
                     headers={**HX, **keeper.headers()})
        assert r.status_code == 200, f"{choice}: {r.status_code} {r.text[:300]}"
        state, _ = engine.apply(state, choice)
        moves += 1
        size = len(gzip.compress(r.content))
        assert size < GZIP_LIMIT, f"move {moves} ({choice}): the HTMX answer is {size} bytes gzip-compressed"
        assert STYLESHEET not in r.text, "an HTMX answer links the stylesheet again"
        answer = keeper.receive(r.text)
        if not engine.status(state).over:
            page, data = check_board(web, sid, answer, state, engine)
        else:
            page = parse(answer)
    return state, page, moves, answer if moves else html


def test_a_new_game_shows_the_character_choice_and_the_board(web):
    sid = new_session(web)
    r = web.get(f"/play/{sid}")
    assert r.status_code == 200
    engine = get_engine(SLUG)
    state = engine.new_game(11, engine.spec.normalize_options(None))
    page, _ = check_board(web, sid, r.text, state, engine)
    assert page.links.count(STYLESHEET) == 1, "the full page links the board's stylesheet exactly once"
    view = api(web, sid)["view"]
    assert view["dealt"], "a new game begins by choosing characters"
    for card in view["dealt"]:
        assert f'data-char="{card["id"]}"' in r.text and escape(card["name"]) in r.text
    buttons = {b["data-action"] for b in page.buttons}
    assert buttons == {f"keep:{c['id']}" for c in view["dealt"]}
    for row in view["rows"]:
        for card in row["cards"]:
            assert f'data-card="{card["id"]}"' in r.text
    assert "Act III" in r.text and "face down until the turn after you complete Act II" in r.text
    adversary = view["adversary"]
    assert escape(adversary["card"]["name"]) in r.text and f'{adversary["experience"]} / {adversary["goal"]}' in r.text
    for level in view["corruption"]["levels"]:
        assert escape(level["name"]) in r.text
    assert len(page.ids & {rn["id"] for rn in view["runes"]}) == 24, "the rune tray draws all 24 runes"


def first_seed_ending(outcome: str, bot: str = "heuristic") -> int:
    """The first seed whose game the bot ends with `outcome`, played offline."""
    engine = get_engine(SLUG)
    for seed in range(200):
        state, rng = engine.new_game(seed, engine.spec.normalize_options(None)), Rng.from_seed(BOT_SEED)
        while not engine.status(state).over:
            state, _ = engine.apply(state, engine.bots[bot].choose(engine, state, engine.legal_actions(state), rng))
        if engine.status(state).state == outcome:
            return seed
    raise AssertionError(f"no seed gives the {bot} bot a {outcome} game")


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
@pytest.mark.parametrize("outcome", ["won", "lost"])
def test_a_whole_game_over_htmx_draws_every_action_once_and_ends_on_the_end_screen(web, outcome):
    seed = first_seed_ending(outcome)
    sid = new_session(web, seed)
    state, page, moves, html = play_over_htmx(web, sid, seed)
    assert moves > 20
    status = api(web, sid)["status"]
    assert status["state"] == outcome
    assert 'id="end-screen"' in html and not page.buttons, "a finished game still offers action buttons"
    full = web.get(f"/play/{sid}").text
    end = full[full.index('id="end-screen"'):]
    word = {"won": "you won", "lost": "you lost"}[status["state"]]
    assert word in end
    if status["reason"]:
        assert escape(status["reason"]) in end
    for line in status["breakdown"]:
        assert escape(line["label"]) in end, f"score line {line['label']!r} missing from the end screen"
    assert re.search(rf'class="score-total">{status["score"]}<', end), "the final score is not on the end screen"
    for sentence in api(web, sid)["view"]["story"]:
        assert escape(sentence) in end, "the end screen does not tell the hero's story"


def _phase_is(name):
    return lambda engine, state: engine.view(state)["phase"] == name


def test_preparing_a_challenge_shows_its_runes_odds_and_cast(web):
    seed = 3
    sid = new_session(web, seed)
    state, _, _, html = play_over_htmx(web, sid, seed, stop=_phase_is("prepare"))
    view = api(web, sid)["view"]
    ch = view["challenge"]
    assert ch and ch["cast"] is None
    box = html[html.index('class="challenge'):]
    assert f"Difficulty <b>{ch['difficulty']}</b>" in box
    # The attempted card is marked where it was taken, in its row, with the path taken (a playtest could not find it).
    card = re.search(rf'<article class="sc [^"]*"[^>]*data-card="{ch["card"]["id"]}"', html).group(0)
    assert " attempting" in card and html.count('class="attempting-tag"') == 1
    path = ch["card"]["paths"][ch["path"]]["name"]
    assert f"Attempting: {escape(path)}</p>" in html
    assert f"{round(ch['odds'] * 100)}%" in box, "the odds of success are not shown while choosing runes"
    for rune_id in ch["pool"]:
        assert f'data-rune="{rune_id}"' in box
    assert 'data-action="cast"' in box
    # Cast: the faces that came up and the total are shown.
    r = web.post(f"/play/{sid}/act", data={"action": "cast", "version": str(api(web, sid)["version"])}, headers=HX)
    assert r.status_code == 200
    after = api(web, sid)["view"]["challenge"]
    assert after and after["cast"], "the cast is no longer in the view before its result is taken"
    assert f"Total <b>{after['total']}</b>" in r.text
    assert r.text.count('class="cast-rune') == len(after["cast"])
    assert ("success" if after["total"] >= after["difficulty"] else "failure") in r.text


def _stacked(engine, state) -> bool:
    return bool((engine.view(state).get("challenge") or {}).get("stack"))


@pytest.mark.parametrize("seed, name, kind", [(10, "Rallying Cry", "hero"), (5, "Loyal Hound", "ally"),
                                              (8, "Oath of Vengeance", "motivation")])
def test_a_card_waiting_for_the_cast_is_named_with_its_symbol(web, seed, name, kind):
    """A Hero card played, an ally spent or a character's power used before the cast waits under "Cards in
    effect", named and marked with its kind (a playtest saw only empty pills there)."""
    sid = new_session(web, seed)
    play_over_htmx(web, sid, seed, stop=_stacked)
    html = web.get(f"/play/{sid}").text
    stack = re.search(r'<p class="stack">(.*?)</p>', html, re.S).group(1)
    assert f'<span class="hc-mini hc-{kind}">' in stack and f"</svg> {name}</span>" in stack, stack
    assert "#gi-\"" not in stack, "a symbol without its drawing"


def test_the_turn_checklist_says_what_travel_costs(web):
    """A playtest read "travel open" with too little experience to travel: the checklist says the price."""
    seed = 3
    sid = new_session(web, seed)
    play_over_htmx(web, sid, seed, stop=_phase_is("main"))
    flags = re.search(r'<ul class="flags">(.*?)</ul>', web.get(f"/play/{sid}").text, re.S).group(1)
    cost = api(web, sid)["view"]["turn_flags"]["travel_cost"]
    said = rf"travel open: {cost} <svg[^>]*ci-experience[^>]*role=\"img\"><title>Experience</title>"
    assert cost > 0 and re.search(said, flags), flags


def test_the_first_game_options_start_with_the_characters_on_the_table(web):
    sid = new_session(web, 4, deal="first", allies="without")
    r = web.get(f"/play/{sid}")
    engine = get_engine(SLUG)
    state = engine.new_game(4, engine.spec.normalize_options({"deal": "first", "allies": "without"}))
    page, data = check_board(web, sid, r.text, state, engine)
    view = data["view"]
    assert not view["dealt"] and "Choose your character" not in r.text
    for slot in view["tableau"]:
        assert f'data-char="{slot["card"]["id"]}"' in r.text
    assert any(b["data-action"].startswith("challenge:") for b in page.buttons)
    for row in view["rows"]:
        assert not [c for c in row["cards"] if c["type"] in ("ally", "adversary")]


def test_the_game_page_and_the_rules_reference(web):
    r = web.get(f"/games/{SLUG}")
    assert r.status_code == 200 and "How to play" in r.text and "Adversary" in r.text
    rules = web.get(f"/games/{SLUG}/rules")
    assert rules.status_code == 200
    text = rules.text
    for anchor in ("setup", "challenges", "runes", "corruption", "acts", "allies", "adversaries", "scoring", "solo"):
        assert f'id="{anchor}"' in text
    engine = get_engine(SLUG)
    sample = engine.view(engine.new_game(0, engine.spec.normalize_options(None)))
    for level in sample["corruption"]["levels"]:
        assert escape(level["name"]) in text
    assert text.count('class="rune ') == 24, "the rules page shows every rune with its faces"
    assert "41" in text, "the worked example is missing"
    assert not parse(text).inline


def test_the_placer_puts_actions_on_their_components():
    engine = get_engine(SLUG)
    state = engine.new_game(5, engine.spec.normalize_options(None))
    view = engine.view(state)
    dealt = view["dealt"][0]["id"]
    card = view["rows"][0]["cards"][0]["id"]
    assert call_to_adventure_home(view, f"keep:{dealt}") == ("dealt", dealt)
    assert call_to_adventure_home(view, f"travel:{card}") == ("card", card)
    assert call_to_adventure_home(view, f"challenge:{card}:bottom") == ("path", f"{card}:bottom")
    assert call_to_adventure_home(view, "choose:hero") == ("deck", "hero")
    assert call_to_adventure_home(view, "confront") == ("adversary", "")
    assert call_to_adventure_home(view, "cast") is None, "no challenge is drawn, so cast goes to the panel"
    assert call_to_adventure_home(view, "end_turn") is None
    assert call_to_adventure_home(view, "travel:S9-99") is None, "a card not on the board goes to the panel"
    assert call_to_adventure_home(view, f"play:{card}") is None, "a row card is not in the hand"


def _table(html: str, cls: str) -> list[list[str]]:
    """The rows of the table with class `cls`, each a list of its cells' text."""
    body = html[html.index(f'class="score-table {cls}"'):]
    body = body[:body.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    cells = [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r, re.S) for r in rows]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in row] for row in cells]


def test_the_rules_tables_say_what_the_game_data_says(web):
    """The rules page's set, Victory and Quest tables are written out; they must match the components."""
    data = ROOT / "games" / SLUG / "data"
    track = json.loads((data / "track.json").read_text())
    solo = json.loads((data / "solo.json").read_text())
    story = {c["id"]: c for c in json.loads((data / "story.json").read_text())}
    text = web.get(f"/games/{SLUG}/rules").text

    head, values = _table(text, "sets-table")
    assert dict(zip(head[1:-1], values[1:-1], strict=True)) == {k: str(v) for k, v in track["sets"].items()}
    assert values[-1] == f"+{track['sets_extra']}"

    victories = [c for c in solo if c["kind"] == "victory"]
    rows = _table(text, "victory-table")[1:]
    assert len(rows) == len(victories)
    for row, card in zip(rows, sorted(victories, key=lambda c: c["id"]), strict=True):
        assert card["name"].split(": ", 1)[1].lower() in row[0].lower()
        assert row[1:] == [str(card["goal"]), str(card["target"])]

    quests = {story[q["adversary"]]["name"]: q for q in solo if q["kind"] == "quest"}
    rows = {r[0]: r for r in _table(text, "quest-table")[1:]}
    assert set(rows) == set(quests)
    fed = {"draw": "draw symbol", "travel": "travel", "trait": "trait", "corruption": "corruption icon",
           "dark": "dark rune", "fail": "fail"}
    for name, q in quests.items():
        assert fed[q["feeds"]["trigger"]] in rows[name][1], f"{name}: fed on {q['feeds']} not {rows[name][1]!r}"
        assert q["bane"] in rows[name][2].lower(), f"{name}: bane {q['bane']} not {rows[name][2]}"


FAMILIES = ("keep", "trait", "challenge", "travel", "refresh", "place", "dark", "cast", "accept", "choose", "play",
            "power", "spend", "sacrifice", "confront", "end_turn")


def first_states_offering_each_family(engine, seeds=range(150)):
    """For every action family, the first state (bots playing seeded games offline) that offers it."""
    found: dict[str, object] = {}
    for seed in seeds:
        for bot in ("heuristic", "random"):
            state, rng = engine.new_game(seed, engine.spec.normalize_options(None)), Rng.from_seed(BOT_SEED)
            while not engine.status(state).over:
                actions = engine.legal_actions(state)
                for a in actions:
                    found.setdefault(a.id.split(":")[0], state)
                if len(found) == len(FAMILIES):
                    return found
                state, _ = engine.apply(state, engine.bots[bot].choose(engine, state, actions, rng))
    return found


def render_board(engine, state) -> str:
    """The board template on its own, for a state no HTTP game reached."""
    from datetime import UTC, datetime

    from app.shelf.moves import SessionView
    from app.ui.boards import place_actions
    from app.ui.templating import templates

    view, actions = engine.view(state), engine.legal_actions(state)
    sv = SessionView(id="s1", game=SLUG, name="Crafted", version=9, status=engine.status(state), view=view,
                     legal_actions=actions, log_tail=[], can_undo=False, created_at=datetime.now(UTC),
                     updated_at=datetime.now(UTC))
    context = {"sv": sv, "placement": place_actions(SLUG, view, actions), "notice_kind": "", "notice": "",
               "campaign": None}
    return templates.env.get_template(f"games/{SLUG}/board.html").render(context)


def test_every_kind_of_action_is_drawn_once_on_its_component():
    """States offering each action family (allies to spend or sacrifice, a row to refresh, an ally to place...)."""
    engine = get_engine(SLUG)
    found = first_states_offering_each_family(engine)
    assert set(found) == set(FAMILIES), f"never offered: {sorted(set(FAMILIES) - set(found))}"
    for family, state in found.items():
        html = render_board(engine, state)
        page = parse(html)
        view = engine.view(state)
        drawn = Counter(b["data-action"] for b in page.buttons)
        legal = {a.id for a in engine.legal_actions(state)}
        assert set(drawn) == legal and all(n == 1 for n in drawn.values()), f"{family}: {drawn} vs {legal}"
        for b in page.buttons:
            home = call_to_adventure_home(view, b["data-action"])
            zone = ZONES[home[0] if home else None]
            assert zone in b["form"]["class"].split(), f"{family}: {b['data-action']} is not in {zone}"
        check_nothing_hidden_shows(html, page, state, engine)


def test_a_hand_card_that_cannot_be_played_says_why():
    """Against The Demon ("Hero cards cannot be played") Hero cards sat in the hand looking like any other, all game
    long (Call to Adventure playtest): a hand card whose kind cannot be played now says why, and one that can
    says nothing. And a kind the corruption level forbids says that."""
    import html
    import re

    engine = get_engine(SLUG)
    comp = engine.components
    demon = next(c.id for c in comp.story.values() if (c.power or {}).get("op") == "no_hero")
    state = engine.new_game(4, engine.spec.normalize_options(None))
    heroes = [h for h in comp.heroes.values() if h.kind == "hero"][:1]
    antiheroes = [h for h in comp.heroes.values() if h.kind == "antihero"][:1]
    state.hand = [heroes[0].id, antiheroes[0].id]
    state.boss = demon
    def notes() -> list[str]:
        found = re.findall(r'<p class="hc-blocked">.*?</svg> (.*?)</p>', render_board(engine, state))
        return [html.unescape(n) for n in found]

    said = notes()
    assert f"Can't be played: {comp.story[demon].name} forbids Hero cards" in said, said
    level = comp.levels[state.level - 1]
    assert ("Can't be played while your corruption is " + level["name"] in said) == (not level["antihero"]), said
    state.boss = next(c.id for c in comp.story.values()
                      if c.type == "adversary" and (c.power or {}).get("op") != "no_hero")
    assert not any("forbids" in n for n in notes()), notes()


def test_a_card_the_adversary_revealed_shows_only_what_it_does_for_the_adversary():
    """Instill Fear, revealed by the Adversary, showed "Before you cast: +2 to this cast." above the skull line that
    says what it did (a −2): the player read the wrong half (Call to Adventure playtest). In the Adversary's area it
    shows its skull line only; in a hand, both."""
    import re

    engine = get_engine(SLUG)
    skull = next(h for h in engine.components.heroes.values() if h.raw.get("skull") and h.raw.get("adversary_text"))
    state = engine.new_game(4, engine.spec.normalize_options(None))
    state.adv_revealed = [skull.id]
    page = render_board(engine, state)
    card = re.search(r'<article class="hc [^"]*revealed[^"]*".*?</article>', page, re.S).group(0)
    assert 'class="hc-adv"' in card and 'class="hc-fx"' not in card, card
    state.adv_revealed, state.hand = [], [skull.id]
    card = re.search(r'<article class="hc [^"]*in-hand[^"]*".*?</article>', render_board(engine, state), re.S).group(0)
    assert 'class="hc-fx"' in card and 'class="hc-adv"' in card


def test_the_adversarys_chip_turns_red_near_its_goal():
    """The Demon at 16 of 18 read as calmly as at 0 (Call to Adventure playtest), and the next failure ended the game:
    within 3 of its goal the chip is red and says how near it is."""
    import re

    engine = get_engine(SLUG)
    state = engine.new_game(4, engine.spec.normalize_options(None))
    goal = engine.components.solo[state.victory]["goal"]

    def chip(exp: int) -> str:
        state.adv_exp = exp
        return re.search(r'<span class="chip warn[^"]*" data-part="adv".*?</span>(?!</b>)', render_board(engine, state),
                         re.S).group(0)

    near = chip(goal - 2)
    assert 'class="chip warn danger"' in near and "2 from winning" in near, near
    far = chip(goal - 4)
    assert "danger" not in far and "from winning" not in far, far


def test_a_trait_not_yet_gained_says_what_it_requires_in_one_phrase():
    """"Not yet: Requires: 1× …" (two colons; "Todavía no: Requisitos: 1×" in Spanish: Call to Adventure playtest)
    reads "Not yet: it requires 1× …" now; a trait that can be gained keeps "Requires: …"."""
    import re

    engine = get_engine(SLUG)
    for seed in range(1, 30):
        state = engine.new_game(seed, engine.spec.normalize_options(None))
        page = render_board(engine, state)
        reqs = re.findall(r'<p class="sc-req">(.*?)</p>', page, re.S)
        if any("Not yet" in r for r in reqs):
            break
    else:
        pytest.fail("no trait that cannot be gained yet in 29 new games")
    for r in reqs:
        words = re.sub(r"<[^>]+>", "", r)
        assert words.count(":") == 1, words
        assert words.startswith(("Not yet: it requires ", "Requires: ")), words
