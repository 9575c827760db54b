"""Path data at whole units: an SVG sprite's drawings written with integer coordinates, without drift.

game-icons.net drawings come with three decimals on a 512-unit grid. A thousandth of a unit is 1/512,000 of
the drawing, far below a pixel at any size a board shows, and it is most of the bytes: rounding every point to
a whole unit (at most half a unit, 1/1024 of the drawing, from where it was) halves a sprite, compressed.

Relative commands (`l`, `c`, `a`...) are rounded on absolute positions: each point is placed at the rounding of
where it really is, and written as the step from the rounded previous point, so errors never add up along a
path. Arc radii keep one decimal (a radius rounded to 0 would turn an arc into a line).

    python scripts/svgpath.py FILE...    # rewrites each file's path data in place
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|([\s,]+)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_D = re.compile(r'(\sd=")([^"]*)(")')
_SYMBOL = re.compile(r'<symbol [^>]*viewBox="0 0 512 512"[^>]*>.*?</symbol>', re.S)


def _tokens(d: str) -> list[str]:
    """Command letters and numbers; an arc's two flags may be written run together ("a5 5 0 01.5 2")."""
    out: list[str] = []
    pos, command = 0, ""
    while pos < len(d):
        m = _TOKEN.match(d, pos)
        if m is None:
            raise ValueError(f"not path data at {pos}: {d[pos:pos + 20]!r}")
        pos = m.end()
        if m.group(1):
            command = m.group(1).upper()
            out.append(m.group(1))
            count = 0
        elif m.group(2):
            # Arc flags (the 4th and 5th of each 7 numbers) are one digit each, even when nothing separates them.
            if command == "A" and count % 7 in (3, 4) and len(m.group(2)) > 1 and m.group(2)[0] in "01":
                out.append(m.group(2)[0])
                pos = m.start() + 1
            else:
                out.append(m.group(2))
            count += 1
    return out


def _segments(d: str) -> list[tuple[str, list[float]]]:
    """(command, numbers) for each segment, implicit repetitions spelt out (after M they are L)."""
    segments: list[tuple[str, list[float]]] = []
    command, numbers = "", []
    for token in _tokens(d) + ["Z?"]:
        if token[0].isalpha():
            if command:
                arity = _ARGS[command.upper()]
                if arity == 0:
                    segments.append((command, []))
                else:
                    if not numbers or len(numbers) % arity:
                        raise ValueError(f"{command} takes {arity} numbers at a time, got {len(numbers)}")
                    for i in range(0, len(numbers), arity):
                        repeat = command if i == 0 else {"M": "L", "m": "l"}.get(command, command)
                        segments.append((repeat, numbers[i:i + arity]))
            command, numbers = token if token != "Z?" else "", []
        else:
            numbers.append(float(token))
    return segments


def _num(value: float) -> str:
    """The shortest spelling: "3", "-2", ".5", "-.5"."""
    text = str(int(value)) if value == int(value) else f"{value:.1f}".rstrip("0")
    if text.startswith(("0.", "-0.")):
        text = text.replace("0.", ".", 1)
    return "0" if text == "-0" else text


def _join(tokens: list[str]) -> str:
    """Tokens written without a separator where none is needed: before a letter or a "-", and before a "." that
    follows a number which has its dot already."""
    out: list[str] = []
    previous = ""
    for token in tokens:
        if previous and not previous[-1].isalpha() and not token[0].isalpha() and token[0] != "-" and not (
                token[0] == "." and "." in previous):
            out.append(" ")
        out.append(token)
        previous = token
    return "".join(out)


def whole(d: str) -> str:
    """`d` with every point at the nearest whole unit (arc radii to a tenth), the same commands in the same order."""
    x = y = 0.0  # where the pen really is
    pen = (0, 0)  # where the rounded path's pen is
    start = ((0.0, 0.0), (0, 0))
    tokens: list[str] = []
    previous = ""
    for command, n in _segments(d):
        up, rel = command.upper(), command.islower()
        if up == "Z":
            (x, y), pen = start
            tokens.append(command)
            previous = ""
            continue
        base = (x, y) if rel else (0.0, 0.0)
        if up == "H":
            points = [(n[0] + base[0], y)]
        elif up == "V":
            points = [(x, n[0] + base[1])]
        elif up == "A":
            points = [(n[5] + base[0], n[6] + base[1])]
        else:
            points = [(n[i] + base[0], n[i + 1] + base[1]) for i in range(0, len(n), 2)]
        rounded = [(round(px), round(py)) for px, py in points]
        origin = pen if rel else (0, 0)
        steps = [(px - origin[0], py - origin[1]) for px, py in rounded]
        if up == "H":
            out = [_num(steps[0][0])]
        elif up == "V":
            out = [_num(steps[0][1])]
        elif up == "A":
            out = [_num(max(round(r, 1), 0.1)) for r in n[:2]] + [_num(n[2]), str(int(n[3])), str(int(n[4]))]
            out += [_num(steps[0][0]), _num(steps[0][1])]
        else:
            out = [_num(v) for step in steps for v in step]
        if command != previous:  # a repeated command is implicit, as in the original (after M: L)
            tokens.append(command)
        tokens.extend(out)
        x, y = points[-1]
        pen = rounded[-1]
        if up == "M":
            start = ((x, y), pen)
        previous = {"M": "L", "m": "l"}.get(command, command)
    return _join(tokens)


def whole_svg(text: str) -> str:
    """Every `d="..."` of the document's 512-unit symbols (game-icons.net drawings) at whole units; drawings on
    other grids (Solo Shelf's own, some on 24 units) are left as they are."""
    def symbol(m: re.Match[str]) -> str:
        return _D.sub(lambda d: d.group(1) + whole(d.group(2)) + d.group(3), m.group())
    return _SYMBOL.sub(symbol, text)


def points(d: str) -> list[tuple[float, float]]:
    """Every segment's end point, absolute (for checking a rewritten path against its original)."""
    x = y = 0.0
    start = (0.0, 0.0)
    out = []
    for command, n in _segments(d):
        up, rel = command.upper(), command.islower()
        if up == "Z":
            x, y = start
        elif up == "H":
            x = n[0] + (x if rel else 0)
        elif up == "V":
            y = n[0] + (y if rel else 0)
        else:
            x, y = n[-2] + (x if rel else 0), n[-1] + (y if rel else 0)
        if up == "M":
            start = (x, y)
        out.append((x, y))
    return out


def main(paths: list[str]) -> None:
    for name in paths:
        file = Path(name)
        before = file.read_text(encoding="utf-8")
        after = whole_svg(before)
        file.write_text(after, encoding="utf-8")
        print(f"{name}: {len(before):,} -> {len(after):,} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
