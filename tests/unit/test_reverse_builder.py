"""Reverse mode on IR built with the Builder, run in-process with llvmlite."""
import ctypes
import math

import pytest

from enzyme_opt.ad.context import DerivativeContext
from enzyme_opt.ir import Builder, Function, Module, print_module
from enzyme_opt.ir.types import DOUBLE, I32, FunctionType

from .jit import Jit


def loop_module(typed):
    """acc = 1; repeat n times: acc = acc * sin(x) + x; return acc."""
    m = Module()
    m.typed_pointers = typed
    ft = FunctionType(DOUBLE, (DOUBLE, I32))
    f = m.add_function(Function("loop", ft, m.pointer_to(ft), ["x", "n"]))
    entry, body, done = f.add_block("entry"), f.add_block("body"), f.add_block("done")
    b = Builder(entry)
    b.br(body)
    b.position_at_end(body)
    i = b.phi(I32, [(b.i32(0), entry)], "i")
    acc = b.phi(DOUBLE, [(b.float(DOUBLE, 1.0), entry)], "acc")
    sin = m.declare_function("llvm.sin.f64", FunctionType(DOUBLE, (DOUBLE,)))
    nxt = b.fadd(b.fmul(acc, b.call(sin, [f.args[0]])), f.args[0], "next")
    i2 = b.add(i, b.i32(1))
    i.add_incoming(i2, body)
    acc.add_incoming(nxt, body)
    b.cond_br(b.icmp("slt", i2, f.args[1]), body, done)
    b.position_at_end(done)
    b.ret(nxt)
    return m, f


@pytest.mark.parametrize("typed", [False, True])
@pytest.mark.parametrize("n", [1, 2, 7, 50])
def test_loop_gradient_matches_central_difference(typed, n):
    m, f = loop_module(typed)
    d = DerivativeContext(m).combined_derivative(f, ("out", "const"), True)
    jit = Jit(print_module(m))
    primal = jit.function("loop", ctypes.c_double, ctypes.c_double, ctypes.c_int32)
    grad = jit.function(d.name, ctypes.c_double, ctypes.c_double, ctypes.c_int32,
                        ctypes.c_double)
    x, h = 0.7, 1e-6
    fd = (primal(x + h, n) - primal(x - h, n)) / (2 * h)
    assert math.isclose(grad(x, n, 1.0), fd, rel_tol=1e-6, abs_tol=1e-8)
    # the seed scales the gradient linearly
    assert math.isclose(grad(x, n, 2.5), 2.5 * grad(x, n, 1.0), rel_tol=1e-12)


@pytest.mark.parametrize("typed", [False, True])
@pytest.mark.parametrize("width", [1, 2])
def test_forward_mode_matches_reverse_and_central_difference(typed, width):
    m, f = loop_module(typed)
    tangent_fn = DerivativeContext(m).forward_derivative(f, ("dup", "const"), width)
    jit = Jit(print_module(m))
    primal = jit.function("loop", ctypes.c_double, ctypes.c_double, ctypes.c_int32)
    x, n, h = 0.3, 9, 1e-6
    fd = (primal(x + h, n) - primal(x - h, n)) / (2 * h)
    if width == 1:
        fwd = jit.function(tangent_fn.name, ctypes.c_double, ctypes.c_double, ctypes.c_double,
                           ctypes.c_int32)
        assert math.isclose(fwd(x, 1.0, n), fd, rel_tol=1e-6)
        return

    class Lanes(ctypes.Structure):
        _fields_ = [(f"t{k}", ctypes.c_double) for k in range(width)]

    fwd = jit.function(tangent_fn.name, Lanes, ctypes.c_double,
                       *([ctypes.c_double] * width), ctypes.c_int32)
    seeds = [1.0, -2.0]
    out = fwd(x, *seeds, n)
    for k, seed in enumerate(seeds):
        assert math.isclose(getattr(out, f"t{k}"), seed * fd, rel_tol=1e-6)
