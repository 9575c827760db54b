"""Issue #15 for Call to Adventure: buttons that say what they do, runes that show what they rolled, the log
as a chronicle under turn headings with correct grammar, and an end screen that says why the game was lost.

Games are walked by the bots over many seeds; the board is rendered from the template alone (no HTTP).
"""

from __future__ import annotations

import re

import pytest

from games.registry import get_engine
from tests.support.board_walk import last, render, text_of, walk
from tests.support.label_words import bad_buttons, label_problem

SLUG = "call_to_adventure"
SEEDS = range(12)


@pytest.fixture(scope="module")
def engine():
    return get_engine(SLUG)


def test_every_action_label_says_what_it_does(engine):
    families = set()
    for seed in SEEDS:
        for bot in ("heuristic", "random"):
            for state, _ in walk(engine, seed, bot):
                if engine.status(state).over:
                    continue
                for a in engine.legal_actions(state):
                    problem = label_problem(a.label)
                    assert problem is None, f"seed {seed}: {a.id} is labelled {a.label!r}: {problem}"
                    assert " a Antihero" not in a.label and " a Ally" not in a.label, a.label
                    families.add(a.id.split(":")[0])
    assert {"keep", "trait", "challenge", "cast", "accept", "end_turn", "choose"} <= families, families


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_every_button_on_the_board_says_what_it_does(engine):
    """The faces of the board's buttons, not only their aria-labels: never "Keep", "Attempt", "Play", "Spend"."""
    checked = 0
    for seed in range(6):
        for bot in ("heuristic", "random"):
            for i, (state, tail) in enumerate(walk(engine, seed, bot)):
                if i % 3:
                    continue
                html = render(engine, state, tail)
                assert bad_buttons(html) == [], f"seed {seed} {bot} move {i}"
                checked += 1
    assert checked > 100


def test_runes_say_their_faces_and_a_cast_says_what_each_rolled(engine):
    """A rune reads "Core rune: rolls 1 or 0", not "1 0"; a cast rune reads "Strength rune rolled 2"."""
    for state, _ in walk(engine, 1, "heuristic"):
        p = state.pending
        if p is not None and p.get("cast"):
            break
    else:
        raise AssertionError("the walk never cast runes")
    html = render(engine, state)
    # Each rune is an image named by its title (one copy of its words, said on hover and by a screen reader).
    runes = re.findall(r'<span class="rune rune-[^"]*" data-rune="([^"]+)"\s+role="img" title="([^"]+)">', html)
    assert len(runes) >= 24, "every rune of the tray says what it rolls"
    for _rid, said in runes:
        assert re.fullmatch(r"(Core|Dark|[A-Z][a-z]+) rune: rolls \d+( and [a-z0-9 ]+)? or \d+.*", said), said
        assert not re.fullmatch(r"[\d\s]+", said)
    cast = re.findall(r'class="cast-rune[^"]*" data-rune="([^"]+)" role="img" title="([^"]+)">', html)
    assert len(cast) == len(p["cast"]) > 0
    for (rid, said), c in zip(cast, p["cast"], strict=True):
        assert rid == c["rune"] and re.fullmatch(rf"(Core|Dark|[A-Z][a-z]+) rune rolled {c['value']}\b.*", said), said

def chronicle_of(html: str) -> list[tuple[str, list[str]]]:
    log = html[html.index('class="game-log chronicle"'):]
    log = log[:log.index("</section>")]
    turns = re.findall(r'<h3 class="chronicle-heading">(.*?)</h3>\s*<ol class="chronicle-entries">(.*?)</ol>',
                       log, re.S)
    return [(head, [text_of(e) for e in re.findall(r'<li class="chronicle-entry[^"]*">(.*?)</li>', body, re.S)])
            for head, body in turns]


def test_the_log_is_a_chronicle_under_turn_headings_in_good_english(engine):
    states = list(walk(engine, 2, "heuristic"))
    saw_antihero = saw_cast = False
    for state, tail in states[3::5]:
        html = render(engine, state, tail)
        log = html[html.index('class="game-log chronicle"'):]
        assert 'aria-label="Game log"' in log and " value=" not in log[:log.index("</section>")]
        turns = chronicle_of(html)
        entries = [e for _, es in turns for e in es]
        assert len(entries) == len(tail)
        for e in entries:
            assert " a Antihero" not in e, e
            assert not re.search(r"\b(core|dark|str|dex|con|int|wis|cha)[123]\b", e), e
            assert not re.search(r"\): \d+\.$", e), f"a number left dangling after its reason: {e}"
        saw_antihero |= any("an Antihero card" in e for e in entries)
        saw_cast |= any(re.search(r"You cast \d+ runes: .*rune \d", e) for e in entries)
        heads = [h for h, _ in turns]
        numbered = [int(h.split()[1]) for h in heads if h.startswith("Turn ")]
        assert heads and all(h in ("Setup", "The final confrontation") or h.startswith("Turn ") for h in heads), heads
        if not numbered:
            continue
        assert numbered == list(range(numbered[0], numbered[0] + len(numbered))), heads
        if not engine.view(state)["final"]:
            assert numbered[-1] == engine.view(state)["turn"], "the last heading is the turn on the turn bar"
    assert saw_cast
    assert chronicle_of(render(engine, *states[0]))[0][0] == "Setup"
    assert saw_antihero or not any("a Antihero" in line["text"] for _, tail in states for line in tail)


def test_an_adversary_beaten_with_too_little_destiny_says_why_the_game_is_lost(engine):
    """"Total 13 against 12: success" beside "you lost" must explain: the Destiny fell short of the target."""
    for seed in range(300):
        state, tail = last(walk(engine, seed, "heuristic"))
        if engine.status(state).state == "lost" and state.boss_defeated:
            break
    else:
        raise AssertionError("no game beats the Adversary and loses")
    html = render(engine, state, tail)
    end = text_of(html[html.index('id="end-screen"'):html.index('class="score-table"')])
    view = engine.view(state)
    assert "The Adversary prevails" not in end, end
    assert "The Adversary is defeated, but your Destiny falls short — you lost." in end, end
    assert f"({view['destiny']['total']} of {view['destiny']['target']})" in end, end
    assert "you win only if your Destiny then reaches the target of your Victory card" in end, end


def test_an_undo_in_the_log_names_no_action_id(engine):
    state, tail = list(walk(engine, 2, "heuristic"))[6]
    html = render(engine, state, [*tail, {"seq": 9, "kind": "undo", "text": "Undid challenge:S1-23:top."}])
    entries = [e for _, es in chronicle_of(html) for e in es]
    assert entries[-1] == "You take back your last move." and "challenge:S1-23" not in text_of(html)


def test_no_card_says_it_is_0_harder(engine):
    """Three Quests said "At the final confrontation it is 0 harder, and 1 easier for each..." (Call to Adventure
    playtest): a card says what changes, not what does not."""
    texts = [c.get("text", "") for c in engine.components.solo.values() if isinstance(c, dict)]
    assert any("easier for each" in t for t in texts)
    assert not [t for t in texts if re.search(r"\b0 (harder|easier)\b", t)]
