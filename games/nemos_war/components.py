"""Nemo's War components: load games/nemos_war/data/*.json into typed, frozen objects and check them.

Everything is checked against CONTRACT.md on load; a bad file raises `ComponentError` naming the file,
the item and what is wrong. Each object keeps its authored dict (`raw`) so the board gets the data as written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
RESOURCES = ("nemo", "crew", "hull")
PASSENGERS = ("professor", "ned", "conseil")
COMMITMENTS = ("science", "explore", "anti", "war")
REFITS = ("armour", "prow", "monstrous", "library", "seek")
GROUPS = ("light_grey", "yellow", "orange", "blue", "green", "dark_grey", "red")
TOKEN_KINDS = ("vp", "discard", "or", "wonder")
PILES = ("pass", "fail", "out")
EFFECT_OPS = {
    "res": {"res", "n"},
    "notoriety": {"n"},
    "liberation": {"n"},
    "week": {"n"},
    "treasure": {"n"},
    "salvage": {"n"},
    "reveal": set(),
    "ships": {"n", "where"},
    "remove_ship": {"n"},
    "hunter": {"ship"},
    "cannon": set(),
    "wreck": set(),
    "passenger": {"who"},
    "move": {"where"},
    "draw": set(),
}


class ComponentError(ValueError):
    """A data file does not match CONTRACT.md."""


def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise ComponentError(f"{where}: {msg}")


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class Ship:
    id: str
    cls: str
    group: str
    av: int | None
    dv: int
    vp: int
    skulls: int
    raw: Any

    @property
    def warship(self) -> bool:
        return self.av is not None


@dataclass(frozen=True)
class Ocean:
    key: str
    name: str
    die: int
    boxes: int
    start_ships: int
    routes: dict[str, int]
    raw: Any


@dataclass(frozen=True)
class Track:
    key: str
    name: str
    start: int
    hits: tuple[int, ...]
    final_commitment: int | None
    drm: dict[int, int]
    vp: dict[int, int]
    raw: Any


@dataclass(frozen=True)
class Token:
    id: str
    kind: str
    name: str
    vp: int
    effects: tuple[dict, ...]
    raw: Any


@dataclass(frozen=True)
class Card:
    id: str
    number: float
    title: str
    kind: str
    timing: str
    red_sun: bool
    ending: bool
    vp: int
    science: int
    where: tuple[str, ...] | None
    test: dict | None
    outcomes: tuple[dict, ...] | None
    raw: Any


@dataclass(frozen=True)
class Components:
    ships: dict[str, Ship]  # the 60 counters and the 6 expansion ships
    base_ids: tuple[str, ...]
    expansion_ids: tuple[str, ...]
    classes: dict[str, str]
    oceans: dict[str, Ocean]
    by_die: dict[int, str]
    scourge: tuple[int, ...]
    register_columns: int
    salvage_boxes: int
    tracks: dict[str, Track]
    passengers: dict[str, dict]
    notoriety: dict
    calendar: dict
    liberation_max: int
    markers: tuple[str, ...]
    tables: dict
    tokens: dict[str, Token]
    cards: dict[str, Card]
    memo: dict = field(default_factory=dict, compare=False, repr=False)  # views built once (view.py)

    def ship(self, sid: str) -> Ship:
        return self.ships[sid]


def check_effects(effects: Any, where: str, comp_ships: set[str]) -> None:
    _need(isinstance(effects, list), where, "effects must be a list")
    for e in effects:
        _need(isinstance(e, dict) and e.get("op") in EFFECT_OPS, where, f"unknown effect {e!r}")
        _need(set(e) - {"op"} == EFFECT_OPS[e["op"]], where, f"effect {e['op']} has the wrong keys: {e!r}")
        if "n" in e:
            _need(_int(e["n"]) and e["n"] != 0, where, f"effect {e['op']}: n must be a non-zero integer")
        if e["op"] == "res":
            _need(e["res"] in RESOURCES, where, f"unknown resource {e['res']!r}")
        if e["op"] == "hunter":
            _need(e["ship"] in comp_ships, where, f"unknown ship {e['ship']!r}")
        if e["op"] == "passenger":
            _need(e["who"] in PASSENGERS, where, f"unknown passenger {e['who']!r}")
        if e["op"] in ("ships", "move"):
            _need(e["where"] in ("here", "random"), where, "where must be here or random")


def _ships(data: dict) -> tuple[dict[str, Ship], tuple[str, ...], tuple[str, ...]]:
    ships: dict[str, Ship] = {}
    for key in ("ships", "expansion"):
        for d in data[key]:
            w = f"ships.json {d.get('id')}"
            _need(d["id"] not in ships, w, "duplicate id")
            _need(d["class"] in data["classes"], w, f"unknown class {d['class']!r}")
            ok_group = d["group"] in GROUPS if key == "ships" else d["group"] == "deadly_seas"
            _need(ok_group, w, f"bad group {d['group']!r}")
            _need(d["av"] is None or (_int(d["av"]) and 2 <= d["av"] <= 12), w, "av must be null or 2..12")
            _need(_int(d["dv"]) and 2 <= d["dv"] <= 13, w, "dv must be 2..13")
            _need(_int(d["vp"]) and 0 <= d["vp"] <= 10 and _int(d["skulls"]) and 0 <= d["skulls"] <= 3, w, "vp/skulls")
            ships[d["id"]] = Ship(d["id"], d["class"], d["group"], d["av"], d["dv"], d["vp"], d["skulls"], d)
    base = tuple(d["id"] for d in data["ships"])
    _need(len(base) == 60, "ships.json", f"exactly 60 ship counters, found {len(base)}")
    exp = tuple(d["id"] for d in data["expansion"])
    kinds = sorted(ships[i].cls for i in exp)
    want = ["armoured_frigate"] * 3 + ["ironclad"] * 3
    _need(kinds == want, "ships.json", "expansion: 3 armoured frigates, 3 ironclads")
    for g in ("dark_grey", "red"):
        _need(sum(1 for i in base if ships[i].group == g) == 1, "ships.json", f"one {g} event ship")
    return ships, base, exp


def _map(data: dict) -> tuple[dict[str, Ocean], dict[int, str]]:
    oceans = {}
    for d in data["oceans"]:
        w = f"map.json {d.get('key')}"
        _need(_int(d["boxes"]) and 1 <= d["boxes"] <= 6, w, "boxes 1..6")
        _need(_int(d["start_ships"]) and 0 <= d["start_ships"] <= d["boxes"], w, "start_ships")
        oceans[d["key"]] = Ocean(d["key"], d["name"], d["die"], d["boxes"], d["start_ships"], dict(d["routes"]), d)
    _need(len(oceans) == 6, "map.json", "six oceans")
    by_die = {o.die: k for k, o in oceans.items()}
    _need(sorted(by_die) == [1, 2, 3, 4, 5, 6], "map.json", "die numbers 1..6, once each")
    for k, o in oceans.items():
        for other, weeks in o.routes.items():
            _need(other in oceans and oceans[other].routes.get(k) == weeks, f"map.json {k}", f"route to {other}")
            _need(_int(weeks) and weeks >= 1, f"map.json {k}", "weeks >= 1")
    return oceans, by_die


def _tracks(data: dict) -> dict[str, Track]:
    tracks = {}
    for key in RESOURCES:
        d = data["resources"][key]
        pos = [p["pos"] for p in d["positions"]]
        _need(sorted(pos) == list(range(1, d["start"] + 1)), f"tracks.json {key}", "positions 1..start")
        drm = {p["pos"]: p["drm"] for p in d["positions"]}
        vp = {p["pos"]: p["vp"] for p in d["positions"]}
        tracks[key] = Track(key, d["name"], d["start"], tuple(d["hits"]), d["final_commitment"], drm, vp, d)
    hits = sorted(f for t in tracks.values() for f in t.hits)
    _need(hits == [1, 2, 3, 4, 5, 6], "tracks.json", "the hit table covers 1..6 once")
    return tracks


def _tokens(data: dict, ship_ids: set[str]) -> dict[str, Token]:
    tokens = {}
    for d in data["tokens"]:
        w = f"treasures.json {d.get('id')}"
        _need(d["kind"] in TOKEN_KINDS and d["id"] not in tokens, w, "kind / duplicate")
        check_effects(d["effects"], w, ship_ids)
        _need((d["kind"] in ("discard", "or")) == bool(d["effects"]), w, "only discard and OR tokens have effects")
        _need(d["kind"] != "vp" or d["vp"] >= 1, w, "a numbered treasure is worth at least 1")
        tokens[d["id"]] = Token(d["id"], d["kind"], d["name"], d["vp"], tuple(d["effects"]), d)
    return tokens


def _outcomes(lst: Any, w: str, ship_ids: set[str]) -> tuple[dict, ...]:
    _need(isinstance(lst, list) and lst, w, "outcomes must be a non-empty list")
    keys = [o["key"] for o in lst]
    _need(len(set(keys)) == len(keys), w, "outcome keys must be unique")
    for o in lst:
        _need(o["pile"] in PILES, w, f"bad pile {o['pile']!r}")
        check_effects(o["effects"], w, ship_ids)
    return tuple(lst)


def _cards(data: dict, oceans: dict, ship_ids: set[str]) -> dict[str, Card]:
    cards = {}
    for d in data["cards"]:
        w = f"cards.json {d.get('id')}"
        _need(d["id"] not in cards and d["kind"] in ("test", "event") and d["timing"] in ("now", "keep"), w, "kind")
        _need(d["where"] is None or all(o in oceans for o in d["where"]), w, "where")
        test = d["test"]
        if test is not None:
            _need(_int(test["target"]) and 2 <= test["target"] <= 13, w, "target")
            _need(all(r in RESOURCES for r in test["help"]), w, "help")
            _outcomes(test["pass"], w, ship_ids)
            _need(len(_outcomes(test["fail"], w, ship_ids)) == 1, w, "one fail outcome")
        _need((d["kind"] == "test") <= (test is not None), w, "a test card needs a test")
        _need((test is None) == (d["outcomes"] is not None), w, "either a test or outcomes")
        outs = _outcomes(d["outcomes"], w, ship_ids) if d["outcomes"] is not None else None
        where = tuple(d["where"]) if d["where"] else None
        cards[d["id"]] = Card(d["id"], float(d["number"]), d["title"], d["kind"], d["timing"], d["red_sun"],
                              d["ending"], d["vp"], d["science"], where, test, outs, d)
    _need(len(cards) == 36, "cards.json", f"exactly 36 adventure cards, found {len(cards)}")
    red = sorted(c.id for c in cards.values() if c.red_sun)
    _need(red == ["21", "24", "24a", "24b", "24c"], "cards.json", f"red-sun cards {red}")
    return cards


def _read(name: str, data_dir: Path) -> Any:
    with open(data_dir / name, encoding="utf-8") as f:
        return json.load(f)


def load_components(data_dir: Path = DATA_DIR) -> Components:
    sd = _read("ships.json", data_dir)
    ships, base, exp = _ships(sd)
    md = _read("map.json", data_dir)
    oceans, by_die = _map(md)
    td = _read("tracks.json", data_dir)
    tables = _read("tables.json", data_dir)
    for key in REFITS:
        _need(key in tables["refits"], "tables.json", f"refit {key}")
    _need(sorted(tables["commitments"]) == sorted(COMMITMENTS), "tables.json", "the four commitments")
    faces = sorted(f for c in tables["commitments"].values() for f in c["roll"])
    _need(faces == [1, 2, 3, 4, 5, 6], "tables.json", "the commitment roll covers 1..6 once")
    for t in ("rest", "search"):
        _need(sorted(tables[t]) == ["1", "2", "3", "4", "5", "6"], "tables.json", f"{t} table 1..6")
    ids = set(ships)
    return Components(
        ships=ships, base_ids=base, expansion_ids=exp, classes=sd["classes"], oceans=oceans, by_die=by_die,
        scourge=tuple(md["register"]["scourge"]), register_columns=md["register"]["columns"],
        salvage_boxes=md["salvage_boxes"], tracks=_tracks(td), passengers=td["passengers"],
        notoriety=td["notoriety"], calendar=td["calendar"], liberation_max=td["liberation"]["max"],
        markers=tuple(td["markers"]), tables=tables, tokens=_tokens(_read("treasures.json", data_dir), ids),
        cards=_cards(_read("cards.json", data_dir), oceans, ids),
    )


@cache
def components() -> Components:
    return load_components()
