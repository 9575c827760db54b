"""The chronicle beside every board: the log's last lines, oldest first, grouped under the turn they belong to.

The grouping is done here, once, for every game (the templates only draw it). A game says, in its board module
(app/ui/boards/<slug>.py `CHRONICLE`), which kinds of log line open a turn, whether such a line is only the
turn's heading or also an entry, and which turn the lines belong to when the tail holds no opening line. A turn's
number comes from its opening line's own words (`words.p.n`, as the engines write "Turn {n}"); lines before the
first opening line belong to the turn before it. Nothing here parses the text a line displays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

Line = dict[str, Any]


@dataclass
class Turn:
    """One turn of the chronicle: its number (0 or less: the setup, before the first turn), whether it is the
    game's final stage (`final`), and its lines, oldest first."""

    number: int
    lines: list[Line] = field(default_factory=list)
    final: bool = False


@dataclass(frozen=True)
class Chronicle:
    """How one game's log falls into turns.

    - `opens`: the kinds of line that open a turn;
    - `headings`: True when an opening line is only the turn's heading (not listed among its entries);
    - `current(view)`: the turn of lines when the tail holds no opening line (the turn being played);
    - `final_kind`: a kind that opens the game's final stage (a turn of its own, once);
    - `setup_kinds`: kinds of line that, before any other kind of line in turn 1, are still the setup.
    """

    opens: tuple[str, ...] = ("turn",)
    headings: bool = False
    current: Callable[[dict[str, Any]], int] = lambda view: int(view.get("turn") or 0)
    final_kind: str | None = None
    setup_kinds: frozenset[str] = frozenset()

    def turns(self, lines: Iterable[Line], view: dict[str, Any]) -> list[Turn]:
        lines = taken_back(list(lines))
        number = self._first_number(lines, view)
        turns: list[Turn] = []
        final = started = False
        for line in lines:
            kind = line.get("kind")
            opening = kind in self.opens or (kind == self.final_kind and not final)
            if opening:
                number = _said_number(line) or number + 1
                final = final or kind == self.final_kind
            started = started or kind not in self.setup_kinds
            shown = number if not (self.setup_kinds and number == 1 and not started) else 0
            if not turns or turns[-1].number != shown or turns[-1].final != final or (opening and self.headings):
                turns.append(Turn(shown, final=final))
            if not (opening and self.headings):
                turns[-1].lines.append(line)
        return turns

    def _first_number(self, lines: list[Line], view: dict[str, Any]) -> int:
        """The turn of the lines before the tail's first opening line: the one before the first opening line
        that says its number, counted back; with none, from the view."""
        finals = [line for line in lines if line.get("kind") == self.final_kind][:1]
        openers = [line for line in lines if line.get("kind") in self.opens or line in finals]
        for index, line in enumerate(openers):
            said = _said_number(line)
            if said is not None:
                return said - index - 1
        return self.current(view) - len(openers)


def taken_back(lines: list[Line]) -> list[Line]:
    """The lines, those of a move later taken back marked `undone` (copies: the tail itself is not changed).

    Every move and every undo makes the next version, and a line's `seq` is the version its entry made. An undo
    takes back the newest move not yet taken back, which is found by walking the versions in order (a move that
    logged nothing still made one); a move made before the tail's first line is not in it, and nothing is marked
    for its undo."""
    seqs = [line["seq"] for line in lines if isinstance(line.get("seq"), int)]
    undos = {line["seq"] for line in lines if line.get("kind") == "undo" and isinstance(line.get("seq"), int)}
    if not undos:
        return lines
    moves: list[int] = []
    undone: set[int] = set()
    for version in range(min(seqs), max(seqs) + 1):
        if version in undos:
            if moves:
                undone.add(moves.pop())
        else:
            moves.append(version)
    return [{**line, "undone": True} if line.get("seq") in undone else line for line in lines]


def _said_number(line: Line) -> int | None:
    """The turn number an opening line's words carry (`{"m": "Turn {n}", "p": {"n": 5}}`), if any."""
    params = (line.get("words") or {}).get("p") or {}
    n = params.get("n") if isinstance(params, dict) else None
    return n if isinstance(n, int) and not isinstance(n, bool) else None


DEFAULT = Chronicle()
