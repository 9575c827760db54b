"""The grammar of encounter effects (CONTRACT.md): checks an effect list, a task and their parts.

Used by the component loader on the data files and by `load` on saved states, which carry copies
of effects still waiting to be resolved.
"""

from __future__ import annotations

import re
from typing import Any

THREATS = ("unrest", "disease", "fatigue")
SIGNED_OPS = ("morale", "exp")
COUNT_OPS = ("draw", "discard", "actions", "nav_bonus", "heal")
PLAIN_OPS = ("trauma", "learn", "reveal_map", "row_lowest", "flip")
COST_KINDS = ("exp", "cards", "morale", "nav")


class ComponentError(ValueError):
    """A data file (or an effect copied into a saved state) does not follow CONTRACT.md."""


def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise ComponentError(f"{where}: {msg}")


def _pos_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def check_cost(cost: Any, where: str) -> None:
    _need(isinstance(cost, dict) and cost.get("pay") in COST_KINDS, where, f"bad cost {cost!r}")
    _need(_pos_int(cost.get("n")), where, f"cost needs a positive n: {cost!r}")


def check_check(check: Any, where: str) -> None:
    _need(isinstance(check, dict) and len(check) == 1, where, f"bad check {check!r}")
    ((key, val),) = check.items()
    ok = {
        "weather": lambda v: v in ("sun", "cloud", "storm"),
        "nav_at_least": _pos_int,
        "motivation": lambda v: v is True,
        "kind": lambda v: v in ("skill", "trauma"),
        "no_threat": lambda v: v in THREATS,
    }.get(key)
    _need(ok is not None and ok(val), where, f"bad check {check!r}")


def check_effect(eff: Any, where: str) -> bool:
    """Check one effect; return True if it can flip the card."""
    _need(isinstance(eff, dict) and isinstance(eff.get("op"), str), where, f"bad effect {eff!r}")
    op = eff["op"]
    if op in SIGNED_OPS:
        n = eff.get("n")
        _need(isinstance(n, int) and not isinstance(n, bool) and n != 0, where, f"{op} needs a non-zero n")
        return False
    if op in COUNT_OPS:
        _need(_pos_int(eff.get("n")), where, f"{op} needs a positive n")
        return False
    if op in PLAIN_OPS:
        return op == "flip"
    if op == "campaign":
        key = eff.get("effect")
        _need(isinstance(key, str) and re.fullmatch(r"[a-z][a-z_]*", key) is not None, where, "bad campaign effect")
        return False
    if op == "choice":
        opts = eff.get("options")
        _need(isinstance(opts, list) and len(opts) >= 1, where, "choice needs options")
        keys = [o.get("key") if isinstance(o, dict) else None for o in opts]
        _need(
            all(isinstance(k, str) and k and ":" not in k for k in keys), where, "option keys must be strings"
        )
        _need(len(set(keys)) == len(keys), where, "option keys must be unique")
        flips = False
        for o in opts:
            _need(isinstance(o.get("costs", []), list), where, "option costs must be a list")
            for c in o.get("costs", []):
                check_cost(c, where)
            flips |= check_effects(o.get("effects"), f"{where} option {o['key']}")
        return flips
    if op == "test":
        check_check(eff.get("check"), where)
        return check_effects(eff.get("success"), where) | check_effects(eff.get("failure"), where)
    _need(False, where, f"unknown effect op {op!r}")
    return False


def check_effects(effects: Any, where: str) -> bool:
    """Check an effect list; return True if any effect in it can flip the card."""
    _need(isinstance(effects, list), where, "effects must be a list")
    flips = False
    for eff in effects:
        flips |= check_effect(eff, where)
    return flips


def check_task(task: Any, where: str) -> None:
    _need(isinstance(task, dict), where, "task must be an object")
    _need(task.get("where") in ("any", "sea", "land"), where, "task where is any/sea/land")
    _need(isinstance(task.get("costs"), list), where, "task costs must be a list")
    for c in task["costs"]:
        check_cost(c, where)
    _need(not check_effects(task.get("reward"), f"{where} reward"), where, "a task reward cannot flip")
