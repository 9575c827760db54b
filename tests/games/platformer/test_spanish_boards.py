"""Issue #16 on Platformer's board: bot games drawn in the `qps` pseudo-locale leave no word untranslated, at the
start, in the middle and at the end (won and lost), for every hero, both bosses, both maps and the Artifacts
variant; the Spanish board uses the rulebook's words; the rules' words are kept as Words, so a log written in
English reads in Spanish, and saves made before (plain English strings) still load and show."""

from __future__ import annotations

import pytest

from app.i18n import context as i18n_context
from app.i18n.render import localize_view, say
from app.shelf.moves import log_lines
from games.engine import Rng, Words
from games.platformer.engine import PlatformerEngine
from games.platformer.table import restored
from tests.support.board_walk import render, text_of
from tests.support.i18n_check import untranslated

ENG = PlatformerEngine()
HEROES = sorted(ENG.components.heroes)
# (seed, bot, options): every hero, both bosses, both maps and both settings of the Artifacts variant.
GAMES = [(seed, ("heuristic", "random")[seed % 2],
          {"hero": hero, "boss": ("medusa", "ikee")[seed % 2], "map": ("normal", "big")[seed // 3 % 2],
           "artifacts": ("off", "on")[seed // 2 % 2]})
         for seed, hero in enumerate(HEROES)]


def walk(seed: int, bot: str, options: dict):
    """(state, log tail as the app keeps it) after every move of a bot's game, the start included."""
    state, rng = ENG.new_game(seed, ENG.spec.normalize_options(options)), Rng.from_seed(seed * 7 + 1)
    tail: list[dict] = []
    yield state, tail
    for seq in range(2, 3000):
        if ENG.status(state).over:
            return
        state, events = ENG.apply(state, ENG.bots[bot].choose(ENG, state, ENG.legal_actions(state), rng))
        tail = (tail + log_lines(seq, "action", "x", [e.to_json() for e in events]))[-40:]
        yield state, tail


def sampled(steps, every: int = 9):
    """The start, every `every`-th state, and the end of a walk."""
    last = None
    for i, step in enumerate(steps):
        last = step
        if i % every == 0:
            yield step
    if last is not None:
        yield last


def first_ending(outcome: str, options: dict | None = None):
    """The end of the first heuristic game that ends with `outcome` (the bot wins some and loses some)."""
    for seed in range(60):
        *_, (state, tail) = walk(seed, "heuristic", options or {})
        if ENG.status(state).state == outcome:
            return state, tail
    raise AssertionError(f"no seed gives a {outcome} game")


@pytest.mark.parametrize("seed, bot, options", GAMES, ids=[f"{g[2]['hero']}-{g[2]['boss']}-{g[2]['map']}-"
                                                           f"{g[2]['artifacts']}" for g in GAMES])
def test_every_word_of_a_bot_game_is_translated(seed, bot, options):
    bad: dict[str, int] = {}
    seen = 0
    for state, tail in sampled(walk(seed, bot, options)):
        seen += 1
        for word in untranslated(render(ENG, state, tail, locale="qps")):
            bad.setdefault(word, ENG.status(state).state)
    assert seen >= 3
    assert not bad, sorted(bad)[:20]


@pytest.mark.parametrize("outcome", ["won", "lost"])
def test_the_end_screens_are_translated(outcome):
    state, tail = first_ending(outcome)
    html = render(ENG, state, tail, locale="qps")
    assert 'id="end-screen"' in html
    assert untranslated(html) == []


def test_the_spanish_board_speaks_the_rulebook_words():
    state = ENG.new_game(4, {"hero": "melosa", "boss": "medusa"})
    state, _ = ENG.apply(state, "use:d0")
    state, _ = ENG.apply(state, next(a.id for a in ENG.legal_actions(state) if a.id.startswith("respawn:")))
    state["dice"] = [{"face": f, "used": False} for f in ("move", "move", "sword", "gold", "hand")]
    html = text_of(render(ENG, state, locale="es"))
    for term in ("Reserva de Dados", "Gemas", "Jefe", "Forjar", "dado especial", "Dado de Enemigo", "Salud",
                 "Gravedad", "Melosa", "Medusa"):
        assert term in html, term
    for english in ("Dice pool", "Special die", "Forge two equal symbols", "Your move", "Adventure log"):
        assert english not in html, english


def test_action_labels_are_spanish_and_their_ids_do_not_change():
    state = ENG.new_game(4, {"hero": "melosa"})
    actions = ENG.legal_actions(state)
    with i18n_context.using("es", "platformer"):
        labels = {a.id: say(a.label) for a in actions}
    assert set(labels) == {a.id for a in actions}
    assert any(label.startswith("Reaparecer con el dado de") or label.startswith("Reaparecer con un dado de")
               for label in labels.values()), labels
    assert all(label != a.label for a, label in zip(actions, labels.values(), strict=True))


def test_a_game_logged_in_english_reads_in_spanish():
    *_, (state, tail) = walk(1, "heuristic", {"hero": "angelo"})
    english = text_of(render(ENG, state, tail, locale="en"))
    spanish = text_of(render(ENG, state, tail, locale="es"))
    assert "Rolled:" in english and "Turn " in english
    assert "Tirada:" in spanish and "Turno " in spanish and "Rolled:" not in spanish
    # the state's own log and reason are Words too, said again in Spanish from their stored JSON
    view = ENG.view(state)
    assert all(isinstance(line, Words) for line in view["log"]) and isinstance(view["reason"], Words)
    with i18n_context.using("es"):
        said = localize_view("platformer", view)
    assert said["reason"] != view["reason"] and said["prompt"] != view["prompt"]


def test_a_save_made_before_words_loads_and_shows():
    state = ENG.new_game(2, {})
    again = ENG.load(ENG.dump(state))  # a save of today keeps its lines as Words
    assert isinstance(ENG.view(again)["log"][-1], Words) and ENG.view(again)["log"] == ENG.view(state)["log"]
    old = ENG.dump(state)
    old["log"] = [str(restored(x)) for x in old["log"]]  # an older save kept plain English lines
    loaded = ENG.load(old)
    assert loaded["log"] == old["log"]
    assert ENG.view(loaded)["log"][-1] == old["log"][-1]
    lost, _ = first_ending("lost")
    before = ENG.dump(lost)
    before["reason"] = str(restored(before["reason"]))
    back = ENG.load(before)
    assert ENG.status(back).reason == before["reason"] and ENG.view(back)["prompt"].endswith(before["reason"])
    assert "You lost" in render(ENG, back, locale="en")
