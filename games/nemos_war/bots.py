"""Bots for Nemo's War: `random` (uniform, nudged to roll and end turns) and `heuristic` (a sensible captain:
keeps the oceans from filling, stakes healthy resources, repairs in time, plays for its commitment).

They read the state directly: they live beside the rules and drive simulations and the playthrough tests.
"""

from __future__ import annotations

from typing import Any

from games.engine import Action, Rng
from games.nemos_war import scoring
from games.nemos_war.cards import card_outcomes, odds, stake_drm
from games.nemos_war.combat import drm_parts
from games.nemos_war.components import COMMITMENTS, RESOURCES, Components
from games.nemos_war.state import State

REFIT_ORDER = ("prow", "armour", "monstrous", "library", "seek")
HIDDEN_DV = 9  # about what a hidden ship defends with


class RandomBot:
    name = "random"

    def choose(self, engine: Any, state: State, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        for closing in ("end_turn", "test:roll", "combat:roll", "help:accept"):
            if closing in ids and rng.below(3) == 0:
                return closing
        return rng.choice(ids)


class HeuristicBot:
    name = "heuristic"

    def choose(self, engine: Any, state: State, actions: list[Action], rng: Rng) -> str:
        c = engine.components
        ids = [a.id for a in actions]
        kind = state.top["kind"]
        pick = getattr(self, f"_{kind}")(c, state, ids)
        return pick if pick in ids else ids[0]

    # --- setup and small decisions ---------------------------------------------------------------------
    def _commitment(self, c: Components, s: State, ids: list[str]) -> str:
        return "commit:war"

    def _start(self, c: Components, s: State, ids: list[str]) -> str:
        return max(ids, key=lambda i: (len(s.ships_in(i[6:])), i))

    def _prep(self, c: Components, s: State, ids: list[str]) -> str:
        return "roll"

    def _final(self, c: Components, s: State, ids: list[str]) -> str:
        def total(k: str) -> int:
            trial = s.clone()
            trial.commitment = k
            return scoring.summary(c, trial)["total"]
        return "final:" + max(COMMITMENTS, key=lambda k: (total(k), k == s.commitment))

    def _rescue(self, c: Components, s: State, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("or:")), "defeat")

    def _pressure(self, c: Components, s: State, ids: list[str]) -> str:
        return "lose:" + max(RESOURCES, key=lambda k: s.res[k])

    def _seek(self, c: Components, s: State, ids: list[str]) -> str:
        return "seek:keep" if min(s.res.values()) >= 3 else "seek:decline"

    def _outcome(self, c: Components, s: State, ids: list[str]) -> str:
        outs = {o["key"]: o for o in card_outcomes(c, s.top["card"], True)}
        def value(i: str) -> float:
            o = outs[i.split(":")[1]]
            gain = sum(3 / max(1, s.res[e["res"]]) for e in o["effects"] if e["op"] == "res" and e["n"] > 0)
            return gain + (c.cards[s.top["card"]].vp * 0.4 if o["pile"] == "pass" else 0)
        return max((i for i in ids if i.startswith("outcome:")), key=value)

    def _sink(self, c: Components, s: State, ids: list[str]) -> str:
        ship = c.ship(s.top["ship"])
        want = next((k for k in REFIT_ORDER[:2] if not s.refits.get(k)), None)
        cost = c.tables["refits"][want]["cost"] if want else 0
        scholar = s.commitment in ("science", "explore")
        if "capture" in ids and (len(s.salvage) < cost or scholar) and ship.vp <= 2 + 2 * scholar:
            return "capture"
        return "sink"

    # --- rolls -----------------------------------------------------------------------------------------
    def _test(self, c: Components, s: State, ids: list[str]) -> str:
        p = s.top
        target = c.cards[p["card"]].test["target"]
        if p["rolled"] is not None:
            return self._helper(s, ids, p["rolled"], target, risky=True)
        if odds(stake_drm(c, s, p["staked"]), target) < 0.85:
            for res in sorted(RESOURCES, key=lambda k: -s.res[k]):
                if f"stake:{res}" in ids and s.res[res] >= 5:
                    return f"stake:{res}"
        return "test:roll"

    def _combat(self, c: Components, s: State, ids: list[str]) -> str:
        p = s.top
        dv = c.ship(p["ship"]).dv
        if p["rolled"] is not None:
            return self._helper(s, ids, p["rolled"], dv, risky=c.ship(p["ship"]).vp >= 5)
        if "cannon" in ids:
            return "cannon"
        drm = sum(n for _, n in drm_parts(c, s, p))
        if not p["staked"] and odds(drm, dv) < 0.9:
            best = max(RESOURCES, key=lambda k: (s.res[k] >= 4, c.tracks[k].drm.get(s.res[k], 0), s.res[k]))
            if s.res[best] >= 3 and f"stake:{best}" in ids:
                return f"stake:{best}"
        return "combat:roll"

    def _helper(self, s: State, ids: list[str], rolled: dict, target: int, risky: bool) -> str:
        short = target - rolled["total"]
        low = min(s.res.values()) <= 2
        if not low:
            return "help:accept"
        if short <= 1 and "help:ned" in ids:
            return "help:ned"
        if short <= 2 and "help:professor" in ids:
            return "help:professor"
        if low and "help:conseil" in ids:
            return "help:conseil"
        return "help:accept"

    def _chain(self, c: Components, s: State, ids: list[str]) -> str:
        if min(s.res.values()) < 3:
            return "chain:stop"
        targets = [i for i in ids if i.startswith("attack:")]
        return min(targets, key=lambda i: self._danger(c, s, i.split(":")[1]), default="chain:stop")

    # --- Nemo's action ---------------------------------------------------------------------------------
    def _danger(self, c: Components, s: State, box: str) -> float:
        ocean, _, n = box.partition(".")
        sid = s.boxes[ocean][int(n) - 1]
        if sid not in s.revealed:
            return HIDDEN_DV + 0.5
        ship = c.ship(sid)
        return ship.dv + (2 if ship.warship else 0) - ship.vp * 0.2

    def _action(self, c: Components, s: State, ids: list[str]) -> str:
        for step in (self._play_card, self._mend, self._refit, self._fight, self._treasure, self._travel):
            pick = step(c, s, ids)
            if pick:
                return pick
        return ids[0]

    def _post(self, c: Components, s: State, ids: list[str]) -> str:
        return self._play_card(c, s, ids) or "end_turn"

    def _play_card(self, c: Components, s: State, ids: list[str]) -> str | None:
        for i in ids:
            if not i.startswith("play:"):
                continue
            card = c.cards[i[5:]]
            effects = [e for o in (card.outcomes or card.test["pass"]) for e in o["effects"]]
            if any(e["op"] == "res" and s.res[e["res"]] <= 4 for e in effects):
                return i
            if any(e["op"] == "liberation" for e in effects) and s.commitment == "anti":
                return i
            if any(e["op"] == "treasure" for e in effects) and min(s.res.values()) >= 5:
                return i
        return None

    def _mend(self, c: Components, s: State, ids: list[str]) -> str | None:
        late = s.week >= c.calendar["last"] - 6 and not s.historical  # end in the green zones
        if "repair" in ids and (s.res["hull"] <= 4 or (late and s.res["hull"] < c.tracks["hull"].start)):
            return "repair"
        if "rest" in ids and (s.res["crew"] <= 4 or (late and s.res["crew"] < c.tracks["crew"].start)):
            return "rest"
        return None

    def _crowded(self, c: Components, s: State) -> bool:
        free = sum(o.boxes for o in c.oceans.values()) - sum(len(s.ships_in(o)) for o in c.oceans)
        return free <= 6

    def _refit(self, c: Components, s: State, ids: list[str]) -> str | None:
        order = REFIT_ORDER if s.commitment in ("science", "explore") else REFIT_ORDER[:3]
        return next((f"refit:{k}" for k in order if f"refit:{k}" in ids), None)

    def _fight(self, c: Components, s: State, ids: list[str]) -> str | None:
        if min(s.res.values()) < (2 if self._crowded(c, s) else 3):
            return None
        boxes = [i.split(":")[1] for i in ids if i.startswith("attack:")]
        if not boxes:
            return None
        box = min(boxes, key=lambda b: self._danger(c, s, b))
        return f"stalk:{box}" if len(boxes) == 1 else f"attack:{box}"

    def _treasure(self, c: Components, s: State, ids: list[str]) -> str | None:
        if s.commitment == "anti":
            incite = [i for i in ids if i.startswith("incite:")]
            if incite:
                return max(incite, key=lambda i: c.tokens[i[7:]].vp)
        return "search" if "search" in ids else None

    def _travel(self, c: Components, s: State, ids: list[str]) -> str | None:
        moves = [i for i in ids if i.startswith("move:")]
        crowd = max(moves, key=lambda i: (len(s.ships_in(i[5:])) - c.oceans[s.nautilus].routes[i[5:]] / 2, i))
        if len(s.ships_in(crowd[5:])) >= (1 if self._crowded(c, s) else 2):
            return crowd
        for k in ("repair", "rest"):
            if k in ids and s.res["hull" if k == "repair" else "crew"] < c.tracks["hull"].start:
                return k
        return crowd


BOTS: dict[str, Any] = {"random": RandomBot(), "heuristic": HeuristicBot()}
