"""End-to-end tests in other languages: Rust (`tests/e2e/rust/*.rs`) and
Fortran (`tests/e2e/fortran/*.f90`) programs calling the C API through
`extern "C"` and `bind(c)`.  For each optimisation level of ENZYME_E2E_OPTS:

Rust (Debian's rustc, whose LLVM writes typed-pointer IR; ENZYME_E2E_RUSTC
overrides the path):
    rustc -C opt-level=N --emit=llvm-ir prog.rs -o prog.ll
    python3 -m enzyme_opt prog.ll -o out.ll
    clang-V -ON out.ll -o prog -lm -L$SYSROOT/lib/rustlib/$HOST/lib -l:libstd-*.so
        (V: the LLVM major version rustc reports; its std as a shared library)
Fortran (flang-new-19):
    flang-new-19 -ON -S -emit-llvm prog.f90 -o prog.ll
    python3 -m enzyme_opt prog.ll -o out.ll
    flang-new-19 -ON out.ll -o prog
(a line `! FFLAGS: <flags>` adds flags to both flang steps; with -fopenmp,
the Fortran programs of tests/e2e/openmp/ among them, the program runs with
OMP_NUM_THREADS=1, 2 and 3) and then ./prog must exit 0.  A compiler that is missing skips its programs
with the reason (`make install` installs both).  A line `// XFAIL: -O0
<reason>` (`! XFAIL: ...` in Fortran) expects the levels listed to fail.
"""
from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_e2e import (COMPILE_TIMEOUT, OPENMP_THREADS, OPTS, REPO_ROOT, RUN_TIMEOUT,
                      TOOL_TIMEOUT, _leftover_enzyme_refs, _require_success, _run, _tool_env)

E2E_DIR = Path(__file__).resolve().parent
FFLAGS_RE = re.compile(r"^\s*!\s*FFLAGS:\s*(.*?)\s*$", re.MULTILINE)
XFAIL_RE = re.compile(r"^\s*(?://|!)\s*XFAIL:\s*((?:-O\d\s*)+)(.*?)\s*$", re.MULTILINE)
RUSTC = os.environ.get("ENZYME_E2E_RUSTC", "/usr/bin/rustc")
FLANG = shutil.which("flang-new-19") or "/usr/lib/llvm-19/bin/flang-new"


def _params(pattern: str):
    for prog in sorted(E2E_DIR.glob(pattern)):
        m = XFAIL_RE.search(prog.read_text(encoding="utf-8", errors="replace"))
        failing = m.group(1).split() if m else []
        for opt in OPTS:
            marks = [pytest.mark.xfail(strict=True, reason=m.group(2))] if opt in failing else []
            yield pytest.param(prog, opt, id=f"{prog.relative_to(E2E_DIR).as_posix()}{opt}",
                               marks=marks)


def _rust_toolchain():
    """(clang for rustc's LLVM, directory of its std shared library, that library)."""
    if not os.path.exists(RUSTC):
        pytest.skip(f"{RUSTC} is not installed (make install installs Debian's rustc)")
    info = subprocess.run([RUSTC, "-vV"], capture_output=True, text=True).stdout
    llvm = re.search(r"^LLVM version: (\d+)", info, re.MULTILINE)
    host = re.search(r"^host: (\S+)", info, re.MULTILINE)
    clang = shutil.which(f"clang-{llvm.group(1)}") if llvm else None
    if clang is None or host is None:
        pytest.skip(f"no clang for the LLVM of {RUSTC}:\n{info}")
    sysroot = subprocess.run([RUSTC, "--print", "sysroot"], capture_output=True,
                             text=True).stdout.strip()
    libdir = os.path.join(sysroot, "lib", "rustlib", host.group(1), "lib")
    std = glob.glob(os.path.join(libdir, "libstd-*.so"))
    if not std:
        pytest.skip(f"{RUSTC} has no shared std library in {libdir}")
    return clang, libdir, os.path.basename(std[0])


def _differentiate(ll: Path, out_ll: Path):
    cmd = [sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out_ll)]
    _require_success("enzyme-opt", cmd, _run(cmd, "enzyme-opt", TOOL_TIMEOUT, cwd=REPO_ROOT,
                                             env=_tool_env()))
    leftovers = _leftover_enzyme_refs(out_ll.read_text())
    if leftovers:
        pytest.fail("Enzyme API references left in the output:\n" + "\n".join(leftovers[:20]),
                    pytrace=False)


def _compile_and_run(what, steps, exe: Path, tmp_path: Path, threads=(None,)):
    for name, cmd in steps:
        if cmd is None:
            name()
            continue
        _require_success(name, cmd, _run(cmd, name, COMPILE_TIMEOUT))
    cmd = [str(exe)]
    for n in threads:
        env = dict(os.environ, OMP_NUM_THREADS=n) if n else None
        _require_success(what + (f" OMP_NUM_THREADS={n}" if n else ""), cmd,
                         _run(cmd, "the program", RUN_TIMEOUT, cwd=tmp_path, env=env))


@pytest.mark.parametrize("prog,opt", list(_params("rust/*.rs")))
def test_rust(prog: Path, opt: str, tmp_path: Path):
    clang, libdir, std = _rust_toolchain()
    ll, out_ll, exe = (tmp_path / (prog.stem + s) for s in (".ll", ".out.ll", ""))
    level = opt.lstrip("-O")
    _compile_and_run(f"the program {prog.name} (opt-level={level})", [
        ("rustc --emit=llvm-ir", [RUSTC, "-C", f"opt-level={level}", "--emit=llvm-ir",
                                  "-o", str(ll), str(prog)]),
        (lambda: _differentiate(ll, out_ll), None),
        ("linking the output with Rust's std", [
            clang, opt, "-Wno-override-module", str(out_ll), "-o", str(exe), "-lm",
            f"-L{libdir}", f"-l:{std}", f"-Wl,-rpath,{libdir}"]),
    ], exe, tmp_path)


@pytest.mark.parametrize("prog,opt", list(_params("fortran/*.f90")) +
                         list(_params("openmp/*.f90")))
def test_fortran(prog: Path, opt: str, tmp_path: Path):
    """A `! FFLAGS:` line adds flags to both flang steps; with -fopenmp the
    program runs with OMP_NUM_THREADS=1, 2 and 3."""
    if not os.path.exists(FLANG):
        pytest.skip("flang-new-19 is not installed (make install installs flang-19)")
    ll, out_ll, exe = (tmp_path / (prog.stem + s) for s in (".ll", ".out.ll", ""))
    flags = FFLAGS_RE.search(prog.read_text(encoding="utf-8", errors="replace"))
    flags = flags.group(1).split() if flags else []
    _compile_and_run(f"the program {prog.name} ({opt})", [
        ("flang -emit-llvm", [FLANG, opt, *flags, "-module-dir", str(tmp_path), "-S",
                              "-emit-llvm", str(prog), "-o", str(ll)]),
        (lambda: _differentiate(ll, out_ll), None),
        ("linking the output with flang", [FLANG, opt, *flags, str(out_ll), "-o", str(exe)]),
    ], exe, tmp_path, OPENMP_THREADS if "-fopenmp" in flags else (None,))


_CALLER = """
program main
  use iso_c_binding
  use model
  implicit none
  interface
    real(c_double) function autodiff(f, x, dx) bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_double
      type(c_funptr), value :: f
      real(c_double) :: x(*), dx(*)
    end function
  end interface
  real(c_double) :: x(9), dx(9), s
  x = 1
  dx = 0
  s = autodiff(c_funloc(f), x, dx)
end program
"""

# A runtime call the AD has no rule for, in a function `f(x)`, and what the
# refusal must say: the runtime's assignment to a pointer array (here of
# matmul's result; matmul itself is written out), reshape, the end of a local
# derived-type variable with an allocatable component, and a reduction with a
# mask (the whole-array forms are written out as loops).
_REFUSED_RUNTIME = {
    "matmul": ("""\
    real(c_double), intent(in) :: x(3, 3)
    real(c_double), pointer :: y(:, :)
    allocate(y(3, 3))
    y = matmul(x, x)
    s = y(1, 1)
""", r"'_FortranA(MatmulReal8Real8|Assign)' \(no derivative rule yet\), which implements "
     r"(matmul|an array assignment)"),
    "reshape": ("""\
    real(c_double), intent(in) :: x(9)
    real(c_double) :: m(3, 3)
    m = reshape(x, [3, 3])
    s = m(2, 3) * m(1, 1)
""", r"'_FortranAReshape' \(no derivative rule yet\), which implements reshape"),
    "derived-type-allocatable": ("""\
    real(c_double), intent(in) :: x(9)
    type :: work
      real(c_double), allocatable :: r(:)
    end type
    type(work) :: w
    w%r = x * x
    s = sum(w%r)
""", r"'_FortranADestroy' \(no derivative rule yet\), which implements the deallocation of "
     r"a local derived-type variable's allocatable components"),
    "masked-maxval": ("""\
    real(c_double), intent(in) :: x(9)
    s = maxval(x, mask=x < 0.5d0)
""", r"'_FortranAMaxvalReal8' \(no derivative rule yet\), which implements maxval with "
     r"dim= or mask="),
}


@pytest.mark.parametrize("opt", OPTS)
@pytest.mark.parametrize("case", sorted(_REFUSED_RUNTIME))
def test_fortran_runtime_call_without_rule_is_refused_at_its_line(case: str, opt: str,
                                                                    tmp_path: Path):
    """A located error naming the runtime function and the Fortran it
    implements, never a gradient without it."""
    if not os.path.exists(FLANG):
        pytest.skip("flang-new-19 is not installed (make install installs flang-19)")
    body, message = _REFUSED_RUNTIME[case]
    src, ll = tmp_path / f"{case}.f90", tmp_path / f"{case}.ll"
    src.write_text("module model\n  use iso_c_binding\n  implicit none\ncontains\n"
                   "  function f(x) bind(c) result(s)\n    real(c_double) :: s\n" + body +
                   "  end function\nend module\n" + _CALLER)
    cmd = [FLANG, opt, "-module-dir", str(tmp_path), "-S", "-emit-llvm", str(src), "-o", str(ll)]
    _require_success("flang -emit-llvm", cmd, _run(cmd, "flang", COMPILE_TIMEOUT))
    cmd = [sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(tmp_path / "out.ll")]
    proc = _run(cmd, "enzyme-opt", TOOL_TIMEOUT, cwd=REPO_ROOT, env=_tool_env())
    assert proc.returncode != 0, proc.stdout
    assert re.search(rf"{case}\.ll:\d+:\d+: error: cannot differentiate call to " + message,
                     proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr


_RUST_NEXT_UP = """\
extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    fn __enzyme_autodiff(f: extern "C" fn(*const f64, usize) -> f64, ...) -> f64;
}
extern "C" fn next_up(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let a = f64::from_bits(x[0].to_bits() + 1);
    a * a
}
fn main() {
    let x = [0.4, 1.3];
    let mut dx = [0.0; 2];
    unsafe { __enzyme_autodiff(next_up, enzyme_dup, x.as_ptr(), dx.as_mut_ptr(), enzyme_const, 2usize); }
    println!("{}", dx[0]);
}
"""


@pytest.mark.parametrize("opt", OPTS)
def test_rust_arithmetic_on_float_bits_is_refused_at_its_line(opt: str, tmp_path: Path):
    """`f64::from_bits(x.to_bits() + 1)`: integer arithmetic on an active
    f64's bits.  At opt-level=0 the `+` is llvm.uadd.with.overflow (checked
    arithmetic): its derivative was 0 with exit status 0; a located refusal
    at every level."""
    _rust_toolchain()
    src, ll = tmp_path / "next_up.rs", tmp_path / "next_up.ll"
    src.write_text(_RUST_NEXT_UP)
    cmd = [RUSTC, "-C", f"opt-level={opt.lstrip('-O')}", "--emit=llvm-ir", "-o", str(ll), str(src)]
    _require_success("rustc --emit=llvm-ir", cmd, _run(cmd, "rustc", COMPILE_TIMEOUT))
    cmd = [sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(tmp_path / "out.ll")]
    proc = _run(cmd, "enzyme-opt", TOOL_TIMEOUT, cwd=REPO_ROOT, env=_tool_env())
    assert proc.returncode != 0, proc.stdout
    assert re.search(r"next_up\.ll:\d+:\d+: error: cannot differentiate integer "
                     r"'(add|llvm\.uadd\.with\.overflow\.i64)' on the bits of the active double",
                     proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr
