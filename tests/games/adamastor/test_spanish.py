"""Issue #16 for Adamastor: the board in the pseudo-locale has no word outside a translation, and in Spanish it
speaks the Spanish rulebook's terms; the log, the actions and the end screen say themselves again in Spanish.

Boards are rendered from the template alone (tests/support/board_walk.py) over seeded bot games: both map lengths,
both bots, the start, the middle and the end (won and lost games both reached).
"""

from __future__ import annotations

import json

import pytest

from app.i18n import context
from app.i18n.render import localize_lines, say, translations
from app.shelf.moves import log_lines
from games.adamastor.table import MUTINY
from games.engine import Words
from games.registry import get_engine
from tests.support.board_walk import render, text_of, walk
from tests.support.i18n_check import untranslated

SLUG = "adamastor"
SHARED = ("Look closer at",)  # words of the app's shared partials (translated by the app helper, issue #16)


@pytest.fixture(scope="module")
def engine():
    return get_engine(SLUG)


def _own(words: list[str]) -> list[str]:
    return [w for w in words if not any(s in w for s in SHARED)]


def _games(engine, seeds, maps):
    for seed in seeds:
        for bot in ("heuristic", "random"):
            steps = list(walk(engine, seed, bot, {"maps": maps}))
            yield seed, bot, steps


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_every_board_state_is_translated_in_the_pseudo_locale(engine):
    ends = set()
    for maps in ("3", "4"):
        for seed, bot, steps in _games(engine, range(4), maps):
            picks = {0, 1, len(steps) // 2, len(steps) - 1} | set(range(0, len(steps), 9))
            for i in sorted(picks):
                state, tail = steps[i]
                left = _own(untranslated(render(engine, state, tail, locale="qps")))
                assert left == [], f"maps {maps} seed {seed} {bot} move {i}: {left[:5]}"
            ends.add(engine.status(steps[-1][0]).state)
    assert ends == {"won", "lost"}, f"the walk must reach both ends, got {ends}"


def test_the_spanish_board_speaks_the_rulebook_terms(engine):
    state, tail = next(iter(walk(engine, 3, "heuristic", {"maps": "3"})))
    text = text_of(render(engine, state, tail, locale="es"))
    for term in ("Fila de aventuras", "Tu mano", "Moral", "Experiencia", "Clima", "Pila de descartes",
                 "Eventos", "Malestar de la tripulación", "Brote de enfermedad", "Cansancio de los marineros",
                 "Motín a bordo", "Amanecer", "Atardecer", "Cuaderno de bitácora"):
        assert term in text, term
    for english in ("Adventure Row", "Your hand", "Sailing deck", "Ship's log", "Weather", "sun", "storm", "cloud"):
        assert english not in text.split(), english
    assert 'aria-label="Mazo de travesía: ' in render(engine, state, tail, locale="es")


def test_action_labels_and_prompts_say_themselves_in_spanish_with_the_same_ids(engine):
    steps = list(walk(engine, 5, "heuristic", {"maps": "3"}))
    seen = {}
    t = translations("es", SLUG)
    for state, _ in steps[:40]:
        for a in engine.legal_actions(state):
            seen.setdefault(a.id.split(":")[0], (a, say(a.label, t)))
    assert "swap" in seen and "draw" in seen and "navigate" in seen
    a, said = seen["draw"]
    assert a.label == "Draw a card" and said == "Robar una carta"
    a, said = seen["swap"]
    assert said.startswith("Intercambiar ") and "de la fila" in said and a.id.startswith("swap:h")
    assert say(engine.view(steps[2][0])["prompt"], t).startswith(("Fase de acciones", "Navegas", "Elige", "Descarta"))


def test_a_log_made_in_english_reads_in_spanish_and_old_string_lines_still_load(engine):
    state = engine.new_game(7, {"maps": "3"})
    state, events = engine.apply(state, engine.legal_actions(state)[0].id)
    lines = json.loads(json.dumps(log_lines(2, "action", "x", [e.to_json() for e in events])))  # as stored
    english = [line["text"] for line in lines]
    assert any(e.startswith("The ship sets sail") for e in english)
    with context.using("es", SLUG):
        spanish = [line["text"] for line in localize_lines(lines, translations("es", SLUG))]
    assert any(s.startswith("El barco zarpa") for s in spanish) and not set(spanish) & set(english)
    # The log kept inside the state is saved as Words JSON and said again after loading.
    saved = json.loads(json.dumps(engine.dump(state)))
    assert all(isinstance(x, dict) and "m" in x for x in saved["log"])
    again = engine.load(saved)
    assert [str(x) for x in again.log] == [str(x) for x in state.log]
    assert all(isinstance(x, Words) for x in again.log)
    # A save from before issue #16 (plain English lines) still loads and shows its lines as they were.
    old = engine.load({**saved, "log": ["The ship sets sail from p0.0."]})
    assert old.log == ["The ship sets sail from p0.0."]


def test_the_end_screen_and_reasons_read_in_spanish(engine):
    for seed in range(20):
        steps = list(walk(engine, seed, "random", {"maps": "4"}))
        state, tail = steps[-1]
        if state.reason == MUTINY or state.result == "lost":
            break
    else:
        pytest.skip("no lost game in these seeds")
    text = text_of(render(engine, state, tail, locale="es"))
    assert "El viaje ha fracasado: has perdido." in text
    assert "You lose" not in text and "demoralised" not in text and "Mutiny" not in text
    won = next(s for seed in range(20) for s in [list(walk(engine, seed, "heuristic", {"maps": "3"}))[-1]]
               if s[0].result == "won")
    text = text_of(render(engine, won[0], won[1], locale="es"))
    assert "¡Tierra a la vista, has ganado!" in text and "Fichas de experiencia restantes" in text
    assert "Encuentros completados" in text and "Puntuación" in text
