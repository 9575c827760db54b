"""Bots for Call to Adventure solo: `random` (uniform, ending turns now and then) and `heuristic` (takes
the sure traits, picks the challenge path with the best expected reward, buys dark runes and plays cards
when the odds are poor). They read the state directly and are used for simulations and tests."""

from __future__ import annotations

from typing import Any

from games.call_to_adventure.actions import phase, preview_pool
from games.call_to_adventure.components import Components
from games.call_to_adventure.resolve import cast_total
from games.call_to_adventure.state import State
from games.call_to_adventure.table import (
    MAX_DARK,
    base_pool,
    dark_cost,
    difficulty,
    icons,
    level,
    odds,
)
from games.engine import Action, Rng


class RandomBot:
    """Uniform among the legal actions; one time in six it ends the turn when it can."""

    name = "random"

    def choose(self, engine: Any, state: State, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        if "end_turn" in ids and rng.below(6) == 0:
            return "end_turn"
        return rng.choice(ids)


def reward_value(comp: Components, s: State, reward: dict[str, Any]) -> float:
    """Points now, plus what icons are worth later: sets, the Adversary's bane and its abilities."""
    have = icons(comp, s)
    value = reward.get("triumph", 0) + reward.get("tragedy", 0) + 0.5 * reward.get("exp", 0)
    bane = comp.solo[s.quest]["bane"] if s.quest else None
    boss_abilities = comp.story[s.boss].abilities if s.boss else ()
    for icon, n in reward.get("icons", {}).items():
        value += n * (1.5 + 0.5 * min(have[icon], 4))
        if icon == bane and have[icon] < 3:
            value += 2.0 * n
        if icon in boss_abilities and have[icon] < 3:
            value += 1.5 * n
    value += 0.6 * (reward.get("virtue", 0) + reward.get("corruption", 0) + reward.get("hero", 0)
                    + reward.get("antihero", 0))
    return value


def challenge_odds(comp: Components, s: State, card_id: str, path: str, final: bool = False) -> float:
    dark = 0
    if level(comp, s)["dark"]:
        dark = min(MAX_DARK - s.flags["dark_used"], s.exp // dark_cost(comp, s))
    pool = base_pool(comp, s, card_id) + [f"dark{i}" for i in range(1, dark + 1)]
    return odds(comp, pool, difficulty(comp, s, card_id, path, final)["total"])


def _by_prefix(ids: list[str], prefix: str) -> list[str]:
    return [i for i in ids if i.startswith(prefix)]


class HeuristicBot:
    """Sure traits first, else the challenge path with the best chance × reward; dark runes and cards when
    the odds are below 80% (saving experience for the Adversary late in the game); always confronts it."""

    name = "heuristic"

    def choose(self, engine: Any, state: State, actions: list[Action], rng: Rng) -> str:
        comp = engine.components
        ids = [a.id for a in actions]
        ph = phase(state)
        if ph == "keep":
            return max(ids, key=lambda i: (self._char_value(comp, i[5:]), i))
        if ph == "choose":
            want = "choose:hero" if state.level <= 3 else "choose:antihero"
            return want if want in ids else ids[0]
        if ph == "place":
            return ids[0]
        if ph == "prepare":
            return self._prepare(comp, state, ids)
        if ph == "outcome":
            return self._outcome(comp, state, ids)
        return self._main(comp, state, ids)

    def _char_value(self, comp: Components, cid: str) -> float:
        c = comp.characters[cid]
        return c.triumph + c.tragedy + 1.5 * sum(c.icons.values())

    def _main(self, comp: Components, s: State, ids: list[str]) -> str:
        for i in _by_prefix(ids, "play:") + _by_prefix(ids, "spend:"):
            if all(e["op"] in ("exp", "adv_exp", "virtue", "draw") for e in self._effects(comp, i)):
                return i
        if "confront" in ids:
            return "confront"
        best, best_value = None, 0.0
        for i in _by_prefix(ids, "trait:"):
            value = reward_value(comp, s, comp.story[i[6:]].paths["top"].reward) + 3
            if value > best_value:
                best, best_value = i, value
        for i in _by_prefix(ids, "challenge:"):
            card_id, path = i.split(":")[1:]
            p = challenge_odds(comp, s, card_id, path)
            value = p * reward_value(comp, s, comp.story[card_id].paths[path].reward) + 0.5
            if value > best_value:
                best, best_value = i, value
        if best:
            return best
        refresh = _by_prefix(ids, "refresh:")
        return refresh[0] if refresh else "end_turn"

    def _effects(self, comp: Components, action_id: str) -> list[dict[str, Any]]:
        verb, _, arg = action_id.partition(":")
        if verb == "play":
            return list(comp.heroes[arg].effects)
        if verb == "power":
            return list((comp.characters[arg].power or {})["effects"])
        card = comp.story[arg]
        return list((card.spend if verb == "spend" else card.sacrifice)["effects"])  # type: ignore[index]

    def _prepare(self, comp: Components, s: State, ids: list[str]) -> str:
        p = s.pending
        assert p is not None
        need = difficulty(comp, s, p["card"], p["path"], p["final"], p["mods"])["total"]
        stacked = sum(e["n"] for item in p["stack"] for e in item["effects"] if e["op"] == "add")
        chance = odds(comp, preview_pool(s), need - p["bonus"] - stacked)
        if chance >= 0.8:
            return "cast"
        saving = not p["final"] and len(s.placed) >= 6 and s.exp <= 3  # keep experience for the Adversary
        if "dark" in ids and not (saving and chance >= 0.4):
            return "dark"
        for i in ids:
            if i.split(":")[0] in ("play", "power", "spend") and any(
                    e["op"] in ("add", "rune") for e in self._effects(comp, i)):
                return i
        if p["final"] or chance < 0.3:
            for i in _by_prefix(ids, "sacrifice:"):
                if any(e["op"] in ("add", "rune") for e in self._effects(comp, i)):
                    return i
        return "cast"

    def _outcome(self, comp: Components, s: State, ids: list[str]) -> str:
        p = s.pending
        assert p is not None
        gap = difficulty(comp, s, p["card"], p["path"], p["final"], p["mods"])["total"] - cast_total(s)
        if gap <= 0:
            return "accept"
        for i in ids:
            if i == "accept":
                continue
            effects = self._effects(comp, i)
            if any(e["op"] == "reroll" for e in effects) or sum(e.get("n", 0) for e in effects
                                                                if e["op"] == "add") >= gap:
                return i
        return "accept"


BOTS = {"random": RandomBot(), "heuristic": HeuristicBot()}
