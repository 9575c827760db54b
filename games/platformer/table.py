"""Questions about a state that every rules module asks: the layout, who stands where, which levels are in
play, the hero's passives and modifiers, and the game log. Also the `Over` signal that ends a game.

The state is a plain JSON-safe dict (see state.py); these helpers read it and make the small writes that
several modules share (the log, placing a figure, ending the game).
"""

from __future__ import annotations

from typing import Any

from games.engine import N_, Event, Words, words
from games.platformer.components import Components
from games.platformer.geometry import COLS, TILE, Layout, build_layout, cid, parse

LOG_LINES = 40
State = dict[str, Any]


class Over(Exception):
    """Raised anywhere to end the game at once: the hero was knocked out, or the boss was defeated."""

    def __init__(self, result: str, reason: Words) -> None:
        super().__init__(reason)
        self.result = result
        self.reason = reason


def stored(text: str) -> Any:
    """A text as the state keeps it: a `Words` as its JSON (so it can be said again in any language), else itself."""
    return text.to_json() if isinstance(text, Words) else text


def restored(data: Any) -> str:
    """A text kept by `stored` (or a plain string of an older save), as Words again when it was Words."""
    return Words.from_json(data) or (data if isinstance(data, str) else str(data))


def a_an(word: str, capital: bool = False) -> Words:
    """The word with its indefinite article: "a Goblin", "an Ent" ("An Ent" with `capital`)."""
    vowel = word[:1].lower() in "aeiou"
    if capital:
        return words("An {name}", name=word) if vowel else words("A {name}", name=word)
    return words("an {name}", name=word) if vowel else words("a {name}", name=word)


FACE_WORDS = {"move": N_("move"), "sword": N_("sword"), "gold": N_("gold"), "hand": N_("hand"), "star": N_("star"),
              "attack": N_("attack"), "left": N_("left"), "right": N_("right"), "blank": N_("blank")}


def face_word(face: str | None) -> str:
    """A die face in words ("move", "hand", "blank"), a message id said in the reader's language."""
    return FACE_WORDS.get(face or "blank", face or "blank")


def list_words(items: list[Any]) -> Words:
    """Several words said as a list: "move, sword, gold"."""
    if not items:
        return words("nothing")
    out = Words("{a}", {"a": items[0]})
    for item in items[1:]:
        out = words("{a}, {b}", a=out, b=item)
    return out


def say(s: State, ev: list[Event], kind: str, text: str, reveals: bool = False, **data: Any) -> None:
    """Log `text` (a `Words`: kept as its JSON in the state, so an old line reads in the reader's language)."""
    s["log"].append(stored(text))
    if len(s["log"]) > LOG_LINES:
        del s["log"][: len(s["log"]) - LOG_LINES]
    ev.append(Event(kind, text, reveals, data))


_LAST: list = [None, None, None]  # (levels list, components, layout): most calls ask about the same state


def layout(comp: Components, s: State) -> Layout:
    levels = s["levels"]
    if _LAST[0] is levels and _LAST[1] is comp:
        return _LAST[2]
    lay = build_layout(comp, tuple(tuple(p) for p in levels))
    _LAST[:] = [levels, comp, lay]
    return lay


def boss_level(s: State) -> int:
    return len(s["levels"])


def level_of(cell: str) -> int:
    return parse(cell)[0] // TILE + 1


def active_levels(s: State) -> list[int]:
    return [i + 1 for i, st in enumerate(s["lstate"]) if st == "revealed"]


def is_active(s: State, cell: str) -> bool:
    lv = level_of(cell)
    return lv <= len(s["lstate"]) and s["lstate"][lv - 1] == "revealed"


def bottom_row(s: State) -> int:
    levels = active_levels(s)
    return (levels[0] - 1) * TILE if levels else 0


def top_revealed(s: State) -> int:
    return max(active_levels(s), default=1)


def bottom_cells(s: State) -> list[str]:
    r = bottom_row(s)
    return [cid(r, c) for c in range(COLS)]


def occupant(s: State, cell: str) -> str | None:
    """The figure id in the cell ("hero", an enemy id, "boss"), or None."""
    if s["hero_cell"] == cell:
        return "hero"
    for fid, f in s["figs"].items():
        if f["cell"] == cell:
            return fid
    return None


def occupied(s: State) -> set[str]:
    cells = {f["cell"] for f in s["figs"].values()}
    if s["hero_cell"]:
        cells.add(s["hero_cell"])
    return cells


def new_enemy(s: State, kind: str, type_: str, cell: str) -> str:
    """Put a new figure on the tower ("enemy", "summon" or "boss" of the given type) and return its id."""
    prefix = {"enemy": "e", "summon": "s"}.get(kind, "")
    fid = "boss" if kind == "boss" else f"{prefix}{s['next_fig']}"
    s["next_fig"] += 1
    s["figs"][fid] = {"kind": kind, "type": type_, "cell": cell}
    return fid


def enemy_stats(comp: Components, s: State, fid: str) -> dict[str, Any]:
    """health, damage, loot, ability, name and tier of an enemy figure (regular, summon or the boss)."""
    f = s["figs"][fid]
    if f["kind"] == "enemy":
        e = comp.enemies[f["type"]].raw
        return {"name": e["name"], "health": e["health"], "damage": e["damage"], "loot": e["loot"],
                "ability": e["ability"], "tier": e["tier"]}
    boss = comp.bosses[s["opts"]["boss"]].raw
    if f["kind"] == "summon":
        sm = boss["summon"]
        return {"name": sm["name"], "health": sm["health"], "damage": sm["damage"], "loot": sm["loot"],
                "ability": "", "tier": 0}
    return {"name": boss["name"], "health": boss_health(comp, s), "damage": boss["damage"],
            "loot": {"gold": 0, "gems": 0}, "ability": "", "tier": 0}


def boss_health(comp: Components, s: State) -> int:
    return comp.bosses[s["opts"]["boss"]].raw["health_per_level"] * len(s["levels"])


def passive(comp: Components, s: State, key: str) -> int:
    """The sum of `key` over the hero's passive ability, passive items and artifacts held."""
    total = 0
    hero = comp.heroes[s["opts"]["hero"]].raw
    if hero["ability"]["kind"] == "passive":
        total += sum(p["n"] for p in hero["ability"]["passives"] if p["key"] == key)
    for cid_ in s["items"] + s["artifacts"]:
        card = comp.card(cid_).raw
        if card["kind"] == "passive":
            total += sum(p["n"] for p in card["passives"] if p["key"] == key)
    return total


def mod(s: State, key: str) -> int:
    return s["mods"].get(key, 0)


def max_health(comp: Components, s: State) -> int:
    return comp.heroes[s["opts"]["hero"]].raw["health"] + passive(comp, s, "max_health")


def has_token(s: State, kind: str) -> bool:
    return kind in s["htokens"]


def on_boss_level(s: State) -> bool:
    return s["hero_cell"] is not None and level_of(s["hero_cell"]) == boss_level(s)


def sealed_ok(s: State, cell: str) -> bool:
    """The boss level is sealed: the hero reaches only cells on the same side of its one-way floor."""
    if s["hero_cell"] is None:
        return True
    return (level_of(cell) == boss_level(s)) == on_boss_level(s)


def gem_step_cost(s: State, mult: int) -> int:
    """Gems to raise a symbol from ×mult to ×(mult+1): 1, 2, 3… (so ×2 costs 1, ×3 costs 3, ×4 costs 6 in all)."""
    return mult
