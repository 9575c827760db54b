"""The action bar: the prompt, every action of the current decision and the last move, in one strip
that stays in view (as on Board Game Arena's status bar).

`action_bar(sv)` gathers what the bar shows from a session view; templates/partials/table_bar.html
draws it. The actions keep the engine's order, so key 1 is always the decision's first choice.
The last move is the log entry the newest move wrote (its `seq` is the version that move made): its
lines, oldest first; a move that logged nothing has none (the template says so).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import Action

KEYED = 9   # keys 1-9 press the first nine actions
MANY = 12   # past this many choices the bar says they are also on the board and scrolls
SUMMARY_LINES = 3  # a long move (a whole week's events) is cut to its first lines; the log has them all


@dataclass(frozen=True)
class ActionBar:
    prompt: str
    actions: list[Action]
    can_undo: bool
    over: bool
    moved: bool  # a move has been made (version > 0): there is a last move to tell
    last_move: list[str]
    undone: bool  # the last move was an undo: the bar says so in words (its log lines name raw action ids)
    more_lines: int  # lines of the last move left out of the summary

    @property
    def many(self) -> bool:
        return len(self.actions) > MANY

    @property
    def keyed(self) -> int:
        return min(KEYED, len(self.actions))


def last_move(log_tail: list[dict[str, Any]], version: int) -> list[str]:
    """The texts the move that made `version` wrote (empty before the first move, or if it wrote none)."""
    texts = [str(line.get("text") or "") for line in log_tail or ()
             if isinstance(line, dict) and line.get("seq") == version]
    return [t for t in texts if t]


def action_bar(sv: Any) -> ActionBar:
    view = sv.view if isinstance(sv.view, dict) else {}
    lines = last_move(sv.log_tail, sv.version)
    undone = any(isinstance(line, dict) and line.get("seq") == sv.version and line.get("kind") == "undo"
                 for line in sv.log_tail or ())
    if undone:
        lines = []
    return ActionBar(
        prompt=str(view.get("prompt") or ""),
        actions=list(sv.legal_actions),
        can_undo=bool(sv.can_undo),
        over=sv.status.over,
        moved=sv.version > 0,
        last_move=lines[:SUMMARY_LINES],
        undone=undone,
        more_lines=max(0, len(lines) - SUMMARY_LINES),
    )
