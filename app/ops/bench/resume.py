"""Resume cost: opening a session after a few actions versus after thousands must cost the same.

So must a replay step (issues #17, #27): GET /api/sessions/{id}/replay at step `short - 1` of the short session and
near the end of the long one (a step rebuilds from a stored state on its way, app/shelf/timeline.py), after one
first call that stores the long game's states.

Long logs are made with real moves through the API: find one legal action that can be taken back,
then take it and undo it again and again (each one is a log entry and a version, the board stays put).
"""

from __future__ import annotations

import contextlib
import statistics
import time
from dataclasses import dataclass
from typing import Any

import httpx

from app.ops.bench import account
from app.shelf.timeline import EVERY

SAME_WITHIN = 1.25  # the long session may cost at most this much more ...
OR_MS = 2.0  # ... or this many milliseconds more, whichever is larger


@dataclass
class ResumeResult:
    short_actions: int
    long_actions: int
    api_ms: tuple[float, float]  # median GET /api/sessions/{id}: short, long
    page_ms: tuple[float, float]  # median GET /play/{id}: short, long
    replay_ms: tuple[float, float] = (0.0, 0.0)  # median GET /api/sessions/{id}/replay: short, long

    @property
    def same(self) -> bool:
        return all(long <= max(short * SAME_WITHIN, short + OR_MS) for short, long in (self.api_ms, self.page_ms,
                                                                                self.replay_ms))


def session_with_log(client: httpx.Client, slug: str, entries: int, seed: int) -> str:
    """A new session whose log has at least `entries` entries."""
    resp = client.post("/api/sessions", json={"game": slug, "seed": seed, "name": f"bench resume {entries}"})
    resp.raise_for_status()
    current: dict[str, Any] = resp.json()
    sid, repeat = current["id"], None
    while current["version"] < entries:
        if current["status"]["state"] != "in_progress":
            raise RuntimeError(f"the game ended after {current['version']} actions; no undoable action was found")
        action = repeat or current["legal_actions"][0]["id"]
        current = _post(client, f"/api/sessions/{sid}/actions", {"action": action, "version": current["version"]})
        if current["can_undo"] and current["version"] < entries:
            repeat = action
            current = _post(client, f"/api/sessions/{sid}/undo", {"version": current["version"]})
    return sid


def _post(client: httpx.Client, path: str, body: dict[str, Any]) -> dict[str, Any]:
    resp = client.post(path, json=body)
    resp.raise_for_status()
    return resp.json()


def _median_ms(client: httpx.Client, path: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        client.get(path).raise_for_status()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(base_url: str, *, slug: str, short: int = 10, long: int = 2000, repeats: int = 40,
            auth_mode: str = "single") -> ResumeResult:
    client = account.client(base_url, auth_mode, kind="browser", name="bench resume")
    with contextlib.closing(client):
        ids = [session_with_log(client, slug, n, seed=7) for n in (short, long)]
        api = [_median_ms(client, f"/api/sessions/{sid}", repeats) for sid in ids]
        page = [_median_ms(client, f"/play/{sid}", repeats) for sid in ids]
        deep = (long - short) // EVERY * EVERY + short - 1
        steps = [f"/api/sessions/{sid}/replay?step={n}" for sid, n in zip(ids, (short - 1, deep), strict=True)]
        for path in steps:  # the first replay of a game fills its checkpoints, once
            client.get(path).raise_for_status()
        replay = [_median_ms(client, path, repeats) for path in steps]
    return ResumeResult(short, long, (api[0], api[1]), (page[0], page[1]), (replay[0], replay[1]))
