"""Platformer's moves told step by step (issue #25 §1-2), read in the answers of a seeded bot game (seed 6: it
reaches the boss level and beats the boss): every step's touched components are drawn in that same answer
(`data-part`), the steps of the end of a turn (gravity, the new turn's Event, the roll of the five action dice and
of the enemy die, the enemies moving, the boss's turn) touch the component each concerns, a new turn, a level
revealed and the boss fight begin with a banner, and the symbol dice are shown by their faces' drawings (present
in the game's sprite)."""

from __future__ import annotations

import re
from collections import Counter
from html import unescape

from tests.support.sprites import in_its_sprite
from tests.ui.test_words_pages import play, web  # noqa: F401  (the `web` fixture)

STORY = re.compile(r'<ol id="story"[^>]*>(.*?)</ol>', re.S)
STEP = re.compile(r"<li ([^>]*)>(.*?)</li>", re.S)
ATTR = re.compile(r'([\w-]+)(?:="([^"]*)")?')
PART = re.compile(r'data-part="([^"]+)"')


def story(html: str) -> list[dict[str, str]]:
    found = STORY.search(html)
    steps = []
    for attrs, text in STEP.findall(found.group(1) if found else ""):
        step = {k: unescape(v or "") for k, v in ATTR.findall(attrs)}
        step["text"] = unescape(text)
        steps.append(step)
    return steps


def test_a_played_game_is_told_step_by_step(web):  # noqa: F811
    banners: Counter = Counter()
    long_moves = touched_long = 0
    rolls = enemy_dice = moved_told = 0
    for html, _state in play(web, "platformer", 6, {}):
        steps = story(html)
        parts = set(PART.findall(html))
        for step in steps:
            for part in step.get("data-touch", "").split():
                assert part in parts, f"{step['data-kind']} touches {part!r}, not on this board"
            if "data-banner" in step:
                banners[step["data-kind"]] += 1
            faces = step.get("data-faces", "").split()
            assert all(in_its_sprite(f) for f in faces), faces
            if step["data-kind"] == "roll":
                rolls += 1
                assert len(faces) == len(step.get("data-touch", "").split()) - 1 >= 4, step
            if step["data-kind"] == "enemy_die":
                enemy_dice += 1
                assert len(faces) == 1 and "d-en" in step["data-touch"].split()
            if step["data-kind"] == "enemies_move":
                n = int(re.search(r"\((\d+) moved\)", step["text"]).group(1))
                if n:
                    moved_told += 1
                    assert len([p for p in step["data-touch"].split() if p.startswith("e-")]) == n, step
        if len(steps) >= 3:
            long_moves += 1
            with_touch = sum(1 for s in steps if s.get("data-touch"))
            touched_long += with_touch >= len(steps) * 0.6
            assert with_touch >= len(steps) / 2, [(s["data-kind"], s.get("data-touch")) for s in steps]
    assert rolls >= 5 and enemy_dice >= 5 and moved_told >= 3
    assert long_moves >= 5 and touched_long >= long_moves * 0.8
    for kind in ("turn", "reveal", "boss_level", "boss_turn", "over"):
        assert banners[kind] >= 1, f"no banner for {kind}: {banners}"
