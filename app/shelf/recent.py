"""The games this process played last, kept in memory, so that a move starts where the last one ended.

A move reads its session's snapshot: the state as JSON, and the last lines of the log. Decoding that JSON and
loading it into the engine's state (which checks every part of it) is most of what a move costs besides its
writes. This process made that snapshot itself in the move before, so it keeps, per session, the JSON it wrote
and the objects it came from: when the row read back carries exactly that JSON (compared as text), the kept
state is the row's state, with nothing decoded or checked again. Anything else (another process's move, an
undo, a rules upgrade, a restored file) is different JSON: a miss, read and loaded as usual. States are never
changed in place (the engine contract), so one object serves every move and page that reads that version.

The view and the legal actions worked out for a version are kept beside it too: the next move's answer shows
what moved by comparing with the view before it (app/ui/travel.py), which is then already there.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from app.core import jsoncodec
from games.engine import GameEngine

SESSIONS_KEPT = 256  # a few hundred games played at once; each keeps one state of a few tens of kB


@dataclass
class Kept:
    """One version of one session, as this process last saw it."""

    version: int
    engine: GameEngine  # the rules that made the state: a state is only ever read back by the same engine object
    state_json: str
    state: Any
    tail_json: str | None = None
    tail: list[dict[str, Any]] | None = None
    shown: dict[str, Any] = field(default_factory=dict)  # "view", "actions": worked out when first shown


class Recent:
    def __init__(self, size: int = SESSIONS_KEPT) -> None:
        self._kept: OrderedDict[str, Kept] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def find(self, session_id: str, version: int, state_json: str, engine: GameEngine) -> Kept | None:
        """What is kept of this session at this version, if its state is exactly `state_json` and `engine` made it."""
        with self._lock:
            kept = self._kept.get(session_id)
            if kept is None or kept.version != version or kept.engine is not engine or kept.state_json != state_json:
                return None
            self._kept.move_to_end(session_id)
            return kept

    def keep(self, session_id: str, kept: Kept) -> Kept:
        with self._lock:
            self._kept[session_id] = kept
            self._kept.move_to_end(session_id)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)
        return kept

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._kept.pop(session_id, None)

    def state(self, session_id: str, version: int, state_json: str, engine: GameEngine,
              tail_json: str | None) -> Kept:
        """The kept entry for this snapshot, or a new one with the state loaded from its JSON."""
        kept = self.find(session_id, version, state_json, engine)
        if kept is not None and kept.tail_json == tail_json:
            return kept
        state = kept.state if kept is not None else engine.load(jsoncodec.loads(state_json))
        tail = jsoncodec.loads(tail_json) if tail_json is not None else None
        return self.keep(session_id, Kept(version, engine, state_json, state, tail_json, tail))


RECENT = Recent()
