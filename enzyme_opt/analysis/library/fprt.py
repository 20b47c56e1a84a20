"""The floating-point runtime that truncated code calls (Enzyme's "FPRT").

A function truncated to a narrower floating-point format (ad/truncate.py)
either computes natively in a narrower IEEE type, or calls a runtime for
each operation.  The runtime is C code the program includes (Enzyme's
`enzyme/fprt/mpfr.h`, or ours under enzyme_opt/include), so its functions
are defined in the module; they are found by name:

    __enzyme_fprt_<from>_<kind>_<op>(operands..., i64 exponent, i64 significand, i64 mode)

where <from> names the format the program computes in (`64_52` for double:
total width, then significand width), <kind>_<op> the operation
(`binop_fadd`, `fcmp_olt`, `intr_llvm_sqrt_f64`, `func_sqrt`), exponent and
significand the widths of the target format, and mode how values are held
(MODE_*).  Besides operations: `new` and `get` (a value into and out of the
runtime's representation, for memory mode) and `const` (a literal).
"""
from __future__ import annotations

from typing import Optional

PREFIX = "__enzyme_fprt_"

# How truncated code holds its values (the runtime reads the mode argument):
# op: ordinary floats, each operation rounds its result to the target format;
# mem: each float of the source format holds a pointer to a runtime object of
# the target format; full module: op mode applied to every function in place.
MODE_MEM = 0b0001
MODE_OP = 0b0010
MODE_OP_FULL_MODULE = 0b0110

# (exponent bits, significand bits) of the IEEE formats LLVM computes in.
IEEE_FORMATS = {16: (5, 10), 32: (8, 23), 64: (11, 52)}
LLVM_TYPE_OF_WIDTH = {16: "half", 32: "float", 64: "double"}

# Math functions the runtimes compute (MPFR has each of them).  Calls of
# other math functions in truncated code are refused.
RUNTIME_MATH = frozenset((
    "sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos",
    "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "pow",
    "atan2", "hypot", "fmod", "remainder", "fdim", "fabs", "copysign", "minnum", "maxnum",
    "fmin", "fmax", "floor", "ceil", "trunc", "round", "fma", "fmuladd", "powi", "erf", "erfc",
    "tgamma", "lgamma"))


def format_name(width: int, significand: int) -> str:
    """`64_52`: how runtime function names spell a format."""
    return f"{width}_{significand}"


def runtime_name(source_width: int, op: str) -> str:
    """The runtime function for `op` (`binop_fadd`, `new`, ...) on values of
    the IEEE format `source_width` bits wide."""
    return f"{PREFIX}{format_name(source_width, IEEE_FORMATS[source_width][1])}_{op}"


def binop_name(opcode: str) -> str:
    return f"binop_{opcode}"


def fcmp_name(predicate: str) -> str:
    return f"fcmp_{predicate}"


def call_name(callee_name: str) -> str:
    """`llvm.sqrt.f64` -> `intr_llvm_sqrt_f64`; `sqrt` -> `func_sqrt`."""
    if callee_name.startswith("llvm."):
        return "intr_" + callee_name.replace(".", "_")
    return "func_" + callee_name


def is_runtime_function(name: str) -> bool:
    return name.startswith(PREFIX)


def module_runtime(module) -> Optional[object]:
    """A function of the runtime the module defines (the program included
    it), or None."""
    for fn in module.functions:
        if is_runtime_function(fn.name) and not fn.is_declaration:
            return fn
    return None
