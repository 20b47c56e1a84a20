"""Reverse mode: synthesizes the adjoint of a function.

The derivative is built on a copy of the primal, brought to SSA form, with a
single exit block.  Forward blocks run the primal (plus shadow pointers);
one reverse block per forward block then walks the instructions backwards,
accumulating adjoints in stack slots that clang promotes to registers.

Primal values the reverse pass needs live in *slots*.  A slot is written
where the value is defined; a block that can run more than once first
pushes the slot's old contents on the tape, and its reverse block pops them
back after use, so every reverse block sees the values of its own forward
execution.  Which predecessor a block was entered from is recorded the same
way (an index phi), and drives the reverse branch.  Which values get a
slot and which the reverse pass recomputes is cache_policy.py's decision;
instrument.py places the saves.

Two shapes are produced from the same code: *combined* (forward and reverse
in one function: what `__enzyme_autodiff` calls) and *split* (an augmented
forward function and a reverse function sharing a tape: what a call to a
differentiated function inside differentiated code uses).

Batched (vector) reverse mode, `enzyme_width N`, runs N reverse passes in
one: the primal sweep, its slots and its tape are shared, while shadows and
adjoints exist once per *lane*.  Lookups of shadows and adjoints take a lane
(by default the generator's current one, which `each_lane` steps through),
so the code of most instructions is emitted once per lane unchanged;
derivative rules compute their partials once and scale every lane's adjoint,
and calls of differentiated functions pass all lanes to one batched callee.
"""
from __future__ import annotations

from typing import Dict, List

from ..analysis.activity import (POINTER_LANE_MOVES, allocation_alignment_index,
                                 allocation_count_index, allocation_size_index, contains_float,
                                 holds_pointers, trivial_pointers)
from ..analysis.arg_activity import DUPLICATED, Activity
from ..analysis.cfg import blocks_in_cycles, predecessor_map, reaches, reverse_postorder
from ..analysis.join_paths import ALWAYS, deciding_branch, entry_conditions
from ..analysis.library import differentiable_blas, reallocator, is_memory_copy
from ..analysis.lanes import constant_without_poison
from ..analysis.loops import LoopInfo, counter_parts, math_calls_only
from ..diagnostics import DifferentiationError
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.module import function_under_casts
from ..ir.constants import (ConstantAggregate, ConstantInt, ConstantPoison, ConstantUndef,
                            const_float, zero_of)
from ..ir.types import I64, VOID, FunctionType, IntType, StructType
from ..ir.values import Argument
from .aggregates import (is_pointer_aggregate, mirror_reverse, returns_gradient,
                         store_reverse_forward_pass)
from .cache_policy import PrimalCache
from .calls import CallKind, classify_call
from .conventions import coerce, fit_pointer_args
from .dead_primal import drop_unneeded_math_calls, use_math_intrinsics
from .global_pointers import check_global_pointer_shadow
from .inert_loops import check_untaped, inert_loop_blocks, way_back
from .instruction_table import differentiate_instruction, replayed_by_generator
from .instrument import instrument_forward, pad_arms, reserve_loop_tapes
from .loop_hints import allow_unrolling, keep_scalar
from .noneed_memory import drop_unneeded_primal_stores
from .partial_adjoints import PartialAdjoints
from .openmp import fork_of, parallel_split, restore_forks
from .repeated_operands import merge_repeated_operands, seed_multiples, twice
from .rule_fusion import rule_for
from .rules import Emitter, Expr, partials_rule, rule_flags, scaled
from . import shadow_heap
from .shadows import (clone_with_shadows, holds_adjoints_only, null_pointer_argument,
                      shadow_inttoptr, stored_pointer)
from .skeleton import differentiable_copy
from . import tape as T
from .tape_anchor import anchor_loop_pops
from .unsupported import (check_variadic_call, refuse_missing_shadow,
                          refuse_unshadowed_pointer_store)
from .constant_memory import refuse_escaped_writes_read_back
from .typed_memory import move_copied_pointer_shadows
from .indirect import (called_int_pointers, called_int_shadow, called_through,
                       rewrite_indirect_call, shadow_of_slot_load)



class ReverseGenerator:
    mode = "reverse"     # the instruction table's mode; split derivatives too

    def __init__(self, ctx, primal: Function, activity, ret_active: bool, split: bool,
                 ret_shadow: bool = False, width: int = 1, kept: tuple = ()):
        self.ctx = ctx
        self.module = ctx.module
        self.primal = primal
        self.kinds = list(activity)
        self.ret_active = ret_active and contains_float(primal.return_type)
        self.split = split
        self.kept = kept                 # arguments whose memory the caller keeps (split)
        self.ret_shadow = ret_shadow     # aug also returns the shadow of a pointer result
        self.prologue = None             # the entry block holding only allocas (skeleton)
        self.width = width               # lanes: shadows and adjoints per duplicated value
        self.lane = 0                    # the lane lookups default to (see each_lane)
        self.call_plans: Dict[int, tuple] = {}
        self.parallel_forks: dict = {}    # OpenMP forks called directly (openmp.py)
        self.pointer_copies: dict = {}    # integer copies of pointers (typed_memory.py)
        self.parallel_tickets: dict = {}  # critical sections' tickets (openmp.py)
        # The outlined body of a parallel region: its reverse adds to shared
        # shadows atomically.
        self.in_parallel = id(primal) in ctx.parallel_bodies
        self.adjoints: Dict[tuple, object] = {}      # (id(value), lane) -> stack slot
        self.partials = PartialAdjoints(self)        # more slots of loop reductions
        self.in_place_loads: set = set()  # ids of loads whose adjoint stays in the shadow
        self.shadow_of: Dict[tuple, object] = {}     # (id(value), lane) -> shadow
        # id(shadow load) -> its primal load, whose memory's type it shares
        self.primal_of_shadow_load: Dict[int, object] = {}
        self.reversing = None             # the forward block whose reverse is being emitted
        self.in_block_body = False        # emitting the reverse of its instructions
        self.pop_builders: list = []      # (forward block, builder in its reverse's tape block)
        self.heap_allocas: set = set()    # ids of allocas whose shadow is malloc'd
        self.reverse_only_shadows: list = []  # forward placeholders (_shadow_alloca_in_reverse)
        self.tape_bytes = 0               # bytes pushed per run of the repeating blocks
        # The functions and their arguments (build, _generate, _setup_entries).
        self.fwd = self.rev = None        # forward and reverse function (one when combined)
        self.fwd_args: list = []          # fwd's values of the primal's parameters
        self.rev_args: Dict[int, object] = {}   # id(fwd argument) -> rev's argument
        self.fwd_tape = self.rev_tape = None    # the tape each function pushes / pops
        self.drets: list = []             # the result's adjoint per lane (rev's arguments)
        self.fwd_alloca = self.rev_alloca = None  # builders for each function's stack cells
        self.rev_entry = None             # the reverse function's entry (split only)
        # The analyses of the forward function (differentiable_copy, _generate).
        self.types = self.info = None     # type analysis, activity analysis
        self.fused_rules: dict = {}       # rule_fusion.py's decisions
        self.exit = None                  # its one returning block
        self.preds: Dict[int, list] = {}  # id(block) -> predecessors
        self.returning: set = set()       # ids of the blocks from which it returns
        self.fwd_blocks: list = []        # its blocks
        self.order: list = []             # its blocks in reverse postorder
        self.cyclic: set = set()          # ids of its blocks in cycles
        self.loops = None                 # its LoopInfo
        self.cache = self.undo = None     # what is recomputed or kept; the undo log
        self.pred_index: Dict[int, object] = {}  # id(block) -> index of the edge taken into it
        self.inert_blocks: set = set()      # ids of the blocks of loops walked once in reverse
        self.way_conditions: set = set()    # ids of the i1s some pred_index is made of alone
        # The reverse blocks (_build_reverse, _link_exit).
        self.rev_blocks: Dict[int, object] = {}  # id(forward block) -> its reverse
        self.pop_blocks: Dict[int, object] = {}  # id(forward block) -> its reverse's tape pops
        self.rev_edges: Dict[tuple, object] = {}  # (id(join), id(pred)) -> the reverse's edge block
        self.final = None                 # the reverse's last block
        self.final_ret = None             # and its return
        self.ret_value = None             # the value returned, seeded with the adjoint
        self.seed_multiples = set()       # ids of values whose adjoint is a seed's multiple

    # ------------------------------------------------------------------ lanes
    def each_lane(self):
        """Step the current lane through all lanes (once, lane 0, when not batched)."""
        try:
            for lane in range(self.width):
                self.lane = lane
                yield lane
        finally:
            self.lane = 0

    def _lane(self, lane):
        return self.lane if lane is None else lane

    def lane_name(self, name: str, lane=None) -> str:
        """`name` with the lane appended in a batched derivative."""
        return name if self.width == 1 else f"{name}{self._lane(lane)}"

    # ------------------------------------------------------------------ signatures
    def _param_list(self):
        """(types, names, role) of primal arguments, each dup one followed by its
        shadows (one per lane)."""
        out = []
        for arg, kind in zip(self.primal.args, self.kinds):
            out.append((arg.type, arg.name or "arg", ("primal", arg.index)))
            if kind in DUPLICATED:
                for lane in range(self.width):
                    out.append((arg.type, self.lane_name((arg.name or "arg") + ".shadow", lane),
                                ("shadow", arg.index, lane)))
        return out

    def gradient_types(self) -> list:
        """One gradient per lane of each active argument, argument-major: the
        layout of Enzyme's `{[N x T], ...}` (and of a C struct of `T g[N]` arrays)."""
        return [a.type for a, k in zip(self.primal.args, self.kinds)
                if returns_gradient(a.type, k) for _ in range(self.width)]

    def gradient_return_type(self):
        types = self.gradient_types()
        if not types:
            return VOID
        return types[0] if len(types) == 1 else StructType(tuple(types))

    def _new_function(self, name: str, ret, params, lead=(), trail=()):
        all_params = list(lead) + params + list(trail)
        ftype = FunctionType(ret, tuple(t for t, _, _ in all_params))
        fn = Function(name, ftype, self.module.pointer_to(ftype),
                      [n for _, n, _ in all_params], linkage="internal",
                      attrs=self.primal.target_attributes())
        self.module.add_function(fn)
        roles = {}
        for arg, (_, _, role) in zip(fn.args, all_params):
            roles[role] = arg
            if role[0] in ("primal", "shadow") and \
                    "noalias" in self.primal.args[role[1]].attrs.split():
                # restrict carries over: to the primal pointer, and to its shadow,
                # which mirrors it; memory analysis and LLVM both use it.
                arg.attrs = "noalias"
        return fn, roles

    # ------------------------------------------------------------------ entry points
    def build(self, name: str):
        params = self._param_list()
        tape_param = [(T.tape_ptr_type(self.module), "tape", ("tape",))] if self.split else []
        dret = ([(self.primal.return_type, self.lane_name("differet", lane), ("dret", lane))
                 for lane in range(self.width)] if self.ret_active else [])
        grad_ret = self.gradient_return_type()
        batch = "" if self.width == 1 else str(self.width)
        if self.split:
            aug_ret = self.primal.return_type
            if self.ret_shadow:
                aug_ret = StructType((aug_ret,) * (1 + self.width))
            self.fwd, fwd_roles = self._new_function(f"augmented{batch}_" + name, aug_ret,
                                                     params, lead=tape_param)
            self.rev, rev_roles = self._new_function(f"diffe{batch}_" + name, grad_ret, params,
                                                     lead=tape_param, trail=dret)
        else:
            self.fwd, fwd_roles = self._new_function(f"diffe{batch}_" + name, grad_ret, params,
                                                     trail=dret)
            self.rev, rev_roles = self.fwd, fwd_roles
        self.ctx.register(self)
        self._generate(fwd_roles, rev_roles)
        return self.fwd, self.rev

    def _generate(self, fwd_roles, rev_roles) -> None:
        self.fwd_args = [fwd_roles[("primal", a.index)] for a in self.primal.args]
        self.exit = differentiable_copy(self, self.fwd, self.fwd_args, self.kinds)
        # The blocks are final from here on: one predecessor map serves.  The
        # derivative follows the paths that return; calls in blocks that end
        # in a throw or an abort (formatting an error message with an active
        # value) are not differentiated, and those blocks get no reverse.
        self.preds = predecessor_map(self.fwd)
        self.returning = reaches(self.exit, self.preds)
        self.fwd_blocks = list(self.fwd.blocks)
        # One loop analysis serves the cache policy, its undo log and the
        # reverse pass.
        self.loops = LoopInfo(self.fwd)
        self.cache = PrimalCache(self)
        self.undo = self.cache.undo
        self.rev_args = {id(fwd_roles[("primal", a.index)]): rev_roles[("primal", a.index)]
                         for a in self.primal.args}
        for a, kind in zip(self.primal.args, self.kinds):
            if kind not in DUPLICATED:
                continue
            primal_arg = fwd_roles[("primal", a.index)]
            for lane in range(self.width):
                role = ("shadow", a.index, lane)
                self.shadow_of[(id(primal_arg), lane)] = fwd_roles[role]
                self.rev_args[id(fwd_roles[role])] = rev_roles[role]
        self.fwd_tape = fwd_roles.get(("tape",))
        self.rev_tape = rev_roles.get(("tape",))
        self.drets = [rev_roles.get(("dret", lane)) for lane in range(self.width)]
        self._setup_entries()
        self.cyclic = blocks_in_cycles(self.fwd)
        self.order = [b for b in reverse_postorder(self.fwd)]
        self._make_pred_indices()
        self._make_shadows()
        self._build_reverse()
        self._instrument_forward()
        self._check_reverse_only_shadows()
        restore_forks(self)
        self._start_tape()
        self._drop_unneeded_primal_stores()
        use_math_intrinsics(self.module, self.fwd)
        self.dropped_math_calls = drop_unneeded_math_calls(self.fwd)
        for fn in {id(self.fwd): self.fwd, id(self.rev): self.rev}.values():
            allow_unrolling(fn)
        self.ctx.record_reverse(self)

    # ------------------------------------------------------------------ setup
    def _setup_entries(self) -> None:
        """Blocks for allocas: the forward entry, and in split mode the reverse entry."""
        self.fwd_alloca = Builder(self.fwd.blocks[0], 0)
        if self.split:
            self.rev_entry = self.rev.add_block("entry")
            self.rev_alloca = Builder(self.rev_entry, 0)
        else:
            self.rev_alloca = self.fwd_alloca
            self.fwd_tape = T.tape_header(self.fwd_alloca)     # set up by _start_tape
            self.rev_tape = self.fwd_tape

    def _make_pred_indices(self) -> None:
        """An index phi in each block with several predecessors.

        A loop header whose counter starts at a value from before the loop
        and steps without wrapping gets no phi: it was entered from outside
        exactly when the counter holds its start value, which the reverse
        pass recomputes from the counter (and the start, kept once per entry
        of the loop) instead of reading one more tape entry per iteration.  Nor does the join of the two arms of a `br i1 %c`: the
        reverse pass tells the arms apart by %c (recomputed from the
        counter when it is `i > 0`).
        """
        self.pred_index = {}
        self.inert_blocks = inert_loop_blocks(self.loops, self.preds, self.info)
        order_index = {id(b): k for k, b in enumerate(self.order)}
        for block in self.order:
            preds = self.preds[id(block)]
            if len(preds) < 2:
                continue
            if id(block) in self.inert_blocks:
                back = way_back(block, preds, self.inert_blocks, order_index)
                self.pred_index[id(block)] = ConstantInt(index_type(len(preds)), preds.index(back))
                continue
            derived = counter_pred_index(block, preds, self.loops.dom)
            if derived is None:
                derived = branch_pred_index(block, preds, self.preds)
            if derived is None:
                derived = region_pred_index(block, preds, self.preds, self.loops.dom)
            if derived is None:
                derived = path_pred_index(block, preds, self.preds, self.loops)
            if derived is None and self.loops.loops_around(block):
                derived = self._condition_pred_index(block, preds)
            if derived is not None:
                self.pred_index[id(block)] = derived
                continue
            phi = I.Phi(index_type(len(preds)))
            phi.name = self.fwd.claim_name("pred.index")
            block.insert(0, phi)
            for p in block_preds_with_multiplicity(block, self.preds):
                phi.add_incoming(ConstantInt(phi.type, preds.index(p)), p)
            self.pred_index[id(block)] = phi

    def _condition_pred_index(self, block, preds):
        """`zext %c` (or of its negation) as the predecessor index of a join
        in a loop whose way in the latest run of one `br i1 %c` decides
        (analysis/join_paths: `deciding_branch`), where the others found
        none; %c joins `way_conditions`, which the cache policy keeps
        whole rather than recompute from operands it would have to keep
        (cache_policy: `_kept_as_way`).  An i1 taped where the condition
        was computed costs the forward pass no index phi.  Only where
        the branch ends the header of the join's loop, and no loop lies
        inside: pushed with the header's values at the header's end
        (instrument.py `_header_entry_value`), the i1 lives no longer than
        it takes to store it.  A condition of an inner loop's exit would be
        taped once per iteration of that loop where the index was once per
        exit (tools/perfhunt insertion_sort: 4.8% more instructions); one
        kept across an inner loop to the latch costs a register there
        (newton: 0.5%)."""
        loop = self.loops.innermost.get(id(block))
        decided = deciding_branch(block, preds, self.preds, self.loops.dom)
        if decided is None or decided[0] is not loop.header or not self.loops.holds_no_loop(loop):
            return None
        _, condition, when_true = decided
        b = Builder(block, block.first_non_phi_index())
        taken = condition
        if when_true == 0:
            taken = b.binop("xor", taken, b.i1(True), "arm.false")
        self.way_conditions.add(id(condition))
        return b.cast("zext", taken, index_type(2), "pred.index")

    # ------------------------------------------------------------------ shadows (forward)
    def _make_shadows(self) -> None:
        """Shadow pointers, in dominance order; calls of differentiated functions are
        rewritten in the same walk, since they may return a shadowed pointer."""
        phis = []
        self.called_ints = called_int_pointers(self.order)
        for block in self.order:
            for inst in list(block.instructions):
                if isinstance(inst, I.CallBase) and self._needs_derivative_call(inst):
                    self._rewrite_call(inst)
                    continue
                if isinstance(inst, I.CallBase) and self._is_reached_blas_call(inst):
                    from .blas import prepare_blas_reverse      # BLAS calls only
                    try:
                        prepare_blas_reverse(self, inst, differentiable_blas(
                            inst.called_function.name), self.cache.memory_unchanged)
                    except DifferentiationError as e:
                        raise e.locate(inst)
                    continue
                if not self.info.has_shadow(inst):
                    continue
                for lane in reversed(range(self.width)):    # inserted after inst: lane 0 first
                    self.lane = lane
                    try:
                        shadow = self._shadow_instruction(inst)
                    except DifferentiationError as e:
                        raise e.locate(inst)
                    if shadow is not None:
                        self.shadow_of[(id(inst), lane)] = shadow
                        if isinstance(inst, I.Load) and isinstance(shadow, I.Load):
                            self.primal_of_shadow_load[id(shadow)] = inst
                        if isinstance(shadow, I.Phi):
                            phis.append((inst, shadow, lane))
                self.lane = 0
        for phi, shadow, lane in phis:
            for value, block in phi.incoming:
                try:
                    shadow.add_incoming(self.shadow_value(value, lane), block)
                except DifferentiationError as e:
                    raise e.locate(phi)
        for block in self.order:
            for inst in list(block.instructions):
                for _ in self.each_lane():
                    self._forward_pointer_copies(inst)

    def _forward_pointer_copies(self, inst) -> None:
        """Pointers stored into shadowed memory have their shadows stored in the
        shadow memory (of the current lane), also when memcpy moves them."""
        if isinstance(inst, I.Store) and is_pointer_aggregate(inst.value.type) and \
                self.info.has_shadow(inst.pointer):
            store_reverse_forward_pass(self, Builder().position_after(inst), inst)
            return
        offsets = self.pointer_copies.get(id(inst))
        if offsets is not None:         # pointers copied as integers
            source = inst.value.pointer
            if not self.info.has_shadow(source) and \
                    self.ctx.constant_shadow(source, "reverse", self.lane) is None:
                refuse_unshadowed_pointer_store(inst, self.primal, self.fwd_args)
            move_copied_pointer_shadows(self.ctx, Builder().position_after(inst),
                                        self.shadow_value(inst.pointer),
                                        self.shadow_value(source), offsets)
            return
        stored = stored_pointer(inst)
        if stored is not None and self.info.has_shadow(inst.pointer):
            b = Builder().position_after(inst)
            if not self.info.has_shadow(stored) and \
                    self.ctx.constant_shadow(stored, "reverse", self.lane) is None:
                refuse_unshadowed_pointer_store(inst, self.primal, self.fwd_args)
            shadow = self.shadow_value(stored)
            if not holds_pointers(inst.value.type):      # `store i64 ptrtoint (...)`
                shadow = b.cast("ptrtoint", shadow, inst.value.type)
            b.store(shadow, self.shadow_value(inst.pointer), inst.align)
        elif isinstance(inst, I.Call) and is_memcpy(inst):
            self.ctx.copy_shadow_pointers(self, Builder().position_after(inst), inst)

    def shadow_value(self, v, lane=None):
        """The shadow of pointer `v` in `lane` (default: the current lane)."""
        lane = self._lane(lane)
        s = self.shadow_of.get((id(v), lane))
        if s is not None:
            return s
        s = self.ctx.constant_shadow(v, "reverse", lane)
        if s is not None:
            return s
        if v.type.is_aggregate and trivial_pointers(v):
            return v        # its pointers are null or poison: so are their shadows
        ftype = getattr(self, "called_ints", {}).get(id(v))
        if ftype is not None and self.width == 1:
            s = self.shadow_of[(id(v), lane)] = called_int_shadow(self.ctx, v, ftype)
            return s
        refuse_missing_shadow(v, self.primal, self.fwd_args)

    def _shadow_instruction(self, inst):
        name = self.lane_name((inst.name or "ptr") + "'")
        if isinstance(inst, I.Phi):
            b = Builder(inst.parent, inst.parent.first_non_phi_index())
            return b.insert(I.Phi(inst.type), name)
        b = Builder().position_after(inst)
        if isinstance(inst, I.GetElementPtr):
            s = b.insert(I.GetElementPtr(inst.type, inst.source_type,
                                         self.shadow_value(inst.pointer), inst.indices,
                                         inst.flags), name)
            return s
        if isinstance(inst, I.Cast) and inst.opcode == "inttoptr":
            return shadow_inttoptr(b, inst, self.shadow_value, name)
        if isinstance(inst, I.Cast):
            return b.cast(inst.opcode, self.shadow_value(inst.operands[0]), inst.type, name)
        if isinstance(inst, I.Select):
            c, x, y = inst.operands
            return b.select(c, self.shadow_value(x), self.shadow_value(y), name)
        if isinstance(inst, I.Load):
            shadow = shadow_of_slot_load(b, inst, self.shadow_value, name)
            if shadow is None:
                shadow = b.load(inst.type, self.shadow_value(inst.pointer), name, inst.align)
                check_global_pointer_shadow(self, b, inst, shadow)
            return shadow
        if isinstance(inst, I.Alloca):
            return self._shadow_alloca(inst, b, name)
        if isinstance(inst, I.CallBase):
            return self._shadow_allocation(inst, b, name)
        if isinstance(inst, (I.InsertValue, I.ExtractValue)):
            return mirror_reverse(self, b, inst, name)
        if isinstance(inst, POINTER_LANE_MOVES + (I.Freeze,)):
            return b.insert(clone_with_shadows(inst, self.shadow_value), name)
        return None

    def _shadow_alloca(self, inst, b, name):
        """A zeroed shadow for stack memory.

        The shadow must outlive the reverse of its alloca.  In split mode
        the reverse function runs after the augmented one has returned, and
        a dynamic alloca (a C99 variable-length array in a loop) is released
        by the loop's `stackrestore` before the reverse pass runs: there the
        shadow is malloc'd, and freed at the alloca's reverse.  Unless the
        forward sweep has no use for it (`_reverse_only_shadow`).
        """
        if self._reverse_only_shadow(inst):
            return self._shadow_alloca_in_reverse(inst, name)
        nbytes = self._byte_count(b, inst.allocated_type, inst.count)
        if self.split or not _is_static_alloca(inst):
            raw = b.call(T.libc(self.module, "malloc"), [nbytes], name)
            self.heap_allocas.add(id(inst))
            shadow = b.pointer_cast(raw, inst.type)
        else:
            shadow = b.insert(I.Alloca(inst.type, inst.allocated_type, inst.count, inst.align),
                              name)
            fill = adjoint_zero_fill(inst)
            if fill is not None:
                b.store(fill, shadow, inst.align)
                return shadow
        self.ctx.memset_zero(b, shadow, nbytes)
        return shadow

    def _reverse_only_shadow(self, inst) -> bool:
        """Can the shadow of split-mode alloca `inst` live in the reverse
        function alone?  When the alloca runs once per call (a static one,
        outside a parallel region) and the forward sweep only reads and
        writes data in it, its shadow is untouched until the reverse sweep:
        a zeroed stack cell of the reverse function then serves, instead of
        a heap block allocated, zeroed, taped and freed on every call (three
        of them per call in bundle adjustment's `rodrigues_rotate_point`)."""
        return self.split and not self.in_parallel and _is_static_alloca(inst) and \
            holds_adjoints_only(inst, self.info.has_shadow)

    def _shadow_alloca_in_reverse(self, inst, name):
        """The shadow of `inst` made and zeroed in the reverse function's
        entry.  The forward function gets a placeholder cell (never written or
        read, removed by LLVM) that the shadows of addresses into it are
        computed from; the reverse sweep recomputes those from the reverse
        cell, which `rev_args` maps the placeholder to."""
        placeholder = self.fwd_alloca.insert(
            I.Alloca(inst.type, inst.allocated_type, inst.count, inst.align), name)
        rb = self.rev_alloca
        shadow = rb.insert(I.Alloca(inst.type, inst.allocated_type, inst.count, inst.align), name)
        fill = adjoint_zero_fill(inst)
        if fill is not None:
            rb.store(fill, shadow, inst.align)
        else:
            self.ctx.memset_zero(rb, shadow, self._byte_count(rb, inst.allocated_type,
                                                                inst.count))
        self.rev_args[id(placeholder)] = shadow
        self.reverse_only_shadows.append((placeholder, inst))
        return placeholder

    def _check_reverse_only_shadows(self) -> None:
        """The forward sweep must not have used a placeholder for anything but
        address arithmetic: were it read or written, the reverse sweep's
        cell would miss what the forward one did.  Refused, never wrong."""
        for placeholder, alloca in self.reverse_only_shadows:
            work = [placeholder]
            while work:
                for user in work.pop().users:
                    if not isinstance(user, (I.GetElementPtr, I.Cast)):
                        raise DifferentiationError(
                            "the shadow of this stack memory was kept for the reverse pass "
                            "only, but the forward pass uses it", function=self.primal
                        ).locate(alloca)
                    work.append(user)

    def _byte_count(self, b, elem_type, count=None):
        nbytes = b.i64(self.ctx.size_of(elem_type))
        if count is not None:
            n = b.cast("zext", count, I64) if count.type != I64 else count
            nbytes = b.mul(n, nbytes)
        return nbytes

    def _shadow_allocation(self, inst, b, name):
        fn = inst.called_function
        size_index = allocation_size_index(fn)
        if fn is None or (fn.is_declaration is False and size_index is None):
            return None  # pointers returned by differentiated calls: see _rewrite_calls
        count_at = allocation_count_index(fn)
        if count_at is not None:        # calloc(count, size)
            n, size = (b.cast("zext", inst.args[i], I64) for i in (count_at, size_index))
            block = shadow_heap.allocate(self.ctx, b, b.mul(n, size), name)
        elif reallocator(fn.name) is not None:
            # A new block; the old one stays for the reverse, which moves the
            # adjoints back.  What the old shadow held (shadow pointers) moves along.
            grows = reallocator(fn.name)
            old, nbytes = inst.args[grows.pointer_index], inst.args[grows.size_index]
            nbytes = b.cast("zext", nbytes, I64)
            block = shadow_heap.allocate(self.ctx, b, nbytes, name)
            old_shadow = self.shadow_value(old)
            self.ctx.memcpy_bytes(b, block, old_shadow,
                                  shadow_heap.kept_by_realloc(b, old_shadow, nbytes))
        else:
            nbytes = b.cast("zext", inst.args[size_index or 0], I64)
            at = allocation_alignment_index(fn)
            align = None if at is None else b.cast("zext", inst.args[at], I64)
            block = shadow_heap.allocate(self.ctx, b, nbytes, name, align)
        return b.pointer_cast(block, inst.type)

    # ------------------------------------------------------------------ calls (forward)
    def _is_reached_blas_call(self, call) -> bool:
        if id(call.parent) not in self.returning or \
                classify_call(call, self.ctx.custom, "reverse") is not CallKind.BLAS:
            return False
        from .blas import reaches_call      # BLAS calls only: the largest of the AD's modules
        return reaches_call(self.info, call)

    def _needs_derivative_call(self, call) -> bool:
        if id(call.parent) not in self.returning or \
                classify_call(call, self.ctx.custom, "reverse") not in (CallKind.BODY,
                                                                        CallKind.CUSTOM,
                                                                        CallKind.INDIRECT):
            return False
        return (any(self.info.is_active(a) or self.info.has_shadow(a) for a in call.args)
                or self.info.is_active(call) or self.info.has_shadow(call)
                or self.info.touches_active_globals(call))

    def _rewrite_call(self, call) -> None:
        callee = call.called_function
        if callee is None:
            if isinstance(call, I.CallBr):
                return      # refused by its entry in the instruction table, located
            return rewrite_indirect_call(self, call)
        check_variadic_call(call, self.info, self.primal)
        kinds = []
        for a in call.args:
            if self.info.has_shadow(a) or _passes_table(self, callee, a, len(kinds)) or \
                    (null_pointer_argument(a) and not callee.is_declaration):
                kinds.append(Activity.DUP)
            elif self.info.is_active(a):
                kinds.append(Activity.OUT)
            else:
                kinds.append(Activity.CONST)
        ret_active = self.info.is_active(call)
        ret_shadow = self.info.has_shadow(call)
        rule = self.ctx.custom.get(id(callee))
        if rule is not None and rule.reverse is not None:
            return self._rewrite_custom_call(call, rule, kinds, ret_active)
        fork = fork_of(self, call)
        if fork is not None or self.in_parallel:
            # The outlined region, and what it calls, run on every thread.
            self.ctx.parallel_bodies.add(id(callee))
        kept = self.cache.kept_arguments(call) if fork is None else ()
        aug, rev = self.ctx.split_derivative(callee, tuple(kinds), ret_active, ret_shadow,
                                             self.width, kept)
        refuse_escaped_writes_read_back(self, call, callee)
        if fork is not None:
            aug, rev = parallel_split(self, call, fork, aug, rev)
        primal_args = list(call.args)
        args = [self.fwd_tape]
        for a, kind in zip(primal_args, kinds):
            args.append(a)
            if kind == Activity.DUP:
                args.extend(self.shadow_value(a, lane) for lane in range(self.width))
        b = Builder().position_before(call)
        new = b.call(aug, fit_pointer_args(b, aug, args), call.name)
        new.metadata = list(call.metadata)
        if ret_shadow:
            primal = b.extractvalue(new, [0], call.name)
            for lane in range(self.width):
                self.shadow_of[(id(primal), lane)] = b.extractvalue(
                    new, [1 + lane], self.lane_name((call.name or "ptr") + "'", lane))
            self.info.shadowed.add(id(primal))
            call.replace_all_uses_with(primal)
        elif not call.type.is_void:
            call.replace_all_uses_with(new)
        call.erase()
        if self.info.is_active(call):
            self.info.active.add(id(new))
            if ret_shadow:      # {ptr, double}: the adjoint reaches `new` through `primal`
                self.info.active.add(id(primal))
        self.call_plans[id(new)] = (callee, kinds, rev, ret_active, primal_args)

    def _rewrite_custom_call(self, call, rule, kinds, ret_active) -> None:
        """Use the user's augmented forward (if any) now and their reverse later."""
        callee = call.called_function
        if self.width > 1:
            raise DifferentiationError(
                f"the registered gradient of '{callee.name}' is not supported in batched "
                "reverse mode (enzyme_width > 1)", function=self.primal, instruction=call)
        tape, anchor = None, call
        if rule.augmented is not None:
            b = Builder().position_before(call)
            args = []
            for a, kind in zip(call.args, kinds):
                args.append(a)
                if kind == Activity.DUP:
                    args.append(self.shadow_value(a))
            params = rule.augmented.function_type.params
            if len(params) != len(args):
                raise DifferentiationError(
                    f"the registered augmented forward of '{callee.name}' takes {len(params)} "
                    f"arguments but {len(args)} are passed (each argument, followed by its "
                    "shadow when it is a pointer)", function=self.primal, instruction=call)
            args = [coerce(b, a, t) for a, t in zip(args, params)]
            b.debug_loc = call.get_metadata("dbg")
            result = b.call(rule.augmented, args, "custom.tape")
            result.location = call.location    # errors about it point at the call
            if callee.return_type.is_void:
                # A function without a result: whatever its augmented
                # forward returns can only be the tape.
                call.erase()
                anchor = result
                if not result.type.is_void:
                    tape = result
            elif result.type == callee.return_type:
                call.replace_all_uses_with(result)
                if self.info.is_active(call):
                    self.info.active.add(id(result))
                call.erase()
                anchor = result
            elif not result.type.is_void:
                tape = result
            if anchor is not result:
                # The user's forward pass has no reverse of its own: the
                # user's reverse, at the anchor, accounts for it.
                self.call_plans[id(result)] = ("forward-only",)
        self.call_plans[id(anchor)] = ("custom", rule, kinds, tape, ret_active)

    # ------------------------------------------------------------------ values in reverse
    def primal_in_rev(self, b: Builder, v):
        """The value of forward `v` as of the forward execution being reversed
        (recomputed or read from its slot: cache_policy.py decides)."""
        return self.cache.value_in_reverse(b, v)

    def compares_alike(self, r, x) -> bool:
        """Yes where r is computed again from the operands the reverse pass
        reads, or x is read as the forward pass computed it; not where r is
        kept and x computed again through a step LLVM may compute otherwise
        in each copy (llvm.fmuladd fused in one: one ulp apart, r == x
        failed far from any tie, fuzzer seed 7242)."""
        return self.cache.recomputes(r) or self.cache.reproduces(x)

    def shadow_in_rev(self, b: Builder, p, lane=None):
        return self.primal_in_rev(b, self.shadow_value(p, lane))

    # ------------------------------------------------------------------ adjoints
    def _adjoint_slot(self, v, lane=None):
        key = (id(v), self._lane(lane))
        slot = self.adjoints.get(key)
        if slot is None:
            slot = self.rev_alloca.alloca(v.type, name=self.lane_name((v.name or "v") + ".adj",
                                                                      lane))
            self.rev_alloca.store(adjoint_zero(v.type), slot)
            self.adjoints[key] = slot
        return slot

    def add_adjoint(self, b: Builder, v, delta, lane=None) -> None:
        """adjoint(v) += delta in `lane` (default: the current lane)."""
        if not self.info.is_active(v) or delta is None:
            return
        slot = self.partials.slot_for_add(v, (id(v), self._lane(lane)),
                                          self._adjoint_slot(v, lane))
        current = b.load(v.type, slot)
        b.store(self.ctx.add_values(b, current, delta), slot)

    def take_adjoint(self, b: Builder, v, lane=None):
        """The adjoint of `v` in `lane` (default: the current lane), reset to zero."""
        slot = self._adjoint_slot(v, lane)
        value = b.load(v.type, slot, self.lane_name((v.name or "v") + ".adj.val", lane))
        b.store(adjoint_zero(v.type), slot)
        return self.partials.gather(b, (id(v), self._lane(lane)), value, v.type)

    # ------------------------------------------------------------------ reverse blocks
    def _build_reverse(self) -> None:
        live = self.returning
        self.rev_blocks = {}
        self.pop_blocks = {}
        for block in reversed(self.order):
            if id(block) in live:
                self.rev_blocks[id(block)] = self.rev.add_block("invert." + (block.name or "bb"))
        for block in reversed(self.order):
            if id(block) in live:
                self.pop_blocks[id(block)] = self.rev.add_block(
                    "invert." + (block.name or "bb") + ".tape")
        self.final = self.rev.add_block("invert.done")
        self._link_exit()
        self.seed_multiples = seed_multiples(self.fwd_blocks, self.ret_value) \
            if self.ret_active else set()
        for block in reversed(self.order):
            if id(block) in live:
                self._reverse_block(block)
        self._finish()

    def _link_exit(self) -> None:
        ret = self.exit.terminator
        value = ret.value
        if self.split and self.ret_shadow:
            b = Builder().position_before(ret)
            pair = b.insertvalue(ConstantUndef(self.fwd.return_type), ret.value, [0])
            for lane in range(self.width):
                pair = b.insertvalue(pair, self.shadow_value(ret.value, lane), [1 + lane])
            ret.erase()
            b.ret(pair)
        if self.split:
            Builder(self.rev_entry).br(self.rev_blocks[id(self.exit)])
            self.ret_value = value      # seeded with the adjoint if it holds floats
        else:
            self.ret_value = ret.value
            ret.erase()
            Builder(self.exit).br(self.rev_blocks[id(self.exit)])

    def _reverse_block(self, block) -> None:
        self.reversing = block
        b = Builder(self.rev_blocks[id(block)])
        if block is self.exit and self.ret_active and self.ret_value is not None:
            for lane, dret in enumerate(self.drets):
                self.add_adjoint(b, self.ret_value, dret, lane)
        # A snapshot: slots and adjoints are allocated in the entry block meanwhile.
        self.in_block_body = True
        for inst in reversed(list(block.instructions)):
            if replayed_by_generator(inst):
                continue
            b.debug_loc = inst.get_metadata("dbg")
            self.reverse_instruction(b, inst)
            self.cache.free_in_reverse(b, inst)
            b.debug_loc = None
        self.in_block_body = False
        taken = [(phi, lane, self.take_adjoint(b, phi, lane)) for phi in block.phis
                 if self.info.is_active(phi) for lane in range(self.width)]
        b.br(self.pop_blocks[id(block)])
        pb = Builder(self.pop_blocks[id(block)])
        self.pop_builders.append((block, pb))
        self._dispatch(block, pb, taken)
        self.reversing = None

    def _dispatch(self, block, pb: Builder, taken) -> None:
        """Branch to the reverse of the predecessor the forward pass came from."""
        preds = self.preds[id(block)]
        if block is self.fwd_blocks[0] or not preds:
            pb.br(self.final)
            return
        if len(preds) == 1:
            self._phi_edge(pb, block, preds[0], taken)
            pb.br(self.rev_blocks[id(preds[0])])
            return
        index = self.primal_in_rev(pb, self.pred_index[id(block)])
        cases = []
        for k, p in enumerate(preds):
            edge = self.rev.add_block(f"invert.{block.name or 'bb'}.from.{p.name or 'bb'}")
            self.rev_edges[(id(block), id(p))] = edge
            eb = Builder(edge)
            self._phi_edge(eb, block, p, taken)
            branch = eb.br(self.rev_blocks[id(p)])
            if self._scalar_back_edge(block, p):
                keep_scalar(branch, self.module)
            cases.append((ConstantInt(index.type, k), edge))
        pb.switch(index, cases[0][1], cases[1:])

    def _scalar_back_edge(self, header, latch) -> bool:
        """Is the reverse of the edge latch -> header the back edge of a
        reverse loop best left scalar (loop_hints.py: keep_scalar)?"""
        loop = self.loops.innermost.get(id(header))
        return loop is not None and loop.header is header and loop.contains(latch) and \
            math_calls_only(self.loops, loop, self.preds)

    def _phi_edge(self, b: Builder, block, pred, taken) -> None:
        for phi, lane, adj in taken:
            self.add_adjoint(b, phi.incoming_for(pred), adj, lane)

    def _finish(self) -> None:
        b = self.undo.finish_reverse(self, Builder(self.final))
        self.cache.check_frees_moved()
        grads = [positive_zero(b, self.take_adjoint(b, self.fwd_arg_of(a), lane))
                 if self.info.is_active(self.fwd_arg_of(a)) else zero_of(a.type)
                 for a, k in zip(self.primal.args, self.kinds)
                 if returns_gradient(a.type, k) for lane in range(self.width)]
        b.ret_all(grads)
        self.final_ret = b.block.terminator

    def fwd_arg_of(self, primal_arg):
        return self.fwd_args[primal_arg.index]

    # ------------------------------------------------------------------ per instruction
    def reverse_instruction(self, b: Builder, inst) -> None:
        differentiate_instruction(self, b, inst, self.mode)

    def lazy(self, b: Builder, em: Emitter, v) -> Expr:
        if isinstance(v, (ConstantAggregate, ConstantPoison, ConstantUndef)) and \
                v.type.scalar.is_float:
            # A poison lane of a constant times an adjoint lane that is 0 is poison.
            return Expr(em, thunk=lambda: constant_without_poison(v), type=v.type, peek=v)
        return Expr(em, thunk=lambda: self.primal_in_rev(b, v), type=v.type, peek=v)

    def apply_rule(self, b: Builder, rule_name: str, inst, operands, flags=()) -> None:
        """adjoint(op) += partial * adjoint(inst) in every lane; the partials,
        which depend on primal values only, are computed once for all lanes."""
        chosen = rule_for(self, rule_name, inst, operands)
        if chosen is None:
            return          # its user's fused rule covers it; its adjoint stays zero
        rule_name, operands = chosen
        ds = [self.take_adjoint(b, inst, lane) for lane in range(self.width)]
        em = Emitter(b, rule_flags(rule_name, flags, inst))
        em.primal_call = lambda name, values: self._primal_call_in_rev(b, em, inst, name,
                                                                        values)
        em.already_read = lambda v: self.cache.already_read(b, v)
        em.calls_again = lambda v: self.cache.calls_again(b, v)
        em.recomputes_here = lambda v: self.cache.recomputes_here(b, v)
        em.compared_alike = self.compares_alike
        args = [self.lazy(b, em, op) for op in operands] + [self.lazy(b, em, inst)]
        partials = partials_rule(rule_name)(*args)
        merge = id(inst) in self.seed_multiples
        for op, partial, times in merge_repeated_operands(operands, partials, merge):
            if partial is None or not self.info.is_active(op):
                continue
            if not isinstance(partial, Expr):
                partial = em.wrap(ds[0])._lift(partial)
            for lane, d in enumerate(ds):
                seed = em.wrap(d) if times == 1 else em.wrap(twice(b, d))
                self.add_adjoint(b, op, scaled(rule_name, partial, seed).value, lane)

    def _primal_call_in_rev(self, b: Builder, em: Emitter, inst, name: str, values):
        call = self.cache.same_call(inst, name, values) or \
            self.cache.partner_in_forward(inst, name, values)
        return None if call is None else self.lazy(b, em, call)

    # ------------------------------------------------------------------ forward instrumentation
    def _instrument_forward(self) -> None:
        counters = instrument_forward(self)
        self.undo.instrument(self)
        reserve_loop_tapes(self)
        pad_arms(self)
        anchor_loop_pops(self, counters)
        check_untaped(self, self.cache.slots_in_order())

    def _drop_unneeded_primal_stores(self) -> None:
        """A combined derivative leaves out the primal's stores through its
        `enzyme_dupnoneed` pointers, which its caller does not want (and may
        pass as null), when nothing it keeps reads that memory: neither
        sweep loads through them nor hands them to a call (noneed_memory.py),
        and, the parameter being `noalias` (restrict, or the alias-checked
        version), no other pointer reaches it.  Split derivatives keep them:
        their caller's reverse runs later."""
        if self.split:
            return
        noneed = [self.fwd_args[a.index] for a, kind in zip(self.primal.args, self.kinds)
                  if kind == Activity.DUPNONEED and a.type.is_pointer
                  and "noalias" in a.attrs.split()]
        if noneed:
            drop_unneeded_primal_stores(self.fwd, noneed)

    def _start_tape(self) -> None:
        """Set up a combined derivative's tape once every push is known: in
        its own frame when one call pushes at most STACK_TAPE_BYTES (not where
        derivatives are differentiated again: no tape_spares), else in the
        thread's tape, kept for the next call at the return."""
        if self.split:
            return
        b = Builder().position_after(self.fwd_tape)
        bound = T.pushed_bytes_bound(self.fwd, self.fwd_tape) if self.ctx.tape_spares else None
        if bound == 0:
            T.clear_tape(b, self.fwd_tape)
        elif bound is not None and bound <= T.STACK_TAPE_BYTES:
            T.init_stack_tape(b, self.fwd_tape, bound)
        else:
            T.init_tape_at(b, self.fwd_tape, self.ctx.tape_spares)
            if self.final_ret is not None:
                T.release_tape(Builder().position_before(self.final_ret), self.fwd_tape,
                               self.ctx.tape_spares)


def adjoint_zero(t):
    """What an adjoint starts from: -0.0 for floats, the identity of fadd
    (x + -0.0 is x for every x), so LLVM folds the first accumulation into
    a fresh adjoint away; +0.0 is not (-0.0 + +0.0 is +0.0)."""
    if t.scalar.is_float:
        return const_float(t, -0.0)
    return zero_of(t)


# Up to this many floats, a shadow alloca of floats only starts as a store
# of -0.0s rather than a memset (which can only write +0.0).
ADJOINT_FILL_MAX_FLOATS = 64


def adjoint_zero_fill(alloca):
    """The -0.0s a shadow of `alloca` starts from when it holds floats only
    (a scalar, an array, a struct of them) and is small; else None.  Like
    adjoint_zero: the shadow of a local `double v[3]` receives adjoints, and
    `-0.0 + x` folds to x where `+0.0 + x` (the memset's zeros) stays an
    addition on every accumulation."""
    count = alloca.count
    if count is not None and not (isinstance(count, ConstantInt) and count.value == 1):
        return None
    kinds = set()

    def fill(t):
        """(the -0.0 constant of t, how many floats it holds), or None."""
        # Floats of one kind without padding bytes, which would be left
        # undefined where a memset zeroes them.
        if t.is_float and t.kind in ("float", "double"):
            kinds.add(t.kind)
            return const_float(t, -0.0), 1
        if t.is_array and 0 < t.count <= ADJOINT_FILL_MAX_FLOATS:
            element = fill(t.element)
            return element and (ConstantAggregate(t, [element[0]] * t.count),
                                element[1] * t.count)
        if t.is_struct and t.elements and not t.packed:
            elements = [fill(e) for e in t.elements]
            return None if None in elements else (
                ConstantAggregate(t, [e[0] for e in elements]), sum(e[1] for e in elements))
        return None

    filled = fill(alloca.allocated_type)
    if filled is None or len(kinds) > 1 or filled[1] > ADJOINT_FILL_MAX_FLOATS:
        return None
    return filled[0]


def positive_zero(b: Builder, gradient):
    """A returned gradient that received nothing reads 0, not -0."""
    if gradient.type.scalar.is_float:
        return b.binop("fadd", gradient, const_float(gradient.type, 0.0))
    return gradient


def index_type(count: int) -> IntType:
    """The narrowest of i8, i16, i32 that numbers `count` predecessors: an
    index phi in a loop is taped once per iteration, and its entry takes
    the index's width (the reference tapes such an index in one byte)."""
    for bits in (8, 16):
        if count <= 1 << bits:
            return IntType(bits)
    return IntType(32)


def counter_pred_index(block, preds, dom):
    """`zext (icmp eq/ne %iv, start)` as the predecessor index of a two-way loop
    header, when one of its phis is a counter `phi [start, A], [%iv + step, B]`
    with a non-wrapping (nsw/nuw) constant step and a start from outside the
    loop (a constant, an argument, or a value of a block that dominates A and
    is not the header: the triangular `for (r = c + 1; ...)`); else None."""
    if len(preds) != 2:
        return None
    for phi in block.phis:
        parts = counter_parts(phi) if phi.type.is_int else None
        if parts is None:
            continue
        start, start_block, step = parts
        if not (step.operands[1].value != 0 and {"nsw", "nuw"} & set(step.flags)):
            continue
        if isinstance(start, I.Instruction) and (
                start.parent is block or not dom.dominates(start.parent, start_block)):
            continue
        if not isinstance(start, (ConstantInt, I.Instruction, Argument)):
            continue
        first = preds.index(start_block)          # the index of the edge from outside
        b = Builder(block, block.first_non_phi_index())
        entered = b.icmp("eq" if first == 1 else "ne", phi, start, "first.iter")
        return b.cast("zext", entered, index_type(2), "pred.index")
    return None


def _is_static_alloca(inst) -> bool:
    """Is `inst` allocated once, in the entry block, with a constant count?"""
    count = inst.count
    return inst.parent is inst.parent.parent.blocks[0] and (
        count is None or isinstance(count, ConstantInt))


def branch_pred_index(block, preds, pred_map):
    """`zext %c` (or `zext (xor %c, true)`) as the predecessor index of a
    block joining the two arms of a conditional branch on %c: a diamond
    (each arm a block of its own) or a triangle (one arm the edge itself).
    None for any other join."""
    if len(preds) != 2:
        return None
    arms = [_arm_of(block, p, pred_map) for p in preds]
    if None in arms or arms[0][0] is not arms[1][0]:
        return None
    branch = arms[0][0].terminator
    if {id(arms[0][1]), id(arms[1][1])} != {id(s) for s in branch.successors}:
        return None
    when_true = 0 if arms[0][1] is branch.successors[0] else 1
    b = Builder(block, block.first_non_phi_index())
    taken = branch.condition
    if when_true == 0:
        taken = b.binop("xor", taken, b.i1(True), "arm.false")
    return b.cast("zext", taken, index_type(2), "pred.index")


# Blocks walked to check an arm of `region_pred_index` before giving up.
REGION_LIMIT = 64


def region_pred_index(block, preds, pred_map, dom):
    """`zext %c` (or of its negation) as the predecessor index of a block
    entered either straight from a `br i1 %c` or through a region that arm
    opens (the last row of a triangle skips its inner loop: `for (k = i + 1;
    k < n; k++)`).  The other predecessor must be reachable only through the
    region's entry, whose only predecessor is the branch, and no block of
    the region may dominate the branch: then the latest run of the branch
    chose the way in, and the reverse pass sees that run's %c.  None for any
    other join."""
    if len(preds) != 2:
        return None
    for direct, other in (preds, preds[::-1]):
        term = direct.terminator
        if not (isinstance(term, I.Branch) and term.is_conditional) or direct is block:
            continue
        succs = term.successors
        if sum(1 for s in succs if s is block) != 1:
            continue
        entry = succs[0] if succs[1] is block else succs[1]
        if pred_map[id(entry)] != [direct] or not dom.dominates(entry, other) \
                or not _region_avoids(entry, block, direct, dom):
            continue
        b = Builder(block, block.first_non_phi_index())
        taken = term.condition
        if (succs[0] is entry) != (preds.index(other) == 1):
            taken = b.binop("xor", taken, b.i1(True), "arm.false")
        return b.cast("zext", taken, index_type(2), "pred.index")
    return None


def path_pred_index(block, preds, pred_map, loops):
    """The predecessor index of a join whose way in is fixed by branch
    conditions defined before it, outside its loops (analysis/join_paths):
    `select`s over those conditions, which the reverse pass recomputes
    (the vectorizer's guards around an inner loop), where an index phi
    would tape a byte per iteration.  None for any other join, and for
    a join on no loop, whose index phi costs one slot per call."""
    if not loops.loops_around(block):
        return None
    ways = entry_conditions(block, preds, pred_map, loops)
    if ways is None:
        return None
    b = Builder(block, block.first_non_phi_index())
    made = {}

    def emit(way):
        if way is ALWAYS:
            return b.i1(True)
        if id(way) not in made:
            if way[0] == "or":
                made[id(way)] = b.binop("or", emit(way[1]), emit(way[2]), "way")
            else:
                test = way[2]
                held = test.value if test.taken else b.binop("xor", test.value, b.i1(True), "way.not")
                made[id(way)] = held if way[1] is ALWAYS else b.binop("and", emit(way[1]), held, "way")
        return made[id(way)]
    t = index_type(len(preds))
    index = ConstantInt(t, 0)
    for k in range(1, len(preds)):
        index = b.select(emit(ways[k]), ConstantInt(t, k), index, "pred.index")
    return index


def _region_avoids(entry, join, branch_block, dom) -> bool:
    """Do the blocks reachable from `entry` without passing `join` (at most
    REGION_LIMIT of them) leave `branch_block` and its dominators alone?"""
    seen, work = {id(entry)}, [entry]
    while work:
        b = work.pop()
        if dom.dominates(b, branch_block):
            return False
        for s in b.successors:
            if s is not join and id(s) not in seen:
                if len(seen) == REGION_LIMIT:
                    return False
                seen.add(id(s))
                work.append(s)
    return True


def _arm_of(block, pred, pred_map):
    """(the block whose conditional branch leads to `pred`, the successor it
    takes for that) when `pred` is an arm of such a branch joining at
    `block`; else None."""
    term = pred.terminator
    if not isinstance(term, I.Branch) or sum(1 for s in term.successors if s is block) != 1:
        return None
    if term.is_conditional:
        return (pred, block) if pred is not block else None
    above = pred_map[id(pred)]
    if len(above) != 1 or above[0] is block or above[0] is pred:
        return None
    branch = above[0].terminator
    if not (isinstance(branch, I.Branch) and branch.is_conditional):
        return None
    return above[0], pred


def _passes_table(gen, callee, arg, index) -> bool:
    """A function passed to a callee that calls it (a callback): duplicated,
    its derivative table for a shadow (indirect.py), when it has one."""
    fn = function_under_casts(arg)
    return fn is not None and called_through(callee, index) and \
        gen.ctx.constant_shadow(arg, "reverse") is not arg


def is_memcpy(call) -> bool:
    fn = call.called_function
    return fn is not None and is_memory_copy(fn.name)



def block_preds_with_multiplicity(block, preds) -> List:
    """Each predecessor once per CFG edge into `block` (phis need one entry per edge)."""
    out = []
    for p in preds[id(block)]:
        out.extend([p] * sum(1 for s in p.successors if s is block))
    return out

