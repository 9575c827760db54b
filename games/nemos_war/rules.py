"""Small rules every part of Nemo's War uses: dice, the log, tracks, reinforcements, ships and treasures.

Functions take the components `c`, the state `s` (changed in place) and the event list `ev`.
"""

from __future__ import annotations

from typing import Any

from games.engine import N_, Event, Rng, Words, words, words_n
from games.nemos_war.components import Components
from games.nemos_war.state import State

LOG_KEEP = 60


def say(s: State, ev: list[Event], text: str, reveals: bool = False, kind: str = "log",
        data: dict[str, Any] | None = None) -> None:
    """A line for the log and an event. Words are kept in the state as their JSON, so a line can be said again
    in any language (a plain string, as old saves hold, still loads and shows as it is).

    `data` tells the table what the line concerns (the event's data, never the state): `dice` (the faces
    rolled), `mod`, and `need` (reach N or more) or `most` (N or less); `card`, `box`, `ocean`, `res`, `track`,
    `token`, `passenger`, `refit`... (app/ui/boards/nemos_war.py glows those components as the move is told)."""
    s.log.append(text.to_json() if isinstance(text, Words) else text)
    if len(s.log) > LOG_KEEP:
        del s.log[: len(s.log) - LOG_KEEP]
    ev.append(Event(kind, text, reveals, dict(data or {})))


def die(s: State, sides: int = 6) -> int:
    r = Rng(s.rng)
    v = r.roll(sides)
    s.rng = r.state
    return v


def d3(s: State) -> int:
    """[4.1]: one die halved, rounded up."""
    return (die(s) + 1) // 2


def shuffle(s: State, items: list) -> None:
    r = Rng(s.rng)
    r.shuffle(items)
    s.rng = r.state


def log_line(line: Any) -> str:
    """A stored log line as words again: a `Words` from its JSON, or an old save's plain string."""
    if isinstance(line, dict):
        w = Words.from_json(line)
        return w if w is not None else ""
    return line


def ocean_name(c: Components, key: str) -> str:
    return c.oceans[key].name


def box_words(c: Components, box: str) -> Words:
    """A ship box in words: "box 2 of the North Atlantic" (never its code "na.2")."""
    ocean, _, n = box.partition(".")
    return words("box {n} of the {ocean}", n=int(n) if n.isdigit() else n, ocean=ocean_name(c, ocean))


def weeks_words(n: int) -> Words:
    return words_n("{n} week", "{n} weeks", n)


def ship_name(c: Components, sid: str) -> Words:
    sh = c.ship(sid)
    title = sh.raw.get("title")
    base = c.classes[sh.cls]
    if title:
        if sh.warship:
            return words("{title} ({cls}, AV {av}, DV {dv})", title=title, cls=base, av=sh.av, dv=sh.dv)
        return words("{title} ({cls}, DV {dv})", title=title, cls=base, dv=sh.dv)
    if sh.warship:
        return words("{cls} (AV {av}, DV {dv})", cls=base, av=sh.av, dv=sh.dv)
    return words("{cls} (DV {dv})", cls=base, dv=sh.dv)


def signed(n: int) -> str:
    """+2, -1, +0: a number with its sign, as text (so a message's parameter is never a format spec)."""
    return f"{n:+d}"


# --- tracks ---------------------------------------------------------------------------------------------

def change_res(c: Components, s: State, ev: list[Event], res: str, n: int) -> None:
    """[6.9]: gains stop at the top; a loss to 0 ends the game (checked by the flow, where a rescue may come)."""
    before = s.res[res]
    s.res[res] = max(0, min(c.tracks[res].start, before + n))
    if s.res[res] != before:
        name, k, now = c.tracks[res].name, abs(s.res[res] - before), s.res[res]
        say(s, ev, words("{res} gains {k}: now {now}.", res=name, k=k, now=now) if n > 0
            else words("{res} loses {k}: now {now}.", res=name, k=k, now=now), data={"res": res})


def change_notoriety(c: Components, s: State, ev: list[Event], n: int, why: str = "") -> None:
    """`why` says what for: "" (nothing), "miss", "skulls" or "again"."""
    before = s.notoriety
    s.notoriety = max(0, min(c.notoriety["max"], before + n))
    if s.notoriety != before:
        d, now = signed(s.notoriety - before), s.notoriety
        say(s, ev, {"": words("Notoriety {d}: now {now}.", d=d, now=now),
                    "miss": words("Notoriety {d} for the miss: now {now}.", d=d, now=now),
                    "skulls": words("Notoriety {d} for the skulls: now {now}.", d=d, now=now),
                    "again": words("Notoriety {d} to attack again: now {now}.", d=d, now=now)}[why],
            data={"track": "notoriety"})
    reinforce(c, s, ev)


def change_liberation(c: Components, s: State, ev: list[Event], n: int) -> None:
    """[9.0]: 0..19; the marker's ×1 / +10 sides are only how the value is shown."""
    before = s.liberation
    s.liberation = max(0, min(c.liberation_max, before + n))
    if s.liberation != before:
        say(s, ev, words("Liberation {d}: now {now}.", d=signed(s.liberation - before), now=s.liberation),
            data={"track": "liberation"})


def advance_week(c: Components, s: State, ev: list[Event], n: int, why: str = "") -> None:
    """The calendar moves on `n` weeks; `why` names the cause where one move can move it twice ("voyage": the
    weeks a move between oceans takes, "turn": the week of the turn's end), so that the log does not read as one
    step written twice."""
    s.week += n
    line = {"voyage": words_n("The voyage takes {n} week: week {week}.", "The voyage takes {n} weeks: week {week}.",
                              n, week=s.week),
            "turn": words_n("End of the turn: the calendar advances {n} week, to week {week}.",
                            "End of the turn: the calendar advances {n} weeks, to week {week}.", n, week=s.week),
            }.get(why) or words_n("The calendar advances {n} week: week {week}.",
                                  "The calendar advances {n} weeks: week {week}.", n, week=s.week)
    say(s, ev, line, data={"track": "calendar"})
    reinforce(c, s, ev)


def reinforce(c: Components, s: State, ev: list[Event]) -> None:
    """[9.0]: groups join the unplaced pool, face down and shuffled in, when their space is reached."""
    due = [g for at, g in c.calendar["groups"].items() if s.week >= int(at)]
    due += [g for at, g in c.notoriety["groups"].items() if s.notoriety >= int(at)]
    for g in due:
        if g in s.arrived:
            continue
        s.arrived.append(g)
        s.pool.extend(s.waiting.pop(g))
        shuffle(s, s.pool)
        # a shuffle: counted as a reveal so that undo never goes back past it
        say(s, ev, words("Reinforcements: the {group} ship group joins the unplaced pool.",
                         group=GROUP_NAMES.get(g, g)),
            reveals=True, data={"group": g})


GROUP_NAMES = {"light_grey": N_("light grey"), "yellow": N_("yellow"), "orange": N_("orange"), "blue": N_("blue"),
               "green": N_("green"), "dark_grey": N_("dark grey"), "red": N_("red")}


# --- ships ----------------------------------------------------------------------------------------------

def ocean_full(c: Components, s: State, ocean: str) -> bool:
    return len(s.ships_in(ocean)) >= c.oceans[ocean].boxes


def draw_ship(s: State) -> str | None:
    """[6.1.1]: an empty pool is refilled from the ship discard pile, turned face down and shuffled."""
    if not s.pool and s.discard:
        s.pool = s.discard
        s.discard = []
        for sid in s.pool:
            if sid in s.revealed:
                s.revealed.remove(sid)
        shuffle(s, s.pool)
    return s.pool.pop() if s.pool else None


def put_ship(s: State, ocean: str, sid: str) -> str:
    """Put a ship in the first empty box of `ocean` (a new box past the last if none); return the box id."""
    slots = s.boxes[ocean]
    for i, x in enumerate(slots):
        if x is None:
            slots[i] = sid
            return f"{ocean}.{i + 1}"
    slots.append(sid)
    return f"{ocean}.{len(slots)}"


def place_new_ship(c: Components, s: State, ev: list[Event], ocean: str, rolled: dict | None = None) -> None:
    """[6.1]: a ship from the pool, face down (face up with Clear Seas), unless the ocean is full [6.1.3].
    `rolled`: the event data of the die that chose the ocean, if one did."""
    if ocean_full(c, s, ocean):
        say(s, ev, words("The {ocean} is full: no ship is added there.", ocean=ocean_name(c, ocean)),
            data={"ocean": ocean, **(rolled or {})})
        return
    sid = draw_ship(s)
    if sid is None:
        say(s, ev, words("No ship is left to place."), data=rolled)
        return
    box = put_ship(s, ocean, sid)
    if s.opt_on("clear"):
        s.revealed.append(sid)
        say(s, ev, words("A ship appears face up in {box}: {ship}.", box=box_words(c, box), ship=ship_name(c, sid)),
            reveals=True, data={"box": box, **(rolled or {})})
    else:
        say(s, ev, words("A hidden ship enters {box}.", box=box_words(c, box)), data={"box": box, **(rolled or {})})


def box_ship(s: State, box: str) -> str | None:
    ocean, _, n = box.partition(".")
    slots = s.boxes.get(ocean)
    if slots is None or not n.isdigit() or not 1 <= int(n) <= len(slots):
        return None
    return slots[int(n) - 1]


def clear_box(s: State, box: str) -> str:
    ocean, _, n = box.partition(".")
    sid = s.boxes[ocean][int(n) - 1]
    s.boxes[ocean][int(n) - 1] = None
    return sid


def box_of(s: State, sid: str) -> str | None:
    """The box a ship stands in on the map (e.g. "wp.3"), or None."""
    for ocean, slots in s.boxes.items():
        if sid in slots:
            return f"{ocean}.{slots.index(sid) + 1}"
    return None


def reveal(c: Components, s: State, ev: list[Event], sid: str) -> None:
    if sid not in s.revealed:
        s.revealed.append(sid)
        box = box_of(s, sid)
        say(s, ev, words("Revealed: {ship}.", ship=ship_name(c, sid)), reveals=True, data={"box": box} if box else None)


def ships_left(s: State) -> int:
    return len(s.pool) + len(s.discard) + sum(len(s.ships_in(o)) for o in s.boxes)


# --- treasures ------------------------------------------------------------------------------------------

def draw_treasure(s: State) -> str | None:
    """A random token from the cup (the cup holds no order: a token put back is as likely as any)."""
    if not s.cup:
        return None
    r = Rng(s.rng)
    i = r.below(len(s.cup))
    s.rng = r.state
    return s.cup.pop(i)
