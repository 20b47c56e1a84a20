"""The setup both generators share: the primal's copy, ready to differentiate.

ForwardGenerator (forward.py) and ReverseGenerator (reverse.py) each make
a function with the derivative's signature, then `differentiable_copy`
fills it, one step after another:

1. clone the primal's body into it, where each `__enzyme_iter` counter
   reads one step more (iteration.py);
2. prepare the copy (prepare.py): SSA form, one returning block; in
   reverse mode, whose slots go to the entry block, the entry's allocas get
   a block of their own (the `prologue`) where slots are appended cheaply;
3. type analysis (analysis/module_types.py), after which integer copies of
   typed memory become typed copies (transforms/typed_copies.py) and floats
   and pointers passed to or returned from a callee as integer bits are
   passed or returned as such (bits_across_calls.py), each followed by the
   analysis again;
4. activity analysis (analysis/activity.py) from the arguments' activity;
5. the checks that refuse, with a located error, what the derivative would
   get wrong: copies of active memory whose type is unknown
   (typed_memory.py), stores and inline assembly (unsupported.py);
6. the --print-activity / --print-type-analysis reports.

From there each generator writes its own mode's code.
"""
from __future__ import annotations

from ..analysis.activity import ActivityInfo
from ..analysis.arg_activity import Activity
from ..ir.clone import clone_body
from ..transforms.aliases import name_aliasees
from ..transforms.pointer_lanes import fold_lane_casts, split_mixed_lane_moves
from ..transforms.typed_copies import fold_cast_pairs, retype_integer_copies
from .openmp import add_tickets, direct_parallel_calls, reductions_as_critical_sections
from .bits_across_calls import pass_bits_as_values, return_bits_as_values
from .packed_lanes import pass_packed_lanes, return_packed_lanes
from .iteration import advance_counters
from .prepare import (copy_written_byval_arguments, prepare_for_differentiation,
                      separate_alloca_prologue)
from .global_pointers import refuse_copies_of_caller_set_pointers, warn_caller_set_reads
from .typed_memory import check_untyped_moves
from .unsupported import (check_active_stores, check_exception_recovery, check_flag_reads,
                          check_inline_asm, check_replaceable_aliases, check_returns_twice,
                          check_sanitizer_instrumentation, check_shared_global_shadows)


def differentiable_copy(gen, fn, args, arg_activity):
    """Fill `fn` with the prepared copy of `gen.primal`; `args` are fn's
    values of the primal's parameters, `arg_activity` their activity as the
    activity analysis reads it (fn's other arguments are constant).  Sets
    `gen.types`, `gen.info` and (reverse mode) `gen.prologue`; returns the
    copy's returning block."""
    primal, ctx = gen.primal, gen.ctx
    check_exception_recovery(primal, primal)
    clone_body(primal, fn, {id(a): args[a.index] for a in primal.args})
    copy_written_byval_arguments(fn, primal, args, ctx.memcpy_bytes)
    check_replaceable_aliases(name_aliasees(fn), primal)
    check_sanitizer_instrumentation(fn, primal)
    advance_counters(fn)
    gen.parallel_forks = direct_parallel_calls(fn)
    reductions_as_critical_sections(fn)
    if gen.mode == "reverse" and gen.in_parallel:
        gen.parallel_tickets = add_tickets(fn)
    exit_block = prepare_for_differentiation(fn, primal)
    if gen.mode == "reverse":
        gen.prologue = separate_alloca_prologue(fn)
    gen.types = _type_analysis(ctx, fn, primal, args)
    kinds = [Activity.CONST] * len(fn.args)
    for value, kind in zip(args, arg_activity):
        kinds[value.index] = kind
    gen.info = ActivityInfo(fn, kinds, ctx.globals)
    gen.pointer_copies = check_untyped_moves(fn, gen.types, gen.info, primal, args,
                                             ctx.escaped_writes)
    check_active_stores(fn, gen.info, primal, args, ctx.escaped_writes)
    warn_caller_set_reads(gen, fn)
    refuse_copies_of_caller_set_pointers(gen, fn)
    check_inline_asm(fn, gen.info, primal)
    check_returns_twice(fn, primal)
    check_shared_global_shadows(gen, fn, primal)
    check_flag_reads(gen, fn, primal)
    ctx.report_analyses(gen, fn)
    return exit_block


def _values_for_bits(ctx, copy) -> bool:
    """Floats and pointers passed and returned as integer bits, passed and
    returned as such: arguments first (a callee returning its address
    argument plus an offset returns an address once that argument is the
    pointer), then results, then arguments again (a result's bits passed
    on: `double_of(bits_of(x))`); before them, structs of a float and an
    int packed into one i64 (packed_lanes.py)."""
    variants, analysis = ctx.bits_variants, ctx.module_types.analysis
    changed = return_packed_lanes(copy, variants) | pass_packed_lanes(copy, variants)
    changed |= pass_bits_as_values(copy, variants, analysis)
    if return_bits_as_values(copy, variants, analysis):
        pass_bits_as_values(copy, variants, analysis)
        changed = True
    return changed


def _type_analysis(ctx, copy, primal, args):
    """Type analysis of `copy`, the AD's copy of `primal`, after integer
    copies of typed memory in it became typed copies and floats passed as
    integer bits are passed as floats, and vector loads and stores mixing
    floats with pointers became one per lane, and functions returning
    floats as integer bits return the floats."""
    types = ctx.module_types.analysis(copy, args, like=primal)
    if split_mixed_lane_moves(copy, types):
        types = ctx.module_types.analysis(copy, args, like=primal)
    if retype_integer_copies(copy, types) | fold_lane_casts(copy) | fold_cast_pairs(copy):
        types = ctx.module_types.analysis(copy, args, like=primal)
        # A double loaded as an integer lane is a double now, so a store mixing it
        # with pointers can be split (-O2: `inttoptr (load <2 x i64>)` beside `gep`s).
        if split_mixed_lane_moves(copy, types):
            types = ctx.module_types.analysis(copy, args, like=primal)
    if _values_for_bits(ctx, copy):
        types = ctx.module_types.analysis(copy, args, like=primal)
        # A result now a float's bits may meet a sign-bit trick, whose float form is
        # passed on as a float (Rust -O0: from_bits(x.to_bits() ^ SIGN)).
        if retype_integer_copies(copy, types):
            _values_for_bits(ctx, copy)
            types = ctx.module_types.analysis(copy, args, like=primal)
    return types
