#!/usr/bin/env python3
"""The gradient of a parallel loop with 1 and 2 threads: bench/openmp/.

    clang-19 -O2 -fopenmp -S -emit-llvm stencil_omp.c -o build/stencil_omp.ll
    python3 -m enzyme_opt build/stencil_omp.ll -o build/stencil_omp.grad.ll
    clang-19 -O2 -fopenmp build/stencil_omp.grad.ll -o build/stencil_omp -lm
    OMP_NUM_THREADS=T build/stencil_omp      for T in 1, 2

Each run prints the best wall time of the gradient (omp_get_wtime), the CPU
time of that run (all threads) and a central-difference check; the table
gives the speedup of 2 threads over 1 in wall time.  On a machine shared
with other work the wall time depends on how many cores are free: the CPU
column says how much work was done, whatever the wait.

Usage: python3 bench/openmp/run.py
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
BUILD = HERE / "build"
CLANG = os.environ.get("CLANG", "clang-19")
RESULT_RE = re.compile(r"RESULT threads=(\d+) primal_wall_s=(\S+) primal_cpu_s=(\S+) "
                       r"gradient_wall_s=(\S+) gradient_cpu_s=(\S+) check=(\w+)")


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{proc.stdout}{proc.stderr}")
    return proc.stdout


def main() -> int:
    BUILD.mkdir(exist_ok=True)
    ll, grad, exe = BUILD / "stencil_omp.ll", BUILD / "stencil_omp.grad.ll", BUILD / "stencil_omp"
    _run([CLANG, "-O2", "-fopenmp", "-S", "-emit-llvm", str(HERE / "stencil_omp.c"), "-o", str(ll)])
    _run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(grad)], cwd=REPO_ROOT)
    _run([CLANG, "-O2", "-fopenmp", str(grad), "-o", str(exe), "-lm"])
    rows = {}
    for threads in ("1", "2"):
        out = _run([str(exe)], env=dict(os.environ, OMP_NUM_THREADS=threads))
        m = RESULT_RE.search(out)
        if m is None or m.group(6) != "ok":
            print(out)
            return 1
        rows[threads] = [float(v) for v in m.group(2, 3, 4, 5)]
    print("| threads | primal wall s | primal CPU s | gradient wall s | gradient CPU s "
          "| gradient/primal (CPU) |")
    print("|---|---|---|---|---|---|")
    for threads, (primal, primal_cpu, wall, cpu) in rows.items():
        print(f"| {threads} | {primal:.4f} | {primal_cpu:.4f} | {wall:.4f} | {cpu:.4f} "
              f"| {cpu / primal_cpu:.2f} |")
    speedup = rows["1"][2] / rows["2"][2]
    print(f"\nspeedup of the gradient, 2 threads over 1 (wall): {speedup:.2f}x "
          f"(machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
