"""Issue #15 for Adamastor: buttons that say what they do, the log as a chronicle, end screens that say why,
and a navigation hint that says what the points buy.

Games are walked by the bots over many seeds; the board is rendered from the template alone (no HTTP) so that
every state a bot reaches can be checked quickly.
"""

from __future__ import annotations

import re

import pytest

from games.adamastor import navigation as nav
from games.adamastor.actions import penalty
from games.registry import get_engine
from tests.support.board_walk import last, render, text_of
from tests.support.board_walk import walk as board_walk
from tests.support.label_words import bad_buttons, label_problem

SLUG = "adamastor"
SEEDS = range(12)


@pytest.fixture(scope="module")
def engine():
    return get_engine(SLUG)


def walk(engine, seed: int, bot: str):
    return board_walk(engine, seed, bot, {"maps": "3"})


def test_every_action_label_says_what_it_does(engine):
    seen: dict[str, str] = {}
    for seed in SEEDS:
        for bot in ("heuristic", "random"):
            for state, _ in walk(engine, seed, bot):
                if engine.status(state).over:
                    continue
                for a in engine.legal_actions(state):
                    problem = label_problem(a.label)
                    assert problem is None, f"seed {seed}: {a.id} is labelled {a.label!r}: {problem}"
                    seen.setdefault(a.id.split(":")[0] + ":" + a.id.split(":")[1] if ":" in a.id else a.id, a.label)
    for family in ("swap:h", "nav:add", "nav:move", "nav:stop", "draw", "navigate", "discard", "learn"):
        assert any(k.startswith(family) for k in seen), f"no state offered {family}: the walk is too short"
    swap = next(v for k, v in seen.items() if k.startswith("swap:"))
    assert re.fullmatch(r"Swap .+ \(\d+\) into the row for .+ \(\d+\)", swap), swap


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_every_button_on_the_board_says_what_it_does(engine):
    """The faces of the board's buttons (not only their aria-labels): never "#35", "Sail +0", "Learn", "Use"."""
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


def chronicle_of(html: str) -> list[tuple[str, list[str]]]:
    log = html[html.index('class="game-log chronicle"'):]
    log = log[:log.index("</section>")]
    turns = re.findall(r'<h3 class="chronicle-heading">(.*?)</h3>\s*<ol class="chronicle-entries">(.*?)</ol>',
                       log, re.S)
    return [(head, [text_of(e) for e in re.findall(r'<li class="chronicle-entry[^"]*">(.*?)</li>', body, re.S)])
            for head, body in turns]


def test_the_log_is_a_chronicle_under_week_headings(engine):
    """Oldest first, grouped under "Week N" headings that follow the turn track, each line once, no numbers."""
    states = list(walk(engine, 3, "heuristic"))
    for state, tail in states[5::7]:
        html = render(engine, state, tail)
        log = html[html.index('class="game-log chronicle"'):]
        log = log[:log.index("</section>")]
        assert 'aria-label="Game log"' in log and "log-lines" not in log and " value=" not in log
        turns = chronicle_of(html)
        entries = [e for _, es in turns for e in es]
        assert entries == [" ".join(line["text"].split()) for line in tail]
        heads = [h for h, _ in turns]
        weeks = [int(h.split()[1]) for h in heads if h.startswith("Week ")]
        assert weeks == list(range(weeks[0], weeks[0] + len(weeks))), heads
        assert weeks[-1] == engine.view(state)["turn"], "the last heading is the week on the turn track"
        assert all(h == "Week " + h.split()[-1] or h == "Setting sail" for h in heads), heads
    first = render(engine, *states[1])
    assert chronicle_of(first)[0][0] == "Setting sail"


def ended(engine, reason_prefix: str):
    for seed in range(200):
        state, tail = last(walk(engine, seed, "random"))
        if engine.status(state).reason.startswith(reason_prefix):
            return state, tail
    raise AssertionError(f"no game ends with {reason_prefix!r}")


@pytest.mark.parametrize("reason, words", [
    ("mutiny", "Mutiny on board: 3 or more icons of each threat (unrest, disease and fatigue) were in play"),
    ("demoralised", "The crew is demoralised"),
])
def test_the_end_screen_says_why_in_words(engine, reason, words):
    state, tail = ended(engine, reason)
    html = render(engine, state, tail)
    end = html[html.index('id="end-screen"'):]
    why = text_of(re.search(r'<p class="lead end-reason">(.*?)</p>', end, re.S).group(1))
    assert words in why, why
    assert why != engine.status(state).reason and not re.search(r"\(mutiny\)", text_of(html))


def test_a_won_voyage_says_it_reached_the_final_destination(engine):
    for seed in range(60):
        state, tail = last(walk(engine, seed, "heuristic"))
        if engine.status(state).state == "won":
            break
    html = render(engine, state, tail)
    assert "The ship entered a land space of the Final Destination" in text_of(html)


def navigating(engine, want):
    """The first navigation state (bots walking seeds) for which `want(points, costs)` holds."""
    for seed in range(80):
        for bot in ("heuristic", "random"):
            for state, _ in walk(engine, seed, bot):
                if state.nav is not None and state.pending is None:
                    costs = nav.move_costs(engine.components, state, penalty(engine.components, state))
                    if costs and want(state.nav["points"], costs):
                        return state, costs
    raise AssertionError("no such navigation state")


def hint_of(html: str) -> str:
    return text_of(re.search(r'<p class="hint nav-hint" id="nav-hint">(.*?)</p>', html, re.S).group(1))


def test_with_too_few_points_the_hint_says_why_nothing_is_reachable(engine):
    state, costs = navigating(engine, lambda pts, costs: pts < min(costs.values()))
    html = render(engine, state)
    hint, pts = hint_of(html), state.nav["points"]
    assert "click a highlighted space" not in text_of(html)
    assert f"You have {pts} point" in hint and "not enough to sail" in hint, hint
    assert f"The nearest space costs {min(costs.values())} point" in hint, hint
    assert 'class="act space' not in html, "a space is drawn as reachable"
    assert html.count("cost-badge too-dear") == len(costs), "each neighbouring space shows what it would cost"


def test_with_points_the_hint_counts_the_highlighted_spaces_and_their_costs(engine):
    state, costs = navigating(engine, lambda pts, costs: 0 < sum(c <= pts for c in costs.values()) < len(costs))
    html = render(engine, state)
    pts = state.nav["points"]
    reach = sorted(c for c in costs.values() if c <= pts)
    hint = hint_of(html)
    assert f"You have {pts} point" in hint and f"{len(reach)} space" in hint and "within reach" in hint, hint
    one = f"({reach[0]} point{'s' if reach[0] != 1 else ''})"
    assert (one if reach[0] == reach[-1] else f"({reach[0]} to {reach[-1]} points)") in hint, hint
    assert "Greyed costs are out of reach" in hint
    moves = re.findall(r'data-action="nav:move:([^"]+)"', html)
    assert sorted(moves) == sorted(s for s, c in costs.items() if c <= pts)
    for space in moves:
        label = re.search(rf'data-action="nav:move:{re.escape(space)}"[^>]*aria-label="([^"]+)"', html).group(1)
        assert label.endswith(f"for {costs[space]} Navigation Point{'s' if costs[space] != 1 else ''}"), label


def test_an_undo_in_the_log_names_no_action_id(engine):
    state, tail = list(walk(engine, 3, "heuristic"))[4]
    html = render(engine, state, [*tail, {"seq": 9, "kind": "undo", "text": "Undid nav:move:s0.1.2."}])
    entries = [e for _, es in chronicle_of(html) for e in es]
    assert entries[-1] == "You take back your last move." and "nav:move" not in text_of(html)
