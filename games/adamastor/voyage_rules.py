"""The few rules of a Campaign Mode voyage that differ from Classic Mode, as small lookups on the state.

`state.campaign` is None in Classic Mode, so every helper here answers "no change" there. In a campaign
voyage it holds what the campaign carried (see CONTRACT.md, Campaign Mode): summed modifiers (`mods`),
the voyage's goal, and `gained`, the campaign effects met so far.
"""

from __future__ import annotations

from games.adamastor.components import Components
from games.adamastor.state import State
from games.adamastor.table import say
from games.engine import Event, words


def mod(s: State, key: str) -> int:
    """A summed campaign modifier (0 in Classic Mode or when nothing sets it)."""
    return s.campaign["mods"].get(key, 0) if s.campaign else 0


def storm_season(s: State) -> int:
    """+1 navigation cost while the voyage's storm season lasts (turns 1..n; setup counts as turn 0)."""
    turns = mod(s, "storm_season")
    return 1 if turns > 0 and s.turn <= turns else 0


def goal_progress(comp: Components, s: State) -> int:
    """Encounters that count toward the voyage goal: marked spaces (islands only for a land goal)."""
    goal = s.campaign["goal"] if s.campaign else {"kind": "reach"}
    if goal["kind"] == "reach":
        return 0
    count = 0
    for space in s.marked:
        slot, row, col = (int(x) for x in space[1:].split("."))
        island = comp.maps[s.map_ids[slot]].cells[row][col].kind == "island"
        count += goal["where"] == "any" or island
    return count


def landing_open(comp: Components, s: State) -> bool:
    """The destination's land may be entered: always in Classic Mode, once the goal is met in a campaign."""
    goal = s.campaign["goal"] if s.campaign else {"kind": "reach"}
    return goal["kind"] == "reach" or goal_progress(comp, s) >= goal["n"]


def record_campaign_effect(s: State, ev: list[Event], key: str) -> None:
    """An encounter's `{"op": "campaign"}`: noted for the campaign; nothing at all in Classic Mode."""
    if s.campaign is None:
        return
    s.campaign = {**s.campaign, "gained": [*s.campaign["gained"], key]}
    title = s.campaign["effects"].get(key, key)
    text = words("Campaign effect: {effect} (it follows you when this voyage ends).", effect=title)
    say(s, ev, "campaign", text, effect=key)
