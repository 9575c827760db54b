"""Issue #16 for Call to Adventure: every word of the board goes through a catalog (the `qps` pseudo-locale marks
each one), the Spanish board uses the rulebook's terms, and a log or an end made in English reads in Spanish."""

from __future__ import annotations

import json
import re

import pytest

from app.i18n import context
from app.i18n.catalogs import translations
from app.i18n.render import localize_lines, say, text_keys, translate_view
from games.call_to_adventure.engine import CallToAdventureEngine
from games.engine import Words
from tests.support.board_walk import last, render, text_of, walk
from tests.support.i18n_check import untranslated

ENGINE = CallToAdventureEngine()
OPTIONS = [{}, {"deal": "first", "allies": "without", "victory": "V1"}, {"victory": "V5"}]


def _states(seed: int, options: dict):
    steps = list(walk(ENGINE, seed, "heuristic", options))
    return [steps[0], steps[1], steps[len(steps) // 3], steps[len(steps) // 2], steps[-1]], steps[-1]


@pytest.fixture(scope="module")
def ends():
    """The last state of several seeded games: at least one won and one lost among them."""
    found = {}
    for seed in range(1, 60):
        state, tail = last(walk(ENGINE, seed, "heuristic"))
        found.setdefault(ENGINE.status(state).state, (seed, state, tail))
        if {"won", "lost"} <= set(found):
            return found
    raise AssertionError(f"no won and lost ends among the seeds: {sorted(found)}")


@pytest.mark.parametrize("seed, options", [(3, OPTIONS[0]), (5, OPTIONS[1]), (8, OPTIONS[2])])
def test_every_word_of_the_board_is_translated(seed, options):
    picked, _ = _states(seed, options)
    for state, tail in picked:
        assert untranslated(render(ENGINE, state, tail, locale="qps")) == [], ENGINE.view(state)["phase"]


def test_won_and_lost_ends_are_translated(ends):
    for outcome in ("won", "lost"):
        _, state, tail = ends[outcome]
        html = render(ENGINE, state, tail, locale="qps")
        assert 'id="end-screen"' in html
        assert untranslated(html) == [], outcome


def test_a_challenge_being_cast_is_translated():
    for state, tail in walk(ENGINE, 4, "heuristic"):
        if state.pending is not None and state.pending["cast"] is not None:
            assert untranslated(render(ENGINE, state, tail, locale="qps")) == []
            return
    raise AssertionError("no cast in the game")


def test_the_spanish_board_speaks_the_rulebooks_terms(ends):
    _, state, tail = ends["won"]
    text = text_of(render(ENGINE, state, tail, locale="es"))
    for term in ("Destino", "Triunfo", "Tragedia", "Runas", "Pista de Corrupción", "Experiencia", "Acto III",
                 "Cartas de Héroe y Antihéroe", "El Adversario", "has ganado"):
        assert term in text, term
    for english in ("Destiny", "Triumph", "Tragedy", "Corruption track", "Your move", "you won"):
        assert english not in text, english
    mid = list(walk(ENGINE, 3, "heuristic"))[12]
    text = text_of(render(ENGINE, *mid, locale="es"))
    assert "runa" in text.lower() and "desafío" in text.lower()


def test_action_labels_prompts_and_scores_are_words_with_stable_ids():
    state = ENGINE.new_game(3, {})
    actions = ENGINE.legal_actions(state)
    assert actions and all(isinstance(a.label, Words) for a in actions)
    with context.using("es", "call_to_adventure"):
        keep = say(actions[0].label)
        assert keep.startswith("Quedarte ") and "como tu Origen" in keep, keep
        assert say(ENGINE.view(state)["prompt"]) == "Elige la carta de Origen que te quedas."
        lines = [say(x.label) for x in ENGINE.status(state).breakdown]
        assert "Triunfo impreso" in lines and "Pista de Corrupción" in lines
    assert actions[0].id.startswith("keep:")


def test_a_log_made_in_english_reads_in_spanish_after_a_switch():
    state, tail = list(walk(ENGINE, 2, "heuristic"))[30]
    stored = json.loads(json.dumps(tail))  # as the app keeps it
    english = [line["text"] for line in stored]
    t = translations("es", "call_to_adventure")
    spanish = [line["text"] for line in localize_lines(stored, t)]
    assert spanish != english
    assert any(s.startswith("Lanzas ") and "runa central" in s for s in spanish), spanish
    assert not any("You " in s for s in spanish), spanish


def test_the_saved_log_and_end_reason_are_said_again_after_a_reload(ends):
    _, state, _ = ends["lost"]
    back = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))
    assert back.log == state.log and isinstance(back.log[-1], Words) and isinstance(back.reason, Words)
    view = translate_view(ENGINE.view(back), translations("es", "call_to_adventure"), text_keys("call_to_adventure"))
    assert view["log"][-1] != str(state.log[-1]) and "perdido" in " ".join(view["log"]).lower()
    status = ENGINE.status(back)
    with context.using("es", "call_to_adventure"):
        assert say(status.reason) != str(status.reason)


def test_a_save_keeps_log_words_and_an_older_save_with_plain_log_lines_still_loads():
    data = json.loads(json.dumps(ENGINE.dump(ENGINE.new_game(3, {}))))
    assert isinstance(data["log"][0], dict) and data["log"][0]["m"].startswith("A new tale begins.")
    data["log"] = ["A new tale begins. Your Adversary: The Demon."]
    data["reason"] = ""
    back = ENGINE.load(data)
    assert back.log == ["A new tale begins. Your Adversary: The Demon."]
    assert ENGINE.view(back)["log"] == back.log


def test_the_spanish_log_numbers_acts_as_the_board_does_and_quotes_names():
    """Issue #27: "Acto II" in the log as on the board (never "Acto 2"); card and path names inside a sentence are
    quoted «…», as titles ("Te quedas con «Pilluelo» como tu Origen", "por el camino «Detenerlo»")."""
    t = translations("es", "call_to_adventure")
    said = set()
    for _state, tail in walk(ENGINE, 2, "heuristic"):
        said.update(line["text"] for line in localize_lines(json.loads(json.dumps(tail)), t))
    assert "El Acto I de tu historia está completo." in said
    assert not [s for s in said if re.search(r"\bActo \d", s)]
    assert any(s.startswith("Te quedas con «") and "» como tu Origen." in s for s in said), sorted(said)[:20]
    assert any(re.match(r"Intentas «[^»]+» por el camino «[^»]+»\.$", s) for s in said)
