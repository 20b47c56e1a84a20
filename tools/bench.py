#!/usr/bin/env python3
"""`make bench`: how fast enzyme-opt reads and writes IR (a benchmark, not a test).

Links the compiled corpus into one large module per clang (see
tools/build_corpus.py) and times whole processes on it, best of a few runs:

  parse+print   python3 -m enzyme_opt big.ll -passes= --no-verify -o out.ll
  +verify       the same with LLVM's verifier (through llvmlite)
  opt -S        LLVM's own read and write of the same module, for scale

It prints megabytes per second of input and the peak resident memory of each
process.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
REPEAT = 3


def timed(cmd) -> tuple:
    """(wall seconds, peak RSS in MB) of one run of `cmd`, which must succeed."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=REPO_ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(map(str, cmd))}\n{proc.stderr.read().decode()}")
    proc.stderr.close()
    return wall, usage.ru_maxrss / 1024.0


def best(cmd) -> tuple:
    runs = [timed(cmd) for _ in range(REPEAT)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def main() -> int:
    import build_corpus as corpus   # beside this script
    errors = corpus.build_all(corpus.jobs(), None)
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    print(f"{'module':<14}{'MB':>7}  {'step':<13}{'seconds':>9}{'MB/s':>8}{'peak MB':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for compiler, name in (("clang19", "big.ll"), ("clang14", "big14.ll")):
            big = corpus.link_big(compiler, corpus.BUILD_DIR / name)
            version = corpus.COMPILERS[compiler][0]
            mb = big.stat().st_size / 1e6
            out = Path(tmp) / name
            tool = [sys.executable, "-m", "enzyme_opt", str(big), "-passes=", "-o", str(out)]
            steps = [("parse+print", tool + ["--no-verify"]), ("+verify", tool),
                     ("opt -S", [f"/usr/lib/llvm-{version}/bin/opt", "-S", str(big),
                                 "-o", os.devnull])]
            for step, cmd in steps:
                seconds, peak = best(cmd)
                print(f"{name:<14}{mb:>7.2f}  {step:<13}{seconds:>9.2f}{mb / seconds:>8.2f}"
                      f"{peak:>9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
