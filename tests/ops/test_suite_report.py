"""The line a test run ends with: how busy the machine's cores were while the suite ran (tests/support/machine.py)."""

from __future__ import annotations

import os

from tests.support import machine


def test_the_summary_says_how_many_cores_the_run_kept_busy() -> None:
    start = machine.Mark(wall=100.0, busy=1_000.0, steal=5.0)
    end = machine.Mark(wall=110.0, busy=1_015.0, steal=6.5)
    line = machine.summary(start, end, cores=2)
    assert line is not None
    assert "15 s busy in 10 s on 2 cores" in line
    assert "1.50 cores busy on average, 75%" in line
    assert "2 s taken by the hypervisor" in line


def test_the_counters_are_read_from_the_first_line_of_proc_stat(tmp_path, monkeypatch) -> None:
    stat = tmp_path / "stat"
    # user nice system idle iowait irq softirq steal guest guest_nice
    stat.write_text("cpu  1000 20 300 9000 50 4 6 70 0 0\ncpu0 500 10 150 4500 25 2 3 35 0 0\n", encoding="ascii")
    monkeypatch.setattr(machine, "STAT", str(stat))
    tick = os.sysconf("SC_CLK_TCK")
    now = machine.mark()
    assert now is not None
    assert now.busy == (1000 + 20 + 300 + 4 + 6 + 70) / tick  # neither idle nor I/O wait
    assert now.steal == 70 / tick


def test_nothing_is_said_where_the_counters_cannot_be_read(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(machine, "STAT", str(tmp_path / "missing"))
    assert machine.mark() is None
    assert machine.summary(None, machine.Mark(1.0, 1.0, 0.0)) is None
    (tmp_path / "odd").write_text("intr 1 2 3\n", encoding="ascii")
    monkeypatch.setattr(machine, "STAT", str(tmp_path / "odd"))
    assert machine.mark() is None
