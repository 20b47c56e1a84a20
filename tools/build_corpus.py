#!/usr/bin/env python3
"""Compile the grammar test corpus to textual LLVM IR.

Every C/C++ program under tests/corpus/{c,cpp}/ is compiled with clang-19 and
clang-14 at -O0, -O1, -O2, -O3 and -O2 -g:

    build/corpus/<clang>/<opt>/<name>.ll     e.g. build/corpus/clang19/O2g/structs.ll

A source may carry directives in its first lines:

    // CFLAGS: <flags>          extra flags for every compiler
    // CFLAGS-14: <flags>       extra flags for clang-14 only (likewise CFLAGS-19)
    // SKIP-14: <reason>        do not compile with clang-14 (reported, never silent)

Nothing is skipped silently: a failed compilation is an error, and every
SKIP directive is listed in the summary.

The script also links a large module for throughput measurements:

    build/corpus/big.ll      clang-19 outputs (all opt levels), llvm-link-19
    build/corpus/big14.ll    clang-14 outputs, llvm-link-14 (typed pointers)

The globals defined by each module get a per-module suffix first, so that the
same program at several optimisation levels links without symbol clashes;
sources for non-default targets (a --target= flag) are left out.

With --bench it then measures the grammar's throughput on the big modules:
Lark(parser="lalr").parse building the tree, and with a no-op inline
transformer (Lark(..., transformer=...), which builds no tree).

Usage: python3 tools/build_corpus.py [--jobs N] [--no-big] [--only clang19] [--bench]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = REPO_ROOT / "tests" / "corpus"
SOURCE_DIRS = [CORPUS_DIR / "c", CORPUS_DIR / "cpp"]
HAND_WRITTEN_IR_DIR = CORPUS_DIR / "ir"
BUILD_DIR = REPO_ROOT / "build" / "corpus"

# name -> (major version, C compiler, C++ compiler, llvm bin dir)
COMPILERS = {
    "clang19": ("19", "clang-19", "clang++-19", "/usr/lib/llvm-19/bin"),
    "clang14": ("14", "clang-14", "clang++-14", "/usr/lib/llvm-14/bin"),
}
# name -> flags
OPT_LEVELS = {
    "O0": ["-O0"],
    "O1": ["-O1"],
    "O2": ["-O2"],
    "O3": ["-O3"],
    "O2g": ["-O2", "-g"],
}

DIRECTIVE_RE = re.compile(r"^\s*//\s*(CFLAGS(?:-(\d+))?|SKIP-(\d+))\s*:\s*(.*?)\s*$")
COMPILE_TIMEOUT = 300


@dataclasses.dataclass(frozen=True)
class Source:
    path: Path
    name: str
    is_cpp: bool
    cflags: tuple[str, ...]
    cflags_by_version: tuple[tuple[str, tuple[str, ...]], ...]
    skip_by_version: tuple[tuple[str, str], ...]

    def flags_for(self, version: str) -> list[str]:
        flags = list(self.cflags)
        for v, extra in self.cflags_by_version:
            if v == version:
                flags.extend(extra)
        return flags

    def skip_reason(self, version: str) -> str | None:
        for v, reason in self.skip_by_version:
            if v == version:
                return reason
        return None

    @property
    def cross_target(self) -> bool:
        return any(f.startswith("--target") or f == "-target" for f in self.cflags)


@dataclasses.dataclass(frozen=True)
class Job:
    source: Source
    compiler: str
    opt: str

    @property
    def output(self) -> Path:
        return BUILD_DIR / self.compiler / self.opt / f"{self.source.name}.ll"

    @property
    def id(self) -> str:
        return f"{self.compiler}/{self.opt}/{self.source.name}"

    def command(self, output: Path) -> list[str]:
        version, cc, cxx, _ = COMPILERS[self.compiler]
        exe = cxx if self.source.is_cpp else cc
        return [exe, *OPT_LEVELS[self.opt], "-S", "-emit-llvm", "-w",
                *self.source.flags_for(version), str(self.source.path), "-o", str(output)]


def parse_source(path: Path) -> Source:
    cflags: list[str] = []
    by_version: dict[str, list[str]] = {}
    skips: list[tuple[str, str]] = []
    with path.open(encoding="utf-8") as f:
        for _, line in zip(range(20), f):
            m = DIRECTIVE_RE.match(line)
            if not m:
                continue
            kind, cf_version, skip_version, value = m.groups()
            if skip_version:
                skips.append((skip_version, value or "no reason given"))
            elif cf_version:
                by_version.setdefault(cf_version, []).extend(shlex.split(value))
            else:
                cflags.extend(shlex.split(value))
    return Source(
        path=path,
        name=path.stem,
        is_cpp=path.suffix in (".cpp", ".cc", ".cxx"),
        cflags=tuple(cflags),
        cflags_by_version=tuple((v, tuple(f)) for v, f in sorted(by_version.items())),
        skip_by_version=tuple(skips),
    )


def sources() -> list[Source]:
    found = sorted(p for d in SOURCE_DIRS for ext in ("*.c", "*.cpp") for p in d.glob(ext))
    result = [parse_source(p) for p in found]
    names: dict[str, Path] = {}
    for s in result:
        if s.name in names:
            raise SystemExit(f"duplicate corpus program name {s.name!r}: {names[s.name]} and {s.path}")
        names[s.name] = s.path
    return result


def jobs(compilers=None, opts=None) -> list[Job]:
    """All (source, compiler, opt) combinations, skipped ones excluded."""
    result = []
    for src in sources():
        for comp in compilers or COMPILERS:
            if src.skip_reason(COMPILERS[comp][0]):
                continue
            for opt in opts or OPT_LEVELS:
                result.append(Job(src, comp, opt))
    return result


def skipped() -> list[tuple[Source, str, str]]:
    """(source, compiler, reason) for every SKIP directive."""
    out = []
    for src in sources():
        for comp, (version, *_rest) in COMPILERS.items():
            reason = src.skip_reason(version)
            if reason:
                out.append((src, comp, reason))
    return out


def hand_written_ir() -> list[Path]:
    return sorted(HAND_WRITTEN_IR_DIR.glob("*.ll"))


def _fresh(output: Path, *inputs: Path) -> bool:
    if not output.exists():
        return False
    mtime = output.stat().st_mtime
    return all(p.stat().st_mtime <= mtime for p in inputs)


def build(job: Job, force: bool = False) -> Path:
    """Compile one job if its output is missing or stale; return the output path.

    Safe to call concurrently from several processes: the result is written to
    a temporary file and renamed into place.  Raises RuntimeError on failure.
    """
    out = job.output
    if not force and _fresh(out, job.source.path, Path(__file__)):
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=out.stem + ".", suffix=".ll.tmp", dir=out.parent)
    os.close(fd)
    cmd = job.command(Path(tmp))
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
        if proc.returncode != 0:
            raise RuntimeError(f"{job.id}: compilation failed ({shlex.join(cmd)}):\n{proc.stderr}")
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out


def build_all(job_list: list[Job], max_workers: int | None = None, verbose: bool = True) -> list[str]:
    """Build every job in parallel; return a list of error messages."""
    errors: list[str] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers or os.cpu_count() or 2) as pool:
        futures = {pool.submit(build, j): j for j in job_list}
        for fut in concurrent.futures.as_completed(futures):
            try:
                fut.result()
            except Exception as e:  # noqa: BLE001 - report every failure
                errors.append(str(e))
                if verbose:
                    print(f"FAILED {futures[fut].id}", file=sys.stderr)
    return errors


def _run(cmd: list[str]) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"command failed: {shlex.join(cmd)}\n{proc.stderr}")


_GLOBAL_NAME_RE = re.compile(r'([@$])([-a-zA-Z$._][-a-zA-Z$._0-9]*)')


def rename_definitions(text: str, suffix: str) -> str:
    """Append `suffix` to every global (and comdat) defined in a module.

    Used to link several builds of the same program into one module without
    symbol clashes (and without llvm-link dropping unreferenced internals).
    Intrinsics and declarations keep their names.
    """
    defined = set()
    for line in text.splitlines():
        if line.startswith("define "):
            m = re.search(r'@([-a-zA-Z$._][-a-zA-Z$._0-9]*)\(', line)
            if m:
                defined.add(m.group(1))
        elif line.startswith("@"):
            m = re.match(r'@([-a-zA-Z$._][-a-zA-Z$._0-9]*) = (.*)', line)
            if m and not re.search(r'\b(?:external|extern_weak)\b', m.group(2).split(" global ")[0].split(" constant ")[0]):
                defined.add(m.group(1))
    defined = {n for n in defined if not n.startswith("llvm.")}

    def sub(m):
        return m.group(0) + suffix if m.group(2) in defined else m.group(0)

    return _GLOBAL_NAME_RE.sub(sub, text)


def link_big(compiler: str, output: Path, opts=None, copies: int = 1) -> Path:
    """Link all outputs of one compiler (native target only) into one module;
    with `copies`, each output that many times under distinct names."""
    _, _, _, bindir = COMPILERS[compiler]
    inputs = [j.output for j in jobs([compiler], opts) if not j.source.cross_target]
    with tempfile.TemporaryDirectory() as tmpdir:
        renamed = []
        for copy in range(copies):
            for i, path in enumerate(inputs):
                dst = Path(tmpdir) / f"{copy}.{i}.ll"
                suffix = f".m{i}" if copy == 0 else f".m{i}.c{copy}"
                dst.write_text(rename_definitions(path.read_text(encoding="utf-8"), suffix),
                               encoding="utf-8")
                renamed.append(str(dst))
        tmp_out = output.with_suffix(".ll.tmp")
        _run([f"{bindir}/llvm-link", "-S", *renamed, "-o", str(tmp_out)])
        os.replace(tmp_out, output)
    return output


def bench(paths: list[Path], repeat: int = 3) -> None:
    """Print parse throughput (best of `repeat`, CPU time) for each file."""
    import time

    from lark import Lark, Transformer

    grammar = (REPO_ROOT / "grammar" / "llvm.lark").read_text(encoding="utf-8")
    options = dict(parser="lalr", lexer="contextual", start="module", maybe_placeholders=True, cache=True)
    tree_parser = Lark(grammar, **options)
    names = {str(r.alias or r.origin.name) for r in tree_parser.rules}
    callbacks = {n: (lambda n: lambda self, children: n)(n) for n in names if not n.startswith("_")}
    noop = type("NoopTransformer", (Transformer,), callbacks)()
    noop_parser = Lark(grammar, transformer=noop, **options)

    t0 = time.process_time()
    x = 0
    for i in range(10_000_000):
        x += i
    print(f"calibration: 10M-iteration Python loop takes {time.process_time() - t0:.2f} s CPU")

    def best(fn, text):
        times = []
        for _ in range(repeat):
            t = time.process_time()
            fn(text)
            times.append(time.process_time() - t)
        return min(times)

    for path in paths:
        text = path.read_text(encoding="utf-8")
        mb = len(text.encode()) / 1e6
        t_tree = best(tree_parser.parse, text)
        t_noop = best(noop_parser.parse, text)
        print(f"{path.relative_to(REPO_ROOT)}: {mb:.2f} MB, "
              f"tree {mb / t_tree:.2f} MB/s ({t_tree:.2f} s), "
              f"no-op transformer {mb / t_noop:.2f} MB/s ({t_noop:.2f} s)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", "-j", type=int, default=None)
    ap.add_argument("--no-big", action="store_true", help="do not link build/corpus/big*.ll")
    ap.add_argument("--only", choices=sorted(COMPILERS), action="append", help="restrict to a compiler")
    ap.add_argument("--force", action="store_true", help="rebuild even if up to date")
    ap.add_argument("--bench", action="store_true", help="measure parse throughput on the big modules")
    ap.add_argument("--bench-repeat", type=int, default=3)
    args = ap.parse_args(argv)

    job_list = jobs(args.only)
    if args.force:
        for j in job_list:
            if j.output.exists():
                j.output.unlink()
    errors = build_all(job_list, args.jobs)
    for src, comp, reason in skipped():
        print(f"SKIPPED {comp}/*/{src.name}: {reason}")
    if errors:
        print("\n\n".join(errors), file=sys.stderr)
        print(f"{len(errors)} of {len(job_list)} compilations failed", file=sys.stderr)
        return 1
    total = sum(j.output.stat().st_size for j in job_list)
    print(f"built {len(job_list)} modules ({total / 1e6:.1f} MB) under {BUILD_DIR.relative_to(REPO_ROOT)}")

    if not args.no_big:
        for comp, name in (("clang19", "big.ll"), ("clang14", "big14.ll")):
            if args.only and comp not in args.only:
                continue
            out = link_big(comp, BUILD_DIR / name)
            print(f"linked {out.relative_to(REPO_ROOT)} ({out.stat().st_size / 1e6:.1f} MB)")
        if args.bench:
            bench([p for p in (BUILD_DIR / "big.ll", BUILD_DIR / "big14.ll") if p.exists()], args.bench_repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
