"""Keeps a move's answer light (issue #15's budget: at most 10 KB compressed).

The templates are indented for people to read; a browser collapses that whitespace anyway. A line break
followed by indentation becomes one line break, so the answer carries no indentation: about 5 % less,
compressed. Nothing else changes (a line break still separates words; the boards hold no <pre> or
<textarea>, where whitespace would count: tests/app/test_travel_pages.py checks the templates for them).
"""

from __future__ import annotations

import re

_INDENT = re.compile(rb"\n[ \t\r\n]+")


def squeeze(html: bytes) -> bytes:
    """`html` with each run of line breaks and indentation reduced to one line break."""
    return _INDENT.sub(b"\n", html)
