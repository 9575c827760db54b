"""Encounters: starting one, resolving its effects one by one, Task cards, and paying costs.

Effects waiting to be resolved sit in `state.todo` (copies of the card's effect dicts plus a few
internal steps whose op starts with "_"). `run_op` resolves one; an effect that needs the player
sets `state.pending` and the rest waits for the answer (see decisions.py).
"""

from __future__ import annotations

from games.adamastor import navigation as nav
from games.adamastor.components import Components
from games.adamastor.state import State
from games.adamastor.table import (
    discard_lowest,
    gain_morale,
    gain_or_discard,
    lose_morale,
    refill_row,
    say,
    take_top,
    title,
)
from games.adamastor.voyage_rules import mod, record_campaign_effect
from games.engine import Event, words, words_n


def encounter_gain(s: State, slot: int) -> int:
    """Morale and experience for an encounter: 1, 2, 3 by encounters already resolved on that card."""
    return min(s.enc_counts[slot] + 1, 3)


def start_encounter(comp: Components, s: State, ev: list[Event], space: str) -> None:
    slot = nav.slot_of(space)
    cell = nav.cell_at(comp, s, space)
    section = "land" if cell.kind == "island" else "sea"
    gain = encounter_gain(s, slot)
    text = (words("A land encounter! You gain {n} Morale and {n} Experience.", n=gain) if section == "land"
            else words("A sea encounter! You gain {n} Morale and {n} Experience.", n=gain))
    say(s, ev, "encounter", text, space=space)
    gain_morale(s, ev, gain)
    s.experience += gain + mod(s, "enc_exp")
    if not s.enc_deck:
        say(s, ev, "encounter", words("The Encounter deck is empty: nothing more happens here."))
        s.encounter = {"id": "", "section": section, "side": "front", "cell": space}
        s.todo = [{"op": "_end_encounter"}]
        return
    card_id = s.enc_deck.pop()
    card = comp.encounters[card_id]
    s.encounter = {"id": card_id, "section": section, "side": "front", "cell": space}
    say(s, ev, "encounter", words("Encounter drawn: {card}.", card=card.title), True, id=card_id, section=section)
    body = card.section(section)
    main = list(body["effects"]) if "effects" in body else [{"op": "_become_task"}]
    s.todo = [{"op": "_task_offer"}, *main, {"op": "_task_offer"}, {"op": "_end_encounter"}]


def end_encounter(comp: Components, s: State, ev: list[Event]) -> None:
    enc = s.encounter
    slot = nav.slot_of(enc["cell"])
    s.marked = sorted({*s.marked, enc["cell"]})
    s.enc_counts[slot] += 1
    s.encounters_completed += 1
    if enc["id"] and not any(t[0] == enc["id"] for t in s.tasks):
        s.enc_used.append(enc["id"])
    s.encounter = None
    say(s, ev, "encounter", words("The encounter space is marked ({n} completed so far).",
                                  n=s.encounters_completed), space=enc["cell"])


def can_pay(comp: Components, s: State, costs: list[dict]) -> bool:
    need = {"exp": 0, "cards": 0, "morale": 0, "nav": 0}
    for cost in costs:
        need[cost["pay"]] += cost["n"]
    hand_nav = sum(comp.sailing[c].nav for c in s.hand)
    return (
        s.experience >= need["exp"]
        and len(s.deck) >= need["morale"]
        and len(s.hand) >= need["cards"]
        and hand_nav >= need["nav"]
    )


def pay_steps(costs: list[dict]) -> list[dict]:
    """Costs as todo steps; navigation costs first so that card costs cannot make them unpayable."""
    ordered = sorted(costs, key=lambda c: c["pay"] != "nav")
    return [{"op": "_pay", "pay": c["pay"], "n": c["n"]} for c in ordered]


def task_of(comp: Components, entry: list[str]) -> dict:
    return comp.encounters[entry[0]].section(entry[1])["task"]


def eligible_tasks(comp: Components, s: State) -> list[str]:
    here = s.encounter["section"] if s.encounter else None
    out = []
    for entry in s.tasks:
        task = task_of(comp, entry)
        if entry[0] == (s.encounter or {}).get("id"):
            continue  # a Task card is completed at a later encounter, not the one that brought it
        if task["where"] in ("any", here) and can_pay(comp, s, task["costs"]):
            out.append(entry[0])
    return out


def _pay(comp: Components, s: State, ev: list[Event], op: dict) -> None:
    kind, n = op["pay"], op["n"]
    if kind == "exp":
        s.experience = max(0, s.experience - n)
        say(s, ev, "pay", words("You pay {n} Experience.", n=n))
    elif kind == "morale":
        lose_morale(comp, s, ev, n)
    elif kind == "cards" and s.hand:
        s.pending = {"kind": "discard", "n": n, "why": "cost"}
    elif kind == "nav" and s.hand:
        s.pending = {"kind": "nav_pay", "n": n}


def _test(comp: Components, s: State, ev: list[Event], op: dict) -> None:
    if not s.deck:
        say(s, ev, "test", words("Test: the Sailing deck is empty, so the test fails."))
        s.todo[:0] = list(op["failure"])
        return
    card = s.deck.pop(0)
    s.discard.append(card)
    ok = check(comp, card, op["check"])
    say(
        s,
        ev,
        "test",
        (words("Test: you reveal {card} and discard it (−1 Morale): success.", card=title(comp, card)) if ok
         else words("Test: you reveal {card} and discard it (−1 Morale): failure.", card=title(comp, card))),
        True,
        card=card,
        success=ok,
    )
    s.todo[:0] = list(op["success"] if ok else op["failure"])


def check(comp: Components, number: int, chk: dict) -> bool:
    card = comp.sailing[number]
    ((key, val),) = chk.items()
    if key == "weather":
        return card.weather == val
    if key == "nav_at_least":
        return card.nav >= val
    if key == "motivation":
        return card.motivation > 0
    if key == "kind":
        return (card.skill is not None) == (val == "skill")
    return card.threat(val) == 0  # no_threat


def _simple(comp: Components, s: State, ev: list[Event], op: dict) -> bool:
    """Effects that need no decision; False if `op` is not one of them."""
    name, n = op["op"], op.get("n", 0)
    if name == "morale":
        (gain_morale(s, ev, n) if n > 0 else lose_morale(comp, s, ev, -n))
    elif name == "exp":
        s.experience = max(0, s.experience + n)
        say(s, ev, "exp", words("Experience {change} (now {n}).", change=f"{'+' if n > 0 else '−'}{abs(n)}",
                                     n=s.experience))
    elif name == "draw":
        for _ in range(n):
            card = take_top(comp, s, ev, words("You draw"))
            if card is None:
                return True
            s.hand.append(card)
    elif name == "actions":
        s.actions_left += n
        say(s, ev, "actions", words_n("You gain {n} action this turn.", "You gain {n} actions this turn.", n))
    elif name == "nav_bonus":
        s.nav_bonus += n
        say(s, ev, "nav", words("Your next Navigate action this turn gets +{n} points.", n=n))
    elif name == "trauma":
        if not s.deck:
            say(s, ev, "trauma", words("The Sailing deck is empty: no card to take."))
        else:
            card = s.deck.pop(0)
            say(s, ev, "draw", words("You take the top card: {card}.", card=title(comp, card)), True, card=card)
            gain_or_discard(comp, s, ev, card)
    elif name == "reveal_map":
        nav.reveal_next(comp, s, ev)
    elif name == "row_lowest":
        discard_lowest(comp, s, ev, words("Encounter"))
        refill_row(comp, s, ev, words("The row is refilled"))
    elif name == "test":
        _test(comp, s, ev, op)
    elif name == "campaign":
        record_campaign_effect(s, ev, op["effect"])
    else:
        return False
    return True


def run_op(comp: Components, s: State, ev: list[Event], op: dict) -> None:
    """Resolve one step of `state.todo` (already removed from it)."""
    if _simple(comp, s, ev, op):
        return
    name = op["op"]
    if name == "discard" and s.hand:
        s.pending = {"kind": "discard", "n": op["n"], "why": "effect"}
    elif name == "heal" and s.traumas:
        s.pending = {"kind": "heal", "n": op["n"]}
    elif name == "learn" and any(comp.sailing[c].skill for c in s.hand):
        s.pending = {"kind": "learn", "max": None}
    elif name == "choice":
        keys = [o["key"] for o in op["options"] if can_pay(comp, s, o.get("costs", []))]
        if keys:
            s.pending = {"kind": "choice", "options": [o for o in op["options"] if o["key"] in keys]}
        else:
            say(s, ev, "encounter", words("You cannot pay for any option: the choice passes."))
    elif name == "flip":
        s.pending = {"kind": "flip"}
    elif name == "_pay":
        _pay(comp, s, ev, op)
    elif name == "_task_offer":
        ids = eligible_tasks(comp, s)
        if ids:
            s.pending = {"kind": "task", "ids": ids}
    elif name == "_task_done":
        s.tasks = [t for t in s.tasks if t[0] != op["id"]]
        s.enc_used.append(op["id"])
        say(s, ev, "task", words("Task completed: {card} leaves play.", card=comp.encounters[op["id"]].title),
            id=op["id"])
    elif name == "_become_task":
        s.tasks.append([s.encounter["id"], s.encounter["section"]])
        say(s, ev, "task", words("{card} stays in play as a Task.", card=comp.encounters[s.encounter["id"]].title),
            id=s.encounter["id"])
    elif name == "_end_encounter":
        end_encounter(comp, s, ev)
    elif name in ("discard", "heal", "learn"):
        nothing = {"discard": words("Nothing to discard: this effect passes."),
                   "heal": words("Nothing to heal: this effect passes."),
                   "learn": words("Nothing to learn: this effect passes.")}
        say(s, ev, "encounter", nothing[name])
    else:
        raise ValueError(f"unknown effect op {name!r}")
