#!/usr/bin/env python3
"""Time the reference Enzyme's own benchmark programs through enzyme-opt.

    python3 tools/run_reference_benchmarks.py TREE [--plugin LLVMEnzyme-19.so]
                                               [--filter X] [--out DIR] [--repeat N]

TREE is an extracted copy of the reference project holding
``enzyme/benchmarks/ReverseMode`` (the Enzyme paper's programs: ba, fft,
gmm, hand, lstm, nn, ode, ode-const, ode-real, logsumexp, taylorlog,
matdescent, library) and ``enzyme/benchmarks/ADFirstAidKit.tar``
(Tapenade's runtime).  Nothing of it is copied into this repository: the
programs are built in DIR (default: a temporary directory).

Each program is built as its Makefile.make does, with clang++-19:

    clang++-19 -O2 -fno-use-cxa-atexit -fno-vectorize -fno-slp-vectorize
               -ffast-math -fno-unroll-loops [-fno-exceptions] -S -emit-llvm
    python3 -m enzyme_opt x.ll -o ours.ll          (always)
    opt-19 -load-pass-plugin=PLUGIN -passes=enzyme x.ll -o ref.ll  (--plugin)
    clang++-19 -O2 {ours,ref}.ll  + Tapenade's adBuffer.c/adStack.c  -lm

Differences from the Makefiles, all made the same way for both tools:
  * adept (not packaged by Debian) is cut out of the sources by
    tools/refbench_strip_adept.py: functions using it keep an empty body,
    so "Adept" lines still print but are ignored;
  * problem sizes are reduced where the Makefile's take minutes on the
    shared 2-core machine (BENCHMARKS below: `args` and `edits`);
  * nn's MNIST image files are missing from the reference snapshot: the
    script writes synthetic ones of the same shape (deterministic pixels).

Each binary's output is parsed into its Enzyme time(s) and the gradient
numbers it prints.  Ours must equal the reference's (and Tapenade's, where
the program prints Tapenade's for the same thing) to a relative tolerance;
a mismatch is reported as WRONG GRADIENT and makes the exit status 1.
The report is a Markdown table on stdout.

Every program times itself with gettimeofday, that is wall-clock time: on a
machine shared with other work, a timed region that another process
interrupts counts that process's time too, and the ratios move from run to
run far more than any change to a gradient.  `--cpu-time` runs both tools'
binaries with a preloaded gettimeofday (CPU_CLOCK_SHIM) that answers the
process's CPU time (user and system, so page faults still count): the same
programs, the same timed regions, without the time the process was not
running.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from refbench_strip_adept import strip_adept  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FRONT_FLAGS = ["-O2", "-fno-use-cxa-atexit", "-fno-vectorize", "-fno-slp-vectorize",
               "-ffast-math", "-fno-unroll-loops", "-pthread"]
RTOL = 1e-6
NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)", re.I)


@dataclass
class Benchmark:
    name: str
    sources: list[str]                # differentiated, relative to its directory
    args: list[str] = field(default_factory=list)
    plain_sources: list[str] = field(default_factory=list)   # compiled -O2, no AD
    edits: list[tuple[str, str, str]] = field(default_factory=list)  # file, regex, new
    extra_flags: list[str] = field(default_factory=list)
    c: bool = False
    directory: str = ""               # default: the name
    unlabelled: str = ""              # the tool that prints lines naming no tool
    compare_first: int = 0            # compare only this many numbers (0: all)
    not_tapenade: str = ""            # why Tapenade's numbers are not comparable
    timeout: int = 600
    note: str = ""
    # --probe: (file, regex of the statement that calls the gradient); that
    # statement is timed alone (see probe_edit)
    probe: tuple[str, str] = ()
    # --makefile-sizes: the Makefile's arguments (None: `args` are), and the
    # indices of `edits` that only make the problem smaller (left out)
    makefile_args: list[str] | None = None
    reducing_edits: tuple[int, ...] = ()


# The ADBench mains print 5 gradient entries; these edits print (and store
# in results.json, which is what we compare) every entry.
ALL_ENTRIES_GMM_LSTM = (r"result\.gradient\.size\(\) - 5", "0")
BA_PATHS = ('std::vector<std::string> paths = { "test.txt", "ba1_n49_m7776_p31843.txt", '
            '"ba2_n21_m11315_p36455.txt" };')
GMM_PATHS = ('paths = { "1k/gmm_d2_K5.txt", "1k/gmm_d10_K25.txt", "1k/gmm_d32_K25.txt", '
             '"1k/gmm_d64_K10.txt" };')
LSTM_PATHS = 'std::vector<std::string> paths = { "lstm_l2_c1024.txt", "lstm_l4_c4096.txt" };'
PATH_LIST = r"std::vector<std::string> paths = \{[^}]*\};"

BENCHMARKS = [
    Benchmark("ba", ["ba.cpp"], edits=[
        ("../adbench/ba.h", PATH_LIST, BA_PATHS),
        ("../adbench/ba.h", r"i<5; i\+\+\) \{(\s*printf\(\"%f \", result\.J\.vals)",
         r"i<result.J.vals.size(); i++) {\1")],
        reducing_edits=(0,), note="data: test, ba1, ba2 (Makefile: all 20)"),
    Benchmark("fft", ["fft.cpp"], args=["65536"], makefile_args=["1048576"],
              note="n=65536 (Makefile: 1048576)"),
    Benchmark("gmm", ["gmm.cpp"], edits=[
        ("../adbench/gmm.h", r'getTests\(paths, "data/1k", "1k/"\);', GMM_PATHS),
        ("../adbench/gmm.h", *ALL_ENTRIES_GMM_LSTM)],
        reducing_edits=(0,), note="data: 1k d2K5, d10K25, d32K25, d64K10 (Makefile: all 1k)"),
    Benchmark("hand", ["hand.cpp"], extra_flags=["-fno-exceptions"], edits=[
        ("../adbench/hand.h", r"i < 5; i\+\+\) \{(\s*printf\(\"%f \", result\.jacobian)",
         r"i < result.jacobian.size(); i++) {\1")],
        note="data: simple_small/hand1 (as the Makefile)"),
    Benchmark("lstm", ["lstm.cpp"], edits=[
        ("../adbench/lstm.h", PATH_LIST, LSTM_PATHS),
        ("../adbench/lstm.h", *ALL_ENTRIES_GMM_LSTM)],
        reducing_edits=(0,), note="data: l2_c1024, l4_c4096 (Makefile: 4 files)"),
    # lstm passes `state` as enzyme_const, yet the hidden and cell values the
    # main parameters produce are stored into it and read back: enzyme-opt
    # refuses that, the reference drops those derivatives (its gradient for
    # main_params is zero).  This variant gives `state` a scratch shadow, so
    # both tools can be timed on the gradient the program means.
    Benchmark("lstm-dupstate", ["lstm.cpp"], directory="lstm", edits=[
        ("../adbench/lstm.h", PATH_LIST, LSTM_PATHS),
        ("../adbench/lstm.h", *ALL_ENTRIES_GMM_LSTM),
        ("lstm.cpp", r"enzyme_const, state,",
         "enzyme_dup, state, (double*)calloc(2 * l * b, sizeof(double)),")],
        reducing_edits=(0,),
        not_tapenade="the program's Enzyme gradient is the sum of its 100 calls (+=), "
        "Tapenade's the last call's",
        note="lstm with `state` enzyme_dup (a calloc'd scratch shadow); data as lstm"),
    # nn trains from rand() weights; each tool's run starts where the last
    # left rand(), so Tapenade's run starts elsewhere.  Float rounding
    # differences grow over the steps (training on synthetic images does not
    # converge): the first 20 steps' loss and accuracy are compared.
    Benchmark("nn", ["nn.cpp"], edits=[("nn.cpp", r"#define STEPS 1000\b", "#define STEPS 100")],
              compare_first=60, reducing_edits=(0,), not_tapenade="its run starts from other random weights",
              note="100 steps (source: 1000), the first 20 compared; synthetic MNIST "
                   "images (absent from the snapshot)",
              probe=("nn.cpp", r"calculateDerivatives\(image, network, &gradient, label\);")),
    Benchmark("ode", ["ode.cpp"], args=["1000000"], plain_sources=["ode-adept.cpp"],
              extra_flags=["-fno-exceptions"], note="as the Makefile"),
    Benchmark("ode-const", ["ode.cpp"], args=["30000000"], plain_sources=["ode-adept.cpp"],
              note="as the Makefile"),
    Benchmark("ode-real", ["ode.cpp"], args=["1000"], note="as the Makefile (one run of 10)"),
    Benchmark("logsumexp", ["logsumexp.cpp"], args=["1000000", "10"],
              makefile_args=["10000000", "10"],
              note="n=1e6 (Makefile: 1e7)"),
    Benchmark("taylorlog", ["taylorlog.cpp"], args=["0.5"],
              note="x=0.5 (Makefile: x=1e7, whose sum and gradient are inf)"),
    Benchmark("matdescent", ["matdescent.cpp"],
              edits=[("matdescent.cpp", r"#define ITERS 1000\b", "#define ITERS 50")],
              reducing_edits=(0,),
              unlabelled="enzyme", not_tapenade="the program's Enzyme descent starts from "
              "the matrix its Tapenade descent left (both update Min in place)",
              note="50 descent steps (source: 1000)",
              probe=("matdescent.cpp",
                     r"res2 = __enzyme_autodiff<double>\(matvec_real, Min, Mout, enzyme_const, Vin\);")),
    Benchmark("library", ["library.c", "mylib.c"], args=["10000000"], c=True,
              unlabelled="enzyme",
              note="as the Makefile"),
]


def run(cmd, cwd=None, timeout=1200, log=None, env=None):
    start = time.time()
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              env=env)
        out, err, code = proc.stdout, proc.stderr, proc.returncode
    except subprocess.TimeoutExpired as exc:
        out, err, code = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or ""), "timeout", -999
    if log is not None:
        log.write(f"$ {' '.join(cmd)}  [{time.time() - start:.1f}s, exit {code}]\n{err[-4000:]}\n")
    return code, out, err


def prepare_tree(tree: str, out: str) -> str:
    """Copy enzyme/benchmarks to OUT with adept stripped; returns ReverseMode."""
    src = os.path.join(tree, "enzyme", "benchmarks")
    dst = os.path.join(out, "benchmarks")
    for root, dirs, files in os.walk(src):
        rel = os.path.relpath(root, src)
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        if "data" in dirs:      # data stays where it is, linked file by file
            os.makedirs(os.path.join(dst, rel, "data"), exist_ok=True)
            for entry in os.listdir(os.path.join(root, "data")):
                if not os.path.lexists(os.path.join(dst, rel, "data", entry)):
                    os.symlink(os.path.join(root, "data", entry),
                               os.path.join(dst, rel, "data", entry))
            dirs.remove("data")
        for name in files:
            path = os.path.join(root, name)
            if name.endswith((".cpp", ".c", ".h", ".hpp")):
                with open(path, errors="replace") as f:
                    text = f.read()
                with open(os.path.join(dst, rel, name), "w") as f:
                    f.write(strip_adept(text) if "adept" in text else text)
            elif name == "ADFirstAidKit.tar":
                with tarfile.open(path) as tar:
                    tar.extractall(os.path.join(dst, rel), filter="data")
    return os.path.join(dst, "ReverseMode")


def synthetic_mnist(data_dir: str) -> None:
    """Write idx3 image files of MNIST's shape where the snapshot lacks them."""
    for name, count in (("train-images-idx3-ubyte", 60000), ("t10k-images-idx3-ubyte", 10000)):
        path = os.path.join(data_dir, name)
        if os.path.exists(path) and os.path.getsize(path) == 16 + count * 784:
            continue
        header = (2051).to_bytes(4, "big") + count.to_bytes(4, "big") + (28).to_bytes(4, "big") * 2
        images = [bytes((p * 13 + shift) % 256 if p % 3 == 0 else 0 for p in range(784))
                  for shift in range(251)]
        with open(path, "wb") as f:
            f.write(header + b"".join(images[(i * 7919) % 251] for i in range(count)))


def build(bench: Benchmark, bdir: str, tool: str, plugin: str | None, log) -> tuple[str | None, str]:
    """Build BENCH's binary with TOOL ("ours" or "ref"); returns (binary, failure)."""
    cxx = "clang-19" if bench.c else "clang++-19"
    kit = os.path.join(bdir, "..", "..", "ADFirstAidKit")
    include = ["-I", kit]
    lls = []
    for src in bench.sources:
        ll = os.path.join(bdir, f"{src}.unopt.ll")
        if not os.path.exists(ll):
            code, _, err = run([cxx, *FRONT_FLAGS, *bench.extra_flags, *include, "-S",
                                "-emit-llvm", src, "-o", ll], cwd=bdir, log=log)
            if code:
                return None, "front end: " + err.strip().splitlines()[-1]
        lls.append(ll)
    unopt = os.path.join(bdir, "unopt.ll")
    if len(lls) > 1:
        run(["llvm-link-19", "-S", *lls, "-o", unopt], log=log)
    else:
        shutil.copy(lls[0], unopt)
    out_ll = os.path.join(bdir, f"{tool}.ll")
    if tool == "ours":
        cmd = [sys.executable, "-m", "enzyme_opt", unopt, "-o", out_ll]
        code, _, err = run(cmd, cwd=REPO, log=log)
    else:
        cmd = ["opt-19", f"-load-pass-plugin={plugin}", "-passes=enzyme", "-S", unopt, "-o", out_ll]
        code, _, err = run(cmd, log=log)
    if code:
        lines = err.strip().splitlines() or ["exit %d" % code]
        located = [ln for ln in lines if ": error:" in ln]
        return None, "AD: " + (located[0] if located else lines[-1])
    exe = os.path.join(bdir, f"{tool}.exe")
    rt = [os.path.join(kit, "adBuffer.c"), os.path.join(kit, "adStack.c")]
    plain = [os.path.join(bdir, p) for p in bench.plain_sources]
    objs = []
    for p in plain + rt:     # without AD: the same -O2 object for both tools
        obj = os.path.join(bdir, os.path.basename(p) + ".o")
        if not os.path.exists(obj):
            comp = "clang-19" if p.endswith(".c") else "clang++-19"
            code, _, err = run([comp, *FRONT_FLAGS, *bench.extra_flags, "-I", kit, "-w", "-c", p,
                                "-o", obj], cwd=bdir, log=log)
            if code:
                return None, "compile %s: %s" % (os.path.basename(p), err.strip().splitlines()[-1])
        objs.append(obj)
    code, _, err = run(["clang++-19", "-O2", "-pthread", out_ll, *objs, "-o", exe, "-lm"],
                       cwd=bdir, log=log)
    if code:
        return None, "back end: " + err.strip().splitlines()[-1]
    return exe, ""


@dataclass
class Result:
    bench: Benchmark
    built: dict = field(default_factory=dict)      # tool -> "" or why not
    seconds: dict = field(default_factory=dict)    # tool -> summed Enzyme time
    parsed: dict = field(default_factory=dict)     # tool -> Parsed
    checks: list = field(default_factory=list)     # (what, ok, detail)
    probe_seconds: dict = field(default_factory=dict)  # tool -> fastest run's gradient calls (--probe)
    wrong: bool = False


# nn's and matdescent's timed loops spend most of their time outside the
# gradient (nn: the test-set accuracy after every step; matdescent: zeroing
# the shadow and the descent update, memory-bound like the gradient), the
# same code for both tools.  --probe times the gradient call alone, with
# clock_gettime around it, and the program reports the sum on stderr at
# exit, so what it prints on stdout (and compares) is unchanged.
PROBE_PRELUDE = r"""#include <stdio.h>
#include <time.h>
static double enzyme_opt_probe_seconds;
static double enzyme_opt_probe_now(void) {
  struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec;
}
__attribute__((destructor)) static void enzyme_opt_probe_report(void) {
  fprintf(stderr, "gradient call seconds: %.6f\n", enzyme_opt_probe_seconds);
}
"""
PROBE_LINE = re.compile(r"^gradient call seconds: (\d+\.\d+)$", re.M)


def add_probe(text: str, statement: str) -> str:
    """TEXT with every STATEMENT (a regex) timed into the prelude's sum."""
    text, count = re.subn(statement, lambda m: "{ double enzyme_opt_probe_t0 = enzyme_opt_probe_now(); "
                          + m.group(0) + " enzyme_opt_probe_seconds += enzyme_opt_probe_now() - "
                          "enzyme_opt_probe_t0; }", text)
    if count == 0:
        raise SystemExit(f"the probe ({statement}) matched nothing")
    return PROBE_PRELUDE + text


# --cpu-time: gettimeofday answering the process's CPU time (user + system).
# Only the programs' own timers read gettimeofday; --probe's timer reads
# CLOCK_MONOTONIC and stays wall-clock.
CPU_CLOCK_SHIM = r"""#include <sys/time.h>
#include <time.h>
int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
  struct timespec t;
  (void)tz;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  tv->tv_sec = t.tv_sec;
  tv->tv_usec = t.tv_nsec / 1000;
  return 0;
}
"""


def cpu_clock_env(out: str, log) -> dict:
    """The environment that runs a program with CPU_CLOCK_SHIM preloaded."""
    src, lib = os.path.join(out, "cpu_clock.c"), os.path.join(out, "cpu_clock.so")
    with open(src, "w") as f:
        f.write(CPU_CLOCK_SHIM)
    code, _, err = run(["clang-19", "-O2", "-shared", "-fPIC", src, "-o", lib], log=log)
    if code:
        raise SystemExit(f"--cpu-time: the clock shim did not build: {err.strip()[-300:]}")
    return dict(os.environ, LD_PRELOAD=lib)


def run_once(bench: Benchmark, bdir: str, tool: str, exe: str, result: Result, log,
             keep: bool, env=None) -> Parsed | None:
    """Run one binary; its parsed output, or None (the failure noted in RESULT)."""
    # Removed first, not compared by time: file times are coarser than a
    # fast run (hand's reference run once wrote it within the same tick).
    results_json = os.path.join(bdir, "results.json")
    if os.path.exists(results_json):
        os.remove(results_json)
    code, stdout, err = run([exe, *bench.args], cwd=bdir, timeout=bench.timeout, log=log,
                            env=env)
    stem = os.path.join(os.path.dirname(log.name), f"{bench.name}.{tool}")
    if keep:
        with open(stem + ".out", "w") as f:
            f.write(stdout)
    if code:
        result.built[tool] = f"run: exit {code} {err.strip()[-200:]}"
        return None
    probed = PROBE_LINE.search(err)
    if probed:
        secs = float(probed.group(1))
        result.probe_seconds[tool] = min(result.probe_seconds.get(tool, secs), secs)
    if os.path.exists(results_json):
        if keep:
            shutil.copy(results_json, stem + ".json")
        with open(results_json) as f:
            return parse_results_json(f.read())
    return parse_stdout(stdout, bench.unlabelled)


def run_benchmark(bench: Benchmark, bdir: str, plugin: str | None, log, repeat: int,
                  probe: bool = False, env=None) -> Result:
    for rel, pattern, new in bench.edits:
        path = os.path.join(bdir, rel)
        with open(path) as f:
            text = f.read()
        text, count = re.subn(pattern, new, text)
        if count == 0:
            raise SystemExit(f"{bench.name}: the edit of {rel} ({pattern}) matched nothing")
        with open(path, "w") as f:
            f.write(text)
    if probe and bench.probe:
        path = os.path.join(bdir, bench.probe[0])
        with open(path) as f:
            text = add_probe(f.read(), bench.probe[1])
        with open(path, "w") as f:
            f.write(text)
    for name in os.listdir(bdir):       # nothing stale from an earlier run
        if name.endswith((".ll", ".o", ".exe")) or name == "results.json":
            os.remove(os.path.join(bdir, name))
    result = Result(bench)
    exes = {}
    for tool in ["ours"] + (["ref"] if plugin else []):
        exes[tool], result.built[tool] = build(bench, bdir, tool, plugin, log)
    for attempt in range(repeat):       # interleaved; the fastest run counts
        for tool, exe in exes.items():
            if exe is None or result.built[tool]:
                continue
            parsed = run_once(bench, bdir, tool, exe, result, log, keep=attempt == 0, env=env)
            if parsed is None:
                continue
            if attempt == 0:
                result.parsed[tool] = parsed
            best = result.parsed[tool].gradient_seconds
            for who, secs in parsed.gradient_seconds.items():
                best[who] = min(best.get(who, secs), secs)
    compare(result)
    return result


TOOL_WORD = re.compile(r"^\s*(enzyme|tapenade|tapendade|adept|regular)\b(.*)$", re.I)
TIMING = re.compile(r"^\s*([A-Za-z][A-Za-z ]*?)?\s*(\d+\.\d+)(\s+res\S*=.*)?$")


@dataclass
class Parsed:
    gradient_seconds: dict = field(default_factory=dict)   # tool -> summed time
    values: dict = field(default_factory=dict)             # tool -> [numbers]
    gradients: dict = field(default_factory=dict)          # tool -> [numbers on timed lines]


def parse_stdout(text: str, unlabelled: str = "") -> Parsed:
    """Times and printed numbers per tool from a benchmark's own output.

    A line naming a tool (`Enzyme combined 0.12 res'=3.4`) or following a
    line that is only a tool's name (nn, taylorlog) belongs to that tool.
    `label seconds [res...=values]` lines are timings; the gradient's are
    those labelled combined/reverse, those reporting a derivative (res'),
    and a bare number (nn's training run, which calls the gradient)."""
    parsed = Parsed()
    tool = unlabelled or None
    for line in text.splitlines():
        m = TOOL_WORD.match(line)
        if m and not m.group(2).strip():
            tool = m.group(1).lower().replace("tapendade", "tapenade")
            continue
        owner = m.group(1).lower().replace("tapendade", "tapenade") if m else tool
        rest = m.group(2) if m else line
        if owner is None or owner == "regular":
            continue
        t = TIMING.match(rest)
        if t:
            label, res = (t.group(1) or "").lower(), t.group(3) or ""
            numbers = [float(x) for x in NUMBER.findall(res.split("=", 1)[1])] if res else []
            primal = "forward" in label or "real" in label or label.strip() == "mv"
            if "combined" in label or "reverse" in label or (
                    not primal and ("res'" in res or not (label or res))):
                parsed.gradient_seconds[owner] = parsed.gradient_seconds.get(owner, 0.0) + float(t.group(2))
                parsed.gradients.setdefault(owner, []).extend(numbers)
        else:
            numbers = [float(x) for x in NUMBER.findall(rest)]
        parsed.values.setdefault(owner, []).extend(numbers)
    return parsed


def parse_results_json(text: str) -> Parsed:
    """The ADBench mains' results.json: per data file, each tool's runtime
    and the gradient (Jacobian) entries it stored."""
    parsed = Parsed()
    for suite in json.loads(text):
        for entry in suite.get("tools", []):
            tool = entry["name"].split()[0].lower()
            numbers = [float(x) for x in entry.get("result", [])]
            parsed.gradient_seconds[tool] = parsed.gradient_seconds.get(tool, 0.0) + entry["runtime"]
            parsed.values.setdefault(tool, []).extend(numbers)
            parsed.gradients.setdefault(tool, []).extend(numbers)
    return parsed


def differ(a: list[float], b: list[float]) -> str:
    """Why the two lists of printed numbers are not equal, or ""."""
    if len(a) != len(b):
        return f"{len(a)} numbers vs {len(b)}"
    if not a:
        return "no numbers printed"
    worst, where = 0.0, 0
    for i, (x, y) in enumerate(zip(a, b)):
        if x == y or (math.isnan(x) and math.isnan(y)):
            continue
        scale = max(abs(x), abs(y))
        err = abs(x - y) / (RTOL * scale + 2e-6) if math.isfinite(scale) else math.inf
        if err > worst:
            worst, where = err, i
    if worst > 1.0:
        return f"entry {where}: {a[where]!r} vs {b[where]!r}"
    return ""


def compare(result: Result) -> None:
    parsed = result.parsed
    ours = parsed.get("ours")
    if ours is None:
        return
    for tool in ("ours", "ref"):
        if tool in parsed:
            result.seconds[tool] = parsed[tool].gradient_seconds.get("enzyme")
    first = result.bench.compare_first or None
    if "ref" in parsed:
        why = differ(ours.values.get("enzyme", [])[:first],
                     parsed["ref"].values.get("enzyme", [])[:first])
        result.checks.append(("= reference", not why, why))
    if result.bench.not_tapenade:
        result.checks.append(("= Tapenade", None, result.bench.not_tapenade))
        result.wrong = any(ok is False for _, ok, _ in result.checks)
        return
    kind = "gradients" if ours.gradients.get("tapenade") else "values"
    tap = getattr(ours, kind).get("tapenade")
    if tap:
        why = differ(getattr(ours, kind).get("enzyme", []), tap)
        ref_why = differ(getattr(parsed["ref"], kind).get("enzyme", []), tap) \
            if "ref" in parsed else None
        if why and ref_why:
            why += " (the reference differs from Tapenade too: %s)" % ref_why
            result.checks.append(("= Tapenade", None, why))
        else:
            result.checks.append(("= Tapenade", not why, why))
    result.wrong = any(ok is False for _, ok, _ in result.checks)


def report(results, out: str, cpu_time: bool = False) -> str:
    rows = ["Times: " + ("CPU time of the programs' timed regions (--cpu-time)" if cpu_time
                         else "wall-clock, as the programs print them"), "",
            "| program | sizes run | builds (ours / ref) | gradient = reference | "
            "gradient = Tapenade | ours s | reference s | ours / ref |",
            "|---|---|---|---|---|---|---|---|"]
    ratios = []
    for r in results:
        builds = " / ".join("yes" if not r.built.get(t) else "NO: " + r.built[t].replace("|", "/")
                            for t in ("ours", "ref") if t in r.built)
        checks = {what: (ok, why) for what, ok, why in r.checks}

        def cell(what):
            if what not in checks:
                return "n/a"
            ok, why = checks[what]
            return {True: "yes", False: "**WRONG GRADIENT**: " + why, None: "n/a: " + why}[ok]
        ours_s, ref_s = r.seconds.get("ours"), r.seconds.get("ref")
        ratio = ours_s / ref_s if ours_s and ref_s else None
        if ratio:
            ratios.append(ratio)
        fmt = lambda x, f="%.4f": f % x if x is not None else "-"
        rows.append(f"| {r.bench.name} | {r.bench.note} | {builds} | {cell('= reference')} | "
                    f"{cell('= Tapenade')} | {fmt(ours_s)} | {fmt(ref_s)} | {fmt(ratio, '%.2f')} |")
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else None
    rows.append("")
    rows.append(f"geometric mean of ours / reference over {len(ratios)} programs: "
                + (f"{geo:.3f}; worst: {max(ratios):.2f}" if ratios else "-"))
    rows.append(f"load average at the end: {' '.join('%.2f' % x for x in os.getloadavg())}; "
                f"logs, sources and outputs in {out}")
    return "\n".join(rows + probe_report(results))


def probe_report(results) -> list[str]:
    """The --probe table: time inside the gradient calls alone."""
    probed = [r for r in results if r.probe_seconds]
    if not probed:
        return []
    rows = ["", "Inside the gradient calls alone (--probe; fastest run):", "",
            "| program | ours s | reference s | ours / ref |", "|---|---|---|---|"]
    for r in probed:
        ours_s, ref_s = r.probe_seconds.get("ours"), r.probe_seconds.get("ref")
        ratio = "%.2f" % (ours_s / ref_s) if ours_s and ref_s else "-"
        fmt = lambda x: "%.4f" % x if x is not None else "-"
        rows.append(f"| {r.bench.name} | {fmt(ours_s)} | {fmt(ref_s)} | {ratio} |")
    return rows


def at_makefile_size(bench: Benchmark) -> Benchmark:
    """`bench` with its Makefile's problem size: its arguments, and without
    the edits that only shrink the problem."""
    edits = [e for i, e in enumerate(bench.edits) if i not in bench.reducing_edits]
    args = bench.makefile_args if bench.makefile_args is not None else bench.args
    return dataclasses.replace(bench, args=list(args), edits=edits,
                               note="the Makefile's size" + (
                                   f": {' '.join(args)}" if args else ""),
                               timeout=max(bench.timeout, 3600))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tree")
    ap.add_argument("--plugin")
    ap.add_argument("--filter", default="")
    ap.add_argument("--out")
    ap.add_argument("--probe", action="store_true",
                    help="also time the gradient call alone where the timed loop does more "
                         "(nn, matdescent); the programs' own times stay the table's")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs of each binary, interleaved; the fastest Enzyme time counts")
    ap.add_argument("--cpu-time", action="store_true",
                    help="time by the process's CPU time instead of wall-clock (both tools)")
    ap.add_argument("--makefile-sizes", action="store_true",
                    help="the problem sizes of the programs' own Makefiles (slow: ba's 20 "
                         "data files, nn's 1000 steps...), not the reduced ones")
    args = ap.parse_args()
    out = os.path.abspath(args.out or tempfile.mkdtemp(prefix="refbench-"))
    os.makedirs(out, exist_ok=True)
    env = None
    if args.cpu_time:
        with open(os.path.join(out, "cpu_clock.log"), "w") as log:
            env = cpu_clock_env(out, log)
    print("load average at the start: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    results = []
    for bench in BENCHMARKS:
        if args.filter and args.filter not in bench.name:
            continue
        if args.makefile_sizes:
            bench = at_makefile_size(bench)
        root = prepare_tree(os.path.abspath(args.tree), out)   # sources unedited
        if bench.name == "nn":
            synthetic_mnist(os.path.join(root, "nn", "data"))
        bdir = os.path.join(root, bench.directory or bench.name)
        with open(os.path.join(out, bench.name + ".log"), "w") as log:
            results.append(run_benchmark(bench, bdir, args.plugin, log, args.repeat, args.probe,
                                         env))
        print(f"{bench.name}: done", file=sys.stderr)
    print(report(results, out, args.cpu_time))
    return 1 if any(r.wrong for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
