"""What the whole machine did while the suite ran: its CPU busy time from /proc/stat, printed at the end of a run.

`time make test` counts only the suite's own processes; Chromium's (the browser tests' largest cost) and
PostgreSQL's are not its children, and how busy the cores were says whether a run was held back by the CPU or
by waiting. The figures are machine-wide, so work beside the suite is in them too. Linux only; elsewhere nothing
is printed.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

STAT = "/proc/stat"


@dataclass(frozen=True)
class Mark:
    wall: float  # time.monotonic()
    busy: float  # CPU seconds all cores spent on anything but idle and I/O wait
    steal: float  # CPU seconds the hypervisor gave to other machines


def mark() -> Mark | None:
    """The machine's CPU counters now; None where /proc/stat cannot be read."""
    try:
        with open(STAT, encoding="ascii") as f:
            fields = f.readline().split()
    except OSError:
        return None
    if not fields or fields[0] != "cpu" or len(fields) < 9:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in fields[1:9])
    return Mark(time.monotonic(), (user + nice + system + irq + softirq + steal) / tick, steal / tick)


def summary(start: Mark | None, end: Mark | None, cores: int | None = None) -> str | None:
    """One line: the machine's CPU busy time between two marks, and how many of its cores that kept busy."""
    if start is None or end is None or end.wall <= start.wall:
        return None
    cores = cores or os.cpu_count() or 1
    wall, busy, steal = end.wall - start.wall, end.busy - start.busy, end.steal - start.steal
    return (f"machine CPU while the suite ran: {busy:,.0f} s busy in {wall:,.0f} s on {cores} cores "
            f"({busy / wall:.2f} cores busy on average, {100 * busy / (wall * cores):.0f}%; "
            f"{steal:,.0f} s taken by the hypervisor), the browser's and the database server's included")
