"""What the reverse pass reads of the forward one: recomputed, or kept.

Every primal value a reverse block needs comes through
`PrimalCache.value_in_reverse` (the generator's `primal_in_rev`), once per
reverse block.  `recomputes` decides, for each value, between

- *recomputing* it in the reverse pass from its operands' reverse values:
  integer and address arithmetic (`is_recomputable`); loads of memory the
  function never writes (`reloadable`, combined derivatives only: a split
  one's reverse runs after its caller may have written memory again); loads
  whose block's later stores the undo log takes back first (`undo`); lane
  moves of all these (`_lanes_at_hand`: the vectorizer's splats); small
  float expressions whose leaves are at hand (`_cheap_float`); a float
  value of a loop, lanes and all, that its own block's reverse rebuilds
  whole in a few operations and the forward pass needs for nothing else
  (`_rebuilt_whole`); and a
  header phi carrying last iteration's load, loaded again at the previous
  position (`_previous_iteration`);
- *keeping* it in a `Slot`: a stack cell stored where the value is defined.
  instrument.py saves the slots of blocks that repeat on the tape (and
  decides where the saves go), so each reverse block sees its own forward
  execution's values.  A load that holds one value for a whole loop
  (`invariant_in`: a captured pointer, a bound, and their shadows) is saved
  once per run of the loop instead of once per iteration.

This is Enzyme's CacheUtility / lookupM split: the generator asks, the
policy answers; a change of what is taped or recomputed belongs here.

The generator makes one `PrimalCache(gen)` once its forward function's
blocks are final, and uses `undo`, `value_in_reverse`, `slots_in_order`,
`blocks_reading`, `from_arguments` and `rebuild_from_arguments` (for
instrument.py), `same_call` (a rule's math call the primal already made),
`partner_in_forward` (a rule's math call made beside the primal's),
`already_read` (may a rule read a value instead of calling a function again)
and `slots`/`recomputed` (-stats).
While the reverse is built the cache reads of the generator: `fwd`,
`split` and `loops` (at creation), `rev_args` (forward argument -> reverse
argument), `reversing` and `in_block_body` (whose reverse is being
emitted), `fwd_alloca`/`rev_alloca` (where slots go), `way_conditions`
(the conditions that alone tell a join's way in) and `primal`.
"""
from __future__ import annotations

import itertools
from typing import Dict

from ..analysis.cfg import ExecutionOrder
from ..analysis.lanes import poison_lanes
from ..analysis.loops import counter_parts, final_count_bound
from ..analysis.library import (CHEAP_FLOAT_INTRINSICS, CHEAP_MINMAX_INTRINSICS,
                                CHEAP_MINMAX_INTRINSICS_NSZ, FUSED_MULTIPLY_ADDS,
                                INTEGER_INTRINSICS, REPRODUCIBLE_INTRINSICS,
                                LOOP_FLOAT_INTRINSICS, MATH_PARTNERS, called_math_function,
                                math_function)
from ..analysis.memory import (caller_writes, forwarding_store, heap_kept_until_reverse,
                               kept_for_reverse, loaded_root, loop_invariant_load,
                               reloadable_loads, restorable_loads, unwritten_memory,
                               write_targets)
from ..analysis.tree_writes import untouched_arguments
from ..analysis.tbaa import Tbaa
from ..diagnostics import DifferentiationError
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.clone import clone_instruction
from ..ir.constants import ConstantAggregate, ConstantInt, zero_of
from ..ir.module import GlobalValue
from ..ir.types import I32, VectorType
from ..ir.values import Argument
from .calls import CallKind, classify_call
from .dead_primal import is_droppable_math_call, math_status_read
from .inert_loops import check_unread
from .reductions import reduction_kind
from .rules import Emitter
from .undo_log import UndoLog

# Float operations the reverse pass recomputes rather than tapes (`_cheap_float`).
CHEAP_FLOAT_OPS = ("fneg", "fadd", "fsub", "fmul")
# ... and those it recomputes only in a loop (with LOOP_FLOAT_INTRINSICS, sqrt):
# one instruction each, dearer than a stack slot read back, but cheaper than a
# tape entry written and read back; and a loop whose values all come back this
# way no longer runs forward at all when nobody needs its result (a pairwise
# energy's r^-3 and q/sqrt(r2): the tape and the forward loop both go).
LOOP_FLOAT_OPS = ("fdiv",)
# A float comparison counts too, in a loop: a select's or branch's condition
# recomputed from its operands (`|r| < delta ? r*r/2 : ...`, a Huber loss)
# tapes no i1 per iteration, and the loop may then not run forward at all.
LOOP_FLOAT_COMPARES = ("fcmp",)
# How many new operations the reverse of a block may emit to rebuild a
# float value whole (`_rebuilt_whole`), one that the forward pass then
# computes no more: the largest expression `_cheap_float` rebuilds from values
# at hand (two levels under its root: 1 + 2 + 4) and one lane move.
REBUILT_OPS = 8
# How deep a cheap float expression is rebuilt (`_cheap_float`), and a
# comparison's operands (`|w[i] x[i] - w[i-1]| < d`).
CHEAP_FLOAT_DEPTH = 2
COMPARE_DEPTH = 3
_NO_LEAVES = frozenset()
_AT_HAND = (_NO_LEAVES,)       # the one choice for an operand the reverse pass has
# A `kept` entry of a split derivative: the argument's memory and all memory
# reached by loads from it hold still for the whole differentiated call tree.
ROOTED = "rooted"


class Slot:
    """The stack cells of one kept value: `fwd` in the forward function,
    `rev` in the reverse one (the same cell in a combined derivative);
    `order` is when it was made, which fixes the tape layout."""
    __slots__ = ("value", "fwd", "rev", "order")

    def __init__(self, value, fwd, rev, order):
        self.value, self.fwd, self.rev, self.order = value, fwd, rev, order


class PrimalCache:
    def __init__(self, gen):
        self.gen = gen
        self.slots: Dict[int, Slot] = {}            # id(value) -> its slot
        self.loads: Dict[tuple, object] = {}        # (id(reverse block), id(value)) -> value
        self.readers: Dict[int, set] = {}           # id(value) -> ids of forward blocks
        self.recomputed: set = set()                # ids of values recomputed (-stats)
        self.math_calls = None      # (name, ids of the arguments) -> forward math calls
        self.write_targets = None   # [objects the forward function writes] (memory_unchanged)
        self.invariant: Dict[tuple, bool] = {}  # (id(load), id(loop)) -> invariant_in
        # id(loop) -> (loop, its forward blocks); the forward blocks by id
        self._loop_blocks: Dict[int, tuple] = {}
        self._block_by_id: Dict[int, object] = {}
        self.tbaa = None
        self.siblings: Dict[int, object] = {}   # id(counter) -> _sibling_counter
        self.lanes: Dict[int, object] = {}      # id(value) -> _lane_leaves
        self.rebuilding = 0         # how many `_recompute`s are emitting operands
        self.forwards: Dict[int, object] = {}   # id(load) -> _forwarded
        self.previous: Dict[int, object] = {}   # id(phi) -> _previous_iteration
        self.rebuilt_parts: set = set()     # (id(reverse block), id(value)): `_rebuilt_whole`
        self.reproducing: Dict[int, bool] = {}  # id(value) -> `reproduces`
        self.sweeps: Dict[int, bool] = {}       # id(block) -> _sweep_rebuilt
        # id(math call) -> ids of forward blocks in whose reverse it was called again
        self.recalled: Dict[int, set] = {}
        self.partners: Dict[int, object] = {}   # id(math call) -> `partner_in_forward`'s call
        self.partner_ids: set = set()           # ids of those calls: kept, never recomputed
        self._status_read = None    # math_status_read of the module, asked once
        self._rooted = None     # ids of forward arguments kept ROOTED (`rooted_arguments`)
        self.reloadable = reloadable_loads(gen.fwd, self._kept_by_caller(),
                                           self.rooted_arguments()) if gen.split \
            else reloadable_loads(gen.fwd)
        # id(allocation) -> the free of a heap block whose loads the reverse
        # pass repeats: it waits for the allocation's reverse (`free_in_reverse`).
        # Combined only: a split reverse pass runs after its augmented
        # function has returned.
        self.deferred_frees: Dict[int, object] = {}
        if not gen.split:
            heap_loads, self.deferred_frees = heap_kept_until_reverse(gen.fwd, gen.exit)
            self.reloadable |= heap_loads
        self.writes = caller_writes(gen.fwd)    # before calls are rewritten
        self.undo = UndoLog({} if gen.split else restorable_loads(
            gen.fwd, self.reloadable, gen.loops))

    # ------------------------------------------------------------------ the interface
    def value_in_reverse(self, b: Builder, v):
        """The value of forward `v` as of the forward execution being reversed."""
        gen = self.gen
        if getattr(v, "is_constant", False) or isinstance(v, (Function, GlobalValue)):
            return v
        if id(v) in gen.rev_args:
            return gen.rev_args[id(v)]
        if not isinstance(v, I.Instruction):
            raise DifferentiationError(f"unexpected operand {v!r}", function=gen.primal)
        check_unread(gen, v)
        key = (id(b.block), id(v))
        loaded = self.loads.get(key)
        if loaded is None:
            if self.recomputes(v):
                loaded = self._recompute(b, v)
                self.recomputed.add(id(v))
                if gen.reversing is not None and is_droppable_math_call(v):
                    self.recalled.setdefault(id(v), set()).add(id(gen.reversing))
            else:
                loaded = b.load(v.type, self.slot_for(v).rev, (v.name or "v") + ".rev")
                self.readers.setdefault(id(v), set()).add(
                    id(gen.reversing) if gen.reversing is not None else None)
            loaded = self.loads[key] = _zero_poison_lanes(b, v, loaded)
        return loaded

    def recomputes(self, v) -> bool:
        """The policy: is forward instruction `v` recomputed (else kept in a slot)?"""
        if self._kept_as_way(v) or id(v) in self.partner_ids:
            return False
        return (self._at_hand(v) or self._lanes_of_one(v)) and not self._kept_lanes_here(v) \
            and not self._address_kept_for_loop(v) or self._restorable_here(v) \
            or self._cheap_float(v) and not self._leaf_carried_out(v) or self._rebuilt_whole(v) \
            or self._sibling_counter(v) is not None or self._forwarded(v) is not None \
            or self._beside_partner(v) or self._previous_iteration(v) is not None \
            or self._called_again(v) or self._in_dead_sweep(v) or self._joined(v)

    def _kept_as_way(self, v) -> bool:
        """Is `v` the condition that alone tells which way a join in a loop
        was entered (reverse.py `way_conditions`), computed from more than
        constants, arguments and loop counters?  Recomputed, it would keep
        its operands instead, a pointer's 8 bytes where the i1 takes one (a
        push_back's `end == capacity`); kept, its entry replaces the index
        phi's, and the forward pass stores the compare's flag instead of
        selecting a constant (tools/perfhunt cxx_temp_vector)."""
        return id(v) in self.gen.way_conditions and \
            not _built_from(v, INDEX_DEPTH, _is_index_leaf, is_recomputable)

    def _kept_lanes_here(self, v) -> bool:
        """Is `v` a lane move that a rule reads (not a recomputation:
        `rebuilding`) in the reverse of a block inside a loop that `v`'s
        block is outside of?  Rebuilt there it would be loaded and shuffled
        again on every iteration; kept, its slot is saved once per run of
        that loop (the splat of A[i][k] that the adjoint of `splat * B[k][j]`
        reads in a vectorized j loop: +0.19% instructions rebuilt, matmul_
        rowwise@O2).  A recomputed vector expression of that loop rebuilds it
        with itself: kept, the splats' slots would live, as vectors LLVM
        carries through every loop between, from the forward pass to the
        reverse one (tools/perfhunt/aos.c's four: +3.4% instructions)."""
        reversing = self.gen.reversing
        return reversing is not None and not self.rebuilding and isinstance(v, LANE_MOVES) and \
            any(not loop.contains(v.parent) for loop in self.gen.loops.loops_around(reversing))

    def _address_kept_for_loop(self, v) -> bool:
        """Is `v` a load of a pointer, in a block on no cycle, that the
        reverse of a block inside a loop reads (the begin pointer of a
        std::vector, loaded once before the loop)?  Loaded again there, it
        is loaded in every iteration: LLVM cannot hoist it over the shadow
        stores, which carry no alias information (tools/perfhunt
        cxx_numeric, cxx_vector: one load per element).  Kept, its slot is
        stored once and is a register in the reverse loop; its block
        repeats never, so it costs no tape.  Combined derivatives only,
        where the slot is one stack cell for both passes."""
        gen = self.gen
        reversing = gen.reversing
        return not gen.split and reversing is not None and isinstance(v, I.Load) and \
            v.type.is_pointer and id(v.parent) not in gen.cyclic and \
            bool(gen.loops.loops_around(reversing))

    def _at_hand(self, v) -> bool:
        """Can the reverse pass have `v` anywhere for an instruction or two,
        reading no slot: a constant or argument, integer and address
        arithmetic, a load of memory the reverse pass reads unchanged, or
        lanes of these moved (`_lanes_at_hand`)?"""
        return not isinstance(v, I.Instruction) or is_recomputable(v) or \
            id(v) in self.reloadable or self._lanes_at_hand(v)

    def _lanes_at_hand(self, v) -> bool:
        """Is `v` a lane move (insertelement, shufflevector, extractelement),
        LANES_DEPTH deep at most, of values at hand?  The vectorizer's splat
        of a loaded scalar, a vector gathered from loads: a shuffle or two
        rebuild them where a slot would tape a vector per iteration, and
        every vector expression over them (`splat - gathered`) with it.
        Lanes of cheap float expressions do not count (they recompute a
        whole r^2 in the remainder loop of tools/perfhunt/aos.c: +0.9%)."""
        return self._lane_leaves(v) == _NO_LEAVES

    def _lanes_of_one(self, v) -> bool:
        """Is `v`, in a loop, a lane move of values at hand but one, which the
        reverse pass reads from its own slot (the splat of a scalar kept
        anyway)?  Rebuilt from it, one shuffle replaces a vector slot
        (adbench_hand@O2: -0.67% instructions).  Not outside loops, where a
        stack slot read back costs less than the shuffle (adbench_ba@O2:
        +0.15% rebuilt), nor for two values or more: one slot or more for
        one (hand's vectors of two kept scalars)."""
        leaves = self._lane_leaves(v)
        return leaves is not None and len(leaves) == 1 and \
            bool(self.gen.loops.loops_around(v.parent))

    def _lane_leaves(self, v):
        """The values not at hand that lane move `v` (through lane moves only,
        LANES_DEPTH deep) moves, as a frozenset of ids; None if `v` is no
        such lane move."""
        if not isinstance(v, LANE_MOVES):
            return None
        if id(v) not in self.lanes:
            leaves = set()

            def is_leaf(x) -> bool:
                if isinstance(x, LANE_MOVES):
                    return False
                if not self._at_hand(x):
                    leaves.add(id(x))
                return True
            moves = _built_from(v, LANES_DEPTH, is_leaf, lambda x: isinstance(x, LANE_MOVES))
            self.lanes[id(v)] = frozenset(leaves) if moves else None
        return self.lanes[id(v)]

    def already_read(self, b: Builder, v) -> bool:
        """Does reading forward `v` here cost no new tape entry or call: is it
        read in this reverse block already, or from its slot elsewhere in the
        reverse of the same forward block (the slot and its saves are there
        whatever this read does)?  A rule that has another way to its partial
        asks (pow's x^(c-1) as pow(x, c) / x, rules.py: `_from_power`).  A
        math call made again earlier in this block's reverse counts too: the
        same call again, in code it dominates, is one call after LLVM's GVN."""
        if (id(b.block), id(v)) in self.loads:
            return True
        reversing = self.gen.reversing
        return reversing is not None and (id(reversing) in self.readers.get(id(v), ()) or
                                          id(reversing) in self.recalled.get(id(v), ()))

    def same_call(self, inst, name: str, values):
        """The forward sweep's own call of math function `name` on `values`
        (a rule of `inst` needs it: sin's derivative, the cos beside it),
        when it runs whenever `inst` does: in its block, in a dominating
        one inside no loop that `inst` is outside of, or once after `inst`'s
        block runs once (bundle adjustment's cos(theta) comes a block
        before its sin(theta)).  Reading it back costs less than calling
        the function again; its slot holds its one value for the reverse."""
        gen = self.gen
        if self.math_calls is None:
            self.math_calls = {}
            for block in gen.fwd_blocks:
                for call in block.instructions:
                    if is_droppable_math_call(call):
                        key = (math_function(call.called_function.name),
                               tuple(id(a) for a in call.args))
                        self.math_calls.setdefault(key, []).append(call)
        around = gen.loops.loops_around(inst.parent)
        order = ExecutionOrder(gen.fwd, gen.cyclic)
        for call in self.math_calls.get((name, tuple(id(v) for v in values)), ()):
            if call is inst or call.type != inst.type:
                continue
            if call.parent is inst.parent or (
                    gen.loops.dom.dominates(call.parent, inst.parent) and
                    all(lp in around for lp in gen.loops.loops_around(call.parent))) or \
                    order.runs_once_after(call.parent, inst.parent, gen.exit):
                return call
        return None

    def partner_in_forward(self, inst, name: str, values):
        """A call of `name` on `values` added to the forward pass beside
        `inst` and kept, for `inst`'s rule in its own block's reverse, when
        `name` is `inst`'s partner (sin of cos(x), cos of sin(x)) and the
        forward pass computes `inst` for effects of its own (not
        `_flows_to_return`; nor called again or swept whole in reverse,
        where the forward drops it).  LLVM joins the two into one sincos,
        ~17 instructions more than the call alone, and the reverse reads an
        8-byte entry where it made a ~40-instruction call (tools/perfhunt
        quadrature, vectorized: the reference recomputes its sum in reverse,
        one sincos and no forward loop).  None where the forward pass may
        drop `inst`: then the partner is called in reverse
        (`_beside_partner` recomputes `inst` beside it), nor where errno
        or the flags are read (a new call could set them)."""
        gen = self.gen
        known = self.partners.get(id(inst))
        if known is not None:
            return known
        if not (gen.in_block_body and gen.reversing is inst.parent and
                is_droppable_math_call(inst) and len(inst.args) == 1 and
                len(values) == 1 and values[0] is inst.args[0] and gen.info.is_active(inst)):
            return None
        if MATH_PARTNERS.get(math_function(inst.called_function.name)) != name or \
                self._math_status_read() or \
                classify_call(inst, gen.ctx.custom, gen.mode) is not CallKind.RULE or \
                self._flows_to_return(inst) or self._called_again(inst) or \
                self._in_dead_sweep(inst):
            return None
        em = Emitter(Builder().position_after(inst), inst.flags)
        call = self.partners[id(inst)] = em.math(name, em.wrap(inst.args[0])).value
        self.partner_ids.add(id(call))
        self.math_calls.setdefault((name, (id(inst.args[0]),)), []).append(call)
        return call

    def address_at_hand(self, ptr) -> bool:
        """Does the reverse pass compute address `ptr` from what it has
        anyway, reading no slot: address arithmetic over the function's
        stack memory, constants, arguments and loop counters?  (The undo
        log then keeps no address for a store to it.)"""
        def is_leaf(x) -> bool:
            return isinstance(x, I.Alloca) or _is_index_leaf(x)
        return _built_from(ptr, ADDRESS_DEPTH, is_leaf, is_recomputable) and \
            self.recomputes(ptr)

    def memory_unchanged(self, ptr) -> bool:
        """Does the memory `ptr` points to hold, when the reverse pass runs,
        what it held anywhere in the forward pass?  (A BLAS call's input is
        then read again rather than copied, ad/blas.py.)  Only in a combined
        derivative, and for argument or global memory no write of the
        function reaches: the loads `reloadable` names, for a call."""
        gen = self.gen
        if gen.split:
            return False
        if self.write_targets is None:
            self.write_targets = [write_targets(gen.fwd)]
        return unwritten_memory(gen.fwd, ptr, self.write_targets[0])

    def _kept_by_caller(self) -> set:
        """ids of the arguments whose memory the caller of a split derivative
        keeps unchanged until the reverse pass (`kept_arguments`): loads from
        there are repeated in the reverse pass, not taped.  Another caller
        gets another derivative: the split derivatives' cache key holds them."""
        gen = self.gen
        return {id(a) for a, kept in zip(gen.fwd_args, gen.kept) if kept}

    def kept_arguments(self, call) -> tuple:
        """Which arguments of `call` (of a function whose split derivative
        this one calls) point into memory that holds its contents from the
        call until the callee's reverse pass: a tuple of bools, or () for
        none (analysis/memory.kept_for_reverse)."""
        gen = self.gen
        if gen.in_parallel:
            return ()

        def kept_argument(obj):
            if obj is None or not gen.split:     # a combined derivative: its stack, arguments
                return not gen.split
            return any(kept and a is obj for a, kept in zip(gen.fwd_args, gen.kept))

        rooted = self.rooted_arguments()
        kept = tuple(a.type.is_pointer and (
            ROOTED if id(loaded_root(a)) in rooted else
            kept_for_reverse(call, i, self.writes, kept_argument))
            for i, a in enumerate(call.args))
        return kept if any(kept) else ()

    def rooted_arguments(self) -> set:
        """ids of the forward arguments whose memory, and all memory reached by
        loads from it, no write of the whole differentiated call tree reaches:
        in a split derivative those its caller passed as ROOTED; in a combined
        one, whose call is the whole tree, those analysis/tree_writes.py finds
        (not in a copy whose `noalias` only runtime checks vouch for, whose
        checks cover what the arguments point to, not what that points to)."""
        gen = self.gen
        if self._rooted is None:
            if gen.split:
                self._rooted = {id(a) for a, kept in zip(gen.fwd_args, gen.kept)
                                if kept == ROOTED}
            elif gen.in_parallel or id(gen.primal) in gen.ctx.alias_checked:
                self._rooted = set()
            else:
                untouched = untouched_arguments(gen.primal, lambda fn: id(fn) in gen.ctx.custom)
                self._rooted = {id(a) for a, p in zip(gen.fwd_args, gen.primal.args)
                                if id(p) in untouched}
        return self._rooted

    def invariant_in(self, v, loop) -> bool:
        """Does forward `v` hold the same value in every iteration of `loop`?
        Then instrument.py saves its slot once per run of the loop, not per
        iteration, even where the loop's reverse reads it: a load from memory
        the loop does not write (a captured pointer, a bound).  A shadow
        load reads memory of its primal load's type."""
        if not isinstance(v, I.Load):
            return False
        key = (id(v), id(loop))
        known = self.invariant.get(key)
        if known is None:
            known = self.invariant[key] = loop_invariant_load(v, self._blocks_of(loop),
                                                              self._access_kind)
        return known

    def _blocks_of(self, loop) -> list:
        """The forward blocks of `loop`, looked up by id once per loop (a
        function of a thousand loops asks for each loop's blocks for every
        load it caches).  The loop holds only blocks that existed when it was
        found, and the entry holds the loop, so its id is not reused."""
        known = self._loop_blocks.get(id(loop))
        if known is None or known[0] is not loop:
            by_id = self._block_by_id
            if any(i not in by_id for i in loop.blocks):
                by_id.update((id(blk), blk) for blk in self.gen.fwd.blocks)
            known = self._loop_blocks[id(loop)] = (
                loop, [by_id[i] for i in loop.blocks if i in by_id])
        return known[1]

    def _access_kind(self, inst):
        """The scalar type TBAA gives access `inst` ("double", "ptr", ...), or None."""
        inst = self.gen.primal_of_shadow_load.get(id(inst), inst)
        tag = inst.get_metadata("tbaa")
        if tag is None:
            return None
        if self.tbaa is None:
            self.tbaa = Tbaa(self.gen.fwd.module.metadata)
        return self.tbaa.access_kind(tag)

    def slots_in_order(self) -> list:
        return sorted(self.slots.values(), key=lambda s: s.order)

    def blocks_reading(self, v) -> set:
        """Ids of the forward blocks whose reverse reads `v`'s slot (None:
        outside any block's reverse)."""
        return self.readers.get(id(v), {None})

    def slot_for(self, v) -> Slot:
        slot = self.slots.get(id(v))
        if slot is None:
            name = (v.name or "v") + ".slot"
            fwd = self.gen.fwd_alloca.alloca(v.type, name=name)
            rev = self.gen.rev_alloca.alloca(v.type, name=name) if self.gen.split else fwd
            slot = self.slots[id(v)] = Slot(v, fwd, rev, len(self.slots))
        return slot

    def free_in_reverse(self, b: Builder, inst) -> None:
        """After the reverse of allocation `inst`, free its heap block if the
        reverse pass repeated loads from it (heap_kept_until_reverse): the
        forward pass's free moves here, its arguments as of the forward
        execution.  Every reverse of a block the allocation dominates has run."""
        free = self.deferred_frees.pop(id(inst), None)
        if free is None:
            return
        args = [self.value_in_reverse(b, a) for a in free.args]
        free.parent.remove(free)
        for index, value in enumerate(args):
            free.set_operand(index, value)
        b.insert(free)

    def check_frees_moved(self) -> None:
        """Every deferred free must have reached its allocation's reverse: one
        left in the forward pass would free what the reverse pass reads."""
        if self.deferred_frees:
            raise DifferentiationError("the free of a heap block the reverse pass reads again "
                                       "found no reverse of its allocation",
                                       function=self.gen.primal,
                                       instruction=next(iter(self.deferred_frees.values())))

    # ------------------------------------------------------------------ recomputation
    def _restorable_here(self, v) -> bool:
        """Can this reverse block repeat load `v`, its block's stores not yet undone?"""
        gen = self.gen
        return gen.in_block_body and gen.reversing is v.parent and self.undo.may_repeat(v)

    def _beside_partner(self, v) -> bool:
        """Is `v` a sin (cos) call read in its own block's reverse, whose rule
        there calls cos (sin) of the same argument, that argument at hand?
        Recomputed beside it, the two are one sincos call (LLVM joins them in
        a block); kept, the forward pass pays one call and the reverse the
        other, with a tape entry between.  Not where the forward pass calls
        the partner too: the rule reads that back (`same_call`).  Vectors
        too: LLVM (14 and 19) calls a vector sin and cos of one argument in
        a block lane by lane, joined into sincos calls (tools/perfhunt
        cxx_numeric, vectorized: 20% fewer instructions).  Only where the
        forward pass computes `v` for no effect of its own
        (`_flows_to_return`), so that it drops its call: where `v` feeds a
        value it needs (a quadrature's sum, scaled by an active half-width
        before the loss squares it), the forward call stays, and
        recomputing adds a sincos where keeping adds a tape entry to a sin
        (tools/perfhunt quadrature: 10%, vectorized 14%, fewer instructions)."""
        gen = self.gen
        if not (gen.in_block_body and gen.reversing is v.parent and
                is_droppable_math_call(v) and len(v.args) == 1 and gen.info.is_active(v)):
            return False
        partner = MATH_PARTNERS.get(math_function(v.called_function.name))
        return partner is not None and \
            classify_call(v, gen.ctx.custom, gen.mode) is CallKind.RULE and \
            self._argument_at_hand(v.args[0]) and self.same_call(v, partner, v.args) is None and \
            self._flows_to_return(v)

    def _joined(self, v) -> bool:
        """Is `v` a phi of a join (no loop header) whose predecessor index
        the reverse pass computes (reverse.py: not an index phi of its own),
        each incoming value at hand and defined before the join?  It is
        the incoming value of that index then, a select: the start of the
        vectorizer's remainder loop, 0 or the vector trip count by the
        guards (tools/perfhunt/pinball.c vectorized: 8 bytes a row)."""
        gen = self.gen
        if not isinstance(v, I.Phi) or v.type.is_aggregate:
            return False
        block = v.parent
        index = gen.pred_index.get(id(block))
        if index is None or isinstance(index, I.Phi):
            return False
        dom = gen.loops.dom
        return not any(dom.dominates(block, p) for p in gen.preds[id(block)]) and all(
            self._at_hand(x) and (not isinstance(x, I.Instruction) or
                                  x.parent is not block and dom.dominates(x.parent, block) and
                                  id(x.parent) not in gen.inert_blocks)
            for x, _ in v.incoming)

    def _emit_joined(self, b: Builder, v):
        index = self.value_in_reverse(b, self.gen.pred_index[id(v.parent)])
        preds = self.gen.preds[id(v.parent)]
        chosen = None
        for x, pred in v.incoming:
            value = self.value_in_reverse(b, x)
            if chosen is None:
                chosen = value
                continue
            taken = b.icmp("eq", index, ConstantInt(index.type, preds.index(pred)),
                           (v.name or "v") + ".way")
            chosen = b.select(taken, value, chosen, (v.name or "v") + ".re")
        return chosen

    def _argument_at_hand(self, x) -> bool:
        """Can the reverse pass have math call argument `x` without a slot?"""
        return self._at_hand(x) or self._cheap_float(x)

    def recomputes_here(self, b: Builder, v) -> bool:
        """Would reading `v` here compute it again from its operands (not
        read in this block yet, and `recomputes`)?  A rule that can build
        its partial from those operands instead reads nothing more (a max's
        partial: x >= y rather than max(x, y) == x)."""
        return (id(b.block), id(v)) not in self.loads and self.recomputes(v)

    def reproduces(self, v) -> bool:
        """Does the reverse pass read `v` equal to what the forward pass
        computed?  A kept value, an argument, reloaded memory do; a value
        computed again does where each step computes alike in every copy
        (`_computes_alike`).  A rule that compares a kept value with one
        computed again (a min's partial: r == x) asks: llvm.fmuladd fused in
        the forward copy and not in the reverse one gave x one ulp from the
        taped r, and the partial went to the other operand (fuzzer seed 7242)."""
        memo = self.reproducing
        if id(v) not in memo:
            memo[id(v)] = True      # a cycle through phis adds no step of its own
            memo[id(v)] = self._reproduces(v)
        return memo[id(v)]

    def _reproduces(self, v) -> bool:
        if not isinstance(v, I.Instruction) or not self.recomputes(v):
            return True
        found = self._forwarded(v)
        if found is not None:
            store, counter, _ = found
            return self._steps_reproduce(store.value, self.gen.loops.loops_around(store.parent)[0])
        found = self._previous_iteration(v)
        if found is not None:
            loop, _, start, latest = found
            return self.reproduces(start) and self._steps_reproduce(latest, loop)
        if isinstance(v, I.Phi):    # `_joined`, or integer arithmetic
            return all(self.reproduces(x) for x, _ in v.incoming)
        return _computes_alike(v) and all(self.reproduces(op) for op in v.operands)

    def _steps_reproduce(self, v, loop) -> bool:
        """`reproduces`, for `v` emitted again by `_emit_in_loop`: its steps
        inside `loop` copied, the values from outside it read back."""
        if not isinstance(v, I.Instruction) or not loop.contains(v.parent):
            return self.reproduces(v)
        return _computes_alike(v) and all(self._steps_reproduce(op, loop) for op in v.operands)

    def calls_again(self, b: Builder, v) -> bool:
        """Would reading `v` here make its math call again (`_called_again`;
        not read in this block yet)?  Nothing else reads such a value, so
        a rule that can build its partial from the call's arguments instead
        (tanh's 1 / cosh^2) saves the call (rules.py ARGUMENT_PARTIALS)."""
        return (id(b.block), id(v)) not in self.loads and self._called_again(v)

    def _called_again(self, v) -> bool:
        """Is `v` a scalar math call read only in its own block's reverse, its
        arguments at hand there, whose value the forward sweep needs for
        nothing else (`_feeds_only_sums`)?  Called again there, the forward
        sweep drops the call (dead_primal) and the tape entry goes: the same
        calls, one sweep of them, no tape (tools/perfhunt/exp_shapes.c, a
        sum of exp(a) * sin(a) and the like).  In loops only: elsewhere a
        slot is a stack cell, cheaper than nothing to weigh.  Combined
        derivatives only: a split one's forward returns the primal result,
        which is live; and not where errno or the flags are read (the calls
        are all kept)."""
        gen = self.gen
        if gen.split or not (gen.in_block_body and gen.reversing is v.parent) or \
                not gen.loops.loops_around(v.parent) or \
                v.type.is_vector or not is_droppable_math_call(v) or \
                self._math_status_read():
            return False
        return classify_call(v, gen.ctx.custom, gen.mode) is CallKind.RULE and \
            all(self._argument_at_hand(x) for x in v.args) and self._feeds_only_sums(v)

    def _math_status_read(self) -> bool:
        """Does the module read errno or the exception flags (dead_primal
        then keeps every math call, so none may be called again)?"""
        if self._status_read is None:
            self._status_read = math_status_read(self.gen.fwd.module)
        return self._status_read

    def _in_dead_sweep(self, v) -> bool:
        """Is `v` float arithmetic or a math call of a one-block loop whose
        forward sweep computes nothing but the tape (`_sweep_rebuilt`), read
        in that block's reverse?  All of it is computed there again, each
        value once, so the forward loop has nothing left to do and goes: the
        reference's way with a loop like Black-Scholes' (exp, log, sqrt and
        erf of read-only inputs, summed), where taping the calls that read
        other calls' results kept the forward loop and its tape."""
        gen = self.gen
        if gen.split or not (gen.in_block_body and gen.reversing is v.parent) or \
                not _float_step(v, gen):
            return False
        block = v.parent
        known = self.sweeps.get(id(block))
        if known is None:
            known = self.sweeps[id(block)] = self._sweep_rebuilt(block)
        return known

    def _sweep_rebuilt(self, block) -> bool:
        """Is `block` a loop of its own (a one-block body) whose instructions
        have no effect, whose float values all come from values at hand
        through float arithmetic and math calls (`_float_step`), and whose
        float phis and values used after it only sum (`_only_summed`: the
        combined derivative drops what they return)?"""
        gen = self.gen
        if block not in block.successors or self._math_status_read():
            return False
        for inst in block.instructions:
            if isinstance(inst, I.Phi):
                if inst.type.scalar.is_float and not self._only_summed([inst]):
                    return False
            elif _float_step(inst, gen):
                if not all(self._rebuilt_operand(inst, op) for op in inst.operands) or \
                        not self._leaves_only_summed(inst):
                    return False
            elif not (isinstance(inst, (I.Load, I.Branch)) or is_recomputable(inst)):
                return False
        return True

    def _leaves_only_summed(self, inst) -> bool:
        """Is what `inst` passes out of its block only summed there?  (Not
        counting a copy of a user being emitted into the reverse pass.)"""
        outside = [u for u in inst.users if u.parent is not inst.parent and u.parent is not None]
        info = self.gen.info
        return all(isinstance(u, I.Return) or _sums_into(u, inst, info) for u in outside) \
            and self._only_summed([u for u in outside if not isinstance(u, I.Return)])

    def _rebuilt_operand(self, inst, op) -> bool:
        """Can `_sweep_rebuilt`'s reverse have operand `op` of `inst`?"""
        if isinstance(op, I.Instruction) and op.parent is inst.parent:
            if isinstance(op, I.Phi):       # a sum: its rule does not read it
                return not op.type.is_float or _sums_into(inst, op, self.gen.info)
            if _float_step(op, self.gen):
                return True
        return self._argument_at_hand(op)

    def _feeds_only_sums(self, v) -> bool:
        """Do `v`'s users, all in its block, read it only into float
        arithmetic whose results feed only sums (adds, subtracts, negations,
        phis, selects, products and quotients by inactive values, and the
        return a combined derivative drops)?  No reverse rule then reads those
        results, and nothing the forward sweep keeps (a store, a compare, a
        call, a slot) depends on `v`."""
        info = self.gen.info
        return all(user.parent is v.parent and _reads_into_arithmetic(user, v, info)
                   for user in v.users) and self._only_summed(v.users)

    def _only_summed(self, values) -> bool:
        """Do `values`, and what they flow into, feed only sums (`_sums_into`)
        and the return a combined derivative drops?"""
        info = self.gen.info
        return _flows_only_through(values, lambda user, m: _sums_into(user, m, info))

    def _cheap_float(self, v, depth: int = CHEAP_FLOAT_DEPTH) -> bool:
        """Is `v` a float negation, add, subtract, multiply or fused
        multiply-add (in a loop also a divide, square root, absolute value or
        comparison: LOOP_FLOAT_OPS, LOOP_FLOAT_COMPARES),
        up to `depth` levels deep, whose leaves are values the
        reverse pass has at hand anywhere (constants, arguments, loads of
        memory the function never writes, integer and address arithmetic),
        plus at most one value of v's own block read back from the tape?
        A few flops cost less than a tape entry written and read back.  The
        one taped leaf shares v's block, so its slot always holds the same
        iteration's value as v's would; and taping it instead of v never
        costs more, and nothing at all when the reverse pass needs it anyway
        (`x*x` beside `x`).  A comparison only with no taped leaf at all, up
        to COMPARE_DEPTH deep: an i1 taped costs no more than the leaf would
        (argmax's `row[j] > m`: taping m instead, 17% more instructions).
        A float select in a loop by `_picked_by_condition`."""
        in_loop = bool(self.gen.loops.loops_around(v.parent))
        if isinstance(v, I.Compare):
            return self._cheap_float_leaves(v, COMPARE_DEPTH, v.parent, in_loop) == _NO_LEAVES
        if isinstance(v, I.Select):
            return in_loop and not v.type.is_aggregate and v.type.scalar.is_float and \
                self._picked_by_condition(v, depth)
        leaves = self._cheap_float_leaves(v, depth, v.parent, in_loop)
        return leaves is not None and (len(leaves) <= 1 or self._kept_anyway(v, leaves))

    def _rebuilt_whole(self, v) -> bool:
        """Is `v` a float value of a loop, read in its own block's reverse,
        that the combined derivative's forward pass computes for nothing but
        the return it drops (`_flows_to_return`), and that the reverse
        rebuilds in at most REBUILT_OPS new operations (`_rebuilt_ops`)?
        The vectorizer's sum of three squares, `(d0 + d1.x) + d1.y` with
        `d1 = sub * sub` a `<2 x double>` and its lanes extracted, has two
        or three operands that `_cheap_float` would tape, though the reverse
        computes the differences again for the squares' adjoints (tools/
        perfhunt cxx_particles, vectorized): rebuilt whole, the tape entry
        goes, and with it the forward computation it kept alive."""
        gen = self.gen
        if gen.split or not (gen.in_block_body and gen.reversing is v.parent) or \
                not isinstance(v, I.Instruction) or v.type.is_aggregate or \
                not v.type.scalar.is_float or not gen.loops.loops_around(v.parent):
            return False
        here = id(gen.reversing)
        if (here, id(v)) in self.rebuilt_parts:
            return True
        ops = self._rebuilt_ops(v)
        if ops is None or not _private_to(ops, v) or not self._flows_to_return(v):
            return False
        self.rebuilt_parts.update((here, x) for x in ops)
        return True

    def _rebuilt_ops(self, v):
        """The operations the reverse of `v`'s block emits to rebuild `v`:
        cheap float operations and lane moves (`_rebuilt_operands`) of that
        block, down to values at hand or read there anyway (`_read_anyway`),
        each counted once (`_rebuilt_whole` marks them `rebuilt_parts`, so
        each is recomputed when the rebuild reads it).  A dict id ->
        operation, or None when some leaf would need a slot of its own or
        there are more than REBUILT_OPS."""
        home, ops, work = v.parent, {}, [v]
        while work:
            x = work.pop()
            if id(x) in ops:
                continue
            if x is not v and (self._at_hand(x) or self._read_anyway(x, home)):
                continue
            operands = _rebuilt_operands(x) if getattr(x, "parent", None) is home else None
            if operands is None:
                return None
            ops[id(x)] = x
            if len(ops) > REBUILT_OPS:
                return None
            work.extend(operands)
        return ops

    def _read_anyway(self, x, home) -> bool:
        """Does the reverse of block `home` read float value `x` of that block
        whatever else it reads: an operand of an active product there whose
        other operand is active too (`d * d`: its adjoint reads d)?"""
        info = self.gen.info
        if getattr(x, "parent", None) is not home or not info.is_active(x):
            return False
        return any(isinstance(u, I.BinaryOp) and u.opcode == "fmul" and u.parent is home and
                   info.is_active(u) and all(info.is_active(op) for op in u.operands)
                   for u in x.users)

    def _flows_to_return(self, v) -> bool:
        """Does `v` flow only through float arithmetic, lane moves, math
        calls and phis into the return (which a combined derivative drops)?
        Then the forward pass computes it for no effect of its own."""
        return _flows_only_through([v], self._float_only_step)

    def _float_only_step(self, user, m) -> bool:
        """Is `user` a step of `_flows_to_return`: a phi whose value is only
        summed (`_only_summed`: an accumulator; a recurrence's phi is read
        by the reverse, so the forward pass computes what it carries
        anyway: tools/perfhunt iir_filter, vectorized, 6% more instructions
        with its y rebuilt), a select's value, float arithmetic or lane
        move, or a math call the forward pass may drop (errno and the flags
        unread)?"""
        if isinstance(user, I.Phi):
            return self._only_summed([user])
        if _selected(user, m):
            return True
        if isinstance(user, (I.BinaryOp, I.UnaryOp)) or isinstance(user, LANE_MOVES):
            return not user.type.is_aggregate and user.type.scalar.is_float
        return is_droppable_math_call(user) and not self._math_status_read()

    def _leaf_carried_out(self, v) -> bool:
        """Is `v` a cheap float with a taped leaf, read in the reverse of a
        block outside `v`'s innermost loop (a running value's last step,
        read after the loop)?  Recomputed there, the leaf's slot must hold
        the last iteration's value once the loop is over, so the forward
        loop saves each slot's previous contents and carries two values
        across every back edge (tools/perfhunt cxx_member's Horner loop:
        two register moves per iteration).  Kept, `v` is saved once per run
        of the loop, and the leaf, read in its own block's reverse only, is
        pushed as the iteration ends."""
        reversing = self.gen.reversing
        if reversing is None:
            return False
        loops = self.gen.loops.loops_around(v.parent)
        if not loops or loops[0].contains(reversing):
            return False
        leaves = self._cheap_float_leaves(v, CHEAP_FLOAT_DEPTH, v.parent, True)
        return bool(leaves)

    def _picked_by_condition(self, v, depth: int) -> bool:
        """Is the float select `v` one whose two values need no slot (at
        hand, or cheap floats of values at hand)?  In a loop it is rebuilt
        from its condition then, an i1 taped (or recomputed) where the
        selected float would be: a pinball loss's q - 1 or q by the sign of
        its residual (tools/perfhunt/pinball.c: 1.09 of the reference's
        instructions, 1.02 rebuilt).  Not where a value needs a slot of its
        own: rebuilt, a clamp's select of a select (cxx_minmax) tapes 8 bytes
        less per iteration but runs 0.2% more instructions."""
        return all(_NO_LEAVES in self._leaf_choices(op, depth, v.parent, True)
                   for op in v.operands[1:])

    def _kept_anyway(self, v, leaves) -> bool:
        """Is `v` an active product `a * b` of two active values of its block
        read back from the tape (`leaves`)?  Its adjoint reads both, so their
        slots are there whatever `v` does: `l * r` beside `l` and `r` costs a
        multiply, not a slot."""
        info = self.gen.info
        return isinstance(v, I.BinaryOp) and v.opcode == "fmul" and \
            leaves == frozenset(id(op) for op in v.operands) and info.is_active(v) and \
            all(info.is_active(op) for op in v.operands)

    def _cheap_float_leaves(self, v, depth: int, home, in_loop: bool):
        """The fewest values of block `home` that the float expression `v`
        reads from slots when recomputed, as a frozenset of ids (the first
        such set in the order of the operands' choices); None if `v` is no
        such expression (`in_loop`: `home` is in a loop, where divisions and
        square roots count as cheap too)."""
        operands = _cheap_float_operands(v, in_loop)
        if operands is None:
            return None
        best = None
        for choice in itertools.product(*(self._leaf_choices(op, depth, home, in_loop)
                                          for op in operands)):
            leaves = _NO_LEAVES.union(*choice)
            if best is None or len(leaves) < len(best):
                best = leaves
                if not best:
                    break           # none fewer to find
        return best

    def _leaf_choices(self, op, depth: int, home, in_loop: bool) -> list:
        """The ways operand `op` can be had in the reverse pass: at hand, read
        from its slot (if it belongs to `home`), or recomputed."""
        if self._at_hand(op):
            return _AT_HAND
        choices = [frozenset((id(op),))] if op.parent is home else []
        inner = self._cheap_float_leaves(op, depth - 1, home, in_loop) if depth else None
        if inner is not None:
            choices.append(inner)
        return choices

    def _sibling_counter(self, v):
        """(base, v's start, base's start) when `v` is a loop counter
        `phi [S, %pre], [%v + C, %latch]` stepping beside the counter `base`
        that the loop's exit test reads, of the same type and step C from the
        same preheader: then v = S + (base - base's start) in every
        iteration, wrapping or not (gmm's running index into the packed
        triangle beside the column counter), and the reverse pass computes
        it from base's value instead of keeping its own.  Else None."""
        known = self.siblings.get(id(v), False)
        if known is not False:
            return known
        found = self.siblings[id(v)] = None
        parts = counter_parts(v)
        loops = self.gen.loops.loops_around(v.parent) if parts is not None else []
        if not loops or loops[0].header is not v.parent or \
                final_count_bound(loops[0], v, self.gen.preds) is not None:
            return None
        start, pre, increment = parts
        for base in v.parent.instructions:
            if not isinstance(base, I.Phi):
                break
            other = counter_parts(base) if base is not v and base.type == v.type else None
            if other is not None and other[1] is pre and \
                    other[2].operands[1].value == increment.operands[1].value and \
                    final_count_bound(loops[0], base, self.gen.preds) is not None:
                found = self.siblings[id(v)] = (base, start, other[0])
                break
        return found

    def _forwarded(self, v):
        """(store, counter, index) when load `v` reads what one store wrote in
        the iteration where its loop's counter equals the load's index
        (analysis/memory.forwarding_store), and the stored value is computed
        in that loop from the counter, values from outside the loop and
        reloadable loads by integer, address and cheap float arithmetic: the
        reverse pass computes it again for the index instead of keeping the
        load.  Else None."""
        known = self.forwards.get(id(v), False)
        if known is not False:
            return known
        found = None
        if isinstance(v, I.Load):
            gen = self.gen
            found = forwarding_store(v, gen.loops, gen.preds, gen.exit, gen.cyclic)
            if found is not None and not self._computable_in_loop(
                    found[0].value, found[1], gen.loops.loops_around(found[0].parent)[0],
                    FORWARDED_DEPTH):
                found = None
        self.forwards[id(v)] = found
        return found

    def _computable_in_loop(self, v, counter, loop, depth: int, home=None) -> bool:
        """Is `v` (a stored value) computed, within `depth` operations, from
        `counter`, values defined outside `loop` and reloadable loads by
        integer, address and cheap float arithmetic (no phi, no call), its
        steps inside the loop all in block `home` when one is given?"""
        def is_leaf(x) -> bool:
            return x is counter or not isinstance(x, I.Instruction) or \
                not loop.contains(x.parent)

        def is_step(x) -> bool:
            if isinstance(x, I.Phi) or home is not None and x.parent is not home:
                return False
            if isinstance(x, I.Load):
                return id(x) in self.reloadable
            return is_recomputable(x) and not isinstance(x, I.Call) or \
                _cheap_float_operands(x, False) is not None and \
                isinstance(x, (I.BinaryOp, I.UnaryOp))
        return _built_from(v, depth, is_leaf, is_step)

    def _emit_forwarded(self, b: Builder, v, found):
        """The value load `v` read, computed again from the store's expression."""
        store, counter, index = found
        loop = self.gen.loops.loops_around(store.parent)[0]
        return self._emit_in_loop(b, store.value, loop, counter,
                                  self.value_in_reverse(b, index), ".fwd")

    def _emit_in_loop(self, b: Builder, v, loop, counter, count, suffix: str):
        """`v` (`_computable_in_loop` holds) computed again at `b` for the
        iteration where `counter` is `count`: the steps inside `loop`
        copied, the values from outside it read back."""
        done = {id(counter): count}

        def emit(x):
            if not isinstance(x, I.Instruction) or not loop.contains(x.parent):
                return self.value_in_reverse(b, x)
            if id(x) not in done:
                done[id(x)] = _emit_copy(b, x, emit, suffix)
            return done[id(x)]
        return emit(v)

    def _previous_iteration(self, v):
        """(loop, counter, v's start, L) when `v` is a header phi
        `phi [S, %pre], [L, %latch]` carrying last iteration's L (range-for's
        `prev = x`), beside a counter `phi [S', %pre], [%c + C, %latch]`
        whose step cannot wrap (nsw/nuw, C != 0: the counter equals S' in
        the first iteration only), and L is computed in the header from the
        counter, values from outside the loop and loads of memory the
        function never writes (`_computable_in_loop`).  Then v is S in the
        first iteration and L computed for the counter's previous value
        c - C in the others, as the reference recomputes it; the tape entry
        per iteration goes.  The steps in the header ran with every value of
        the counter the loop reached, so emitting them for c itself in the
        first iteration (`_emit_previous`) cannot trap.  Else None."""
        known = self.previous.get(id(v), False)
        if known is not False:
            return known
        found = self.previous[id(v)] = None
        loops = self.gen.loops.loops_around(v.parent) if isinstance(v, I.Phi) else []
        if not loops or loops[0].header is not v.parent or len(v.incoming) != 2:
            return None
        loop = loops[0]
        inside = [loop.contains(block) for _, block in v.incoming]
        if inside.count(True) != 1:
            return None
        (start, pre), (latest, latch) = v.incoming if inside[1] else v.incoming[::-1]
        for counter in v.parent.phis:
            parts = counter_parts(counter) if counter is not v and counter.type.is_int else None
            if parts is None or parts[1] is not pre or \
                    not ({"nsw", "nuw"} & set(parts[2].flags)) or \
                    parts[2].operands[1].value % (1 << counter.type.bits) == 0 or \
                    _carried_from(counter, parts[2]) is not latch or \
                    isinstance(parts[0], I.Instruction) and loop.contains(parts[0].parent):
                continue
            if self._computable_in_loop(latest, counter, loop, FORWARDED_DEPTH, v.parent):
                found = self.previous[id(v)] = (loop, counter, start, latest)
                break
        return found

    def _emit_previous(self, b: Builder, v, found):
        """`select (c == S'), S, L(c - C)` (`_previous_iteration`); the
        first iteration computes L for c itself, a value the select drops."""
        loop, counter, start, latest = found
        counter_start, _, increment = counter_parts(counter)
        count = self.value_in_reverse(b, counter)
        name = v.name or "v"
        first = b.icmp("eq", count, self.value_in_reverse(b, counter_start), name + ".first")
        before = b.sub(count, increment.operands[1], name + ".count.before")
        passed = _before_the_start(b, before, counter_start, increment) or first
        previous = self._emit_in_loop(b, latest, loop, counter,
                                      b.select(passed, count, before, name + ".count.prev"),
                                      ".prev")
        return b.select(first, self.value_in_reverse(b, start), previous, name + ".re")

    def _recompute(self, b: Builder, v):
        """Emit `v` again in the reverse pass, from its operands' reverse values.

        Cheaper than a tape entry, and in split mode it makes shadow
        addresses come from the reverse call's own shadow arguments.  Loads
        are repeated only from memory the function never writes, or whose
        later stores the undo log has taken back.
        """
        found = self._forwarded(v)
        if found is not None:
            return self._emit_forwarded(b, v, found)
        previous = self._previous_iteration(v)
        if previous is not None:
            return self._emit_previous(b, v, previous)
        sibling = self._sibling_counter(v)
        if sibling is not None:
            base, start, base_start = (self.value_in_reverse(b, x) for x in sibling)
            return b.add(start, b.sub(base, base_start, (v.name or "v") + ".offset"),
                         (v.name or "v") + ".re")
        if self._joined(v):
            return self._emit_joined(b, v)
        self.rebuilding += 1
        try:
            return _emit_copy(b, v, lambda op: self.value_in_reverse(b, op), ".re")
        finally:
            self.rebuilding -= 1

    def from_arguments(self, v) -> bool:
        """Can the reverse pass compute `v` anywhere, even in a block that
        also runs when the forward pass never computed `v` (instrument.py
        sets a loop counter's last value, `N - C`, where the reverse pass
        enters the loop)?  Stricter than `recomputes`: its leaves are
        constants and arguments only (no slot is set there, nor recomputed
        from one), its steps at most ANYWHERE_DEPTH integer operations that
        cannot trap (`ANYWHERE_OPS`: no division) -- and `rebuild_from_
        arguments` drops their flags, so a step that wraps on that path
        makes no poison."""
        rev_args = self.gen.rev_args
        return _built_from(v, ANYWHERE_DEPTH, lambda x: x.is_constant or id(x) in rev_args,
                           _computable_anywhere)

    def rebuild_from_arguments(self, b: Builder, v):
        """Emit `v` (`from_arguments` holds) again at `b`, from the reverse
        arguments, without the forward pass's flags."""
        return self._rebuild_bound(b, v, None)

    def bound_at_exit(self, v, exit_block) -> bool:
        """Can the reverse pass compute loop bound `v` where it enters the
        loop, the reverse of `exit_block` (instrument.py: a counter's last
        value, `N - C`), when `from_arguments` fails because N was loaded
        (CSR rows: `k < rowptr[i + 1]`)?  Its leaves may also be counters
        of loops around `exit_block` (their slots hold the iteration being
        reversed), its steps loads of memory the function never writes
        from blocks dominating `exit_block` (so the forward pass loaded
        that address whenever it came there, by any path) and address
        arithmetic; none can trap or make poison where they are rebuilt."""
        gen, dom = self.gen, self.gen.loops.dom
        around = gen.loops.loops_around(exit_block)

        def is_leaf(x) -> bool:
            if x.is_constant or id(x) in gen.rev_args:
                return True
            return counter_parts(x) is not None and id(x) in self.slots and any(
                loop.header is x.parent and len(loop.outside_predecessors(gen.preds)) == 1
                for loop in around)

        def is_step(x) -> bool:
            if isinstance(x, I.Load):
                return id(x) in self.reloadable and not x.volatile and not x.atomic and \
                    dom.dominates(x.parent, exit_block)
            return isinstance(x, I.GetElementPtr) or _computable_anywhere(x)
        return _built_from(v, ANYWHERE_DEPTH, is_leaf, is_step)

    def rebuild_at_exit(self, b: Builder, v, exit_block):
        """Emit bound `v` (`bound_at_exit` holds) at `b`, flags dropped; the
        counters it reads are read from their slots, as of the iteration the
        reverse of `exit_block` belongs to."""
        return self._rebuild_bound(b, v, exit_block)

    def _rebuild_bound(self, b: Builder, v, exit_block):
        """`v` emitted again at `b` from the reverse arguments, the flags of
        its arithmetic dropped (a step that wraps on a path the forward
        pass never took makes no poison); with `exit_block`, the counters
        of the loops around it read from their slots (`bound_at_exit`)."""
        rev_args, done = self.gen.rev_args, {}

        def emit(x):
            if x.is_constant:
                return x
            if id(x) in rev_args:
                return rev_args[id(x)]
            if exit_block is not None and id(x) in self.slots and counter_parts(x) is not None:
                self.readers.setdefault(id(x), set()).add(id(exit_block))
                return b.load(x.type, self.slots[id(x)].rev, (x.name or "v") + ".now")
            if id(x) not in done:
                done[id(x)] = _emit_copy(b, x, emit, ".bound",
                                         drop_flags=not isinstance(x, I.Load))
            return done[id(x)]
        return emit(v)


# How many results `_feeds_only_sums` follows before giving up.
_SUMS_WALKED = 64


def _private_to(ops, v) -> bool:
    """Is every operation of `ops` (id -> instruction) but `v` used only by
    operations of `ops`?  Then the forward pass computes none of them once
    it needs `v` no more, and rebuilding them costs the reverse what the
    forward saves (tools/perfhunt iir_filter, vectorized: the lanes of y
    also start the next step, so the forward kept them and the reverse
    added five operations per step)."""
    return all(all(id(u) in ops or u.parent is None for u in x.users)
               for x in ops.values() if x is not v)


def _flows_only_through(values, step) -> bool:
    """Do `values`, and what they flow into, reach only users `step(user,
    value)` accepts, and the return (a combined derivative drops it)?  At
    most _SUMS_WALKED values are followed."""
    seen, work = set(), list(values)
    while work:
        m = work.pop()
        if id(m) in seen:
            continue
        seen.add(id(m))
        if len(seen) > _SUMS_WALKED:
            return False
        for user in m.users:
            if isinstance(user, I.Return) or user.parent is None:
                continue            # dropped, or a copy being emitted into the reverse
            if not step(user, m):
                return False
            work.append(user)
    return True


def _float_step(v, gen) -> bool:
    """Float arithmetic, a comparison of floats or a select between them
    (`|r| < d ? r*r/2 : ...`, a ReLU: pure, rebuilt like the rest), a math
    call with a derivative rule, or a move of float lanes; scalars or
    vectors (the vectorizer pairs two loads of a table, `tab[c], tab[c+1]`,
    into one vector subtract and extracts its lanes), or a float reduction
    of a vector (the vectorizer's dot product inside a layer's loop)."""
    if isinstance(v, (I.BinaryOp, I.UnaryOp, I.Select)) or isinstance(v, LANE_MOVES):
        return not v.type.is_aggregate and v.type.scalar.is_float
    if isinstance(v, I.Compare):
        return v.opcode == "fcmp"
    if not (isinstance(v, I.Call) and v.type.scalar.is_float and not v.type.is_aggregate):
        return False
    callee = v.called_function
    if callee is not None and reduction_kind(callee.name) is not None:
        return True
    return is_droppable_math_call(v) and classify_call(v, gen.ctx.custom, gen.mode) is CallKind.RULE


def _reads_into_arithmetic(user, v, info) -> bool:
    """Does `user` read `v` as float arithmetic whose rule reads, besides
    `v`, only its other operand (not its own result)?"""
    if isinstance(user, I.UnaryOp):
        return user.opcode == "fneg"
    if isinstance(user, I.BinaryOp) and user.opcode in ("fadd", "fsub", "fmul"):
        return True
    return _scaled_by_inactive(user, v, info) or _selected(user, v)


def _sums_into(user, m, info) -> bool:
    """Does `user` take float value `m` into a result no reverse rule reads
    `m` for: a sum, a difference, a negation, a phi, a select's value, a
    move of lanes (the running sum put into lane 0 of a zero vector where a
    vectorized loop starts), or a product or quotient by an inactive value?"""
    if isinstance(user, (I.Phi,) + LANE_MOVES):
        return True
    if isinstance(user, I.UnaryOp):
        return user.opcode == "fneg"
    if isinstance(user, I.BinaryOp) and user.opcode in ("fadd", "fsub"):
        return True
    if isinstance(user, I.BinaryOp) and user.opcode == "fmul":
        other = user.operands[1] if user.operands[0] is m else user.operands[0]
        return other is not m and not info.is_active(other)
    return _scaled_by_inactive(user, m, info) or _selected(user, m) or _fused_addend(user, m) \
        or _lanes_summed(user)


def _fused_addend(user, m) -> bool:
    """`fmuladd(a, b, m)` (`s += a * b` contracted without -ffast-math):
    its rule reads a and b, never the addend."""
    return isinstance(user, I.Call) and called_math_function(user) in FUSED_MULTIPLY_ADDS and \
        len(user.args) == 3 and user.args[2] is m and m not in user.args[:2]


def _lanes_summed(user) -> bool:
    """`llvm.vector.reduce.fadd(start, v)`, the vectorizer's sum of its
    accumulator's lanes after the loop: its rule reads neither operand."""
    return isinstance(user, I.Call) and user.called_function is not None and \
        reduction_kind(user.called_function.name) == "fadd"


def _scaled_by_inactive(user, m, info) -> bool:
    """`m / k` with `k` inactive (its rule reads only k)."""
    return isinstance(user, I.BinaryOp) and user.opcode == "fdiv" and \
        user.operands[0] is m and user.operands[1] is not m and \
        not info.is_active(user.operands[1])


def _selected(user, m) -> bool:
    """`select c, m, y` (its rule reads only the condition)."""
    return isinstance(user, I.Select) and user.operands[0] is not m


# Fast-math flags that let LLVM compute two copies of an operation differently.
_LOOSE_FLAGS = frozenset(("fast", "reassoc", "contract", "arcp", "afn"))


def _computes_alike(v) -> bool:
    """Does every copy of `v` give the same value for the same operands?
    Integer, address and lane arithmetic, loads, selects and compares do; so
    do float operations without flags that allow another result, and the
    exact or correctly rounded intrinsics (REPRODUCIBLE_INTRINSICS)."""
    if _LOOSE_FLAGS & set(getattr(v, "flags", ()) or ()):
        return False
    if isinstance(v, I.CallBase):
        callee = v.called_function
        return callee is not None and callee.name.startswith(REPRODUCIBLE_INTRINSICS)
    return isinstance(v, (I.BinaryOp, I.UnaryOp, I.Cast, I.Compare, I.Select, I.Freeze,
                          I.Load, I.GetElementPtr, I.ExtractValue, I.InsertValue,
                          I.ExtractElement, I.InsertElement, I.ShuffleVector, I.Phi))


def _before_the_start(b: Builder, before, start, increment):
    """`icmp slt/sgt (c - C), S`, true in a counter's first iteration only
    (`_emit_previous`'s pick of the count to compute L at), when the
    counter `phi [S, %pre], [%c + C, %latch]` steps by `add nsw` from a
    constant S with S - C in range: the counter then moves one way only
    and c - C never wraps (the first iteration's is S - C, the others' a
    value the counter took).  It says the same as `c == S`, but
    `select (c == 0), c, c - 1` is what LLVM turns into `usub.sat` once
    the counter counts elements by 1 (transforms/pointer_counters.py), a
    saturating subtract that x86 computes in five instructions where the
    sign test and `select` take a compare and a cmov.  Else None."""
    step = increment.operands[1]
    if "nsw" not in increment.flags or not isinstance(start, ConstantInt) or \
            not isinstance(step, ConstantInt):
        return None
    bits = start.type.bits
    first_before = start.signed_value - step.signed_value
    if step.signed_value == 0 or not -(1 << (bits - 1)) <= first_before < 1 << (bits - 1):
        return None
    return b.icmp("slt" if step.signed_value > 0 else "sgt", before, start,
                  (before.name or "v") + ".passed")


def _emit_copy(b: Builder, v, operand, suffix: str, drop_flags: bool = False):
    """A copy of instruction `v` inserted at `b`, each operand replaced by
    `operand(op)` (emitted first), named after `v` with `suffix`."""
    copy = clone_instruction(v)
    copy.name = None
    copy.metadata = []
    if drop_flags:
        copy.flags = []
    for index, op in enumerate(v.operands):
        copy.set_operand(index, operand(op))
    return b.insert(copy, (v.name or "v") + suffix)


def is_recomputable(v) -> bool:
    """Pure integer and address arithmetic: cheaper to redo than to tape.
    (A select of integers or addresses too: a clamped index `i < n - 1 ?
    i + 1 : i` is its loop's counter and a bound again; so are the min, max
    and saturating intrinsics clang folds such selects into, when they read
    loop counters: `_is_index_leaf`.)"""
    if isinstance(v, (I.GetElementPtr, I.Cast)):
        return True
    if isinstance(v, I.Call):
        callee = v.called_function
        return callee is not None and callee.name.startswith(INTEGER_INTRINSICS) and \
            all(_built_from(a, INDEX_DEPTH, _is_index_leaf, is_recomputable) for a in v.args)
    if isinstance(v, I.Select) and v.type.is_aggregate:
        return False
    if isinstance(v, (I.BinaryOp, I.Select)):
        return not v.type.scalar.is_float
    return isinstance(v, I.Compare) and v.opcode == "icmp"


# The instructions that only move lanes (`_lanes_at_hand`), and how deep
# they are followed: an insertelement chain fills a vector lane by lane.
LANE_MOVES = (I.InsertElement, I.ShuffleVector, I.ExtractElement)
LANES_DEPTH = 8

# How many operations deep a forwarded store's value may be (`_forwarded`).
FORWARDED_DEPTH = 6

# How deep `address_at_hand` follows a stack address's arithmetic.
ADDRESS_DEPTH = 5

# How deep an integer intrinsic's operands are followed through index
# arithmetic to `_is_index_leaf`s.
INDEX_DEPTH = 3

# How deep, and through which operations, `from_arguments` rebuilds a value:
# none that can trap or make poison on a path the forward pass did not take.
ANYWHERE_DEPTH = 4
ANYWHERE_OPS = ("add", "sub", "mul", "shl", "and", "or", "xor", "lshr", "ashr",
                "zext", "sext", "trunc")


def _built_from(v, depth: int, is_leaf, is_step) -> bool:
    """Is `v` a leaf, or computed from leaves by at most `depth` levels of
    instructions that `is_step` accepts?  (The one walk behind the policy's
    "can the reverse pass compute this from what it has" questions.)"""
    if is_leaf(v):
        return True
    return depth > 0 and isinstance(v, I.Instruction) and is_step(v) and \
        all(_built_from(op, depth - 1, is_leaf, is_step) for op in v.operands)


def _carried_from(phi, value):
    """The block from which header `phi` takes `value`, or None."""
    return next((block for v, block in phi.incoming if v is value), None)


def _is_index_leaf(v) -> bool:
    """A constant, an argument or a loop counter.  An integer intrinsic that
    reads only index arithmetic of these is recomputed from values the
    reverse pass has anyway (a clamped neighbour `usub.sat(j, 1)`); one
    reading a loaded bound stays taped, since recomputing it would tape its
    operands instead (one slot for two)."""
    return getattr(v, "is_constant", False) or isinstance(v, Argument) or \
        counter_parts(v) is not None


def _computable_anywhere(v) -> bool:
    """An integer step `from_arguments` may take (see ANYWHERE_OPS)."""
    return isinstance(v, (I.BinaryOp, I.Cast)) and v.type.is_int and \
        v.opcode in ANYWHERE_OPS and is_recomputable(v)


def _cheap_float_operands(v, in_loop: bool):
    """The operands of `v` if it is one of the cheap float operations (with
    `in_loop`, of those cheap in a loop too), else None."""
    if isinstance(v, (I.BinaryOp, I.UnaryOp)):
        cheap = v.opcode in CHEAP_FLOAT_OPS or in_loop and v.opcode in LOOP_FLOAT_OPS
        return v.operands if cheap else None
    if isinstance(v, I.Compare):
        return v.operands if in_loop and v.opcode in LOOP_FLOAT_COMPARES else None
    if isinstance(v, I.Call) and v.called_function is not None:
        name = v.called_function.name
        if name.startswith(CHEAP_FLOAT_INTRINSICS + CHEAP_MINMAX_INTRINSICS) or \
                in_loop and name.startswith(LOOP_FLOAT_INTRINSICS) or \
                name.startswith(CHEAP_MINMAX_INTRINSICS_NSZ) and \
                any(f in v.flags for f in ("nsz", "fast")):
            return v.args
    return None


def _rebuilt_operands(x):
    """The operands `_rebuilt_ops` follows from `x`: a cheap float operation's
    (in a loop), or a float lane move's with constant lanes (one shuffle
    each); else None."""
    if isinstance(x, LANE_MOVES):
        if x.type.is_aggregate or not x.type.scalar.is_float:
            return None
        if isinstance(x, I.ShuffleVector):
            return x.operands[:2]
        *values, index = x.operands
        return values if isinstance(index, ConstantInt) else None
    return _cheap_float_operands(x, True)


def _zero_poison_lanes(b: Builder, v, value):
    """`value` (forward `v` in the reverse pass) with the lanes that are
    poison by construction set to 0 (analysis/lanes.py says why); a refinement
    of poison, so the primal meaning is kept."""
    if not (v.type.is_vector and v.type.scalar.is_float):
        return value
    lanes = poison_lanes(v)
    if not lanes:
        return value
    n = v.type.count
    mask = ConstantAggregate(VectorType(n, I32), [ConstantInt(I32, n if k in lanes else k)
                                                   for k in range(n)])
    return b.shufflevector(value, zero_of(v.type), mask, (v.name or "v") + ".lanes")
