#!/usr/bin/env python3
"""`make bench`: how fast enzyme-opt reads and writes IR (a benchmark, not a test).

Links the compiled corpus into one large module per clang (see
tools/build_corpus.py) and times whole processes on it, best of a few runs:

  parse+print   python3 -m enzyme_opt big.ll -passes= --no-verify -o out.ll
  +verify       the same with LLVM's verifier (through llvmlite)
  every body    -passes=materialize --no-verify: every function body read
                into the model and printed from it (what any pass pays first;
                parse+print copies the bodies LLVM verified as written)
  opt -S        LLVM's own read and write of the same module, for scale

It prints megabytes per second of input and the peak resident memory of each
process.  Last, a module of at least 50 MB (the corpus linked several times
under distinct names) goes through parse+print once, to show the peak memory
of a very large input; and a 13 MB module with one `__enzyme_autodiff` call
(`one_call_module`), and one of about 50 MB, go through the default pipeline,
beside `opt -S` on each (issue 21's targets: 4x opt's CPU time, 2x its peak memory).  The table is kept as bench/results/DATE-parse.md
(--no-save: only printed), with the time of a plain Python loop, to compare
runs on machines (or moments) of different speed.
"""
from __future__ import annotations

import argparse
import datetime
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
REPEAT = 3
HUGE_BYTES = 50_000_000


def timed(cmd) -> tuple:
    """(wall seconds, peak RSS in MB, CPU seconds) of one run of `cmd`, which
    must succeed.  The CPU time (user + system, with the processes it waited
    for) is what to compare on a shared machine, where wall time includes
    the wait for a core."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=REPO_ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(map(str, cmd))}\n{proc.stderr.read().decode()}")
    proc.stderr.close()
    return wall, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime


def best(cmd, repeat=REPEAT) -> tuple:
    """(best wall seconds, peak MB) of `repeat` runs."""
    runs = [timed(cmd) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def link_huge(corpus, one_copy: Path) -> Path:
    """The clang-19 corpus linked as often as it takes to reach HUGE_BYTES
    (linking shares some metadata and types, so copies are not all full size)."""
    copies = math.ceil(HUGE_BYTES / one_copy.stat().st_size)
    while True:
        huge = corpus.link_big("clang19", corpus.BUILD_DIR / "huge.ll", copies=copies)
        size = huge.stat().st_size
        if size >= HUGE_BYTES:
            return huge
        copies = math.ceil(copies * HUGE_BYTES / size)


def report(rows: list, name: str, mb: float, step: str, seconds: float, peak: float) -> None:
    row = f"| {name} | {mb:.2f} | {step} | {seconds:.2f} | {mb / seconds:.2f} | {peak:.0f} |"
    rows.append(row)
    print(row, flush=True)


# One function to differentiate, and the one API call in the module.
ONE_CALL = """
define internal double @bench_square(double %x) {
entry:
  %y = fmul double %x, %x
  ret double %y
}

declare double @__enzyme_autodiff(ptr, ...)

define double @bench_square_gradient(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @bench_square, double %x)
  ret double %r
}
"""
# Copies of the clang-19 corpus for issue 21's two sizes: about 13 MB and 50 MB.
ONE_CALL_COPIES = {"one-call.ll": 4, "one-call-50mb.ll": 15}


def one_call_module(corpus, name: str) -> Path:
    """The clang-19 corpus linked ONE_CALL_COPIES[name] times, its own API calls
    and markers renamed into plain functions and globals, and ONE_CALL appended:
    one small derivative in a large module (issue 21)."""
    linked = corpus.link_big("clang19", corpus.BUILD_DIR / name,
                             copies=ONE_CALL_COPIES[name])
    text = linked.read_text(encoding="utf-8")
    text = text.replace("__enzyme_", "__plain_").replace("@enzyme_", "@plain_")
    linked.write_text(text + ONE_CALL, encoding="utf-8")
    return linked


def one_call_rows(rows: list, corpus, tmp: Path, name: str) -> None:
    """enzyme-opt's default pipeline on a one-call module beside `opt -S`:
    CPU seconds and peak memory, and their ratios (targets: 4x and 2x)."""
    module = one_call_module(corpus, name)
    mb = module.stat().st_size / 1e6
    ours = [timed([sys.executable, "-m", "enzyme_opt", str(module), "-o",
                   str(tmp / "one-call.out.ll")]) for _ in range(2)]
    opt = [timed(["/usr/lib/llvm-19/bin/opt", "-S", str(module), "-o", os.devnull])
           for _ in range(REPEAT)]
    cpu, peak = min(r[2] for r in ours), max(r[1] for r in ours)
    opt_cpu, opt_peak = min(r[2] for r in opt), max(r[1] for r in opt)
    report(rows, name, mb, "one autodiff (CPU s)", cpu, peak)
    report(rows, name, mb, "opt -S (CPU s)", opt_cpu, opt_peak)
    print(f"{name}: one autodiff / opt -S: {cpu / opt_cpu:.1f}x CPU time (target 4x), "
          f"{peak / opt_peak:.1f}x peak memory (target 2x)", flush=True)


def python_loop_seconds() -> float:
    """CPU time of a 10-million-iteration Python loop: this machine's speed now."""
    start = time.process_time()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-save", action="store_true",
                        help="print the table without writing bench/results/")
    args = parser.parse_args()
    import build_corpus as corpus   # beside this script
    errors = corpus.build_all(corpus.jobs(), None)
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    rows = ["| module | MB | step | seconds | MB/s | peak MB |", "|---|---:|---|---:|---:|---:|"]
    print("\n".join(rows))
    with tempfile.TemporaryDirectory() as tmp:
        for compiler, name in (("clang19", "big.ll"), ("clang14", "big14.ll")):
            big = corpus.link_big(compiler, corpus.BUILD_DIR / name)
            version = corpus.COMPILERS[compiler][0]
            mb = big.stat().st_size / 1e6
            out = Path(tmp) / name
            tool = [sys.executable, "-m", "enzyme_opt", str(big), "-passes=", "-o", str(out)]
            steps = [("parse+print", tool + ["--no-verify"]), ("+verify", tool),
                     ("every body", tool + ["-passes=materialize", "--no-verify"]),
                     ("opt -S", [f"/usr/lib/llvm-{version}/bin/opt", "-S", str(big),
                                 "-o", os.devnull])]
            for step, cmd in steps:
                report(rows, name, mb, step, *best(cmd))
        huge = link_huge(corpus, corpus.BUILD_DIR / "big.ll")
        cmd = [sys.executable, "-m", "enzyme_opt", str(huge), "-passes=", "--no-verify",
               "-o", str(Path(tmp) / "huge.ll")]
        report(rows, "huge.ll", huge.stat().st_size / 1e6, "parse+print", *best(cmd, repeat=1))
        for name in ONE_CALL_COPIES:
            one_call_rows(rows, corpus, Path(tmp), name)
    loop = python_loop_seconds()
    print(f"\nA 10-million-iteration Python loop took {loop:.2f} s of CPU.")
    if not args.no_save:
        save(rows, loop)
    return 0


def save(rows: list, loop: float) -> None:
    sys.path.insert(0, str(REPO_ROOT / "bench"))
    from run import RESULTS_DIR, environment     # bench/run.py: the gradient benchmarks
    today = datetime.date.today().isoformat()
    lines = [f"# Parse+print throughput, {today}", ""] + environment() + [
        f"- a 10-million-iteration Python loop took {loop:.2f} s of CPU (machine speed)", "",
        "`python3 -m enzyme_opt BIG.ll -passes= -o OUT.ll`, whole process, best of "
        f"{REPEAT} (huge.ll: one run); +verify adds LLVM's verifier; every body: "
        "`-passes=materialize`, each function body read into the model (parse+print "
        "copies the bodies LLVM verified as written); `opt -S` is LLVM's "
        "own read and write of the same module.  Target: parse+print >= 2 MB/s.", ""] + rows
    RESULTS_DIR.mkdir(exist_ok=True)
    path = RESULTS_DIR / f"{today}-parse.md"
    path.write_text("\n".join(lines) + "\n")
    print(f"Saved {path.relative_to(REPO_ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
