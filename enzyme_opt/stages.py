"""The stages of one run: what is being done now, and how long each took;
and what the run counted.

The command line names the current stage in an internal error, shows it on
a progress line when a run on a terminal takes longer than two seconds,
and prints the times with `-time-passes`.  The pass pipeline and the AD
enter finer stages (each pass, each derivative) through the same object.
`Statistics` holds what `-stats` prints: counts, and a line per derivative.
"""
from __future__ import annotations

import sys
import time
from typing import List, Optional, Tuple


class Stages:
    def __init__(self):
        self.current = "starting"
        self.times: List[Tuple[str, float]] = []
        self._started: Optional[float] = None
        self._run_start = time.perf_counter()

    def enter(self, name: str) -> None:
        self.leave()
        self.current = name
        self._started = time.perf_counter()

    def leave(self) -> None:
        if self._started is not None:
            self.times.append((self.current, time.perf_counter() - self._started))
            self._started = None

    def elapsed(self) -> float:
        return time.perf_counter() - self._run_start

    def report(self) -> str:
        """The times, as LLVM's -time-passes lays them out."""
        self.leave()
        total = sum(t for _, t in self.times) or 1e-9
        rule = "===" + "-" * 73 + "==="
        lines = [rule, "enzyme-opt execution timing report".center(79).rstrip(), rule,
                 f"  Total Execution Time: {total:.4f} seconds", "",
                 "   ---Wall Time---  --- Name ---"]
        for name, seconds in self.times:
            lines.append(f"   {seconds:7.4f} ({100 * seconds / total:5.1f}%)  {name}")
        lines.append(f"   {total:7.4f} (100.0%)  Total")
        return "\n".join(lines)


class ProgressLine:
    """`enzyme-opt: <stage> (N s)` on a terminal's stderr, from two seconds
    into the run on, erased when the run ends."""

    DELAY, PERIOD = 2.0, 0.5

    def __init__(self, stages: Stages, stream=None):
        self.stages = stages
        self.stream = stream or sys.stderr
        self._done = None
        self._shown = False
        self._thread = None

    def __enter__(self):
        if getattr(self.stream, "isatty", lambda: False)():
            import threading        # here: a run whose stderr is not a terminal needs none
            self._done = threading.Event()
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc):
        if self._thread is not None:
            self._done.set()
            self._thread.join()
        if self._shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
        return False

    def _run(self) -> None:
        if self._done.wait(self.DELAY):
            return
        while not self._done.is_set():
            line = f"enzyme-opt: {self.stages.current} ({self.stages.elapsed():.0f} s)"
            self.stream.write("\r\033[K" + line[:79])
            self.stream.flush()
            self._shown = True
            self._done.wait(self.PERIOD)


class Statistics:
    """Counters by description, and one line per derivative made."""

    def __init__(self):
        self.counts: dict = {}
        self.derivatives: List[str] = []

    def count(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n

    def report(self) -> str:
        rule = "===" + "-" * 73 + "==="
        lines = [rule, "Statistics Collected".center(79).rstrip(), rule, ""]
        width = max((len(str(n)) for n in self.counts.values()), default=1)
        lines += [f"  {n:>{width}} enzyme - {what}" for what, n in sorted(self.counts.items())]
        if self.derivatives:
            lines += ["", "  per derivative:"] + [f"    {d}" for d in self.derivatives]
        return "\n".join(lines)
