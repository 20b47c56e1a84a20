#!/usr/bin/env python3
"""`make bench` (start-up rows): how long a whole enzyme-opt process takes on
small inputs, where start-up is most of the time.

Times, over RUNS processes each (after one warm-up run, which also writes
the byte-code caches), the minimum and median of the CPU time (user +
system, the verifier's child process included) and of the wall time of:

  floor, -I -S        this interpreter without site (no .pth files): the
                      least any Python tool can take here
  floor, site         `python3 -c pass`: the interpreter as a user's tool
                      meets it (site and the installed .pth files)
  /usr/bin/python3    the system interpreter without site, if there is one
  empty, console      an empty module through a copy of the `enzyme-opt`
                      console script pip writes (`enzyme_opt.cli:entry`),
                      named as pip names it, run on this tree
  empty, -m           the same through `python3 -m enzyme_opt`
  empty, --no-verify  the same without LLVM's verification (what the
                      verifier's child adds)
  <name>.c            each bench/*.c module, compiled as bench/run.py does
                      (clang-19 -O2 -fno-vectorize ... -S -emit-llvm),
                      through `python3 -m enzyme_opt in.ll -o out.ll`

against issue 21's targets, whole-process wall time: an empty module
<= 0.12 s, a bench module <= 0.25 s ("met": by the median wall time, and
by the least CPU time, which includes the verifier's child and is what a
loaded machine shows).  "above floor" is the median wall time less that of
`python3 -c pass`: what the tool adds to the interpreter a user has.
Byte-code caching is on for the timed processes (PYTHONDONTWRITEBYTECODE is
dropped), as it is for an installed tool.  On a shared machine compare the
CPU times, and the floors of the same run.

Usage: python3 bench/startup.py [--runs N] [--save FILE.md] [NAME ...]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = REPO_ROOT / "bench"
CLANG = os.environ.get("CLANG", "clang-19")
EMIT_FLAGS = ["-O2", "-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops",
              "-S", "-emit-llvm"]
RUNS = 11
TARGET_EMPTY_S = 0.12
TARGET_MODULE_S = 0.25
# The console script that pip writes for `enzyme-opt`.
CONSOLE_SCRIPT = """\
import re
import sys
from enzyme_opt.cli import entry
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(entry())
"""


def _environment() -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # The console script's directory comes first on its sys.path: this tree
    # must come before any installed copy.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(REPO_ROOT), env.get("PYTHONPATH"))))
    return env


def timed(cmd, env) -> tuple:
    """(CPU seconds, wall seconds) of one run of `cmd`, which must succeed."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=REPO_ROOT, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    errors = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(map(str, cmd))}\n{errors}")
    return usage.ru_utime + usage.ru_stime, wall


def measure(cmd, runs: int, env) -> dict:
    timed(cmd, env)                                   # warm-up: caches, byte code
    samples = [timed(cmd, env) for _ in range(runs)]
    cpu, wall = [c for c, _ in samples], [w for _, w in samples]
    return {"cpu_min": min(cpu), "cpu_med": statistics.median(cpu),
            "wall_min": min(wall), "wall_med": statistics.median(wall)}


def compile_modules(names, work: Path) -> list:
    """(name, .ll path) of each bench/<name>.c, compiled as bench/run.py does."""
    built = []
    for name in names:
        out = work / f"{name}.ll"
        subprocess.run([CLANG, *EMIT_FLAGS, str(BENCH_DIR / f"{name}.c"), "-o", str(out)],
                       check=True, cwd=BENCH_DIR)
        built.append((name, out))
    return built


def rows_to_measure(modules, work: Path) -> list:
    """(label, command, target seconds or None) of every row."""
    py, out = sys.executable, str(work / "out.ll")
    empty = work / "empty.ll"
    empty.write_text("")
    rows = [("floor: python3 -I -S -c pass", [py, "-I", "-S", "-c", "pass"], None),
            ("floor: python3 -c pass", [py, "-c", "pass"], None)]
    if os.path.exists("/usr/bin/python3"):
        rows.append(("floor: /usr/bin/python3 -I -S -c pass",
                     ["/usr/bin/python3", "-I", "-S", "-c", "pass"], None))
    script = work / "enzyme-opt"
    script.write_text(f"#!{py}\n" + CONSOLE_SCRIPT)
    rows += [("empty module, console script", [py, str(script), str(empty), "-o", out],
              TARGET_EMPTY_S),
             ("empty module, python3 -m enzyme_opt",
              [py, "-m", "enzyme_opt", str(empty), "-o", out], TARGET_EMPTY_S),
             ("empty module, python3 -m enzyme_opt --no-verify",
              [py, "-m", "enzyme_opt", "--no-verify", str(empty), "-o", out], None)]
    rows += [(f"{name}.c", [py, "-m", "enzyme_opt", str(path), "-o", out], TARGET_MODULE_S)
             for name, path in modules]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--save", metavar="FILE", help="also write the table to FILE")
    parser.add_argument("names", nargs="*", help="bench modules (default: all bench/*.c)")
    args = parser.parse_args()
    names = args.names or sorted(p.stem for p in BENCH_DIR.glob("*.c"))
    env = _environment()
    lines = [f"Start-up: whole processes, {args.runs} runs each after a warm-up; "
             f"seconds; load average {os.getloadavg()[0]:.1f} at the start.", "",
             "| what | CPU min | CPU median | wall min | wall median | above floor | target "
             "| met (wall median) | met (CPU min) |",
             "|---|---:|---:|---:|---:|---:|---:|---|---|"]
    print("\n".join(lines), flush=True)
    floor = None
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for label, cmd, target in rows_to_measure(compile_modules(names, work), work):
            t = measure(cmd, args.runs, env)
            if label == "floor: python3 -c pass":
                floor = t["wall_med"]
            above = "" if floor is None or label.startswith("floor") else \
                f"{t['wall_med'] - floor:+.3f}"
            met = ["" if target is None else ("yes" if t[key] <= target else "no")
                   for key in ("wall_med", "cpu_min")]
            line = (f"| {label} | {t['cpu_min']:.3f} | {t['cpu_med']:.3f} | {t['wall_min']:.3f} "
                    f"| {t['wall_med']:.3f} | {above} | {target or ''} | {met[0]} | {met[1]} |")
            lines.append(line)
            print(line, flush=True)
    if args.save:
        Path(args.save).write_text("\n".join(lines) + "\n")
        print(f"saved {args.save}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
