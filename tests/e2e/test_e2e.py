"""End-to-end tests: C/C++ programs written for Enzyme's C API.

Every ``tests/e2e/<group>/*.c`` (and ``*.cpp``) is a self-checking program.
For each clang version and optimisation level it is

1. compiled to textual IR:  clang-V -OX -S -emit-llvm prog.c -o prog.ll
2. differentiated:          python3 -m enzyme_opt prog.ll -o out.ll
3. checked:                 llvmlite parses and verifies out.ll, and no
                            __enzyme_* call or enzyme_* marker use remains
4. compiled and linked:     clang-V -OX out.ll -o prog -lm
5. run:                     it must exit with status 0

Knobs (comma or space separated):
  ENZYME_E2E_CLANGS=19      clang major versions (default "19,14")
  ENZYME_E2E_OPTS=-O2       optimisation levels (default "-O0,-O1,-O2,-O3")
A line ``// XFAIL: <reason>`` in a program marks it as expected to be
refused: enzyme-opt must stop with a located error (strict: an unexpected
pass fails the suite, and so does any other failure, a wrong result at run
time above all); a line ``// CFLAGS: <flags>``
adds flags to step 1 (e.g. -ffast-math, so that the vectorizer emits
reductions), and ``// LDFLAGS: <flags>`` to step 4 (e.g. -lmpfr,
-lopenblas; with `-fsanitize=...` among them the output, instrumented
already, is compiled without it first and linked with its runtime).  With
``-fopenmp`` among the CFLAGS, step 4 links LLVM 19's libomp and step 5
runs the program with OMP_NUM_THREADS=1, 2 and 3.  A line ``// MPI_RANKS: 1 2``
builds the program with the flags of the installed MPI (mpicc -showme) and
runs it under ``mpirun -n N`` for each N listed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

E2E_DIR = Path(__file__).resolve().parent
REPO_ROOT = E2E_DIR.parent.parent
INCLUDE_DIR = REPO_ROOT / "enzyme_opt" / "include"

TOOL_TIMEOUT = 600  # seconds for enzyme-opt on one module
COMPILE_TIMEOUT = 300
RUN_TIMEOUT = 60

XFAIL_RE = re.compile(r"^\s*//\s*XFAIL:\s*(.*?)\s*$", re.MULTILINE)
CFLAGS_RE = re.compile(r"^\s*//\s*CFLAGS:\s*(.*?)\s*$", re.MULTILINE)
CLANGS_ONLY_RE = re.compile(r"^\s*//\s*CLANGS:\s*(.*?)\s*$", re.MULTILINE)
LDFLAGS_RE = re.compile(r"^\s*//\s*LDFLAGS:\s*(.*?)\s*$", re.MULTILINE)
MPI_RANKS_RE = re.compile(r"^\s*//\s*MPI_RANKS:\s*(.*?)\s*$", re.MULTILINE)
# Calls of the Enzyme C API must all have been replaced (the functions of
# the truncation runtime, enzyme/fprt/mpfr.h, are the program's own)...
ENZYME_CALL_RE = re.compile(r"__enzyme_(?!fprt_)")
# ...and the marker globals may still be declared, but not used.
MARKER_RE = re.compile(r"@enzyme_(?:dup|dupnoneed|const|out|width|tape|allocated|nofree|interleave"
                       r"|const_return|active_return|dup_return|primal_return|noret)\b")
MARKER_DECL_RE = re.compile(r"^@enzyme_\w+\s*=")


class ToolRefused(Exception):
    """enzyme-opt stopped with a located error: the one failure an XFAIL
    program may have."""


def _knob(name: str, default: str) -> list[str]:
    value = os.environ.get(name, "").strip() or default
    return [v for v in re.split(r"[,\s]+", value) if v]


CLANGS = _knob("ENZYME_E2E_CLANGS", "19,14")
OPTS = [o if o.startswith("-") else "-" + o for o in _knob("ENZYME_E2E_OPTS", "-O0,-O1,-O2,-O3")]

# A program compiled with -fopenmp links LLVM 19's libomp (libomp-19-dev),
# clang-14's output too, and runs with one thread and with several.
OPENMP_LIB = "/usr/lib/llvm-19/lib"
OPENMP_LINK = ["-fopenmp", "-L" + OPENMP_LIB, "-Wl,-rpath," + OPENMP_LIB]
OPENMP_THREADS = ["1", "2", "3"]

PROGRAMS = sorted(p for ext in ("c", "cpp") for p in E2E_DIR.glob(f"*/*.{ext}"))


def _params():
    for prog in PROGRAMS:
        text = prog.read_text(encoding="utf-8", errors="replace")
        m = XFAIL_RE.search(text)
        marks = [pytest.mark.xfail(strict=True, raises=ToolRefused,
                                   reason=m.group(1) or "XFAIL")] if m else []
        rel = prog.relative_to(E2E_DIR).as_posix()
        only = CLANGS_ONLY_RE.search(text)
        for clang in CLANGS:
            if only is not None and clang not in only.group(1).split():
                continue
            for opt in OPTS:
                yield pytest.param(prog, clang, opt, id=f"{rel}-clang{clang}{opt}", marks=marks)


def _compiler(version: str, cxx: bool) -> str:
    name = f"clang++-{version}" if cxx else f"clang-{version}"
    path = shutil.which(name) or shutil.which(name, path="/usr/bin") or f"/usr/lib/llvm-{version}/bin/{'clang++' if cxx else 'clang'}"
    if not os.path.exists(path):
        pytest.skip(f"{name} is not installed")
    return path


def _run(cmd, what, timeout, **kw):
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired as e:
        out, err = (x.decode(errors="replace") if isinstance(x, bytes) else (x or "")
                    for x in (e.stdout, e.stderr))
        pytest.fail(f"{what} timed out after {timeout}s\n$ {' '.join(map(str, cmd))}\n"
                    f"--- stdout ---\n{out[-20000:]}\n--- stderr ---\n{err[-20000:]}",
                    pytrace=False)
    return proc


def _require_success(what, cmd, proc):
    if proc.returncode != 0:
        pytest.fail(f"{what} failed with exit status {proc.returncode}\n$ {' '.join(map(str, cmd))}\n"
                    f"--- stdout ---\n{proc.stdout[-20000:]}\n--- stderr ---\n{proc.stderr[-20000:]}",
                    pytrace=False)


# Open MPI refuses to run as root (as CI and this machine do) unless told;
# --oversubscribe lets 2 ranks run where fewer cores are free.
MPI_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
           "OMPI_MCA_rmaps_base_oversubscribe": "1"}


def _mpi_flags(part: str) -> list[str]:
    """mpicc's compile or link flags (Open MPI's -showme:<part>)."""
    mpicc = shutil.which("mpicc")
    if mpicc is None:
        pytest.skip("no MPI installed (mpicc; make install installs Open MPI)")
    return subprocess.run([mpicc, f"-showme:{part}"], capture_output=True, text=True,
                          check=True).stdout.split()


def _runs(exe: Path, openmp: bool, ranks):
    """(command, environment, what) of each run of the program."""
    if ranks:
        for n in ranks:
            yield (["mpirun", "-n", n, str(exe)], dict(os.environ, **MPI_ENV),
                   f"mpirun -n {n}")
    elif openmp:
        for threads in OPENMP_THREADS:
            yield [str(exe)], dict(os.environ, OMP_NUM_THREADS=threads), \
                f"OMP_NUM_THREADS={threads}"
    else:
        yield [str(exe)], None, None


def _tool_env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    return env


def _leftover_enzyme_refs(text: str) -> list[str]:
    bad = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.startswith("!"):
            continue    # debug info may still describe the API's declarations (-g)
        if ENZYME_CALL_RE.search(line) or (MARKER_RE.search(line) and not MARKER_DECL_RE.match(line)):
            bad.append(f"{lineno}: {line.strip()[:200]}")
    return bad


@pytest.mark.parametrize("prog,clang,opt", list(_params()))
def test_e2e(prog: Path, clang: str, opt: str, tmp_path: Path):
    cxx = prog.suffix == ".cpp"
    cc = _compiler(clang, cxx)
    ll = tmp_path / (prog.stem + ".ll")
    out_ll = tmp_path / (prog.stem + ".out.ll")
    exe = tmp_path / prog.stem

    source = prog.read_text(encoding="utf-8", errors="replace")
    cflags = CFLAGS_RE.search(source)
    ldflags = LDFLAGS_RE.search(source)
    # The shipped headers, as -I$(enzyme-opt --print-include-dir) gives them.
    ranks = MPI_RANKS_RE.search(source)
    ranks = ranks.group(1).split() if ranks else []
    cmd = [cc, opt, *(cflags.group(1).split() if cflags else []), "-I", str(INCLUDE_DIR),
           *(_mpi_flags("compile") if ranks else []),
           "-S", "-emit-llvm", str(prog), "-o", str(ll)]
    _require_success("clang -emit-llvm", cmd, _run(cmd, "clang -emit-llvm", COMPILE_TIMEOUT))

    cmd = [sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out_ll)]
    proc = _run(cmd, "enzyme-opt", TOOL_TIMEOUT, cwd=REPO_ROOT, env=_tool_env())
    if proc.returncode == 1 and re.search(r":\d+:\d+: error: ", proc.stderr) and \
            XFAIL_RE.search(source):
        raise ToolRefused(proc.stderr[-2000:])
    _require_success("enzyme-opt", cmd, proc)
    if not out_ll.exists():
        pytest.fail(f"enzyme-opt wrote no output file\n--- stderr ---\n{proc.stderr}", pytrace=False)

    text = out_ll.read_text()
    import llvmlite.binding as llvm

    # The LLVM in llvmlite no longer reads LLVM 14's `inrange` spot in vtable
    # GEPs (clang-14 C++ with virtual functions): dropped, as the tool's own check does.
    from enzyme_opt.llvm_verify import _OLD_INRANGE
    try:
        llvm.parse_assembly(_OLD_INRANGE.sub("", text)).verify()
    except RuntimeError as e:  # llvmlite reports parse and verifier errors this way
        # clang 14 to 16 write constant expressions newer LLVMs no longer
        # read (`lshr` of a global's address in AddressSanitizer's checks):
        # left to the clang of step 4, which reads and verifies its own IR.
        if "constexprs are no longer supported" not in str(e) or int(clang) > 16:
            pytest.fail(f"llvmlite rejects {out_ll.name}:\n{e}", pytrace=False)

    leftovers = _leftover_enzyme_refs(text)
    if leftovers:
        pytest.fail("Enzyme API references left in the output:\n" + "\n".join(leftovers[:20]),
                    pytrace=False)

    openmp = cflags is not None and "-fopenmp" in cflags.group(1).split()
    link_flags = ldflags.group(1).split() if ldflags else []
    compiled = str(out_ll)
    if any(f.startswith("-fsanitize=") for f in link_flags):
        # The output is instrumented already: compiled without the sanitizer
        # (it would instrument its own checks again), linked with its runtime.
        compiled = str(tmp_path / (prog.stem + ".o"))
        cmd = [cc, opt, "-c", str(out_ll), "-o", compiled]
        _require_success("compiling the output of enzyme-opt", cmd,
                         _run(cmd, "clang (compile the output)", COMPILE_TIMEOUT))
    cmd = [cc, opt, compiled, "-o", str(exe), *link_flags,
           "-lm"] + (["-lstdc++"] if cxx else []) + (OPENMP_LINK if openmp else []) + \
        (_mpi_flags("link") if ranks else [])
    _require_success("compiling the output of enzyme-opt", cmd,
                     _run(cmd, "clang (compile the output)", COMPILE_TIMEOUT))

    for cmd, env, how in _runs(exe, openmp, ranks):
        what = f"the program {prog.name} ({opt}, clang-{clang}" + (f", {how})" if how else ")")
        _require_success(what, cmd, _run(cmd, "the program", RUN_TIMEOUT, cwd=tmp_path, env=env))
