"""The facts of each float format (ir/types.py: FLOAT_FORMATS) are LLVM's
and the C library's: the intrinsic suffix is the one LLVM gives an
overloaded intrinsic of that type (its reader renames a misnamed one, so
opt prints the name back unchanged only when it was right), the largest
exponent that of the format as numpy knows it (where it has the format),
the libm suffix C's."""
from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from enzyme_opt.ad.rules import libm_name
from enzyme_opt.ir.types import FLOAT_FORMATS, FloatType, type_suffix

OPT = Path("/usr/lib/llvm-19/bin/opt")


def _fabs_named(kind: str, suffix: str) -> str:
    """The name opt gives a fabs of `kind` declared as llvm.fabs.<suffix>."""
    name = f"llvm.fabs.{suffix}"
    text = (f"declare {kind} @{name}({kind})\n"
            f"define {kind} @f({kind} %x) {{\n  %y = call {kind} @{name}({kind} %x)\n"
            f"  ret {kind} %y\n}}\n")
    out = subprocess.run([str(OPT), "-S"], input=text, capture_output=True, text=True,
                         check=True).stdout
    return next(line.split("@")[1].split("(")[0] for line in out.splitlines()
                if line.startswith("declare"))


@pytest.mark.parametrize("kind", sorted(FLOAT_FORMATS))
def test_intrinsic_suffix_is_llvms(kind):
    suffix = type_suffix(FloatType(kind))
    assert _fabs_named(kind, suffix) == f"llvm.fabs.{suffix}"


def test_wrong_suffix_is_renamed():
    # The check above can fail: a double fabs named for float is renamed.
    assert _fabs_named("double", "f32") == "llvm.fabs.f64"


def test_largest_exponents():
    known = {"half": np.float16, "float": np.float32, "double": np.float64}
    if np.finfo(np.longdouble).nmant == 63:          # x86's 80-bit long double
        known["x86_fp80"] = np.longdouble
    for kind, numpy_type in known.items():
        assert FLOAT_FORMATS[kind].max_exponent == np.finfo(numpy_type).maxexp - 1, kind
    # bfloat has float's exponent; IEEE quad x86_fp80's; double-double double's.
    assert FLOAT_FORMATS["bfloat"].max_exponent == FLOAT_FORMATS["float"].max_exponent
    assert FLOAT_FORMATS["fp128"].max_exponent == 16383
    assert FLOAT_FORMATS["ppc_fp128"].max_exponent == FLOAT_FORMATS["double"].max_exponent


def test_libm_names():
    assert [libm_name("sin", FloatType(k)) for k in ("float", "double", "x86_fp80", "fp128")] == \
        ["sinf", "sin", "sinl", "sinl"]


def test_bits():
    assert {k: FloatType(k).bits for k in FLOAT_FORMATS} == {
        "half": 16, "bfloat": 16, "float": 32, "double": 64, "x86_fp80": 80, "fp128": 128,
        "ppc_fp128": 128}
