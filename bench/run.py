#!/usr/bin/env python3
"""`make bench` (second half): build and run the gradient benchmarks in bench/.

For each bench/<name>.c (see bench/bench.h for what a program does):

  clang-19 -O2 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops \\
           -S -emit-llvm <name>.c -o build/<name>.ll
  python3 -m enzyme_opt build/<name>.ll -o build/<name>.grad.ll   (timed)
  clang-19 -O2 build/<name>.grad.ll -o build/<name> -lm
  build/<name>                 timings and the derivative check (RESULT line),
                               best of BENCH_PROCESS_RUNS (3) processes
  build/<name> --gradient      one gradient call: its peak memory
  build/<name> --primal        one primal call: the same, for comparison

The matrix products (DEFAULT_O2_TOO) are built a second time, as
`<name>@O2`, with clang's default -O2 alone: the inner loop unrolled with
a remainder loop, and vectorized.  DEFINE_VARIANTS are built a second
time with a -D switch (`adbench_ba@batched`: the Jacobian block by one
two-lane reverse sweep instead of two sweeps).  enzyme-opt's --stats give the tape bytes
per run of the repeating blocks (summed over the derivatives of a program).

With ENZYME_PLUGIN=path/LLVMEnzyme-19.so set, each program is also built by
the reference Enzyme from the same build/<name>.ll, the way Enzyme's own
benchmarks run it, which is our pipeline with opt in enzyme-opt's place:

  opt-19 -load-pass-plugin=$ENZYME_PLUGIN -passes=enzyme -S build/<name>.ll \
         -o build/<name>.ref.ll
  clang-19 -O2 build/<name>.ref.ll -o build/<name>.ref -lm

and run in the same session: its primal, gradient and ratio go in three
more columns, and its derivative checks (the same central differences) must
pass too.  A ClangEnzyme-19.so plugin is used the way Enzyme's users build C
instead, `clang-19 <flags> -fpass-plugin=$ENZYME_PLUGIN <name>.c` (Enzyme
inside clang's -O2 pipeline; LLVMEnzyme under -fpass-plugin would only
register the pass, leaving the __enzyme_* calls undefined).  Without it (or
if the file is missing, or the reference build fails) those columns say why
they are empty.

and prints a table (saved as bench/results/YYYY-MM-DD.md) with the primal and
gradient times, their ratio, the peak memory of the gradient run, the wall
time of the enzyme-opt process and what a finite-difference gradient would
cost (number of inputs x primal time), then the geometric mean of the ratios.
A benchmark that fails (enzyme-opt, clang, a crash or a wrong derivative) is
reported in the table and below it; the others still run.  The exit status is
1 if any benchmark failed, 0 otherwise (missing a performance target is not a
failure).

Usage: python3 bench/run.py [--no-save | --save-as SUFFIX] [NAME ...]
"""
from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
BUILD_DIR = BENCH_DIR / "build"
RESULTS_DIR = BENCH_DIR / "results"

CLANG = os.environ.get("CLANG", "clang-19")
OPT = os.environ.get("OPT", "opt-19")
EMIT_FLAGS = ["-O2", "-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops",
              "-S", "-emit-llvm"]
TIMEOUT = 300  # seconds, for any one process
# Timing processes per build (BENCH_PROCESS_RUNS): the best of them is reported.
PROCESS_RUNS = max(1, int(os.environ.get("BENCH_PROCESS_RUNS", "3")))
# Built a second time with clang's default -O2 shape (unrolled, vectorized).
DEFAULT_O2_TOO = ("matmul", "matmul_restrict", "matmul_rowwise", "matmul_rowwise_alias")
DEFAULT_O2_FLAGS = ["-O2", "-S", "-emit-llvm"]
# Built a second time with a -D switch: (label suffix, the switch).
DEFINE_VARIANTS = {"adbench_ba": ("batched", "-DBA_BATCHED")}
PLUGIN = os.environ.get("ENZYME_PLUGIN", "")
TAPE_RE = re.compile(r"^\s*(\d+) enzyme - tape bytes per run of the blocks that repeat", re.M)

# The performance targets the table is read against.
TARGET_RATIO = 4.0
TARGET_GEOMEAN = 3.0
TARGET_ENZYME_OPT_S = 1.0

RESULT_RE = re.compile(r"^RESULT (\S+) (.*)$", re.M)


@dataclass
class Run:
    """One finished process."""
    cmd: list
    returncode: int | None  # None: killed after TIMEOUT
    wall: float
    maxrss_mb: float
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def describe(self) -> str:
        if self.returncode is None:
            return f"timed out after {TIMEOUT} s"
        if self.returncode < 0:
            try:
                name = signal.Signals(-self.returncode).name
            except ValueError:
                name = f"signal {-self.returncode}"
            return f"killed by {name}"
        return f"exit status {self.returncode}"


@dataclass
class Result:
    name: str
    status: str = "ok"          # "ok" or a short reason
    detail: str = ""            # longer text for the failures section
    enzyme_opt_s: float | None = None
    enzyme_opt_mb: float | None = None
    primal_s: float | None = None
    gradient_s: float | None = None
    inputs: int | None = None
    grad_mb: float | None = None
    primal_mb: float | None = None
    checks: list = field(default_factory=list)
    tape_bytes: int | None = None
    ref_primal_s: float | None = None   # the reference plugin's figures
    ref_gradient_s: float | None = None
    ref_note: str = ""
    ref_checks: list = field(default_factory=list)

    @property
    def ref_ratio(self) -> float | None:
        if self.ref_primal_s and self.ref_gradient_s is not None:
            return self.ref_gradient_s / self.ref_primal_s
        return None

    @property
    def ratio(self) -> float | None:
        if self.primal_s and self.gradient_s is not None:
            return self.gradient_s / self.primal_s
        return None

    @property
    def fd_s(self) -> float | None:
        if self.primal_s is not None and self.inputs is not None:
            return self.inputs * self.primal_s
        return None


def run(cmd, cwd=REPO_ROOT) -> Run:
    """Runs cmd to completion, with its wall time and peak resident memory."""
    out_path = BUILD_DIR / ".stdout"
    err_path = BUILD_DIR / ".stderr"
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.perf_counter()
        proc = subprocess.Popen([str(c) for c in cmd], stdout=out, stderr=err, cwd=cwd,
                                stdin=subprocess.DEVNULL)
        timer = threading.Timer(TIMEOUT, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        timed_out = wall >= TIMEOUT
    return Run(cmd=[str(c) for c in cmd],
               returncode=None if timed_out else proc.returncode, wall=wall,
               maxrss_mb=usage.ru_maxrss / 1024.0,
               stdout=out_path.read_text(errors="replace"),
               stderr=err_path.read_text(errors="replace"))


def tail(text: str, lines: int = 25) -> str:
    rows = text.rstrip().splitlines()
    if len(rows) > lines:
        rows = [f"... ({len(rows) - lines} earlier lines left out)"] + rows[-lines:]
    return "\n".join(rows)


def first_error_line(text: str) -> str:
    for line in text.splitlines():
        if "error" in line.lower():
            return line.strip()
    rows = [r for r in text.strip().splitlines() if r.strip()]
    return rows[-1].strip() if rows else ""


def fail(result: Result, status: str, proc: Run) -> Result:
    result.status = status
    result.detail = (f"$ {' '.join(proc.cmd)}\n{proc.describe()}\n"
                     + tail(proc.stderr + ("\n" + proc.stdout if proc.stdout.strip() else "")))
    return result


def variants(name: str) -> list:
    """(label, flags of the -emit-llvm step) of each build of bench/<name>.c."""
    builds = [(name, EMIT_FLAGS)]
    if name in DEFAULT_O2_TOO:
        builds.append((f"{name}@O2", DEFAULT_O2_FLAGS))
    if name in DEFINE_VARIANTS:
        suffix, define = DEFINE_VARIANTS[name]
        builds.append((f"{name}@{suffix}", [*EMIT_FLAGS, define]))
    return builds


def parse_result(stdout: str) -> dict | None:
    match = RESULT_RE.search(stdout)
    if not match:
        return None
    return dict(kv.split("=", 1) for kv in match.group(2).split() if "=" in kv)


def reference_commands(src, ll, flags, exe) -> list:
    """The reference's build: opt's `enzyme` pass on the same .ll as ours
    then the same final clang (LLVMEnzyme), or clang with the plugin in its
    pipeline on the C (ClangEnzyme)."""
    if Path(PLUGIN).name.startswith("ClangEnzyme"):
        compile_flags = [f for f in flags if f not in ("-S", "-emit-llvm")]
        return [[CLANG, *compile_flags, f"-fpass-plugin={PLUGIN}", src, "-o", exe, "-lm"]]
    ref_ll = exe.with_name(exe.name + ".ll")
    return [[OPT, f"-load-pass-plugin={PLUGIN}", "-passes=enzyme", "-S", ll, "-o", ref_ll],
            [CLANG, "-O2", ref_ll, "-o", exe, "-lm"]]


def build_reference(result: Result, src, ll, flags, exe):
    """The reference Enzyme's build of the same program (ENZYME_PLUGIN): the
    executable, or None with ref_note saying why there is none."""
    if not PLUGIN:
        result.ref_note = "ENZYME_PLUGIN not set"
        return None
    if not Path(PLUGIN).is_file():
        result.ref_note = f"no file {PLUGIN}"
        return None
    for cmd in reference_commands(src, ll, flags, exe):
        proc = run(cmd)
        if not proc.ok:
            break
    if not proc.ok:
        if "undefined reference to `__enzyme_" in proc.stderr:
            result.ref_note = "the plugin did not run Enzyme (-fpass-plugin needs ClangEnzyme)"
        else:
            result.ref_note = "reference build failed: " + (first_error_line(proc.stderr)
                                                            or proc.describe())
        return None
    return exe


def best(old: float | None, new: float) -> float:
    return new if old is None else min(old, new)


def time_reference(result: Result, exe, first: bool) -> bool:
    """One timing process of the reference's build: its best times so far,
    and its derivative checks (of the first process)."""
    proc = run([f"./{exe}"])
    fields = parse_result(proc.stdout)
    if first:
        result.ref_checks = [line for line in proc.stdout.splitlines()
                             if line.startswith("CHECK ")]
    if not fields or fields.get("check") != "ok":
        result.ref_note = f"reference run: {proc.describe()}" + \
            ("" if not fields else f", check={fields.get('check')}")
        result.ref_primal_s = result.ref_gradient_s = None
        return False
    result.ref_primal_s = best(result.ref_primal_s, float(fields["primal_s"]))
    result.ref_gradient_s = best(result.ref_gradient_s, float(fields["gradient_s"]))
    return True


def time_ours(result: Result, exe, first: bool) -> bool:
    """One timing process of enzyme-opt's build: its best times so far, and
    the derivative checks (of the first process); False if it failed."""
    proc = run([f"./{exe}"])
    fields = parse_result(proc.stdout)
    if first:
        result.checks = [line for line in proc.stdout.splitlines() if line.startswith("CHECK ")]
    if fields:
        result.primal_s = best(result.primal_s, float(fields["primal_s"]))
        result.gradient_s = best(result.gradient_s, float(fields["gradient_s"]))
        result.inputs = int(fields["inputs"])
        if fields.get("check") != "ok":
            result.status = "wrong derivative"
            result.detail = f"$ {exe}\n{proc.describe()}\n" + tail(proc.stdout)
            return False
    if not fields or not proc.ok:
        fail(result, f"benchmark program {proc.describe()}", proc)
        return False
    return True


def bench_one(name: str, label: str | None = None, flags=EMIT_FLAGS) -> Result:
    label = label or name
    result = Result(label)
    # Paths relative to the repository root (the working directory of every
    # command) keep the messages short.
    build = BUILD_DIR.relative_to(REPO_ROOT)
    src = BENCH_DIR.relative_to(REPO_ROOT) / f"{name}.c"
    ll = build / f"{label}.ll"
    grad_ll = build / f"{label}.grad.ll"
    exe = build / label
    for stale in (ll, grad_ll, exe):
        (REPO_ROOT / stale).unlink(missing_ok=True)

    proc = run([CLANG, *flags, src, "-o", ll])
    if not proc.ok:
        return fail(result, "clang -emit-llvm failed", proc)

    proc = run([sys.executable, "-m", "enzyme_opt", "--stats", ll, "-o", grad_ll])
    result.enzyme_opt_s = proc.wall
    result.enzyme_opt_mb = proc.maxrss_mb
    if not proc.ok:
        reason = first_error_line(proc.stderr) or proc.describe()
        return fail(result, f"enzyme-opt failed: {reason}", proc)
    tapes = TAPE_RE.findall(proc.stderr)
    result.tape_bytes = sum(int(t) for t in tapes) if tapes else None

    proc = run([CLANG, "-O2", grad_ll, "-o", exe, "-lm"])
    if not proc.ok:
        return fail(result, "clang rejected enzyme-opt's output", proc)

    # Timing processes alternate between our build and the reference's: the
    # load of a shared machine drifts over seconds, and each figure is the
    # best over PROCESS_RUNS processes (each itself the best of many runs).
    ref_exe = build_reference(result, src, ll, flags, build / f"{label}.ref")
    for k in range(PROCESS_RUNS):
        if not time_ours(result, exe, first=k == 0):
            return result
        if ref_exe is not None and not time_reference(result, ref_exe, first=k == 0):
            ref_exe = None

    for mode in ("--gradient", "--primal"):
        proc = run([f"./{exe}", mode])
        if not proc.ok:
            if result.status == "ok":
                fail(result, f"`{name} {mode}` {proc.describe()}", proc)
            continue
        if mode == "--gradient":
            result.grad_mb = proc.maxrss_mb
        else:
            result.primal_mb = proc.maxrss_mb
    return result


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds >= 3600 * 24:
        return f"{seconds / 86400:.3g} d"
    if seconds >= 3600:
        return f"{seconds / 3600:.3g} h"
    if seconds >= 1:
        return f"{seconds:.3g} s"
    return f"{seconds * 1e3:.3g} ms"


def over(value: float | None, target: float) -> str:
    return "" if value is None or value <= target else " ✗"


def geomean(values) -> float | None:
    values = [v for v in values if v and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def table(results) -> list:
    lines = ["| benchmark | primal | gradient | gradient/primal | tape B/iter "
             "| gradient peak RSS (primal) | enzyme-opt | finite differences (inputs x primal) "
             "| reference primal | reference gradient | reference ratio | ours/reference gradient "
             "| status |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in results:
        ratio = "-" if r.ratio is None else f"{r.ratio:.2f}{over(r.ratio, TARGET_RATIO)}"
        mem = "-" if r.grad_mb is None else f"{r.grad_mb:.0f} MB"
        if r.primal_mb is not None:
            mem += f" ({r.primal_mb:.0f} MB)"
        eo = "-" if r.enzyme_opt_s is None else \
            f"{r.enzyme_opt_s:.2f} s{over(r.enzyme_opt_s, TARGET_ENZYME_OPT_S)}"
        fd = "-" if r.fd_s is None else f"{fmt_time(r.fd_s)} ({r.inputs} x)"
        status = r.status if len(r.status) <= 90 else r.status[:87] + "..."
        status = status.replace("|", "\\|")
        tape = "-" if r.tape_bytes is None else str(r.tape_bytes)
        lines.append(f"| {r.name} | {fmt_time(r.primal_s)} | {fmt_time(r.gradient_s)} | {ratio} "
                     f"| {tape} | {mem} | {eo} | {fd} | {reference_cells(r)} | {status} |")
    return lines


def reference_cells(r: Result) -> str:
    if r.ref_ratio is None:
        note = (r.ref_note or "-").replace("|", "\\|")
        return f"- | - | - | {note[:60]}"
    mine = "-" if r.gradient_s is None else f"{r.gradient_s / r.ref_gradient_s:.2f}"
    return (f"{fmt_time(r.ref_primal_s)} | {fmt_time(r.ref_gradient_s)} | {r.ref_ratio:.2f} "
            f"| {mine}")


def reference_summary(results) -> list:
    """The geometric mean of our gradient time over the reference's, and
    the programs where ours is slower (the goal of issue 23: <= 0.6, none > 1)."""
    pairs = [(r.name, r.gradient_s / r.ref_gradient_s) for r in results
             if r.status == "ok" and r.gradient_s and r.ref_ratio is not None]
    if not pairs:
        return []
    slower = [f"{name} ({q:.2f})" for name, q in pairs if q > 1.0]
    return ["", f"Geometric mean of our gradient time over the reference's: "
                f"**{geomean(q for _, q in pairs):.2f}** over {len(pairs)} benchmark(s); "
                f"slower than the reference: {', '.join(slower) or 'none'}"]


def environment() -> list:
    def out(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT,
                                  timeout=30).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return "?"
    commit = out(["git", "rev-parse", "--short", "HEAD"])
    dirty = out(["git", "status", "--porcelain", "--", "enzyme_opt"])
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    clang = out([CLANG, "--version"]).splitlines()
    load = " / ".join(f"{v:.2f}" for v in os.getloadavg())
    return [f"- enzyme-opt: commit {commit}"
            + (" with uncommitted changes in enzyme_opt/" if dirty else ""),
            f"- {clang[0] if clang else CLANG}; Python {platform.python_version()}",
            f"- {cpu}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}",
            f"- load average (1/5/15 min) when the table was written: {load}"
            " (other work on the machine slows every measurement)"]


def reference_state() -> str:
    if not PLUGIN:
        return "not measured: ENZYME_PLUGIN was not set"
    if not Path(PLUGIN).is_file():
        return f"not measured: ENZYME_PLUGIN={PLUGIN} is not a file"
    if Path(PLUGIN).name.startswith("ClangEnzyme"):
        return f"`clang-19 <same flags> -fpass-plugin={PLUGIN}` on the C"
    return (f"`{OPT} -load-pass-plugin={PLUGIN} -passes=enzyme` on the same NAME.ll "
            "in enzyme-opt's place, then the same `clang-19 -O2 ... -lm`")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--no-save", action="store_true",
                        help="print the table without writing bench/results/")
    parser.add_argument("--save-as", metavar="SUFFIX", default="",
                        help="write bench/results/YYYY-MM-DD-SUFFIX.md (a session's own table)")
    args = parser.parse_args()

    available = sorted(p.stem for p in BENCH_DIR.glob("*.c"))
    names = args.names or available
    unknown = [n for n in names if n not in available]
    if unknown:
        parser.error(f"no such benchmark: {', '.join(unknown)} (have {', '.join(available)})")
    if shutil.which(CLANG) is None:
        print(f"bench/run.py: {CLANG} not found", file=sys.stderr)
        return 1
    BUILD_DIR.mkdir(exist_ok=True)

    results = []
    for name in names:
        for label, flags in variants(name):
            print(f"[bench] {label} ...", end="", flush=True)
            r = bench_one(name, label, flags)
            results.append(r)
            print(f" {r.status}" + (f" (ratio {r.ratio:.2f})" if r.ratio else ""), flush=True)

    good = [r.ratio for r in results if r.status == "ok" and r.ratio]
    gm = geomean(good)
    today = datetime.date.today().isoformat()
    lines = [f"# Gradient benchmarks, {today}", ""]
    lines += environment()
    lines += ["", "Pipeline: `clang-19 " + " ".join(EMIT_FLAGS) + "` -> `python3 -m enzyme_opt` "
              "-> `clang-19 -O2 ... -lm`; `NAME@O2`: `clang-19 -O2 -S -emit-llvm` (default "
              "unrolling and vectorization). Times are in CPU time of the process, the best "
              f"over {PROCESS_RUNS} processes (alternating with the reference's) of many "
              "runs each (primal and gradient runs alternating). "
              "Tape B/iter: enzyme-opt --stats' tape bytes per run of the repeating blocks. "
              "Reference columns: the reference Enzyme plugin (ENZYME_PLUGIN) on the same C "
              f"in the same run ({reference_state()}). Peak RSS is "
              "that of a process making one gradient (primal) call, input data included. "
              f"✗ marks a miss of the targets: gradient/primal <= {TARGET_RATIO:g}, "
              f"enzyme-opt <= {TARGET_ENZYME_OPT_S:g} s per module (wall time of the whole "
              f"process), geometric mean of the ratios <= {TARGET_GEOMEAN:g}.", ""]
    lines += table(results)
    lines.append("")
    if gm is None:
        lines.append("Geometric mean of gradient/primal: - (no benchmark succeeded)")
    else:
        left_out = [r.name for r in results if r.status != "ok"]
        lines.append(f"Geometric mean of gradient/primal: **{gm:.2f}**"
                     f"{over(gm, TARGET_GEOMEAN)} (target <= {TARGET_GEOMEAN:g}) over "
                     f"{len(good)} benchmark(s)"
                     + (f"; left out because they failed: {', '.join(left_out)}" if left_out
                        else ""))
    lines += reference_summary(results)
    checks = [(r.name, c) for r in results for c in r.checks]
    checks += [(f"{r.name} (reference)", c) for r in results for c in r.ref_checks]
    if checks:
        lines += ["", "## Derivative checks", "", "```"]
        lines += [f"{name}: {c[len('CHECK '):]}" for name, c in checks]
        lines += ["```"]
    failed = [r for r in results if r.status != "ok"]
    if failed:
        lines += ["", "## Failures"]
        for r in failed:
            lines += ["", f"### {r.name}: {r.status}", "", "```", r.detail, "```"]
    text = "\n".join(lines) + "\n"
    print()
    print(text, end="")
    if not args.no_save:
        RESULTS_DIR.mkdir(exist_ok=True)
        path = RESULTS_DIR / (f"{today}-{args.save_as}.md" if args.save_as else f"{today}.md")
        path.write_text(text)
        print(f"\nSaved {path.relative_to(REPO_ROOT)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
