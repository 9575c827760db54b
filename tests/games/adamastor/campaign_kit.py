"""Helpers for the Campaign Mode tests: campaign states at a chosen point, voyage setups, finished games."""

from __future__ import annotations

from typing import Any

from games.adamastor.campaign_rules import carried
from games.adamastor.campaign_state import CState
from games.adamastor.engine import AdamastorEngine
from games.adamastor.state import State

ENGINE = AdamastorEngine()
CAMP = ENGINE.campaign


def prepared(card: str, **fields: Any) -> CState:
    """A campaign about to sail under `card` (its stage), with any fields overridden."""
    stage = CAMP.content.cards[card]["stage"]
    c = CState(seed=5, rng=77, stage=stage, offered=[card], chosen=card, voyage=min(stage, 3) + (stage == 4))
    c.history = [history_entry(i + 1) for i in range(c.voyage - 1)]
    for name, value in fields.items():
        setattr(c, name, value)
    return c


def history_entry(voyage: int, result: str = "won") -> dict:
    return {
        "voyage": voyage,
        "stage": min(voyage, 3),
        "card": {1: "B1", 2: "D1", 3: "G1"}[min(voyage, 3)],
        "result": result,
        "reason": "",
        "renown": 0,
        "encounters": 0,
        "experience": 0,
        "traumas": 0,
        "scars": 0,
        "gained": [],
        "removed": [],
    }


def voyage_game(c: CState, seed: int = 3) -> State:
    """The voyage's game as the app would start it from `next_game`."""
    sailing = c.clone()
    sailing.phase = "voyage"
    setup = CAMP.next_game(sailing)
    assert setup is not None
    return ENGINE.new_game(setup.seed if seed is None else seed, setup.options, setup.carried)


def setup_of(c: CState) -> dict:
    return carried(CAMP.content, c)


def finished(
    game: State,
    result: str,
    *,
    traumas: int = 0,
    encounters: int = 0,
    exp: int = 0,
    met: tuple[str, ...] = (),
    gained: tuple[str, ...] = (),
) -> State:
    """`game` ended with `result`, holding `traumas` Traumas, after meeting the encounter cards `met`."""
    g = game.clone()
    g.phase, g.result, g.reason = "over", result, "" if result == "won" else "mutiny"
    for _ in range(traumas - len(g.traumas)):
        card = next(n for n in g.deck if ENGINE.components.sailing[n].trauma)
        g.deck.remove(card)
        g.traumas.append(card)
    g.encounters_completed, g.experience = encounters, exp
    for e in met:
        g.enc_deck.remove(e)
        g.enc_used.append(e)
    g.campaign = {**g.campaign, "gained": list(gained)}
    return g


def sail_and_finish(c: CState, result: str, **kw: Any) -> tuple[CState, list]:
    c, _ = CAMP.apply(c, "sail")
    return CAMP.finish_game(c, finished(voyage_game(c), result, **kw))
