#!/usr/bin/env python3
"""Run the code enzyme-opt emits under memory checkers, across the e2e corpus.

For each program of tests/e2e/<group>/ (built as tests/e2e/test_e2e.py
builds it: its CFLAGS, LDFLAGS and CLANGS lines, the shipped headers), at each
configuration clang-V -OX:

  1. clang-V -OX -S -emit-llvm prog.c -o in.ll; enzyme-opt in.ll -o out.ll
  2. asan:     clang-V -O1 -g -fno-inline -fsanitize=address,undefined
               -fno-omit-frame-pointer out.ll, run with LeakSanitizer on.
               (-fno-inline keeps each generated function a frame of its own,
               so a report names it; UBSan's checks are made by clang's front
               end, so on an .ll input only AddressSanitizer instruments.)
  3. valgrind: clang-V -O0 out.ll, run under valgrind memcheck (reads of
               uninitialised memory, which ASan does not see; definite leaks).

Each report is classified by the first frame of its stack (of the access, or
of the allocation for a leak) that is not the sanitizer's or libc's:
  ours     -- a function defined in out.ll but not in in.ll (diffe_*,
              augmented_*, fwddiffe_*, enzyme_opt.tape.*, ...);
  program  -- a function of the program itself (defined in in.ll);
  runtime  -- anything else (libomp, libstdc++, ...), suppressed with a reason
              in SUPPRESSED below when known.

Usage: python3 tools/memcheck_corpus.py [--groups reverse,modes,...]
           [--configs 19:-O0,19:-O2,14:-O1] [--check asan,valgrind]
           [--every N] [--only SUBSTRING] [--out DIR] [--keep]
Writes one line per (program, config, check) and a summary; exit status 1
if any report is classified "ours".
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "tests" / "e2e"))
# The e2e harness's own reading of a program's lines (CFLAGS, LDFLAGS, ...).
from test_e2e import (CFLAGS_RE, CLANGS_ONLY_RE, E2E_DIR, INCLUDE_DIR,  # noqa: E402
                      LDFLAGS_RE, MPI_RANKS_RE, OPENMP_LINK, XFAIL_RE)

DEFAULT_GROUPS = "reverse,modes,memory,cxx,enzyme_style,openmp,truncate"
DEFAULT_CONFIGS = "19:-O0,19:-O2,14:-O1"
TIMEOUT = 600
DEFINE_RE = re.compile(r'^define [^@]*@("?[^"(]+"?)\(', re.MULTILINE)

ASAN_ENV = {"ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0:symbolize=1",
            "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}
VALGRIND = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full",
            "--errors-for-leak-kinds=definite", "--show-leak-kinds=definite", "--num-callers=30"]

# ASan report: "    #3 0x55d0 in diffe_f (/tmp/x/prog+0x1234)"; valgrind's:
# "==123==    at 0x4848: malloc (vg_replace_malloc.c:381)" / "by 0x...: f (...)".
ASAN_FRAME_RE = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ in ([^\s(]+)")
VG_FRAME_RE = re.compile(r"^==\d+==\s+(?:at|by) 0x[0-9A-F]+: ([^\s(]+)")
# Frames that are the checker's or libc's own, skipped when classifying.
SKIP_FRAME_RE = re.compile(r"^(?:__interceptor_|__asan_|__sanitizer|__ubsan|___interceptor_|"
                           r"malloc$|calloc$|realloc$|free$|posix_memalign$|aligned_alloc$|"
                           r"operator$|operator |memcpy$|memmove$|memset$|__libc_|_start$)")
# Known reports, each with its reason: (frame, a frame further down the stack).
SUPPRESSED = {
    # tape.py's pool of parallel-region thread tapes: a bounded thread-local
    # cache (POOL_DEPTH buffers), reused by every later region on the thread;
    # valgrind counts a worker thread's pool lost once libomp's thread ends.
    ("enzyme_opt.tape.grow", "start_thread"): "the thread tape pool (bounded, by design)",
    # the same pool where valgrind's unwinding stops inside the region
    ("enzyme_opt.tape.grow", "omp_outlined"): "the thread tape pool (bounded, by design)",
}


def compiler(version: str, cxx: bool) -> str:
    name = f"clang++-{version}" if cxx else f"clang-{version}"
    return shutil.which(name) or f"/usr/lib/llvm-{version}/bin/{'clang++' if cxx else 'clang'}"


def run(cmd, env=None, cwd=None):
    full_env = dict(os.environ, **(env or {}))
    try:
        return subprocess.run(["nice", *map(str, cmd)], capture_output=True, text=True,
                              timeout=TIMEOUT, env=full_env, cwd=cwd, errors="replace")
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, -999, "", f"timed out after {TIMEOUT}s")


def defined(ll: Path) -> set[str]:
    return {m.group(1).strip('"') for m in DEFINE_RE.finditer(ll.read_text(errors="replace"))}


def report_blocks(text: str, frame_re) -> list[list[str]]:
    """The stacks in a checker's output: runs of consecutive frame lines."""
    blocks, cur = [], []
    for line in text.splitlines():
        m = frame_re.match(line)
        if m:
            cur.append(m.group(1))
        elif cur:
            blocks.append(cur)
            cur = []
    if cur:
        blocks.append(cur)
    return blocks


def classify(text: str, frame_re, ours: set[str], program: set[str]) -> list[tuple[str, str]]:
    """(class, first non-checker frame) of each stack in the report."""
    found = []
    for block in report_blocks(text, frame_re):
        frame = next((f for f in block if not SKIP_FRAME_RE.match(f)), block[0])
        base = frame.split(".")[0] if frame not in ours and frame not in program else frame
        if any(frame == at and below in f for at, below in SUPPRESSED for f in block):
            found.append(("suppressed", frame))
        elif frame in ours or base in ours:
            found.append(("ours", frame))
        elif frame in program or base in program or frame == "main":
            found.append(("program", frame))
        else:
            found.append(("runtime", frame))
    return found


def check_program(prog: Path, clang: str, opt: str, checks: list[str], work: Path) -> list[dict]:
    source = prog.read_text(errors="replace")
    cxx = prog.suffix == ".cpp"
    cc = compiler(clang, cxx)
    cflags = (m.group(1).split() if (m := CFLAGS_RE.search(source)) else [])
    ldflags = (m.group(1).split() if (m := LDFLAGS_RE.search(source)) else [])
    openmp = "-fopenmp" in cflags
    if any(f.startswith("-fsanitize") for f in cflags + ldflags):
        # instrumented already at -emit-llvm: a second instrumentation breaks it
        return [dict({"program": prog.relative_to(E2E_DIR).as_posix(), "config": f"{clang}{opt}"},
                     check="build", status="skip", detail="instruments itself (CFLAGS -fsanitize)")]
    in_ll, out_ll = work / "in.ll", work / "out.ll"
    base = {"program": prog.relative_to(E2E_DIR).as_posix(), "config": f"{clang}{opt}"}
    p = run([cc, opt, *cflags, "-I", INCLUDE_DIR, "-S", "-emit-llvm", prog, "-o", in_ll])
    if p.returncode:
        return [dict(base, check="build", status="skip", detail="clang -emit-llvm failed")]
    env = dict(PYTHONPATH=str(REPO_ROOT))
    p = run([sys.executable, "-m", "enzyme_opt", in_ll, "-o", out_ll], env=env)
    if p.returncode:
        return [dict(base, check="tool", status="refused", detail=p.stderr.strip()[-200:])]
    program_fns = defined(in_ll)
    ours = defined(out_ll) - program_fns
    link = [*ldflags, "-lm", *(["-lstdc++"] if cxx else []), *(OPENMP_LINK if openmp else [])]
    run_env = {"OMP_NUM_THREADS": "2"} if openmp else {}
    results = []
    for check in checks:
        exe = work / f"prog.{check}"
        if check == "asan":
            build = [cc, "-O1", "-g", "-fno-inline", "-fsanitize=address,undefined",
                     "-fno-omit-frame-pointer", out_ll, "-o", exe, *link]
            cmd, env_c, frame_re = [exe], dict(ASAN_ENV, **run_env), ASAN_FRAME_RE
        else:
            build = [cc, "-O0", "-g", out_ll, "-o", exe, *link]
            cmd, env_c, frame_re = [*VALGRIND, exe], run_env, VG_FRAME_RE
        p = run(build)
        if p.returncode:
            results.append(dict(base, check=check, status="skip",
                                detail="build failed: " + p.stderr.strip()[-200:]))
            continue
        t0 = time.time()
        p = run(cmd, env=env_c, cwd=work)
        text = p.stdout + "\n" + p.stderr
        found = classify(text, frame_re, ours, program_fns) if p.returncode else []
        if p.returncode == 0:
            status = "clean"
        elif not found:
            # the program's own check failed with no report: under valgrind, its
            # emulation (x87 long double as double, no rounding modes)
            status = f"fail(exit {p.returncode}, no report)"
        elif all(c == "suppressed" for c, _ in found):
            status = "suppressed"
        else:
            status = "report"
        results.append(dict(base, check=check, status=status, found=found,
                            seconds=round(time.time() - t0, 1),
                            detail=first_error(text) if p.returncode else ""))
        if p.returncode:
            (work / f"{check}.log").write_text(text)
    return results


def first_error(text: str) -> str:
    for line in text.splitlines():
        if ("ERROR:" in line or "runtime error" in line or "Invalid " in line
                or "uninitialised" in line or "definitely lost" in line or "FAIL" in line):
            return line.strip()[:200]
    return text.strip().splitlines()[-1][:200] if text.strip() else ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--groups", default=DEFAULT_GROUPS)
    ap.add_argument("--configs", default=DEFAULT_CONFIGS)
    ap.add_argument("--check", default="asan,valgrind")
    ap.add_argument("--every", type=int, default=1, help="every Nth program only (a sample)")
    ap.add_argument("--offset", type=int, default=0, help="start of the sample")
    ap.add_argument("--only", default="")
    ap.add_argument("--out", type=Path, default=None, help="keep logs of failing runs here")
    args = ap.parse_args()
    groups = args.groups.split(",")
    progs = sorted(p for g in groups for ext in ("c", "cpp") for p in (E2E_DIR / g).glob(f"*.{ext}")
                   if args.only in p.as_posix())
    progs = progs[args.offset::args.every]
    checks = args.check.split(",")
    counts: dict[str, int] = {}
    bad = 0
    for prog in progs:
        source = prog.read_text(errors="replace")
        if MPI_RANKS_RE.search(source):
            continue
        only = CLANGS_ONLY_RE.search(source)
        for config in args.configs.split(","):
            clang, opt = config.split(":")
            if only is not None and clang not in only.group(1).split():
                continue
            with tempfile.TemporaryDirectory(prefix="memcheck-") as tmp:
                work = Path(tmp)
                for r in check_program(prog, clang, opt, checks, work):
                    key = f"{r['check']}:{r['status'].split('(')[0]}"
                    counts[key] = counts.get(key, 0) + 1
                    xfail = " (XFAIL program)" if XFAIL_RE.search(source) else ""
                    found = " ".join(f"{c}:{f}" for c, f in r.get("found", []))
                    print(f"{r['program']:55} {r['config']:7} {r['check']:8} {r['status']}"
                          f"{xfail} {found} {r.get('detail', '')}".rstrip(), flush=True)
                    if any(c == "ours" for c, _ in r.get("found", [])):
                        bad += 1
                    if r["status"] not in ("clean",) and args.out:
                        dest = args.out / f"{r['program'].replace('/', '_')}.{r['config']}"
                        dest.mkdir(parents=True, exist_ok=True)
                        for f in work.iterdir():
                            if f.suffix in (".ll", ".log") or f.name.endswith(".log"):
                                shutil.copy(f, dest / f.name)
    print("summary:", " ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    print(f"runs with a report in generated code: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
