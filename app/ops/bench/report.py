"""The bench's printed report: engines alone, the bare-write limit, the players' figures, resume cost, targets."""

from __future__ import annotations

from dataclasses import dataclass

from app.ops.bench.engines import EngineSpeed
from app.ops.bench.probe import ProbeResult
from app.ops.bench.resume import ResumeResult
from app.ops.bench.stats import GameSamples, Samples

P99_MOVE_MS = 50.0
SHARE_OF_LIMIT = 0.5
MOVE_KB = 10.0
FIRST_LOAD_KB = 150.0
SECTIONS = ("Setup", "Engines alone", "Bare-write limit", "Players", "Resume cost", "Targets")
PACED, FLAT_OUT = "paced", "flat out"


@dataclass
class PlayRun:
    """The players' figures of one run: at a human pace (think time) or flat out (no pause at all)."""

    name: str
    think_ms: float
    samples: Samples
    seconds: float
    server_cpu: float = 0.0  # CPU seconds the server used while the players played

    @property
    def moves_per_second(self) -> float:
        return self.samples.overall().moves.count / self.seconds if self.seconds else 0.0

    def cpu_ms_per_request(self) -> float:
        total = self.samples.overall()
        requests = total.moves.count + total.pages.count
        return self.server_cpu * 1000 / requests if requests else 0.0

    def title(self) -> str:
        if self.think_ms > 0:
            return f"Players at a human pace ({self.think_ms:g} ms mean pause after each move)"
        return "Players flat out (the next move as soon as the answer arrives)"


@dataclass
class BenchResult:
    setup: dict[str, str]
    engines: list[EngineSpeed]
    probe: ProbeResult
    runs: list[PlayRun]
    resume: ResumeResult | None

    def run(self, name: str) -> PlayRun | None:
        return next((r for r in self.runs if r.name == name), None)

    @property
    def flat_out(self) -> PlayRun:
        return self.run(FLAT_OUT) or self.runs[-1]

    @property
    def paced(self) -> PlayRun:
        """The run whose latency is judged: people at a human pace, or flat out when there is no paced run."""
        return self.run(PACED) or self.flat_out

    @property
    def samples(self) -> Samples:
        """Every run's samples together (sizes, errors and games count over the whole bench)."""
        merged = Samples()
        for r in self.runs:
            merged.merge(r.samples)
        return merged

    @property
    def share_of_limit(self) -> float:
        return self.flat_out.moves_per_second / self.probe.per_second if self.probe.per_second else 0.0

    def server_errors(self) -> int:
        total = self.samples.overall()
        # no answer at all (status 0) is at least as bad as a 5xx
        return sum(n for status, n in total.errors.items() if status >= 500 or status == 0) + self.probe.errors

    def targets(self) -> list[tuple[str, bool]]:
        total = self.samples.overall()
        judged = self.paced
        p99 = judged.samples.overall().moves.ms(99)
        checks = [
            (f"p99 move latency {p99:.1f} ms <= {P99_MOVE_MS:.0f} ms ({judged.name} run)", 0 < p99 <= P99_MOVE_MS),
            (f"throughput {self.share_of_limit:.0%} of the bare-write limit >= {SHARE_OF_LIMIT:.0%} (flat-out run)",
             self.share_of_limit >= SHARE_OF_LIMIT),
            (f"5xx answers (or none at all): {self.server_errors()}", self.server_errors() == 0),
            (f"largest move answer {total.moves.max_size / 1000:.1f} KB <= {MOVE_KB:.0f} KB",
             0 < total.moves.max_size <= MOVE_KB * 1000),
        ]
        if total.first_loads:
            biggest = max(total.first_loads) / 1000
            checks.append((f"largest first page load {biggest:.1f} KB <= {FIRST_LOAD_KB:.0f} KB",
                           biggest <= FIRST_LOAD_KB))
        if self.resume is not None:
            r = self.resume
            checks.append((f"resume and a replay step after {r.long_actions} actions cost the same as after "
                           f"{r.short_actions}",
                           r.same))
        return checks

    def passed(self) -> bool:
        return all(ok for _, ok in self.targets())

    def lines(self) -> list[str]:
        out = ["== Setup"] + [f"{key + ':':14}{value}" for key, value in self.setup.items()]
        out += ["", "== Engines alone (random bot, no server)"]
        out += [f"{e.slug:18}{e.actions_per_second:>10,.0f} actions/s {e.games_per_second:>9,.1f} games/s"
                for e in self.engines]
        p = self.probe
        out += ["", "== Bare-write limit (one durable write of a session-sized row per request)",
                f"{p.per_second:,.0f} writes/s, p50 {p.writes.ms(50):.1f} ms, p99 {p.writes.ms(99):.1f} ms, "
                f"{p.errors} errors, over {p.seconds:.1f} s; server CPU {p.cpu_ms_per_write:.1f} ms per write"]
        out += ["", "== Players"]
        for r in self.runs:
            out += ["", f"-- {r.title()}", _header()]
            out += [_row(key, s, r.seconds) for key, s in sorted(r.samples.games.items())]
            out += [_row("all", r.samples.overall(), r.seconds),
                    f"moves/s = {r.moves_per_second / p.per_second if p.per_second else 0:.0%} of the bare-write "
                    f"limit ({r.moves_per_second:,.0f} / {p.per_second:,.0f})",
                    f"server CPU: {r.server_cpu:.1f} s over {r.seconds:g} s "
                    f"({r.server_cpu / r.seconds if r.seconds else 0:.0%} of one core), "
                    f"{r.cpu_ms_per_request():.1f} ms per move or page load"]
        out += ["", "== Resume cost (median of repeated loads)"] + _resume_lines(self.resume)
        out += ["", "== Targets"] + [f"{'PASS' if ok else 'FAIL'}  {text}" for text, ok in self.targets()]
        return out


def _header() -> str:
    return (f"{'':18}{'moves':>7}{'moves/s':>9}{'p50':>7}{'p95':>7}{'p99':>7}{'B/move':>8}"
            f"{'pages':>7}{'p50':>7}{'p95':>7}{'p99':>7}{'1st load':>10}{'games':>7}  errors")


def _row(key: str, s: GameSamples, seconds: float) -> str:
    errors = ", ".join(f"{status or 'no answer'}: {n}" for status, n in sorted(s.errors.items())) or "none"
    first = f"{max(s.first_loads) / 1000:.1f} KB" if s.first_loads else "-"
    return (f"{key:18}{s.moves.count:>7}{s.moves.count / seconds if seconds else 0:>9.1f}"
            f"{s.moves.ms(50):>7.1f}{s.moves.ms(95):>7.1f}{s.moves.ms(99):>7.1f}{s.moves.mean_size:>8.0f}"
            f"{s.pages.count:>7}{s.pages.ms(50):>7.1f}{s.pages.ms(95):>7.1f}{s.pages.ms(99):>7.1f}"
            f"{first:>10}{s.games_finished:>7}  {errors}")


def _resume_lines(r: ResumeResult | None) -> list[str]:
    if r is None:
        return ["skipped (--resume-actions 0)"]
    return [
        f"GET /api/sessions/{{id}}: {r.api_ms[0]:.1f} ms after {r.short_actions} actions, "
        f"{r.api_ms[1]:.1f} ms after {r.long_actions}",
        f"GET /play/{{id}}:         {r.page_ms[0]:.1f} ms after {r.short_actions} actions, "
        f"{r.page_ms[1]:.1f} ms after {r.long_actions}",
        f"GET /api/sessions/{{id}}/replay?step=: {r.replay_ms[0]:.1f} ms after {r.short_actions} actions, "
        f"{r.replay_ms[1]:.1f} ms after {r.long_actions}",
    ]
