"""Everything a Spanish player reads of seeded games: each log line, button label, board text and ending.

`corpus(game)` plays a few seeded games with the heuristic and random bots over the options that change what is
said, and says every event, every offered action, every string of the board view and the ending in Spanish,
through the same code a page uses (app/i18n/render.py). The grammar checks of tests/i18n/test_spanish_grammar.py
read it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from app.i18n.catalogs import translations
from app.i18n.render import localize_status, say, text_keys, translate_view
from games.engine import Rng
from games.registry import get_engine

# The options that change what a game says (a hero, a boss, a victory, an adversary...): a game for each.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "adamastor": [{"maps": "3"}, {"maps": "4"}],
    "nemos_war": [{"commitment": "choose"}, {"commitment": "war"}, {"commitment": "science", "pursuit": "on"}],
    "platformer": [{"hero": h, "boss": b} for h, b in (("angelo", "medusa"), ("kira", "ikee"), ("brann", "medusa"),
                                                       ("melosa", "ikee"), ("avys", "medusa"), ("etern", "ikee"))],
    "call_to_adventure": [{}, {"victory": "V3"}, {"deal": "first", "allies": "without"}],
}
SEEDS = (1, 2)
MAX_MOVES = 2500


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


@lru_cache(maxsize=8)
def corpus(game: str) -> dict[str, frozenset[str]]:
    """{"log": lines, "label": button labels, "view": board strings, "ending": reasons and score lines}."""
    engine = get_engine(game)
    t, keys = translations("es", game), text_keys(game)
    said: dict[str, set[str]] = {"log": set(), "label": set(), "view": set(), "ending": set()}
    for options in OPTIONS[game]:
        for seed in SEEDS:
            for bot in ("heuristic", "random"):
                state = engine.new_game(seed, engine.spec.normalize_options(options))
                rng = Rng.from_seed(seed)
                for _ in range(MAX_MOVES):
                    said["view"].update(_strings(translate_view(engine.view(state), t, keys)))
                    status = engine.status(state)
                    if status.over:
                        ending = localize_status(status, t)
                        said["ending"].add(str(ending.reason))
                        said["ending"].update(f"{line.label}: {line.detail}" for line in ending.breakdown)
                        break
                    actions = engine.legal_actions(state)
                    said["label"].update(say(a.label, t) for a in actions)
                    state, events = engine.apply(state, engine.bots[bot].choose(engine, state, actions, rng))
                    said["log"].update(say(e.text, t) for e in events)
    return {kind: frozenset(lines) for kind, lines in said.items()}
