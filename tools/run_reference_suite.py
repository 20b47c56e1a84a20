#!/usr/bin/env python3
"""Run the reference Enzyme project's integration programs through enzyme-opt.

    python3 tools/run_reference_suite.py CHECKOUT [--clang 19|16|15|14] [-j N]
                                         [--filter SUBSTRING] [--out DIR]
                                         [--widen [--new-only]]

CHECKOUT is a checkout of the reference project (the directory holding
``enzyme/test/Integration``).  Every ``// RUN:`` line of every
``enzyme/test/Integration/**/*.{c,cpp}`` is read as lit would read it, and
each line that builds a program is reproduced without the Enzyme plugin:

    clang-V <the line's flags> -S -emit-llvm prog.c -o x.ll
    python3 -m enzyme_opt x.ll -o y.ll
    clang-V <the line's -O/-f/-m flags> y.ll -o prog -lm   (clang++, -lstdc++)
    ./prog                       (| FileCheck prog.c, when the line has it)

The third step follows what the RUN line does after AD.  Most lines run the
plugin in its own stage, `clang -O2 ... | opt -enzyme | lli -`: nothing
optimizes the IR after AD, lli only generates code.  Compiling our output
with -O2 instead would re-optimize the whole program after AD, which under
-ffast-math may change the program itself (folding `t/3*k` so that an
integrator takes 2 steps, not 3, ReverseMode/integrateconst.cpp), so such
lines compile y.ll with `-Xclang -disable-llvm-optzns` (code generation
only, as lli).  Lines that load the plugin into clang
(`%loadClangEnzyme`) keep clang's optimizations after AD, as the plugin's
pipeline does, and compile y.ll at the line's level.

A `-mllvm` option of the plugin that enzyme-opt implements under the same
name (`--enzyme-truncate-all=...`) is passed to enzyme-opt; `%hasMPFR` holds
when MPFR's header is installed.  RUN lines that reproduce the same way (they differ only in Enzyme's own
options, such as -enzyme-inline=1) are run once.  Each run is classified:

  pass        the program ran and passed its own checks (and FileCheck's), or
              a program that must be rejected (-Xclang -verify with an
              expected-error) was refused with a located error (by
              enzyme-opt, or by clang through our C++ header with as many
              errors as the program expects)
  refused     enzyme-opt stopped with a located error (file.ll:L:C: error:);
              an error without line and column counts here too, its
              reason marked "(no location)"
  wrong       the program ran and failed its own check, or FileCheck's, or a
              program that must be rejected was accepted
  crash       the program died of a signal other than its own abort(), or
              ran past the time limit
  tool-crash  enzyme-opt failed without a located error (traceback,
              internal error, time limit), or its output did not compile
  build-skip  the reference program could not be built here (missing
              headers or libraries: OpenMP, Eigen, BLAS, MPFR, Enzyme's own
              C++ headers ...), or it uses an attribute only the reference's
              clang plugin knows (enzyme_inactive: clang drops it) and does
              not pass without it; not a failure of enzyme-opt

--widen runs every program that runs itself at each optimization level of
WIDE_LEVELS, not only at those its RUN lines pick: a program that asserts its
own derivative is a check at any flags.  Each RUN line's other flags
(includes, -fopenmp, -fno-exceptions ...) are kept and its level flags
(-O*, -ffast-math, -fno-inline, %O0TBAA) replaced; lines that do not apply to
this LLVM are not widened.  Runs a RUN line already asks for are reported
apart from the new ones; --new-only runs the new ones alone.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
OUR_INCLUDE_DIR = REPO_ROOT / "enzyme_opt" / "include"
INTEGRATION = Path("enzyme") / "test" / "Integration"

OPENMP_LIB = "/usr/lib/llvm-19/lib"
CLASSES = ("pass", "refused", "wrong", "crash", "tool-crash", "build-skip")
RUN_RE = re.compile(r"^\s*//\s*RUN:(.*)$")
LOCATED_ERROR_RE = re.compile(r":\d+:\d+: error: ")
PLUGIN_ATTRIBUTE_RE = re.compile(r"unknown attribute '(enzyme_\w+)' ignored")
UNLOCATED_ERROR_RE = re.compile(r"^\S*: error: ", re.MULTILINE)
# `if [ A ] && [ B ]; then BODY; fi`, the only shell control flow the
# reference's RUN lines use.
IF_RE = re.compile(r"^\s*if\s+(.*?);\s*then\s+(.*?);?\s*fi\s*$", re.DOTALL)
TEST_RE = re.compile(r"\[\s*([^\]]*?)\s*\]")
SHELL_OPERATORS = {"|", "&&", ";", "||"}

TOOL_TIMEOUT = 600
COMPILE_TIMEOUT = 300
RUN_TIMEOUT = 60


class NotApplicable(Exception):
    """The RUN line does not apply here (its `if` is false for this LLVM)."""


@dataclass(frozen=True)
class RunSpec:
    """How to reproduce one RUN line without the Enzyme plugin."""

    cxx: bool
    cflags: tuple[str, ...]       # for the -emit-llvm step
    ldflags: tuple[str, ...] = ()  # -l and link-only flags from the line
    mode: str = "run"             # run | compile | verify-error | verify-ok
    filecheck: tuple[str, ...] | None = None  # FileCheck's arguments
    needs: str | None = None      # why it cannot be built here, if known
    tool_flags: tuple[str, ...] = ()  # Enzyme options enzyme-opt implements too
    reoptimize: bool = True       # does the IR get optimized after AD (see output_flags)?

    def link_flags(self) -> list[str]:
        """The flags of the emit-llvm step that still matter for IR input."""
        keep, it = [], iter(self.cflags)
        for flag in it:
            if flag in ("-mllvm",):
                keep += [flag, next(it, "")]
            elif flag in ("-Xclang", "-include", "-I", "-D", "-x"):
                next(it, None)
            elif re.match(r"-(O|f|g|m)", flag):
                keep.append(flag)
        return keep

    def output_flags(self) -> list[str]:
        """The flags that compile enzyme-opt's output as the RUN line treats
        the plugin's: when AD runs in its own `%opt` stage, its output goes
        to `%lli -` (or a `clang -x ir -` without -O) with no IR optimization
        after AD, so the middle end is disabled and only code generation
        runs; when the plugin runs inside clang, clang's pipeline goes on
        optimizing after AD at the line's level, and so do we."""
        keep = self.link_flags()
        return keep if self.reoptimize else keep + ["-Xclang", "-disable-llvm-optzns"]


# ---------------------------------------------------------------- parsing


def run_lines(text: str) -> list[tuple[int, str]]:
    """The RUN commands of a file with their line numbers; a command ending
    in a backslash continues on the next RUN line, as in lit."""
    lines, pending, start = [], "", 0
    for lineno, line in enumerate(text.splitlines(), 1):
        m = RUN_RE.match(line)
        if not m:
            continue
        part = m.group(1).strip()
        if not pending:
            start = lineno
        if part.endswith("\\"):
            pending += part[:-1].rstrip() + " "
            continue
        lines.append((start, (pending + part).strip()))
        pending = ""
    if pending:
        lines.append((start, pending.strip()))
    return lines


def have_mpfr() -> bool:
    """Is MPFR installed (its header; the library is checked at link time)?"""
    return Path("/usr/include/mpfr.h").exists()


def _test_holds(test: str, llvm_version: int) -> bool | None:
    """One `[ ... ]` test; None when it asks for MPFR and we lack it."""
    words = [w.strip('"') for w in shlex.split(test)]
    if len(words) == 3 and words[0] == "%hasMPFR":
        return (words[2] == "yes") if have_mpfr() else None
    if len(words) == 3 and words[0] == "%llvmver":
        ops = {"-ge": int.__ge__, "-gt": int.__gt__, "-le": int.__le__,
               "-lt": int.__lt__, "-eq": int.__eq__, "-ne": int.__ne__}
        if words[1] in ops:
            return ops[words[1]](llvm_version, int(words[2]))
    raise ValueError(f"unsupported test [ {test} ]")


def strip_condition(command: str, llvm_version: int) -> tuple[str, str | None]:
    """The body of an `if [ ... ]; then BODY; fi` RUN line, and what it needs
    that we lack.  Raises NotApplicable when the condition is false."""
    m = IF_RE.match(command)
    if not m:
        return command, None
    needs = None
    for test in TEST_RE.findall(m.group(1)):
        holds = _test_holds(test, llvm_version)
        if holds is None:
            needs = "needs MPFR"
        elif not holds:
            raise NotApplicable(test)
    return m.group(2).strip(), needs


def split_pipeline(command: str) -> list[list[str]]:
    """The simple commands of a shell line, split at |, &&, || and ;."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars="|&;")
    lexer.whitespace_split = True
    stages, current = [], []
    for token in lexer:
        if token in SHELL_OPERATORS:
            if current:
                stages.append(current)
            current = []
        else:
            current.append(token)
    if current:
        stages.append(current)
    return stages


def _is_clang(word: str) -> bool:
    return word in ("%clang", "%clang++", "%clangxx", "clang", "clang++")


# Flags of the reference's clang lines that load or steer the Enzyme plugin:
# dropped, since enzyme-opt runs as its own step.
PLUGIN_WORDS = {"%loadClangEnzyme", "%newLoadClangEnzyme", "%loadEnzyme", "%newLoadEnzyme",
                "-flegacy-pass-manager", "-fexperimental-new-pass-manager",
                "-fno-experimental-new-pass-manager"}


# The words that load the plugin into clang (not into opt).
CLANG_PLUGIN_WORDS = {"%loadClangEnzyme", "%newLoadClangEnzyme"}


# The plugin's -mllvm options that enzyme-opt takes as its own (same name).
TOOL_OPTIONS = ("enzyme-truncate-all=",)


def parse_clang(words: list[str], tool_flags: list[str] | None = None
                ) -> tuple[list[str], list[str], bool]:
    """Split a clang command's words into (compile flags, link flags,
    -Xclang -verify given); options for enzyme-opt go to `tool_flags`."""
    cflags, ldflags, verify = [], [], False
    tool_flags = [] if tool_flags is None else tool_flags
    it = iter(words[1:])
    for w in it:
        if w in CLANG_PLUGIN_WORDS:
            # The plugin's attributes (enzyme_inactive, enzyme_function_like)
            # become annotations enzyme-opt reads, through our header.
            cflags += ["-include", str(OUR_INCLUDE_DIR / "enzyme" / "attributes.h")]
            continue
        if w in ("%s", "-S", "-emit-llvm", "-c") or w in PLUGIN_WORDS:
            continue
        if w == "-o":
            next(it, None)
        elif w == "%O0TBAA":
            cflags += ["-O1", "-Xclang", "-disable-llvm-passes"]
        elif w == "-Xclang":
            arg = next(it, "")
            if arg == "-verify":
                verify = True
            elif arg == "-load":
                next(it, None), next(it, None)  # -Xclang PLUGIN
            else:
                cflags += [w, arg]
        elif w == "-mllvm":
            arg = next(it, "")
            if arg.lstrip("-").startswith(TOOL_OPTIONS):
                tool_flags.append("--" + arg.lstrip("-"))
            elif not arg.lstrip("-").startswith("enzyme"):
                cflags += [w, arg]
        elif w.startswith(("-fpass-plugin=", "-Rpass")):
            continue
        elif w in ("-include", "-I", "-D", "-x"):
            cflags += [w, next(it, "")]
        elif w.startswith("-l") or w.startswith("-L"):
            ldflags.append(w)
        else:
            cflags.append(w)
    return cflags, ldflags, verify


def _needs_from_flags(cflags: list[str]) -> str | None:
    joined = " ".join(cflags)
    if "mpfr" in joined and not have_mpfr():
        return "needs MPFR"
    return None


def parse_run_line(command: str, source_text: str, cxx_source: bool,
                   llvm_version: int) -> RunSpec | None:
    """A RunSpec for one RUN command, or None if it builds no program.
    Raises NotApplicable when the line does not apply to this LLVM."""
    body, needs = strip_condition(command, llvm_version)
    stages = split_pipeline(body)
    if not stages or not _is_clang(stages[0][0]):
        return None
    first = stages[0]
    cxx = first[0] in ("%clang++", "%clangxx", "clang++") or (cxx_source and "-x" not in first)
    tool_flags: list[str] = []
    cflags, ldflags, verify = parse_clang(first, tool_flags)
    ran, filecheck, separate_ad = False, None, False
    for stage in stages[1:]:
        tool = stage[0]
        if tool == "%opt":
            separate_ad = True
        elif tool in ("%lli",) or tool.startswith("%s.") or tool.startswith("%t"):
            ran = True
        elif tool in ("FileCheck", "%FileCheck", "filecheck"):
            filecheck = tuple(stage[1:])
        elif _is_clang(tool):  # `| %clang -fopenmp -x ir - -o %s.out`
            more_c, more_l, _ = parse_clang(stage)
            ldflags += [f for f in more_c if f not in ("-x", "ir", "-") and f not in cflags]
            ldflags += more_l
    if verify:
        wants_error = "expected-error" in source_text
        mode = "verify-error" if wants_error else "verify-ok"
    else:
        mode = "run" if ran else "compile"
    return RunSpec(cxx=cxx, cflags=tuple(cflags), ldflags=tuple(ldflags), mode=mode,
                   filecheck=filecheck, needs=needs or _needs_from_flags(cflags),
                   tool_flags=tuple(tool_flags), reoptimize=not separate_ad)


# ---------------------------------------------------------------- running


@dataclass
class Outcome:
    cls: str
    reason: str = ""
    log: list[str] = field(default_factory=list)
    located: bool = True      # for "refused": did the error say line and column?


def first_error_line(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for pattern in (r"undefined reference", r"error", r"Assertion Failed|Assertion|MISMATCH",
                    r"Error|Traceback"):
        for ln in lines:
            if re.search(pattern, ln):
                if ln.startswith("Traceback"):
                    return lines[-1][:240]
                return ln[:240]
    return (lines[0] if lines else "(no output)")[:240]


def _compiler(version: str, cxx: bool) -> str:
    name = f"clang++-{version}" if cxx else f"clang-{version}"
    return shutil.which(name) or f"/usr/lib/llvm-{version}/bin/{'clang++' if cxx else 'clang'}"


def _filecheck() -> list[str] | None:
    for name in ("FileCheck-19", "FileCheck-14", "FileCheck", "filecheck"):
        path = shutil.which(name) or shutil.which(name, path="/usr/bin")
        if path:
            return [path]
    return None


def _run(cmd, log, timeout, **kw):
    log.append("$ " + " ".join(map(str, cmd)))
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        log.append(f"(timed out after {timeout}s)")
        return None
    log.append(f"exit {proc.returncode}\n--- stdout ---\n{proc.stdout[-8000:]}"
               f"\n--- stderr ---\n{proc.stderr[-8000:]}")
    return proc


def _tool_env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    return env


# enzyme-opt's warnings (`x.ll:3:5: warning: ...`), kept in the log under this
# mark whatever the outcome; the report lists them per run.
WARNING_RE = re.compile(r"^(\S+:(\d+:\d+:)? )?warning: ")
WARNING_MARK = "enzyme-opt said: "


def run_enzyme_opt(ll: Path, out: Path, log: list[str], flags=()) -> Outcome | None:
    """None when enzyme-opt succeeded, else how it failed."""
    proc = _run([sys.executable, "-m", "enzyme_opt", *flags, str(ll), "-o", str(out)], log,
                TOOL_TIMEOUT, cwd=REPO_ROOT, env=_tool_env())
    if proc is None:
        return Outcome("tool-crash", f"enzyme-opt timed out after {TOOL_TIMEOUT}s")
    log.extend(WARNING_MARK + ln for ln in proc.stderr.splitlines() if WARNING_RE.search(ln))
    if proc.returncode == 0 and out.exists():
        return None
    return tool_failure(proc.returncode, proc.stderr)


def tool_failure(returncode: int, err: str) -> Outcome:
    """How enzyme-opt failed, from its exit status and stderr."""
    crashed = "Traceback" in err or "internal error" in err
    if returncode == 1 and not crashed:
        located = [ln for ln in err.splitlines() if LOCATED_ERROR_RE.search(ln)]
        if located:
            return Outcome("refused", located[0].strip()[:240])
        if UNLOCATED_ERROR_RE.search(err):    # an error, but no line:column: a gap to fix
            return Outcome("refused", "(no location) " + first_error_line(err), located=False)
    return Outcome("tool-crash", f"enzyme-opt exit {returncode}: {first_error_line(err)}")


def run_program(exe: Path, spec: RunSpec, source: Path, log: list[str], cwd: Path) -> Outcome:
    # An MPI program run plainly is one rank (Open MPI's singleton); this
    # machine runs everything as root, which Open MPI refuses unless told.
    env = dict(os.environ, **MPI_ROOT_ENV) if uses_mpi(source) else None
    proc = _run([str(exe)], log, RUN_TIMEOUT, cwd=cwd, env=env)
    if proc is None:
        return Outcome("crash", f"the program ran past {RUN_TIMEOUT}s")
    output = proc.stdout + proc.stderr
    if proc.returncode != 0:
        own_check = "Assertion" in output or proc.returncode > 0
        if own_check:
            return Outcome("wrong", first_error_line(output) if output.strip()
                           else f"exit {proc.returncode}")
        return Outcome("crash", f"signal {-proc.returncode}: {first_error_line(output)}")
    if spec.filecheck is not None:
        fc = _filecheck()
        if fc is None:
            return Outcome("build-skip", "no FileCheck installed")
        args = [str(source) if a == "%s" else a for a in spec.filecheck]
        check = _run(fc + args, log, COMPILE_TIMEOUT, input=proc.stdout)
        if check is None or check.returncode != 0:
            return Outcome("wrong", "FileCheck: " + first_error_line(check.stderr if check else ""))
    return Outcome("pass")


def reproduce(source: Path, spec: RunSpec, clang: str, work: Path) -> Outcome:
    """Build, differentiate, link and run one RunSpec in the directory work."""
    log: list[str] = []
    if spec.needs:
        return Outcome("build-skip", spec.needs, log)
    cc = _compiler(clang, spec.cxx)
    # The reference's clang plugin puts its headers (enzyme/enzyme) on the
    # include path; ours stand in for them.
    include = ["-I", str(source_integration_dir(source)), "-I", str(OUR_INCLUDE_DIR)]
    # A program two levels down (ForwardMode/mpi/) includes "../test_utils.h":
    # it is found from the directory above its own.
    include += [f for d in group_dirs(source) for f in ("-I", str(d))]
    if uses_mpi(source):
        flags = mpi_flags()
        if flags is None:
            return Outcome("build-skip", "needs MPI (mpicc: make install)", log)
        include += flags[0]
        spec = replace(spec, ldflags=spec.ldflags + tuple(flags[1]))
    ll = work / "x.ll"
    proc = _run([cc, *include, *spec.cflags, "-S", "-emit-llvm", str(source), "-o", str(ll)],
                log, COMPILE_TIMEOUT)
    if proc is None or proc.returncode != 0:
        why = first_error_line(proc.stderr) if proc else "clang timed out"
        if proc is not None and spec.mode == "verify-error" and \
                rejected_as_expected(source, proc.stderr):
            return Outcome("pass", "", log)
        return Outcome("build-skip", why, log)
    outcome = differentiate_and_run(source, spec, cc, work, log)
    plugin_only = PLUGIN_ATTRIBUTE_RE.search(proc.stderr)
    if plugin_only and outcome.cls != "pass":
        # Only the reference's clang plugin knows this attribute: clang drops
        # it, and the program then asks for another derivative than it checks.
        return Outcome("build-skip", f"needs the clang plugin's attribute '{plugin_only[1]}' "
                       f"(without it: {outcome.cls}: {outcome.reason})", log)
    return outcome


def rejected_as_expected(source: Path, stderr: str) -> bool:
    """A program that must be rejected (-Xclang -verify) and that clang
    rejected through our C++ header, as the reference's header rejects it:
    as many located errors as the program expects (`expected-error`), each
    in the program or in our header."""
    errors = re.findall(r"^(\S+):\d+:\d+: error: ", stderr, re.MULTILINE)
    expected = source.read_text(errors="replace").count("expected-error")
    places = (str(source), str(OUR_INCLUDE_DIR))
    return bool(errors) and len(errors) == expected and \
        all(path.startswith(places) for path in errors)


def differentiate_and_run(source: Path, spec: RunSpec, cc: str, work: Path,
                          log: list[str]) -> Outcome:
    """Steps 2-4 of a reproduction: enzyme-opt, compile its output, run."""
    out_ll, exe = work / "y.ll", work / "prog"
    failed = run_enzyme_opt(work / "x.ll", out_ll, log, spec.tool_flags)
    if spec.mode == "verify-error":
        if failed is not None and failed.cls == "refused" and failed.located:
            return Outcome("pass", "", log)
        if failed is None:
            return Outcome("wrong", "accepted a program the reference rejects", log)
    if failed is not None:
        failed.log = log
        return failed
    target = ["-c", "-o", str(work / "prog.o")] if spec.mode != "run" else ["-o", str(exe)]
    libs = ["-lm"] + (["-lstdc++"] if spec.cxx else [])
    if any(f.startswith("-fopenmp") for f in spec.link_flags()):
        # LLVM 19's libomp (libomp-19-dev) serves clang-14's output too.
        libs += ["-L" + OPENMP_LIB, "-Wl,-rpath," + OPENMP_LIB]
    proc = _run([cc, *spec.output_flags(), str(out_ll), *target, *spec.ldflags, *libs],
                log, COMPILE_TIMEOUT)
    if proc is None or proc.returncode != 0:
        err = proc.stderr if proc else "timed out"
        if re.search(r"cannot find -l|unable to find library", err):
            return Outcome("build-skip", first_error_line(err), log)
        return Outcome("tool-crash", "output does not build: " + first_error_line(err), log)
    if spec.mode != "run":
        return Outcome("pass", "", log)
    outcome = run_program(exe, spec, source, log, work)
    outcome.log = log
    return outcome


MPI_INCLUDE_RE = re.compile(r"^\s*#\s*include\s*<mpi\.h>", re.MULTILINE)
MPI_ROOT_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}


def uses_mpi(source: Path) -> bool:
    return bool(MPI_INCLUDE_RE.search(source.read_text(errors="replace")))


_MPI_FLAGS: list = []


def mpi_flags() -> tuple[list[str], list[str]] | None:
    """(compile flags, link flags) of the installed MPI, as its mpicc
    wrapper reports them (Open MPI's -showme, MPICH's -show); None without one."""
    if not _MPI_FLAGS:
        _MPI_FLAGS.append(_ask_mpicc())
    return _MPI_FLAGS[0]


def _ask_mpicc() -> tuple[list[str], list[str]] | None:
    mpicc = shutil.which("mpicc")
    if mpicc is None:
        return None
    asked = [subprocess.run([mpicc, f"-showme:{part}"], capture_output=True, text=True)
             for part in ("compile", "link")]
    if all(p.returncode == 0 for p in asked):
        return shlex.split(asked[0].stdout), shlex.split(asked[1].stdout)
    words = shlex.split(subprocess.run([mpicc, "-show"], capture_output=True,
                                       text=True).stdout)[1:]
    return ([w for w in words if w.startswith(("-I", "-D"))],
            [w for w in words if w.startswith(("-L", "-l", "-Wl"))])


def group_dirs(source: Path) -> list[Path]:
    """The directories between the Integration directory and source's own,
    exclusive of both (ForwardMode for ForwardMode/mpi/x.c)."""
    top = source_integration_dir(source)
    return [d for d in source.parents if top in d.parents and d != source.parent]


def source_integration_dir(source: Path) -> Path:
    """The Integration directory above source (its test_utils.h lives there,
    and the reference's %clang passes it with -I)."""
    for parent in source.parents:
        if parent.name == "Integration":
            return parent
    return source.parent


# ---------------------------------------------------------------- widening

# The levels --widen runs each program at, most revealing first (so that a
# run cut short has sampled every level).
WIDE_LEVELS = (("-O2", "-ffast-math"), ("-O3", "-fno-inline"),
               ("-O0",), ("-O1",), ("-O2",), ("-O3",))
LEVEL_FLAG_RE = re.compile(r"^-(O\d?|Os|Oz|Ofast|ffast-math|fno-inline)$")


def split_level(cflags: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the flags without their optimization level, the level flags, sorted);
    %O0TBAA's `-Xclang -disable-llvm-passes` counts as level."""
    rest, level, it = [], [], iter(cflags)
    for flag in it:
        if flag == "-Xclang":
            arg = next(it, "")
            if arg == "-disable-llvm-passes":
                level += [flag, arg]
            else:
                rest += [flag, arg]
        elif LEVEL_FLAG_RE.match(flag):
            level.append(flag)
        else:
            rest.append(flag)
    return tuple(rest), tuple(sorted(level))


def widen_jobs(jobs: list["Job"], new_only: bool) -> list["Job"]:
    """Every running program at each of WIDE_LEVELS, its other flags taken
    from each distinct RUN line; a job's `covered` says whether a RUN line
    asks for it already."""
    asked = {(j.rel, replace(j.spec, cflags=split_level(j.spec.cflags)[0]),
              split_level(j.spec.cflags)[1]) for j in jobs}
    bases: dict[tuple, Job] = {}
    for job in jobs:
        if job.spec.mode != "run":
            continue
        rest = split_level(job.spec.cflags)[0]
        # Lines differing only in how AD is staged (plugin or opt) widen once.
        key = (job.rel, rest, job.spec.ldflags, job.spec.tool_flags, job.spec.filecheck)
        bases.setdefault(key, job)
    wide = []
    for level in WIDE_LEVELS:
        for job in bases.values():
            rest = split_level(job.spec.cflags)[0]
            spec = replace(job.spec, cflags=rest + level)
            covered = (job.rel, replace(job.spec, cflags=rest), tuple(sorted(level))) in asked
            if not (new_only and covered):
                wide.append(Job(job.source, job.rel, job.lines[:1], spec, job.theme, covered))
    return wide


# ---------------------------------------------------------------- driver


@dataclass
class Job:
    source: Path
    rel: str              # path below Integration
    lines: list[int]      # the RUN lines it stands for
    spec: RunSpec
    theme: str = ""       # its row in the issues' tables (theme_of)
    covered: bool = True  # does a RUN line ask for this run (--widen)?

    @property
    def folder(self) -> str:
        return self.rel.split("/", 1)[0]

    def label(self) -> str:
        flags = " ".join(f for f in self.spec.cflags + self.spec.tool_flags
                         if not f.startswith("-std"))
        return f"{self.rel}:{self.lines[0]} [{flags}]"


# The rows of the issues' tables: the programs of the API (issue 19's 64
# runs), the library themes (issue 20's 165) and the core C programs of the
# four mode folders (issue 19's 297).  A program's theme is read off its
# folder, its includes and calls; the first match wins.
API_FOLDERS = ("CppSugar", "ForwardError", "Sparse", "Truncate")
LIBRARY_THEMES = (
    ("OpenMP", re.compile(r"#\s*pragma\s+omp|<omp\.h>")),
    ("BLAS", re.compile(r"blas|\b[ds](?:gemm|gemv|dot|axpy|scal|nrm2)_?\s*\(")),
    ("odeint", re.compile(r"boost/numeric/odeint")),
    ("Eigen", re.compile(r"[<\/]Eigen/")),
    ("iostream", re.compile(r"<(?:iostream|sstream|fstream|string)>")),
    ("STL containers", re.compile(r"<(?:map|unordered_map|vector|set|list|deque)>")),
)
THEME_ORDER = ("core C (issue 19: 297 runs)", "API (issue 19: 64 runs)",
               *(name for name, _ in LIBRARY_THEMES))


def theme_of(rel: str, text: str, spec: "RunSpec") -> str:
    folder = rel.split("/", 1)[0]
    if folder in API_FOLDERS or "enzyme/enzyme" in text or spec.mode.startswith("verify"):
        return THEME_ORDER[1]
    for name, pattern in LIBRARY_THEMES:
        if pattern.search(text):
            return name
    return THEME_ORDER[0]


def collect_jobs(checkout: Path, llvm_version: int, name_filter: str | None):
    """The distinct reproductions of every RUN line, and per file the
    number of RUN lines that do not apply to this LLVM."""
    root = checkout / INTEGRATION
    if not root.is_dir():
        raise SystemExit(f"error: {root} does not exist "
                         f"(is {checkout} a checkout of the reference?)")
    sources = sorted(p for ext in ("c", "cpp") for p in root.rglob(f"*.{ext}"))
    jobs: dict[tuple, Job] = {}
    not_applicable = 0
    for source in sources:
        rel = source.relative_to(root).as_posix()
        if name_filter and name_filter not in rel:
            continue
        text = source.read_text(encoding="utf-8", errors="replace")
        for lineno, command in run_lines(text):
            try:
                spec = parse_run_line(command, text, source.suffix == ".cpp", llvm_version)
            except NotApplicable:
                not_applicable += 1
                continue
            if spec is None:
                continue
            key = (rel, spec)
            if key in jobs:
                jobs[key].lines.append(lineno)
            else:
                jobs[key] = Job(source, rel, [lineno], spec, theme_of(rel, text, spec))
    return list(jobs.values()), not_applicable


def keep_log(out_dir: Path, job: Job, outcome: Outcome, work: Path):
    # Widened runs of one line differ in their level only.
    level = "".join(split_level(job.spec.cflags)[1])
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{job.rel}_{job.lines[0]}{level}")
    dest = out_dir / name
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(work, dest)
    (dest / "log.txt").write_text(f"{outcome.cls}: {outcome.reason}\nRUN lines {job.lines}\n\n"
                                  + "\n".join(outcome.log) + "\n")


def execute(job: Job, clang: str, out_dir: Path | None) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="refsuite-") as tmp:
        try:
            outcome = reproduce(job.source, job.spec, clang, Path(tmp))
        except Exception as e:  # a bug of this script must not hide the rest
            outcome = Outcome("tool-crash", f"run_reference_suite: {type(e).__name__}: {e}")
        if out_dir is not None and outcome.cls not in ("pass", "build-skip"):
            keep_log(out_dir, job, outcome, Path(tmp))
    return outcome


def theme_table(results) -> list[str]:
    """Per theme of the issues' tables: passing runs of the runs that build
    here (build-skips are listed apart: they say what this machine lacks)."""
    per_theme: dict[str, Counter] = defaultdict(Counter)
    for job, outcome in results:
        per_theme[job.theme or THEME_ORDER[0]][outcome.cls] += 1
    lines = ["| theme | pass | of runs that build | build-skip |", "|---|---|---|---|"]
    for theme in THEME_ORDER:
        c = per_theme.get(theme)
        if c:
            built = sum(c.values()) - c["build-skip"]
            lines.append(f"| {theme} | {c['pass']} | {built} | {c['build-skip']} |")
    return lines


def report(results: list[tuple[Job, Outcome]], not_applicable: int, clang: str) -> str:
    per_folder: dict[str, Counter] = defaultdict(Counter)
    for job, outcome in results:
        per_folder[job.folder][outcome.cls] += 1
    header = ["folder", *CLASSES, "runs"]
    rows = []
    total = Counter()
    for folder in sorted(per_folder):
        c = per_folder[folder]
        total.update(c)
        rows.append([folder, *(str(c[k]) for k in CLASSES), str(sum(c.values()))])
    rows.append(["total", *(str(total[k]) for k in CLASSES), str(sum(total.values()))])
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    fmt = lambda r: "| " + " | ".join(x.ljust(w) for x, w in zip(r, widths)) + " |"
    lines = [f"clang {clang}: {len(results)} distinct runs "
             f"({sum(len(j.lines) for j, _ in results)} RUN lines; "
             f"{not_applicable} RUN lines not applicable to LLVM {clang})", "",
             fmt(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    lines += [fmt(r) for r in rows]
    lines += ["", *theme_table(results)]
    warned = [(j, ln[len(WARNING_MARK):]) for j, o in results for ln in o.log
              if ln.startswith(WARNING_MARK)]
    if warned:
        lines += ["", f"Warnings of enzyme-opt ({len({j.label() for j, _ in warned})} runs):"]
        lines += [f"- {job.label()}: {text[:240]}" for job, text in warned]
    failures = [(j, o) for j, o in results if o.cls != "pass"]
    if failures:
        lines += ["", "Not passing:"]
        for job, outcome in sorted(failures, key=lambda jo: (jo[1].cls, jo[0].rel, jo[0].lines)):
            lines.append(f"- {outcome.cls}: {job.label()}: {outcome.reason}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkout", type=Path, help="checkout of the reference Enzyme project")
    ap.add_argument("--clang", default="19", choices=("19", "16", "15", "14"))
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--filter", help="only programs whose path contains this")
    ap.add_argument("--out", type=Path, help="keep the files and log of each failing run here")
    ap.add_argument("--widen", action="store_true",
                    help="run every program at each level of WIDE_LEVELS")
    ap.add_argument("--new-only", action="store_true",
                    help="with --widen: only the runs no RUN line asks for")
    args = ap.parse_args(argv)

    jobs, not_applicable = collect_jobs(args.checkout, int(args.clang), args.filter)
    if args.widen:
        jobs = widen_jobs(jobs, args.new_only)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    results = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [(job, pool.submit(execute, job, args.clang, args.out)) for job in jobs]
        for job, fut in futures:
            outcome = fut.result()
            results.append((job, outcome))
            new = "" if job.covered else "new "
            print(f"{outcome.cls:10} {new}{job.label()} {outcome.reason}", file=sys.stderr,
                  flush=True)
    if not args.widen:
        print(report(results, not_applicable, args.clang))
        return 0
    for title, covered in (("Runs RUN lines ask for", True), ("Runs no RUN line asks for", False)):
        part = [(j, o) for j, o in results if j.covered == covered]
        if part:
            print(f"## {title}\n\n{report(part, not_applicable, args.clang)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
