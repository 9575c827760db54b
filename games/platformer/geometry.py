"""The tower's fixed geometry: which tiles sit on which level, in map coordinates, and which cells touch.

A `Layout` depends only on the tile ids of each level, so it is built once per layout and cached. Rows count
from 0 at the bottom of level 1; a level is 4 rows of 8 columns (two 4×4 tiles). Cell ids are `rRcC`.
What changes during a game (figures, tokens, removed levels) lives in the state, not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.platformer.components import Components, TileCell

COLS = 8
TILE = 4


def cid(row: int, col: int) -> str:
    return f"r{row}c{col}"


@lru_cache(maxsize=4096)
def parse(cell: str) -> tuple[int, int]:
    r, c = cell[1:].split("c")
    return int(r), int(c)


@dataclass(frozen=True)
class GCell:
    id: str
    row: int
    col: int
    level: int  # 1-based
    tile: str
    t: TileCell


@dataclass(frozen=True)
class Layout:
    levels: tuple[tuple[str, str], ...]  # tile ids, bottom level first; the last is the boss level
    cells: dict[str, GCell]
    links: dict[str, tuple[tuple[str, str], ...]]  # cell -> ((neighbour, "open" | "up" | "down"), ...)

    @property
    def n_levels(self) -> int:
        return len(self.levels)

    def level_rows(self, level: int) -> tuple[int, int]:
        return (level - 1) * TILE, level * TILE - 1

    def level_cells(self, level: int) -> list[str]:
        return _LEVEL_CELLS[level]


_LEVEL_CELLS = {lv: [cid(r, c) for r in range((lv - 1) * TILE, lv * TILE) for c in range(COLS)] for lv in range(1, 7)}


def _vertical(upper: TileCell) -> str | None:
    """How the edge under `upper` can be crossed: "open", "up" (heroes upward only) or None."""
    if upper.oneway:
        return "up"
    if upper.floor and not upper.ladder:
        return None
    return "open"


def build_layout(comp: Components, levels: tuple[tuple[str, str], ...]) -> Layout:
    return _build(comp, levels)


_CACHE: dict[tuple[int, tuple], Layout] = {}


def _build(comp: Components, levels: tuple[tuple[str, str], ...]) -> Layout:
    key = (id(comp), levels)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    cells: dict[str, GCell] = {}
    for li, pair in enumerate(levels):
        for half, tid in enumerate(pair):
            tile = comp.tiles[tid]
            for tr in range(TILE):
                for tc in range(TILE):
                    row, col = li * TILE + tr, half * TILE + tc
                    cells[cid(row, col)] = GCell(cid(row, col), row, col, li + 1, tid, tile.cells[tr][tc])
    links: dict[str, list[tuple[str, str]]] = {k: [] for k in cells}
    top = len(levels) * TILE - 1
    for k, g in cells.items():
        if g.col < COLS - 1 and not g.t.wall_right:
            right = cid(g.row, g.col + 1)
            links[k].append((right, "open"))
            links[right].append((k, "open"))
        if g.row < top:
            up = cells[cid(g.row + 1, g.col)]
            kind = _vertical(up.t)
            if kind == "open":
                links[k].append((up.id, "open"))
                links[up.id].append((k, "open"))
            elif kind == "up":
                links[k].append((up.id, "up"))
                links[up.id].append((k, "down"))
    layout = Layout(levels, cells, {k: tuple(v) for k, v in links.items()})
    if len(_CACHE) > 512:
        _CACHE.clear()
    _CACHE[key] = layout
    return layout
