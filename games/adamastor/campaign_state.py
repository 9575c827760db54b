"""The state of an Adamastor campaign (the app's "4 save cards"), its JSON form and its checks.

The four save cards of the box correspond to four groups of fields, so a saved campaign is exactly what
the cards would record (RULINGS.md, Campaign Mode):
1. the voyages: `voyage`, `stage`, `offered`, `chosen`, `history` (each voyage's card and result);
2. the upgrades sheet: `upgrades`, `purse` (Renown not yet spent), `renown` (all Renown earned);
3. the crew and the court: `scars`, `patience`;
4. the sea's memory: `removed` (encounter cards out of the campaign) and `effects` (campaign effects).
Plus the things the app keeps for itself: the seed, the RNG, the phase, the result and a short log,
and `seed_bits`, how many bits each voyage's game seed keeps (RULINGS.md, Campaign Mode, "Voyage seeds"):
53 for campaigns begun under campaign rules version 2, 31 for older ones. It is written only when it is 53,
so a campaign begun before it existed dumps exactly as it always did (its saves and files keep their digests).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from games.adamastor.campaign_content import CampaignContent
from games.adamastor.components import Components
from games.adamastor.state import deep_copy, is_log_item, log_json, log_line
from games.engine import MalformedState

PHASES = ("prepare", "voyage", "over")
LOG_LINES = 12
LEGACY_SEED_BITS = 31  # campaign rules version 1: each voyage's seed kept 31 bits
SEED_BITS = 53  # version 2: 53 bits (below 2^53, as the app keeps every seed, so JavaScript reads it exactly)
SEED_BITS_BY_RULES = {1: LEGACY_SEED_BITS, 2: SEED_BITS}
HISTORY_KEYS = {
    "voyage",
    "stage",
    "card",
    "result",
    "reason",
    "renown",
    "encounters",
    "experience",
    "traumas",
    "scars",
    "gained",
    "removed",
}


@dataclass(slots=True)
class CState:
    seed: int
    rng: int
    phase: str = "prepare"
    voyage: int = 1  # the voyage being prepared or sailed (1, 2, 3, and 4+ for second attempts)
    stage: int = 1  # 1-3: first to last voyage; 4: a second attempt at the last voyage
    offered: list[str] = field(default_factory=list)
    chosen: str | None = None
    history: list[dict] = field(default_factory=list)
    upgrades: list[str] = field(default_factory=list)
    purse: int = 0
    renown: int = 0
    scars: int = 0
    patience: int = 2
    removed: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)  # keys of "next" and "campaign" effects in force
    result: str = ""
    reason: str = ""
    log: list[str] = field(default_factory=list)
    seed_bits: int = LEGACY_SEED_BITS

    def clone(self) -> CState:
        return CState(**{n: deep_copy(getattr(self, n)) for n in NAMES})

    def add_log(self, text: str) -> None:
        self.log.append(text)
        del self.log[: max(0, len(self.log) - LOG_LINES)]


NAMES = tuple(f.name for f in fields(CState))


def dump_cstate(c: CState) -> dict[str, Any]:
    dumped = {n: deep_copy(getattr(c, n)) for n in NAMES}
    dumped["log"] = [log_json(line) for line in c.log]
    if c.seed_bits == LEGACY_SEED_BITS:
        del dumped["seed_bits"]  # as campaigns begun before the field dumped
    return dumped


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise MalformedState(msg)


def _int(v: Any, low: int = 0) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= low


def _strs(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _check_history(content: CampaignContent, comp: Components, history: Any) -> None:
    _need(isinstance(history, list), "history must be a list")
    for i, h in enumerate(history):
        _need(isinstance(h, dict) and set(h) == HISTORY_KEYS, "a history entry has the wrong keys")
        _need(h["voyage"] == i + 1 and h["card"] in content.cards, "history: bad voyage or card")
        _need(h["stage"] == content.cards[h["card"]]["stage"], "history: the card belongs to another voyage")
        _need(h["result"] in ("won", "lost") and isinstance(h["reason"], str), "history: bad result")
        _need(all(_int(h[k]) for k in ("renown", "encounters", "experience", "traumas", "scars")), "history: counts")
        _need(_strs(h["gained"]) and _strs(h["removed"]), "history: bad lists")
        _need(all(r in comp.encounters for r in h["removed"]), "history: unknown encounter")


def check_cstate(content: CampaignContent, comp: Components, d: Any) -> None:
    """Raise MalformedState unless `d` is a dumped campaign state."""
    _need(isinstance(d, dict) and set(d) | {"seed_bits"} == set(NAMES),
          f"a saved campaign has exactly: {', '.join(NAMES)} (seed_bits only when it is {SEED_BITS})")
    _need("seed_bits" not in d or _int(d["seed_bits"]) and d["seed_bits"] == SEED_BITS,
          f"seed_bits is {SEED_BITS} when written")
    _need(all(_int(d[k]) for k in ("seed", "rng", "purse", "renown", "scars", "patience")), "counts must be >= 0")
    _need(_int(d["voyage"], 1) and d["stage"] in (1, 2, 3, 4), "bad voyage or stage")
    _need(d["phase"] in PHASES, f"unknown phase {d['phase']!r}")
    _need(d["result"] in ("", "won", "lost") and (d["result"] != "") == (d["phase"] == "over"), "bad result")
    _need(isinstance(d["reason"], str) and isinstance(d["log"], list) and all(is_log_item(x) for x in d["log"]),
          "bad reason or log")
    _need(_strs(d["offered"]) and all(o in content.cards for o in d["offered"]), "bad offered cards")
    _need(all(content.cards[o]["stage"] == d["stage"] for o in d["offered"]), "offered cards of another voyage")
    _need(d["chosen"] is None or d["chosen"] in d["offered"], "the chosen card must be one offered")
    _need(d["phase"] == "over" or len(d["offered"]) >= 1, "a voyage being prepared has cards offered")
    _need(d["phase"] != "voyage" or d["chosen"] is not None, "a voyage sails under a chosen card")
    _need(_strs(d["upgrades"]) and all(u in content.upgrades for u in d["upgrades"]), "unknown upgrade")
    _need(len(set(d["upgrades"])) == len(d["upgrades"]), "an upgrade is owned once")
    _need(_strs(d["removed"]) and all(r in comp.encounters for r in d["removed"]), "unknown removed encounter")
    _need(all(comp.encounters[r].remove_from_campaign for r in d["removed"]), "that card cannot be removed")
    _need(len(set(d["removed"])) == len(d["removed"]), "removed cards repeat")
    _need(_strs(d["effects"]) and all(e in content.effects for e in d["effects"]), "unknown campaign effect")
    _need(all(content.effects[e]["lasts"] != "now" for e in d["effects"]), "a 'now' effect cannot stay in force")
    _need(d["purse"] <= d["renown"] and d["scars"] <= 3, "purse or scars out of range")
    _check_history(content, comp, d["history"])
    _need(len(d["history"]) == d["voyage"] - (d["phase"] != "over"), "history does not match the voyage number")


def load_cstate(content: CampaignContent, comp: Components, data: Any) -> CState:
    try:
        check_cstate(content, comp, data)
    except MalformedState:
        raise
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise MalformedState(f"malformed campaign: {exc!r}") from exc
    c = CState(**{n: deep_copy(data[n]) for n in NAMES if n in data})
    c.log = [log_line(x) for x in c.log]
    return c
