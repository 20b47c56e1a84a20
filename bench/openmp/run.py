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

With ENZYME_PLUGIN=path/LLVMEnzyme-19.so the reference Enzyme builds the
same program (`opt-19 -load-pass-plugin=$ENZYME_PLUGIN -passes=enzyme` on
build/stencil_omp.ll, then the same clang; a ClangEnzyme-19.so runs inside
`clang-19 -O2 -fopenmp -fpass-plugin=...` on the C) and its rows, measured in
the same run and passing the same check, follow ours.

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
OPT = os.environ.get("OPT", "opt-19")
RESULT_RE = re.compile(r"RESULT threads=(\d+) primal_wall_s=(\S+) primal_cpu_s=(\S+) "
                       r"gradient_wall_s=(\S+) gradient_cpu_s=(\S+) check=(\w+)")


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{proc.stdout}{proc.stderr}")
    return proc.stdout


def build_ours() -> Path:
    ll, grad, exe = BUILD / "stencil_omp.ll", BUILD / "stencil_omp.grad.ll", BUILD / "stencil_omp"
    _run([CLANG, "-O2", "-fopenmp", "-S", "-emit-llvm", str(HERE / "stencil_omp.c"), "-o", str(ll)])
    _run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(grad)], cwd=REPO_ROOT)
    _run([CLANG, "-O2", "-fopenmp", str(grad), "-o", str(exe), "-lm"])
    return exe


def build_reference(plugin: str) -> Path:
    """The reference's build of the same program: opt's `enzyme` pass on our
    .ll (LLVMEnzyme), or the plugin inside clang's pipeline (ClangEnzyme)."""
    exe = BUILD / "stencil_omp.ref"
    if Path(plugin).name.startswith("ClangEnzyme"):
        _run([CLANG, "-O2", "-fopenmp", f"-fpass-plugin={plugin}", str(HERE / "stencil_omp.c"),
              "-o", str(exe), "-lm"])
        return exe
    ref_ll = BUILD / "stencil_omp.ref.ll"
    _run([OPT, f"-load-pass-plugin={plugin}", "-passes=enzyme", "-S",
          str(BUILD / "stencil_omp.ll"), "-o", str(ref_ll)])
    _run([CLANG, "-O2", "-fopenmp", str(ref_ll), "-o", str(exe), "-lm"])
    return exe


def measure(exe: Path, threads: str):
    """(primal wall, primal CPU, gradient wall, gradient CPU) of one run, or
    None (printing why) if it failed or its check did not pass."""
    out = _run([str(exe)], env=dict(os.environ, OMP_NUM_THREADS=threads))
    m = RESULT_RE.search(out)
    if m is None or m.group(6) != "ok":
        print(out)
        return None
    return [float(v) for v in m.group(2, 3, 4, 5)]


def main() -> int:
    BUILD.mkdir(exist_ok=True)
    builds = {"enzyme-opt": build_ours()}
    plugin = os.environ.get("ENZYME_PLUGIN", "")
    if plugin:
        builds["reference"] = build_reference(plugin)
    rows = {}
    for threads in ("1", "2"):
        for tool, exe in builds.items():  # alternating, so load drifts hit both
            rows[tool, threads] = measure(exe, threads)
            if rows[tool, threads] is None:
                return 1
    print("| tool | threads | primal wall s | primal CPU s | gradient wall s | gradient CPU s "
          "| gradient/primal (CPU) |")
    print("|---|---|---|---|---|---|---|")
    for (tool, threads), (primal, primal_cpu, wall, cpu) in rows.items():
        print(f"| {tool} | {threads} | {primal:.4f} | {primal_cpu:.4f} | {wall:.4f} | {cpu:.4f} "
              f"| {cpu / primal_cpu:.2f} |")
    print()
    for tool in builds:
        speedup = rows[tool, "1"][2] / rows[tool, "2"][2]
        print(f"{tool}: speedup of the gradient, 2 threads over 1 (wall): {speedup:.2f}x")
    if "reference" in builds:
        for threads in ("1", "2"):
            q = rows["enzyme-opt", threads][3] / rows["reference", threads][3]
            print(f"ours/reference gradient CPU time, {threads} thread(s): {q:.2f}")
    print(f"(machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
