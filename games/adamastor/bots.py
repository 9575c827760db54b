"""Bots for Adamastor: `random` (uniform, nudged to end turns) and `heuristic` (a naive but sensible
captain). They read the state directly: they live beside the rules and are used for simulations.
"""

from __future__ import annotations

import heapq
from typing import Any

from games.adamastor import navigation as nav
from games.adamastor.actions import penalty
from games.adamastor.bot_values import card_value, costs_value, effects_value, row_value
from games.adamastor.components import Components
from games.adamastor.state import State
from games.adamastor.table import hand_limit, icons, raw_icons, skill_cost
from games.adamastor.voyage_rules import landing_open
from games.engine import Action, Rng

SKILL_ORDER = (
    "extra_action",
    "nav_plus",
    "hand_limit",
    "reveal_maps",
    "sunset_morale",
    "draw_two",
    "cheaper_skills",
    "ignore_choice",
    "ignore_icon",
    "ignore_storm",
    "burst",
)


def threat_counts(comp: Components, s: State) -> dict[str, int]:
    """Threat icons the Events phase would see, with each ignore_choice skill used where it helps most
    against a mutiny (on the scarcest of its types)."""
    counts = {t: n for t, n in raw_icons(comp, s).items() if t != "motivation"}
    for c in s.skills:
        card = comp.sailing[c]
        if card.skill in ("ignore_icon", "ignore_choice"):
            kind = min(card.types, key=lambda t: counts[t])
            counts[kind] = max(0, counts[kind] - 1)
    return counts


class RandomBot:
    """Uniform among the legal actions; one time in eight it ends the phase or the navigation when it
    can, so that no turn drags on."""

    name = "random"

    def choose(self, engine: Any, state: State, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        for closing in ("end_actions", "nav:stop"):
            if closing in ids and rng.below(8) == 0:
                return closing
        return rng.choice(ids)


def progress(space: str) -> int:
    kind, slot, _, col = nav.parse(space)
    return slot * 5 + (0 if kind == "p" else col + 1)


def reachable(comp: Components, s: State, budget: int) -> dict[str, tuple[int, str | None]]:
    """Cheapest cost to every space within `budget` points, with the first step of the way there."""
    pen = penalty(comp, s)
    best: dict[str, tuple[int, str | None]] = {s.ship: (0, None)}
    heap = [(0, s.ship, None)]
    while heap:
        cost, space, first = heapq.heappop(heap)
        if cost > best[space][0]:
            continue
        if nav.cell_at(comp, s, space) is not None and nav.cell_at(comp, s, space).kind == "land":
            continue
        for target, step in nav.move_costs(comp, s, pen, space).items():
            total = cost + step
            if total <= budget and total < best.get(target, (budget + 1, None))[0]:
                best[target] = (total, first or target)
                heapq.heappush(heap, (total, target, first or target))
    return best


def target_score(comp: Components, s: State, space: str) -> float:
    cell = nav.cell_at(comp, s, space)
    score = progress(space) * 1.0
    kind, slot, _, _ = nav.parse(space)
    if kind == "p" and slot < len(s.face_up) and not s.face_up[slot]:
        score += 2.0  # the way into the unknown: more points can be added there
    if cell is not None:
        if cell.kind == "land":
            return 1000.0
        if cell.anchor and space not in s.marked:
            score += 4.0 + goal_pull(comp, s, cell.kind)
        score -= 0.3 * cell.storms
    return score


def goal_pull(comp: Components, s: State, kind: str) -> float:
    """A campaign goal not yet met makes the encounters that count toward it worth a detour."""
    goal = s.campaign["goal"] if s.campaign else None
    if goal is None or landing_open(comp, s) or (goal["where"] == "land" and kind != "island"):
        return 0.0
    return 12.0


def best_target(comp: Components, s: State, budget: int) -> tuple[float, str, str | None]:
    options = reachable(comp, s, budget)
    scored = [(target_score(comp, s, sp), -cost, sp, first) for sp, (cost, first) in options.items()]
    score, _, space, first = max(scored)
    return score, space, first


class HeuristicBot:
    """Navigates toward the destination by the cheapest paths, stops on anchors, keeps a hand, learns
    skills, avoids threats when it can swap, and spends experience on traumas and morale."""

    name = "heuristic"

    def choose(self, engine: Any, state: State, actions: list[Action], rng: Rng) -> str:
        comp = engine.components
        ids = [a.id for a in actions]
        if state.turn > 80:  # a long stalemate: shake things up so the game surely ends
            return RandomBot().choose(engine, state, actions, rng)
        if state.phase == "setup":
            return max(ids, key=lambda i: (self._start_value(comp, state, i), i))
        if state.pending is not None:
            return self._answer(comp, state, ids, rng)
        exp = self._experience(comp, state, ids)
        if exp:
            return exp
        if state.nav is not None:
            return self._navigate(comp, state, ids)
        return self._act(comp, state, ids)

    def _start_value(self, comp: Components, s: State, action_id: str) -> float:
        trial = s.clone()
        trial.ship = action_id.split(":")[1]
        return max(progress(sp) - cost / 10 for sp, (cost, _) in reachable(comp, trial, 6).items())

    def _answer(self, comp: Components, s: State, ids: list[str], rng: Rng) -> str:
        p = s.pending
        kind = p["kind"]
        if kind in ("discard", "keep"):
            cards = p["cards"] if kind == "keep" else s.hand
            return f"discard:{min(cards, key=lambda c: (card_value(comp, s, c), c))}"
        if kind == "nav_pay":
            return f"discard:{max(s.hand, key=lambda c: (comp.sailing[c].nav, -c))}"
        if kind == "heal":
            return f"heal:{self._worst_trauma(comp, s)}"
        if kind == "learn":
            options = [i for i in ids if i.startswith("learn:") and i != "learn:skip"]
            return (
                min(options, key=lambda i: SKILL_ORDER.index(comp.sailing[int(i[6:])].skill))
                if options
                else "learn:skip"
            )
        if kind == "choice":
            return max(
                (f"enc:{o['key']}" for o in p["options"]), key=lambda i: self._option_value(comp, s, i[4:])
            )
        if kind == "flip":
            return "enc:flip" if rng.below(2) else "enc:decline"
        if kind == "task":
            good = [i for i in p["ids"] if self._task_value(comp, s, i) > 0]
            return f"task:{good[0]}" if good else "task:skip"
        counts = icons(comp, s)
        return (
            f"ignore:{max(p['types'], key=lambda t: (-self._threat_harm(comp, s, counts, t), counts[t], t))}"
        )

    def _threat_harm(self, comp: Components, s: State, counts: dict[str, int], ignored: str) -> float:
        """How much the threat events would hurt with one more `ignored` icon set aside."""
        after = {t: counts[t] - (t == ignored) for t in ("unrest", "disease", "fatigue")}
        sick = sum(1 for c in s.traumas if comp.sailing[c].trauma == "disease")
        harm = 100.0 if min(after.values()) >= 3 else 0.0
        harm += 2.0 * (after["unrest"] >= 5) + sick * (after["disease"] >= 5) + 3.0 * (after["fatigue"] >= 5)
        return harm

    def _option_value(self, comp: Components, s: State, key: str) -> float:
        opt = next(o for o in s.pending["options"] if o["key"] == key)
        return effects_value(opt.get("effects", [])) - costs_value(opt.get("costs", []))

    def _task_value(self, comp: Components, s: State, enc_id: str) -> float:
        entry = next(t for t in s.tasks if t[0] == enc_id)
        task = comp.encounters[entry[0]].section(entry[1])["task"]
        return effects_value(task["reward"]) - costs_value(task["costs"]) + 0.5

    def _worst_trauma(self, comp: Components, s: State) -> int:
        counts = icons(comp, s)
        return max(s.traumas, key=lambda c: (comp.sailing[c].sunset_loss, counts[comp.sailing[c].trauma], c))

    def _experience(self, comp: Components, s: State, ids: list[str]) -> str | None:
        heals = [i for i in ids if i.startswith("exp:heal:")]
        if heals and (s.experience >= 4 or any(comp.sailing[c].sunset_loss for c in s.traumas)):
            return f"exp:heal:{self._worst_trauma(comp, s)}"
        if (
            "exp:action" in ids
            and s.actions_left == 0
            and s.nav is None
            and s.experience >= 2
            and sum(comp.sailing[c].nav for c in s.hand) >= 4
        ):
            return "exp:action"
        if (
            "exp:morale" in ids
            and (len(s.deck) <= 6 or s.experience >= 6)
            and s.pending is None
            and s.nav is None
        ):
            return "exp:morale"
        return None

    def _navigate(self, comp: Components, s: State, ids: list[str]) -> str:
        points = s.nav["points"]
        now_score, target, first = best_target(comp, s, points)
        if s.nav["can_add"]:
            card = self._card_to_add(comp, s, points, now_score)
            if card is not None:
                return f"nav:add:{card}"
        for c in [int(i[10:]) for i in ids if i.startswith("nav:burst:")]:
            if best_target(comp, s, points + comp.sailing[c].n)[0] >= max(now_score + 4, 1000):
                return f"nav:burst:{c}"
        if first is not None and target != s.ship:
            return f"nav:move:{first}"
        return "nav:stop"

    def _card_to_add(self, comp: Components, s: State, points: int, now_score: float) -> int | None:
        """The cheapest hand card that brings the best gain in reach, if any card helps."""
        keep = self._keep_for_learning(comp, s)
        gains = {}
        for c in s.hand:
            if c not in keep and comp.sailing[c].nav > 0:
                gains[c] = best_target(comp, s, points + comp.sailing[c].nav)[0]
        if not gains or max(gains.values()) <= now_score + 0.5:
            return None
        top = max(gains.values())
        return min(
            (c for c, g in gains.items() if g >= top - 0.01),
            key=lambda c: (comp.sailing[c].nav, card_value(comp, s, c), c),
        )

    def _keep_for_learning(self, comp: Components, s: State) -> set[int]:
        """The one skill card in hand most worth keeping to learn later (cheap enough, not yet known)."""
        if len(s.deck) <= 2:
            return set()  # no time left to wait for the right motivation
        known = {comp.sailing[c].skill for c in s.skills}
        wanted = [
            c
            for c in s.hand
            if comp.sailing[c].skill
            and skill_cost(comp, s, c) <= 2
            and comp.sailing[c].skill not in known
            and comp.sailing[c].skill != "burst"
        ]
        return {min(wanted, key=lambda c: SKILL_ORDER.index(comp.sailing[c].skill))} if wanted else set()

    def _worth_sailing(self, comp: Components, s: State, spare: set[int]) -> bool:
        budget = sum(comp.sailing[c].nav for c in s.hand if c not in spare)
        budget += s.nav_bonus + sum(1 for c in s.skills if comp.sailing[c].skill == "nav_plus")
        return best_target(comp, s, budget)[0] >= target_score(comp, s, s.ship) + 1

    def _avert_mutiny(self, comp: Components, s: State, ids: list[str]) -> str | None:
        counts = threat_counts(comp, s)
        if min(counts.values()) < 3:
            return None
        low = min(counts, key=lambda t: counts[t])
        heal = [c for c in s.traumas if comp.sailing[c].trauma == low]
        if heal and f"exp:heal:{heal[0]}" in ids:
            return f"exp:heal:{heal[0]}"
        if s.actions_left > 0:
            return self._best_swap(comp, s, ids)
        return "exp:action" if "exp:action" in ids else None

    def _act(self, comp: Components, s: State, ids: list[str]) -> str:
        rescue = self._avert_mutiny(comp, s, ids)
        if rescue:
            return rescue
        if s.actions_left <= 0:
            return "end_actions"
        keep = self._keep_for_learning(comp, s)
        if "navigate" in ids and self._worth_sailing(comp, s, keep):
            return "navigate"
        gains = len([c for c in s.skills if comp.sailing[c].skill == "sunset_morale"])
        losses = sum(1 for c in s.traumas if comp.sailing[c].sunset_loss)
        reserve = max(0, 1 - gains + losses) + (0 if s.turn > 25 else 2)  # keep the Sunrise draw safe
        spare_deck = len(s.deck) > reserve
        if "draw" in ids and spare_deck and (len(s.hand) < hand_limit(comp, s) or s.actions_left >= 2):
            return "draw"
        swap = self._best_swap(comp, s, ids)
        if swap:
            return swap
        crowded = len(s.hand) > hand_limit(comp, s) or s.turn > 25
        if "navigate" in ids and crowded and self._worth_sailing(comp, s, set()):
            return "navigate"
        return "end_actions"

    def _best_swap(self, comp: Components, s: State, ids: list[str]) -> str | None:
        base = row_value(comp, s, s.row, s.hand)
        best, best_id = base + 1.0, None
        for i in ids:
            if not i.startswith("swap:"):
                continue
            h, r = (int(x[1:]) for x in i[5:].split(":"))
            row = sorted([h if c == r else c for c in s.row], reverse=True)
            hand = [r if c == h else c for c in s.hand]
            value = row_value(comp, s, row, hand)
            if value > best:
                best, best_id = value, i
        return best_id


BOTS = {"random": RandomBot(), "heuristic": HeuristicBot()}
__all__ = ["BOTS", "HeuristicBot", "RandomBot"]
