"""Campaign Mode's components: the 12 campaign cards (A-H), the upgrades sheet and the campaign effects
that encounter cards can set (data/campaign_cards.json, upgrades.json, campaign_effects.json).

Loaded once and checked against CONTRACT.md (Campaign Mode); a bad file raises `ComponentError`.
The dicts are kept as authored: the campaign copies from them into its state and views.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.adamastor.components import DATA_DIR, SKILL_KINDS, Components
from games.adamastor.effects_schema import ComponentError
from games.adamastor.voyage import MOD_KEYS

STAGES = {0: "A", 1: "BC", 2: "DEF", 3: "G", 4: "H"}  # 4 = the second attempt at a lost final voyage


def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise ComponentError(f"{where}: {msg}")


def _check_mods(mods: Any, where: str) -> None:
    _need(isinstance(mods, list), where, "mods must be a list")
    for m in mods:
        ok = isinstance(m, dict) and m.get("op") in MOD_KEYS and isinstance(m.get("n"), int) and m["n"] != 0
        _need(ok, where, f"bad modifier {m!r}")


def _check_card(c: Any, maps: dict) -> None:
    _need(isinstance(c, dict) and isinstance(c.get("id"), str), "campaign_cards.json", "a card needs an id")
    where = f"campaign_cards.json {c['id']}"
    _need(re.fullmatch(r"[A-H][1-9]", c["id"]) is not None and c.get("letter") == c["id"][0], where, "bad id")
    _need(c.get("stage") in STAGES and c["letter"] in STAGES[c["stage"]], where, "letter and stage disagree")
    _need(isinstance(c.get("title"), str) and isinstance(c.get("text"), str), where, "title and text")
    if c["stage"] == 0:
        _need(isinstance(c.get("patience"), int) and c["patience"] >= 1, where, "the commission sets patience")
        return
    goal = c.get("goal")
    _need(isinstance(goal, dict) and goal.get("kind") in ("reach", "encounters"), where, "bad goal")
    m = c.get("map")
    _need(isinstance(m, dict) and isinstance(m.get("regular"), int) and 1 <= m["regular"] <= 4, where, "bad map")
    _need(all(maps.get(f) is not None and maps[f].kind == "regular" for f in m["fixed"]), where, "bad fixed card")
    _need(m["destination"] is None or maps.get(m["destination"]) is not None, where, "bad destination")
    _check_mods(c.get("mods"), where)
    _need(all(k in SKILL_KINDS for k in c.get("skills", [])), where, "unknown skill kind")


@dataclass(frozen=True)
class CampaignContent:
    cards: dict[str, dict]
    upgrades: dict[str, dict]
    effects: dict[str, dict]

    def stage_cards(self, stage: int) -> list[str]:
        return sorted(k for k, c in self.cards.items() if c["stage"] == stage)

    @property
    def commission(self) -> dict:
        return next(c for c in self.cards.values() if c["stage"] == 0)


def build_campaign(comp: Components, cards: Any, upgrades: Any, effects: Any) -> CampaignContent:
    """Validate the three lists (as in the JSON files) against the game's components."""
    for c in cards:
        _check_card(c, comp.maps)
    _need(len({c["id"] for c in cards}) == len(cards), "campaign_cards.json", "duplicate ids")
    _need(all(any(c["stage"] == st for c in cards) for st in STAGES), "campaign_cards.json", "a stage is empty")
    for u in upgrades:
        where = f"upgrades.json {u.get('id')}"
        _need(isinstance(u.get("cost"), int) and u["cost"] > 0, where, "cost must be positive")
        _check_mods(u.get("mods"), where)
        _need(all(k in SKILL_KINDS for k in u.get("skills", [])), where, "unknown skill kind")
    for e in effects:
        where = f"campaign_effects.json {e.get('key')}"
        _need(e.get("lasts") in ("now", "next", "campaign"), where, "lasts is now, next or campaign")
        _check_mods(e.get("mods"), where)
        _need(all(isinstance(e.get(k), int) for k in ("renown", "scars", "patience")), where, "renown/scars/patience")
    keys = {e["key"] for e in effects}
    used = set(re.findall(r"'op': 'campaign', 'effect': '([a-z_]+)'", repr([e.raw for e in comp.encounters.values()])))
    _need(used <= keys, "encounters.json", f"unknown campaign effects: {sorted(used - keys)}")
    return CampaignContent({c["id"]: c for c in cards}, {u["id"]: u for u in upgrades}, {e["key"]: e for e in effects})


def load_campaign(comp: Components, data_dir: Path | str | None = None) -> CampaignContent:
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    loaded = []
    for name in ("campaign_cards", "upgrades", "campaign_effects"):
        path = folder / f"{name}.json"
        try:
            loaded.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise ComponentError(f"{path}: {exc}") from exc
    return build_campaign(comp, *loaded)
