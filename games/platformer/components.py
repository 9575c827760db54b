"""Platformer's components: load games/platformer/data/*.json into typed, frozen objects, checked on load.

A bad file raises `ComponentError` naming the file, the component and what is wrong (CONTRACT.md is the
format). `raw` keeps each card's dict as authored, for the board.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
SYMBOLS = ("move", "sword", "gold", "hand", "star")
ENEMY_FACES = ("attack", "left", "right")
CELL_LETTERS = set("fuwltspegmbx")
EFFECT_OPS = {
    "gold": ("n",), "gems": ("n",), "heal": ("n",), "wound": ("n",), "symbol": ("sym",), "choose_symbol": (),
    "attack_bonus": ("n",), "reroll": (), "reroll_one": (), "reset_special": (), "enemies_attack": (),
    "enemies_move": ("dir",),
}
PASSIVES = ("max_health", "attack_plus", "boss_attack_plus", "kill_gold", "kill_gems", "hand_mult", "shop_discount",
            "provoke_shield", "trap_immune", "boss_armor", "extra_steps")
MODS = ("no_save", "shop_closed", "shop_discount", "extra_die", "fewer_dice", "gold_plus", "trap_plus",
        "enemy_die_twice", "attack_plus")
BOSS_OPS = ("hit", "token", "summon", "teleport", "reset_special", "steal", "enemies_attack", "tokens_on_specials")
RANGES = ("row", "adjacent", "around", "tile", "any")
ABILITIES = ("shamble", "thief", "rooted", "flying", "maul", "curse")
CONDITIONS = ("gold_at_least", "gems_at_least", "kill_tier", "kills_in_turn", "big_attack", "reach_level",
              "items_at_least", "health_at_most", "buy", "boss_level")
COUNTS = {"tiles_forest": 16, "tiles_void": 16, "heroes": 6, "enemies": 6, "items": 15, "potions": 15,
          "bosses": 2, "boss_cards": 11, "artifacts": 10, "events": 12, "boss_tokens": 20}


class ComponentError(ValueError):
    """A data file does not follow CONTRACT.md."""


def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise ComponentError(f"{where}: {msg}")


def _pos_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


@dataclass(frozen=True)
class TileCell:
    floor: bool
    oneway: bool
    wall_right: bool
    ladder: bool
    trap: bool
    shop: bool
    portal: bool
    spawn: bool
    gold: bool
    gem: bool
    boss_spawn: bool
    special: bool


@dataclass(frozen=True)
class Tile:
    id: str
    set: str
    boss: bool
    cells: tuple[tuple[TileCell, ...], ...]  # cells[row][col], row 0 = the tile's BOTTOM row


@dataclass(frozen=True)
class Card:
    """Any card: `raw` is its dict as authored; the typed fields the rules read most are copied out."""

    id: str
    name: str
    raw: Any

    def get(self, key: str, default: Any = None) -> Any:
        return self.raw.get(key, default)


@dataclass(frozen=True)
class Components:
    tiles: dict[str, Tile]
    dice: dict[str, tuple]
    heroes: dict[str, Card]
    enemies: dict[str, Card]
    items: dict[str, Card]
    potions: dict[str, Card]
    bosses: dict[str, Card]
    boss_cards: dict[str, Card]
    artifacts: dict[str, Card]
    events: dict[str, Card]

    def card(self, cid: str) -> Card:
        for table in (self.items, self.potions, self.artifacts):
            if cid in table:
                return table[cid]
        raise KeyError(cid)


def _cell(code: str, where: str, tile: dict) -> TileCell:
    letters = set() if code == "." else set(code)
    _need(letters <= CELL_LETTERS and (code == "." or "." not in code), where, f"bad cell code {code!r}")
    _need(not ({"p"} & letters) or tile["set"] == "void", where, "portals only on Void tiles")
    _need(not ({"b", "x", "u"} & letters) or tile["boss"], where, "boss cells only on boss tiles")
    has = letters.__contains__
    return TileCell(floor=has("f"), oneway=has("u"), wall_right=has("w"), ladder=has("l"), trap=has("t"),
                    shop=has("s"), portal=has("p"), spawn=has("e"), gold=has("g"), gem=has("m"),
                    boss_spawn=has("b"), special=has("x"))


def _tile(raw: Any) -> Tile:
    where = f"tiles.json {raw.get('id') if isinstance(raw, dict) else raw!r}"
    _need(isinstance(raw, dict) and isinstance(raw.get("id"), str), where, "needs an id")
    _need(raw.get("set") in ("forest", "void") and isinstance(raw.get("boss"), bool), where, "set/boss")
    rows = raw.get("rows")
    _need(isinstance(rows, list) and len(rows) == 4, where, "needs 4 rows")
    grid = []
    for text in reversed(rows):  # stored top first; kept bottom first
        codes = text.split() if isinstance(text, str) else []
        _need(len(codes) == 4, where, f"row {text!r} needs 4 cells")
        grid.append(tuple(_cell(c, where, raw) for c in codes))
    bottom = grid[0]
    if raw["boss"]:
        _need(all(c.oneway for c in bottom), where, "a boss tile's bottom row is one-way platforms")
        _need(any(c.boss_spawn for r in grid for c in r) and any(c.shop for r in grid for c in r), where,
              "a boss tile needs a boss spawn and a shop")
    else:
        _need(not all(c.floor and not c.ladder for c in bottom), where, "the bottom row needs a way up")
    return Tile(raw["id"], raw["set"], raw["boss"], tuple(grid))


def _check_effects(effects: Any, where: str) -> None:
    _need(isinstance(effects, list) and effects, where, "effects must be a non-empty list")
    for e in effects:
        _need(isinstance(e, dict) and e.get("op") in EFFECT_OPS, where, f"unknown effect {e!r}")
        for key in EFFECT_OPS[e["op"]]:
            _need(key in e, where, f"effect {e['op']} needs {key}")
        if "n" in e:
            _need(_pos_int(e["n"]), where, "n must be a positive integer")
        if e["op"] == "symbol":
            _need(e["sym"] in SYMBOLS, where, "unknown symbol")
        if e["op"] == "enemies_move":
            _need(e["dir"] in ("left", "right"), where, "dir is left or right")


def _check_passives(passives: Any, where: str) -> None:
    _need(isinstance(passives, list) and passives, where, "passives must be a non-empty list")
    for p in passives:
        _need(isinstance(p, dict) and p.get("key") in PASSIVES and _pos_int(p.get("n")), where, f"bad passive {p!r}")


def _check_kind(raw: dict, where: str, kinds: tuple[str, ...]) -> None:
    _need(raw.get("kind") in kinds, where, f"kind must be one of {kinds}")
    if raw["kind"] == "passive":
        _check_passives(raw.get("passives"), where)
    else:
        _check_effects(raw.get("effects"), where)


def _cards(name: str, data: Any, check) -> dict[str, Card]:
    _need(isinstance(data, list), name, "must be a list")
    out: dict[str, Card] = {}
    for raw in data:
        _need(isinstance(raw, dict) and isinstance(raw.get("id"), str), name, f"entry without id: {raw!r}")
        where = f"{name} {raw['id']}"
        _need(raw["id"] not in out, where, "duplicate id")
        _need(isinstance(raw.get("name"), str) and raw["name"], where, "needs a name")
        check(raw, where)
        out[raw["id"]] = Card(raw["id"], raw["name"], raw)
    return out


def _hero(raw: dict, where: str) -> None:
    _need(_pos_int(raw.get("health")), where, "health")
    ab = raw.get("ability")
    _need(isinstance(ab, dict) and ab.get("kind") in ("passive", "once"), where, "ability kind")
    if ab["kind"] == "passive":
        _check_passives(ab.get("passives"), where)
    else:
        _check_effects(ab.get("effects"), where)
        _need(set(ab.get("cost", {})) <= {"gold"}, where, "ability cost is gold only")
    star = raw.get("star")
    _need(isinstance(star, dict), where, "star")
    if "as" in star:
        _need(star["as"] in SYMBOLS[:4] and star.get("mult") in (1, 2), where, "star as/mult")
    else:
        _check_effects(star.get("effects"), where)


def _enemy(raw: dict, where: str) -> None:
    _need(raw.get("tier") in (1, 2, 3), where, "tier 1-3")
    _need(_pos_int(raw.get("health")) and _pos_int(raw.get("damage")), where, "health/damage")
    _need(raw.get("ability") in ABILITIES, where, "ability")
    _need(isinstance(raw.get("loot"), dict) and set(raw["loot"]) == {"gold", "gems"}, where, "loot gold/gems")


def _priced(kinds: tuple[str, ...]):
    def check(raw: dict, where: str) -> None:
        _need(_pos_int(raw.get("price")), where, "price")
        _check_kind(raw, where, kinds)
    return check


def _boss(raw: dict, where: str) -> None:
    _need(raw.get("mechanic") in ("medusa", "ikee"), where, "mechanic")
    _need(_pos_int(raw.get("damage")) and _pos_int(raw.get("health_per_level")), where, "damage/health")
    kinds = {t["kind"] for t in raw.get("tokens", [])}
    _need(raw.get("special", {}).get("token") in kinds, where, "special token kind")
    faces = ENEMY_FACES if raw["mechanic"] == "medusa" else SYMBOLS
    for card in raw.get("deck", []):
        w = f"{where} card {card.get('id')}"
        _need(card.get("range") in RANGES, w, "range")
        _need(card.get("match") and set(card["match"]) <= set(faces), w, "match")
        for op in card.get("effects", []) + raw["setup"]:
            _need(op.get("op") in BOSS_OPS, w, f"boss op {op!r}")
            _need(op["op"] != "token" or op.get("kind") in kinds, w, "token kind")
    covered = {f for c in raw["deck"] for f in c["match"]}
    _need(raw["mechanic"] != "medusa" or covered == set(ENEMY_FACES), where, "every enemy face must be matched")
    s = raw.get("summon", {})
    _need(_pos_int(s.get("tokens")) and _pos_int(s.get("health")) and _pos_int(s.get("damage")), where, "summon")


def _artifact(raw: dict, where: str) -> None:
    cond = raw.get("condition")
    _need(isinstance(cond, dict) and cond.get("kind") in CONDITIONS and _pos_int(cond.get("n")), where, "condition")
    _check_kind(raw, where, ("passive", "exhaust"))


def _event(raw: dict, where: str) -> None:
    _need(raw.get("timing") in ("now", "turn", "end"), where, "timing")
    if raw["timing"] == "turn":
        mods = raw.get("mods")
        _need(isinstance(mods, list) and mods, where, "a turn event needs mods")
        for m in mods:
            _need(m.get("key") in MODS and _pos_int(m.get("n")), where, f"bad mod {m!r}")
    else:
        _check_effects(raw.get("effects"), where)


def build_components(data: dict[str, Any]) -> Components:
    """Check and build from the parsed files (a dict: file stem -> content)."""
    tiles = {}
    for raw in data["tiles"]:
        t = _tile(raw)
        _need(t.id not in tiles, "tiles.json", f"duplicate {t.id}")
        tiles[t.id] = t
    dice = data["dice"]
    _need(len(dice["action"]) == 6 and set(dice["action"]) == set(SYMBOLS), "dice.json", "action die: 6 faces")
    _need(len(dice["enemy"]) == 6 and set(dice["enemy"]) == set(ENEMY_FACES), "dice.json", "enemy die")
    _need(dice["special"] == [None, *SYMBOLS], "dice.json", "special die: blank + the 5 symbols")
    bosses = _cards("bosses.json", data["bosses"], _boss)
    boss_cards = {}
    for b in bosses.values():
        for c in b.raw["deck"]:
            _need(c["id"] not in boss_cards, "bosses.json", f"duplicate card {c['id']}")
            boss_cards[c["id"]] = Card(c["id"], c["title"], {**c, "boss": b.id})
    comp = Components(
        tiles=tiles, dice={k: tuple(v) for k, v in dice.items()},
        heroes=_cards("heroes.json", data["heroes"], _hero),
        enemies=_cards("enemies.json", data["enemies"], _enemy),
        items=_cards("items.json", data["items"], _priced(("passive", "exhaust"))),
        potions=_cards("potions.json", data["potions"], _priced(("potion",))),
        bosses=bosses, boss_cards=boss_cards,
        artifacts=_cards("artifacts.json", data["artifacts"], _artifact),
        events=_cards("events.json", data["events"], _event),
    )
    for tier in (1, 2, 3):
        _need(sum(e.raw["tier"] == tier for e in comp.enemies.values()) == 2, "enemies.json", "2 cards per tier")
    return comp


@cache
def load_components(data_dir: Path = DATA_DIR) -> Components:
    data = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(data_dir.glob("*.json"))}
    return build_components(data)
