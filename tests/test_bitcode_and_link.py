"""Bitcode in and out, and several inputs linked into one module, for clang 14 and 19.

Each case builds a two-file program whose gradient crosses the files, runs
enzyme-opt as a build would, compiles the result with the clang that made
the input, and runs it: the program checks its own derivative.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
CLANGS = ["14", "19"]

MAIN_C = r"""
#include <math.h>
double helper(double x);
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double f(double x) { return helper(x) * sin(x); }
int main(void) {
  double x = 0.7, want = 3 * x * x * sin(x) + x * x * x * cos(x);
  double r = __enzyme_autodiff((void *)f, x), t = __enzyme_fwddiff((void *)f, x, 1.0);
  return !(fabs(r - want) < 1e-12 && fabs(t - want) < 1e-12);
}
"""
HELPER_C = "double helper(double x) { return x * x * x; }\n"


def _tool(*args):
    return subprocess.run([sys.executable, "-m", "enzyme_opt", *map(str, args)],
                          capture_output=True, cwd=REPO_ROOT, timeout=600)


def _emit(tmp_path, clang, name, source, kind):
    c = tmp_path / f"{name}.c"
    c.write_text(source)
    out = tmp_path / f"{name}{clang}.{'bc' if kind == 'bc' else 'll'}"
    flag = "-c" if kind == "bc" else "-S"
    subprocess.run([f"clang-{clang}", "-O1", flag, "-emit-llvm", str(c), "-o", str(out)],
                   check=True, capture_output=True)
    return out


def _compile_and_run(tmp_path, clang, module):
    exe = tmp_path / f"prog{clang}"
    subprocess.run([f"clang-{clang}", "-x", "ir", str(module), "-x", "none", "-o", str(exe),
                    "-lm"], check=True, capture_output=True)
    return subprocess.run([str(exe)], timeout=60).returncode


@pytest.mark.parametrize("clang", CLANGS)
@pytest.mark.parametrize("kinds", [("bc", "ll"), ("ll", "bc"), ("bc", "bc"), ("ll", "ll")])
def test_two_files_linked_then_differentiated(tmp_path, clang, kinds):
    main = _emit(tmp_path, clang, "main", MAIN_C, kinds[0])
    helper = _emit(tmp_path, clang, "helper", HELPER_C, kinds[1])
    out = tmp_path / "out.ll"
    proc = _tool(main, helper, "-o", out)
    assert proc.returncode == 0, proc.stderr.decode()
    assert _compile_and_run(tmp_path, clang, out) == 0


@pytest.mark.parametrize("clang", CLANGS)
def test_bitcode_out_compiles_with_the_inputs_clang(tmp_path, clang):
    main = _emit(tmp_path, clang, "main", MAIN_C + HELPER_C, "bc")
    for args in (["-o", tmp_path / "out.bc"], ["--bitcode", "-o", tmp_path / "out.bin"]):
        proc = _tool(main, *args)
        assert proc.returncode == 0, proc.stderr.decode()
        written = Path(args[-1]).read_bytes()
        assert written[:4] == b"BC\xc0\xde"
        assert _compile_and_run(tmp_path, clang, args[-1]) == 0
    proc = _tool(main, "-S", "-o", tmp_path / "text.bc")
    text = (tmp_path / "text.bc").read_bytes()
    assert proc.returncode == 0 and text[:4] != b"BC\xc0\xde" and b"define " in text


@pytest.mark.parametrize("clang", CLANGS)
def test_a_missing_body_says_how_to_give_it(tmp_path, clang):
    main = _emit(tmp_path, clang, "main", MAIN_C, "bc")
    proc = _tool(main, "-o", tmp_path / "out.ll")
    err = proc.stderr.decode()
    assert proc.returncode == 1 and "pass that file too" in err, err
    # The quoted line is the disassembled IR, not bytes of the bitcode file.
    assert "call double @helper(" in err and "\ufffd" not in err
    assert not (tmp_path / "out.ll").exists()


def test_inputs_of_different_llvm_versions_are_refused(tmp_path):
    main = _emit(tmp_path, "14", "main", MAIN_C, "bc")
    helper = _emit(tmp_path, "19", "helper", HELPER_C, "bc")
    proc = _tool(main, helper, "-o", tmp_path / "out.ll")
    err = proc.stderr.decode()
    assert proc.returncode == 1 and "different LLVM versions (14, 19)" in err, err
