"""`--check-derivatives`: every derivative call checks itself at run time.

At each `__enzyme_autodiff` or `__enzyme_fwddiff` call the output program
also estimates the derivative by central differences and prints, to
stderr, the relative error of the derivative the call computed:

    enzyme-opt: derivative check at f.c:12:7 (__enzyme_autodiff of 'f'):
    relative error 3.2e-10 (derivative 1.234, central differences 1.234)

Both sides are one number, the derivative along a direction v:

- reverse mode: v is pseudo-random over the active scalars and the float
  memory of the duplicated pointers; the derivative along v is <gradient, v>
  (the memory's gradient is what its shadow holds after the call), and the
  central differences are those of L(x) = f(x) + <shadow before the call,
  memory after f(x)>, the function the reverse pass differentiates;
- forward mode: v is the caller's own tangents; both sides are weighted
  sums of the result's tangent and of the memory's tangents (the shadows).

The two extra evaluations of the function run on copies of its memory, so
the program's own state is untouched.  That needs to know which bytes the
function touches through each pointer argument (analysis/ranges.py) and
that it touches nothing else (no globals, no calls but math): a call site
where that is not known prints why it is not checked instead, as do
batched and split calls.  Never a silent pass.
"""
from __future__ import annotations

from typing import Optional

from ..analysis.arg_activity import DUPLICATED, Activity
from ..analysis.library import DROPPED_INTRINSICS
from ..analysis.ranges import argument_base, argument_extents, boundable, emit_extents
from ..diagnostics import ir_location, source_location
from ..ir import Builder, Function
from ..ir.clone import clone_body
from ..ir import instructions as I
from ..ir.types import DOUBLE, I8, I32, I64, FunctionType, VOID
from ..transforms.mem2reg import promote_allocas
from . import tape as T
from .rules import rule_name_for_call
from .runtime_messages import c_string

# The step of the central differences, by the width of the floats perturbed.
_STEP = {64: 1e-6, 32: 1e-3}
# Pseudo-random directions over memory: v(j) = sin(A * (j + 1) + B * argument).
_A, _B = 0.7548776662466927, 1.3247179572447460
_C = 2.2360679774997896
_W_A = 0.5698402909980532
REVERSE_DIRECTIONS = 3


class CheckPlan:
    """What the check of one call needs: the function, the mode, and per
    parameter its kind and, for duplicated pointers, the float type of their
    memory.  `reason` says why a call cannot be checked."""

    def __init__(self, fn: Function, kinds, mode: str):
        self.fn, self.kinds, self.mode = fn, tuple(kinds), mode
        self.memory_float = {}          # parameter index -> float type of its memory
        self.accesses = None
        self.reason = self._plan()

    def _plan(self) -> Optional[str]:
        fn = self.fn
        rt = fn.return_type
        if not (rt.is_void or rt.is_float):
            return "its result is neither a float nor void"
        # Analysed on a copy brought to SSA form: clang -O0 keeps arguments
        # and counters in stack slots, which hide the loops' bounds.
        self.analyzed = _promoted_copy(fn)
        self.accesses = argument_extents(self.analyzed, harmless_call=_harmless)
        if self.accesses is None:
            return ("it may touch memory other than through its pointer arguments (globals, "
                    "pointers loaded from memory, calls other than of math functions)")
        if not boundable(self.analyzed, self.accesses):
            return ("the bytes it touches through its pointer arguments are not bounded by "
                    "loops read here (not all of clang's unrolled loops at -O2 are; -O1 or "
                    "-fno-unroll-loops are)")
        written = {a.arg.index for a in self.accesses if a.writes}
        for param, kind in zip(self.analyzed.args, self.kinds):
            if not param.type.is_pointer:
                if kind in (Activity.DUP, Activity.OUT) and not param.type.is_float:
                    return f"argument {param.index + 1} is an active non-scalar"
                continue
            if kind == Activity.CONST:
                if param.index in written:
                    return f"it writes through its enzyme_const argument {param.index + 1}"
                continue
            float_type = _float_memory(self.analyzed, param)
            if float_type is None:
                return (f"the memory of argument {param.index + 1} is not all floats of one "
                        "type, or is copied whole")
            self.memory_float[param.index] = float_type
        return None

    @property
    def step(self) -> float:
        """1e-3 where a float perturbed is 32-bit (its rounding allows no less)."""
        widths = [t.bits for t in self.memory_float.values()]
        widths += [p.type.bits for p, k in zip(self.fn.args, self.kinds)
                   if p.type.is_float and k in (Activity.DUP, Activity.OUT)]
        return _STEP[32] if 32 in widths else _STEP[64]


def _promoted_copy(fn) -> Function:
    copy = Function(fn.name, fn.function_type, fn.type, [a.name for a in fn.args])
    copy.module = fn.module
    clone_body(fn, copy, {id(a): b for a, b in zip(fn.args, copy.args)})
    promote_allocas(copy)
    return copy


def _harmless(callee, visiting=None) -> bool:
    """A call that touches no memory the caller sees: math, hints, and
    functions of scalars that use no memory but their own stack."""
    name = callee.name
    if name.startswith(DROPPED_INTRINSICS):
        return True
    if callee.is_declaration:
        return rule_name_for_call(name) is not None
    visiting = set() if visiting is None else visiting
    if id(callee) in visiting:
        return True                     # recursion: judged by the outer call
    if any(t.is_pointer or t.is_vector or t.is_struct or t.is_array
           for t in (callee.return_type, *callee.function_type.params)):
        return False
    visiting.add(id(callee))
    return argument_extents(callee, lambda c: _harmless(c, visiting)) == []


def _float_memory(fn, param):
    """The one float type `fn` loads and stores through `param`, or None."""
    found = set()
    for inst in fn.instructions():
        if isinstance(inst, (I.Load, I.Store)) and argument_base(inst.pointer) is param:
            t = inst.type if isinstance(inst, I.Load) else inst.value.type
            # A vectorized loop moves several of the same floats at once.
            found.add(t.element if t.is_vector and not t.scalable else t)
        elif isinstance(inst, I.CallBase) and any(argument_base(a) is param for a in inst.args
                                                  if a.type.is_pointer):
            return None
    if len(found) != 1:
        return None
    t = found.pop()
    return t if t.is_float and t.bits in (32, 64) else None


class DerivativeCheck:
    """Emits one call site's check around its derivative call."""

    def __init__(self, ctx, parsed, mode: str):
        self.ctx, self.parsed, self.mode = ctx, parsed, mode
        self.module = ctx.module
        kinds = [a.kind for a in parsed.args]
        self.plan = CheckPlan(parsed.function, kinds, mode)
        if parsed.width != 1:
            self.plan.reason = "batched calls (enzyme_width) are not checked"
        self.location = _where(parsed.call)
        self.before_values = None

    @property
    def directions(self) -> int:
        """Reverse mode checks several random directions; forward mode has
        one, the caller's tangents."""
        return REVERSE_DIRECTIONS if self.mode == "reverse" else 1

    def before(self, b: Builder, args) -> None:
        """The central-difference evaluations, before the derivative call."""
        if self.plan.reason is not None:
            return
        evaluate = self._function("eval", self._make_eval)
        h = self.plan.step
        self.before_values = [
            [b.call(evaluate, list(args) + [b.float(DOUBLE, t), b.i64(d)]) for t in (h, -h)]
            for d in range(self.directions)]

    def after(self, b: Builder, args, derivatives) -> None:
        """The derivatives along the directions, compared; the worst reported."""
        report = _report_function(self.module)
        api = "__enzyme_autodiff" if self.mode == "reverse" else "__enzyme_fwddiff"
        head = f"{self.location} ({api} of '{self.plan.fn.name}')"
        if self.plan.reason is not None:
            report_unchecked(b, head, self.plan.reason)
            return
        along = self._function("along", self._make_along)
        grads = [_to_double(b, g) for g in derivatives]
        worst = None
        for d, (plus, minus) in enumerate(self.before_values):
            ad = b.call(along, list(args) + grads + [b.i64(d)])
            fd = b.fdiv(b.fsub(plus, minus), b.float(DOUBLE, 2 * self.plan.step))
            error = b.call(_relative_error_function(self.module), [ad, fd])
            if worst is None:
                worst = (error, ad, fd)
                continue
            # The larger error wins, and an unknown (NaN) one wins over any.
            larger = b.fcmp("ugt", error, worst[0])
            worst = tuple(b.select(larger, new, old) for new, old in zip((error, ad, fd), worst))
        along_text = f"worst of {self.directions} random directions" \
            if self.mode == "reverse" else "along the tangents passed"
        b.call(report, [c_string(b, self.module, head), c_string(b, self.module, ""),
                        worst[1], worst[2], c_string(b, self.module, along_text)])

    # -- the generated functions --------------------------------------------------------
    def _function(self, what, make):
        key = (what, id(self.plan.fn), self.plan.kinds, self.mode)
        cache = self.ctx.check_functions
        if key not in cache:
            cache[key] = make()
        return cache[key]

    def _params(self):
        """(type, name, role) of the derivative call's arguments, without dret."""
        out = []
        for param, kind in zip(self.plan.fn.args, self.plan.kinds):
            out.append((param.type, param.name or "arg", ("value", param)))
            if kind in DUPLICATED or (self.mode == "forward" and kind == Activity.OUT):
                out.append((param.type, (param.name or "arg") + ".d", ("shadow", param)))
        return out

    def _new(self, what, extra):
        params = self._params()
        types = tuple(t for t, _, _ in params) + tuple(t for t, _ in extra)
        names = [n for _, n, _ in params] + [n for _, n in extra]
        ftype = FunctionType(DOUBLE, types)
        fn = Function(f"enzyme_check.{what}.{self.plan.fn.name}", ftype,
                      self.module.pointer_to(ftype), names, linkage="internal")
        self.module.add_function(fn)
        values, shadows = {}, {}
        for (_, _, (role, param)), arg in zip(params, fn.args):
            (values if role == "value" else shadows)[param.index] = arg
        b = Builder(fn.add_block("entry"))
        return fn, b, values, shadows, fn.args[len(params):]

    def _extents(self, b, values):
        """index -> (lo, n) in bytes for each duplicated pointer, and whether
        the bounds hold."""
        fn = self.plan.analyzed
        found = emit_extents(b, fn, [values[p.index] for p in fn.args], self.plan.accesses)
        extent, conditions = found
        ok = b.i1(True)
        for cond in conditions:
            ok = b.binop("and", ok, cond)
        # The copies stand for the arguments only if no two of them overlap
        # where one is written (an in-place call passes one array twice).
        regions = []
        for index, (lo, end, writes) in extent.items():
            base = b.cast("ptrtoint", values[index], I64)
            regions.append((b.add(base, lo), b.add(base, end), writes))
        for k, (x0, x1, wx) in enumerate(regions):
            for y0, y1, wy in regions[k + 1:]:
                if wx or wy:
                    apart = b.binop("or", b.icmp("ule", x1, y0), b.icmp("ule", y1, x0))
                    ok = b.binop("and", ok, apart)
        spans = {}
        for index in self.plan.memory_float:
            if index in extent:
                lo, end, _ = extent[index]
                spans[index] = (lo, b.sub(end, lo))
        return spans, ok

    def _make_eval(self):
        """L(x + t v) (reverse) or the weighted outputs at x + t dx (forward)."""
        fn, b, values, shadows, (t, d) = self._new("eval", [(DOUBLE, "t"), (I64, "d")])
        plan, module = self.plan, self.module
        spans, ok = self._extents(b, values)
        args, copies = [], []
        for param, kind in zip(plan.fn.args, plan.kinds):
            value = values[param.index]
            if param.type.is_float and kind in (Activity.DUP, Activity.OUT):
                direction = shadows[param.index] if self.mode == "forward" else \
                    _scalar_direction(b, param.index, d)
                step = b.cast("fptrunc", b.fmul(t, _to_double(b, direction)), param.type) \
                    if param.type.bits == 32 else b.fmul(t, _to_double(b, direction))
                value = b.fadd(value, step)
            elif param.index in spans:
                lo, n = spans[param.index]
                buffer = b.call(T.libc(module, "malloc"), [n])
                original = _byte_address(b, module, value, lo)
                _copy(b, module, buffer, original, n)
                ftype = plan.memory_float[param.index]
                count = b.binop("sdiv", n, b.i64(ftype.bits // 8))
                source = _byte_address(b, module, shadows[param.index], lo) \
                    if self.mode == "forward" else None
                _loop(b, count, lambda b, j, acc, k=param.index, ft=ftype, s=source, buf=buffer:
                      _perturb(b, module, buf, j, t, d, k, ft, s) or acc)
                copies.append((param.index, buffer, lo, n, ftype))
                value = b.pointer_cast(_byte_address(b, module, buffer, b.sub(b.i64(0), lo)),
                                       param.type)
            args.append(value)
        result = b.call(plan.fn, args)
        total = _to_double(b, result) if plan.fn.return_type.is_float else b.float(DOUBLE, 0.0)
        for index, buffer, lo, n, ftype in copies:
            count = b.binop("sdiv", n, b.i64(ftype.bits // 8))
            if self.mode == "reverse":
                seed = _byte_address(b, module, shadows[index], lo)
                total = _loop(b, count, lambda b, j, acc, s=seed, buf=buffer, ft=ftype: b.fadd(
                    acc, b.fmul(_element(b, module, s, j, ft), _element(b, module, buf, j, ft))),
                    total)
            else:
                total = _loop(b, count, lambda b, j, acc, k=index, buf=buffer, ft=ftype: b.fadd(
                    acc, b.fmul(_weight(b, j, k), _element(b, module, buf, j, ft))), total)
            b.call(T.libc(module, "free"), [buffer])
        nan = b.float(DOUBLE, float("nan"))
        b.ret(b.select(ok, total, nan))
        return fn

    def _make_along(self):
        """<gradient, v> (reverse) or the weighted tangents (forward)."""
        plan, module = self.plan, self.module
        if self.mode == "reverse":
            active = [p for p, k in zip(plan.fn.args, plan.kinds)
                      if k == Activity.OUT and p.type.is_float]
            extra = [(DOUBLE, f"g{p.index}") for p in active]
        else:
            extra = [(DOUBLE, "tangent")] if plan.fn.return_type.is_float else []
        fn, b, values, shadows, rest = self._new("along", extra + [(I64, "d")])
        grads, d = rest[:-1], rest[-1]
        spans, _ = self._extents(b, values)
        if self.mode == "reverse":
            total = b.float(DOUBLE, 0.0)
            for p, g in zip(active, grads):
                total = b.fadd(total, b.fmul(g, _scalar_direction(b, p.index, d)))
        else:
            total = grads[0] if grads else b.float(DOUBLE, 0.0)
        for index, (lo, n) in spans.items():
            ftype = plan.memory_float[index]
            count = b.binop("sdiv", n, b.i64(ftype.bits // 8))
            shadow = _byte_address(b, module, shadows[index], lo)
            weight = (lambda b, j, k=index: _direction(b, j, k, d)) if self.mode == "reverse" \
                else (lambda b, j, k=index: _weight(b, j, k))
            total = _loop(b, count, lambda b, j, acc, s=shadow, ft=ftype, w=weight: b.fadd(
                acc, b.fmul(w(b, j), _element(b, module, s, j, ft))), total)
        b.ret(total)
        return fn


# -- small emitters -----------------------------------------------------------------------

def _scalar_direction(b, index: int, d):
    """Direction `d`'s component for scalar argument `index`."""
    return _direction(b, b.i64(-1), 1000 + index, d)


def _direction(b, j, k, d):
    """Direction `d`'s component for element j of argument k: pseudo-random
    in [-1, 1], sin(A (j + 1) + B k + C d)."""
    x = b.fadd(b.fmul(b.cast("sitofp", b.add(j, b.i64(1)), DOUBLE), b.float(DOUBLE, _A)),
               b.fadd(b.float(DOUBLE, _B * k),
                      b.fmul(b.cast("sitofp", d, DOUBLE), b.float(DOUBLE, _C))))
    return b.call(_intrinsic(b.module, "llvm.sin.f64"), [x])


def _weight(b, j, k):
    x = b.fadd(b.fmul(b.cast("sitofp", b.add(j, b.i64(1)), DOUBLE), b.float(DOUBLE, _W_A)),
               b.float(DOUBLE, 0.7 * k))
    return b.call(_intrinsic(b.module, "llvm.cos.f64"), [x])


def _intrinsic(module, name):
    return module.declare_function(name, FunctionType(DOUBLE, (DOUBLE,)))


def _to_double(b, v):
    return v if v.type == DOUBLE else b.cast("fpext", v, DOUBLE)


def _byte_address(b, module, pointer, offset):
    raw = b.pointer_cast(pointer, T.byte_ptr(module))
    return b.gep(I8, raw, [offset], T.byte_ptr(module))


def _element(b, module, base, j, ftype):
    typed = b.pointer_cast(base, module.pointer_to(ftype))
    return _to_double(b, b.load(ftype, b.gep(ftype, typed, [j], module.pointer_to(ftype))))


def _perturb(b, module, buffer, j, t, d, k, ftype, tangents) -> None:
    """buffer[j] += t * v(j): v random (reverse) or the caller's tangent (forward)."""
    direction = _direction(b, j, k, d) if tangents is None else \
        _element(b, module, tangents, j, ftype)
    typed = b.pointer_cast(buffer, module.pointer_to(ftype))
    slot = b.gep(ftype, typed, [j], module.pointer_to(ftype))
    new = b.fadd(_to_double(b, b.load(ftype, slot)), b.fmul(t, direction))
    b.store(new if ftype == DOUBLE else b.cast("fptrunc", new, ftype), slot)


def _copy(b, module, dest, source, n) -> None:
    def copy_byte(b, j, acc):
        byte = b.load(I8, b.gep(I8, source, [j], T.byte_ptr(module)))
        b.store(byte, b.gep(I8, dest, [j], T.byte_ptr(module)))
        return acc
    _loop(b, n, copy_byte)


def _loop(b: Builder, count, body, acc=None):
    """for (j = 0; j < count; j++) acc = body(b, j, acc); returns acc (a double)."""
    fn = b.function
    entry = b.block
    head, inner, done = (fn.add_block(f"check.{n}") for n in ("head", "body", "done"))
    start = acc if acc is not None else b.float(DOUBLE, 0.0)
    b.br(head)
    b.position_at_end(head)
    j = b.phi(I64, [(b.i64(0), entry)], "j")
    total = b.phi(DOUBLE, [(start, entry)], "acc")
    b.cond_br(b.icmp("slt", j, count), inner, done)
    b.position_at_end(inner)
    new = body(b, j, total)
    new = total if new is None else new
    j.add_incoming(b.add(j, b.i64(1)), b.block)
    total.add_incoming(new, b.block)
    b.br(head)
    b.position_at_end(done)
    return total


def _where(call) -> str:
    loc = source_location(call) or ir_location(call)
    return f"{loc[0]}:{loc[1]}:{loc[2]}" if loc else f"a call in '{call.function.name}'"


_REPORT = "enzyme_check.report"


def report_unchecked(b: Builder, head: str, reason: str) -> None:
    """The program says, at `b`, that the call `head` describes is not checked."""
    module = b.module
    b.call(_report_function(module), [c_string(b, module, head),
                                      c_string(b, module, "not checked: " + reason),
                                      b.float(DOUBLE, 0.0), b.float(DOUBLE, 0.0),
                                      c_string(b, module, "")])


def unchecked_split_call(call, api: str, fn_name: str) -> None:
    """Split-mode calls are not checked: the program says so at the call."""
    b = Builder().position_before(call)
    report_unchecked(b, f"{_where(call)} ({api} of '{fn_name}')",
                     "split-mode calls (__enzyme_augmentfwd, __enzyme_reverse) are not checked")


def _relative_error_function(module):
    """relative_error(ad, fd) = |ad - fd| / max(|ad|, |fd|) (absolute near 0)."""
    name = "enzyme_check.relative_error"
    existing = module.get(name)
    if existing is not None:
        return existing
    ftype = FunctionType(DOUBLE, (DOUBLE, DOUBLE))
    fn = module.add_function(Function(name, ftype, module.pointer_to(ftype), ["ad", "fd"],
                                      linkage="internal"), unique=False)
    b = Builder(fn.add_block("entry"))
    ad, fd = fn.args
    fabs = module.declare_function("llvm.fabs.f64", FunctionType(DOUBLE, (DOUBLE,)))
    diff = b.call(fabs, [b.fsub(ad, fd)])
    scale = b.call(module.declare_function("llvm.maxnum.f64",
                                           FunctionType(DOUBLE, (DOUBLE, DOUBLE))),
                   [b.call(fabs, [ad]), b.call(fabs, [fd])])
    b.ret(b.select(b.fcmp("ogt", scale, b.float(DOUBLE, 1e-8)), b.fdiv(diff, scale), diff))
    return fn


def _report_function(module):
    """report(where, note, derivative, differences, along): a line on stderr."""
    existing = module.get(_REPORT)
    if existing is not None:
        return existing
    p = T.byte_ptr(module)
    ftype = FunctionType(VOID, (p, p, DOUBLE, DOUBLE, p))
    fn = module.add_function(Function(_REPORT, ftype, module.pointer_to(ftype),
                                      ["where", "note", "ad", "fd", "along"],
                                      linkage="internal"), unique=False)
    dprintf = module.declare_function("dprintf", FunctionType(I32, (I32, p), vararg=True))
    b = Builder(fn.add_block("entry"))
    where, note, ad, fd, along = fn.args
    relative = b.call(_relative_error_function(module), [ad, fd])
    checked, skipped = fn.add_block("checked"), fn.add_block("skipped")
    unknown, compared = fn.add_block("unknown"), fn.add_block("compared")
    b.cond_br(b.icmp("eq", b.load(I8, note), b.int(I8, 0)), checked, skipped)
    b.position_at_end(checked)
    b.cond_br(b.fcmp("uno", fd, fd), unknown, compared)
    b.position_at_end(compared)
    b.call(dprintf, [b.i32(2), c_string(b, module, "enzyme-opt: derivative check at %s: relative "
                     "error %.3g (%s: derivative %.17g, central differences %.17g)\n"),
                     where, relative, along, ad, fd])
    b.ret()
    b.position_at_end(unknown)
    b.call(dprintf, [b.i32(2), c_string(b, module, "enzyme-opt: derivative check at %s: not "
                     "checked: its pointer arguments overlap, or the bounds of its loops did "
                     "not hold, or the function gave NaN (derivative %.17g)\n"), where, ad])
    b.ret()
    b.position_at_end(skipped)
    b.call(dprintf, [b.i32(2), c_string(b, module, "enzyme-opt: derivative check at %s: %s\n"),
                     where, note])
    b.ret()
    return fn
