"""Issue #15 on Nemo's War's board: every button says what it does on its face, the log is a chronicle (oldest
first, under turn headings, each entry numbered once, no raw codes), and the end screen says why in words."""

from __future__ import annotations

import re

import pytest

from games.engine import Rng
from games.nemos_war import flow
from tests.games.nemos_war import kit
from tests.support.plain_words import chronicle, face_faults, log_faults
from tests.ui.test_nemos_war_pages import HX, Game, board_version, draw, web  # noqa: F401 (web: a fixture)


def _play(web, seed: int, moves: int, bot: str = "heuristic"):  # noqa: F811
    """Bot moves clicked through the HTMX route; yields (action, events, html) after each."""
    game = Game(web, seed, {"commitment": "choose"}, bot=bot)
    rng = Rng.from_seed(seed)
    yield None, [], game.html
    for _ in range(moves):
        if game.over:
            return
        action = game.bot.choose(game.engine, game.state, game.engine.legal_actions(game.state), rng)
        r = web.post(f"/play/{game.sid}/act", data={"action": action, "version": board_version(game.html)},
                     headers=HX)
        assert r.status_code == 200, r.text[:300]
        game.html = r.text
        game.state, events = game.engine.apply(game.state, action)
        yield action, events, game.html


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
@pytest.mark.parametrize("seed", [3, 8])
def test_every_button_face_says_what_it_does_and_the_log_reads_as_a_chronicle(web, seed):  # noqa: F811
    seen_turns = set()
    for action, events, html in _play(web, seed, 90):
        assert not face_faults(html), (action, face_faults(html))
        log = chronicle(html)
        heads = [h for h, _ in log]
        assert len(heads) == len(set(heads)), f"a heading twice: {heads}"
        turns = [int(h.split()[1]) for h in heads if h.startswith("Turn ")]
        assert turns == sorted(turns), f"oldest first: {heads}"
        seen_turns.update(turns)
        for _, entries in log:
            for text in entries:
                assert not log_faults(text), (text, log_faults(text))
        said = [e.text for e in events if e.kind != "turn"]
        if said:
            assert log[-1][1][-len(said):] == said[-len(log[-1][1]):], "the newest entries are at the bottom"
        log_html = html[html.index('class="game-log chronicle"'):]
        numbered = re.search(r"<li[^>]*\svalue=", log_html[:log_html.index("</section>")])
        assert not numbered, "entries are numbered by their list only"
    assert len(seen_turns) >= 3


def _ended(reason: str, **res: int):
    s = kit.to_action(kit.game(4))
    s.res.update(res)
    flow.end_game(kit.ENGINE.components, s, [], reason)
    return s


@pytest.mark.parametrize("reason, words", [
    ("tragic", "Hull fell to 0 and no treasure could restore it"),
    ("imperial", "Every ocean is full of ships"),
    ("week52", "The calendar ran past week 52"),
    ("ending", "ending card came up"),
    ("deck", "The last adventure card has been drawn"),
    ("last_ship", "The last ship in the game has gone down"),
])
def test_the_end_screen_says_why_the_game_ended(reason, words):
    s = _ended(reason, hull=0) if reason == "tragic" else _ended(reason)
    html = draw(s)
    end = html[html.index('id="end-screen"'):]
    end = re.sub(r"<[^>]+>", " ", end[:end.index('class="score-table"')])
    text = " ".join(end.split())
    assert words in text, text
    assert not re.search(r"\bweek52\b|\blast_ship\b", text), "a raw code"
    if reason == "tragic":
        assert "The Nautilus is lost" in text
    elif reason == "imperial":
        assert "The Empire prevails" in text and "The Nautilus is lost" not in text
    else:
        assert "The Nautilus is lost" not in text, "only a tragic ending loses the Nautilus"
        assert re.search(r"Your score of -?\d+ is an? [A-Z]", text) and "151 or more" in text, text


@pytest.mark.parametrize("slug", ["nemos_war", "platformer"])
def test_a_file_exported_under_rules_version_2_still_imports(web, slug):  # noqa: F811
    """Version 3 changed the log's words, which are part of the saved state: a version-2 file's digest cannot match
    any more, so it is replayed under version 3 like any older file and keeps its result."""
    from games.registry import get_engine

    eng = get_engine(slug)
    assert eng.spec.rules_version == 3
    opts = eng.spec.normalize_options(None)
    s = web.post("/api/sessions", json={"game": slug, "seed": 9, "options": opts}).json()
    state, rng, version = eng.new_game(9, opts), Rng.from_seed(1), s["version"]
    for _ in range(30):
        action = eng.bots["heuristic"].choose(eng, state, eng.legal_actions(state), rng)
        r = web.post(f"/api/sessions/{s['id']}/actions", json={"action": action, "version": version})
        version = r.json()["version"]
        state, _ = eng.apply(state, action)
    exported = web.get(f"/api/sessions/{s['id']}/export").json()
    assert "sealed" not in exported
    old = {**exported, "rules_version": 2, "final": {**exported["final"], "digest": "0" * 64}}  # the old words' digest
    r = web.post("/api/sessions/import?on_shelf=copy", json=old)
    assert r.status_code == 201, r.text[:300]
    assert r.json()["status"] == eng.status(state).to_json() and r.json()["view"] == web.get(
        f"/api/sessions/{s['id']}").json()["view"]
