"""Words for the buttons: what each action id does, in the player's terms."""

from __future__ import annotations

from games.call_to_adventure.components import Components
from games.call_to_adventure.state import State
from games.call_to_adventure.table import dark_cost, difficulty, travel_cost


def _trait_cost(comp: Components, card_id: str) -> str:
    cost = sum(r.get("exp", 0) for r in comp.story[card_id].requires if "icon" not in r)
    return f" (pay {cost} experience)" if cost else ""


def label(comp: Components, s: State, action_id: str) -> str:
    verb, _, arg = action_id.partition(":")
    if verb == "keep":
        c = comp.characters[arg]
        return f"Keep {c.name} as your {c.kind}"
    if verb == "trait":
        return f"Gain the trait {comp.story[arg].name}{_trait_cost(comp, arg)}"
    if verb == "challenge":
        card_id, _, path = arg.partition(":")
        card = comp.story[card_id]
        d = difficulty(comp, s, card_id, path, False)["total"]
        return f"Attempt {card.name} by the path {card.paths[path].name} (difficulty {d})"
    if verb == "confront":
        return f"Face {comp.story[s.boss].name} in the final confrontation"
    if verb == "dark":
        return f"Add a dark rune ({dark_cost(comp, s)} experience)"
    if verb == "accept":
        return "Accept the result of the cast"
    if verb == "cast":
        return "Cast the runes"
    if verb == "end_turn":
        return "End your turn"
    if verb == "choose":
        return "Draw an Antihero card" if arg == "antihero" else f"Draw a {arg.capitalize()} card"
    if verb == "play":
        h = comp.heroes[arg]
        return f"Play {h.name} ({h.raw['text']})"
    if verb == "power":
        c = comp.characters[arg]
        return f"Use {c.name}: {c.raw['text']}"
    if verb in ("spend", "sacrifice"):
        return f"{verb.capitalize()} {comp.story[arg].name}"
    if verb == "travel":
        return f"Travel: discard {comp.story[arg].name} ({travel_cost(comp, s)} experience)"
    if verb == "refresh":
        return f"No valid option: discard {comp.story[arg].name} for free"
    if verb == "place":
        ally = comp.story[s.place_queue[0]].name if s.place_queue else "the ally"
        return f"Put {ally} under {comp.story[arg].name}"
    return action_id
