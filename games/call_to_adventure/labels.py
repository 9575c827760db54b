"""Words for the buttons: what each action id does, in the player's terms (each a `Words`, said in the reader's
language by the web layer; the id never changes)."""

from __future__ import annotations

from typing import Any

from games.call_to_adventure.components import Components
from games.call_to_adventure.names import icon_name, kind_name
from games.call_to_adventure.state import State
from games.call_to_adventure.table import dark_cost, difficulty, final_parts, travel_cost
from games.engine import N_, Words, words


def _trait(comp: Components, card_id: str) -> Words:
    name = comp.story[card_id].name
    cost = sum(r.get("exp", 0) for r in comp.story[card_id].requires if "icon" not in r)
    if cost:
        return words("Gain the trait {card} (pay {n} experience)", card=name, n=cost)
    return words("Gain the trait {card}", card=name)


POWER_OPENING = "Once a turn, spend {n} experience. "
POWER_EFFECTS = (N_("Before you cast: +1 to this cast."), N_("During your turn: draw 1 Hero or Antihero card."),
                 N_("During your turn: the Adversary loses 1 experience."))
"""The effects of Motivation powers that no other card prints alone (the others are Hero and Antihero card texts),
so the catalog holds each one said on its own."""


def _power(card: str, text: str) -> Words:
    """"Use Love: Once a turn, spend 2 experience. During your turn: …", the card's own text, but said in two pieces
    (its opening and its effect) so a language that writes lower case after a colon can (issue #27)."""
    for n in (1, 2, 3):
        opening = POWER_OPENING.format(n=n)
        if text.startswith(opening):
            return words("Use {card}: Once a turn, spend {n} experience. {effect}", card=card, n=n,
                         effect=text[len(opening):])
    return words("Use {card}: {text}", card=card, text=text)


def difficulty_parts(comp: Components, s: State, d: dict[str, Any]) -> Words | None:
    """What a difficulty (table.difficulty) is made of, when more than its base: "6 + 1 marked path + 1 from The
    Mad Cultist". The button, the card in its row, its look closer and the challenge panel all say it, so they
    agree with the total the attempt uses (issue #24 §3)."""
    if "final" in d:
        parts: Any = _final_parts(d["final"])
    elif not (d["marked"] or d["adversaries"] or d["mods"]):
        return None
    else:
        parts = d["base"]
    if d["marked"]:
        parts = words("{parts} + {n} marked path", parts=parts, n=d["marked"])
    for card_id, n in d["adversaries"]:
        name = comp.story[card_id].name
        if card_id == s.boss:
            parts = words("{parts} + {n} from your Adversary, {card}", parts=parts, n=n, card=name)
        else:
            parts = words("{parts} + {n} from {card}", parts=parts, n=n, card=name)
    if d["mods"] > 0:
        parts = words("{parts} + {n} from the Adversary's revealed card", parts=parts, n=d["mods"])
    elif d["mods"] < 0:
        parts = words("{parts} − {n} from the Adversary's revealed card", parts=parts, n=-d["mods"])
    return parts if isinstance(parts, Words) else None  # a final confrontation at its printed difficulty


def final_difficulty_parts(comp: Components, s: State) -> Words | None:
    """What the final confrontation's difficulty is made of as it stands (the Adversary panel says it before the
    final), or None when it is the printed number alone."""
    parts = _final_parts(final_parts(comp, s))
    return parts if isinstance(parts, Words) else None


def _final_parts(f: dict[str, Any]) -> Any:
    """The final confrontation's difficulty before the attempt's own changes: "9 + 2 from the Quest + 1 from the
    Adversary's experience − 2 for your Arcane icons" (the printed number alone when nothing changes it)."""
    parts: Any = f["printed"]
    if f["extra"]:
        parts = words("{parts} + {n} from the Quest", parts=parts, n=f["extra"])
    if f["grown"]:
        parts = words("{parts} + {n} from the Adversary's experience", parts=parts, n=f["grown"])
    if f["eased"]:
        parts = words("{parts} − {n} for your {icon} icons", parts=parts, n=f["eased"], icon=icon_name(f["bane"]))
    return parts


def label(comp: Components, s: State, action_id: str) -> str:
    verb, _, arg = action_id.partition(":")
    if verb == "keep":
        c = comp.characters[arg]
        return words("Keep {card} as your {kind}", card=c.name, kind=kind_name(c.kind))
    if verb == "trait":
        return _trait(comp, arg)
    if verb == "challenge":
        card_id, _, path = arg.partition(":")
        card = comp.story[card_id]
        d = difficulty(comp, s, card_id, path, False)
        parts = difficulty_parts(comp, s, d)
        if parts is None:
            return words("Attempt {card} by the path {path} (difficulty {n})", card=card.name,
                         path=card.paths[path].name, n=d["total"])
        return words("Attempt {card} by the path {path} (difficulty {n} = {parts})", card=card.name,
                     path=card.paths[path].name, n=d["total"], parts=parts)
    if verb == "confront":
        return words("Face {name} in the final confrontation", name=comp.story[s.boss].name)
    if verb == "dark":
        return words("Add a dark rune ({n} experience)", n=dark_cost(comp, s))
    if verb == "accept":
        return words("Accept the result of the cast")
    if verb == "cast":
        return words("Cast the runes")
    if verb == "end_turn":
        return words("End your turn")
    if verb == "choose":
        return words("Draw an Antihero card") if arg == "antihero" else words("Draw a Hero card")
    if verb == "play":
        h = comp.heroes[arg]
        return words("Play {card} ({text})", card=h.name, text=h.raw["text"])
    if verb == "power":
        c = comp.characters[arg]
        return _power(c.name, c.raw["text"])
    if verb == "spend":
        return words("Spend {ally}", ally=comp.story[arg].name)
    if verb == "sacrifice":
        return words("Sacrifice {ally}", ally=comp.story[arg].name)
    if verb == "travel":
        return words("Travel: discard {card} ({n} experience)", card=comp.story[arg].name, n=travel_cost(comp, s))
    if verb == "refresh":
        return words("No valid option: discard {card} for free", card=comp.story[arg].name)
    if verb == "place":
        if s.place_queue:
            return words("Put {ally} under {card}", ally=comp.story[s.place_queue[0]].name, card=comp.story[arg].name)
        return words("Put the ally under {card}", card=comp.story[arg].name)
    return action_id
