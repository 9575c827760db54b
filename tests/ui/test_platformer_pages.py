"""Route tests of Platformer's board, how-to and rules pages.

The board is checked for a new game, for games the heuristic bot plays on through the app (every legal action
drawn exactly once, as a proper action button; nothing face down in the HTML; a move's HTMX answer under
10 KB gzip-compressed), for crafted decisions and every card of the game's data, and at the end of a won and a
lost game (the end screen with the reason and every score line). The tests mirror each game locally with the
engine (same seed, same actions, same state) so the bot can read the full state the page never shows.
"""

from __future__ import annotations

import gzip
import json
import re
from datetime import UTC, datetime
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from app.core.config import ROOT
from app.main import create_app
from app.ui.assets import asset
from app.ui.boards import place_actions
from app.ui.templating import templates
from games.engine import Action, Rng, Status
from games.registry import get_engine
from tests.support.rehearsal import first_seed_ending

DATA = ROOT / "games" / "platformer" / "data"
HX = {"HX-Request": "true"}
SLUG = "platformer"
MAX_GZIP = 10 * 1024


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


def esc(text: str) -> str:
    """Text as the page writes it (HTML-escaped)."""
    return str(escape(text))


def data(name: str) -> list[dict]:
    return json.loads((DATA / f"{name}.json").read_text())


class Page(HTMLParser):
    """Action buttons with their form, inline scripts/handlers/styles, and the text of #end-screen."""

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


class Mirror:
    """A game played through the app while the same game runs locally, so the bot can see the whole state."""

    def __init__(self, web: TestClient, seed: int, options: dict | None = None, bot: str = "heuristic") -> None:
        self.web = web
        self.engine = get_engine(SLUG)
        self.options = self.engine.spec.normalize_options(options)
        r = web.post(f"/games/{SLUG}/new", data={"seed": str(seed), "name": "Climb", **self.options},
                     follow_redirects=False)
        assert r.status_code == 303, r.text[:400]
        self.sid = r.headers["location"].rsplit("/", 1)[1]
        self.state = self.engine.new_game(seed, self.options)
        self.bot = self.engine.bots[bot]
        self.rng = Rng.from_seed(seed)
        self.html = web.get(f"/play/{self.sid}").text
        self.answer_bytes: list[int] = []

    def api(self) -> dict:
        return self.web.get(f"/api/sessions/{self.sid}").json()

    def over(self) -> bool:
        return self.engine.status(self.state).over

    def step(self) -> str:
        version = int(re.search(r'data-version="(\d+)"', self.html).group(1))
        action = self.bot.choose(self.engine, self.state, self.engine.legal_actions(self.state), self.rng)
        r = self.web.post(f"/play/{self.sid}/act", data={"action": action, "version": str(version)}, headers=HX)
        assert r.status_code == 200, f"{action}: {r.status_code} {r.text[:400]}"
        self.state, _ = self.engine.apply(self.state, action)
        self.html = r.text
        self.answer_bytes.append(len(gzip.compress(r.content)))
        return action


def check_board(mirror: Mirror, state: dict) -> Page:
    """Every legal action exactly once as a proper button; no other action buttons; no inline script or style."""
    html = mirror.html
    page = parse(html)
    drawn = [b["data-action"] for b in page.buttons]
    legal = [a["id"] for a in state["legal_actions"]]
    assert sorted(drawn) == sorted(legal), (
        f"missing {sorted(set(legal) - set(drawn))}, extra {sorted(set(drawn) - set(legal))}, "
        f"twice {sorted({d for d in drawn if drawn.count(d) > 1})}"
    )
    labels = {a["id"]: a["label"] for a in state["legal_actions"]}
    for b in page.buttons:
        assert b["type"] == "submit" and b["name"] == "action" and b["value"] == b["data-action"]
        assert b["aria-label"].endswith(labels[b["data-action"]])  # the face first (label in name), then the label
        form = b["form"]
        assert form is not None and form["action"] == f"/play/{mirror.sid}/act"
        assert form["hx-post"] == f"/play/{mirror.sid}/act" and form["hx-target"] == "#board"
        assert form["hx-swap"] == "outerHTML" and form["inputs"]["version"] == str(state["version"])
    assert page.inline == [], page.inline
    match = re.search(r'<section id="board"[^>]*data-version="(\d+)"[^>]*data-status="(\w+)"', html)
    assert match and int(match.group(1)) == state["version"] and match.group(2) == state["status"]["state"]
    return page


def visible_names(view: dict) -> dict[str, set[str]]:
    """What the view shows face up, by kind: the rest of the game's components must stay out of the HTML."""
    levels = view["map"]["levels"]
    boss = view["boss"]
    attack = boss.get("last_attack") or {}
    shop = view["shop"]
    held = view["items"] + view["potions"] + view["artifacts"] + view.get("artifacts_table", [])
    return {
        "tiles": {t for lv in levels if lv["state"] == "revealed" for t in lv["tiles"] or ()},
        "enemies": {e["card"]["name"] for e in view["enemies"] if e["card"]}
        | {lv["enemy"]["name"] for lv in levels if lv.get("enemy")},
        "events": {e["name"] for e in [view["event"]["current"], *view["event"]["played"]] if e},
        "attacks": {c["title"] for c in attack.get("drawn", []) + attack.get("resolved", []) + boss.get("discard", [])},
        "cards": {c["id"] for c in shop["items"] + shop["potions"] + held},
    }


def check_nothing_hidden(mirror: Mirror, state: dict) -> None:
    """No face-down tile, enemy card, Event, attack card or shop card, and not the RNG, in the page."""
    html = mirror.html
    shown = visible_names(state["view"])
    log = " ".join(line["text"] for line in state["log_tail"])
    for tile in data("tiles"):
        if tile["id"] not in shown["tiles"]:
            assert not re.search(rf"\b{tile['id']}\b", html), f"face-down tile {tile['id']} is in the page"
    for kind, names in (("enemies", data("enemies")), ("events", data("events"))):
        for card in names:
            if card["name"] not in shown[kind] and card["name"] not in log:
                assert esc(card["name"]) not in html, f"the hidden {kind} card {card['name']!r} is in the page"
    for boss in data("bosses"):
        for card in boss["deck"]:
            if card["title"] not in shown["attacks"] and card["title"] not in log:
                assert esc(card["title"]) not in html, f"the face-down attack card {card['title']!r} is in the page"
    for card_id in re.findall(r'data-card="([^"]+)"', html):
        assert card_id in shown["cards"], f"card {card_id} is drawn but not face up"
    dumped = json.dumps(mirror.engine.dump(mirror.state))
    for rng_state in re.findall(r'"rng[^"]*":\s*(\d{6,})', dumped):
        assert rng_state not in html, "the random generator's state is in the page"


# ---------------------------------------------------------------- pages

def test_game_page_and_rules_reference(web):
    page = web.get(f"/games/{SLUG}")
    assert page.status_code == 200 and 'id="new-game"' in page.text
    assert "How to play" in page.text and f'href="/games/{SLUG}/rules"' in page.text
    rules = web.get(f"/games/{SLUG}/rules")
    assert rules.status_code == 200
    for anchor in ("goal", "setup", "map", "turn", "actions", "movement", "push", "enemies", "levels", "combat",
                   "gems", "boss", "solo", "variants"):
        assert f'id="{anchor}"' in rules.text, anchor
    for words in ("one-way", "sealed", "Medusa", "Overlord Ikee", "12 Event cards", "Artifacts", "Bigger map",
                  "7 wounds", "10 wounds", "3 points", "divided by 3"):
        assert words in rules.text, words
    assert parse(rules.text).inline == [] and parse(page.text).inline == []
    dice = json.loads((DATA / "dice.json").read_text())
    for name, words in (("action", "<b>Action dice</b>"), ("enemy", "<b>Enemy die</b>")):
        line = rules.text[rules.text.index(words):].split("</li>")[0]
        faces = re.findall(r"platformer\.svg#pf-(\w+)", line)
        assert faces == [{"attack": "claws"}.get(f, f) for f in dice[name]], f"the rules page shows other {name} faces"


def test_a_new_game_board(web):
    mirror = Mirror(web, seed=3)
    state = mirror.api()
    check_board(mirror, state)
    check_nothing_hidden(mirror, state)
    html, view = mirror.html, state["view"]
    assert len(re.findall(r'<div class="level[ "]', html)) == len(view["map"]["levels"]) == 4
    assert html.count("Unexplored") == 2 * sum(lv["state"] == "hidden" for lv in view["map"]["levels"])
    cells = [c for c in view["map"]["cells"]]
    assert len(re.findall(r'data-cell="r\d+c\d"', html)) == len(cells) == 32
    assert view["hero"]["name"] in html and view["boss"]["name"] in html
    assert f'{view["event"]["turns_left"]}</span> turn' in html
    assert len(re.findall(r'class="(?:act )?die[ "]', html)) >= len(view["dice"])
    for line in view["score"]["lines"]:
        assert esc(line["label"]) in html
    assert f'<link rel="stylesheet" href="{asset("css/board-platformer.css")}">' in html.split("</head>", 1)[0]


def test_the_checks_catch_a_leak_and_a_missing_button(web):
    mirror = Mirror(web, seed=3)
    state = mirror.api()
    board = mirror.html
    hidden = next(c for c in data("enemies") if c["name"] not in visible_names(state["view"])["enemies"])
    mirror.html = board.replace("</section>", f"<p>{hidden['name']}</p></section>", 1)
    with pytest.raises(AssertionError, match="hidden"):
        check_nothing_hidden(mirror, state)
    first = state["legal_actions"][0]["id"]
    mirror.html = 'data-action="gone"'.join(board.rsplit(f'data-action="{first}"', 1))  # the board's, not the bar's
    with pytest.raises(AssertionError, match="missing"):
        check_board(mirror, state)


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_the_bot_plays_on_and_every_board_draws_every_action(web):
    mirror = Mirror(web, seed=11)
    seen_decisions: set[str] = set()
    for _ in range(60):
        if mirror.over():
            break
        mirror.step()
        state = mirror.api()
        check_board(mirror, state)
        check_nothing_hidden(mirror, state)
        decision = state["view"]["decision"]
        seen_decisions.add(decision["kind"] if decision else state["view"]["phase"])
        assert mirror.html.lstrip().startswith('<section id="board"'), "a move answered more than the board"
    assert mirror.api()["view"] == mirror.engine.view(mirror.state), "the app and the local game drifted apart"
    assert {"use", "actions"} <= seen_decisions, seen_decisions
    assert max(mirror.answer_bytes) < MAX_GZIP, f"largest move answer: {max(mirror.answer_bytes)} bytes gzip"


@pytest.mark.parametrize("outcome", ["won", "lost"])
def test_the_end_screen(web, outcome):
    plan = first_seed_ending(SLUG, outcome, bot="heuristic", bot_seed=7, seeds=range(1, 400))
    engine = get_engine(SLUG)
    options = engine.spec.normalize_options(None)
    r = web.post("/api/sessions", json={"game": SLUG, "seed": plan.seed, "options": options})
    assert r.status_code == 201, r.text[:400]
    sid, version = r.json()["id"], r.json()["version"]
    state, rng = engine.new_game(plan.seed, options), Rng.from_seed(7)
    while not engine.status(state).over:
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        r = web.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": version})
        assert r.status_code == 200, r.text[:400]
        version = r.json()["version"]
    html = web.get(f"/play/{sid}").text
    status = engine.status(state)
    assert status.state == outcome
    end = html[html.index('id="end-screen"'):html.index('class="turn-track"')]
    assert ("you won" if outcome == "won" else "you lost") in end
    if status.reason:
        assert esc(status.reason) in end
    for line in status.breakdown:
        assert esc(line.label) in end and f"<td>{line.points}</td>" in end
    assert f'class="score-total">{status.score if status.score is not None else 0}<' in end
    if outcome == "won":
        assert status.breakdown, "a win must be scored"
        assert 'class="level boss-level lv-revealed"' in html and "p-oneway" in html, "the boss level is not drawn"
    else:
        assert status.reason, "a loss must say why"
    assert parse(html).buttons == [], "a finished game still offers actions"
    check_nothing_hidden(SimpleNamespace(html=html, engine=engine, state=state), web.get(f"/api/sessions/{sid}").json())


# ---------------------------------------------------------------- crafted states and every card

def render(view: dict, actions: list[Action], status: Status | None = None) -> str:
    now = datetime.now(UTC)
    sv = SimpleNamespace(id="s1", game=SLUG, name="Test", version=3, status=status or Status("in_progress"),
                         view=view, legal_actions=actions, log_tail=[], can_undo=True, created_at=now,
                         updated_at=now)
    return templates.get_template(f"games/{SLUG}/board.html").render(
        sv=sv, placement=place_actions(SLUG, view, actions), notice_kind="", notice="")


def fresh_view(seed: int = 1, **options: str) -> dict:
    engine = get_engine(SLUG)
    return engine.view(engine.new_game(seed, engine.spec.normalize_options(options or None)))


def test_the_boss_counts_as_an_enemy_defeated_on_the_score_panel_and_the_end_screen():
    """The boss is an Enemy (RULINGS.md): a crafted win over it with 2 enemies already defeated scores 3 × 2, and the
    live panel before the blow, the panel after it and the end screen all show the engine's figures."""
    from tests.games.platformer import kit

    eng, s = kit.position(hero="r12c0", revealed=4, enemies={"r12c1": "boss"}, dice=["sword"] * 5, gems=5, kills=2)
    before = render(eng.view(s), eng.legal_actions(s))
    live = before[before.index('class="pf-card score-live"'):]
    live = live[:live.index("</section>")]
    assert "Score if you win now" in live
    assert re.search(r"Enemies defeated <small>3 × 2, the boss included</small></th><td>6</td>", live)
    s, _ = eng.apply(s, "use:d0")
    for i in range(1, 5):
        s, _ = eng.apply(s, f"add:d{i}")
    s, _ = kit.play(eng, s, "gem:d0", "gem:d1", "gem:d2", "gem:d3", "strike:boss")
    status, view = eng.status(s), eng.view(s)
    assert status.state == "won"
    html = render(json.loads(json.dumps(view)), [], status)
    end = html[html.index('id="end-screen"'):html.index('class="turn-track"')]
    panel = html[html.index('class="pf-card score-live"'):]
    panel = panel[:panel.index("</section>")]
    assert "Final score" in panel
    for part in (end, panel):
        assert re.search(r"Enemies defeated <small>3 × 2, the boss included</small></th><td>6</td>", part)
        for line in status.breakdown:
            assert f"{esc(line.label)} <small>{esc(line.detail)}</small></th><td>{line.points}</td>" in part
    assert f'class="score-total">{status.score}<' in end and f"<td>{status.score}</td></tr></tfoot>" in panel
    hero_count = r'title="Enemies defeated"><svg[^>]*><use[^>]*></use></svg> 3</span>'
    assert re.search(hero_count, html), "the hero card's count of enemies defeated"


def test_every_card_of_the_game_renders():
    view = fresh_view()
    items, potions, artifacts = data("items"), data("potions"), data("artifacts")
    held = [{**c, "exhausted": i % 2 == 0} for i, c in enumerate(items)]
    shop = {**view["shop"], "items": [{**c, "cost": c["price"]} for c in items],
            "potions": [{**c, "cost": c["price"]} for c in potions]}
    actions = [Action(f"item:{c['id']}", f"Use {c['name']}") for c in items if c["kind"] == "exhaust"]
    actions += [Action(f"potion:{c['id']}", f"Drink {c['name']}") for c in potions[:3]]
    actions += [Action(f"buy:{c['id']}", f"Buy {c['name']}") for c in items[:2]]
    html = render({**view, "items": held, "potions": potions[:3], "artifacts": [{**a, "exhausted": False}
                   for a in artifacts], "shop": shop}, actions)
    for card in items + potions + artifacts:
        assert esc(card["name"]) in html, card["name"]
    for card in data("enemies"):
        levels = [{**lv, "enemy": card} if lv["state"] == "revealed" else lv for lv in view["map"]["levels"]]
        html = render({**view, "map": {**view["map"], "levels": levels}}, [])
        assert card["name"] in html and esc(card["text"]) in html
    for event in data("events"):
        html = render({**view, "event": {**view["event"], "current": event}}, [])
        assert event["name"] in html and esc(event["text"]) in html
    for boss in data("bosses"):
        shown = {k: v for k, v in boss.items() if k != "deck"}
        last = {"drawn": boss["deck"][:2], "resolved": boss["deck"][:1], "die": "left", "lines": ["It strikes."]}
        html = render({**view, "boss": {**view["boss"], **shown, "last_attack": last}}, [])
        assert esc(boss["name"]) in html and esc(boss["deck"][0]["title"]) in html and "It strikes." in html
        for token in boss["tokens"]:
            assert esc(token["name"]) in html


def test_a_symbol_in_use_draws_its_parts_gems_and_controls():
    view = fresh_view()
    dice = [{"id": f"d{i}", "face": "sword", "used": i < 3} for i in range(5)]
    decision = {"kind": "use", "symbol": "sword", "parts": [{"id": "d0", "mult": 2, "next_cost": 2},
                {"id": "d1+d2", "mult": 1, "next_cost": 1}], "steps_left": None, "started": False, "value": 3,
                "enemy": None, "respawn": False}
    actions = [Action("gem:d0", "Upgrade d0"), Action("gem:d1+d2", "Upgrade the pair"), Action("add:d3", "Add d3"),
               Action("addforge:d3:d4", "Add d3 and d4 forged"), Action("cancel", "Put it back")]
    html = render({**view, "dice": dice, "decision": decision}, actions)
    page = parse(html)
    assert sorted(b["data-action"] for b in page.buttons) == sorted(a.id for a in actions)
    assert "3 wounds gathered" in html and 'data-mult="×2"' in html
    assert re.search(r'data-action="add:d3"[^>]*class="act die', html), "the die to add is not itself the button"


def test_a_push_and_a_symbol_choice_are_drawn_where_they_belong():
    view = fresh_view()
    cells = [c for c in view["map"]["cells"] if not c["figure"]][:2]
    push = [Action(f"push:{c['id']}", f"Push to {c['id']}") for c in cells]
    pushed_at = {**view["map"], "hero": cells[0]["id"]}  # the hero stepped in; the figure there must make room
    decision = {"kind": "push", "figure": "e1", "from": cells[1]["id"]}
    html = render({**view, "map": pushed_at, "decision": decision}, push)
    for c in cells:
        assert re.search(rf'data-action="push:{c["id"]}" data-cell="{c["id"]}"', html), c["id"]
    tag = re.search(rf'<button[^>]*data-cell="{cells[0]["id"]}"[^>]*>', html).group(0)
    assert "push-from" in tag, "the cell the pushed figure is pushed out of is not marked"
    picks = [Action(f"as:{s}", f"As {s}") for s in ("move", "sword", "gold", "hand", "star")]
    html = render({**view, "decision": {"kind": "forge", "parts": ["d0", "d1"]}}, picks)
    assert "Choose the symbol" in html and len(parse(html).buttons) == 5


@pytest.mark.parametrize("options", [{"map": "big"}, {"artifacts": "on"}, {"boss": "ikee"}])
def test_variants_draw_their_parts(options):
    engine = get_engine(SLUG)
    keys = {o.key: {v for v, _ in o.choices} for o in engine.spec.options}
    for key, value in options.items():
        assert key in keys and value in keys[key], f"option {key}={value} is not offered: {keys}"
    view = fresh_view(2, **options)
    html = render(view, [])
    if "map" in options:
        assert len(re.findall(r'<div class="level[ "]', html)) == len(view["map"]["levels"]) == 5
        assert f"{view['boss']['health']} in one attack" in html and view["boss"]["health"] == 10
    if "artifacts" in options:
        assert len(view["artifacts_table"]) == 2
        for card in view["artifacts_table"]:
            assert esc(card["name"]) in html
    if "boss" in options:
        assert "Overlord Ikee" in html


def test_the_undo_button_takes_back_a_move(web):
    mirror = Mirror(web, seed=4)
    for _ in range(40):
        before = mirror.api()
        mirror.step()
        if mirror.api()["can_undo"]:
            break
    else:
        pytest.fail("no undoable move in 40 moves")
    assert 'id="undo"' in mirror.html and f'action="/play/{mirror.sid}/undo"' in mirror.html
    version = mirror.api()["version"]
    r = web.post(f"/play/{mirror.sid}/undo", data={"version": str(version)}, headers=HX)
    assert r.status_code == 200
    after = mirror.api()
    assert after["version"] == version + 1 and after["view"] == before["view"]
    assert {a["id"] for a in after["legal_actions"]} == {a["id"] for a in before["legal_actions"]}
    mirror.html = r.text
    check_board(mirror, after)


def test_the_placer_puts_each_action_on_its_component():
    from app.ui.boards.platformer import home as platformer_home

    view = fresh_view()
    cell = view["map"]["cells"][0]["id"]
    enemy = next(c for c in view["map"]["cells"] if c["figure"] and c["figure"]["kind"] == "enemy")
    foe = enemy["figure"]["id"]
    shop_item = view["shop"]["items"][0]["id"]
    use = {"kind": "use", "symbol": "sword", "parts": [{"id": "d0+d1", "mult": 1, "next_cost": 1}]}
    expected = {
        "use:d0": ("die", "d0"), "add:d3": ("die", "d3"), "save:d4": ("die", "d4"), "reroll:sp": ("die", "sp"),
        "gem:d2": ("die-gem", "d2"), "forge:d0:d1": ("forge", ""), "saveforge:d2:d3": ("forge", ""),
        f"step:{cell}": ("cell", cell), f"respawn:{cell}": ("cell", cell), f"push:{cell}": ("cell", cell),
        f"strike:{foe}": ("cell", enemy["id"]), f"grab:{foe}": ("cell", enemy["id"]),
        f"buy:{shop_item}": ("shop", shop_item), "ability": ("hero", ""), "gravity": ("tower", ""),
        "gravity:drop": ("tower", ""), "as:gold": ("as", ""), "end_actions": None, "save:skip": None,
        "strike:e999": None, "step:r99c9": None, "item:i99": None, "take": None, "gem:d0+d1": None,
    }
    for action_id, home in expected.items():
        assert platformer_home(view, action_id) == home, action_id
    in_use = {**view, "decision": use}
    assert platformer_home(in_use, "gem:d0+d1") == ("part-gem", "d0+d1")
    assert platformer_home(in_use, "take") == ("use", "")


def test_an_enemy_next_to_the_hero_is_marked_with_what_stepping_away_costs():
    """A playtest stepped away from a Goblin and was hurt with no warning: the tower marks each enemy next to the hero
    with a sword, and its name (what a screen reader hears, the tooltip) says it strikes and for how many wounds."""
    from tests.games.platformer import kit

    eng, s = kit.position(hero="r0c3", enemies={"r1c3": "goblin", "r0c6": "zombie"})
    html = render(eng.view(s), eng.legal_actions(s))
    near = html.split('data-cell="r1c3"', 1)[1].split("</div>", 1)[0]
    far = html.split('data-cell="r0c6"', 1)[1].split("</div>", 1)[0]
    assert 'aria-label="Goblin (strikes if you step away: 1 wound)"' in near and "strike-mark" in near
    assert "strikes" not in far and "strike-mark" not in far


def test_the_shop_says_closed_only_when_an_event_closed_it():
    """The shop said "closed this turn" whenever the hero stood off its cells, the words of the Locked Stalls Event
    (Platformer playtest): a player read an Event that had not been drawn. Off its cells it says where to stand."""
    engine = get_engine(SLUG)
    s = engine.new_game(1, engine.spec.normalize_options(None))
    shop = render(engine.view(s), [])
    head = shop[shop.index('class="fold-head">', shop.index("shop-card")):][:600]
    assert "closed this turn" not in head and "buy while standing on a" in head
    s["mods"]["shop_closed"] = 1
    locked = render(engine.view(s), [])
    head = locked[locked.index('class="fold-head">', locked.index("shop-card")):][:600]
    assert "closed this turn" in head
