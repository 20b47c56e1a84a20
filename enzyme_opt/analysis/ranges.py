"""Which bytes of each pointer argument a function can touch, as run-time bounds.

`argument_extents(fn)` finds, for every load, store and memory intrinsic of
`fn`, the argument it addresses and its offset as an expression of loop
counters and arguments.  `emit_disjoint(b, ...)` then writes code that
computes each argument's byte interval from the actual arguments and tests
that every argument the function writes overlaps no other argument it
touches: the condition under which the arguments might as well be
`noalias` (see ad/versioning.py).

A counter's interval comes from its loop's exit test (`icmp eq %next,
%limit` and the like, counting up by a constant): it is only meaningful
when the loop runs, but then every value it takes lies inside, and an
access in a loop that does not run costs nothing.  A loop that stops when
a counter equals its limit ends there, or never (the counter would wrap
around first): so the last iteration ran one step before the limit.  When
the test is on another counter of the loop (clang's unrolled and
vectorized loops count iterations apart), that one's last value bounds
the number of iterations.  A phi where a loop left or branches met takes
the hull of its incoming values.  Arithmetic the program does in fewer than
64 bits without wrap flags is checked at run time to stay in range, so the
interval arithmetic, done in 64 bits, computes what the program computes.
Anything else (pointers loaded from memory, calls, globals, strides that
are not linear) makes the analysis give up: None.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.constants import ConstantInt
from ..ir.types import I1, I64, alloc_size
from ..ir.values import Argument
from .cfg import DominatorTree
from .loops import LoopInfo, counter_parts
from .library import MEMORY_COPY_INTRINSICS as _INTRINSIC_COPIES
from .library import ALLOCA_MARKER_INTRINSICS, PURE_INTRINSICS
from .memory import gep_indices


class Access:
    __slots__ = ("arg", "pointer", "size", "writes")

    def __init__(self, arg, pointer, size, writes):
        self.arg, self.pointer, self.size, self.writes = arg, pointer, size, writes


def argument_extents(fn, harmless_call=None) -> Optional[List[Access]]:
    """Every access of `fn` through a pointer argument, or None when some
    memory access cannot be bounded (or is not through an argument or the
    function's own stack).  `harmless_call(callee)` may say of a callee
    that it touches no memory the caller can see (a math function)."""
    out = []
    for inst in fn.instructions():
        if isinstance(inst, (I.Load, I.Store)):
            if inst.volatile or inst.atomic:
                return None
            t = inst.type if isinstance(inst, I.Load) else inst.value.type
            found = _access(inst.pointer, alloc_size(t), isinstance(inst, I.Store))
        elif isinstance(inst, I.CallBase):
            callee = inst.called_function
            harmless = harmless_call is not None and callee is not None and \
                harmless_call(callee)
            found = [] if harmless else _call_accesses(inst)
        elif inst.opcode in ("atomicrmw", "cmpxchg", "va_arg"):
            return None
        else:
            continue
        if found is None:
            return None
        out += found
    return out


def _access(pointer, size, writes) -> Optional[List[Access]]:
    """The access as a list (empty for the function's own stack), or None."""
    base = argument_base(pointer)
    if base is None or size is None:
        return None
    return [] if isinstance(base, I.Alloca) else [Access(base, pointer, size, writes)]


def _call_accesses(call) -> Optional[List[Access]]:
    callee = call.called_function
    if callee is None:
        return None
    name = callee.name
    if name.startswith(PURE_INTRINSICS + ALLOCA_MARKER_INTRINSICS):
        return []
    if name.startswith("llvm.memset."):
        return _access(call.args[0], call.args[2], True)
    if name.startswith(_INTRINSIC_COPIES):
        dest = _access(call.args[0], call.args[2], True)
        src = _access(call.args[1], call.args[2], False)
        return None if dest is None or src is None else dest + src
    return None


def argument_base(pointer):
    """The argument or alloca `pointer` is an address into, through GEPs and casts."""
    while isinstance(pointer, (I.GetElementPtr, I.Cast)):
        if isinstance(pointer, I.Cast) and pointer.opcode not in ("bitcast", "addrspacecast"):
            return None
        pointer = pointer.operands[0]
    return pointer if isinstance(pointer, (Argument, I.Alloca)) else None


class _GiveUp(Exception):
    pass


class BoundsEmitter:
    """Emits, at `b`, 64-bit lower and upper bounds of `fn`'s integers and
    offsets in terms of `args` (the values standing for `fn`'s arguments),
    collecting the run-time conditions those bounds rely on."""

    def __init__(self, b: Builder, fn, args):
        self.b, self.fn = b, fn
        self.args = {id(a): v for a, v in zip(fn.args, args)}
        self.loops = LoopInfo(fn, DominatorTree(fn))
        self.conditions: List[object] = []
        self.memo: Dict[int, Tuple[object, object]] = {}
        self.active: set = set()

    def bounds(self, v):
        key = id(v)
        if key not in self.memo:
            if key in self.active:          # a cycle no loop header breaks
                raise _GiveUp(v)
            self.active.add(key)
            try:
                self.memo[key] = self._bounds(v)
            finally:
                self.active.discard(key)
        return self.memo[key]

    def _bounds(self, v):
        b = self.b
        if isinstance(v, ConstantInt):
            c = b.i64(v.signed_value)
            return c, c
        if isinstance(v, Argument) and v.type.is_int:
            x = self.args[id(v)]
            if x.type.bits != 64:
                x = b.cast("sext", x, I64)
            return x, x
        if isinstance(v, I.Phi):
            return self._counter_bounds(v)
        if isinstance(v, I.Cast) and v.opcode in ("sext", "zext"):
            lo, hi = self.bounds(v.operands[0])
            if v.opcode == "zext" and v.operands[0].type.bits < 64:
                self.conditions.append(b.icmp("sge", lo, b.i64(0)))
            return lo, hi
        if isinstance(v, I.Cast) and v.opcode == "trunc" and v.type.is_int:
            # The same value when it fits the narrower type (signed, as
            # these bounds read every integer): `nsw` says so, else ask.
            lo, hi = self.bounds(v.operands[0])
            if "nsw" not in v.flags:
                self._fits(v, lo, hi)
            return lo, hi
        if isinstance(v, I.Select) and v.type.is_int:
            # Either value: the hull of both.
            (lo1, hi1), (lo2, hi2) = self.bounds(v.operands[1]), self.bounds(v.operands[2])
            return _smin(b, lo1, lo2), _smax(b, hi1, hi2)
        if not isinstance(v, I.BinaryOp) or not v.type.is_int:
            raise _GiveUp(v)
        (lo1, hi1), (lo2, hi2) = (self.bounds(op) for op in v.operands)
        op, rhs = v.opcode, v.operands[1]
        if lo1 is hi1 and lo2 is hi2 and op in _EXACT_ON_POINTS:
            # Both operands are known exactly (arguments, constants): so is
            # the result.  clang's unrolled loops count to `n & -4` and
            # `n & 3`, whose sum an interval would overestimate.
            x = b.binop(op, lo1, lo2)
            self._fits(v, x, x)
            return x, x
        if op == "add" or (op == "or" and "disjoint" in v.flags):
            out = b.add(lo1, lo2), b.add(hi1, hi2)
        elif op == "sub":
            out = b.sub(lo1, hi2), b.sub(hi1, lo2)
        elif op == "shl" and isinstance(rhs, ConstantInt) and 0 <= rhs.value < 32:
            k = b.i64(1 << rhs.value)
            out = b.mul(lo1, k), b.mul(hi1, k)
        elif op == "or":
            # Of non-negative values: at least either, at most their sum.
            self.conditions += [b.icmp("sge", lo1, b.i64(0)), b.icmp("sge", lo2, b.i64(0))]
            out = _smax(b, lo1, lo2), b.add(hi1, hi2)
        elif op == "and" and isinstance(rhs, ConstantInt) and rhs.signed_value >= 0:
            # A non-negative mask keeps a non-negative value between 0 and both.
            self.conditions.append(b.icmp("sge", lo1, b.i64(0)))
            out = b.i64(0), _smin(b, hi1, b.i64(rhs.signed_value))
        elif op == "mul":
            # Both factors are asked to be non-negative: then the product's
            # bounds are those of the bounds.
            self.conditions += [b.icmp("sge", lo1, b.i64(0)), b.icmp("sge", lo2, b.i64(0))]
            out = b.mul(lo1, lo2), b.mul(hi1, hi2)
        else:
            raise _GiveUp(v)
        self._fits(v, *out)
        return out

    def _fits(self, v, lo, hi) -> None:
        """Arithmetic narrower than 64 bits without wrap flags may wrap in
        the program: ask for its bounds to fit its width."""
        bits = v.type.bits
        if bits >= 64:
            return
        b = self.b
        self.conditions += [b.icmp("sge", lo, b.i64(-(1 << (bits - 1)))),
                            b.icmp("sle", hi, b.i64((1 << (bits - 1)) - 1))]

    def _counter_bounds(self, phi):
        loop = self.loops.innermost.get(id(phi.parent))
        if loop is None or loop.header is not phi.parent:
            return self._merge_bounds(phi)
        parts = counter_parts(phi)
        if parts is None:
            raise _GiveUp(phi)
        start, _, step = parts
        k = step.operands[1].signed_value
        if k < 1 or not _steps_without_wrap(step):
            raise _GiveUp(phi)
        tested, last = self._last_value(loop, phi)
        lo, hi = self.bounds(start)
        if tested is phi:
            return lo, last
        # Another counter of the loop decides when it ends (clang's unrolled
        # loops count iterations apart from the index): the iterations
        # before its last value bound this one's.
        t_start, _, t_step = counter_parts(tested)
        t_lo, _ = self.bounds(t_start)
        b = self.b
        span = _smax(b, b.sub(last, t_lo), b.i64(0))
        runs = b.binop("sdiv", span, b.i64(t_step.operands[1].signed_value))
        return lo, b.add(hi, b.mul(runs, b.i64(k)))

    def _merge_bounds(self, phi):
        """A phi outside a loop header (where a loop left, or two branches
        met): any of its incoming values."""
        out = None
        for value, source in phi.incoming:
            lo, hi = self.bounds(value)
            hi = self._below_limit_on_edge(value, hi, source, phi.parent)
            out = (lo, hi) if out is None else \
                (_smin(self.b, out[0], lo), _smax(self.b, out[1], hi))
        if out is None:
            raise _GiveUp(phi)
        return out

    def _below_limit_on_edge(self, value, hi, source, target):
        """`hi`, or less on an edge taken only where `value` differs from a
        limit it cannot exceed: then it is below that limit.  clang's
        vectorized loop hands `n & -4` to its remainder only where that is
        not n; the hull with n itself put the remainder's first access one
        element past the array, and neighbouring arrays looked overlapping
        (a null `enzyme_dupnoneed` output then took the version that keeps
        its stores).  Where `hi` may exceed the limit, `hi` stays."""
        term = source.terminator
        cond = term.condition if isinstance(term, I.Branch) else None
        if not isinstance(cond, I.Compare) or cond.predicate not in ("eq", "ne") or \
                value not in cond.operands or term.successors[0] is term.successors[1]:
            return hi
        if (term.successors[0] is target) != (cond.predicate == "ne"):
            return hi                   # the edge where they are equal
        limit = cond.operands[1] if cond.operands[0] is value else cond.operands[0]
        known = len(self.conditions)
        try:
            limit_lo, limit_hi = self.bounds(limit)
        except _GiveUp:
            del self.conditions[known:]
            return hi
        b = self.b
        below = _smin(b, hi, b.sub(limit_hi, b.i64(1)))
        return b.select(b.icmp("sle", hi, limit_lo), below, hi)

    def _last_value(self, loop, phi):
        """(the counter the loop's exit tests, the upper bound of its value
        in the last iteration)."""
        tested, limit, how = _exit_limit(loop, phi)
        _, top = self.bounds(limit)
        step = counter_parts(tested)[2].operands[1].signed_value
        if how == "inclusive":
            return tested, top
        if how == "exact":
            # It stops on reaching the limit: if it ends, it ends there, so
            # the last iteration ran one step before.
            return tested, self.b.sub(top, self.b.i64(step))
        return tested, self.b.sub(top, self.b.i64(1))

    def offset(self, pointer):
        """Bounds of the byte offset of `pointer` from its base."""
        if isinstance(pointer, I.Cast):
            return self.offset(pointer.operands[0])
        if not isinstance(pointer, I.GetElementPtr):
            zero = self.b.i64(0)
            return zero, zero
        lo, hi = self.offset(pointer.operands[0])
        for index, size in gep_indices(pointer):
            if size is None:
                raise _GiveUp(pointer)       # a struct field, or no fixed size
            ilo, ihi = self.bounds(index)
            s = self.b.i64(size)
            lo, hi = self.b.add(lo, self.b.mul(ilo, s)), self.b.add(hi, self.b.mul(ihi, s))
        return lo, hi


# Integer operations whose 64-bit result on sign-extended operands is the
# sign extension of the program's (when it fits: see _fits).
_EXACT_ON_POINTS = ("add", "sub", "mul", "and", "or", "xor")


def _steps_without_wrap(step) -> bool:
    """A counter stepping by more than one could jump over its limit and
    wrap around: soon in fewer than 64 bits, unless flags forbid it."""
    return step.operands[1].signed_value == 1 or step.type.bits >= 64 or \
        bool({"nsw", "nuw"} & set(step.flags))


def _exit_limit(loop, phi):
    """(counter, limit, how) of the loop's single exit test: on a counter's
    step at the end of the latch (a rotated loop, clang -O1 and up: `phi`'s
    own or another counter's of the same header, counting up), or on `phi`
    at the top of the header (clang -O0's `for`, once its slots are
    promoted).  `how`: "exact" (leaves when the counter equals the limit),
    "below" (while less), "inclusive" (while at most)."""
    latches = [p for p in loop.header.predecessors if id(p) in loop.blocks]
    if len(latches) != 1:
        raise _GiveUp(loop.header)
    term = latches[0].terminator
    if isinstance(term, I.Branch) and term.condition is None:
        # Tested at the top: the bounds hold in the blocks after the test,
        # not in the header before it, nor after the loop (where phi = limit).
        term, tested, counter = loop.header.terminator, phi, phi
        header = loop.header.instructions
        if any(isinstance(i, (I.Load, I.Store, I.CallBase)) for i in header) or any(
                id(user.parent) not in loop.blocks for user in phi.users
                if isinstance(user, I.Instruction)):
            raise _GiveUp(loop.header)
        if counter_parts(phi)[2].operands[1].signed_value != 1:
            raise _GiveUp(loop.header)
    else:
        cond = term.condition if isinstance(term, I.Branch) else None
        tested = cond.operands[0] if isinstance(cond, I.Compare) else None
        counter = tested.operands[0] if isinstance(tested, I.BinaryOp) else None
        parts = counter_parts(counter) if isinstance(counter, I.Phi) and \
            counter.parent is loop.header else None
        if parts is None or parts[2] is not tested or tested.operands[1].signed_value < 1 or \
                not _steps_without_wrap(tested):
            raise _GiveUp(loop.header)
    cond = term.condition if isinstance(term, I.Branch) else None
    if not isinstance(cond, I.Compare) or cond.operands[0] is not tested:
        raise _GiveUp(loop.header)
    limit = cond.operands[1]
    if isinstance(limit, I.Instruction) and id(limit.parent) in loop.blocks:
        raise _GiveUp(loop.header)
    stays = id(term.successors[0]) in loop.blocks    # the loop goes on when true
    pred = cond.predicate
    if (pred == "eq" and not stays) or (pred == "ne" and stays):
        return counter, limit, "exact"
    if pred in ("slt", "ult") and stays:
        return counter, limit, "below"
    if pred in ("sle", "ule") and stays:
        return counter, limit, "inclusive"
    raise _GiveUp(loop.header)


def emit_extents(b: Builder, fn, args, accesses: List[Access]):
    """At `b`, for each argument `fn` accesses: its index -> [lo, end,
    writes], the byte offsets (i64) it touches from lo up to end; and the
    i1 conditions those bounds rely on.  None when some access cannot be
    bounded.  `args` stand for `fn`'s arguments."""
    emitter = BoundsEmitter(b, fn, args)
    extent: Dict[int, list] = {}
    try:
        for acc in accesses:
            lo, hi = emitter.offset(acc.pointer)
            size = acc.size
            end = b.add(hi, b.i64(size) if isinstance(size, int) else emitter.bounds(size)[1])
            entry = extent.setdefault(acc.arg.index, [None, None, False])
            entry[0] = lo if entry[0] is None else _smin(b, entry[0], lo)
            entry[1] = end if entry[1] is None else _smax(b, entry[1], end)
            entry[2] |= acc.writes
    except _GiveUp:
        return None
    return extent, emitter.conditions


def boundable(fn, accesses: List[Access]) -> bool:
    """Can `emit_extents` bound these accesses?  (Tried in a scratch function.)"""
    scratch = Function("scratch", fn.function_type, fn.type, [a.name for a in fn.args])
    block = scratch.add_block("entry")
    ok = emit_extents(Builder(block), fn, scratch.args, accesses) is not None
    for inst in block.instructions:
        inst.drop_operands()
    return ok


def emit_disjoint(b: Builder, fn, args, accesses: List[Access], shadows=()):
    """An i1 at `b`: every argument `fn` writes overlaps no other argument
    it touches, and the bounds hold; None when some access cannot be
    bounded.  `args` stand for `fn`'s arguments; `shadows` lists (argument
    index, value) of further pointers with the extent of that argument
    which are written (a gradient's shadows: adjoints accumulate there)."""
    found = emit_extents(b, fn, args, accesses)
    if found is None:
        return None
    extent, conditions = found
    regions = [(args[k], lo, end, writes) for k, (lo, end, writes) in extent.items()]
    regions += [(v, extent[k][0], extent[k][1], True) for k, v in shadows if k in extent]
    spans = []
    for pointer, lo, end, writes in regions:
        base = b.cast("ptrtoint", pointer, I64)
        spans.append((b.add(base, lo), b.add(base, end), writes))
    ok = b.int(I1, 1)
    for cond in conditions:
        ok = b.binop("and", ok, cond)
    for i, (x0, x1, wx) in enumerate(spans):
        for y0, y1, wy in spans[i + 1:]:
            if wx or wy:                  # two that are only read may overlap
                apart = b.binop("or", b.icmp("ule", x1, y0), b.icmp("ule", y1, x0))
                ok = b.binop("and", ok, apart)
    return ok


def _smin(b, x, y):
    return b.select(b.icmp("slt", x, y), x, y)


def _smax(b, x, y):
    return b.select(b.icmp("sgt", x, y), x, y)
