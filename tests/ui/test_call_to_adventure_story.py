"""Issue #25 in Call to Adventure: a move is told step by step. Over a whole game the bot plays through the app,
every step of every answer glows only components that answer draws (data-touch -> data-part), a move of three
or more steps touches something at most of its steps, a cast shows its runes' faces (drawings of the game's
sprite, one per rune cast) with the difficulty it had to reach, the Adversary's card and track are touched when
it acts, and an act completed, a new act's row revealed ("Act II revealed") and the final reckoning get a banner."""

from __future__ import annotations

import re
from html import unescape

from app.ui import pictures
from app.ui.boards import call_to_adventure as board
from tests.support.sprites import in_its_sprite
from tests.ui.test_words_pages import play, web  # noqa: F401  (the `web` fixture)

STORY = re.compile(r'<ol id="story"[^>]*>(.*?)</ol>', re.S)
STEP = re.compile(r"<li ([^>]*)>(.*?)</li>", re.S)
ATTR = re.compile(r'([a-z-]+)(?:="([^"]*)")?')
PART = re.compile(r'data-part="([^"]+)"')


def steps(html: str) -> list[dict[str, str]]:
    m = STORY.search(html)
    out = []
    for attrs, text in STEP.findall(m.group(1) if m else ""):
        step = {k: unescape(v or "") for k, v in ATTR.findall(attrs)}
        step["text"] = unescape(text)
        out.append(step)
    return out


def test_a_whole_game_is_told_step_by_step(web):  # noqa: F811
    banners: set[str] = set()
    casts = adversary = long_moves = 0
    for html, _state in play(web, "call_to_adventure", 3, {}):
        told = steps(html)
        parts = set(PART.findall(html))
        for step in told:
            touched = step.get("data-touch", "").split()
            assert set(touched) <= parts, f"{step['data-kind']}: {set(touched) - parts} not on the board"
            if "data-banner" in step:
                banners.add(step["data-kind"])
                if step["data-kind"] == "reveal":
                    assert re.fullmatch(r"Act I{1,3} revealed", step["data-banner"]), step["data-banner"]
            if step["data-kind"] == "cast":
                casts += 1
                faces = step["data-faces"].split()
                assert faces and all(in_its_sprite(face) for face in faces), faces
                assert step["data-need"].isdigit()
                assert any(t.startswith("cr-") for t in touched) and "chal" in touched
            if step["data-kind"] == "adversary" and ("adv-c" in touched or "adv-d" in touched):
                adversary += 1
        if len(told) >= 3:
            long_moves += 1
            bare = [s["data-kind"] for s in told if not s.get("data-touch")]
            assert len(bare) * 2 < len(told), f"{len(bare)} of {len(told)} steps touch nothing: {bare}"
    assert {"act", "reveal", "final"} <= banners, banners
    assert casts and adversary and long_moves


def test_cast_faces_are_drawings_of_the_sprite():
    event = {"kind": "cast", "data": {"faces": ["core1-0", "core3-1", "dark2-0", "str3-1", "wis1-1"], "need": 6}}
    faces = board.TOLD.faces(event)
    assert faces == ("rune-stone", "card-draw", "spiky-eclipse", "mighty-force", "circle")
    assert all(in_its_sprite(pictures.href("call_to_adventure", face)) for face in faces)
    assert board.TOLD.faces({"kind": "cast", "data": {}}) == ()
