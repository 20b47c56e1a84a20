#!/usr/bin/env python3
"""Profile enzyme-opt over the whole corpus, in one process, under cProfile.

The corpus (compiled once, kept under build/profile-corpus/inputs/):
  - every program of tests/e2e/*/ compiled as the e2e harness compiles it,
    with clang 19 and 14 at -O0 and -O2 (its CFLAGS, CLANGS and MPI lines);
  - the lit tests' .ll inputs, and their .c programs at clang-19 -O2 -g;
  - bench/*.c at clang-19 -O2;
  - with --reference CHECKOUT, the reference suite's Integration programs
    (each distinct RUN line's clang flags, clang 19).

Each input runs through the command line's own `run` (cli.run), as one
process runs it: the cyclic collector frozen and off during the run, as
`entry` does, and collected afterwards outside the timing.  What an input
makes -- its output text, or its error message -- is saved under
build/profile-corpus/outputs/<--save NAME>/; `--compare NAME` reports every
input whose result differs from that saved run (the "no change in output"
check: exit status 1 if any does).

Printed: the top entries by own and by cumulative time, the total time of
each stage (as --time-passes names them, the per-derivative stages folded
into their kind), and the slowest inputs.

Usage: python3 tools/profile_corpus.py [--reference /work/enzyme-ref]
           [--only SUBSTRING] [--save NAME] [--compare NAME] [--top N]
           [--no-verify] [--pstats FILE] [-j JOBS]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import cProfile
import dataclasses
import gc
import io
import os
import pickle
import pstats
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tools"))

BUILD_DIR = REPO_ROOT / "build" / "profile-corpus"
INPUT_DIR = BUILD_DIR / "inputs"
OUTPUT_DIR = BUILD_DIR / "outputs"
E2E_DIR = REPO_ROOT / "tests" / "e2e"
LIT_DIR = REPO_ROOT / "tests" / "lit"
BENCH_DIR = REPO_ROOT / "bench"
INCLUDE_DIR = REPO_ROOT / "enzyme_opt" / "include"
E2E_CLANGS = ("19", "14")
E2E_OPTS = ("-O0", "-O2")
COMPILE_TIMEOUT = 300

CFLAGS_RE = re.compile(r"^\s*//\s*CFLAGS:\s*(.*?)\s*$", re.MULTILINE)
CLANGS_ONLY_RE = re.compile(r"^\s*//\s*CLANGS:\s*(.*?)\s*$", re.MULTILINE)
MPI_RANKS_RE = re.compile(r"^\s*//\s*MPI_RANKS:", re.MULTILINE)


@dataclasses.dataclass(frozen=True)
class Input:
    """One corpus input: its id (also its file name below INPUT_DIR), the
    source it is compiled from (None: it is IR already) and the compile
    command's flags; `tool_flags` are enzyme-opt options it needs."""
    id: str
    source: Path
    compile_flags: tuple = ()
    cxx: bool = False
    clang: str = "19"
    tool_flags: tuple = ()

    @property
    def ll(self) -> Path:
        if self.source.suffix == ".ll":
            return self.source
        return INPUT_DIR / (self.id + ".ll")


# ------------------------------------------------------------ the corpus


def _mpi_compile_flags() -> list[str]:
    from run_reference_suite import mpi_flags
    flags = mpi_flags()
    return flags[0] if flags else []


def e2e_inputs() -> list[Input]:
    programs = sorted(p for ext in ("c", "cpp") for p in E2E_DIR.glob(f"*/*.{ext}"))
    inputs = []
    for prog in programs:
        text = prog.read_text(encoding="utf-8", errors="replace")
        only = CLANGS_ONLY_RE.search(text)
        cflags = CFLAGS_RE.search(text)
        flags = (cflags.group(1).split() if cflags else []) + ["-I", str(INCLUDE_DIR)]
        if MPI_RANKS_RE.search(text):
            flags += _mpi_compile_flags()
        rel = prog.relative_to(E2E_DIR).with_suffix("").as_posix()
        for clang in E2E_CLANGS:
            if only is not None and clang not in only.group(1).split():
                continue
            for opt in E2E_OPTS:
                inputs.append(Input(f"e2e/{rel}-clang{clang}{opt}", prog, (opt, *flags),
                                    prog.suffix == ".cpp", clang))
    return inputs


def lit_inputs() -> list[Input]:
    inputs = [Input(f"lit/{p.name}", p) for p in sorted(LIT_DIR.glob("*.ll"))]
    inputs += [Input(f"lit/{p.stem}-clang19-O2g", p, ("-O2", "-g", "-I", str(INCLUDE_DIR)))
               for p in sorted(LIT_DIR.glob("*.c"))]
    return inputs


def bench_inputs() -> list[Input]:
    return [Input(f"bench/{p.stem}-clang19-O2", p, ("-O2", "-I", str(BENCH_DIR)))
            for p in sorted(BENCH_DIR.glob("*.c"))]


def reference_inputs(checkout: Path) -> list[Input]:
    """One input per distinct clang command of the reference's RUN lines."""
    import run_reference_suite as ref
    jobs, _ = ref.collect_jobs(checkout, 19, None)
    inputs, seen = [], set()
    for job in jobs:
        if job.spec.needs:
            continue
        source = job.source
        include = ["-I", str(ref.source_integration_dir(source)), "-I", str(INCLUDE_DIR)]
        include += [f for d in ref.group_dirs(source) for f in ("-I", str(d))]
        if ref.uses_mpi(source):
            include += _mpi_compile_flags()
        flags = (*include, *job.spec.cflags)
        key = (job.rel, flags, job.spec.tool_flags)
        if key in seen:
            continue
        seen.add(key)
        inputs.append(Input(f"ref/{job.rel}-{len(seen)}", source, flags, job.spec.cxx, "19",
                            job.spec.tool_flags))
    return inputs


def compile_input(inp: Input) -> str | None:
    """Compile `inp` to its .ll unless it is up to date; the reason it
    could not be built, or None."""
    ll = inp.ll
    if inp.source.suffix == ".ll":
        return None
    if ll.exists() and ll.stat().st_mtime >= inp.source.stat().st_mtime:
        return None
    ll.parent.mkdir(parents=True, exist_ok=True)
    cc = f"clang++-{inp.clang}" if inp.cxx else f"clang-{inp.clang}"
    tmp = ll.with_suffix(".tmp.ll")
    cmd = [cc, *inp.compile_flags, "-w", "-S", "-emit-llvm", str(inp.source), "-o", str(tmp)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
    except subprocess.TimeoutExpired:
        return "clang timed out"
    if proc.returncode != 0:
        tmp.unlink(missing_ok=True)
        lines = proc.stderr.strip().splitlines()
        return lines[0] if lines else f"clang exit status {proc.returncode}"
    tmp.replace(ll)
    return None


def build_corpus(inputs: list[Input], jobs: int) -> list[Input]:
    """The inputs that compiled; says which did not."""
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        failures = list(pool.map(compile_input, inputs))
    built = []
    for inp, failure in zip(inputs, failures):
        if failure is None:
            built.append(inp)
        else:
            print(f"not built: {inp.id}: {failure}", file=sys.stderr)
    return built


# ------------------------------------------------------------ running


@dataclasses.dataclass
class Result:
    input: Input
    seconds: float            # wall time
    cpu: float                # this process's CPU time (steadier on a busy machine)
    text: str                 # the output, or "error: ..." with the message
    stages: list


def _options(inp: Input, stages) -> dict:
    from enzyme_opt.stages import Statistics
    truncate = next((f.split("=", 1)[1] for f in inp.tool_flags
                     if f.startswith("--enzyme-truncate-all=")), "")
    return {"print_activity": False, "print_type_analysis": False,
            "check_derivatives": False, "stages": stages, "stats": Statistics(),
            "truncate_all": truncate}


def run_one(inp: Input, profiler: cProfile.Profile | None, verify: bool) -> Result:
    """One input through cli.run, as its own process would run it."""
    from enzyme_opt import cli
    from enzyme_opt.diagnostics import EnzymeOptError
    from enzyme_opt.stages import Stages
    stages = Stages()
    cli._PROCESS_ENDS_AFTER_RUN = True
    start, cpu_start = time.perf_counter(), time.process_time()
    if profiler is not None:
        profiler.enable()
    try:
        text, _ = cli.run((str(inp.ll),), "-", None, verify, stages, _options(inp, stages))
    except EnzymeOptError as e:
        text = "error: " + e.render(str(inp.ll))
    except Exception as e:      # an internal error is a result too
        text = f"internal error while {stages.current}: {type(e).__name__}: {e}"
    finally:
        if profiler is not None:
            profiler.disable()
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu_start
        cli._PROCESS_ENDS_AFTER_RUN = False
        stages.leave()
        gc.unfreeze()
        gc.enable()
        gc.collect()
    return Result(inp, seconds, cpu, text, stages.times)


def run_corpus(inputs: list[Input], verify: bool, profile: bool):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    # Wall time: a CPU-time timer is a system call, and quadrupled the run.
    profiler = cProfile.Profile() if profile else None
    results = []
    for n, inp in enumerate(inputs, 1):
        results.append(run_one(inp, profiler, verify))
        if n % 50 == 0:
            print(f"... {n}/{len(inputs)}", file=sys.stderr)
    return profiler, results


# ------------------------------------------------------------ reporting


def _output_path(name: str, inp: Input) -> Path:
    return OUTPUT_DIR / name / (inp.id + ".out")


def save_outputs(name: str, results: list[Result]) -> None:
    for r in results:
        path = _output_path(name, r.input)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(r.text, encoding="utf-8", errors="surrogateescape")


def compare_outputs(name: str, results: list[Result]) -> list[str]:
    """The ids of the inputs whose result differs from the saved run `name`."""
    differ = []
    for r in results:
        path = _output_path(name, r.input)
        saved = path.read_text(encoding="utf-8", errors="surrogateescape") \
            if path.exists() else None
        if saved != r.text:
            differ.append(r.input.id + ("" if saved is not None else " (not in the saved run)"))
    return differ


def stage_kind(name: str) -> str:
    """A stage's row: each derivative's stage ("differentiating 'f' for the
    call to ...") is folded into one row per kind."""
    m = re.match(r"^(differentiating|truncating) ('|a function for the call)", name)
    return f"{m.group(1)} (all calls)" if m else name


def stage_totals(results: list[Result]) -> list[tuple[str, float]]:
    totals: dict[str, float] = {}
    for r in results:
        for name, seconds in r.stages:
            kind = stage_kind(name)
            totals[kind] = totals.get(kind, 0.0) + seconds
    return sorted(totals.items(), key=lambda kv: -kv[1])


def top_entries(stats: pstats.Stats, order: str, count: int) -> str:
    out = io.StringIO()
    stats.stream = out
    stats.sort_stats(order).print_stats(count)
    lines = out.getvalue().splitlines()
    start = next((i for i, l in enumerate(lines) if l.strip().startswith("ncalls")), 0)
    head = [l for l in lines[:start] if "function calls" in l]
    return "\n".join(head + [l for l in lines[start:] if l.strip()])


def report(stats: pstats.Stats | None, results: list[Result], top: int, wall: float) -> str:
    how = "profiled" if stats is not None else "not profiled"
    lines = [f"{len(results)} inputs, {wall:.1f} s wall in all ({how}), "
             f"{sum(r.seconds for r in results):.1f} s in runs "
             f"({sum(r.cpu for r in results):.1f} s CPU); "
             f"load average {os.getloadavg()[0]:.2f}", ""]
    if stats is not None:
        stats.strip_dirs()
        lines += [f"Top {top} by own time:", top_entries(stats, "tottime", top), "",
                  f"Top {top} by cumulative time:", top_entries(stats, "cumulative", top), ""]
    lines += ["Time per stage (all inputs):"]
    lines += [f"  {seconds:9.2f} s  {kind}" for kind, seconds in stage_totals(results)]
    lines += ["", "Slowest 10 inputs (CPU time):"]
    for r in sorted(results, key=lambda r: -r.cpu)[:10]:
        lines.append(f"  {r.cpu:8.2f} s  {r.input.id}  ({r.input.ll.stat().st_size} bytes)")
    errors = sum(r.text.startswith(("error:", "internal error")) for r in results)
    lines += ["", f"{errors} inputs ended with an error (refusals included)"]
    return "\n".join(lines)


# ------------------------------------------------------------ shards


def run_shard(args, inputs: list[Input]) -> None:
    """A worker: run every `n`th input from the `i`th, leave its profile and
    results in the --dump directory."""
    i, n = map(int, args.shard.split("/"))
    profiler, results = run_corpus(inputs[i::n], args.verify, args.profile)
    dump = Path(args.dump)
    if profiler is not None:
        profiler.dump_stats(dump / f"shard-{i}.pstats")
    with open(dump / f"shard-{i}.pickle", "wb") as f:
        pickle.dump(results, f)


def run_sharded(args, argv: list[str]):
    """Run the corpus in `args.jobs` worker processes; the merged profile
    (None without one) and every result, in corpus order."""
    with tempfile.TemporaryDirectory(prefix="profile-corpus-") as dump:
        workers = [subprocess.Popen([sys.executable, __file__, *argv, "--shard", f"{i}/{args.jobs}",
                                     "--dump", dump]) for i in range(args.jobs)]
        if any(w.wait() != 0 for w in workers):
            raise SystemExit("error: a worker failed")
        results = []
        for i in range(args.jobs):
            with open(Path(dump) / f"shard-{i}.pickle", "rb") as f:
                results += pickle.load(f)
        files = [str(p) for p in sorted(Path(dump).glob("shard-*.pstats"))]
        stats = pstats.Stats(*files) if files else None
    order = {inp.id: k for k, inp in enumerate(gather(args))}
    return stats, sorted(results, key=lambda r: order[r.input.id])


def gather(args) -> list[Input]:
    inputs = e2e_inputs() + lit_inputs() + bench_inputs()
    if args.reference:
        inputs += reference_inputs(Path(args.reference))
    if args.only:
        inputs = [i for i in inputs if args.only in i.id]
    return inputs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reference", metavar="CHECKOUT",
                    help="add the Integration programs of this checkout of the reference")
    ap.add_argument("--only", help="the inputs whose id contains this")
    ap.add_argument("--save", metavar="NAME", help="save every result as run NAME")
    ap.add_argument("--compare", metavar="NAME", help="compare every result with run NAME")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--no-verify", dest="verify", action="store_false",
                    help="skip LLVM's verification of each output")
    ap.add_argument("--no-profile", dest="profile", action="store_false",
                    help="time the runs without the profiler (no top entries)")
    ap.add_argument("--pstats", metavar="FILE", help="also write the profile for pstats")
    ap.add_argument("-j", "--jobs", type=int, default=2,
                    help="parallel compiles, and worker processes for the runs")
    ap.add_argument("--shard", help=argparse.SUPPRESS)     # i/n: a worker's part
    ap.add_argument("--dump", help=argparse.SUPPRESS)      # where a worker leaves it
    argv = sys.argv[1:] if argv is None else argv
    args = ap.parse_args(argv)

    if args.shard:
        run_shard(args, gather(args))
        return 0
    build_corpus(gather(args), args.jobs)
    start = time.perf_counter()
    stats, results = run_sharded(args, argv)
    wall = time.perf_counter() - start
    if args.pstats and stats is not None:
        stats.dump_stats(args.pstats)
    print(report(stats, results, args.top, wall))
    if args.save:
        save_outputs(args.save, results)
    if args.compare:
        differ = compare_outputs(args.compare, results)
        print(f"\n{len(differ)} of {len(results)} results differ from run {args.compare}")
        for d in differ:
            print(f"  differs: {d}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
