"""Crafted positions for Nemo's War rules tests: a game at a chosen point, ships and cards put where a test
wants them, and dice rigged (an RNG state found whose next rolls are the ones asked for)."""

from __future__ import annotations

from games.engine import Rng
from games.nemos_war.engine import NemosWarEngine
from games.nemos_war.state import State

ENGINE = NemosWarEngine()


def engine() -> NemosWarEngine:
    return ENGINE


def game(seed: int = 1, ocean: str = "wp", **options: str) -> State:
    """A new game with Nemo committed to War! (unless given) and the Nautilus placed: waiting for the prep roll."""
    opts = {"commitment": "war", **options}
    s = ENGINE.new_game(seed, opts)
    s, _ = ENGINE.apply(s, f"start:{ocean}")
    assert s.top["kind"] == "prep"
    return s


def rig(s: State, dice: list[int], sides: int = 6) -> None:
    """Set the RNG so that the next rolls are `dice` (a brute-force search over states; short lists only)."""
    for start in range(1, 10_000_000):
        r = Rng(start * 0x9E3779B97F4A7C15)
        if all(r.roll(sides) == d for d in dice):
            s.rng = start * 0x9E3779B97F4A7C15 & ((1 << 64) - 1)
            return
    raise AssertionError(f"no RNG state gives {dice}")


def take(s: State, sid: str) -> None:
    """Lift a ship from wherever it is."""
    for lst in [s.pool, s.discard, s.salvage, s.unused, *s.register.values(), *s.waiting.values()]:
        if sid in lst:
            lst.remove(sid)
            return
    for slots in s.boxes.values():
        if sid in slots:
            slots[slots.index(sid)] = None
            return
    for k, v in s.refits.items():
        if v == sid:
            s.refits[k] = None
            return
    raise AssertionError(f"ship {sid} is nowhere")


def clear_map(s: State) -> None:
    for slots in s.boxes.values():
        for i, sid in enumerate(slots):
            if sid is not None:
                s.pool.append(sid)
                slots[i] = None


def put(s: State, box: str, sid: str, revealed: bool = False) -> None:
    take(s, sid)
    ocean, _, n = box.partition(".")
    assert s.boxes[ocean][int(n) - 1] is None
    s.boxes[ocean][int(n) - 1] = sid
    if revealed and sid not in s.revealed:
        s.revealed.append(sid)
    if not revealed and sid in s.revealed:
        s.revealed.remove(sid)


def fill(s: State, ocean: str) -> None:
    """Fill every empty box of an ocean from the pool."""
    for i, sid in enumerate(s.boxes[ocean]):
        if sid is None:
            s.boxes[ocean][i] = s.pool.pop()


def to_action(s: State, turn: int = 5) -> State:
    """Skip to Nemo's action phase of `turn` (nothing drawn, nothing placed)."""
    s.turn = turn
    s.phase = "action"
    s.acted = False
    s.pending = [{"kind": "action"}]
    s.queue = []
    return s


def card_on_top(s: State, cid: str) -> None:
    for lst in (s.deck, s.out, s.kept, s.pass_pile, s.fail_pile, s.gone):
        if cid in lst:
            lst.remove(cid)
    s.deck.insert(0, cid)


def ids(s: State) -> list[str]:
    return [a.id for a in ENGINE.legal_actions(s)]


def play(s: State, *actions: str) -> State:
    for a in actions:
        s, _ = ENGINE.apply(s, a)
    return s


def ship_of(cls: str, **want: int) -> str:
    """The first base ship counter of a class with the given values (e.g. dv=8, skulls=0)."""
    c = ENGINE.components
    for sid in c.base_ids:
        sh = c.ship(sid)
        if sh.cls == cls and sh.group == "light_grey" and all(getattr(sh, k) == v for k, v in want.items()):
            return sid
    raise AssertionError(f"no {cls} with {want}")
