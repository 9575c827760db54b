"""Things that happen to the hero: experience, the corruption marker, Hero/Antihero draws, rewards, the
Adversary's experience and its revealed cards, and the effects of played cards and powers."""

from __future__ import annotations

from typing import Any

from games.call_to_adventure.components import Components
from games.call_to_adventure.names import listing, rune_name
from games.call_to_adventure.state import State
from games.call_to_adventure.table import cast_data, free_rune, supply
from games.engine import Event, Rng, Words, words


def note(s: State, ev: list[Event], kind: str, text: str, reveals: bool = False, **data: Any) -> None:
    s.say(text)
    ev.append(Event(kind, text, reveals, data))


def gain_exp(s: State, ev: list[Event], n: int, why: str | Words) -> None:
    n = min(n, supply(s))
    if n > 0:
        s.exp += n
        note(s, ev, "exp", words("You gain {n} experience ({why}).", n=n, why=why), exp=s.exp)


def adv_gain(comp: Components, s: State, ev: list[Event], n: int, why: str | Words) -> None:
    """The Adversary's experience moves by n (never below 0); reaching its goal wins it the game."""
    if not s.boss or s.result:
        return
    before = s.adv_exp
    s.adv_exp = max(0, s.adv_exp + n)
    if s.adv_exp == before:
        return
    name = comp.story[s.boss].name
    moved = abs(s.adv_exp - before)
    if n > 0:
        said = words("{name} gains {n} experience ({why}); it now has {total}.", name=name, n=moved, why=why,
                     total=s.adv_exp)
    else:
        said = words("{name} loses {n} experience ({why}); it now has {total}.", name=name, n=moved, why=why,
                     total=s.adv_exp)
    note(s, ev, "adversary", said, adv=s.adv_exp)
    goal = comp.solo[s.victory]["goal"]
    if s.adv_exp >= goal:
        s.result, s.reason = "lost", words("{name} reached {goal} experience and triumphed", name=name, goal=goal)
        note(s, ev, "lost", words("{name} has gathered its strength: you have lost.", name=name))


def feed(comp: Components, s: State, ev: list[Event], trigger: str, times: int = 1) -> None:
    """The solo Adversary's quest card: it grows each time its trigger happens."""
    if s.quest and times > 0:
        quest = comp.solo[s.quest]
        if quest["feeds"]["trigger"] == trigger:
            adv_gain(comp, s, ev, quest["feeds"]["n"] * times, words(quest["name"]))


def origin_trigger(comp: Components, s: State, ev: list[Event], trigger: str) -> None:
    cid = s.chars["origin"]
    if cid and (comp.characters[cid].power or {}).get("trigger") == trigger:
        gain_exp(s, ev, 1, words(comp.characters[cid].name))


def draw_card(comp: Components, s: State, ev: list[Event], kind: str) -> None:
    deck = s.hero_deck if kind == "hero" else s.antihero_deck
    if not deck:
        note(s, ev, "draw", words("The Hero deck is empty: nothing to draw.") if kind == "hero"
             else words("The Antihero deck is empty: nothing to draw."), deck=kind)
        return
    card = deck.pop()
    s.hand.append(card)
    name = comp.heroes[card].name
    said = words("You draw a Hero card: {card}.", card=name) if kind == "hero" else \
        words("You draw an Antihero card: {card}.", card=name)
    note(s, ev, "draw", said, reveals=True, card=card, deck=kind)


def move_marker(comp: Components, s: State, ev: list[Event], steps: int) -> None:
    new = min(len(comp.levels), max(1, s.level + steps))
    if new != s.level:
        s.level = new
        note(s, ev, "corruption", words("Your corruption marker moves to {name} (level {level}).",
                                           name=comp.levels[new - 1]["name"], level=new), level=new)


def gain_virtue(comp: Components, s: State, ev: list[Event], n: int) -> None:
    for _ in range(n):
        move_marker(comp, s, ev, -1)
        draw_card(comp, s, ev, "hero")
        origin_trigger(comp, s, ev, "virtue")


def gain_corruption(comp: Components, s: State, ev: list[Event], n: int) -> None:
    for _ in range(n):
        move_marker(comp, s, ev, +1)
        draw_card(comp, s, ev, "antihero")
        origin_trigger(comp, s, ev, "corruption")
        feed(comp, s, ev, "corruption")


def take_reward(comp: Components, s: State, ev: list[Event], reward: dict[str, Any]) -> None:
    if reward.get("exp"):
        gain_exp(s, ev, reward["exp"], words("a reward"))
    gain_virtue(comp, s, ev, reward.get("virtue", 0))
    gain_corruption(comp, s, ev, reward.get("corruption", 0))
    for _ in range(reward.get("hero", 0)):
        draw_card(comp, s, ev, "hero")
    for _ in range(reward.get("antihero", 0)):
        draw_card(comp, s, ev, "antihero")


def apply_effect(comp: Components, s: State, ev: list[Event], e: dict[str, Any]) -> None:
    """One EFFECT of a played card, a Motivation power or an ally (CONTRACT.md)."""
    op, n, p = e["op"], e.get("n", 0), s.pending
    if op == "add" and p is not None:
        p["bonus"] += n
        note(s, ev, "effect", words("+{n} to the cast.", n=n))
    elif op == "rune" and p is not None:
        rid = free_rune(p["pool"], e["ability"])
        if rid:
            p["pool"].append(rid)
            note(s, ev, "effect", words("The {rune} joins the cast.", rune=rune_name(rid)))
    elif op == "reroll" and p is not None and p["cast"] is not None:
        recast(comp, s, ev, [c["rune"] for c in p["cast"] if c["value"] == 0])
    elif op == "exp":
        gain_exp(s, ev, n, words("a card"))
    elif op == "virtue":
        gain_virtue(comp, s, ev, n)
    elif op == "corruption":
        gain_corruption(comp, s, ev, n)
    elif op == "adv_exp":
        adv_gain(comp, s, ev, n, words("a card"))
    elif op == "free_travel":
        s.flags["free_travel"] = True
        note(s, ev, "effect", words("Your travel this turn is free."))
    elif op == "draw":
        s.choose += n


def cast_rune(comp: Components, s: State, ev: list[Event], rng: Rng, rid: str) -> dict[str, Any]:
    """Cast one rune: its face, and what the face does besides its value."""
    side = rng.below(2)
    face = comp.runes[rid].faces[side]
    if face.corruption:
        move_marker(comp, s, ev, face.corruption)
    if face.draw:
        s.choose += 1
        feed(comp, s, ev, "draw")
    if face.bonus == "exp":
        gain_exp(s, ev, 1, words("the special {rune}", rune=rune_name(rid)))
    elif face.bonus == "adv":
        adv_gain(comp, s, ev, -1, words("the special {rune}", rune=rune_name(rid)))
    elif face.bonus == "virtue":
        gain_virtue(comp, s, ev, 1)
    elif face.bonus == "draw":
        s.choose += 1
    return {"rune": rid, "face": side, "value": face.value, "draw": face.draw, "bonus": face.bonus}


def recast(comp: Components, s: State, ev: list[Event], rune_ids: list[str]) -> None:
    p = s.pending
    assert p is not None and p["cast"] is not None
    if not rune_ids:
        note(s, ev, "effect", words("No rune shows 0: nothing to cast again."))
        return
    rng = Rng(s.rng)
    faces = {r: cast_rune(comp, s, ev, rng, r) for r in rune_ids}
    s.rng = rng.state
    p["cast"] = [faces.get(c["rune"], c) for c in p["cast"]]
    shown = listing([words("{rune} {value}", rune=rune_name(r), value=f["value"]) for r, f in faces.items()])
    note(s, ev, "cast", words("Cast again: {runes}.", runes=shown), reveals=True,
         **cast_data(comp, s, list(faces.values())))
    p["owed"] += sum(1 for f in faces.values() if f["draw"])


def reveal_owed(comp: Components, s: State, ev: list[Event]) -> None:
    """Solo: once the draws a cast's draw symbols gave are made, the Adversary reveals a card for each symbol (the
    Rise of the Adversary: "you draw your Hero or Antihero card as usual, then reveal"; RULINGS.md)."""
    p = s.pending
    if p is None or not p["owed"] or s.choose:
        return
    owed, p["owed"] = p["owed"], 0
    for _ in range(owed):
        reveal_adversary_card(comp, s, ev)


def reveal_adversary_card(comp: Components, s: State, ev: list[Event]) -> None:
    """Solo: the draw symbol reveals the Adversary's top card, applied at once (discarded at end of turn)."""
    if not s.boss:
        return
    if not s.adv_deck and s.adv_discard:
        rng = Rng(s.rng)
        s.adv_deck, s.adv_discard = list(s.adv_discard), []
        rng.shuffle(s.adv_deck)
        s.rng = rng.state
        note(s, ev, "adversary", words("The Adversary's deck is shuffled anew."), reveals=True, effect="shuffle")
    if not s.adv_deck:
        return
    card = s.adv_deck.pop()
    s.adv_revealed.append(card)
    hc = comp.heroes[card]
    note(s, ev, "adversary", words("The Adversary reveals {card}.", card=hc.name), reveals=True, card=card)
    for a in hc.adversary:
        adversary_effect(comp, s, ev, a)


def adversary_effect(comp: Components, s: State, ev: list[Event], a: dict[str, Any]) -> None:
    op, n, p = a["op"], a.get("n", 0), s.pending
    if op == "adv_exp":
        adv_gain(comp, s, ev, n, words("its card"))
    elif op == "difficulty" and p is not None:
        p["mods"] += n
        note(s, ev, "adversary", words("This challenge is {n} harder.", n=n), effect=op)
    elif op == "total" and p is not None:
        p["bonus"] += n
        note(s, ev, "adversary", words("{n} to your total.", n=n), effect=op)
    elif op == "steal_exp":
        lost = min(n, s.exp)
        s.exp -= lost
        if lost:  # nothing to lose, nothing said (the Adversary still gains, as its card says)
            note(s, ev, "adversary", words("You lose {n} experience.", n=lost), effect=op)
        adv_gain(comp, s, ev, n, words("it took your experience"))
    elif op == "lose_ally":
        if s.allies:
            ally = s.allies.pop()
            s.discards[str(comp.story[ally].act)].append(ally)
            note(s, ev, "adversary", words("{ally} betrays you and leaves.", ally=comp.story[ally].name), effect=op)
        else:
            adv_gain(comp, s, ev, 2, words("no ally to betray you"))
    elif op == "no_travel":
        s.flags["no_travel"] = True
        note(s, ev, "adversary", words("You cannot travel this turn."), effect=op)
