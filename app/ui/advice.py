"""How the advisor's table (templates/partials/advice.html) names its leaders: one choice "Best", or several "about
even" when the games played out cannot tell them apart.

A "Best" the figures do not back sends a player after a coin's toss (a playtest followed one that stood within a
point of six others, each ± 5 points). Once the estimate is done, a choice is even with the leader when it is still
in the running (its chance to win within reach of the leader's: games/advice.still_open) and its expected score is
not clearly below the leader's; two or more such choices are called even, and none best.
"""

from __future__ import annotations

from typing import Any


def even_choices(estimate: dict[str, Any]) -> list[str]:
    """The actions called "about even" (none, or two and more), from an estimate as app/shelf/advisor.py gives it."""
    options = estimate["options"]
    if not estimate["done"] or not options or not options[0]["playouts"]:
        return []
    leader = options[0]
    even = [o["action"] for o in options if o["in_running"] and not _clearly_below(o, leader)]
    return even if len(even) > 1 else []


def _clearly_below(option: dict[str, Any], leader: dict[str, Any]) -> bool:
    """The option's expected score is below the leader's beyond both margins (never, where a game has no score)."""
    if option["score"] is None or leader["score"] is None:
        return False
    return option["score"] + (option["score_margin"] or 0) < leader["score"] - (leader["score_margin"] or 0)
