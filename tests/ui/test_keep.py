"""A move's answer leaves out the board parts the browser already holds (app/ui/keep.py, static/js/keep.js).

The board put back together from an answer and the parts held is the board a browser without them is sent;
a claim that does not match is ignored; every answer a browser receives stays within the 10 KB budget, in
English and in Spanish, for every game (issue #15's budget, issue #16's check).
"""

from __future__ import annotations

import gzip
import re

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import ANSWER_GZIP_LEVEL, create_app
from app.ui import keep
from app.ui.keep import SENT as PART
from app.ui.keep import Held as Keeper
from games.engine import Rng
from games.registry import get_engine

HX = {"HX-Request": "true"}
BUDGET = 10 * 1024
GAMES = ["adamastor", "nemos_war", "platformer", "call_to_adventure"]


@pytest.fixture
def web(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single"))
    with TestClient(app) as client:
        yield client
    app.state.db_engine.dispose()


def _moves(game: str, seed: int, limit: int = 400):
    """The heuristic bot's moves of a seeded game, as action ids."""
    engine = get_engine(game)
    state, rng = engine.new_game(seed, engine.spec.normalize_options(None)), Rng.from_seed(seed)
    for _ in range(limit):
        if engine.status(state).over:
            return
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        yield action


def _same(text: str, session_id: str) -> str:
    """A board as a move's answer carries it, with its session's id taken out (two sessions compared)."""
    return keep.LOOK_LINK.sub(b"", text.encode()).decode().replace(session_id, "SESSION")


def test_claims_are_read_strictly():
    assert keep.claims(None) == {} and keep.claims("") == {}
    assert keep.claims("a1:0123456789abcdef hand:fedcba9876543210") == {"a1": "0123456789abcdef",
                                                                        "hand": "fedcba9876543210"}
    assert keep.claims("a1:XYZ <script>:0123456789abcdef a2:0123") == {}, "only well-formed claims count"
    assert keep.claims("a1:0123456789abcdef " * 5000) == {}, "a header far longer than a board's is ignored"


def test_a_part_goes_empty_only_for_its_own_hash():
    html = b'<p>x</p><x-keep data-keep="a1"><div>row one</div></x-keep><x-keep data-keep="a2"><div>two</div></x-keep>'
    marked = keep.mark(html)
    hashes = dict(re.findall(rb'data-keep="(\w+)" data-h="(\w+)"', marked))
    assert set(hashes) == {b"a1", b"a2"} and b"row one" in marked
    kept = keep.mark(html, {"a1": hashes[b"a1"].decode(), "a2": "0" * 16})
    assert b"row one" not in kept and b'data-keep="a1" data-h="' + hashes[b"a1"] + b'" data-kept></x-keep>' in kept
    assert b"<div>two</div>" in kept, "a claim with another hash gets the part whole"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_board_put_back_together_is_the_board_sent_whole(web, lang):
    """Call to Adventure keeps its rows, story, hand and runes: two sessions of one seed get the same moves, one
    as a browser with keep.js (claims), one without; after every move their boards are the same."""
    game, seed = "call_to_adventure", 5
    headers = {**HX, "Accept-Language": lang}
    ids = [web.post("/api/sessions", json={"game": game, "seed": seed}).json()["id"] for _ in range(2)]
    keeper = Keeper(web.get(f"/play/{ids[0]}", headers=headers).text)
    assert keeper.parts, "the board page marks its parts"
    left_out = 0
    for version, action in enumerate(_moves(game, seed)):
        form = {"action": action, "version": str(version)}
        lean = web.post(f"/play/{ids[0]}/act", data=form, headers={**headers, **keeper.headers()})
        whole = web.post(f"/play/{ids[1]}/act", data=form, headers=headers)
        assert lean.status_code == whole.status_code == 200
        left_out += lean.text.count(" data-kept>")
        assert _same(keeper.receive(lean.text), ids[0]) == _same(whole.text, ids[1]), f"move {version + 1}"
    assert left_out > 100, f"only {left_out} parts were left out in a whole game"


def test_a_stale_or_foreign_claim_gets_the_whole_board(web):
    sv = web.post("/api/sessions", json={"game": "call_to_adventure", "seed": 3}).json()
    page = web.get(f"/play/{sv['id']}").text
    keys = [m.group(1) for m in PART.finditer(page)]
    wrong = " ".join(f"{key}:{'0' * 16}" for key in keys) + " nosuchpart:0123456789abcdef"
    r = web.post(f"/play/{sv['id']}/act", data={"action": sv["legal_actions"][0]["id"], "version": "0"},
                 headers={**HX, "X-Kept": wrong})
    assert r.status_code == 200 and " data-kept>" not in r.text


def test_a_page_without_javascript_gets_every_part(web):
    """A form posted without JavaScript is answered with a redirect to the whole page: nothing is left out."""
    sv = web.post("/api/sessions", json={"game": "call_to_adventure", "seed": 3}).json()
    page = Keeper(web.get(f"/play/{sv['id']}").text)
    r = web.post(f"/play/{sv['id']}/act", data={"action": sv["legal_actions"][0]["id"], "version": "0"},
                 headers=page.headers(), follow_redirects=True)
    assert r.status_code == 200 and " data-kept>" not in r.text and 'data-keep="runes"' in r.text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_every_answer_a_browser_receives_stays_within_the_budget(web, game, lang):
    headers = {**HX, "Accept-Language": lang}
    biggest = (0, "")
    for seed in (101, 106, 107):
        sid = web.post("/api/sessions", json={"game": game, "seed": seed}).json()["id"]
        keeper = Keeper(web.get(f"/play/{sid}", headers=headers).text)
        for version, action in enumerate(_moves(game, seed)):
            r = web.post(f"/play/{sid}/act", data={"action": action, "version": str(version)},
                         headers={**headers, **keeper.headers()})
            assert r.status_code == 200, r.text[:300]
            keeper.receive(r.text)
            size = len(gzip.compress(r.content, compresslevel=ANSWER_GZIP_LEVEL))  # as the server sends it
            biggest = max(biggest, (size, f"seed {seed}, move {version + 1} ({action})"))
    assert biggest[0] <= BUDGET, f"{game} in {lang}: an answer of {biggest[0]} bytes compressed at {biggest[1]}"
