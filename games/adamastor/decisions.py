"""Pending decisions: what the player may answer to `state.pending`, and what each answer does.

Kinds: discard (an effect, a cost or the Sunset hand limit), nav_pay, keep (draw 2 keep 1),
heal, learn (Events phase or an encounter), choice and flip (encounters), task, ignore.
"""

from __future__ import annotations

from games.adamastor import navigation as nav
from games.adamastor.components import Components
from games.adamastor.effects import pay_steps, task_of
from games.adamastor.state import State
from games.adamastor.table import card_name, hand_limit, say, skill_cost, title
from games.engine import Action, Event, IllegalAction


def learnable(comp: Components, s: State, limit: int | None) -> list[int]:
    """Skill cards in hand that can be learned now (`limit` None: cost ignored)."""
    return [c for c in s.hand if comp.sailing[c].skill and (limit is None or skill_cost(comp, s, c) <= limit)]


def learn_card(comp: Components, s: State, ev: list[Event], card: int) -> None:
    s.hand.remove(card)
    s.skills.append(card)
    say(s, ev, "learn", f"You learn the Skill of {title(comp, card)}.", card=card)
    if comp.sailing[card].skill == "reveal_maps":
        nav.reveal_all(comp, s, ev)


def _card_label(comp: Components, c: int) -> str:
    card = comp.sailing[c]
    return f"{card_name(comp, c)}, worth {card.nav} Navigation"


def pending_actions(comp: Components, s: State) -> list[Action]:
    p = s.pending
    kind = p["kind"]
    if kind == "discard":
        why = " for the hand limit" if p["why"] == "sunset" else ""
        return [Action(f"discard:{c}", f"Discard {_card_label(comp, c)}{why}", "hand") for c in s.hand]
    if kind == "nav_pay":
        return [
            Action(f"discard:{c}", f"Discard {_card_label(comp, c)} to pay for navigation", "hand")
            for c in s.hand
        ]
    if kind == "keep":
        return [
            Action(f"discard:{c}", f"Put {card_name(comp, c)} under the deck, keep the other", "hand")
            for c in p["cards"]
        ]
    if kind == "heal":
        return [Action(f"heal:{c}", f"Remove the Trauma {card_name(comp, c)}", "traumas") for c in s.traumas]
    if kind == "learn":
        acts = [
            Action(f"learn:{c}", f"Learn the Skill of {card_name(comp, c)}", "hand")
            for c in learnable(comp, s, p["max"])
        ]
        return [*acts, Action("learn:skip", "Learn no Skill", "panel")]
    if kind == "choice":
        return [Action(f"enc:{o['key']}", o.get("label") or o["key"], "encounter") for o in p["options"]]
    if kind == "flip":
        return [
            Action("enc:flip", f"Flip {comp.encounters[s.encounter['id']].title} over", "encounter"),
            Action("enc:decline", f"Leave {comp.encounters[s.encounter['id']].title} as it is", "encounter"),
        ]
    if kind == "task":
        acts = [
            Action(f"task:{i}", f"Complete the Task {comp.encounters[i].title}", "encounter")
            for i in p["ids"]
        ]
        return [*acts, Action("task:skip", "Complete no Task now", "encounter")]
    if kind == "ignore":
        return [Action(f"ignore:{t}", f"Ignore one {t} icon this week", "skills") for t in p["types"]]
    raise ValueError(f"unknown pending decision {kind!r}")


def _discard_answer(comp: Components, s: State, ev: list[Event], card: int) -> None:
    p = s.pending
    s.hand.remove(card)
    s.discard.append(card)
    say(s, ev, "discard", f"You discard {title(comp, card)}.", card=card)
    if p["kind"] == "nav_pay":
        left = p["n"] - comp.sailing[card].nav
        s.pending = {"kind": "nav_pay", "n": left} if left > 0 and s.hand else None
    elif p["why"] == "sunset":
        s.pending = p if len(s.hand) > hand_limit(comp, s) else None
    else:
        left = p["n"] - 1
        s.pending = {**p, "n": left} if left > 0 and s.hand else None


def _keep_answer(comp: Components, s: State, ev: list[Event], card: int) -> None:
    kept = [c for c in s.pending["cards"] if c != card][0]
    s.hand.remove(card)
    s.deck.append(card)
    s.pending = None
    say(s, ev, "draw", f"You keep {title(comp, kept)} and put the other card under the deck.")


def _option(s: State, key: str) -> dict:
    return next(o for o in s.pending["options"] if o["key"] == key)


def answer(comp: Components, s: State, ev: list[Event], verb: str, arg: str) -> None:
    """Apply an answer already known to be legal (its id is in `pending_actions`)."""
    kind = s.pending["kind"]
    if verb == "discard":
        (_keep_answer if kind == "keep" else _discard_answer)(comp, s, ev, int(arg))
    elif verb == "heal":
        card = int(arg)
        s.traumas.remove(card)
        s.removed.append(card)
        left = s.pending["n"] - 1
        s.pending = {"kind": "heal", "n": left} if left > 0 and s.traumas else None
        say(s, ev, "heal", f"Trauma {title(comp, card)} is removed from play.", card=card)
    elif verb == "learn":
        s.pending = None
        if arg == "skip":
            say(s, ev, "learn", "You learn no Skill.")
        else:
            learn_card(comp, s, ev, int(arg))
    elif verb == "enc" and kind == "choice":
        opt = _option(s, arg)
        s.pending = None
        say(s, ev, "encounter", f"You choose: {opt.get('label') or opt['key']}.")
        s.todo[:0] = [*pay_steps(opt.get("costs", [])), *opt.get("effects", [])]
    elif verb == "enc":
        _flip_answer(comp, s, ev, arg == "flip")
    elif verb == "task":
        s.pending = None
        if arg != "skip":
            entry = next(t for t in s.tasks if t[0] == arg)
            task = task_of(comp, entry)
            say(s, ev, "task", f"You work on the Task {comp.encounters[arg].title}.")
            s.todo[:0] = [
                *pay_steps(task["costs"]),
                *task["reward"],
                {"op": "_task_done", "id": arg},
                {"op": "_task_offer"},
            ]
    elif verb == "ignore":
        skill = s.pending["skill"]
        s.ignore_choices = {**s.ignore_choices, str(skill): arg}
        s.pending = None
        say(s, ev, "ignore", f"{title(comp, skill)} ignores one {arg} icon this turn.")
    else:
        raise IllegalAction(f"{verb}:{arg} does not answer this decision")


def _flip_answer(comp: Components, s: State, ev: list[Event], flip: bool) -> None:
    s.pending = None
    if not flip:
        say(s, ev, "encounter", "You leave the card as it is.")
        return
    card = comp.encounters[s.encounter["id"]]
    back = card.raw["back"]
    s.encounter = {**s.encounter, "side": "back"}
    say(s, ev, "encounter", f"You flip the card: {back.get('title') or card.title}.", True, id=card.id)
    s.todo[:0] = list(back["effects"])
