"""Motion at test speed: a tab whose animations play many times faster than a player sees them.

The game's motion still runs (the same view transitions, animations and their end events), only quicker: a
clicked-through game waits for each move's motion to end before its next click, which at real speed made a
whole game take minutes of the suite. The tests of the motion itself (test_motion_browser, test_story_browser,
test_travel_browser) open their tabs without it, at real speed.
"""

from __future__ import annotations

from typing import Any

QUICK_MOTION = 50.0


def quick_motion(context: Any, tab: Any) -> None:
    """Every animation of `tab` (CSS, the Web Animations API, view transitions) plays QUICK_MOTION times faster,
    across its navigations too (Chromium's DevTools Animation domain)."""
    cdp = context.new_cdp_session(tab)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": QUICK_MOTION})
