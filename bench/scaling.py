#!/usr/bin/env python3
"""How enzyme-opt's time grows with the size of the function it differentiates.

Generates one function of N floating-point instructions in two shapes and
times the whole `enzyme-opt` process (best of REPEAT; wall and CPU time) and
its peak memory:

  straight  N instructions in one block, each reading two of the last 50
            values (what clang makes of a long formula after inlining)
  loops     N/8 small loops of 8 instructions each, one after the other, each
            carrying a sum (many blocks, many taped loop values)
  program   a C function of about N/8 random statements (a local array
            updated by formulas with sin and exp, branches, loops over an
            argument array) compiled by clang-19 -O2: N is then the target,
            the table shows the instructions clang made

Each shape is run at several sizes; the exponent fitted to time ~ N^k over
the sizes tells linear (k near 1) from quadratic (k near 2) growth.  The
table is printed and kept as bench/results/DATE-scaling.md (--no-save: only
printed).  Part of `make bench`.
"""
from __future__ import annotations

import argparse
import datetime
import importlib.util
import math
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def _tools_bench():
    """tools/bench.py, whose `timed` (wall time and peak memory of one run) serves here too."""
    spec = importlib.util.spec_from_file_location("tools_bench", REPO_ROOT / "tools" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


timed = _tools_bench().timed
SIZES = (5_000, 20_000, 100_000)
REPEAT = 2
# Issue 21's targets: CPU seconds for a function of this many instructions.
TARGETS = {20_000: 10.0, 100_000: 60.0}


def straight(n: int) -> str:
    rng = random.Random(n)
    lines = ["define double @f(double %x) {", "entry:", "  %y = fmul double %x, 1.5"]
    values = ["%x", "%y"]
    for i in range(n):
        a, b = rng.choice(values[-50:]), rng.choice(values[-50:])
        lines.append(f"  %v{i} = {rng.choice(('fadd', 'fmul', 'fsub'))} double {a}, {b}")
        values.append(f"%v{i}")
    lines += [f"  ret double {values[-1]}", "}"]
    return "\n".join(lines)


def loops(n: int) -> str:
    """n/8 loops in sequence; each runs %k times over 8 instructions."""
    lines = ["define double @f(double %x, i64 %k) {", "entry:", "  br label %l0"]
    carried = "%x"
    for j in range(n // 8):
        prev = "entry" if j == 0 else f"l{j - 1}"
        lines += [f"l{j}:",
                  f"  %i{j} = phi i64 [ 0, %{prev} ], [ %i{j}.n, %l{j} ]",
                  f"  %s{j} = phi double [ {carried}, %{prev} ], [ %s{j}.n, %l{j} ]",
                  f"  %a{j} = fmul double %s{j}, 0.999",
                  f"  %b{j} = fadd double %a{j}, %x",
                  f"  %c{j} = fmul double %b{j}, %a{j}",
                  f"  %d{j} = fsub double %c{j}, %b{j}",
                  f"  %s{j}.n = fmul double %d{j}, 0.5",
                  f"  %i{j}.n = add i64 %i{j}, 1",
                  f"  %t{j} = icmp eq i64 %i{j}.n, %k",
                  f"  br i1 %t{j}, label %{'l' + str(j + 1) if j + 1 < n // 8 else 'exit'}, "
                  f"label %l{j}"]
        carried = f"%s{j}.n"
    lines += ["exit:", f"  ret double {carried}", "}"]
    return "\n".join(lines)


PROGRAM_STATEMENTS = (
    "t[{a}] = t[{b}] * t[{c}] + {r:.3f};", "t[{a}] = t[{b}] * t[{c}] + {r:.3f};",
    "t[{a}] = t[{b}] * t[{c}] + {r:.3f};", "t[{a}] = sin(t[{b}]) + t[{c}];",
    "t[{a}] = exp(-t[{b}] * t[{b}]) * t[{c}];",
    "if (t[{b}] > t[{c}]) t[{a}] = t[{b}] - t[{c}]; else t[{a}] *= 0.5;",
    "for (int i = 0; i < n; i++) w[i] += t[{a}] * x[i];", "s += t[{a}] * w[{b} % n];",
    "t[{a}] = t[{b}] / (1.0 + t[{c}] * t[{c}]);")


def program(n: int) -> str:
    """A C function of about n instructions after clang -O2, as LLVM IR."""
    rng = random.Random(n)
    body = [rng.choice(PROGRAM_STATEMENTS).format(a=rng.randrange(64), b=rng.randrange(64),
                                                   c=rng.randrange(64), r=rng.random())
            for _ in range(n // 8)]
    source = "\n  ".join(
        ["#include <math.h>", "double f(const double *x, double *w, int n) {",
         "double s = 0, t[64];", "for (int i = 0; i < 64; i++) t[i] = x[i % n];", *body,
         "for (int i = 0; i < 64; i++) s += t[i];", "return s;"]) + "\n}\n"
    with tempfile.TemporaryDirectory() as work:
        c = Path(work) / "f.c"
        c.write_text(source)
        subprocess.run(["clang-19", "-O2", "-S", "-emit-llvm", str(c), "-o", str(c) + ".ll"],
                       check=True)
        return (Path(work) / "f.c.ll").read_text()


def instruction_count(ir: str) -> int:
    """Instructions of @f in `ir`."""
    body = ir[ir.index("@f("):]
    body = body[:body.index("\n}")]
    return sum(1 for line in body.splitlines() if line.startswith("  ") and
               not line.lstrip().startswith(";"))


def caller(shape: str) -> str:
    if shape == "program":
        return ("\n@enzyme_const = external global i32\n"
                "declare double @__enzyme_autodiff(ptr, ...)\n"
                "define double @g(ptr %x, ptr %dx, ptr %w, ptr %dw, i32 %n) {\n"
                "  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, "
                "ptr %w, ptr %dw, ptr @enzyme_const, i32 %n)\n"
                "  ret double %r\n}\n")
    args = "double %x" if shape == "straight" else "double %x, i64 %k"
    call = "ptr @f, double %x" if shape == "straight" else "ptr @f, double %x, i64 %k"
    return (f"\ndeclare double @__enzyme_autodiff(ptr, ...)\n"
            f"define double @g({args}) {{\n"
            f"  %r = call double (ptr, ...) @__enzyme_autodiff({call})\n"
            f"  ret double %r\n}}\n")


def exponent(points) -> float:
    """Least-squares slope of log(time) over log(size)."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / \
        sum((x - mx) ** 2 for x in xs)


def verdict(n: int, size: int, cpu: float) -> str:
    """The target for a function of n instructions made for `size` (the
    target scaled linearly to n) and whether `cpu` meets it."""
    if size not in TARGETS:
        return ""
    target = TARGETS[size] * n / size
    return f"{target:.3g} {'ok' if cpu <= target else 'MISSED'}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows, fits = [], {}
    with tempfile.TemporaryDirectory() as work:
        for shape, make in (("straight", straight), ("loops", loops), ("program", program)):
            points = []
            for size in sizes:
                path = Path(work) / f"{shape}{size}.ll"
                ir = make(size)
                path.write_text(ir + caller(shape))
                n = instruction_count(ir)
                cmd = [sys.executable, "-m", "enzyme_opt", str(path), "-o",
                       str(Path(work) / "out.ll")]
                runs = [timed(cmd) for _ in range(REPEAT)]
                wall = min(w for w, _, _ in runs)
                cpu = min(c for _, _, c in runs)
                peak = max(m for _, m, _ in runs)
                points.append((n, cpu))
                rows.append((shape, n, size, wall, cpu, peak))
                print(f"{shape:9} {n:7d} instructions: {wall:7.2f} s wall  {cpu:7.2f} s CPU  "
                      f"{peak:7.0f} MB", flush=True)
            fits[shape] = exponent(points)
    lines = ["| shape | instructions | wall s | CPU s | peak MB | target CPU s |",
             "|---|---:|---:|---:|---:|---|"]
    lines += [f"| {s} | {n} | {w:.2f} | {c:.2f} | {m:.0f} | {verdict(n, size, c)} |"
              for s, n, size, w, c, m in rows]
    lines += ["", "Fitted exponent (CPU time ~ N^k): "
              + ", ".join(f"{s} k = {k:.2f}" for s, k in fits.items())]
    table = "\n".join(lines)
    print("\n" + table)
    if not args.no_save:
        out = REPO_ROOT / "bench" / "results" / f"{datetime.date.today()}-scaling.md"
        out.write_text(f"# Differentiation time by function size ({datetime.date.today()})\n\n"
                       f"`python3 bench/scaling.py`, whole process, best of {REPEAT}; on a shared "
                       "machine compare the CPU time.  Load average (1/5/15 min) at the end: "
                       + " / ".join(f"{x:.2f}" for x in os.getloadavg()) + ".\n\n"
                       + table + "\n")
        print(f"saved {out.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
