"""Nemo's War told step by step (issue #25): over a seeded bot game played through the HTMX route, each step of a
move's story names only components drawn in that same answer (data-part), a move of three steps or more glows
something at most of its steps, an adventure test shows both dice with what they had to reach, a new turn and the
end of the voyage get a banner, and every adventure card, ship and treasure drawn carries its picture."""

from __future__ import annotations

import re
from html import unescape

from tests.ui.test_words_pages import play, web  # noqa: F401  (the `web` fixture)

STORY = re.compile(r'<ol id="story"[^>]*>(.*?)</ol>', re.S)
STEP = re.compile(r"<li ([^>]*)>(.*?)</li>", re.S)
ATTR = re.compile(r'([a-z-]+)(?:="([^"]*)")?')
PART = re.compile(r'data-part="([^"]+)"')


def steps(html: str) -> list[dict[str, str]]:
    story = STORY.search(html)
    assert story, "a move's answer carries its story"
    out = []
    for attrs, text in STEP.findall(story.group(1)):
        step = {k: unescape(v) for k, v in ATTR.findall(attrs)}
        step["text"] = unescape(text)
        out.append(step)
    return out


def test_each_step_glows_what_it_concerns_on_the_board_it_answers_with(web):  # noqa: F811
    long_moves = glowing = 0
    kinds: set[str] = set()
    rolls = banners = 0
    for n, (html, _) in enumerate(play(web, "nemos_war", 4, {})):
        drawn = set(PART.findall(html))
        story = steps(html)
        for step in story:
            for part in step.get("data-touch", "").split():
                assert part in drawn, f"move {n}: {step['text']!r} touches {part}, not on the board"
            kinds.add(step["data-kind"])
            if step["data-kind"] in ("turn", "end"):
                assert "data-banner" in step, step
                banners += 1
            else:
                assert "data-banner" not in step, step
            if "data-dice" in step and "data-need" in step and (": success." in step["text"] or ": failure." in
                                                                   step["text"]):
                dice = [int(d) for d in step["data-dice"].split()]
                assert len(dice) == 2, step  # two dice, both faces shown
                reached = sum(dice) + int(step.get("data-mod", 0)) >= int(step["data-need"])
                assert reached == (": success." in step["text"]), step
                rolls += 1
        if len(story) >= 3:
            long_moves += 1
            touched = sum(1 for step in story if step.get("data-touch"))
            glowing += touched
            assert touched * 2 > len(story), f"move {n}: {[(s['text'], s.get('data-touch')) for s in story]}"
        if n >= 160:
            break
    assert long_moves >= 10 and rolls >= 3 and banners >= 10, (long_moves, rolls, banners)
    assert {"turn", "roll", "card"} <= kinds


def test_the_cards_ships_and_treasures_drawn_carry_their_pictures(web):  # noqa: F811
    seen = set()
    for n, (html, _) in enumerate(play(web, "nemos_war", 4, {})):
        seen |= set(re.findall(r'<use href="[^"]*#gi-([a-z0-9-]+)"', html))
        if n >= 80:
            break
    assert {"spyglass", "card-random", "laurels", "broken-shield", "lighthouse", "locked-chest"} <= seen
    from app.ui import pictures
    cards = set(pictures.pictures("nemos_war")["cards"].values())
    ships = set(pictures.pictures("nemos_war")["ships"].values())
    assert seen & cards and seen & ships
