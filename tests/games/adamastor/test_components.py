"""Checks Adamastor's authored components (games/adamastor/data/*.json) against CONTRACT.md.

The JSON files are read directly, without the rules package, so these tests pin the data format on
their own: counts, allowed values, the shape of every effect, and the design envelope described in
games/adamastor/RULINGS.md (Components) (loose enough to leave room for balance tuning).
"""

from __future__ import annotations

import heapq
import itertools
import json
import re
from collections import Counter
from typing import Any

import pytest

from app.core.config import ROOT

DATA = ROOT / "games" / "adamastor" / "data"
TYPES = ("unrest", "disease", "fatigue")
WEATHER = ("sun", "cloud", "storm")
PLAIN_SKILLS = {"sunset_morale", "hand_limit", "nav_plus", "draw_two", "extra_action", "cheaper_skills",
                "reveal_maps"}
SKILL_KINDS = PLAIN_SKILLS | {"ignore_storm", "ignore_icon", "ignore_choice", "burst"}
CELL_KINDS = {"sea", "fog", "island", "current", "land", "none"}
FLOWS = {"N", "E", "S", "W"}
SIGNED_OPS = {"morale", "exp"}
COUNTED_OPS = {"draw", "discard", "actions", "nav_bonus", "heal"}
BARE_OPS = {"trauma", "learn", "reveal_map", "row_lowest", "flip"}
ALL_OPS = SIGNED_OPS | COUNTED_OPS | BARE_OPS | {"choice", "test", "campaign"}
PAYS = {"exp", "cards", "morale", "nav"}
# Action ids the rules already use for encounter answers; an option key must not shadow them.
RESERVED_KEYS = {"flip", "decline"}


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


EFFECT_KEYS = {e["key"] for e in load("campaign_effects.json")}


@pytest.fixture(scope="module")
def sailing() -> list[dict]:
    return load("sailing_cards.json")


@pytest.fixture(scope="module")
def weather() -> list[dict]:
    return load("weather.json")


@pytest.fixture(scope="module")
def maps() -> list[dict]:
    return load("maps.json")


@pytest.fixture(scope="module")
def encounters() -> list[dict]:
    return load("encounters.json")


@pytest.mark.parametrize(
    "name",
    [
        "sailing_cards.json",
        "weather.json",
        "maps.json",
        "encounters.json",
        "campaign_cards.json",
        "upgrades.json",
        "campaign_effects.json",
    ],
)
def test_files_are_pretty_printed_with_two_spaces(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


# --- Sailing cards -------------------------------------------------------------------------------

def test_forty_sailing_cards_numbered_1_to_40_with_unique_titles(sailing: list[dict]) -> None:
    assert len(sailing) == 40
    assert sorted(c["number"] for c in sailing) == list(range(1, 41))
    titles = [c["title"] for c in sailing]
    assert all(isinstance(t, str) and t.strip() for t in titles)
    assert len(set(titles)) == 40


def test_sailing_card_fields(sailing: list[dict]) -> None:
    keys = {"number", "title", "weather", "threats", "motivation", "nav", "trauma", "skill", "flavor"}
    for c in sailing:
        assert set(c) == keys, c["number"]
        assert c["weather"] in WEATHER
        assert set(c["threats"]) == set(TYPES)
        assert all(type(v) is int and 0 <= v <= 2 for v in c["threats"].values()), c["number"]
        assert c["motivation"] in (0, 1) and type(c["motivation"]) is int
        assert type(c["nav"]) is int and 0 <= c["nav"] <= 4
        assert isinstance(c["flavor"], str) and 10 <= len(c["flavor"]) <= 120, c["number"]
        assert (c["trauma"] is None) != (c["skill"] is None), f"card {c['number']}: one of trauma/skill"


def check_skill(skill: dict) -> None:
    kind = skill["kind"]
    assert kind in SKILL_KINDS
    assert type(skill["cost"]) is int and 1 <= skill["cost"] <= 3
    extra = set(skill) - {"kind", "cost"}
    if kind in PLAIN_SKILLS:
        assert not extra
    elif kind in ("ignore_storm", "burst"):
        assert extra == {"n"}
        assert skill["n"] in ((1, 2) if kind == "ignore_storm" else (3, 5))
    else:
        assert extra == {"types"}
        types = skill["types"]
        assert len(set(types)) == len(types) and set(types) <= set(TYPES)
        assert len(types) == 1 if kind == "ignore_icon" else len(types) in (2, 3)


def test_skills_and_traumas_are_well_formed(sailing: list[dict]) -> None:
    for c in sailing:
        if c["skill"] is not None:
            check_skill(c["skill"])
        else:
            assert set(c["trauma"]) == {"type", "sunset_morale"}
            assert c["trauma"]["type"] in TYPES
            assert c["trauma"]["sunset_morale"] in (0, -1)


def test_every_skill_kind_is_present(sailing: list[dict]) -> None:
    skills = [c["skill"] for c in sailing if c["skill"]]
    assert {s["kind"] for s in skills} == SKILL_KINDS
    assert {s["n"] for s in skills if s["kind"] == "burst"} == {3, 5}
    assert {s["n"] for s in skills if s["kind"] == "ignore_storm"} == {1, 2}
    assert {s["types"][0] for s in skills if s["kind"] == "ignore_icon"} == set(TYPES)
    assert any(s["kind"] == "ignore_choice" for s in skills)


def test_both_trauma_kinds_for_every_type(sailing: list[dict]) -> None:
    kinds = {(c["trauma"]["type"], c["trauma"]["sunset_morale"]) for c in sailing if c["trauma"]}
    assert kinds == {(t, m) for t in TYPES for m in (0, -1)}


def test_sailing_deck_design_envelope(sailing: list[dict]) -> None:
    skills = [c for c in sailing if c["skill"]]
    traumas = [c for c in sailing if c["trauma"]]
    assert 18 <= len(skills) <= 22
    assert all(5 <= n <= 8 for n in Counter(c["trauma"]["type"] for c in traumas).values())
    weather = Counter(c["weather"] for c in sailing)
    assert weather["sun"] > weather["cloud"] > weather["storm"] >= 8
    for t in TYPES:
        assert 14 <= sum(c["threats"][t] for c in sailing) <= 18, t
    assert 16 <= sum(c["motivation"] for c in sailing) <= 18
    assert 2.1 <= sum(c["nav"] for c in sailing) / 40 <= 2.5
    # Good navigation comes at a price: trauma cards carry more points than skill cards.
    assert sum(c["nav"] for c in traumas) / len(traumas) > sum(c["nav"] for c in skills) / len(skills)


# --- Weather card --------------------------------------------------------------------------------

def test_weather_table_covers_each_combination_once(weather: list[dict]) -> None:
    assert len(weather) == 10
    combos = [tuple(r["icons"]) for r in weather]
    assert sorted(combos) == sorted(itertools.combinations_with_replacement(WEATHER, 3))
    for r in weather:
        assert set(r) == {"icons", "name", "actions", "nav_penalty"}
        assert r["icons"] == sorted(r["icons"], key=WEATHER.index)
        assert isinstance(r["name"], str) and r["name"].strip()
        assert type(r["actions"]) is int and 1 <= r["actions"] <= 4
        assert r["nav_penalty"] in (0, 1)
    assert len({r["name"] for r in weather}) == 10


def test_worse_weather_never_helps(weather: list[dict]) -> None:
    by_icons = {tuple(r["icons"]): r for r in weather}
    assert by_icons[("sun", "sun", "sun")]["actions"] == 4
    assert by_icons[("storm", "storm", "storm")]["actions"] <= 2
    assert by_icons[("storm", "storm", "storm")]["nav_penalty"] == 1
    for icons, row in by_icons.items():
        # RULINGS.md, Components: navigation gets harder once storm clouds outnumber suns.
        assert row["nav_penalty"] == int(icons.count("storm") > icons.count("sun")), icons
        for i, icon in enumerate(icons):
            for worse in WEATHER[WEATHER.index(icon) + 1:]:
                other = by_icons[tuple(sorted(icons[:i] + (worse,) + icons[i + 1:], key=WEATHER.index))]
                assert other["actions"] <= row["actions"], (icons, worse)
                assert other["nav_penalty"] >= row["nav_penalty"], (icons, worse)


# --- Map cards -----------------------------------------------------------------------------------

def enter_cost(cell: dict, move: tuple[int, int]) -> int:
    if cell["kind"] != "current":
        return {"sea": 2, "fog": 3, "island": 3, "land": 3}[cell["kind"]]
    flow = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}[cell["flow"]]
    return 1 if move == flow else 4 if move == (-flow[0], -flow[1]) else 2


def cheapest_crossing(card: dict, row: int) -> int | None:
    """Points from the left port of `row` to a right-edge port (regular) or a land space (destination)."""
    cells = card["cells"]
    queue = [(enter_cost(cells[row][0], (0, 1)), row, 0)] if cells[row][0]["kind"] != "none" else []
    seen: set[tuple[int, int]] = set()
    while queue:
        cost, r, c = heapq.heappop(queue)
        if (r, c) in seen:
            continue
        seen.add((r, c))
        if cells[r][c]["kind"] == "land":
            return cost
        if c == 3 and card["kind"] == "regular":
            return cost + 2
        for dr, dc in ((-1, 0), (1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < 3 and 0 <= nc < 4 and cells[nr][nc]["kind"] != "none":
                heapq.heappush(queue, (cost + enter_cost(cells[nr][nc], (dr, dc)), nr, nc))
    return None


def test_fifteen_regular_and_three_destination_cards(maps: list[dict]) -> None:
    ids = [m["id"] for m in maps]
    assert sorted(i for i in ids if i.startswith("R")) == [f"R{n:02d}" for n in range(1, 16)]
    assert sorted(i for i in ids if i.startswith("D")) == ["D01", "D02", "D03"]
    assert len(ids) == 18
    assert len({m["name"] for m in maps}) == 18
    for m in maps:
        assert m["kind"] == ("regular" if m["id"].startswith("R") else "destination")
        assert set(m) == {"id", "name", "kind", "cells"} | ({"flag"} if m["kind"] == "destination" else set())


def test_map_cells_are_well_formed(maps: list[dict]) -> None:
    for m in maps:
        assert len(m["cells"]) == 3 and all(len(row) == 4 for row in m["cells"]), m["id"]
        for cell in itertools.chain.from_iterable(m["cells"]):
            assert set(cell) == {"kind", "storms", "anchor", "flow"}, m["id"]
            assert cell["kind"] in CELL_KINDS
            assert type(cell["storms"]) is int and 0 <= cell["storms"] <= 2
            assert type(cell["anchor"]) is bool
            assert cell["flow"] in FLOWS if cell["kind"] == "current" else cell["flow"] is None
            if cell["kind"] in ("land", "none"):
                assert not cell["anchor"] and cell["storms"] == 0, m["id"]
        anchors = sum(c["anchor"] for c in itertools.chain.from_iterable(m["cells"]))
        assert 1 <= anchors <= 3, m["id"]


def test_regular_cards_have_no_continent(maps: list[dict]) -> None:
    for m in (m for m in maps if m["kind"] == "regular"):
        assert all(c["kind"] not in ("land", "none") for row in m["cells"] for c in row), m["id"]
        assert "flag" not in m


def test_destination_cards_end_in_a_continent(maps: list[dict]) -> None:
    for m in (m for m in maps if m["kind"] == "destination"):
        assert m["flag"] is True
        column3 = Counter(row[3]["kind"] for row in m["cells"])
        assert column3 == Counter({"land": 2, "none": 1}), m["id"]
        for row in m["cells"]:
            assert all(c["kind"] in ("sea", "fog", "current") for c in row[:3]), m["id"]


def test_every_card_is_crossable_from_every_row_without_walls(maps: list[dict]) -> None:
    for m in maps:
        for row in range(3):
            cost = cheapest_crossing(m, row)
            assert cost is not None and 6 <= cost <= 15, (m["id"], row, cost)
        for col in range(4):
            column = [m["cells"][r][col] for r in range(3)]
            wall = all(c["kind"] == "current" and c["flow"] == "W" for c in column)
            assert not wall, f"{m['id']}: column {col} is a wall of currents running against the voyage"


def test_maps_offer_land_and_sea_encounters_and_mostly_helpful_currents(maps: list[dict]) -> None:
    cells = [c for m in maps for row in m["cells"] for c in row]
    anchored = Counter("land" if c["kind"] == "island" else "sea" for c in cells if c["anchor"])
    assert anchored["land"] >= 8 and anchored["sea"] >= 15
    flows = Counter(c["flow"] for c in cells if c["kind"] == "current")
    assert flows["E"] > sum(flows.values()) / 2
    assert flows["W"] > 0 and flows["N"] + flows["S"] > 0
    assert sum(c["storms"] for c in cells) >= 20


# --- Encounter cards -----------------------------------------------------------------------------

def check_cost(cost: dict) -> None:
    assert set(cost) == {"pay", "n"} and cost["pay"] in PAYS
    assert type(cost["n"]) is int and cost["n"] > 0


def check_check(check: dict) -> None:
    assert len(check) == 1
    (name, value), = check.items()
    valid = {"weather": lambda v: v in WEATHER, "nav_at_least": lambda v: type(v) is int and 1 <= v <= 4,
             "motivation": lambda v: v is True, "kind": lambda v: v in ("skill", "trauma"),
             "no_threat": lambda v: v in TYPES}
    assert name in valid and valid[name](value), check


def check_effects(effects: list, keys: list[str], ops: Counter) -> None:
    """Validate a list of EFFECTs recursively, collecting option keys and the ops used."""
    assert isinstance(effects, list) and effects
    for e in effects:
        op = e["op"]
        assert op in ALL_OPS, e
        ops[op] += 1
        if op in SIGNED_OPS or op in COUNTED_OPS:
            assert set(e) == {"op", "n"} and type(e["n"]) is int and e["n"] != 0, e
            assert op in SIGNED_OPS or e["n"] > 0, e
        elif op in BARE_OPS:
            assert set(e) == {"op"}, e
        elif op == "campaign":
            assert set(e) == {"op", "effect"} and e["effect"] in EFFECT_KEYS, e
        elif op == "test":
            assert set(e) == {"op", "check", "success", "failure"}
            check_check(e["check"])
            ops["check:" + next(iter(e["check"]))] += 1
            check_effects(e["success"], keys, ops)
            check_effects(e["failure"], keys, ops)
        else:
            assert set(e) == {"op", "options"} and len(e["options"]) >= 2, e
            assert any(not o["costs"] for o in e["options"]), f"a choice needs a free option: {e}"
            for option in e["options"]:
                assert set(option) == {"key", "label", "costs", "effects"}, option
                assert re.fullmatch(r"[a-z][a-z0-9_]*", option["key"]) and option["key"] not in RESERVED_KEYS
                assert isinstance(option["label"], str) and 3 <= len(option["label"]) <= 40
                keys.append(option["key"])
                for cost in option["costs"]:
                    check_cost(cost)
                    ops["pay:" + cost["pay"]] += 1
                check_effects(option["effects"], keys, ops)


def check_section(section: dict, keys: list[str], ops: Counter) -> None:
    assert isinstance(section["text"], str) and 15 <= len(section["text"]) <= 150, section
    assert set(section) in ({"text", "effects"}, {"text", "task"}), section
    if "effects" in section:
        check_effects(section["effects"], keys, ops)
        return
    task = section["task"]
    assert set(task) == {"text", "where", "costs", "reward"}
    assert isinstance(task["text"], str) and task["text"].strip()
    assert task["where"] in ("any", "sea", "land")
    assert task["costs"], "a task must ask for something"
    for cost in task["costs"]:
        check_cost(cost)
        ops["pay:" + cost["pay"]] += 1
    check_effects(task["reward"], keys, ops)
    ops["task"] += 1


def card_ops(card: dict) -> tuple[list[str], Counter]:
    keys: list[str] = []
    ops: Counter = Counter()
    check_section(card["sea"], keys, ops)
    check_section(card["land"], keys, ops)
    return keys, ops


def test_forty_five_encounters_with_ids_e01_to_e45(encounters: list[dict]) -> None:
    assert [c["id"] for c in encounters] == [f"E{n:02d}" for n in range(1, 46)]
    assert len({c["title"] for c in encounters}) == 45
    for c in encounters:
        assert set(c) - {"back"} == {"id", "title", "remove_from_campaign", "sea", "land"}, c["id"]
        assert isinstance(c["title"], str) and c["title"].strip()
        assert type(c["remove_from_campaign"]) is bool
    assert any(c["remove_from_campaign"] for c in encounters)


def test_every_encounter_section_is_valid(encounters: list[dict]) -> None:
    for c in encounters:
        keys, _ = card_ops(c)
        assert len(keys) == len(set(keys)), f"{c['id']}: option keys must be unique in the card"


def test_backs_exist_exactly_when_a_section_flips(encounters: list[dict]) -> None:
    for c in encounters:
        _, ops = card_ops(c)
        assert ("back" in c) == (ops["flip"] > 0), c["id"]
        if "back" in c:
            back = c["back"]
            assert set(back) == {"title", "text", "effects"}
            assert back["title"].strip() and 15 <= len(back["text"]) <= 150
            back_ops: Counter = Counter()
            keys, _ = card_ops(c)
            check_effects(back["effects"], keys, back_ops)
            assert back_ops["flip"] == 0, f"{c['id']}: a back cannot flip again"
            assert len(keys) == len(set(keys)), c["id"]


def test_task_rewards_never_flip(encounters: list[dict]) -> None:
    for c in encounters:
        for name in ("sea", "land"):
            if "task" in c[name]:
                assert all(e["op"] != "flip" for e in c[name]["task"]["reward"]), c["id"]
        assert not ("task" in c["sea"] and "task" in c["land"]), f"{c['id']}: only one task per card"


def test_encounter_deck_design_envelope(encounters: list[dict]) -> None:
    totals: Counter = Counter()
    for c in encounters:
        _, ops = card_ops(c)
        if "back" in c:
            check_effects(c["back"]["effects"], [], ops)
        totals.update(ops)
        totals["cards with flip"] += ops["flip"] > 0
    assert 6 <= totals["cards with flip"] <= 10
    assert 5 <= totals["task"] <= 8
    assert 6 <= sum(c["remove_from_campaign"] for c in encounters) <= 10
    # Every effect, cost and check of the contract appears at least once, so the rules get exercised.
    assert {op for op in ALL_OPS if totals[op] == 0} == set()
    assert {p for p in PAYS if totals["pay:" + p] == 0} == set()
    checks = {"weather", "nav_at_least", "motivation", "kind", "no_threat"}
    assert {ch for ch in checks if totals["check:" + ch] == 0} == set()


# --- Campaign Mode (campaign_cards.json, upgrades.json, campaign_effects.json) ---------------------

MOD_OPS = {"exp", "hand", "morale", "trauma", "first_turn_actions", "storm_season", "hand_limit", "enc_exp",
           "reveal"}


def check_mods(mods: list) -> None:
    for m in mods:
        assert set(m) == {"op", "n"} and m["op"] in MOD_OPS and type(m["n"]) is int and m["n"] != 0, m


def test_twelve_campaign_cards_lettered_a_to_h() -> None:
    cards = load("campaign_cards.json")
    assert len(cards) == 12 and len({c["id"] for c in cards}) == 12
    assert {c["letter"] for c in cards} == set("ABCDEFGH")
    assert all(re.fullmatch(r"[A-H][1-9]", c["id"]) and c["id"][0] == c["letter"] for c in cards)
    stages = Counter(c["stage"] for c in cards)
    assert stages == Counter({0: 1, 1: 4, 2: 4, 3: 2, 4: 1})
    # Letters keep to their voyage: A the commission, B-C the first, D-F the second, G-H the last.
    expected = {"A": {0}, "B": {1}, "C": {1}, "D": {2}, "E": {2}, "F": {2}, "G": {3}, "H": {4}}
    for c in cards:
        assert c["stage"] in expected[c["letter"]], c["id"]
        assert c["title"].strip() and 20 <= len(c["text"]) <= 160, c["id"]


def test_voyage_cards_set_a_goal_a_map_and_a_special_rule(maps: list[dict]) -> None:
    kinds = {m["id"]: m["kind"] for m in maps}
    for c in load("campaign_cards.json"):
        if c["stage"] == 0:
            assert set(c) == {"id", "letter", "stage", "title", "text", "patience"} and c["patience"] >= 1
            continue
        assert set(c) == {"id", "letter", "stage", "title", "text", "goal", "map", "mods", "skills"}, c["id"]
        goal = c["goal"]
        assert goal == {"kind": "reach"} or (
            set(goal) == {"kind", "n", "where"} and goal["kind"] == "encounters" and goal["where"] in ("any", "land")
        ), c["id"]
        m = c["map"]
        assert set(m) == {"regular", "fixed", "destination"} and 2 <= m["regular"] <= 4
        assert all(kinds[f] == "regular" for f in m["fixed"]) and len(m["fixed"]) <= m["regular"]
        assert m["destination"] is None or kinds[m["destination"]] == "destination"
        check_mods(c["mods"])
        assert c["mods"] or c["skills"], f"{c['id']}: every voyage card has a special rule"
        assert set(c["skills"]) <= SKILL_KINDS
        if goal.get("where") == "land":  # a land goal must be reachable on its own fixed card
            fixed = next(mm for mm in maps if mm["id"] == m["fixed"][0])
            land = sum(x["anchor"] and x["kind"] == "island" for row in fixed["cells"] for x in row)
            assert land >= goal["n"], c["id"]


def test_upgrades_sheet() -> None:
    ups = load("upgrades.json")
    assert 8 <= len(ups) <= 12 and [u["id"] for u in ups] == [f"U{i}" for i in range(1, len(ups) + 1)]
    for u in ups:
        assert set(u) - {"scar_cap"} == {"id", "title", "cost", "text", "mods", "skills"}, u["id"]
        assert type(u["cost"]) is int and 3 <= u["cost"] <= 12
        check_mods(u["mods"])
        assert set(u["skills"]) <= SKILL_KINDS
        assert u["mods"] or u["skills"] or "scar_cap" in u, f"{u['id']} must do something"


def test_campaign_effects_are_used_by_encounters(encounters: list[dict]) -> None:
    effects = load("campaign_effects.json")
    keys = [e["key"] for e in effects]
    assert len(keys) == len(set(keys)) and any(e["good"] for e in effects) and not all(e["good"] for e in effects)
    for e in effects:
        assert set(e) == {"key", "title", "good", "lasts", "text", "mods", "renown", "scars", "patience"}
        assert e["lasts"] in ("now", "next", "campaign")
        check_mods(e["mods"])
        assert bool(e["mods"]) == (e["lasts"] != "now"), e["key"]
    used = set(re.findall(r'"effect": "([a-z_]+)"', json.dumps(encounters)))
    assert used == set(keys), "every campaign effect is set by some encounter, and only known ones"
