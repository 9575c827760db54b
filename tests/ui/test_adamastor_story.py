"""Adamastor tells its long moves step by step (issue #25): ending the Actions phase runs the Events, Sunset, the
row and the next week's Sunrise in one click, and each of those lines is a step that glows the component it
concerns (the Event's line on the Events card, the card leaving the row, the new week on the turn track...).

Adamastor throws no dice: its only test of luck is a Test that reveals the top Sailing card, so its events carry
the card revealed (`card`) and whether it passed, never `dice`. The events that move one Sailing card say which
(`card`), so the story can glow it; each Event says which (`event`); a ship's step says the space it reached.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from app.ui.boards import adamastor as board
from games.engine import Rng
from games.registry import get_engine
from tests.ui.test_words_pages import play, web  # noqa: F401  (the `web` fixture)

STORY = re.compile(r'<ol id="story"[^>]*>(.*?)</ol>', re.S)
STEP = re.compile(r'<li data-kind="([^"]*)"([^>]*)>(.*?)</li>', re.S)
PART = re.compile(r'data-part="([^"]+)"')
ONE_CARD = {"swap", "trauma", "discard", "row", "learn", "heal", "ignore"}


def bot_games(seeds=(1, 2, 3, 4)):
    """Every event of a few seeded games the heuristic bot plays to the end, as stored (JSON), with the text."""
    engine = get_engine("adamastor")
    for seed in seeds:
        state, rng = engine.new_game(seed, {"maps": "3"}), Rng.from_seed(seed)
        while not engine.status(state).over:
            action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
            state, events = engine.apply(state, action)
            yield from (e.to_json() for e in events)


def test_no_event_rolls_dice_and_a_test_says_the_card_it_revealed_and_its_outcome():
    titles = {c.number: c.title for c in get_engine("adamastor").components.sailing.values()}
    tests = 0
    for e in bot_games():
        assert "dice" not in e["data"] and "faces" not in e["data"], e
        if e["kind"] == "test" and "card" in e["data"]:
            tests += 1
            assert titles[e["data"]["card"]] in e["text"]
            assert e["data"]["success"] == e["text"].endswith("success.")
    assert tests > 0


def test_the_events_that_move_one_sailing_card_name_it_and_each_event_says_which():
    titles = {c.number: c.title for c in get_engine("adamastor").components.sailing.values()}
    seen = set()
    for e in bot_games():
        kind, data = e["kind"], e["data"]
        if kind in ONE_CARD and "#" in e["text"]:
            assert isinstance(data.get("card"), int), e
            assert titles[data["card"]] in e["text"], e
            seen.add(kind)
        if kind == "swap":
            assert titles[data["other"]] in e["text"]
        if kind == "event":
            assert data.get("event") in {"learn", "unrest", "disease", "fatigue"}, e
            seen.add("event")
        if kind == "move":
            assert data.get("space")
        if kind == "turn":
            assert f"Turn {data['turn']} begins" in e["text"]
    assert {"swap", "trauma", "row", "event"} <= seen, seen


BANNER_WORDS: list[str] = []  # what each banner says, as steps_of reads them


def steps_of(html: str) -> list[tuple[str, list[str], bool, str]]:
    """The story an answer carries: (kind, touched parts, banner?, text) per step."""
    m = STORY.search(html)
    if not m:
        return []
    out = []
    for kind, attrs, text in STEP.findall(m.group(1)):
        touch = re.search(r'data-touch="([^"]*)"', attrs)
        out.append((kind, touch.group(1).split() if touch else [], "data-banner" in attrs, unescape(text)))
        said = re.search(r'data-banner="([^"]*)"', attrs)
        if said:
            BANNER_WORDS.append(unescape(said.group(1)))
    return out


def test_each_step_glows_parts_of_its_own_answer_and_a_week_begins_with_a_banner(web):  # noqa: F811
    """A seeded game the bot plays through the app: every part a step touches is drawn in that answer; the moves of
    three steps or more touch something at most of their steps; a new week's Sunrise, the Events phase and an
    Event that strikes are banners."""
    long_moves, banners, touched_kinds = 0, set(), set()
    BANNER_WORDS.clear()
    for html, _ in play(web, "adamastor", 2, {"maps": "3"}):
        steps = steps_of(html)
        parts = set(PART.findall(html))
        for kind, touches, banner, text in steps:
            assert set(touches) <= parts, f"{kind} {text!r}: {sorted(set(touches) - parts)} not on the board"
            if banner:
                banners.add(kind)
            if touches:
                touched_kinds.add(kind)
        if len(steps) >= 3:
            long_moves += 1
            glowing = sum(1 for s in steps if s[1])
            assert glowing * 4 >= len(steps) * 3, f"only {glowing} of {len(steps)} steps touch anything: {steps}"
    assert long_moves >= 5
    assert {"turn", "phase", "event"} <= banners, banners
    assert any(re.fullmatch(r"Week \d+ · Sunrise", said) for said in BANNER_WORDS), "a new week is named on its banner"
    assert {"turn", "phase", "event", "draw", "move", "weather", "row"} <= touched_kinds, touched_kinds


def test_a_sunrise_step_glows_the_week_and_the_row_card_it_draws():
    """The touches as the board module computes them, for a turn's end and the next Sunrise."""
    engine = get_engine("adamastor")
    state, rng = engine.new_game(5, {"maps": "3"}), Rng.from_seed(5)
    for _ in range(400):
        if engine.status(state).over:
            break
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        before = engine.view(state)
        state, events = engine.apply(state, action)
        after = engine.view(state)
        told = [(e.kind, board.TOLD.touches(e.to_json(), before, after)) for e in events]
        if action == "end_actions" and any(k == "turn" for k, _ in told):
            assert told[0] == ("phase", ("ph-events", "events"))
            assert ("turn", ("week", "ph-sunrise")) in told
            sunrise = [t for k, t in told[told.index(("turn", ("week", "ph-sunrise"))):] if k == "draw"]
            assert sunrise and all(t[0].startswith("c") for t in sunrise), told
            assert ("weather", ("wx", "row")) in told
            return
    pytest.fail("no week ended")


def test_every_card_of_the_game_has_a_picture():
    from app.ui import pictures
    comp = get_engine("adamastor").components
    for group, ids in (("sailing", [str(n) for n in comp.sailing]), ("encounters", list(comp.encounters)),
                       ("maps", list(comp.maps))):
        bare = [i for i in ids if not pictures.name_of("adamastor", group, i)]
        assert not bare, f"{group}: {bare}"
