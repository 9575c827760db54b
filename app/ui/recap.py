"""The recap a game opens with when its player comes back after a pause: where they are, the last few things that
happened and what they were deciding (the "last session" note of a campaign box's sheet). The page draws it
(templates/partials/recap.html); a game played a moment ago, a new one or an ended one has none.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

PAUSE = timedelta(hours=1)
LINES = 4


@dataclass(frozen=True)
class Recap:
    game: str  # whose log lines these are (a game may draw its lines its own way: games/<slug>/_log_line.html)
    when: datetime  # when it was last played
    where: str  # where it stands, one line (the lists' line: templates/games/<slug>/_where.html)
    lines: list[str]  # the last things that happened, oldest first (said in the reader's language)
    prompt: str  # what the player was deciding


def recap(said: Any, where: str, now: datetime | None = None) -> Recap | None:
    """The recap of a game or campaign (its SessionView or CampaignView, said in the reader's language) last
    played more than a PAUSE ago; None when there is nothing to recall (new, ended, or played a moment ago)."""
    now = now or datetime.now(UTC)
    when = said.updated_at if said.updated_at.tzinfo else said.updated_at.replace(tzinfo=UTC)
    if said.status.over or said.version == 0 or now - when < PAUSE:
        return None
    texts = [str(line.get("text") or "") for line in said.log_tail or () if isinstance(line, dict)]
    prompt = said.view.get("prompt") if isinstance(said.view, dict) else ""
    return Recap(said.game, when, str(where or ""), [t for t in texts if t][-LINES:], str(prompt or ""))
