"""The action bar on every game's play page: the prompt, every action of the current decision as a real submit
button (data-action, the version, a form posting to /play/{id}/act; at most nine choices, those of one piece
grouped, app/ui/bar.py), Undo last, the last move, and a move's HTMX answer that updates the bar out of band (the
live region keeps its node). Plain form posts (no JavaScript) work through the bar too."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from games.registry import all_engines

HX = {"HX-Request": "true"}
VOID = {"input", "br", "img", "meta", "link", "hr"}
SLUGS = [e.spec.slug for e in all_engines()]


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


class Bar(HTMLParser):
    """What the bar (#table-bar, or the out-of-band parts of a move's answer) holds."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0          # >0 while inside #table-bar / an OOB part of it
        self.where: list[str] = []
        self.forms: list[dict] = []
        self.buttons: list[dict] = []
        self.undo: list[dict] = []
        self.oob: dict[str, str] = {}
        self.text: dict[str, list[str]] = {"bar-prompt": [], "bar-summary": []}
        self.live: dict[str, str] | None = None
        self.label_of: dict | None = None  # the bar button whose label text is being read
        self.in_kbd = False
        self.keyed: list[str] = []  # the data-key of each choice that has one, in order

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        ident = a.get("id") or ""
        oob = a.get("hx-swap-oob")
        if oob:
            self.oob[ident or oob] = oob
        if ident == "bar-summary":
            self.live = a
        if tag in VOID:
            self._leaf(tag, a, ident)
            return
        parts = ("table-bar", "bar-prompt", "bar-actions", "bar-summary")
        opens = ident in parts or (oob or "").endswith("#bar-summary")
        if self.depth or opens:
            self.depth += 1
            name = "bar-summary" if (oob or "").endswith("#bar-summary") else ident
            self.where.append(name if name in self.text else (self.where[-1] if self.where else ""))
        if not self.depth:
            return
        if tag == "form":
            self.forms.append({**a, "inputs": {}})
        elif tag == "button" and "data-action" in a:
            self.buttons.append({**a, "form": self.forms[-1] if self.forms else None, "text": ""})
            self.label_of = self.buttons[-1]
        elif tag == "kbd":
            self.in_kbd = True
        if "data-key" in a:
            self.keyed.append(a["data-key"])
        elif tag == "button" and ident == "bar-undo":
            self.undo.append({**a, "form": self.forms[-1], "after": len(self.buttons)})

    def _leaf(self, tag, a, ident):
        if self.depth and tag == "input" and self.forms and a.get("type") == "hidden":
            self.forms[-1]["inputs"][a.get("name")] = a.get("value")

    def handle_endtag(self, tag):
        if tag == "button":
            self.label_of = None
        if tag == "kbd":
            self.in_kbd = False
        if self.depth and tag not in VOID:
            self.depth -= 1
            self.where.pop()

    def handle_data(self, data):
        if self.label_of is not None and not self.in_kbd:
            self.label_of["text"] = " ".join((self.label_of["text"] + data).split())
        if self.depth and self.where and self.where[-1] in self.text:
            self.text[self.where[-1]].append(data)

    def words(self, part: str) -> str:
        return " ".join(" ".join(self.text[part]).split())


def parse(page: str) -> Bar:
    bar = Bar()
    bar.feed(page)
    return bar


def start(web, slug: str) -> str:
    r = web.post(f"/games/{slug}/new", data={"seed": "7", "name": "Bar"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[-1]


def api(web, sid: str) -> dict:
    return web.get(f"/api/sessions/{sid}").json()


@pytest.mark.parametrize("slug", SLUGS)
def test_the_bar_holds_the_prompt_and_every_action_of_the_decision(web, slug):
    sid = start(web, slug)
    state = api(web, sid)
    page = web.get(f"/play/{sid}").text
    bar = parse(page)
    assert bar.words("bar-prompt") == " ".join(html.unescape(state["view"]["prompt"]).split())
    first_of_each_name = {}
    for action in state["legal_actions"]:
        first_of_each_name.setdefault(action["label"], action)
    assert [b["data-action"] for b in bar.buttons] == [a["id"] for a in first_of_each_name.values()], \
        "every action is in the bar once, in the engine's order (two of one name are one choice)"
    assert bar.keyed == [str(i) for i in range(1, len(bar.keyed) + 1)] and 0 < len(bar.keyed) <= 9
    for button, action in zip(bar.buttons, first_of_each_name.values(), strict=True):
        assert button["type"] == "submit" and button["name"] == "action" and button["value"] == action["id"]
        name = button.get("aria-label") or button["text"]
        assert name == " ".join(html.unescape(action["label"]).split()), "the button says what it does"
        form = button["form"]
        assert form["action"] == form["hx-post"] == f"/play/{sid}/act" and form["hx-target"] == "#board"
        assert form["inputs"]["version"] == str(state["version"])
    assert bar.live is not None and bar.live.get("aria-live") == "polite", "the last move is a live region"
    assert not bar.oob, "a full page draws the bar itself, not out-of-band parts"
    assert page.index('id="table-bar"') < page.index('id="board"'), "the bar is outside #board (swaps keep it)"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_plain_post_from_the_bar_plays_the_move_and_the_bar_says_what_happened(web, slug):
    sid = start(web, slug)
    bar = parse(web.get(f"/play/{sid}").text)
    assert bar.words("bar-summary") == "", "nothing has happened yet"
    first = bar.buttons[0]
    data = {**first["form"]["inputs"], "action": first["value"]}
    r = web.post(f"/play/{sid}/act", data=data, follow_redirects=False)  # no HX-Request: a browser without JS
    assert r.status_code == 303
    state = api(web, sid)
    assert state["version"] == int(first["form"]["inputs"]["version"]) + 1
    after = parse(web.get(r.headers["location"]).text)
    newest = [line["text"] for line in state["log_tail"] if line["seq"] == state["version"]]
    summary = after.words("bar-summary")
    assert summary.startswith("Last move:")
    assert newest, "every move says what happened, a silent choice too (You chose: ...)"
    assert " ".join(html.unescape(newest[0]).split()) in summary, "the move's own log lines, never an older move's"
    assert {b["data-action"] for b in after.buttons} <= {a["id"] for a in state["legal_actions"]}


@pytest.mark.parametrize("slug", SLUGS)
def test_a_move_answer_updates_the_bar_out_of_band_and_keeps_the_live_region(web, slug):
    sid = start(web, slug)
    first = parse(web.get(f"/play/{sid}").text).buttons[0]
    r = web.post(f"/play/{sid}/act", data={**first["form"]["inputs"], "action": first["value"]}, headers=HX)
    assert r.status_code == 200
    answer = parse(r.text)
    state = api(web, sid)
    assert answer.oob.get("bar-prompt") == "true" and answer.oob.get("bar-actions") == "true"
    assert answer.oob.get("innerHTML:#bar-summary") == "innerHTML:#bar-summary", \
        "the last move goes INTO the live region, which stays the same node"
    assert answer.live is None, "the answer must not replace the live region's node"
    assert answer.words("bar-summary").startswith("Last move:")
    assert [b["data-action"] for b in answer.buttons] == [a["id"] for a in state["legal_actions"]]
    assert all(b["form"]["inputs"]["version"] == str(state["version"]) for b in answer.buttons)


def test_undo_is_in_the_bar_last_never_first(web):
    sid = start(web, "adamastor")
    for _ in range(30):
        state = api(web, sid)
        if state["can_undo"]:
            break
        first = parse(web.get(f"/play/{sid}").text).buttons[0]
        web.post(f"/play/{sid}/act", data={**first["form"]["inputs"], "action": first["value"]})
    else:
        pytest.fail("no undoable move came up")
    bar = parse(web.get(f"/play/{sid}").text)
    assert len(bar.undo) == 1 and bar.undo[0]["after"] == len(bar.buttons) >= 1, "Undo comes after every action"
    assert bar.undo[0]["form"]["action"] == f"/play/{sid}/undo"
    assert "data-action" not in bar.undo[0]
    r = web.post(f"/play/{sid}/undo", data=bar.undo[0]["form"]["inputs"], follow_redirects=False)
    assert r.status_code == 303 and api(web, sid)["version"] == state["version"] + 1
    summary = parse(web.get(f"/play/{sid}").text).words("bar-summary")
    assert summary == "Last move: you took back your last move.", "an undo is told in words, not action ids"


def test_the_bar_tells_a_line_in_the_words_the_chronicle_uses(web):
    """A game that mends its stored log lines at display (Call to Adventure's "a Antihero") mends them in the
    bar's summary too; a game that does not shows the line as it is."""
    from app.ui.templating import templates

    def said(slug: str, text: str) -> str:
        source = '{% include ["games/" ~ slug ~ "/_log_line.html", "partials/log_line.html"] %}'
        return templates.env.from_string(source).render(slug=slug, text=text)

    assert said("call_to_adventure", "You draw a Antihero card.") == "You draw an Antihero card."
    assert said("adamastor", "You lose (mutiny).").startswith("You lose: mutiny on board")
    assert said("nemos_war", "The calendar advances 1 week.") == "The calendar advances 1 week."


def test_a_refused_move_answers_with_the_bar_but_announces_nothing_new(web):
    sid = start(web, "platformer")
    first = parse(web.get(f"/play/{sid}").text).buttons[0]
    r = web.post(f"/play/{sid}/act", data={**first["form"]["inputs"], "action": "no-such-action"}, headers=HX)
    assert r.status_code == 422
    answer = parse(r.text)
    assert answer.oob.get("bar-actions") == "true"
    assert "innerHTML:#bar-summary" not in answer.oob
    assert re.search(r'id="notice"[^>]*class="notice error', r.text) or "notice error" in r.text
