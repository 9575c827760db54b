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
from games.engine import Action, Event, IllegalAction, words, words_n


def learnable(comp: Components, s: State, limit: int | None) -> list[int]:
    """Skill cards in hand that can be learned now (`limit` None: cost ignored)."""
    return [c for c in s.hand if comp.sailing[c].skill and (limit is None or skill_cost(comp, s, c) <= limit)]


def learn_card(comp: Components, s: State, ev: list[Event], card: int) -> None:
    s.hand.remove(card)
    s.skills.append(card)
    say(s, ev, "learn", words("You learn the Skill of {card}.", card=title(comp, card)), card=card)
    if comp.sailing[card].skill == "reveal_maps":
        nav.reveal_all(comp, s, ev)


def _card_label(comp: Components, c: int) -> str:
    # The English says it the same for any count; Spanish needs "1 punto" / "2 puntos" (issue #27).
    return words_n("{card}, worth {n} Navigation", "{card}, worth {n} Navigation", comp.sailing[c].nav,
                   card=card_name(comp, c))


def pending_actions(comp: Components, s: State) -> list[Action]:
    p = s.pending
    kind = p["kind"]
    if kind == "discard":
        if p["why"] == "sunset":
            return [Action(f"discard:{c}", words("Discard {card} for the hand limit", card=_card_label(comp, c)),
                           "hand") for c in s.hand]
        return [Action(f"discard:{c}", words("Discard {card}", card=_card_label(comp, c)), "hand") for c in s.hand]
    if kind == "nav_pay":
        return [
            Action(f"discard:{c}", words("Discard {card} to pay for navigation", card=_card_label(comp, c)), "hand")
            for c in s.hand
        ]
    if kind == "keep":
        return [
            Action(f"discard:{c}", words("Put {card} under the deck, keep the other", card=card_name(comp, c)), "hand")
            for c in p["cards"]
        ]
    if kind == "heal":
        return [Action(f"heal:{c}", words("Remove the Trauma {card}", card=card_name(comp, c)), "traumas")
                for c in s.traumas]
    if kind == "learn":
        acts = [
            Action(f"learn:{c}", words("Learn the Skill of {card}", card=card_name(comp, c)), "hand")
            for c in learnable(comp, s, p["max"])
        ]
        return [*acts, Action("learn:skip", words("Learn no Skill"), "panel")]
    if kind == "choice":
        return [Action(f"enc:{o['key']}", o.get("label") or o["key"], "encounter") for o in p["options"]]
    if kind == "flip":
        name = comp.encounters[s.encounter["id"]].title
        return [
            Action("enc:flip", words("Flip {card} over", card=name), "encounter"),
            Action("enc:decline", words("Leave {card} as it is", card=name), "encounter"),
        ]
    if kind == "task":
        acts = [
            Action(f"task:{i}", words("Complete the Task {card}", card=comp.encounters[i].title), "encounter")
            for i in p["ids"]
        ]
        return [*acts, Action("task:skip", words("Complete no Task now"), "encounter")]
    if kind == "ignore":
        return [Action(f"ignore:{t}", words("Ignore one {kind} icon this week", kind=t), "skills") for t in p["types"]]
    raise ValueError(f"unknown pending decision {kind!r}")


def _discard_answer(comp: Components, s: State, ev: list[Event], card: int) -> None:
    p = s.pending
    s.hand.remove(card)
    s.discard.append(card)
    say(s, ev, "discard", words("You discard {card}.", card=title(comp, card)), card=card)
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
    say(s, ev, "draw", words("You keep {card} and put the other card under the deck.", card=title(comp, kept)),
        card=kept, other=card)


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
        say(s, ev, "heal", words("Trauma {card} is removed from play.", card=title(comp, card)), card=card)
    elif verb == "learn":
        s.pending = None
        if arg == "skip":
            say(s, ev, "learn", words("You learn no Skill."))
        else:
            learn_card(comp, s, ev, int(arg))
    elif verb == "enc" and kind == "choice":
        opt = _option(s, arg)
        s.pending = None
        say(s, ev, "encounter", words("You choose: {option}.", option=opt.get("label") or opt["key"]),
            id=(s.encounter or {}).get("id", ""))
        s.todo[:0] = [*pay_steps(opt.get("costs", [])), *opt.get("effects", [])]
    elif verb == "enc":
        _flip_answer(comp, s, ev, arg == "flip")
    elif verb == "task":
        s.pending = None
        if arg != "skip":
            entry = next(t for t in s.tasks if t[0] == arg)
            task = task_of(comp, entry)
            say(s, ev, "task", words("You work on the Task {card}.", card=comp.encounters[arg].title), id=arg)
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
        say(s, ev, "ignore", words("{card} ignores one {kind} icon this turn.", card=title(comp, skill), kind=arg),
            card=skill)
    else:
        raise IllegalAction(words("{action} does not answer this decision", action=f"{verb}:{arg}"))


def _flip_answer(comp: Components, s: State, ev: list[Event], flip: bool) -> None:
    s.pending = None
    if not flip:
        say(s, ev, "encounter", words("You leave the card as it is."), id=s.encounter["id"])
        return
    card = comp.encounters[s.encounter["id"]]
    back = card.raw["back"]
    s.encounter = {**s.encounter, "side": "back"}
    say(s, ev, "encounter", words("You flip the card: {card}.", card=back.get("title") or card.title), True, id=card.id)
    s.todo[:0] = list(back["effects"])
