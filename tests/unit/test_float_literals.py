"""Literals of the float formats LLVM only reads in hex (half, bfloat,
x86_fp80, fp128, ppc_fp128) must denote the number we meant: LLVM folds
their conversion to double, which must give the value back (exactly for the
wide formats, to the format's precision for the narrow ones)."""
from __future__ import annotations

import math
import re
import struct
import subprocess
from pathlib import Path

import pytest

from enzyme_opt.ir.constants import format_float
from enzyme_opt.ir.types import FloatType

OPT = Path("/usr/lib/llvm-19/bin/opt")
VALUES = (1.0, -2.5, 0.1, 3.0e300, -1e-310, 123.456, 0.0, float("inf"))
NARROW = {"half": "<e", "bfloat": None}


def _folded(kind: str) -> list:
    cast = "fpext" if kind in NARROW else "fptrunc"
    text = "".join(f"define double @f{i}() {{\n  %a = {cast} {kind} "
                   f"{format_float(FloatType(kind), v)} to double\n  ret double %a\n}}\n"
                   for i, v in enumerate(VALUES))
    out = subprocess.run([str(OPT), "-O1", "-S"], input=text, capture_output=True, text=True,
                         check=True).stdout
    results = []
    for literal in re.findall(r"ret double (\S+)", out):
        if literal.startswith("0x"):
            results.append(struct.unpack("<d", struct.pack("<Q", int(literal[2:], 16)))[0])
        else:
            results.append(float(literal))
    return results


def _narrowed(kind: str, value: float) -> float:
    """`value` in the format, where the standard library can say it exactly."""
    if kind == "half":
        try:
            return struct.unpack("<e", struct.pack("<e", value))[0]
        except OverflowError:
            return math.copysign(math.inf, value)
    if kind == "bfloat" and abs(value) > 3.4e38:
        return math.copysign(math.inf, value)
    if kind == "bfloat" and abs(value) < 1e-40:
        return math.copysign(0.0, value)
    return value


@pytest.mark.skipif(not OPT.exists(), reason="opt-19 is not installed")
@pytest.mark.parametrize("kind", ["x86_fp80", "fp128", "ppc_fp128", "half", "bfloat"])
def test_hex_literal_means_its_value(kind):
    for value, got in zip(VALUES, _folded(kind)):
        want = _narrowed(kind, value)
        if kind == "bfloat" and math.isfinite(want):
            assert abs(got - want) <= abs(want) * 2**-8, (kind, value, got)   # 8-bit significand
        else:
            assert got == want, (kind, value, got)
