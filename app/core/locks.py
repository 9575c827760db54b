"""One lock per id, so writes to one session (or campaign) are serialized inside this process.

The database compare-and-set on the version column is what keeps several processes correct;
these locks only spare a second request the wasted work of losing that race.
"""

from __future__ import annotations

import threading
from collections import defaultdict


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: defaultdict[str, threading.Lock] = defaultdict(threading.Lock)
        self._guard = threading.Lock()

    def __call__(self, key: str) -> threading.Lock:
        with self._guard:
            return self._locks[key]
