"""Issue #24 §3: a challenge's difficulty is said the same way on its button, on its card in the row, in its look
closer and in the challenge panel, as the total the attempt uses with its parts (the printed number, a marked
path, each adversary power in effect), before the player commits to it."""

from __future__ import annotations

from app.i18n import context as i18n_context
from app.ui.boards import find_look
from app.ui.templating import templates
from tests.games.call_to_adventure import kit
from tests.games.call_to_adventure.kit import by_name, do
from tests.support.board_walk import render, text_of

ENGINE = kit.ENGINE
AMBUSH = "Bandit Ambush"  # Act I, difficulty 5, bottom path marked


def _table(boss: str = "The Demon"):
    s = kit.start(boss=boss)
    s.revealed = [1, 2]
    kit.row(s, 2, ["The Mad Cultist", "The Bandit King", "The Sorceress", "Arena Games"])
    kit.row(s, 1, [AMBUSH, "River Crossing", "Harvest Festival", "Runaway Cart"])
    return s


def _label(s, action: str) -> str:
    return next(a.label for a in ENGINE.legal_actions(s) if a.id == action)


def _look_text(s, card_id: str) -> str:
    view = ENGINE.view(s)
    with i18n_context.using("en", "call_to_adventure"):
        html = templates.env.get_template("games/call_to_adventure/_look.html").render(
            look=find_look("call_to_adventure", view, card_id), v=view)
    return text_of(html)


def test_the_button_the_card_its_look_and_the_attempt_say_the_same_difficulty():
    s = _table()
    ambush = by_name(AMBUSH)
    said = "Difficulty 7 = 5 + 1 marked path + 1 from The Mad Cultist"
    action = f"challenge:{ambush}:bottom"
    assert _label(s, action).endswith("(difficulty 7 = 5 + 1 marked path + 1 from The Mad Cultist)")
    card = next(c for c in ENGINE.view(s)["rows"][0]["cards"] if c["id"] == ambush)
    assert card["paths"]["bottom"]["attempt"]["total"] == 7
    assert said in text_of(render(ENGINE, s)), "the card in its row"
    assert said in _look_text(s, ambush), "its look closer"
    s, _ = do(s, action)
    ch = ENGINE.view(s)["challenge"]
    assert ch["difficulty"] == 7 and ch["parts"] == said.split(" = ", 1)[1], "the attempt uses what was shown"
    html = render(ENGINE, s)
    assert said in text_of(html[html.index('class="challenge'):]), "the challenge panel"


def test_the_solo_adversarys_own_power_is_shown_before_the_attempt():
    s = _table(boss="The Dragon")
    kit.row(s, 2, ["The Bandit King", "The Sorceress", "Arena Games"])
    label = _label(s, f"challenge:{by_name('River Crossing')}:top")
    assert label.endswith("(difficulty 4 = 3 + 1 from your Adversary, The Dragon)"), label
    assert "Difficulty 4 = 3 + 1 from your Adversary, The Dragon" in text_of(render(ENGINE, s))


def test_a_path_at_its_printed_difficulty_says_only_the_number():
    s = kit.start()
    kit.row(s, 1, [AMBUSH, "River Crossing", "Harvest Festival", "Runaway Cart"])
    assert _label(s, f"challenge:{by_name(AMBUSH)}:top").endswith("(difficulty 5)")
    card = next(c for c in ENGINE.view(s)["rows"][0]["cards"] if c["id"] == by_name(AMBUSH))
    assert card["paths"]["top"]["attempt"] == {"total": 5, "parts": None, "adversaries": []}
