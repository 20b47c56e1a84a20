"""The one instruction table: complete, loud by default, and numerically right.

- every instruction class the parser can produce, and every opcode of
  LangRef's instruction reference, has an entry (a derivative in both
  modes, or a reason it never carries one, or a reason it is refused);
- an instruction without code for the mode at hand, reached by a value
  carrying derivatives, is a located error, never a zero derivative;
- each structural kind (check_grads style) gives tangents and gradients
  equal to central differences, in both modes.
"""
import ctypes
import math

import pytest

from enzyme_opt.ad import instruction_table as T
from enzyme_opt.ad.context import DerivativeContext
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import print_module
from enzyme_opt.ir.parser import parse_module

from .jit import Jit

# Classes that are no instructions of a finished module: the abstract call
# base, the stand-in for opcodes that GENERIC_TABLE lists one by one.
_NOT_KINDS = {I.CallBase, I.GenericInstruction}


def _instruction_classes():
    seen, work = set(), [I.Instruction]
    while work:
        for sub in work.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                work.append(sub)
    return {c for c in seen if c.__module__ == I.__name__} - _NOT_KINDS


def test_every_instruction_class_has_an_entry():
    missing = sorted(c.__name__ for c in _instruction_classes() if c not in T.TABLE)
    assert not missing, f"instruction classes without an entry: {missing}"


def test_every_entry_says_what_it_does():
    for entry in list(T.TABLE.values()) + list(T.GENERIC_TABLE.values()):
        if isinstance(entry, T.Derivative):
            assert entry.tangent is not None and entry.adjoint is not None
        else:
            assert isinstance(entry, (T.Inert, T.Refused)) and len(entry.why) > 20


# One of each instruction of LangRef's "Instruction Reference", as the parser reads them.
LANGREF_MODULE = r"""
%pair = type { double, i64 }
declare void @callee(double)
declare i32 @__gxx_personality_v0(...)
declare void @llvm.va_start(ptr)

define void @all(double %x, double %y, i32 %i, ptr %p, <2 x double> %v, %pair %agg, ...)
    personality ptr @__gxx_personality_v0 {
entry:
  %fneg = fneg double %x
  %add = add i32 %i, 1
  %fadd = fadd double %x, %y
  %sub = sub i32 %i, 1
  %fsub = fsub double %x, %y
  %mul = mul i32 %i, 3
  %fmul = fmul double %x, %y
  %udiv = udiv i32 %i, 3
  %sdiv = sdiv i32 %i, 3
  %fdiv = fdiv double %x, %y
  %urem = urem i32 %i, 3
  %srem = srem i32 %i, 3
  %frem = frem double %x, %y
  %shl = shl i32 %i, 1
  %lshr = lshr i32 %i, 1
  %ashr = ashr i32 %i, 1
  %and = and i32 %i, 1
  %or = or i32 %i, 1
  %xor = xor i32 %i, 1
  %ee = extractelement <2 x double> %v, i32 0
  %ie = insertelement <2 x double> %v, double %x, i32 1
  %sv = shufflevector <2 x double> %v, <2 x double> %v, <2 x i32> <i32 1, i32 2>
  %ev = extractvalue %pair %agg, 0
  %iv = insertvalue %pair %agg, double %x, 0
  %al = alloca double
  %ld = load double, ptr %p
  store double %x, ptr %al
  fence seq_cst
  %cx = cmpxchg ptr %p, i64 0, i64 1 seq_cst seq_cst
  %rmw = atomicrmw fadd ptr %p, double %x seq_cst
  %gep = getelementptr double, ptr %p, i64 1
  %trunc = trunc i32 %i to i8
  %zext = zext i32 %i to i64
  %sext = sext i32 %i to i64
  %fptrunc = fptrunc double %x to float
  %fpext = fpext float %fptrunc to double
  %fptoui = fptoui double %x to i32
  %fptosi = fptosi double %x to i32
  %uitofp = uitofp i32 %i to double
  %sitofp = sitofp i32 %i to double
  %ptrtoint = ptrtoint ptr %p to i64
  %inttoptr = inttoptr i64 %ptrtoint to ptr
  %bitcast = bitcast double %x to i64
  %asc = addrspacecast ptr %p to ptr addrspace(1)
  %icmp = icmp slt i32 %i, 0
  %fcmp = fcmp olt double %x, %y
  %select = select i1 %icmp, double %x, double %y
  %freeze = freeze double %x
  %ap = alloca ptr
  call void @llvm.va_start(ptr %ap)
  %va = va_arg ptr %ap, i32
  call void @callee(double %x)
  invoke void @callee(double %x) to label %normal unwind label %lpad
normal:
  switch i32 %i, label %next [ i32 0, label %other ]
other:
  indirectbr ptr blockaddress(@all, %next), [label %next]
next:
  %phi = phi double [ %x, %normal ], [ %y, %other ]
  callbr void asm "", "!i"() to label %done [label %done]
done:
  br i1 %icmp, label %ret, label %dead
dead:
  unreachable
ret:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

define void @funclets() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @callee(double 1.0) to label %exit unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup
handler:
  %cp = catchpad within %cs [ptr null]
  catchret from %cp to label %exit
cleanup:
  %cl = cleanuppad within none []
  cleanupret from %cl unwind to caller
exit:
  ret void
}
"""

LANGREF_OPCODES = {
    "ret", "br", "switch", "indirectbr", "invoke", "callbr", "resume", "catchswitch",
    "catchret", "cleanupret", "unreachable", "fneg", "add", "fadd", "sub", "fsub", "mul",
    "fmul", "udiv", "sdiv", "fdiv", "urem", "srem", "frem", "shl", "lshr", "ashr", "and",
    "or", "xor", "extractelement", "insertelement", "shufflevector", "extractvalue",
    "insertvalue", "alloca", "load", "store", "fence", "cmpxchg", "atomicrmw",
    "getelementptr", "trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi",
    "uitofp", "sitofp", "ptrtoint", "inttoptr", "bitcast", "addrspacecast", "icmp", "fcmp",
    "phi", "select", "freeze", "call", "va_arg", "landingpad", "catchpad", "cleanuppad",
}


def test_every_langref_instruction_parses_to_an_entry():
    module = parse_module(LANGREF_MODULE, "langref.ll")
    seen = set()
    for fn in module.functions:
        for inst in fn.instructions():
            seen.add(inst.opcode)
            assert T.entry_for(inst) is not None, f"no entry for '{inst.opcode}'"
    assert seen == LANGREF_OPCODES, f"not covered: {LANGREF_OPCODES - seen}, " \
                                    f"unexpected: {seen - LANGREF_OPCODES}"


# --- the loud default -------------------------------------------------------------------

_REFUSED_CALLBR = """
define double @f(double %x) {
entry:
  callbr void asm "", "r,!i"(double %x) to label %a [label %b]
a:
  ret double %x
b:
  ret double 0.0
}
"""


@pytest.mark.parametrize("mode", ["forward", "reverse"])
def test_refused_kind_reached_by_an_active_value_is_a_located_error(mode):
    module = parse_module(_REFUSED_CALLBR, "callbr.ll")
    ctx, f = DerivativeContext(module), module.get("f")
    with pytest.raises(DifferentiationError) as err:
        if mode == "forward":
            ctx.forward_derivative(f, ("dup",), 1)
        else:
            ctx.combined_derivative(f, ("out",), True)
    assert "callbr" in str(err.value) and err.value.instruction is not None


@pytest.mark.parametrize("mode", ["forward", "reverse"])
def test_kind_without_an_entry_is_refused_not_skipped(mode, monkeypatch):
    """Were freeze's entry lost, its active use must stop the tool, in either mode."""
    monkeypatch.delitem(T.TABLE, I.Freeze)
    module = parse_module(_CASES["freeze"], "freeze.ll")
    ctx, f = DerivativeContext(module), module.get("f")
    with pytest.raises(DifferentiationError, match="'freeze'"):
        if mode == "forward":
            ctx.forward_derivative(f, ("dup", "dup"), 1)
        else:
            ctx.combined_derivative(f, ("out", "out"), True)


# --- check_grads over the structural kinds --------------------------------------------
# Each case is `double f(double x, double y)` exercising one kind on active values.
_CASES = {
    "freeze": """define double @f(double %x, double %y) {
  %a = fmul double %x, %y
  %b = freeze double %a
  %c = fmul double %b, %x
  ret double %c
}""",
    "select": """define double @f(double %x, double %y) {
  %c = fcmp olt double %x, %y
  %s = select i1 %c, double %x, double %y
  %t = fmul double %s, %y
  ret double %t
}""",
    "fneg_casts": """define double @f(double %x, double %y) {
  %n = fneg double %x
  %t = fptrunc double %y to float
  %u = fpext float %t to double
  %m = fmul double %n, %u
  ret double %m
}""",
    "aggregate": """define double @f(double %x, double %y) {
  %a = insertvalue { double, double } undef, double %x, 0
  %b = insertvalue { double, double } %a, double %y, 1
  %p = extractvalue { double, double } %b, 0
  %q = extractvalue { double, double } %b, 1
  %r = fmul double %p, %q
  %s = fadd double %r, %p
  ret double %s
}""",
    "vector_lanes": """define double @f(double %x, double %y) {
  %a = insertelement <2 x double> undef, double %x, i32 0
  %b = insertelement <2 x double> %a, double %y, i32 1
  %c = shufflevector <2 x double> %b, <2 x double> %b, <2 x i32> <i32 1, i32 0>
  %d = fmul <2 x double> %b, %c
  %e = extractelement <2 x double> %d, i32 0
  %g = extractelement <2 x double> %c, i32 1
  %h = fadd double %e, %g
  ret double %h
}""",
    "memory": """define double @f(double %x, double %y) {
  %m = alloca double
  store double %x, ptr %m
  %r = atomicrmw fadd ptr %m, double %y monotonic
  %v = load double, ptr %m
  %w = fmul double %v, %x
  ret double %w
}""",
    "freeze_pointer": """define double @f(double %x, double %y) {
  %m = alloca [2 x double]
  %p = freeze ptr %m
  %q = getelementptr double, ptr %p, i64 1
  store double %x, ptr %m
  store double %y, ptr %q
  %a = load double, ptr %p
  %b = load double, ptr %q
  %c = fmul double %a, %b
  ret double %c
}""",
}


@pytest.mark.parametrize("case", sorted(_CASES))
@pytest.mark.parametrize("mode", ["forward", "reverse"])
def test_structural_kind_matches_central_differences(case, mode):
    module = parse_module(_CASES[case], f"{case}.ll")
    ctx, f = DerivativeContext(module), module.get("f")
    if mode == "forward":
        d = ctx.forward_derivative(f, ("dup", "dup"), 1)
    else:
        d = ctx.combined_derivative(f, ("out", "out"), True)
    jit = Jit(print_module(module))
    c = ctypes.c_double
    primal = jit.function("f", c, c, c)
    # Points and step exact in float, so fptrunc does not quantize the differences.
    x, y, h = 0.75, -1.25, 2.0 ** -12
    want = [(primal(x + h, y) - primal(x - h, y)) / (2 * h),
            (primal(x, y + h) - primal(x, y - h)) / (2 * h)]
    if mode == "forward":
        tangent = jit.function(d.name, c, c, c, c, c)
        got = [tangent(x, 1.0, y, 0.0), tangent(x, 0.0, y, 1.0)]
    else:
        class Grad(ctypes.Structure):
            _fields_ = [("dx", c), ("dy", c)]
        g = jit.function(d.name, Grad, c, c, c)(x, y, 1.0)
        got = [g.dx, g.dy]
    for g_, w in zip(got, want):
        assert math.isclose(g_, w, rel_tol=1e-6, abs_tol=1e-7), (case, mode, got, want)
