"""Read data/*.json into `Components`, checking every field against CONTRACT.md and the rulebook's counts."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from games.call_to_adventure.components import (
    ABILITIES,
    ADV_OPS,
    COUNTS,
    DATA,
    EFFECT_OPS,
    FEEDS,
    ICONS,
    NEED_KEYS,
    POWER_OPS,
    REWARD_KEYS,
    STORY_ICONS,
    TRIGGERS,
    WHENS,
    Character,
    ComponentError,
    Components,
    Face,
    HeroCard,
    Path_,
    Rune,
    Story,
    need,
)

# Which timings an effect makes sense in (an `add` needs a cast to add to).
EFFECT_WHEN = {"add": ("before_cast", "after_cast"), "rune": ("before_cast",), "reroll": ("after_cast",)}


def _int(v: Any, where: str, what: str, low: int = 0, high: int = 99) -> int:
    need(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high, where, f"{what} must be {low}..{high}")
    return v


def check_icons(icons: Any, where: str) -> dict[str, int]:
    need(isinstance(icons, dict), where, "icons must be an object")
    for k, v in icons.items():
        need(k in ICONS, where, f"unknown icon {k!r}")
        _int(v, where, k, 1, 5)
    return dict(icons)


def check_effects(effects: Any, when: str, where: str) -> tuple[dict[str, Any], ...]:
    need(when in WHENS, where, f"unknown timing {when!r}")
    need(isinstance(effects, list) and effects, where, "effects must be a non-empty list")
    for e in effects:
        op = e.get("op")
        need(op in EFFECT_OPS, where, f"unknown effect {op!r}")
        need(when in EFFECT_WHEN.get(op, WHENS), where, f"{op} cannot be used {when}")
        if op == "rune":
            need(e.get("ability") in ABILITIES, where, "rune needs an ability")
        elif op == "adv_exp":
            _int(-e.get("n", 0), where, "adv_exp", 1, 5)
        elif op not in ("reroll", "free_travel"):
            _int(e.get("n"), where, op, 1, 5)
    return tuple(effects)


def check_reward(r: Any, where: str) -> dict[str, Any]:
    need(isinstance(r, dict), where, "reward must be an object")
    for k, v in r.items():
        need(k in REWARD_KEYS, where, f"unknown reward {k!r}")
        if k == "icons":
            check_icons(v, where)
        else:
            _int(v, where, k, 0, 9)
    return r


def check_need(n: Any, where: str) -> None:
    need(isinstance(n, dict) and n and set(n) <= set(NEED_KEYS) | {"n"}, where, f"bad requirement {n!r}")
    if "icon" in n:
        need(n["icon"] in ICONS, where, f"unknown icon {n['icon']!r}")
        _int(n.get("n"), where, "n", 1, 9)
    else:
        need(len(n) == 1, where, f"bad requirement {n!r}")
        _int(next(iter(n.values())), where, "requirement", 1, 9)


def _character(c: dict[str, Any]) -> Character:
    where = f"character {c.get('id')}"
    kind = c.get("kind")
    need(kind in ("origin", "motivation", "destiny"), where, "bad kind")
    power = c.get("power")
    if kind == "origin":
        need(power and power.get("trigger") in TRIGGERS and power.get("exp") == 1, where, "origin needs a trigger")
    elif kind == "motivation":
        need(power is not None, where, "motivation needs a power")
        _int(power.get("cost"), where, "cost", 1, 3)
        check_effects(power.get("effects"), power.get("when"), where)
    else:
        need(power is None and len(c.get("destiny", [])) >= 1, where, "destiny needs requirements, no power")
    for req in c.get("destiny", []):
        check_need(req.get("need"), where)
        need(len(set(req) & {"triumph", "tragedy"}) == 1, where, "a requirement gives triumph or tragedy")
    return Character(c["id"], kind, c["name"], _int(c["triumph"], where, "triumph", 0, 5),
                     _int(c["tragedy"], where, "tragedy", 0, 5), check_icons(c["icons"], where),
                     bool(c["first_game"]), power, tuple(c.get("destiny", [])), c)


def _story(c: dict[str, Any]) -> Story:
    where = f"story card {c.get('id')}"
    kind = c.get("type")
    need(kind in ("trait", "challenge", "ally", "adversary"), where, "bad type")
    need(c.get("act") in (1, 2, 3), where, "bad act")
    raw_paths = c.get("paths", {})
    want = {"challenge": {"top", "bottom"}, "trait": {"top"}, "adversary": {"top"}, "ally": set()}[kind]
    need(set(raw_paths) == want, where, f"paths must be {sorted(want)}")
    paths = {k: Path_(p["name"], bool(p["marked"]), check_reward(p["reward"], where)) for k, p in raw_paths.items()}
    extra: dict[str, Any] = {}
    if kind in ("challenge", "adversary"):
        extra["difficulty"] = _int(c.get("difficulty"), where, "difficulty", 1, 15)
        abil = c.get("abilities", [])
        need(abil and all(a in ABILITIES for a in abil), where, "bad abilities")
        extra["abilities"] = tuple(abil)
    if kind == "trait":
        for r in c.get("requires", []):
            need(isinstance(r, dict) and len(set(r) - {"n"}) == 1, where, f"bad prerequisite {r!r}")
            if "exp" not in r:
                check_need(r, where)
            else:
                _int(r["exp"], where, "exp", 1, 5)
        need(bool(c.get("requires")), where, "a trait has prerequisites")
        extra["requires"] = tuple(c["requires"])
    if kind == "adversary":
        need(c["act"] >= 2 and c.get("power", {}).get("op") in POWER_OPS, where, "adversary power")
        extra["power"] = c["power"]
    if kind == "ally":
        need(c["act"] <= 2, where, "allies are in Acts I and II")
        for key in ("spend", "sacrifice"):
            check_effects(c[key].get("effects"), c[key].get("when"), where)
            extra[key] = c[key]
    return Story(c["id"], c["act"], kind, c["name"], bool(c["first_game"]), paths, raw=c, **extra)


def _hero(c: dict[str, Any]) -> HeroCard:
    where = f"hero card {c.get('id')}"
    need(c.get("kind") in ("hero", "antihero"), where, "bad kind")
    effects = check_effects(c.get("effects"), c.get("when"), where)
    adv = tuple(c.get("adversary", ()))
    need(bool(c.get("skull")) == bool(adv), where, "skull cards (and only they) have Adversary effects")
    for a in adv:
        need(a.get("op") in ADV_OPS, where, f"unknown Adversary effect {a.get('op')!r}")
    return HeroCard(c["id"], c["kind"], c["name"], c["when"], effects, bool(c["skull"]), bool(c["first_game"]), adv, c)


def _rune(r: dict[str, Any]) -> Rune:
    where = f"rune {r.get('id')}"
    need(r.get("kind") in ("core", "dark", "ability") and len(r.get("faces", [])) == 2, where, "bad rune")
    faces = tuple(Face(_int(f["value"], where, "value", 0, 3), bool(f["draw"]), _int(f["corruption"], where, "c", 0, 1),
                       f["bonus"]) for f in r["faces"])
    for f in faces:
        need(f.bonus in (None, "exp", "draw", "virtue", "adv"), where, "bad bonus")
    need((r["kind"] == "ability") == (r.get("ability") in ABILITIES), where, "ability runes name their ability")
    return Rune(r["id"], r["kind"], r.get("ability"), bool(r["special"]), faces, r)  # type: ignore[arg-type]


def _solo(cards: list[dict[str, Any]], story: dict[str, Story]) -> dict[str, dict[str, Any]]:
    kinds = Counter(c.get("kind") for c in cards)
    advs = {s.id for s in story.values() if s.type == "adversary"}
    need(kinds["rise"] == 1 and kinds["quest"] == len(advs) and kinds["victory"] >= 1, "solo.json", "card kinds")
    for c in cards:
        if c["kind"] == "quest":
            ok = c["adversary"] in advs and c["bane"] in STORY_ICONS and c["feeds"]["trigger"] in FEEDS
            need(ok, c["id"], "quest")
            _int(c["extra"], c["id"], "extra", 0, 5)
        if c["kind"] == "victory":
            _int(c["goal"], c["id"], "goal", 5, 40)
            _int(c["target"], c["id"], "target", 1, 99)
    need(len({c["adversary"] for c in cards if c["kind"] == "quest"}) == len(advs), "solo.json", "one quest each")
    return {c["id"]: c for c in cards}


def _read(folder: Path, name: str) -> Any:
    try:
        return json.loads((folder / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ComponentError(f"{name}: {exc}") from exc


def _unique(items: list[Any], name: str) -> dict[str, Any]:
    out = {i.id: i for i in items}
    need(len(out) == len(items), name, "ids must be unique")
    return out


def load_components(folder: Path = DATA, check_counts: bool = True) -> Components:
    chars = _unique([_character(c) for c in _read(folder, "characters.json")], "characters.json")
    story = _unique([_story(c) for c in _read(folder, "story.json")], "story.json")
    heroes = _unique([_hero(c) for c in _read(folder, "heroes.json")], "heroes.json")
    runes = _unique([_rune(r) for r in _read(folder, "runes.json")], "runes.json")
    solo = _solo(_read(folder, "solo.json"), story)
    track = _read(folder, "track.json")
    for a in ABILITIES:
        need(all(f"{a}{i}" in runes for i in (1, 2, 3)) and runes[f"{a}3"].special, "runes.json", f"{a} runes")
    need(sum(1 for r in runes.values() if r.kind == "core") == 3, "runes.json", "3 core runes")
    need(sum(1 for r in runes.values() if r.kind == "dark") == 3, "runes.json", "3 dark runes")
    levels = tuple(track["levels"])
    need([lv["level"] for lv in levels] == list(range(1, len(levels) + 1)), "track.json", "levels 1..n")
    need(1 <= track["start"] <= len(levels), "track.json", "start level")
    comp = Components(chars, story, heroes, solo, runes, levels, track["start"],
                      {int(k): v for k, v in track["sets"].items()}, track["sets_extra"])
    if check_counts:
        check_rulebook_counts(comp)
    return comp


def check_rulebook_counts(comp: Components) -> None:
    got = Counter(c.kind for c in comp.characters.values())
    got.update(f"act{s.act}" for s in comp.story.values())
    got.update(h.kind for h in comp.heroes.values())
    got["solo"] = len(comp.solo)
    got["runes"] = len(comp.runes)
    for key, n in COUNTS.items():
        need(got[key] == n, "components", f"{key}: {got[key]} cards, the rulebook has {n}")
    need(sum(1 for h in comp.heroes.values() if h.skull) == 6, "heroes.json", "six skull cards")
