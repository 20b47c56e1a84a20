"""Canonicalize a copy of the primal before differentiating it.

The reverse pass wants SSA values rather than stack memory, every block
reachable, and one exit: mem2reg, dead-block removal and return merging
establish that.  Loop nests that reduce along a strided walk are
interchanged first (transforms/interchange.py): a derivative pays for such
a walk twice, once reading the primal and once updating the adjoint.  Loops
that walk a pointer get an integer counter (transforms/pointer_counters.py),
from which the reverse pass computes their addresses.  Debug and lifetime
intrinsics are dropped from the copy; they describe the primal's frame, not
the derivative's.
"""
from __future__ import annotations

import re

from ..analysis.activity import only_read_through
from ..analysis.cfg import reverse_postorder
from ..analysis.constant_callees import resolved_callee
from ..analysis.library import DROPPED_INTRINSICS as _DROPPED
from ..analysis.library import OUT_PARAMETER_ALLOCATORS
from ..analysis.library.intrinsics import (CONSTRAINED_BINARY, CONSTRAINED_CASTS,
                                           CONSTRAINED_COMPARES, CONSTRAINED_MATH,
                                           CONSTRAINED_PREFIX, PLAIN_ROUNDING,
                                           POINTER_MASK_INTRINSICS, SAME_POINTER_INTRINSICS)
from ..analysis.library.libm import FP_ENV_FUNCTIONS, MATH_RESULTS_THROUGH_POINTERS
from ..analysis.library.runtimes import ASAN_FAKE_STACK_ALLOCATORS
from ..diagnostics import DifferentiationError
from ..ir import BasicBlock, Builder
from ..ir import instructions as I
from ..ir.constants import ConstantExpr, ConstantInt, ConstantUndef, MetadataValue
from ..ir.references import reaches_function
from ..ir.types import I8, I64, FunctionType, size_and_align
from ..transforms.fortran_runtime import write_out_fortran_reductions
from ..transforms.interchange import interchange_reduction_nests
from ..transforms.mem2reg import promote_allocas
from ..transforms.pointer_counters import count_pointer_steps
from ..transforms.reroll import reroll_unrolled_loops
from .misuse import named_type



def prepare_for_differentiation(fn, primal=None):
    """Canonicalize `fn` (a copy of `primal`) in place; returns its single
    exit block."""
    drop_marker_calls(fn)
    constrained_as_plain(fn, primal or fn)
    allocate_through_results(fn)
    write_out_fortran_reductions(fn)
    call_unchanging_callees(fn)
    results_through_pointers_as_calls(fn)
    pointer_intrinsics_as_offsets(fn)
    invokes_to_calls(fn)
    frames_on_the_stack(fn)
    remove_unreachable_blocks(fn)
    promote_allocas(fn)
    reroll_unrolled_loops(fn)
    interchange_reduction_nests(fn)
    count_pointer_steps(fn)
    return merge_returns(fn, primal or fn)


def copy_written_byval_arguments(fn, primal, args, memcpy_bytes) -> None:
    """A `byval` parameter is the callee's own copy of the caller's object,
    made by the call; the derivative's calls pass the object itself (and
    its shadow), so a callee writing its by-value struct would write the
    caller's object and shadow (`f(P p) { p.v *= p.v; ... }` called twice
    on one p squared it twice).  Such a parameter of `primal` (`args[i]` in
    the copy `fn`) is copied at entry into a local, which gets a shadow of
    its own; the copy's reverse adds its adjoints into the caller's shadow.
    `memcpy_bytes(builder, dst, src, nbytes)` emits the copy."""
    entry = fn.blocks[0]
    for param in primal.args:
        m = re.search(r"\bbyval\((.+?)\)(\s|$)", param.attrs)
        value = args[param.index]
        if m is None or only_read_through(param):
            continue
        held = named_type(fn.module, m.group(1)) or getattr(param.type, "pointee", None)
        if held is None:
            raise DifferentiationError(
                f"cannot differentiate '{primal.name}': it writes its by-value argument "
                f"{param.index + 1}, whose type {m.group(1)} is not a named struct",
                function=primal, instruction=next(iter(param.users), None))
        b = Builder().position_before(entry.instructions[entry.first_non_phi_index()])
        local = b.alloca(held, name=(value.name or "byval") + ".own")
        value.replace_all_uses_with(b.pointer_cast(local, value.type))
        memcpy_bytes(b, local, value, ConstantInt(I64, size_and_align(held)[0]))


def separate_alloca_prologue(fn) -> BasicBlock:
    """Move the entry block's fixed-size allocas into a new entry block of
    their own that branches to the old one.

    The reverse pass adds a stack slot (and its zeroing store) at the top of
    the entry for each value it keeps; inserting them at the front of an
    entry block holding thousands of instructions shifts the whole block
    each time, which made large functions quadratic.  In a block holding
    only allocas they are appended instead.  The allocas stay in the entry
    block, so LLVM still sees them as static."""
    entry = fn.blocks[0]
    static = [i for i in entry.instructions if isinstance(i, I.Alloca) and (
        i.count is None or isinstance(i.count, ConstantInt))]
    prologue = BasicBlock(fn.claim_name("allocas"), fn)
    fn.blocks.insert(0, prologue)
    moved = {id(i) for i in static}
    entry.instructions = [i for i in entry.instructions if id(i) not in moved]
    entry.numbered = 0
    for alloca in static:
        prologue.append(alloca)
    Builder(prologue).br(entry)
    return prologue


def drop_marker_calls(fn) -> None:
    for inst in list(fn.instructions()):
        if isinstance(inst, I.Call):
            callee = inst.called_function
            if callee is not None and callee.name.startswith(_DROPPED) and not inst.has_uses():
                inst.erase()


def allocate_through_results(fn) -> None:
    """`posix_memalign(&p, align, n)` becomes `p = memalign(align, n)`, its
    status `p ? 0 : ENOMEM`: the block then comes from an allocator's result
    and is stored as any pointer is, so it (and `p`'s slot) gets a shadow.
    (The catalog's OUT_PARAMETER_ALLOCATORS; an alignment posix_memalign
    would reject as EINVAL, memalign rounds up.)"""
    for inst in list(fn.instructions()):
        callee = inst.called_function if isinstance(inst, I.Call) else None
        if callee is None or callee.name not in OUT_PARAMETER_ALLOCATORS or \
                len(inst.args) != 3:
            continue
        out, align, nbytes = inst.args
        b = Builder().position_before(inst)
        byte_ptr = out.type.pointee if not out.type.is_opaque else out.type
        memalign = fn.module.declare_function(
            "memalign", FunctionType(byte_ptr, (align.type, nbytes.type)))
        block = b.call(memalign, [align, nbytes], (inst.name or "block") + ".block")
        b.store(block, out)
        if inst.has_uses():
            failed = b.icmp("eq", block, Builder.zero(byte_ptr))
            status = b.select(failed, Builder.int(inst.type, 12), Builder.zero(inst.type))
            inst.replace_all_uses_with(status)
        inst.erase()


def results_through_pointers_as_calls(fn) -> None:
    """`sincos(x, &s, &c)` becomes `s = sin(x); c = cos(x)`: two calls the
    rule table differentiates, whose results are stored as any value is
    (the catalog's MATH_RESULTS_THROUGH_POINTERS).  LLVM's code generator
    joins the pair into one sincos again where both sit together."""
    for inst in list(fn.instructions()):
        callee = inst.called_function if isinstance(inst, I.Call) else None
        names = MATH_RESULTS_THROUGH_POINTERS.get(callee.name) if callee is not None else None
        if names is None or len(inst.args) != 3 or not inst.args[0].type.is_float:
            continue
        x = inst.args[0]
        b = Builder().position_before(inst)
        for name, out in zip(names, inst.args[1:]):
            math = fn.module.declare_function(name, FunctionType(x.type, (x.type,)))
            b.store(b.call(math, [x], (inst.name or name) + "." + name), out)
        inst.erase()


def call_unchanging_callees(fn) -> None:
    """An indirect call through a function pointer that no code changes (a
    global table's field) calls that function directly: the AD needs to
    know what it does (see analysis/constant_callees.py)."""
    for inst in list(fn.instructions()):
        if not isinstance(inst, I.CallBase) or inst.called_function is not None:
            continue
        target = resolved_callee(inst)
        if target is None:
            continue
        callee = target if target.type == inst.callee.type else \
            ConstantExpr("bitcast", inst.callee.type, [target])
        inst.set_operand(len(inst.operands) - 1, callee)


def constrained_as_plain(fn, primal) -> None:
    """Constrained floating-point operations (clang -ffp-model=strict) become
    the plain instructions and intrinsics, whose derivative rules apply:
    under the default or the run-time rounding mode they compute the same
    bits, and the copy differentiated is not where the program reads its
    floating-point flags.  Another rounding mode, an operation without a
    plain form here, or a function reading or setting the floating-point
    environment (a flag the plain form need not raise, a rounding mode it
    may be folded without), is an error at the call."""
    constrained = [call for call in fn.instructions() if isinstance(call, I.Call) and
                   call.called_function is not None and
                   call.called_function.name.startswith(CONSTRAINED_PREFIX)]
    if constrained and reaches_function(fn, lambda f: f.name in FP_ENV_FUNCTIONS):
        raise DifferentiationError(
            f"cannot differentiate '{constrained[0].called_function.name}' (constrained "
            "floating point) in a function that reads or sets the floating-point "
            "environment: the derivative's arithmetic would not keep its flags and rounding",
            function=primal, instruction=constrained[0])
    for call in constrained:
        callee = call.called_function
        op, _, suffix = callee.name[len(CONSTRAINED_PREFIX):].partition(".")
        texts = [a.text for a in call.args if isinstance(a, MetadataValue)]
        values = [a for a in call.args if not isinstance(a, MetadataValue)]
        rounding = [t for t in texts if t.startswith('!"round.')]
        if any(t not in PLAIN_ROUNDING for t in rounding):
            raise DifferentiationError(
                f"cannot differentiate '{callee.name}' under the rounding mode {rounding[0]}: "
                "derivatives are computed under the default or the run-time rounding mode",
                function=primal, instruction=call)
        b = Builder().position_before(call)
        if op in CONSTRAINED_BINARY:
            plain = b.binop(op, *values)
        elif op in CONSTRAINED_CASTS:
            plain = b.cast(op, values[0], call.type)
        elif op in CONSTRAINED_COMPARES:
            plain = b.fcmp(texts[0][2:-1], *values)
        elif op in CONSTRAINED_MATH:
            name = f"llvm.{op}.{suffix}" + (".i32" if op == "powi" else "")
            declared = fn.module.declare_function(
                name, FunctionType(call.type, [v.type for v in values]))
            plain = b.call(declared, values)
        else:
            raise DifferentiationError(
                f"cannot differentiate '{callee.name}' (constrained floating point, clang "
                "-ffp-model=strict): no plain form of it is known here", function=primal,
                instruction=call)
        call.replace_all_uses_with(plain)
        call.erase()


def pointer_intrinsics_as_offsets(fn) -> None:
    """`llvm.ptrmask(p, m)` (clang's __builtin_align_up/down) becomes `p`
    plus the bytes the mask moves it, `(p & m) - p`, and a pointer under
    another invariant group (`llvm.launder.invariant.group`), or a
    thread-local global's address (`llvm.threadlocal.address`), becomes the
    pointer itself: the same addresses, which the shadow follows as an
    offset from p's (or as the global's shadow), where a call returning a
    pointer has none."""
    for call in list(fn.instructions()):
        callee = call.called_function if isinstance(call, I.Call) else None
        name = callee.name if callee is not None else ""
        if name.startswith(POINTER_MASK_INTRINSICS):
            pointer, mask = call.args[:2]
            b = Builder().position_before(call)
            address = b.cast("ptrtoint", pointer, mask.type)
            moved = b.sub(b.binop("and", address, mask), address)
            byte_pointer = b.pointer_cast(pointer, fn.module.pointer_to(I8))
            masked = b.gep(I8, byte_pointer, [moved], byte_pointer.type, inbounds=False)
            call.replace_all_uses_with(b.pointer_cast(masked, call.type))
            call.erase()
        elif name.startswith(SAME_POINTER_INTRINSICS):
            b = Builder().position_before(call)
            call.replace_all_uses_with(b.pointer_cast(call.args[0], call.type))
            call.erase()


def invokes_to_calls(fn) -> None:
    """`invoke` becomes `call` + `br` to the normal destination.

    Derivatives are not defined along exception paths: the derivative of a
    C++ function is the derivative of its normal execution, and unwinding
    blocks (landing pads, cleanups) become unreachable and are dropped.
    """
    for block in list(fn.blocks):
        inv = block.terminator
        if not isinstance(inv, I.Invoke):
            continue
        call = I.Call(inv.function_type, inv.callee, list(inv.args), tail=inv.tail,
                      cconv=inv.cconv, flags=inv.flags, ret_attrs=inv.ret_attrs,
                      arg_attrs=inv.arg_attrs, fn_attrs=inv.fn_attrs,
                      bundles=list(zip([t for t, _ in inv.bundles],
                                       [vals for _, vals in inv.bundle_operands()])),
                      explicit_type=inv.explicit_type, addrspace_text=inv.addrspace_text)
        call.metadata = list(inv.metadata)
        b = Builder().position_before(inv)
        b.insert(call)
        call.name = inv.name
        if not inv.type.is_void:
            inv.replace_all_uses_with(call)
        invoke_to_branch(inv)


def invoke_to_branch(inv) -> None:
    """Erase an (unused) invoke, leaving a branch to its normal destination;
    the unwind edge goes, and with it the unwind block's phi entries for it."""
    block, normal = inv.parent, inv.normal_dest
    for phi in inv.unwind_dest.phis:
        phi.remove_incoming(block)
    inv.erase()
    Builder(block).br(normal)


def frames_on_the_stack(fn) -> None:
    """AddressSanitizer's frame from its fake stack (`__asan_stack_malloc_N`,
    an integer address from its runtime, for use-after-return checks): in
    the copy, the frame is always the function's own alloca, as when the
    runtime returns 0.  The shadow of a local then lives in the shadow of
    that alloca, at the local's offset in it; the primal called elsewhere
    keeps its fake stack."""
    for inst in list(fn.instructions()):
        callee = inst.called_function if isinstance(inst, I.CallBase) else None
        if callee is not None and callee.name.startswith(ASAN_FAKE_STACK_ALLOCATORS):
            _fold_zero(inst)


def _fold_zero(value) -> None:
    """Replace `value` by 0 and fold what that decides: phis of 0 only, eq/ne
    compares of two constants, and branches on them (the other edge goes,
    with its phi entries)."""
    work = [(value, ConstantInt(value.type, 0))]
    while work:
        old, new = work.pop()
        users = list(old.users)
        old.replace_all_uses_with(new)
        old.erase()
        for user in users:
            if user.parent is None:
                continue
            if isinstance(user, I.Phi) and all(isinstance(v, ConstantInt) and v.value == 0
                                                  for v, _ in user.incoming):
                work.append((user, ConstantInt(user.type, 0)))
            elif isinstance(user, I.Compare) and user.predicate in ("eq", "ne") and \
                    all(isinstance(v, ConstantInt) for v in user.operands):
                same = user.operands[0].value == user.operands[1].value
                work.append((user, ConstantInt(user.type, int(same == (user.predicate == "eq")))))
            elif isinstance(user, I.Branch) and isinstance(user.condition, ConstantInt):
                block, (taken, dropped) = user.parent, user.successors
                if user.condition.value == 0:
                    taken, dropped = dropped, taken
                if dropped is not taken:
                    for phi in list(dropped.phis):
                        phi.remove_incoming(block)
                        if len(phi.incoming) == 1:      # the frame's one address left
                            phi.replace_all_uses_with(phi.incoming[0][0])
                            phi.erase()
                user.erase()
                Builder(block).br(taken)


def remove_unreachable_blocks(fn) -> None:
    live = {id(b) for b in reverse_postorder(fn)}
    dead = [b for b in fn.blocks if id(b) not in live]
    if not dead:
        return
    for block in dead:
        for succ in block.successors:
            if id(succ) in live:
                for phi in succ.phis:
                    phi.remove_incoming(block)
    for block in dead:
        for inst in block.instructions:
            inst.drop_operands()
    for block in dead:
        for inst in block.instructions:
            if inst.has_uses():
                inst.replace_all_uses_with(ConstantUndef(inst.type))
        fn.blocks.remove(block)


def merge_returns(fn, primal=None):
    """`fn`'s one returning block, made by merging its returns; `primal`
    (the function `fn` copies) names it in the error where none returns."""
    returns = [b for b in fn.blocks if isinstance(b.terminator, I.Return)]
    if not returns:
        primal = primal or fn
        raise DifferentiationError(
            f"cannot differentiate '{primal.name}': it never returns (every path ends in a "
            "call that does not return, such as exit or abort, or in a loop without an "
            "exit), so there is no result whose derivative to take", function=primal)
    if len(returns) == 1:
        return returns[0]
    exit_block = fn.add_block("return")
    b = Builder(exit_block)
    value = None
    # The primal's type, which `fn`'s own (a derivative's: a struct of the
    # primal result and its tangent, say) need not be.
    returned = returns[0].terminator.value
    if returned is not None:
        value = b.phi(returned.type, name="retval")
    for block in returns:
        ret = block.terminator
        if value is not None:
            value.add_incoming(ret.value, block)
        ret.erase()
        Builder(block).br(exit_block)
    b.ret(value)
    return exit_block
