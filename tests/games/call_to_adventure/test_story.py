"""Issue #25: a cast of the runes says what it showed. The cast event carries the faces thrown (one id per rune
cast, '<rune>-<side>', in casting order), the difficulty it had to reach (`need`) and the total as the attempt
counts it (`total`, with `mod` when cards added to it); the result carries the figures it compared; the cards a
move draws, reveals, keeps, places or plays are named in their events' data. Only data is added: the rules, the
log's words and the draws are unchanged (the rest of this directory's tests pin them)."""

from __future__ import annotations

import re

import pytest

from games.call_to_adventure.engine import CallToAdventureEngine
from games.engine import Rng

ENGINE = CallToAdventureEngine()
FACE = re.compile(r"^([a-z]+[123])-([01])$")


def played(seed: int, bot: str = "heuristic"):
    """Each (action, events) of a whole game the bot plays."""
    state, rng = ENGINE.new_game(seed, ENGINE.spec.normalize_options(None)), Rng.from_seed(seed)
    for _ in range(1500):
        if ENGINE.status(state).over:
            return
        action = ENGINE.bots[bot].choose(ENGINE, state, ENGINE.legal_actions(state), rng)
        before = state
        state, events = ENGINE.apply(state, action)
        yield before, action, events, state
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [3, 101, 106])
def test_every_cast_names_its_faces_the_difficulty_and_the_total(seed):
    comp = ENGINE.components
    casts = results = 0
    for _before, action, events, after in played(seed):
        for e in events:
            if e.kind == "cast":
                casts += 1
                faces = e.data["faces"]
                assert faces and all(FACE.match(f) for f in faces), faces
                values = [comp.runes[FACE.match(f)[1]].faces[int(FACE.match(f)[2])].value for f in faces]
                assert isinstance(e.data["need"], int) and e.data["need"] >= 0
                if action == "cast":  # the whole pool (with runes cards added), in its order, as the log says
                    assert [FACE.match(f)[1] for f in faces] == after.pending["pool"]
                    assert re.search(rf"= {sum(values)}\.$", e.text), (e.text, faces)
                    assert e.data["total"] == sum(values) + e.data.get("mod", 0)
            if e.kind == "result":
                results += 1
                total, need = e.data["total"], e.data["need"]
                assert f"{total} against {need}" in e.text
                assert e.text.endswith("success.") == (total >= need), e.text
    assert casts and results


@pytest.mark.parametrize("seed", [3, 101])
def test_the_cast_figures_are_those_the_challenge_panel_shows(seed):
    """Right after a cast, the event's need and total are the challenge's difficulty and total as the view says them
    (unless a card the Adversary revealed afterwards in the same cast changed them)."""
    seen = 0
    for _, action, events, after in played(seed):
        if action != "cast" or any(e.kind == "adversary" and e.data.get("card") for e in events):
            continue
        cast = next(e for e in events if e.kind == "cast")
        ch = ENGINE.view(after)["challenge"]
        assert (cast.data["need"], cast.data["total"]) == (ch["difficulty"], ch["total"])
        seen += 1
    assert seen


def test_the_cards_a_move_concerns_are_named_in_its_events():
    kinds: dict[str, int] = {}
    for _, _action, events, _after in played(3):
        for e in events:
            if e.kind in ("keep", "trait", "challenge", "place", "result", "draw", "reveal", "use", "stack"):
                if e.kind == "draw" and "empty" in e.text or e.kind == "reveal" and "row is revealed" in e.text:
                    continue
                assert e.data.get("card"), (e.kind, e.text)
                kinds[e.kind] = kinds.get(e.kind, 0) + 1
            if e.kind == "act":
                assert e.data.get("slot") in ("origin", "motivation", "destiny") and e.data.get("act") in (1, 2, 3)
    assert {"keep", "challenge", "place", "result", "draw", "reveal"} <= set(kinds), kinds
