"""Every legal action of a position (CONTRACT.md, "Action ids"), and what each one does."""

from __future__ import annotations

from typing import Any

from games.call_to_adventure.components import Components
from games.call_to_adventure.effects import apply_effect, draw_card, feed, note, origin_trigger, reveal_owed
from games.call_to_adventure.labels import label
from games.call_to_adventure.names import kind_name
from games.call_to_adventure.resolve import accept, cast, end_turn, gain_trait, start_challenge
from games.call_to_adventure.setup import ally_targets, discard_from_row, place_ally, refill
from games.call_to_adventure.state import SLOTS, State
from games.call_to_adventure.table import (
    MAX_DARK,
    can_play_kind,
    dark_cost,
    face_up,
    free_rune,
    icons,
    level,
    meets,
    travel_cost,
)
from games.engine import Action, Event, IllegalAction, words


def phase(s: State) -> str:
    """What the game waits for; derived from the state, never stored."""
    if s.result:
        return "over"
    if s.dealt:
        return "keep"
    if s.choose:
        return "choose"
    if s.place_queue:
        return "place"
    if s.pending is not None:
        return "prepare" if s.pending["cast"] is None else "outcome"
    return "final" if s.final else "main"


def _timing_ok(ph: str, when: str) -> bool:
    if when == "before_cast":
        return ph == "prepare"
    if when == "after_cast":
        return ph == "outcome"
    return ph in ("main", "final", "prepare", "outcome")


def preview_pool(s: State) -> list[str]:
    """The pool once the stacked (not yet resolved) rune effects are in."""
    p = s.pending
    assert p is not None
    pool = list(p["pool"])
    for item in p["stack"]:
        for e in item["effects"]:
            if e["op"] == "rune":
                rid = free_rune(pool, e["ability"])
                if rid:
                    pool.append(rid)
    return pool


def effects_ok(s: State, effects: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> bool:
    """Whether playing these effects now would do something."""
    for e in effects:
        if e["op"] == "rune" and free_rune(preview_pool(s), e["ability"]) is None:
            return False
        if e["op"] == "reroll" and not any(c["value"] == 0 for c in s.pending["cast"]):  # type: ignore[index]
            return False
        if e["op"] == "free_travel" and (s.flags["travelled"] or s.flags["free_travel"] or s.pending or s.final):
            return False
    return True


def playable(comp: Components, s: State, hid: str) -> bool:
    h = comp.heroes[hid]
    return can_play_kind(comp, s, h.kind) and _timing_ok(phase(s), h.when) and effects_ok(s, h.effects)


def _uses(comp: Components, s: State) -> list[str]:
    """Hero/Antihero cards, the Motivation power and allies usable now."""
    out = [f"play:{h}" for h in s.hand if playable(comp, s, h)]
    ph = phase(s)
    mot = s.chars["motivation"]
    if mot and not s.flags["power_used"]:
        pw = comp.characters[mot].power or {}
        if s.exp >= pw["cost"] and _timing_ok(ph, pw["when"]) and effects_ok(s, pw["effects"]):
            out.append(f"power:{mot}")
    for ally in s.allies:
        card = comp.story[ally]
        if ally not in s.flags["spent"] and _timing_ok(ph, card.spend["when"]) and effects_ok(s, card.spend["effects"]):
            out.append(f"spend:{ally}")
        if _timing_ok(ph, card.sacrifice["when"]) and effects_ok(s, card.sacrifice["effects"]):
            out.append(f"sacrifice:{ally}")
    return out


def _main(comp: Components, s: State) -> list[str]:
    out: list[str] = []
    if s.final:
        if not s.flags["main_done"]:
            out.append("confront")
        return out + _uses(comp, s) + ["end_turn"]
    cards = face_up(comp, s)
    if not s.flags["main_done"]:
        have = icons(comp, s)
        for card in cards:
            if card.type == "trait" and all(meets(comp, s, r, have) for r in card.requires):
                out.append(f"trait:{card.id}")
            elif card.type in ("challenge", "adversary"):
                out += [f"challenge:{card.id}:{path}" for path in card.paths]
        if not out:
            out += [f"refresh:{c.id}" for c in cards]
    if not s.flags["travelled"] and not s.flags["no_travel"] and s.exp >= travel_cost(comp, s):
        out += [f"travel:{c.id}" for c in cards]
    return out + _uses(comp, s) + ["end_turn"]


def legal_ids(comp: Components, s: State) -> list[str]:
    """The ids of every legal action now (cheap: no labels)."""
    ph = phase(s)
    if ph == "over":
        return []
    if ph == "keep":
        kind = next(k for k in SLOTS if k in s.dealt)
        return [f"keep:{c}" for c in s.dealt[kind]]
    if ph == "choose":
        return [f"choose:{k}" for k, deck in (("hero", s.hero_deck), ("antihero", s.antihero_deck)) if deck]
    if ph == "place":
        return [f"place:{c}" for c in ally_targets(comp, s, s.place_queue[0])]
    if ph == "prepare":
        out = []
        if s.flags["dark_used"] < MAX_DARK and level(comp, s)["dark"] and s.exp >= dark_cost(comp, s):
            out.append("dark")
        return out + _uses(comp, s) + ["cast"]
    if ph == "outcome":
        return _uses(comp, s) + ["accept"]
    return _main(comp, s)


GROUPS = {"keep": "dealt", "trait": "row", "challenge": "row", "refresh": "row", "travel": "row", "place": "row",
          "play": "hand", "power": "tableau", "spend": "allies", "sacrifice": "allies", "dark": "runes",
          "cast": "runes", "accept": "runes", "confront": "adversary"}


def legal(comp: Components, s: State) -> list[Action]:
    return [Action(i, label(comp, s, i), GROUPS.get(i.partition(":")[0], "panel")) for i in legal_ids(comp, s)]


def perform(comp: Components, s: State, ev: list[Event], action_id: str) -> None:
    """Do one legal action (the caller has checked that it is legal) on a state it owns."""
    verb, _, arg = action_id.partition(":")
    if verb == "keep":
        kind = comp.characters[arg].kind
        s.removed += [c for c in s.dealt.pop(kind) if c != arg]
        s.chars[kind] = arg
        note(s, ev, "keep", words("You keep {card} as your {kind}.",
                                  card=comp.characters[arg].name, kind=kind_name(kind)), card=arg)
    elif verb == "choose":
        s.choose -= 1
        draw_card(comp, s, ev, arg)
    elif verb == "place":
        place_ally(comp, s, ev, arg)
    elif verb == "trait":
        gain_trait(comp, s, ev, arg)
    elif verb == "challenge":
        card, _, path = arg.partition(":")
        start_challenge(comp, s, ev, card, path, final=False)
    elif verb == "confront":
        start_challenge(comp, s, ev, s.boss, "top", final=True)
    elif verb == "dark":
        _dark(comp, s, ev)
    elif verb == "cast":
        cast(comp, s, ev)
    elif verb == "accept":
        accept(comp, s, ev)
    elif verb in ("play", "power", "spend", "sacrifice"):
        _use(comp, s, ev, verb, arg)
    elif verb == "travel":
        _travel(comp, s, ev, arg)
    elif verb == "refresh":
        discard_from_row(comp, s, ev, arg)
        note(s, ev, "refresh", words("No valid option: {card} is discarded for free.", card=comp.story[arg].name),
             card=arg, act=comp.story[arg].act)
        refill(comp, s, ev, comp.story[arg].act)
    elif verb == "end_turn":
        end_turn(comp, s, ev)
    else:
        raise IllegalAction(words("unknown action {action}", action=repr(action_id)))
    if s.choose and not s.hero_deck and not s.antihero_deck:
        s.choose = 0
    reveal_owed(comp, s, ev)


def _dark(comp: Components, s: State, ev: list[Event]) -> None:
    p = s.pending
    assert p is not None
    cost = dark_cost(comp, s)
    s.exp -= cost
    s.flags["dark_used"] += 1
    p["dark"] += 1
    p["pool"].append(f"dark{p['dark']}")
    note(s, ev, "dark", words("You spend {n} experience for a dark rune.", n=cost))


def _use(comp: Components, s: State, ev: list[Event], verb: str, arg: str) -> None:
    if verb == "play":
        s.hand.remove(arg)
        s.played.append(arg)
        card = comp.heroes[arg]
        name, effects = card.name, list(card.effects)
    elif verb == "power":
        pw = comp.characters[arg].power or {}
        s.exp -= pw["cost"]
        s.flags["power_used"] = True
        name, effects = comp.characters[arg].name, pw["effects"]
    else:
        ally = comp.story[arg]
        if verb == "spend":
            s.flags["spent"].append(arg)
            effects = ally.spend["effects"]  # type: ignore[index]
        else:
            s.allies.remove(arg)
            s.discards[str(ally.act)].append(arg)
            effects = ally.sacrifice["effects"]  # type: ignore[index]
        name = ally.name
    if s.pending is not None and s.pending["cast"] is None:
        s.pending["stack"].append({"source": verb, "id": arg, "effects": effects})
        note(s, ev, "stack", words("{card} waits to resolve when you cast (last played, first resolved).", card=name),
             card=arg)
        return
    note(s, ev, "use", words("{card} takes effect.", card=name), card=arg)
    for e in effects:
        apply_effect(comp, s, ev, e)


def _travel(comp: Components, s: State, ev: list[Event], card: str) -> None:
    cost = travel_cost(comp, s)
    s.exp -= cost
    s.flags["travelled"] = True
    act = comp.story[card].act
    discard_from_row(comp, s, ev, card)
    note(s, ev, "travel", words("You travel ({n} experience): {card} is discarded.",
                                n=cost, card=comp.story[card].name), card=card, act=act)
    refill(comp, s, ev, act)
    origin_trigger(comp, s, ev, "travel")
    feed(comp, s, ev, "travel")
