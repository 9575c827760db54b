"""The `heuristic` bot: a plain climber. It plans its steps with a breadth-first search over the cells it can
reach with the move symbols it has (ending on something that holds it, avoiding provoked attacks and traps,
picking up gold and gems, touching the top row to reveal the next level), kills enemies when its swords suffice
without gems, keeps its gems for the boss, and strikes the boss once swords, gems and bonuses reach its health.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from games.engine import Action, Rng
from games.platformer import symbols as sy
from games.platformer.combat import adjacent_enemies, attack_wounds, can_reach
from games.platformer.effects import price
from games.platformer.geometry import cid, parse
from games.platformer.movement import shift_targets, supported
from games.platformer.table import (
    State,
    boss_level,
    enemy_stats,
    gem_step_cost,
    has_token,
    is_active,
    layout,
    level_of,
    max_health,
    occupied,
    on_boss_level,
    passive,
    top_revealed,
)

BUY_ORDER = ("i15", "i09", "i07", "i01", "i02", "i14", "i03", "i11", "i06", "i10", "i13", "i12", "i04", "i05", "i08")
POTION_ORDER = ("Potion of Rage", "Gem Dust", "Potion of Swiftness", "Potion of Life", "Potion of Fortune")


class HeuristicBot:
    name = "heuristic"

    def choose(self, engine: Any, s: State, actions: list[Action], rng: Rng) -> str:
        comp = engine.components
        ids = [a.id for a in actions]
        pick = _choose(comp, s, ids)
        return pick if pick in ids else ids[-1]


def _choose(comp, s: State, ids: list[str]) -> str:
    if s["push"] is not None:
        return _push(comp, s, ids)
    if s["phase"] == "save":
        return _save(comp, s, ids)
    p = s["pending"]
    if p is not None:
        if p["kind"] in ("forge", "pick"):
            return "as:" + _wanted(comp, s)
        if p["kind"] == "reroll":
            return _worst_die(comp, s, ids)
        return _use(comp, s, p, ids)
    return _main(comp, s, ids)


# ---- what to do with the pool -------------------------------------------------------------------------------

def _wanted(comp, s: State) -> str:
    if on_boss_level(s) and _kill_boss_wounds(comp, s, extra_sword=1) >= _boss_hp(comp, s):
        return "sword"
    return "move"


def _sym(comp, s: State, face: str) -> str:
    return sy.resolve_star(comp, face, s["opts"]["hero"])[0]


def _worst_die(comp, s: State, ids: list[str]) -> str:
    rank = {"hand": 0, "gold": 1, "star": 2, "sword": 3, "move": 4}
    opts = [a for a in ids if a.startswith("reroll:")]
    return min(opts, key=lambda a: rank[s["dice"][int(a.split(":")[1][1:])]["face"]])


def _push(comp, s: State, ids: list[str]) -> str:
    hero = s["hero_cell"]
    near = {c for c, _ in layout(comp, s).links[hero]}
    opts = [a for a in ids if a.startswith("push:")]
    far = [a for a in opts if a[5:] not in near]
    return (far or opts)[0]


def _save(comp, s: State, ids: list[str]) -> str:
    if s["pending"] is not None:
        return "as:" + _wanted(comp, s)
    want = "sword" if on_boss_level(s) else "move"
    for a in ids:
        if a.startswith("save:d") and s["dice"][int(a[6:])]["face"] == want:
            return a
    if s["special"] is not None and _sym(comp, s, s["special"]) == want:
        return "save:skip"
    forge = [a for a in ids if a.startswith("saveforge:")]
    if forge:
        return forge[0]
    for a in ids:
        if a.startswith("save:d"):
            return a
    return "save:skip"


# ---- the boss ------------------------------------------------------------------------------------------------

def _boss_hp(comp, s: State) -> int:
    return enemy_stats(comp, s, "boss")["health"] if "boss" in s["figs"] else 99


def _alloc(parts: list[int], gems: int, s: State) -> int:
    """Most wounds from sword parts of these bases with `gems` (cheapest upgrade first)."""
    mults = [1] * len(parts)
    while parts:
        i = min(range(len(parts)), key=lambda k: gem_step_cost(s, mults[k]))
        cost = gem_step_cost(s, mults[i])
        if cost > gems:
            break
        gems -= cost
        mults[i] += 1
    return sum(b * m for b, m in zip(parts, mults, strict=False))


def _kill_boss_wounds(comp, s: State, extra_sword: int = 0) -> int:
    if "boss" not in s["figs"]:
        return 0
    src = sy.sources(s)
    parts = [sy.resolve_star(comp, f, s["opts"]["hero"])[1] for f in src.values() if _sym(comp, s, f) == "sword"]
    parts += [1] * extra_sword
    rest = {k: f for k, f in src.items() if _sym(comp, s, f) not in ("sword", "move")}
    if not has_token(s, "jam"):
        parts += [1] * _pair_count(rest)
    bonus = sum(2 for c in s["potions"] if comp.potions[c].name == "Potion of Rage")
    bonus += sum(1 for c in s["items"] if c == "i02" and c not in s["exhausted"])
    if not parts:
        return 0
    return attack_wounds(comp, s, _alloc(parts, s["gems"], s), "boss") + bonus


def _pair_count(src: dict[str, str]) -> int:
    counts: dict[str, int] = {}
    for f in src.values():
        counts[f] = counts.get(f, 0) + 1
    return sum(n // 2 for n in counts.values())


# ---- the main step -----------------------------------------------------------------------------------------

def _main(comp, s: State, ids: list[str]) -> str:
    src = sy.sources(s)
    if s["hero_cell"] is None:
        rank = {"hand": 0, "gold": 1, "star": 2, "sword": 3, "move": 4}
        return "use:" + min(src, key=lambda k: (rank[src[k]], k))
    for a in ids:  # free symbols and goods first
        if a.startswith(("item:", "potion:")) and _good_item(comp, s, a):
            return a
    boss_adjacent = "boss" in adjacent_enemies(comp, s, s["hero_cell"])
    if boss_adjacent and _kill_boss_wounds(comp, s) >= _boss_hp(comp, s):
        for a in ids:
            if a.startswith("potion:") and comp.potions[a[7:]].name == "Potion of Rage":
                return a
        if "item:i02" in ids:
            return "item:i02"
        for k, f in src.items():
            if _sym(comp, s, f) == "sword" and f"use:{k}" in ids:
                return f"use:{k}"
        pairs = [a for a in ids if a.startswith("forge:")]
        if pairs:
            return pairs[0]
    kill = _cheap_kill(comp, s, ids)
    if kill:
        return kill
    buy = _buy(comp, s, ids)
    if buy:
        return buy
    for k, f in src.items():
        if _sym(comp, s, f) == "move" and f"use:{k}" in ids:
            best = _plan(comp, s, _budget(comp, s))
            if best and best[1]:
                return f"use:{k}"
            break
    convert = _convert(comp, s, src, ids)
    if convert:
        return convert
    for k, f in src.items():
        if _sym(comp, s, f) == "gold" and f"use:{k}" in ids:
            return f"use:{k}"
        if _sym(comp, s, f) == "star" and f"use:{k}" in ids and s["health"] < max_health(comp, s):
            return f"use:{k}"
    shove = _shove_start(comp, s, src, ids)
    if shove:
        return shove
    if "ability" in ids and comp.heroes[s["opts"]["hero"]].raw["ability"]["effects"][0]["op"] != "reroll_one":
        return "ability"
    if "ability" in ids and any(not d["used"] and d["face"] in ("hand", "gold") for d in s["dice"]):
        return "ability"
    return "end_actions"


def _spare(comp, s: State, src: dict[str, str]) -> list[str]:
    """Symbols the bot would turn into moves: hands, gold, swords with no enemy to hit, wildcard stars."""
    fighting = bool(adjacent_enemies(comp, s, s["hero_cell"])) or on_boss_level(s)
    keep = {"move"} | ({"sword"} if fighting else set())
    return [k for k, f in src.items() if _sym(comp, s, f) not in keep]


def _spares(comp, s: State, src: dict[str, str]) -> tuple[list[str], int]:
    """Wildcard stars and forgeable pairs of spare symbols (none on the boss level: swords matter there)."""
    if on_boss_level(s) or s["hero_cell"] is None:
        return [], 0
    spare = _spare(comp, s, src)
    star = comp.heroes[s["opts"]["hero"]].raw["star"]
    wild = any(e["op"] == "choose_symbol" for e in star.get("effects", []))
    stars = [k for k in spare if _sym(comp, s, src[k]) == "star" and wild]
    rest = {k: src[k] for k in spare if _sym(comp, s, src[k]) != "star"}
    return stars, (0 if has_token(s, "jam") else _pair_count(rest))


def _potential(comp, s: State) -> int:
    stars, pairs = _spares(comp, s, sy.sources(s))
    return _budget(comp, s) + len(stars) + pairs


def _convert(comp, s: State, src: dict[str, str], ids: list[str]) -> str | None:
    """Turn spare symbols into moves (a wildcard star, then forged pairs) when more steps reach a better place."""
    if on_boss_level(s):
        return None
    stars, pairs = _spares(comp, s, src)
    if not stars and not pairs:
        return None
    budget = _budget(comp, s)
    now, more = _plan(comp, s, budget), _plan(comp, s, budget + len(stars) + pairs)
    if not (now and more and more[0] > now[0] + 3):
        return None
    if stars and f"use:{stars[0]}" in ids:
        return f"use:{stars[0]}"
    spare = set(_spare(comp, s, src)) - set(stars)
    for a in ids:
        if a.startswith("forge:") and a.split(":")[1] in spare:
            return a
    return None


def _good_item(comp, s: State, aid: str) -> bool:
    cid_ = aid.split(":")[1]
    card = comp.card(cid_).raw
    ops = {e["op"] for e in card["effects"]}
    if ops & {"attack_bonus"}:
        return False  # kept for the boss strike
    if ops & {"heal"}:
        return s["health"] < max_health(comp, s) - 1 or s["health"] == 1
    if ops & {"reroll", "reroll_one", "choose_symbol"}:
        return aid.startswith("item:") or on_boss_level(s)
    if card["kind"] == "potion" and card["name"] not in ("Gem Dust",) and not on_boss_level(s):
        return card["name"] == "Potion of Swiftness" and s["turn"] >= 6
    return True


def _cheap_kill(comp, s: State, ids: list[str]) -> str | None:
    """Defeat an adjacent regular enemy with swords alone (no gems), starting or continuing the attack."""
    swords = [k for k, f in sy.sources(s).items() if _sym(comp, s, f) == "sword"]
    if not swords:
        return None
    total = sum(sy.resolve_star(comp, sy.face_of(s, k), s["opts"]["hero"])[1] for k in swords)
    for fid in adjacent_enemies(comp, s, s["hero_cell"]):
        if fid == "boss" or not can_reach(s, fid):
            continue
        if attack_wounds(comp, s, total, fid) >= enemy_stats(comp, s, fid)["health"]:
            return f"use:{swords[0]}"
    return None


def _shopping(comp, s: State) -> bool:
    """Worth a detour: the shop has something the bot buys and it can pay for it."""
    wanted = [c for c in s["shop_items"] if c in BUY_ORDER[:8]]
    wanted += [c for c in s["shop_potions"] if comp.potions[c].name in POTION_ORDER[:2]]
    return any(price(comp, s, c) <= s["gold"] for c in wanted)


def _buy(comp, s: State, ids: list[str]) -> str | None:
    buys = [a for a in ids if a.startswith("buy:")]
    for want in BUY_ORDER:
        if f"buy:{want}" in buys:
            return f"buy:{want}"
    for name in POTION_ORDER:
        for a in buys:
            if a[4:] in comp.potions and comp.potions[a[4:]].name == name:
                return a
    return None


def _shove_start(comp, s: State, src: dict[str, str], ids: list[str]) -> str | None:
    """A hand symbol moves an adjacent enemy away (fewer attacks from the enemy die and when leaving)."""
    hero = s["hero_cell"]
    near = {c for c, _ in layout(comp, s).links[hero]}
    if not any(set(shift_targets(comp, s, f)) - near for f in adjacent_enemies(comp, s, hero) if can_reach(s, f)):
        return None
    for k, f in src.items():
        if _sym(comp, s, f) == "hand" and f"use:{k}" in ids:
            return f"use:{k}"
    return None


# ---- a symbol being used -----------------------------------------------------------------------------------

def _use(comp, s: State, p: dict, ids: list[str]) -> str:
    sym = p["symbol"]
    if sym == "respawn":
        cells = [a for a in ids if a.startswith("respawn:")]
        return max(cells, key=lambda a: _respawn_value(comp, s, a[8:]))
    if sym == "move":
        best = _plan(comp, s, p["steps_left"] + _potential(comp, s))
        if best and best[1]:
            return f"step:{best[1][0]}"
        return "done" if "done" in ids else "cancel"
    if sym == "sword":
        return _sword(comp, s, p, ids)
    if sym == "gold":
        return "take"
    if sym == "star":
        return "star"
    if sym == "hand":
        return _hand(comp, s, p, ids)
    return ids[-1]


def _sword(comp, s: State, p: dict, ids: list[str]) -> str:
    for a in ids:
        if a.startswith("add:"):
            return a
    boss = "strike:boss" in ids or ("boss" in adjacent_enemies(comp, s, s["hero_cell"]))
    if boss:
        for a in ids:
            if a.startswith("addforge:"):
                return a
        need = _boss_hp(comp, s)
        now = attack_wounds(comp, s, sy.value(comp, s, p), "boss")
        gems = sorted((a for a in ids if a.startswith("gem:")),
                      key=lambda a: next(x["mult"] for x in p["parts"] if x["id"] == a[4:]))
        if gems:
            part = next(x for x in p["parts"] if x["id"] == gems[0][4:])
            if now < need or gem_step_cost(s, part["mult"]) <= 2:
                return gems[0]
        if "strike:boss" in ids:
            return "strike:boss"
    strikes = [a for a in ids if a.startswith("strike:")]
    if strikes:
        return strikes[0]
    return "cancel" if "cancel" in ids else "done"


def _hand(comp, s: State, p: dict, ids: list[str]) -> str:
    hero = s["hero_cell"]
    if p["enemy"] is None:
        links = {c for c, _ in layout(comp, s).links[hero]}
        near = [a for a in ids if a.startswith("grab:") and a[5:] in adjacent_enemies(comp, s, hero)
                and set(shift_targets(comp, s, a[5:])) - links]
        return near[0] if near else ("cancel" if "cancel" in ids else ids[0])
    near = {c for c, _ in layout(comp, s).links[hero]}
    far = [a for a in ids if a.startswith("shift:") and a[6:] not in near]
    if far:
        return far[0]
    return "done" if "done" in ids else "cancel"


# ---- movement planning ------------------------------------------------------------------------------------

def _budget(comp, s: State) -> int:
    """Steps still available from unused move symbols (not counting a symbol being used)."""
    total = 0
    for _k, f in sy.sources(s).items():
        sym, base = sy.resolve_star(comp, f, s["opts"]["hero"])
        if sym == "move":
            total += base
    return total


def _respawn_value(comp, s: State, cell: str) -> float:
    saved = s["hero_cell"]
    s["hero_cell"] = cell
    try:
        best = _plan(comp, s, _budget(comp, s))
    finally:
        s["hero_cell"] = saved
    return best[0] if best else 0.0


def _plan(comp, s: State, budget: int) -> tuple[float, list[str]] | None:
    """The best (score, path) reachable within `budget` steps; path [] means staying is best."""
    start = s["hero_cell"]
    if start is None:
        return None
    lay = layout(comp, s)
    taken = occupied(s) - {start}
    top = top_revealed(s)
    reveal_row = top * 4 - 1 if top < boss_level(s) and s["lstate"][top] == "hidden" else None
    danger = {c: sum(enemy_stats(comp, s, f)["damage"] for f in adjacent_enemies(comp, s, c))
              for c in lay.cells if is_active(s, c)}
    best = (_score(comp, s, start, [], danger, reveal_row, lay, taken), [])
    seen = {start: 0}
    queue = deque([(start, [])])
    while queue:
        cell, path = queue.popleft()
        if len(path) >= budget:
            continue
        for nxt, kind in lay.links[cell]:
            if kind == "down" or nxt in seen or nxt in taken or not is_active(s, nxt):
                continue
            if parse(nxt)[0] > parse(cell)[0] and has_token(s, "stone_leg") and not lay.cells[cell].t.ladder:
                continue
            seen[nxt] = len(path) + 1
            new = path + [nxt]
            queue.append((nxt, new))
            sc = _score(comp, s, start, new, danger, reveal_row, lay, taken)
            if sc > best[0]:
                best = (sc, new)
    return best


def _score(comp, s, start, path, danger, reveal_row, lay, taken) -> float:
    cells = [start] + path
    end = cells[-1]
    hurt = sum(danger.get(c, 0) for c in cells[:-1])
    if passive(comp, s, "provoke_shield") and not s["shield_used"] and hurt:
        hurt -= 1
    if not passive(comp, s, "trap_immune"):
        hurt += sum(1 for c in path if lay.cells[c].t.trap)
    row = parse(end)[0]
    fall = row
    if not supported(comp, s, end, True, False, taken):
        r, c = parse(end)
        while r > 0 and not supported(comp, s, cid(r, c), True, False, taken):
            r -= 1
            if lay.cells[cid(r, c)].t.trap:
                hurt += 1
        fall = r
    score = 10.0 * fall
    if reveal_row is not None and any(parse(c)[0] == reveal_row for c in path):
        score += 30
    score += 4 * sum(1 for c in path if c in s["gold_cells"] or c in s["gem_cells"])
    score += 6 * sum(1 for c in path if c in s["tokens"] and s["tokens"][c] not in s["htokens"])
    score -= 2 * danger.get(end, 0)
    if lay.cells[end].t.shop and fall == row and _shopping(comp, s):
        score += 12
    if level_of(end) == boss_level(s) and "boss" in s["figs"]:
        br, bc = parse(s["figs"]["boss"]["cell"])
        r, c = parse(end)
        dist = abs(br - r) + abs(bc - c)
        if _kill_boss_wounds(comp, s) >= _boss_hp(comp, s):
            score += 200 if dist == 1 else -2 * dist
        else:  # not strong enough yet: one step from it, out of its row and tile
            score += {1: -4, 2: 6, 3: 4}.get(dist, 2) - (6 if r == br else 0) - (4 if c // 4 == bc // 4 else 0)
    left = s["health"] - hurt
    score -= hurt * (8 if left > 1 else 200)
    return score - 0.1 * len(path)
