"""The player's actions: what is legal now (`legal`) and what each one does (`perform`).

`perform` is only called with an id that `legal` listed, on a cloned state.
"""

from __future__ import annotations

from games.adamastor import navigation as nav
from games.adamastor.components import Components
from games.adamastor.decisions import answer, pending_actions
from games.adamastor.effects import start_encounter
from games.adamastor.state import State
from games.adamastor.table import (
    REACHED,
    card_name,
    finish,
    gain_morale,
    nav_points,
    say,
    skills_of,
    sort_row,
    take_top,
    title,
)
from games.adamastor.voyage_rules import storm_season
from games.engine import Action, Event, words, words_n


def _exp_actions(comp: Components, s: State) -> list[Action]:
    out = []
    if s.experience >= 1 and s.discard:
        out.append(Action("exp:morale", words("Gain 1 Morale for 1 Experience"), "experience"))
    if s.experience >= 2 and s.phase == "actions":
        out.append(Action("exp:action", words("Gain 1 action for 2 Experience"), "experience"))
    if s.experience >= 3:
        out += [
            Action(f"exp:heal:{c}", words("Spend 3 Experience: remove the Trauma {card}", card=card_name(comp, c)),
                   "experience")
            for c in s.traumas
        ]
    return out


def points_left(n: int) -> str:
    return words("no points left") if n == 0 else words("{points} left", points=nav_points(n))


def penalty(comp: Components, s: State) -> int:
    base = comp.weather[s.weather].nav_penalty if s.weather is not None else 0
    return base + storm_season(s)


def _nav_actions(comp: Components, s: State) -> list[Action]:
    points = s.nav["points"]
    out = []
    if s.nav["can_add"]:
        out += [
            Action(f"nav:add:{c}", words("Discard {card} to sail: +{points}", card=card_name(comp, c),
                      points=nav_points(comp.sailing[c].nav)), "hand")
            for c in s.hand
        ]
    out += [
        Action(
            f"nav:burst:{c}",
            words("Use {card} (removed from play): +{points}", card=card_name(comp, c),
                  points=nav_points(comp.sailing[c].n)),
            "skills",
        )
        for c in skills_of(comp, s, "burst")
    ]
    for space, cost in nav.move_costs(comp, s, penalty(comp, s)).items():
        if cost <= points:
            label = words("Sail to {place} for {points}", place=nav.place_name(comp, s, space), points=nav_points(cost))
            out.append(Action(f"nav:move:{space}", label, "map"))
    stop = (words("Stop sailing here (lose the {left})", left=points_left(points)) if points
            else words("Stop sailing here"))  # nothing left to lose
    out.append(Action("nav:stop", stop, "panel"))
    return out


def _main_actions(comp: Components, s: State) -> list[Action]:
    out = []
    if s.actions_left > 0:
        if s.deck:
            out.append(Action("draw", words("Draw a card"), "panel"))
        out += [
            Action(f"swap:h{h}:r{r}",
                   words("Swap {card} into the row for {other}", card=card_name(comp, h), other=card_name(comp, r)),
                   "row")
            for h in s.hand
            for r in s.row
        ]
        if s.hand or s.nav_bonus or skills_of(comp, s, "nav_plus") or skills_of(comp, s, "burst"):
            out.append(Action("navigate", words("Navigate: spend an action to sail"), "panel"))
    out.append(Action("end_actions", words("End the Actions phase"), "panel"))
    return out


def legal(comp: Components, s: State) -> list[Action]:
    if s.phase == "over":
        return []
    if s.phase == "setup":
        return [Action(f"start:p0.{r}", words("Start on the left edge, row {row}", row=r + 1), "map") for r in range(3)]
    if s.pending is not None:
        return pending_actions(comp, s) + _exp_actions(comp, s)
    if s.nav is not None:
        return _nav_actions(comp, s) + _exp_actions(comp, s)
    return _main_actions(comp, s) + _exp_actions(comp, s)


def _draw(comp: Components, s: State, ev: list[Event]) -> None:
    s.actions_left -= 1
    if skills_of(comp, s, "draw_two") and len(s.deck) >= 2:
        a, b = take_top(comp, s, ev, words("You draw")), take_top(comp, s, ev, words("You draw"))
        s.hand += [a, b]
        s.pending = {"kind": "keep", "cards": [a, b]}
    else:
        s.hand.append(take_top(comp, s, ev, words("You draw")))


def _swap(comp: Components, s: State, ev: list[Event], h: int, r: int) -> None:
    s.actions_left -= 1
    s.hand[s.hand.index(h)] = r
    s.row[s.row.index(r)] = h
    sort_row(s)
    say(s, ev, "swap", words("You swap {card} into the row and take {other}.", card=title(comp, h),
                             other=title(comp, r)), card=h, other=r)


def _navigate(comp: Components, s: State, ev: list[Event]) -> None:
    s.actions_left -= 1
    points = len(skills_of(comp, s, "nav_plus")) + s.nav_bonus
    s.nav_bonus = 0
    s.nav = {"points": points, "path": [s.ship], "can_add": True}
    say(s, ev, "nav", words_n("You navigate, starting with {n} point from Skills and bonuses.",
                                "You navigate, starting with {n} points from Skills and bonuses.", points))


def _nav_points(s: State, add: int, **changes) -> None:
    s.nav = {**s.nav, "points": s.nav["points"] + add, **changes}


def _move(comp: Components, s: State, ev: list[Event], space: str) -> None:
    cost = nav.move_costs(comp, s, penalty(comp, s))[space]
    direction = dict(nav.neighbours(s.ship, len(s.map_ids)))[space]
    s.ship = space
    _nav_points(s, -cost, path=[*s.nav["path"], space], can_add=False)
    say(s, ev, "move", words_n("The ship sails to {place} for {n} point.",
                                 "The ship sails to {place} for {n} points.", cost,
                                 place=nav.place_name(comp, s, space)), space=space)
    cell = nav.cell_at(comp, s, space)
    if cell is not None and cell.kind == "land":
        finish(s, ev, "won", REACHED)
    elif cell is None and nav.is_right_edge_port(space) and direction == "E":
        nav.reveal_slot(comp, s, ev, nav.slot_of(space))
        _nav_points(s, 0, can_add=True)


def _stop(comp: Components, s: State, ev: list[Event]) -> None:
    s.nav = None
    say(s, ev, "nav", words("The ship stops."))
    cell = nav.cell_at(comp, s, s.ship)
    if cell is not None and cell.anchor and s.ship not in s.marked:
        start_encounter(comp, s, ev, s.ship)


def _experience(comp: Components, s: State, ev: list[Event], what: str) -> None:
    if what == "morale":
        s.experience -= 1
        say(s, ev, "exp", words("You spend 1 Experience for +1 Morale."))
        gain_morale(s, ev, 1)
    elif what == "action":
        s.experience -= 2
        s.actions_left += 1
        say(s, ev, "exp", words("You spend 2 Experience for an extra action."))
    else:
        card = int(what.split(":")[1])
        s.experience -= 3
        s.traumas.remove(card)
        s.removed.append(card)
        say(s, ev, "exp", words("You spend 3 Experience to remove Trauma {card} from play.", card=title(comp, card)),
            card=card)


def perform(comp: Components, s: State, ev: list[Event], action_id: str) -> None:
    verb, _, arg = action_id.partition(":")
    if verb == "exp":
        _experience(comp, s, ev, arg)
    elif s.pending is not None:
        answer(comp, s, ev, verb, arg)
    elif verb == "start":
        s.ship, s.phase, s.turn = arg, "actions", 1
        row = int(arg.rpartition(".")[2]) + 1  # the start spaces are p0.0-p0.2: the left edge's rows
        say(s, ev, "start", words("The ship sets sail from the left edge, row {row}. Turn 1 begins "
                                  "(no Sunrise on the first turn).", row=row), space=arg)
    elif verb == "draw":
        _draw(comp, s, ev)
    elif verb == "swap":
        h, r = arg.split(":")
        _swap(comp, s, ev, int(h[1:]), int(r[1:]))
    elif verb == "navigate":
        _navigate(comp, s, ev)
    elif verb == "nav":
        sub, _, rest = arg.partition(":")
        if sub == "add":
            card = int(rest)
            s.hand.remove(card)
            s.discard.append(card)
            _nav_points(s, comp.sailing[card].nav)
            say(s, ev, "nav", words_n("You discard {card} for {n} point.", "You discard {card} for {n} points.",
                                            comp.sailing[card].nav, card=title(comp, card)), card=card)
        elif sub == "burst":
            card = int(rest)
            s.skills.remove(card)
            s.removed.append(card)
            _nav_points(s, comp.sailing[card].n)
            say(s, ev, "nav", words("You remove {card} from play for +{n} points.", card=title(comp, card),
                                          n=comp.sailing[card].n), card=card)
        elif sub == "move":
            _move(comp, s, ev, rest)
        else:
            _stop(comp, s, ev)
    elif verb == "end_actions":
        s.phase, s.step, s.actions_left = "events", 0, 0
        say(s, ev, "phase", words("The Actions phase ends; the Events are checked."))
