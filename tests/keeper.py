"""A browser's static/js/keep.js in Python, for tests that play over HTMX: it holds the board's <x-keep> parts,
names them in the X-Kept header of each move, and puts the parts an answer left out back (app/table/keep.py).
"""

from __future__ import annotations

import re

PART = re.compile(r'<x-keep data-keep="([^"]+)" data-h="([0-9a-f]+)"(?: data-kept>|>(.*?))</x-keep>', re.S)


class Keeper:
    def __init__(self, page: str = "") -> None:
        self.held: dict[str, tuple[str, str]] = {}
        if page:
            self.receive(page)

    def headers(self) -> dict[str, str]:
        """The header a move's request carries (none while nothing is held)."""
        if not self.held:
            return {}
        return {"X-Kept": " ".join(f"{key}:{h}" for key, (h, _) in self.held.items())}

    def receive(self, answer: str) -> str:
        """The whole board of an answer (each part it left out put back); the parts are held from now on."""
        held: dict[str, tuple[str, str]] = {}

        def whole(m: re.Match[str]) -> str:
            key, h, inner = m.group(1), m.group(2), m.group(3)
            if inner is None:
                assert self.held.get(key, ("", ""))[0] == h, f"the answer left out {key}, which this page does not hold"
                held[key] = self.held[key]
                return f'<x-keep data-keep="{key}" data-h="{h}">{held[key][1]}</x-keep>'
            held[key] = (h, inner)
            return m.group(0)

        text = PART.sub(whole, answer)
        self.held = held
        return text
