"""What a move did, told step by step: the server decides what happened and in what order, the browser plays it.

A move's answer carries its story (templates/partials/story.html, out of band into #story): one step per line the
move wrote to the log, in the game's order, each with what the table shows of it:
- `touches`: the components it concerns (their `data-part` ids), glowed at that step;
- `dice`: the pip faces a roll showed, with what they were added to and what they had to reach or stay under
  (`mod`, `need` "N or more", `most` "N or less"), so the dice tumble and land where the player is looking (the
  action bar): "Rolled 8 + 1 = 9, 9 needed.";
- `faces`: for dice whose faces are symbols (Platformer's action dice, Call to Adventure's runes), the drawings
  of the faces thrown (names of the game's pictures, from the board module's `Told.faces`; the page gives each
  its sprite), cast one by one;
- `total`: what symbol dice came to, as the game counts it (a rune's value, a card's bonus), beside `need`;
- `banner`: a phase that begins ("Week 3 · Sunrise", "Level 2 revealed", "Act II"), shown a moment over the table:
  the line's own words, or the game's (`Told.banner`, said in the reader's language).
static/js/story.js plays the steps, 0.3-0.7 s each (a click, a tap or a key skips to the end); under reduced
motion they appear one after the other without movement. A page load has no story: a reload shows the final state.

What each event touches, rolls or begins comes from its `data` (as the engines write it: `dice`, `need`, `mod`,
`most`, `card`, `cells`, ...) and from the game's board module (app/ui/boards/<slug>.py, its `TOLD`), which knows the
game's components by the ids its templates give them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

View = dict[str, Any]


@dataclass(frozen=True)
class Step:
    kind: str
    text: str
    touches: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    mod: int | None = None
    need: int | None = None
    most: int | None = None
    faces: tuple[str, ...] = ()
    total: int | None = None
    banner: str = ""


@dataclass
class Told:
    """A game's part in its story: what an event touches, which kinds of event begin a phase, and the drawings of
    the symbol dice an event threw (`faces(event)`: names in the game's pictures sprite).

    `banner(event, text)`, when given, decides instead of `banners`: the words of the banner an event raises (a
    `Words`, said in the reader's language, or its line's `text`), or "" for none."""

    touches: Callable[[dict[str, Any], View, View], tuple[str, ...]] = field(default=lambda event, before, after: ())
    banners: frozenset[str] = frozenset()
    faces: Callable[[dict[str, Any]], tuple[str, ...]] = field(default=lambda event: ())
    banner: Callable[[dict[str, Any], str], Any] | None = None


def steps(lines: list[dict[str, Any]], events: list[dict[str, Any]], before: View | None, after: View,
          told: Told, say: Callable[[Any], Any] = str) -> list[Step]:
    """The steps of a move: `lines` are the log lines it wrote (said in the reader's language), `events` the same
    events as stored (their data), in the same order; `say` puts a game's banner words in that language."""
    out = []
    for i, line in enumerate(lines):
        event = events[i] if i < len(events) else {}
        data = event.get("data") if isinstance(event.get("data"), dict) else {}
        kind = str(line.get("kind") or event.get("kind") or "")
        text = str(line.get("text") or "")
        if told.banner is not None:
            raised = told.banner(event, text)
            banner = str(say(raised)) if raised else ""
        else:
            banner = text if kind in told.banners else ""
        dice = tuple(int(d) for d in data.get("dice", ()) if isinstance(d, int) and not isinstance(d, bool))
        out.append(Step(
            kind=kind,
            text=text,
            touches=told.touches(event, before or {}, after) if before is not None else (),
            dice=dice,
            mod=_int(data.get("mod")),
            need=_int(data.get("need")),
            most=_int(data.get("most")),
            faces=tuple(told.faces(event)) if data.get("faces") else (),
            total=_int(data.get("total")) if data.get("faces") else None,
            banner=banner,
        ))
    return out


def drawn(wanted: list[str], present: set[str] | frozenset[str]) -> tuple[str, ...]:
    """The parts a step wants to ring that the answer draws, in order, each once (a `touches` function's last step)."""
    out: list[str] = []
    for part in wanted:
        if part and part in present and part not in out:
            out.append(part)
    return tuple(out)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
