"""Truncation outside the e2e programs.  `enzyme-opt --enzyme-truncate-all=
FROMtoTO` computes every operation of the module at a lower precision:
double to float runs natively, so the program's result must be what float
arithmetic gives (computed here with struct's float rounding), and
specifications it cannot serve are refused.  Memory mode refuses memory
holding plain floats where the truncated code reads it."""
from __future__ import annotations

import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

PROGRAM = """\
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) double combine(double a, double b, double c) {
  return (a * b + c) / b;
}
int main(int argc, char **argv) {
  double a = atof(argv[1]), b = atof(argv[2]), c = atof(argv[3]);
  printf("%.17g\\n", combine(a, b, c));
  return 0;
}
"""


def _f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def _tool(*args):
    return subprocess.run([sys.executable, "-m", "enzyme_opt", *map(str, args)],
                          capture_output=True, text=True, cwd=REPO_ROOT)


@pytest.mark.parametrize("version", ["19", "14"])
@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_truncate_all_to_float_computes_in_float(version, opt, tmp_path):
    clang = shutil.which(f"clang-{version}")
    if clang is None:
        pytest.skip(f"clang-{version} is not installed")
    src, ll, out, exe = (tmp_path / n for n in ("p.c", "p.ll", "q.ll", "p"))
    src.write_text(PROGRAM)
    subprocess.run([clang, opt, "-ffp-contract=off", "-S", "-emit-llvm", src, "-o", ll],
                   check=True)
    proc = _tool("--enzyme-truncate-all=64to32", ll, "-o", out)
    assert proc.returncode == 0, proc.stderr
    subprocess.run([clang, opt, out, "-o", exe, "-lm"], check=True)
    a, b, c = 2 / 3, 1 / 7, 0.1
    got = float(subprocess.run([exe, repr(a), repr(b), repr(c)], capture_output=True,
                               text=True, check=True).stdout)
    fa, fb, fc = _f32(a), _f32(b), _f32(c)
    assert got == _f32(_f32(_f32(fa * fb) + fc) / fb)
    assert got != (a * b + c) / b


@pytest.mark.parametrize("spec,message", [
    ("64to7", "no 7-bit floating-point format to truncate to"),
    ("64-32", "cannot read '64-32'"),
    ("11-52to3-7", "needs the floating-point runtime, which this module does not define"),
    ("32to64", "is not narrower than the 32-bit one"),
])
def test_truncate_all_refuses_what_it_cannot_serve(spec, message, tmp_path):
    clang = shutil.which("clang-19")
    if clang is None:
        pytest.skip("clang-19 is not installed")
    src, ll = tmp_path / "p.c", tmp_path / "p.ll"
    src.write_text(PROGRAM)
    subprocess.run([clang, "-O1", "-S", "-emit-llvm", src, "-o", ll], check=True)
    proc = _tool(f"--enzyme-truncate-all={spec}", ll, "-o", tmp_path / "q.ll")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert message in proc.stderr, proc.stderr
    assert not (tmp_path / "q.ll").exists()


MEMORY_MODE = """\
#include <enzyme/fprt/mpfr.h>
typedef double (*fn1)(double);
fn1 __enzyme_truncate_mem_func(void *, ...);
static const double table[3] = {0.5, 0.25, 0.125};
double from_table(double x) {
  return x * table[(int)x % 3]; // TABLE
}
double zeroed(double x) {
  double acc[4] = {0}; // MEMSET
  for (int i = 0; i < 4; i++) acc[i] = acc[i] + x;
  return acc[3];
}
double use(double x, int which) {
  return __enzyme_truncate_mem_func(which ? (void *)from_table : (void *)zeroed, 64, 32)(x);
}
"""


@pytest.mark.parametrize("which,marker,message", [
    ("from_table", "TABLE", "memory mode reads the global"),
    ("zeroed", "MEMSET", "in memory mode: the bytes it writes are no runtime values"),
])
def test_memory_mode_refuses_plain_floats_in_memory(which, marker, message, tmp_path):
    """Memory mode reads every double as a handle: data that never was one
    (a global table, memory a memset zeroed) is refused where it is read or
    written, at -O0 (where clang copies or zeroes local arrays)."""
    clang = shutil.which("clang-19")
    if clang is None:
        pytest.skip("clang-19 is not installed")
    text = MEMORY_MODE.replace("which ? (void *)from_table : (void *)zeroed",
                               f"(void *){which}")
    src, ll = tmp_path / "m.c", tmp_path / "m.ll"
    src.write_text(text)
    include = _tool("--print-include-dir").stdout.strip()
    subprocess.run([clang, "-O0", "-g", "-I", include, "-S", "-emit-llvm", src, "-o", ll],
                   check=True)
    proc = _tool(ll, "-o", tmp_path / "q.ll")
    line = next(n for n, l in enumerate(text.splitlines(), 1) if f"// {marker}" in l)
    assert proc.returncode == 1, proc.stderr
    first = proc.stderr.splitlines()[0]
    assert first.startswith(f"{src}:{line}:") and message in first, proc.stderr
