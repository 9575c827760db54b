"""Issue #16 on Nemo's War's board: every word of the board goes through a catalog (the `qps` pseudo-locale
leaves no word unmarked), over seeded bot games with every option that changes the board, from the start to
the end (won, lost, tragic, imperial); and the Spanish board speaks the rulebook's terms."""

from __future__ import annotations

import pytest

from games.engine import Rng, text_json
from games.nemos_war import flow
from games.nemos_war import rules as r
from tests.games.nemos_war import kit
from tests.support.board_walk import render, text_of
from tests.support.i18n_check import untranslated

E = kit.ENGINE
C = E.components

# (seed, bot, options): every option value that changes what the board draws
GAMES = [
    (1, "heuristic", {"commitment": "choose"}),
    (2, "random", {"commitment": "roll", "clear": "on", "pressure": "on"}),
    (3, "heuristic", {"commitment": "war", "pursuit": "on", "deadly_frigates": "3", "deadly_ironclads": "2"}),
    (4, "random", {"commitment": "science", "historical": "on", "ending": "24b"}),
    (5, "heuristic", {"commitment": "anti", "historical": "on", "ending": "random"}),
    (6, "random", {"commitment": "explore", "deadly_frigates": "1"}),
]


def walk(seed: int, bot: str, options: dict):
    """(state, log tail) after every move, the tail as the app keeps it (the setup lines from the state's log)."""
    state, rng = E.new_game(seed, E.spec.normalize_options(options)), Rng.from_seed(seed)
    tail = [{"seq": 1, "kind": "setup", **text_json(r.log_line(x))} for x in state.log]
    yield state, tail
    for seq in range(2, 3000):
        if E.status(state).over:
            return
        state, events = E.apply(state, E.bots[bot].choose(E, state, E.legal_actions(state), rng))
        tail = (tail + [{"seq": seq, "kind": e.kind, **text_json(e.text)} for e in events])[-40:]
        yield state, tail


def ended(state, reason: str, boost: int = 0):
    """A copy of `state` ended by `reason` (the flow's own end), `boost` liberation points first (a won end)."""
    s = state.clone()
    s.liberation = min(C.liberation_max, s.liberation + boost)
    if boost:  # anti-imperialism (liberation x5, other ships x2) and three more ships sunk in every ocean: a win
        s.commitment = "anti"
        for ocean in s.register:
            for _ in range(3):
                if s.pool:
                    s.register[ocean].append(s.pool.pop())
    if reason == "tragic":
        s.res["crew"] = 0
    ev: list = []
    flow.end_game(C, s, ev, reason)
    return s, [{"seq": 99, "kind": e.kind, **text_json(e.text)} for e in ev]


def _sampled(seed, bot, options):
    steps = list(walk(seed, bot, options))
    picks = sorted({0, 1, 2, 3, len(steps) // 3, len(steps) // 2, 2 * len(steps) // 3, len(steps) - 1}
                   | set(range(4, len(steps), 17)))
    return steps, [steps[i] for i in picks]


@pytest.mark.parametrize("seed,bot,options", GAMES)
def test_every_word_of_the_board_is_translated(seed, bot, options):
    steps, picks = _sampled(seed, bot, options)
    kinds = set()
    for state, tail in picks:
        html = render(E, state, tail, locale="qps")
        kinds.add(state.top["kind"] if state.top else state.phase)
        assert untranslated(html) == [], (state.turn, state.top, untranslated(html)[:10])
    assert E.status(steps[-1][0]).over and len(kinds) >= 3, kinds


@pytest.mark.parametrize("reason,boost", [("week52", 19), ("tragic", 0), ("imperial", 0), ("ending", 0),
                                          ("deck", 0), ("last_ship", 0), ("week52", 0)])
def test_every_end_screen_is_translated(reason, boost):
    mid = list(walk(7, "heuristic", {"commitment": "war"}))[60][0]
    state, tail = ended(mid, reason, boost)
    html = render(E, state, tail, locale="qps")
    assert 'id="end-screen"' in html
    assert untranslated(html) == [], untranslated(html)[:10]
    if boost:
        assert E.status(state).state == "won"


def test_the_spanish_board_speaks_the_rulebooks_terms():
    state, tail = list(walk(3, "heuristic", {"commitment": "war"}))[40]
    text = text_of(render(E, state, tail, locale="es"))
    for term in ("Notoriedad", "Liberación", "Casco", "Tripulación", "Compromiso", "Calendario", "Tesoros",
                 "Barcos hundidos", "Descansar", "Reequipar", "Pila de Paso", "Pila de Fallo", "Ayuda de Emergencia",
                 "Profesor Aronnax", "Atlántico Norte", "Pacífico Occidental", "Océano Índico", "¡Guerra!"):
        assert term in text, term
    for english in ("Notoriety", "Liberation", "Hull", "Crew", "Commitment", "Your move", "Log book", "Sunk ships"):
        assert english not in text, english


def test_a_log_made_in_english_reads_in_spanish_and_old_plain_lines_still_load():
    state, _ = list(walk(2, "heuristic", {"commitment": "science"}))[12]
    assert all(isinstance(x, dict) for x in state.log)  # kept as words, not as English text
    data = E.dump(state)
    data["log"] = ["An old line, kept as plain text."] + data["log"]
    again = E.load(data)
    view = E.view(again)
    assert view["log"][0] == "An old line, kept as plain text."
    from app.i18n import context
    from app.i18n.render import localize_view

    with context.using("es", "nemos_war"):
        said = localize_view("nemos_war", view)["log"]
    assert said[0] == "An old line, kept as plain text."
    assert any(line.startswith("Semana ") and "tirada de Preparación" in line for line in said), said
    assert not any(line.startswith("Week ") for line in said)


def test_a_treasure_token_is_not_spoken_of_as_masculine():
    """"Renunciar a él" on la Perla Gigante and las Provisiones de a Bordo, and "O descártalo" in their texts (Nemo's
    War playtest): treasures are of every gender, so the words for any token speak of it as "la ficha"."""
    from app.i18n.render import say
    from games.engine import words

    with kit_spanish():
        said = [say(words("Give it up")), say(words("Incite with it"))]
        said += [say(words(t.raw["text"])) for t in kit.ENGINE.components.tokens.values() if t.kind == "or"]
    assert said[:2] == ["Renunciar a la ficha", "Incitar con la ficha"], said
    assert not [t for t in said if " él" in t or "descártalo" in t], said


def kit_spanish():
    from app.i18n import context

    return context.using(locale_="es", game_="nemos_war")
