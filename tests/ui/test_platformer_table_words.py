"""Issue #15 on Platformer's board: every button says what it does on its face (dice by face, never "d0"), the log
is a chronicle (oldest first, under turn headings, each entry numbered once, no raw codes), the symbol in use names
its dice by face, and the end screen says why."""

from __future__ import annotations

import re

import pytest

from tests.games.platformer import kit
from tests.support.plain_words import chronicle, face_faults, log_faults
from tests.ui.test_platformer_pages import HX, Mirror, fresh_view, render, web  # noqa: F401 (web: a fixture)


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
@pytest.mark.parametrize("seed", [2, 5])
def test_every_button_face_says_what_it_does_and_the_log_reads_as_a_chronicle(web, seed):  # noqa: F811
    game = Mirror(web, seed)
    seen_turns: set[int] = set()
    for _ in range(120):
        html = game.html
        assert not face_faults(html), face_faults(html)
        log = chronicle(html)
        heads = [h for h, _ in log]
        assert len(heads) == len(set(heads)), f"a heading twice: {heads}"
        turns = [int(h.split()[1]) for h in heads if h.startswith("Turn ")]
        assert turns == sorted(turns), f"oldest first: {heads}"
        seen_turns.update(turns)
        for _, entries in log:
            for text in entries:
                assert not log_faults(text), (text, log_faults(text))
        log_html = html[html.index('class="game-log chronicle"'):]
        assert not re.search(r"<li[^>]*\svalue=", log_html[:log_html.index("</section>")]), "numbered by the list"
        if game.over():
            break
        before = game.state
        action = game.step()
        _, events = game.engine.apply(before, action)
        said = [e.text for e in events if e.kind != "turn"]
        after = chronicle(game.html)
        if said:
            assert after[-1][1][-1] == said[-1], "the newest entry is at the bottom"
    assert len(seen_turns) >= 2


def test_the_symbol_in_use_names_its_dice_by_face():
    eng, s = kit.position(hero="r1c1", dice=["move", "move", "sword", "gold", "star"])
    s, _ = kit.play(eng, s, "use:d0")
    html = render(eng.view(s), eng.legal_actions(s))
    box = html[html.index('class="pending use-box"'):]
    box = re.sub(r"<[^>]+>", " ", box[:box.index("</ul>")])
    assert "move die ×1" in " ".join(box.split())
    assert not re.search(r"\bd\d\b", box), "a die named by its position"
