"""Where a board draws its legal actions: each one on the component it concerns, the rest in the decision panel.

A game's `home(view, action_id)` (app/ui/boards/<slug>.py) names the component, `(kind, key)`, or None; every
action without a home lands in the panel, so every legal action is always clickable.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.engine import Action


@dataclass
class Placement:
    """Legal actions sorted by the component that shows them; `panel` gets the rest."""

    homes: dict[tuple[str, str], list[Action]] = field(default_factory=dict)
    panel: list[Action] = field(default_factory=list)

    def at(self, kind: str, key: Any = "") -> list[Action]:
        return self.homes.get((kind, str(key)), [])

    def pick(self, kind: str, keys: Iterable[Any]) -> dict[str, list[Action]]:
        """The actions of several components of one kind, by key (only those that have some)."""
        return {str(k): self.homes[(kind, str(k))] for k in keys if (kind, str(k)) in self.homes}

    def has(self, kind: str, key: Any = "") -> bool:
        return (kind, str(key)) in self.homes

    def add(self, home: tuple[str, str] | None, action: Action) -> None:
        if home is None:
            self.panel.append(action)
        else:
            self.homes.setdefault(home, []).append(action)
