"""Alias versioning: a gradient for arguments that do not overlap.

Without `restrict`, the arguments of `matmul(A, B, C, n)` may overlap, so a
store to C may change B: the reverse pass must keep the B it loaded, and
the loop nest may not be reordered.  Callers nearly always pass separate
arrays, though.  When the function's accesses through its arguments can be
bounded (analysis/ranges.py) and assuming `noalias` lets the derivative do
better (interchange a reduction nest, see transforms/interchange.py; or
read again, rather than tape, what a loop loads through one argument while
it stores through another),
the gradient comes in two versions: one of a copy of the function whose
pointer arguments are `noalias`, and the general one.  A dispatcher under
the gradient's name tests at run time that each argument the function
writes overlaps no other argument it touches, and calls the first when
that holds, the second otherwise.  Only the combined gradient
(`__enzyme_autodiff`) of one lane is versioned.
"""
from __future__ import annotations

from ..analysis.loops import LoopInfo
from ..analysis.ranges import argument_base, argument_extents, boundable, emit_disjoint
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.values import Argument
from ..ir.clone import internal_copy
from ..transforms.interchange import ReductionNest, outer_loops
from ..transforms.mem2reg import promote_allocas
from ..transforms.reroll import reroll_unrolled_loops
from .reverse import ReverseGenerator

SLOW_SUFFIX, FAST_SUFFIX = ".mayalias", ".noalias"


def combined_derivative(ctx, fn, kinds, ret_active, width):
    """The combined gradient of `fn`, versioned on aliasing when that pays."""
    plan = _plan(fn) if width == 1 else None
    if plan is None:
        return ReverseGenerator(ctx, fn, kinds, ret_active, split=False,
                                width=width).build(fn.name)[0]
    fast_primal, bounded, accesses = plan
    slow_gen = ReverseGenerator(ctx, fn, kinds, ret_active, split=False, width=width)
    slow, _ = slow_gen.build(fn.name + SLOW_SUFFIX)
    ctx.alias_checked.add(id(fast_primal))
    fast, _ = ReverseGenerator(ctx, fast_primal, kinds, ret_active, split=False,
                               width=width).build(fn.name + FAST_SUFFIX)
    ctx.alias_checked.discard(id(fast_primal))
    ctx.module.remove_global_value(fast_primal)     # its body now lives in `fast`
    disp = _dispatcher(ctx.module, bounded, slow, fast, slow_gen._param_list(), accesses)
    ctx.module.remove_global_value(bounded)
    return disp


def _plan(fn):
    """(noalias copy of `fn`, the rerolled copy its accesses are bounded in,
    those accesses) when versioning pays, else None."""
    if not any(a.type.is_pointer and "noalias" not in a.attrs.split() for a in fn.args):
        return None
    bounded = _rerolled_copy(fn)
    accesses = argument_extents(bounded)
    if not accesses or not any(a.writes for a in accesses) or \
            not boundable(bounded, accesses):
        fn.module.remove_global_value(bounded)
        return None
    copy = _noalias_copy(fn)
    promote_allocas(copy)
    reroll_unrolled_loops(copy)
    if any(ReductionNest.match(lp) for lp in outer_loops(copy)) or \
            _stores_beside_loads(copy):
        return copy, bounded, accesses
    fn.module.remove_global_value(copy)
    fn.module.remove_global_value(bounded)
    return None


def _stores_beside_loads(fn) -> bool:
    """Does a loop store through one pointer argument and load through
    another?  If they may overlap, every store may change what the loop
    loaded, and the reverse pass must keep each loaded value (C += a * B
    row by row keeps a row of B per row of C); apart, it reads them again."""
    loops = LoopInfo(fn)
    stored, loaded = {}, {}
    for inst in fn.instructions():
        loop = loops.innermost.get(id(inst.parent))
        if loop is None or not isinstance(inst, (I.Load, I.Store)):
            continue
        base = argument_base(inst.pointer)
        if isinstance(base, Argument):
            seen = stored if isinstance(inst, I.Store) else loaded
            seen.setdefault(id(loop), set()).add(id(base))
    return any(loaded.get(key, set()) - args for key, args in stored.items())


def _rerolled_copy(fn) -> Function:
    """A copy of `fn` whose unrolled loops are rolled again: the same
    accesses, but a loop clang unrolled (counting by 4 under a mask of the
    trip count, then a remainder) becomes one loop counting by 1, whose
    accesses analysis/ranges.py can bound."""
    copy = _copy(fn, fn.name + ".bounds", noalias=False)
    promote_allocas(copy)
    reroll_unrolled_loops(copy)
    return copy


def _noalias_copy(fn) -> Function:
    return _copy(fn, fn.name + FAST_SUFFIX, noalias=True)


def _copy(fn, name, noalias) -> Function:
    copy = internal_copy(fn, name)[0]
    for new, old in zip(copy.args, fn.args):
        words = old.attrs.split()
        if noalias and old.type.is_pointer and "noalias" not in words:
            words.insert(0, "noalias")
        new.attrs = " ".join(words)
    return copy


def _dispatcher(module, fn, slow, fast, params, accesses) -> Function:
    """`params`: the roles of the gradient's leading parameters (primal
    arguments and their shadows, see ReverseGenerator._param_list)."""
    name = slow.name[:-len(SLOW_SUFFIX)] if slow.name.endswith(SLOW_SUFFIX) else slow.name
    disp = Function(name, slow.function_type, slow.type, [a.name for a in slow.args],
                    linkage="internal", attrs=slow.attrs_outside_comdat)
    for new, old in zip(disp.args, slow.args):
        new.attrs = old.attrs
    module.add_function(disp)
    b = Builder(disp.add_block("entry"))
    roles = [role for _, _, role in params]
    args = [disp.args[roles.index(("primal", a.index))] for a in fn.args]
    shadows = [(role[1], disp.args[k]) for k, role in enumerate(roles) if role[0] == "shadow"]
    # The fast gradient's shadows are noalias too: they must not overlap either.
    apart = emit_disjoint(b, fn, args, accesses, shadows)
    to_fast, to_slow = disp.add_block("noalias"), disp.add_block("mayalias")
    b.cond_br(apart, to_fast, to_slow)
    for block, target in ((to_fast, fast), (to_slow, slow)):
        cb = Builder(block)
        result = cb.call(target, list(disp.args))
        cb.ret(None if slow.return_type.is_void else result)
    return disp
