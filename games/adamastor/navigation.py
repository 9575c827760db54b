"""The map as spaces: ids, adjacency, entry costs and revealing map cards.

Space ids (CONTRACT.md): `pI.R` is the port on the left edge of map slot I at row R (for I >= 1 it
joins slot I-1 and slot I); `sI.R.C` is the cell at row R, column C of slot I. The destination card
(the last slot) has no port on its right edge.
"""

from __future__ import annotations

from functools import lru_cache

from games.adamastor.components import Cell, Components
from games.adamastor.state import State
from games.adamastor.table import say
from games.adamastor.voyage_rules import landing_open
from games.engine import N_, Event, words

BASE_COST = {"sea": 2, "fog": 3, "island": 3, "land": 3}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
PORT_COST = 2


@lru_cache(maxsize=4096)
def parse(space: str) -> tuple[str, int, int, int]:
    """('p', slot, row, -1) or ('s', slot, row, col); ValueError if the id is malformed."""
    kind, rest = space[0], space[1:].split(".")
    nums = tuple(int(x) for x in rest)
    if kind == "p" and len(nums) == 2:
        return ("p", nums[0], nums[1], -1)
    if kind == "s" and len(nums) == 3:
        return ("s", nums[0], nums[1], nums[2])
    raise ValueError(f"not a space id: {space!r}")


@lru_cache(maxsize=1024)
def neighbours(space: str, slots: int) -> tuple[tuple[str, str], ...]:
    """Adjacent spaces with the direction of travel into them, for a map of `slots` cards."""
    kind, i, r, c = parse(space)
    out: list[tuple[str, str]] = []
    if kind == "p":
        if i >= 1:
            out.append((f"s{i - 1}.{r}.3", "W"))
        if i < slots:
            out.append((f"s{i}.{r}.0", "E"))
        return tuple(out)
    if r > 0:
        out.append((f"s{i}.{r - 1}.{c}", "N"))
    if r < 2:
        out.append((f"s{i}.{r + 1}.{c}", "S"))
    out.append((f"s{i}.{r}.{c - 1}", "W") if c > 0 else (f"p{i}.{r}", "W"))
    if c < 3:
        out.append((f"s{i}.{r}.{c + 1}", "E"))
    elif i + 1 < slots:
        out.append((f"p{i + 1}.{r}", "E"))
    return tuple(out)


def valid_space(space: str, slots: int) -> bool:
    try:
        kind, i, r, c = parse(space)
    except (ValueError, IndexError):
        return False
    if not 0 <= r <= 2:
        return False
    if kind == "p":
        return 0 <= i < slots
    return 0 <= i < slots and 0 <= c <= 3


def cell_at(comp: Components, s: State, space: str) -> Cell | None:
    kind, i, r, c = parse(space)
    if kind == "p":
        return None
    return comp.maps[s.map_ids[i]].cells[r][c]


_KIND_WORDS = {"sea": N_("open sea"), "fog": N_("a fog bank"), "island": N_("an island"), "current": N_("a current"),
               "land": N_("the destination's shore")}


def place_name(comp: Components, s: State, space: str) -> str:
    """A space in words for the log and the buttons: 'a fog bank on Cape Bojador (row 2, column 3)'."""
    kind, i, r, c = parse(space)
    if kind == "p":
        if i == 0:
            return words("the start of the voyage (row {row})", row=r + 1)
        return words("the crossing between map cards {a} and {b} (row {row})", a=i, b=i + 1, row=r + 1)
    cell = comp.maps[s.map_ids[i]].cells[r][c]
    return words("{kind} on {map} (row {row}, column {column})", kind=_KIND_WORDS[cell.kind],
                 map=comp.maps[s.map_ids[i]].name, row=r + 1, column=c + 1)


def cell_cost(cell: Cell | None, direction: str) -> int | None:
    """Navigation cost of entering a space (None: it cannot be entered)."""
    if cell is None:
        return PORT_COST
    if cell.kind == "none":
        return None
    if cell.kind == "current":
        if direction == cell.flow:
            return 1
        return 4 if direction == OPPOSITE[cell.flow] else 2
    return BASE_COST[cell.kind]


def move_costs(comp: Components, s: State, penalty: int, start: str | None = None) -> dict[str, int]:
    """Every space the ship can enter from `start` (default: where it is), with its cost including the
    weather penalty. Face-down map cards cannot be entered."""
    start = start or s.ship
    if start is None:
        return {}
    out = {}
    for target, direction in neighbours(start, len(s.map_ids)):
        kind, i, _, _ = parse(target)
        if kind == "s" and not s.face_up[i]:
            continue
        cell = cell_at(comp, s, target)
        if cell is not None and cell.kind == "land" and not landing_open(comp, s):
            continue  # a campaign goal keeps the landing closed until it is met
        cost = cell_cost(cell, direction)
        if cost is not None:
            out[target] = cost + penalty
    return out


def reveal_slot(comp: Components, s: State, ev: list[Event], slot: int) -> None:
    if 0 <= slot < len(s.face_up) and not s.face_up[slot]:
        s.face_up[slot] = True
        card = comp.maps[s.map_ids[slot]]
        text = words("Map card {n} is revealed: {map}.", n=slot + 1, map=card.name)
        say(s, ev, "map", text, True, slot=slot, id=card.id)


def reveal_next(comp: Components, s: State, ev: list[Event]) -> None:
    for slot, up in enumerate(s.face_up):
        if not up:
            reveal_slot(comp, s, ev, slot)
            return


def reveal_all(comp: Components, s: State, ev: list[Event]) -> None:
    for slot in range(len(s.face_up)):
        reveal_slot(comp, s, ev, slot)


def slot_of(space: str) -> int:
    return parse(space)[1]


def is_right_edge_port(space: str) -> bool:
    kind, i, _, _ = parse(space)
    return kind == "p" and i >= 1
