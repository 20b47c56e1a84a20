"""Running a function at a lower floating-point precision (Enzyme's truncation).

`__enzyme_truncate_op_func(fn, FROM, TO)` returns a copy of `fn` in which
every floating-point operation on FROM-bit IEEE values (FROM: 16, 32 or 64)
computes its result at the precision of the format TO, then continues in the
FROM type: operands are rounded to TO, the operation is done in TO, the
result widened back.  `__enzyme_truncate_op_func(fn, FROM, E, S)` names the
target format by its exponent and significand widths instead.  Functions
`fn` calls are truncated the same way (copies too); calls of functions
without a body are refused, unless they are math functions, which are
truncated like operations.  Comparisons, negation, loads and stores move
values exactly and are left alone, as are casts between types.

`__enzyme_truncate_mem_func(fn, FROM, TO)` is the memory mode: each FROM
value that `fn` receives, stores, loads and returns is a handle of a value
held by the runtime at the precision of TO (made by
`__enzyme_truncate_mem_value(x, FROM, TO)`, read back by
`__enzyme_expand_mem_value(h, FROM, TO)`); every operation, comparison and
literal goes through the runtime.

How operations run:

- with a runtime in the module (the program included `enzyme/fprt/mpfr.h`,
  see analysis/library/fprt.py for its interface), each operation calls it:
  MPFR computes with as many bits of precision as the significand width (as
  Enzyme's runtime does; the exponent width is passed on, not enforced);
- without one, operation mode from double to float computes natively in
  float (`fptrunc`, the operation, `fpext`); any other format, and memory
  mode, are refused with a hint to include the runtime.

`--enzyme-truncate-all=64to32` (truncate_module) applies operation mode to
every function of the module in place.
"""
from __future__ import annotations

import re

from ..analysis.library import fprt
from ..analysis.library.allocation import allocator, is_deallocator
from ..analysis.library.intrinsics import (DROPPED_INTRINSICS, HINT_INTRINSICS, is_memory_set,
                                           writes_memory_block)
from ..analysis.library.libm import math_function
from ..diagnostics import DifferentiationError, EnzymeOptError
from ..ir import Builder, Function, GlobalVariable
from ..ir import instructions as I
from ..ir.clone import internal_copy
from ..ir.constants import ConstantExpr, ConstantFloat, ConstantUndef, const_float
from ..ir.types import I1, I64, FloatType, FunctionType, VectorType
from .records import record

RUNTIME_HINT = ("include the truncation runtime (`-include enzyme/fprt/mpfr.h`, which "
                "`enzyme-opt --print-include-dir` provides) and link with -lmpfr")


@record(frozen=True)
class Truncation:
    source_width: int       # the IEEE format the program computes in: 16, 32, 64
    exponent: int           # the target format's widths
    significand: int
    mode: int               # fprt.MODE_*
    native: bool            # compute in an LLVM type, not through the runtime

    @property
    def source_type(self) -> FloatType:
        return FloatType(fprt.LLVM_TYPE_OF_WIDTH[self.source_width])

    @property
    def target_type(self) -> FloatType:
        width = 1 + self.exponent + self.significand
        return FloatType(fprt.LLVM_TYPE_OF_WIDTH[width])

    def describe(self) -> str:
        widths = {fmt: w for w, fmt in fprt.IEEE_FORMATS.items()}
        target = widths.get((self.exponent, self.significand),
                            f"{self.exponent}-{self.significand}")
        return f"{self.source_width}to{target}"


def native_format(source_width: int, exponent: int, significand: int) -> bool:
    """Double to float is computed in float.  Not half: its arithmetic needs
    conversion routines of the compiler runtime that not every toolchain
    links (clang 14 on x86-64 does not)."""
    return source_width == 64 and (exponent, significand) == fprt.IEEE_FORMATS[32]


def make_truncation(source_width, target, mode, module, fail) -> Truncation:
    """Check a requested truncation (target: a width, or (exponent,
    significand)); `fail(message)` raises the located error."""
    if source_width not in fprt.IEEE_FORMATS:
        fail(f"cannot truncate from {source_width}-bit floats: the format to truncate from "
             "must be 16, 32 or 64 (half, float, double)")
    if isinstance(target, int):
        if target not in fprt.IEEE_FORMATS:
            fail(f"no {target}-bit floating-point format to truncate to: give 16, 32 or 64, "
                 "or the exponent and significand widths (FROM, E, S)")
        target = fprt.IEEE_FORMATS[target]
    exponent, significand = target
    src_e, src_s = fprt.IEEE_FORMATS[source_width]
    if exponent < 1 or significand < 1:
        fail(f"a format with {exponent} exponent and {significand} significand bits has "
             "no numbers: both widths must be at least 1")
    if (exponent, significand) == (src_e, src_s):
        fail(f"truncating {source_width}-bit floats to the same format changes nothing: "
             "give a narrower one")
    if exponent > src_e or significand > src_s:
        fail(f"the target format ({exponent} exponent, {significand} significand bits) is "
             f"not narrower than the {source_width}-bit one ({src_e}, {src_s}): truncation "
             "only narrows")
    if mode == fprt.MODE_MEM and source_width != 64:
        fail(f"memory mode keeps a pointer in each truncated value, which a {source_width}-bit "
             "float cannot hold: truncate 64-bit floats, or use operation mode "
             "(__enzyme_truncate_op_func)")
    has_runtime = fprt.module_runtime(module) is not None
    native = not has_runtime and mode != fprt.MODE_MEM and native_format(
        source_width, exponent, significand)
    if not has_runtime and not native:
        what = ("memory mode" if mode == fprt.MODE_MEM else
                f"truncation from {source_width} to {exponent} exponent and {significand} "
                "significand bits (only 64to32 is computed natively, in float)")
        fail(f"{what} needs the floating-point runtime, which this module does not "
             f"define: {RUNTIME_HINT}")
    return Truncation(source_width, exponent, significand, mode, native)


def truncated_function(fn: Function, t: Truncation, cache: dict, request) -> Function:
    """The copy of `fn` truncated as `t` says (made once per module and
    truncation: `cache`).  `request` is the instruction asking, for errors."""
    key = (id(fn), t)
    if key in cache:
        return cache[key]
    if fn.is_declaration:
        raise DifferentiationError(
            f"cannot truncate '{fn.name}': it has no body in this module", function=
            request.function, instruction=request)
    mode = "mem" if t.mode == fprt.MODE_MEM else "op"
    name = f"{fn.name}.truncated.{mode}.{t.describe()}"
    copy, mapping = internal_copy(fn, name)
    cache[key] = copy
    pairs = [(inst, mapping[id(inst)]) for inst in fn.instructions()]
    for _, inst in pairs:
        # Debug intrinsics (clang 14) describe the original's frame: the
        # copy goes without them, as the AD's copies do.
        callee = inst.called_function if isinstance(inst, I.CallBase) else None
        if callee is not None and callee.name.startswith("llvm.dbg."):
            inst.erase()
    pairs = [(orig, inst) for orig, inst in pairs if inst.parent is not None]
    _Rewriter(t, fn.module, cache).rewrite(pairs)
    return copy


def truncate_module(module, spec: str) -> None:
    """`--enzyme-truncate-all=SPEC` ("64to32", "64to11-23", several joined
    by ';'): every function with a body, in place, in operation mode."""
    module.materialize_all()
    cache: dict = {}
    for source_width, target in parse_truncate_all(spec):
        def fail(message):
            raise EnzymeOptError(f"--enzyme-truncate-all={spec}: {message}")
        t = make_truncation(source_width, target, fprt.MODE_OP_FULL_MODULE, module, fail)
        for fn in list(module.functions):
            if fn.is_declaration or fprt.is_runtime_function(fn.name):
                continue
            insts = list(fn.instructions())
            _Rewriter(t, module, cache).rewrite(list(zip(insts, insts)))


_FORMAT = r"(\d+)(?:-(\d+))?"


def parse_truncate_all(spec: str) -> list:
    """[(source width, target)] from "64to32;64to8-23"; a target is a width
    or (exponent, significand)."""
    out = []
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        m = re.fullmatch(_FORMAT + "to" + _FORMAT, part)
        if m is None:
            raise EnzymeOptError(f"--enzyme-truncate-all: cannot read '{part}': write "
                                 "FROMtoTO with widths (64to32) or exponent-significand "
                                 "widths (11-52to8-23)")
        source = int(m.group(1)) if m.group(2) is None else _width_of(m.group(1), m.group(2))
        target = int(m.group(3)) if m.group(4) is None else (int(m.group(3)), int(m.group(4)))
        out.append((source, target))
    return out


def _width_of(exponent: str, significand: str) -> int:
    fmt = (int(exponent), int(significand))
    for width, known in fprt.IEEE_FORMATS.items():
        if known == fmt:
            return width
    raise EnzymeOptError(f"--enzyme-truncate-all: {exponent}-{significand} is no IEEE format "
                         "to truncate from (11-52, 8-23 or 5-10)")


def _global_base(ptr):
    """The global variable `ptr` points into, through geps and casts; else None."""
    seen = 0
    while seen < 64:
        if isinstance(ptr, GlobalVariable):
            return ptr
        if isinstance(ptr, (I.GetElementPtr, I.Cast)) or (
                isinstance(ptr, ConstantExpr) and ptr.operands):
            ptr, seen = ptr.operands[0], seen + 1
            continue
        return None
    return None


def _before(inst) -> Builder:
    """A builder before `inst`, giving what it makes `inst`'s source location
    (a call without one in a function with debug info is invalid)."""
    b = Builder().position_before(inst)
    b.debug_loc = inst.get_metadata("dbg")
    return b


class _Rewriter:
    """Rewrites the instructions of one truncated body.  Works on pairs
    (original, copy): errors point at the original's source line."""

    def __init__(self, t: Truncation, module, cache: dict):
        self.t, self.module, self.cache = t, module, cache
        self.src = t.source_type
        self.made = set()       # ids of the runtime calls added (not rewritten again)

    def rewrite(self, pairs) -> None:
        for orig, inst in pairs:
            self.orig = orig
            if id(inst) in self.made or inst.parent is None:
                continue
            self._visit(inst)
        if self.t.mode == fprt.MODE_MEM:
            for _, inst in pairs:
                if inst.parent is not None:
                    self._literals_to_runtime(inst)

    def error(self, message: str) -> DifferentiationError:
        return DifferentiationError(f"cannot truncate ({self.t.describe()}): {message}",
                                    function=self.orig.function, instruction=self.orig)

    def _is_src(self, v) -> bool:
        return v.type.scalar == self.src

    def _visit(self, inst) -> None:
        involved = self._is_src(inst) or any(self._is_src(op) for op in inst.operands)
        if isinstance(inst, I.CallBase):
            return self._call(inst)
        if not involved:
            return
        if self.t.mode == fprt.MODE_MEM and any(
                v.type.is_vector and self._is_src(v) for v in [inst, *inst.operands]):
            raise self.error("vectors of truncated values in memory mode are not supported")
        if self.t.mode == fprt.MODE_MEM and isinstance(inst, I.Load) and \
                _global_base(inst.pointer) is not None:
            raise self.error(self._plain_memory(_global_base(inst.pointer)))
        if isinstance(inst, I.BinaryOp):
            return self._replace(inst, self._operation(inst, fprt.binop_name(inst.opcode),
                                                       list(inst.operands)))
        if isinstance(inst, I.UnaryOp):
            return self._fneg(inst)
        if isinstance(inst, I.Compare):
            return self._fcmp(inst)
        if isinstance(inst, I.Cast):
            return self._cast(inst)
        if isinstance(inst, I.GenericInstruction):
            raise self.error(f"'{inst.opcode}' on floating-point values is not supported")

    # -- operations -------------------------------------------------------------------

    def _operation(self, inst, op: str, args: list, native_callee=None):
        """The value of `inst` (an operation named `op` for the runtime) computed
        as the truncation says, with `args` as its operands; inserted before it."""
        b = _before(inst)
        if self.t.native:
            return self._native(b, inst, args, native_callee)
        if inst.type.is_vector or any(a.type.is_vector for a in args):
            return self._per_lane(b, inst, op, args)
        return self._runtime_call(b, op, args, inst.type)

    def _native(self, b, inst, args, native_callee):
        narrow = [self._narrow(b, a) for a in args]
        if isinstance(inst, I.BinaryOp):
            result = b.binop(inst.opcode, narrow[0], narrow[1], flags=inst.flags)
        else:
            result = b.call(native_callee, narrow, flags=getattr(inst, "flags", ()))
        return b.cast("fpext", result, inst.type) if self._is_src(inst) else result

    def _narrow_type(self, t):
        if t.scalar != self.src:
            return t
        target = self.t.target_type
        return VectorType(t.count, target, t.scalable) if t.is_vector else target

    def _narrow(self, b, v):
        return b.cast("fptrunc", v, self._narrow_type(v.type)) if self._is_src(v) else v

    def _per_lane(self, b, inst, op, args):
        if inst.type.is_vector and inst.type.scalable:
            raise self.error("scalable vectors are not supported")
        count = next(a.type.count for a in [inst, *args] if a.type.is_vector)
        result = ConstantUndef(inst.type)
        for lane in range(count):
            lane_args = [b.extractelement(a, b.i32(lane)) if a.type.is_vector else a
                         for a in args]
            value = self._runtime_call(b, re.sub(r"_v\d+f(\d+)", r"_f\1", op), lane_args,
                                       inst.type.scalar)
            result = b.insertelement(result, value, b.i32(lane))
        return result

    def _runtime_call(self, b, op: str, args: list, rtype, literals=True):
        """A call of the runtime's `op`; in memory mode, literals among `args`
        become runtime values first (unless `literals` is False)."""
        if literals:
            args = [self._to_runtime(b, a) for a in args]
        extra = [b.i64(self.t.exponent), b.i64(self.t.significand), b.i64(self.t.mode)]
        fn = self._runtime(op, FunctionType(rtype, tuple(a.type for a in args) + (I64,) * 3))
        call = b.call(fn, args + extra)
        self.made.add(id(call))
        return call

    def _runtime(self, op: str, ftype: FunctionType) -> Function:
        name = fprt.runtime_name(self.t.source_width, op)
        fn = self.module.get(name)
        if not isinstance(fn, Function) or fn.is_declaration:
            raise self.error(f"the floating-point runtime in this module does not define "
                             f"'{name}' for this operation")
        if fn.function_type != ftype:
            raise self.error(f"the runtime's '{name}' has type {fn.function_type}, "
                             f"not {ftype}")
        return fn

    def _to_runtime(self, b, v):
        """A literal becomes a runtime value in memory mode."""
        if self.t.mode == fprt.MODE_MEM and isinstance(v, ConstantFloat) and v.type == self.src:
            return self._const(b, v)
        return v

    def _const(self, b, v):
        extra = [b.i64(self.t.exponent), b.i64(self.t.significand), b.i64(self.t.mode)]
        fn = self._runtime("const", FunctionType(self.src, (self.src, I64, I64, I64)))
        call = b.call(fn, [v] + extra)
        self.made.add(id(call))
        return call

    def _replace(self, inst, value) -> None:
        if getattr(value, "name", None) is None and inst.name:
            value.name = inst.function.claim_name(inst.name + ".trunc")
        inst.replace_all_uses_with(value)
        inst.erase()

    def _fneg(self, inst) -> None:
        if self.t.mode != fprt.MODE_MEM:
            return      # exact in every format
        b = _before(inst)
        minus_zero = const_float(self.src, -0.0)
        self._replace(inst, self._runtime_call(b, fprt.binop_name("fsub"),
                                               [self._const(b, minus_zero), inst.operands[0]],
                                               self.src))

    def _fcmp(self, inst) -> None:
        if self.t.mode != fprt.MODE_MEM or inst.predicate in ("true", "false"):
            return      # a comparison of values rounds nothing
        b = _before(inst)
        self._replace(inst, self._runtime_call(b, fprt.fcmp_name(inst.predicate),
                                               list(inst.operands), I1))

    def _cast(self, inst) -> None:
        if self.t.mode != fprt.MODE_MEM:
            return
        b = _before(inst)
        if inst.opcode in ("sitofp", "uitofp"):
            b.position_after(inst)
            held = self._runtime_call(b, "new", [inst], self.src, literals=False)
            for user in list(inst.users):
                if user is not held:
                    for k, op in enumerate(user.operands):
                        if op is inst:
                            user.set_operand(k, held)
            return
        if inst.opcode in ("fptosi", "fptoui"):
            inst.set_operand(0, self._runtime_call(b, "get", [inst.operands[0]], self.src))
            return
        raise self.error(f"'{inst.opcode}' of a value held by the runtime (memory mode) is "
                         "not supported")

    # -- calls ------------------------------------------------------------------------

    def _call(self, call) -> None:
        callee = call.called_function
        if callee is None:
            if any(self._is_src(v) for v in [call, *call.args]) or self.t.mode != \
                    fprt.MODE_OP_FULL_MODULE:
                raise self.error("an indirect call cannot be truncated: call the function "
                                 "directly")
            return
        name = callee.name
        if name.startswith(DROPPED_INTRINSICS + HINT_INTRINSICS) or fprt.is_runtime_function(
                name):
            return
        math = math_function(name)
        if math is not None and any(self._is_src(v) for v in [call, *call.args]):
            return self._math_call(call, callee, math)
        if not callee.is_declaration:
            if self.t.mode != fprt.MODE_OP_FULL_MODULE:
                target = truncated_function(callee, self.t, self.cache, self.orig)
                call.set_operand(len(call.operands) - 1, target)
            return
        self._external_call(call, name)

    def _external_call(self, call, name) -> None:
        if self.t.mode == fprt.MODE_OP_FULL_MODULE:
            return      # the module's own code is what is truncated
        if self.t.mode == fprt.MODE_MEM and writes_memory_block(name):
            self._check_memory_mode_copy(call, name)
            return
        if writes_memory_block(name) or allocator(name) is not None or \
                is_deallocator(name):
            return
        floats = any(self._is_src(v) for v in [call, *call.args])
        pointers = self.t.mode == fprt.MODE_MEM and any(a.type.is_pointer for a in call.args)
        if floats or pointers:
            raise self.error(f"'{name}' has no body in this module, so it cannot be "
                             "truncated; give it a body here, or call it outside the "
                             "truncated function")

    def _check_memory_mode_copy(self, call, name) -> None:
        """memset writes no runtime values (zero bits are no handle), and a
        copy from a global copies plain floats (clang -O0 initializes local
        arrays so): in memory mode both would be read as handles."""
        if is_memory_set(name):
            raise self.error(f"'{name}' in memory mode: the bytes it writes are no runtime "
                             "values; assign the floats one by one (or use operation mode)")
        source = _global_base(call.args[1]) if len(call.args) > 1 else None
        if source is not None:
            raise self.error(self._plain_memory(source))

    def _plain_memory(self, gv) -> str:
        return (f"memory mode reads the global '{gv.name}', which holds plain floats, not "
                "runtime values (only what the caller made with "
                "__enzyme_truncate_mem_value is one); pass such data as an argument, or use "
                "operation mode")

    def _math_call(self, call, callee, math: str) -> None:
        if math not in fprt.RUNTIME_MATH:
            raise self.error(f"the math function '{callee.name}' is not supported")
        if isinstance(call, I.Invoke):
            raise self.error(f"'{callee.name}' called with an exception handler")
        native = self._native_math(callee, math) if self.t.native else None
        value = self._operation(call, fprt.call_name(callee.name), list(call.args), native)
        self._replace(call, value)

    def _native_math(self, callee, math: str) -> Function:
        """The float version of a double math function: `llvm.sqrt.f32` for
        `llvm.sqrt.f64`, `sinf` for `sin`."""
        params = tuple(self._narrow_type(p) for p in callee.function_type.params)
        ftype = FunctionType(self._narrow_type(callee.function_type.ret), params)
        if callee.name.startswith("llvm."):
            name = ".".join(re.sub(r"f64\Z", "f32", part) for part in callee.name.split("."))
        else:
            name = math + "f"
        return self.module.declare_function(name, ftype)

    # -- memory mode: literals --------------------------------------------------------

    def _literals_to_runtime(self, inst) -> None:
        """In memory mode a literal the code stores, returns, passes or merges
        must be a runtime value too."""
        if id(inst) in self.made:
            return
        for k, op in enumerate(inst.operands):
            if not (isinstance(op, ConstantFloat) and op.type == self.src):
                continue
            if isinstance(inst, I.Phi):
                b = _before(inst.blocks[k].terminator)
            else:
                b = _before(inst)
            inst.set_operand(k, self._const(b, op))


# -- the API calls ------------------------------------------------------------------------

TRUNCATE_FUNC_CALLS = {"__enzyme_truncate_mem_func": fprt.MODE_MEM,
                       "__enzyme_truncate_op_func": fprt.MODE_OP}
VALUE_CALLS = {"__enzyme_truncate_mem_value": "new", "__enzyme_expand_mem_value": "get"}


def lower_truncate_call(call, name: str, fn, ints: list, cache: dict) -> None:
    """Replace `__enzyme_truncate_{mem,op}_func(fn, FROM, TO)` (or `FROM, E, S`)
    with the truncated copy of `fn`.  `ints`: the integer arguments after fn
    (None where not a compile-time constant)."""
    def fail(message):
        raise DifferentiationError(message, function=call.function, instruction=call)
    if not (call.type.is_pointer or call.type.is_void):
        fail(f"{name} is declared to return {call.type}; it returns the truncated function: "
             "declare it to return a function pointer")
    if len(ints) not in (2, 3) or None in ints:
        fail(f"{name} takes the function, then constant integers: FROM and TO widths, or "
             "FROM, then the target's exponent and significand widths")
    target = ints[1] if len(ints) == 2 else (ints[1], ints[2])
    t = make_truncation(ints[0], target, TRUNCATE_FUNC_CALLS[name], call.function.module, fail)
    truncated = truncated_function(fn, t, cache, call)
    b = _before(call)
    call.replace_all_uses_with(b.pointer_cast(truncated, call.type))


def lower_value_call(call, name: str, ints: list) -> None:
    """`__enzyme_truncate_mem_value(x, FROM, TO)`: x as a runtime value of the
    format TO (a handle for memory mode); `__enzyme_expand_mem_value(h, FROM,
    TO)`: the value a handle holds, as a FROM float."""
    def fail(message):
        raise DifferentiationError(message, function=call.function, instruction=call)
    if len(call.args) != 3 or len(ints) != 2 or None in ints:
        fail(f"{name} takes a value, then the constant FROM and TO widths")
    t = make_truncation(ints[0], ints[1], fprt.MODE_MEM, call.function.module, fail)
    b = _before(call)
    value = call.args[0]
    if not value.type.is_float:
        fail(f"{name} takes a floating-point value, not {value.type}")
    if value.type != t.source_type:
        value = b.cast("fptrunc" if value.type.bits > t.source_type.bits else "fpext",
                       value, t.source_type)
    rewriter = _Rewriter(t, call.function.module, {})
    rewriter.orig = call
    result = rewriter._runtime_call(b, VALUE_CALLS[name], [value], t.source_type,
                                    literals=False)
    if not call.type.is_void:
        if call.type != result.type:
            if not call.type.is_float:
                fail(f"{name} returns a floating-point value: declare it to return "
                     f"{t.source_type}")
            result = b.cast("fpext" if call.type.bits > result.type.bits else "fptrunc",
                            result, call.type)
        call.replace_all_uses_with(result)
