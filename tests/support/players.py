"""Simulated players for tests against the real server: random legal moves through the JSON API."""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field

import httpx

MAX_MOVES_EACH = 400


@dataclass
class Player:
    """One simulated player: plays random legal moves and remembers every move answered 200."""

    base_url: str
    seed: int
    answered: list[tuple[str, int, str]] = field(default_factory=list)  # (session, version, action)
    last_version: dict[str, int] = field(default_factory=dict)
    unexpected: list[str] = field(default_factory=list)
    max_moves: int | None = MAX_MOVES_EACH  # None: keep moving until `stop` is set

    def run(self, stop: threading.Event) -> None:
        rng = random.Random(self.seed)
        with httpx.Client(base_url=self.base_url, timeout=10) as http:
            try:
                s = self._new_game(http)
                moves = 0
                while self.max_moves is None or moves < self.max_moves:
                    moves += 1
                    if stop.is_set():
                        return
                    if not s["legal_actions"]:
                        s = self._new_game(http)
                        continue
                    action = rng.choice(s["legal_actions"])["id"]
                    r = http.post(f"/api/sessions/{s['id']}/actions", json={"action": action, "version": s["version"]})
                    if r.status_code != 200:
                        self.unexpected.append(f"{r.status_code}: {r.text[:200]}")
                        return
                    s = r.json()
                    self.answered.append((s["id"], s["version"], action))
                    self.last_version[s["id"]] = s["version"]
            except httpx.TransportError:
                return  # the server is gone: what was answered before this is what must survive

    def _new_game(self, http: httpx.Client) -> dict:
        r = http.post("/api/sessions", json={"game": "adamastor", "seed": self.seed * 1000 + len(self.last_version)})
        r.raise_for_status()
        s = r.json()
        self.last_version[s["id"]] = 0
        return s
