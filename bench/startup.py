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
  empty, -S           the same on an interpreter without .pth files (no site;
                      site-packages appended to sys.path): a machine without
                      this sandbox's certifi .pth, against its own floor
  <name>.c            each bench/*.c module, compiled as bench/run.py does
                      (clang-19 -O2 -fno-vectorize ... -S -emit-llvm),
                      through `python3 -m enzyme_opt in.ll -o out.ll`

against issue 21's targets, whole-process wall time: an empty module
<= 0.12 s, a bench module <= 0.25 s ("met": by the median wall time, and
by the least CPU time, which includes the verifier's child and is what a
loaded machine shows).  "above floor" is the median wall time less that of
the floor row above it (`python3 -c pass`, or for the `-S` row the bare
interpreter): what the tool adds to the interpreter a user has.
Byte-code caching is on for the timed processes (PYTHONDONTWRITEBYTECODE is
dropped), as it is for an installed tool.  On a shared machine compare the
CPU times, and the floors of the same run.

Usage: python3 bench/startup.py [--runs N] [--save FILE.md] [--before TREE] [NAME ...]
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


def _environment(tree: Path) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # The console script's directory comes first on its sys.path: the tree
    # measured must come before any installed copy.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(tree), os.environ.get("PYTHONPATH"))))
    return env


def timed(cmd, tree: Path) -> tuple:
    """(CPU seconds, wall seconds) of one run of `cmd` on the package in
    `tree` (its working directory), which must succeed."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=tree, env=_environment(tree))
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    errors = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(map(str, cmd))}\n{errors}")
    return usage.ru_utime + usage.ru_stime, wall


def measure(cmd, runs: int, trees) -> list:
    """Per tree, the least and median CPU and wall times of `runs` runs,
    the trees' runs taken in turn (a shared machine's load then weighs on
    each alike)."""
    for tree in trees:
        timed(cmd, tree)                              # warm-up: caches, byte code
    samples = [[] for _ in trees]
    for _ in range(runs):
        for tree, taken in zip(trees, samples):
            taken.append(timed(cmd, tree))
    results = []
    for taken in samples:
        cpu, wall = [c for c, _ in taken], [w for _, w in taken]
        results.append({"cpu_min": min(cpu), "cpu_med": statistics.median(cpu),
                        "wall_min": min(wall), "wall_med": statistics.median(wall)})
    return results


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
    """(label, command, target seconds or None, the floor row it stands on)."""
    py, out = sys.executable, str(work / "out.ll")
    empty = work / "empty.ll"
    empty.write_text("")
    site_floor, bare_floor = "floor: python3 -c pass", "floor: python3 -S, site-packages appended"
    rows = [("floor: python3 -I -S -c pass", [py, "-I", "-S", "-c", "pass"], None, None),
            (site_floor, [py, "-c", "pass"], None, None)]
    if os.path.exists("/usr/bin/python3"):
        rows.append(("floor: /usr/bin/python3 -I -S -c pass",
                     ["/usr/bin/python3", "-I", "-S", "-c", "pass"], None, None))
    script = work / "enzyme-opt"
    script.write_text(f"#!{py}\n" + CONSOLE_SCRIPT)
    # A machine without this one's .pth files (the sandbox's imports certifi
    # at every start-up): no site, the site-packages directories appended.
    bare = ("import runpy, site, sys; sys.path += site.getsitepackages(); "
            "sys.argv[0] = 'enzyme-opt'; "
            "runpy.run_module('enzyme_opt', run_name='__main__', alter_sys=True)")
    rows += [("empty module, console script", [py, str(script), str(empty), "-o", out],
              TARGET_EMPTY_S, site_floor),
             ("empty module, python3 -m enzyme_opt",
              [py, "-m", "enzyme_opt", str(empty), "-o", out], TARGET_EMPTY_S, site_floor),
             ("empty module, python3 -m enzyme_opt --no-verify",
              [py, "-m", "enzyme_opt", "--no-verify", str(empty), "-o", out], None, site_floor),
             (bare_floor,
              [py, "-S", "-c", "import site, sys; sys.path += site.getsitepackages()"], None,
              None),
             ("empty module, python3 -S, site-packages appended",
              [py, "-S", "-c", bare, str(empty), "-o", out], TARGET_EMPTY_S, bare_floor)]
    rows += [(f"{name}.c", [py, "-m", "enzyme_opt", str(path), "-o", out], TARGET_MODULE_S,
              site_floor) for name, path in modules]
    return rows


def _row(label, t, target, floor) -> str:
    above = "" if floor is None else f"{t['wall_med'] - floor:+.3f}"
    met = ["" if target is None else ("yes" if t[key] <= target else "no")
           for key in ("wall_med", "cpu_min")]
    return (f"| {label} | {t['cpu_min']:.3f} | {t['cpu_med']:.3f} | {t['wall_min']:.3f} "
            f"| {t['wall_med']:.3f} | {above} | {target or ''} | {met[0]} | {met[1]} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--save", metavar="FILE", help="also write the table to FILE")
    parser.add_argument("--before", metavar="TREE",
                        help="another copy of the repository (an earlier commit's): each row "
                             "is measured on it too, runs taken in turn with this tree's")
    parser.add_argument("names", nargs="*", help="bench modules (default: all bench/*.c)")
    args = parser.parse_args()
    names = args.names or sorted(p.stem for p in BENCH_DIR.glob("*.c"))
    trees = [Path(args.before).resolve(), REPO_ROOT] if args.before else [REPO_ROOT]
    tags = ["before", "after"] if args.before else [""]
    lines = [f"Start-up: whole processes, {args.runs} runs each after a warm-up"
             + (f", {args.before} (before) and {REPO_ROOT} (after) in turn" if args.before
                else "") + f"; seconds; load average {os.getloadavg()[0]:.1f} at the start.", "",
             "| what | CPU min | CPU median | wall min | wall median | above floor | target "
             "| met (wall median) | met (CPU min) |",
             "|---|---:|---:|---:|---:|---:|---:|---|---|"]
    print("\n".join(lines), flush=True)
    floors = [{} for _ in trees]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for label, cmd, target, floor in rows_to_measure(compile_modules(names, work), work):
            for tag, t, known in zip(tags, measure(cmd, args.runs, trees), floors):
                known[label] = t["wall_med"]
                line = _row(f"{label} ({tag})" if tag else label, t, target, known.get(floor))
                lines.append(line)
                print(line, flush=True)
    lines.append(f"\nLoad average {os.getloadavg()[0]:.1f} at the end.")
    print(lines[-1])
    if args.save:
        Path(args.save).write_text("\n".join(lines) + "\n")
        print(f"saved {args.save}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
