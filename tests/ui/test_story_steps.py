"""A move's story as the server writes it (app/ui/story.py): one step per log line, in order, with the dice a step
rolled and what they had to reach or stay under, the symbol dice it cast (drawn from the game's sprite), what it
touches and whether it begins a phase; and the <li> the answer carries for static/js/story.js."""

from __future__ import annotations

import re

from app.ui.story import Told, steps
from app.ui.templating import templates

TOLD = Told(touches=lambda event, before, after: tuple(event.get("data", {}).get("parts", ())),
            banners=frozenset({"act"}),
            faces=lambda event: tuple(f"rune-{face}" for face in event["data"]["faces"]))


def told(events):
    lines = [{"kind": e["kind"], "text": f"line {i}"} for i, e in enumerate(events)]
    return steps(lines, events, {}, {}, TOLD)


def test_each_line_is_a_step_with_its_roll_its_symbols_its_parts_and_its_banner():
    out = told([
        {"kind": "act", "data": {}},
        {"kind": "test", "data": {"dice": [5, 3], "mod": 1, "need": 9, "parts": ["card-7"]}},
        {"kind": "attack", "data": {"dice": [6, 2], "most": 7, "parts": ["ship-1", "hull"]}},
        {"kind": "cast", "data": {"faces": ["might", "blank", "might"], "need": 4}},
    ])
    assert [s.text for s in out] == ["line 0", "line 1", "line 2", "line 3"]
    assert out[0].banner == "line 0" and not out[1].banner
    assert (out[1].dice, out[1].mod, out[1].need, out[1].most, out[1].touches) == ((5, 3), 1, 9, None, ("card-7",))
    assert (out[2].dice, out[2].most, out[2].need, out[2].touches) == ((6, 2), 7, None, ("ship-1", "hull"))
    assert out[3].faces == ("rune-might", "rune-blank", "rune-might") and out[3].dice == ()


def test_a_step_without_symbol_dice_asks_the_game_for_no_faces():
    out = steps([{"kind": "x", "text": "a"}], [{"kind": "x", "data": {}}], {}, {}, TOLD)  # TOLD.faces would fail
    assert out[0].faces == ()


def test_the_answer_carries_each_step_for_the_browser():
    story = told([{"kind": "attack", "data": {"dice": [6, 2], "most": 7}},
                  {"kind": "cast", "data": {"faces": ["might"]}}])
    html = _story_only(story)
    assert 'data-dice="6 2" data-most="7"' in html
    assert re.search(r'data-faces="/assets/[0-9a-f]+/icons/platformer\.svg#gi-rune-might"', html)


def _story_only(story) -> str:
    """The story list as bar_swap writes it (the rest of the bar needs a whole session)."""
    source = templates.env.loader.get_source(templates.env, "partials/table_bar.html")[0]
    start = source.index('{% if fresh %}<ol id="story"')
    end = source.index("</ol>", start) + len("</ol>")
    part = templates.env.from_string(source[start:end] + "{% endif %}")
    return part.render(fresh=True, story=story, sv=type("Session", (), {"game": "platformer"}))
