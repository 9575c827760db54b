"""Compare the bench of two checkouts in one run, on the same machine: `python scripts/bench_compare.py OLD NEW`.

Each ref (a commit, a branch, `HEAD`, or `.` for the working tree) gets a git worktree of its own in a temporary
folder; the two are benched in turns (OLD, NEW, OLD, NEW, ...) so that whatever else the machine does falls on
both alike. Each round runs `python -m app bench` in that checkout with the same arguments: a flat-out run
(players make their next move as soon as the answer arrives) and a paced run (a mean pause after each move).
It prints each round's figures and the medians: flat-out moves/s, the paced run's p99 move latency, the server's
CPU per move, and NEW's flat-out moves/s as a multiple of OLD's.

    python scripts/bench_compare.py 541b8a5 HEAD --rounds 3 --players 8 --duration 20
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@dataclass
class Figures:
    flat_moves_per_s: float
    paced_p99_ms: float
    flat_cpu_ms: float


def checkout(ref: str, into: Path) -> Path:
    """A worktree of `ref` (the repository itself for `.`)."""
    if ref == ".":
        return REPO
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--force", str(into), ref], check=True,
                   capture_output=True)
    return into


def bench(tree: Path, args: argparse.Namespace) -> tuple[Figures, str]:
    cmd = [sys.executable, "-m", "app", "bench", "--players", str(args.players), "--duration", str(args.duration),
           "--think-ms", str(args.think_ms), "--resume-actions", "0", "--probe-seconds", "1",
           "--auth-mode", args.auth_mode]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=900).stdout
    return parse(out), out


def parse(report: str) -> Figures:
    """The flat-out moves/s, the paced p99 move latency and the flat-out server CPU per request of a bench report."""
    runs = re.split(r"^-- ", report, flags=re.M)[1:]
    paced = next(r for r in runs if r.startswith("Players at a human pace"))
    flat = next(r for r in runs if r.startswith("Players flat out"))

    def all_row(run: str) -> list[str]:
        return next(line for line in run.splitlines() if line.startswith("all ")).split()

    cpu = re.search(r"([\d.]+) ms per move or page load", flat)
    return Figures(float(all_row(flat)[2]), float(all_row(paced)[5]), float(cpu.group(1)) if cpu else 0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=1000.0)
    parser.add_argument("--auth-mode", default="single")
    args = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="bench-compare-"))
    trees = {}
    try:
        for name, ref in (("old", args.old), ("new", args.new)):
            trees[name] = checkout(ref, scratch / name)
        seen: dict[str, list[Figures]] = {"old": [], "new": []}
        for n in range(args.rounds):
            for name in ("old", "new"):
                figures, report = bench(trees[name], args)
                seen[name].append(figures)
                print(f"round {n + 1} {name:3} ({getattr(args, name)}): flat out {figures.flat_moves_per_s:.1f} "
                      f"moves/s, {figures.flat_cpu_ms:.1f} ms server CPU per request; paced p99 "
                      f"{figures.paced_p99_ms:.1f} ms", flush=True)
        med = {name: Figures(*(statistics.median(getattr(f, field) for f in seen[name])
                               for field in ("flat_moves_per_s", "paced_p99_ms", "flat_cpu_ms"))) for name in seen}
        print(f"median old: {med['old']}\nmedian new: {med['new']}")
        print(f"flat-out moves/s, new / old: {med['new'].flat_moves_per_s / med['old'].flat_moves_per_s:.2f}x; "
              f"paced p99 {med['old'].paced_p99_ms:.1f} -> {med['new'].paced_p99_ms:.1f} ms")
    finally:
        for tree in trees.values():
            if tree != REPO:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)],
                               capture_output=True)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
