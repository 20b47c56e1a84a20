"""Forward mode: tangents computed alongside the primal, one pass, no tape.

Each primal instruction is followed by the code of its tangent.  With a
batch width N every active value has N tangents; the partial derivatives
come from the shared rule table and are computed once, then applied to each
of the N directions.  Pointers get shadows exactly as in reverse mode, but
here the shadow memory holds tangents: loads read them, stores write them.
"""
from __future__ import annotations

from typing import Dict, List

from .openmp import restore_forks
from ..analysis.activity import contains_float, contains_pointers, trivial_pointers
from ..analysis.arg_activity import DUPLICATED, Activity
from ..analysis.cfg import predecessor_map, reaches, reverse_postorder
from ..diagnostics import DifferentiationError
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.constants import zero_of
from ..ir.types import VOID, FunctionType, StructType
from .error_estimate import check_estimable, estimate_error, useful_values
from .indirect import called_int_pointers
from .dead_primal import drop_unneeded_math_calls, partials_from_arguments, use_math_intrinsics
from .instruction_table import differentiate_instruction, replayed_by_generator
from .noneed_memory import drop_unneeded_primal_stores
from .rule_fusion import rule_for
from .rules import ARGUMENT_PARTIALS, Emitter, partials_rule, rule_flags, scaled
from .skeleton import differentiable_copy
from .unsupported import check_errno_reads, math_calls, refuse_missing_shadow


class ForwardGenerator:
    """Builds `fwddiffe_F(args, tangents...)`.

    `returns` is "tangent" (the top-level API: the tangents of the result),
    or "both" (`{primal, tangent...}`: calls inside differentiated code need
    the primal result too).
    """
    mode = "forward"     # the instruction table's mode

    def __init__(self, ctx, primal: Function, kinds, width: int = 1, returns: str = "tangent",
                 error: bool = False):
        self.ctx = ctx
        # Error estimation (error_estimate.py): errors take the tangents' place.
        self.error = error
        self.module = ctx.module
        self.primal = primal
        self.kinds = list(kinds)
        self.width = width
        self.returns = returns
        self.tangents: Dict[int, List] = {}
        self.shadows: Dict[int, List] = {}
        self.prologue = None       # forward mode keeps the entry block as it is
        self.parallel_forks: dict = {}    # OpenMP forks called directly (openmp.py)
        self.pointer_copies: dict = {}    # integer copies of pointers (typed_memory.py)
        self.in_parallel = False          # tangents need no atomics
        self.fn = None                    # the tangent function (build)
        self.noneed: list = []            # primal enzyme_dupnoneed pointers (build)
        self.types = self.info = None     # type and activity analysis (differentiable_copy)
        self.fused_rules: dict = {}       # rule_fusion.py's decisions
        self.result_partials: list = []   # _note_result_partial
        self.called_ints: dict = {}       # inttoptrs only ever called (shadow)

    # -- signature ---------------------------------------------------------------------
    def tangent_return_type(self):
        rt = self.primal.return_type
        active_ret = contains_float(rt)
        parts = []
        if self.returns == "both" and not rt.is_void:
            parts.append(rt)
        if active_ret or (self.returns == "both" and contains_pointers(rt)):
            # A pointer result comes back with its shadows: the caller may
            # read or write through it (tape slots, allocations, views).
            parts.extend([rt] * self.width)
        if not parts:
            return VOID
        return parts[0] if len(parts) == 1 else StructType(tuple(parts))

    def build(self, name: str) -> Function:
        params, roles = [], []
        for arg, kind in zip(self.primal.args, self.kinds):
            params.append((arg.type, arg.name or "arg"))
            roles.append(("primal", arg.index))
            if kind in DUPLICATED:
                for lane in range(self.width):
                    params.append((arg.type, f"{arg.name or 'arg'}.tangent{lane}"))
                    roles.append(("tangent", arg.index, lane))
        ftype = FunctionType(self.tangent_return_type(), tuple(t for t, _ in params))
        prefix = "fwderror" if self.error else \
            "fwddiffe" if self.width == 1 else f"fwddiffe{self.width}"
        fn = Function(f"{prefix}_{name}", ftype, self.module.pointer_to(ftype),
                      [n for _, n in params], linkage="internal",
                      attrs=self.primal.target_attributes())
        self.module.add_function(fn)
        self.fn = fn
        self.ctx.register_forward(self)
        by_role = dict(zip(roles, fn.args))
        args = [by_role[("primal", a.index)] for a in self.primal.args]
        self.fwd_args = args        # the copy's values of the primal's parameters
        # Primal pointers whose memory the caller does not need (noneed_memory.py).
        self.noneed = [args[a.index] for a, kind in zip(self.primal.args, self.kinds)
                       if kind == Activity.DUPNONEED and a.type.is_pointer]
        # Floats passed with a tangent are active; pointers with one have shadows
        # (and so do structs holding pointers, whose float fields are active too).
        activity = [Activity.OUT if k in DUPLICATED and not contains_pointers(a.type) else k
                    for k, a in zip(self.kinds, self.primal.args)]
        exit_block = differentiable_copy(self, fn, args, activity)
        primal_math_calls = {id(call) for call in math_calls(fn)}
        for a, kind in zip(self.primal.args, self.kinds):
            if kind in DUPLICATED:
                lanes = [by_role[("tangent", a.index, k)] for k in range(self.width)]
                shadowed = contains_pointers(a.type)
                (self.shadows if shadowed else self.tangents)[id(args[a.index])] = lanes
        if self.error:
            self.useful = useful_values(fn, self.ctx.custom)
        order = reverse_postorder(fn)
        self.called_ints = called_int_pointers(order)
        # The tangent follows the paths that return: blocks that end in a
        # throw or an abort (formatting an error message) are left as they are.
        returning = reaches(exit_block, predecessor_map(fn))
        phis = []
        for block in order:
            if id(block) not in returning:
                continue
            for inst in list(block.instructions):
                if inst.is_terminator and replayed_by_generator(inst):
                    continue
                self.visit(inst, phis)
        for phi, lanes, shadow in phis:
            self._fill_phi(phi, lanes, shadow)
        check_errno_reads(fn, self.primal, primal_math_calls)
        restore_forks(self)
        self._rewrite_return(exit_block)
        if self.noneed and not self.error:
            drop_unneeded_primal_stores(fn, self.noneed)
        if not self.error:
            partials_from_arguments(fn, self.result_partials)
            # A tangent that needs pow(x, y-1) leaves the primal's pow(x, y)
            # dead when the caller wants only the tangent; clang keeps the
            # call for errno's sake (dead_primal.py).
            use_math_intrinsics(self.module, fn)
            drop_unneeded_math_calls(fn)
        self.ctx.record_forward(self)
        return fn

    # -- lookups -------------------------------------------------------------------------
    def tangent(self, v) -> List:
        t = self.tangents.get(id(v))
        if t is None and v.type.is_aggregate:
            t = self.shadows.get(id(v))   # a {ptr, double}'s shadow is its tangent too
        if t is not None:
            return t
        return [zero_of(v.type)] * self.width

    def shadow(self, v) -> List:
        s = self.shadows.get(id(v))
        if s is not None:
            return s
        lanes = [self.ctx.constant_shadow(v, "forward", lane) for lane in range(self.width)]
        if lanes[0] is not None:
            return lanes
        if v.type.is_aggregate and trivial_pointers(v):
            return self.tangent(v)      # its pointers are null or poison: so are their shadows
        if id(v) in self.called_ints:
            # A C++ member-function pointer clang -O0 keeps as an integer, only
            # ever called: a call through a pointer picks the tangent function
            # by the primal pointer (indirect.py: forward_by_lookup), and in
            # forward mode shadow memory holds the same function pointers, so
            # the pointer is its own shadow (the vtable arm of a virtual member).
            return [v] * self.width
        refuse_missing_shadow(v, self.primal, self.fwd_args)

    # -- one instruction ---------------------------------------------------------------
    def visit(self, inst, phis) -> None:
        active = self.info.is_active(inst)
        shadowed = self.info.has_shadow(inst)
        if isinstance(inst, I.Phi):
            if active or shadowed:
                b = Builder(inst.parent, inst.parent.first_non_phi_index())
                lanes = [b.insert(I.Phi(inst.type), (inst.name or "v") + "'")
                         for _ in range(self.width)]
                (self.shadows if shadowed else self.tangents)[id(inst)] = lanes
                phis.append((inst, lanes, shadowed))
            return
        if self.error:
            check_estimable(self, inst)
        differentiate_instruction(self, Builder().position_after(inst), inst, self.mode)

    def _fill_phi(self, phi, lanes, shadowed) -> None:
        for value, block in phi.incoming:
            try:
                incoming = self.shadow(value) if shadowed else self.tangent(value)
            except DifferentiationError as e:
                raise e.locate(phi)
            for lane, v in zip(lanes, incoming):
                lane.add_incoming(v, block)

    def apply_rule(self, b, rule_name, inst, operands, flags=()) -> None:
        if self.error:
            return estimate_error(self, b, rule_name, inst, operands, flags)
        chosen = rule_for(self, rule_name, inst, operands)
        if chosen is None:
            return          # its user's fused rule covers it; nothing reads its tangent
        rule_name, operands = chosen
        em = Emitter(b, rule_flags(rule_name, flags, inst))
        args = [em.wrap(op) for op in operands] + [em.wrap(inst)]
        partials = partials_rule(rule_name)(*args)
        lanes = [None] * self.width
        for op, partial in zip(operands, partials):
            if partial is None or not self.info.is_active(op):
                continue
            if not hasattr(partial, "value"):
                partial = args[0]._lift(partial)
            for k, dx in enumerate(self.tangent(op)):
                term = scaled(rule_name, partial, em.wrap(dx), tangent=True)
                lanes[k] = term if lanes[k] is None else lanes[k] + term
        self.tangents[id(inst)] = [lane.value if lane is not None else zero_of(inst.type)
                                   for lane in lanes]
        self._note_result_partial(rule_name, inst, partials, em.flags)

    def _note_result_partial(self, rule_name, inst, partials, flags) -> None:
        """Keeps a partial that read `inst`'s result where its argument would
        serve (rules.py ARGUMENT_PARTIALS; swapped in by build if nothing
        else needs the result).  Scalars only: a vector's cosh would be
        called lane by lane."""
        if rule_name not in ARGUMENT_PARTIALS or inst.type.kind not in ("double", "float"):
            return
        partial = partials[0].built() if hasattr(partials[0], "built") else None
        if isinstance(partial, I.Instruction):
            self.result_partials.append((inst, partial, rule_name, flags))

    # -- the result ------------------------------------------------------------------------
    def _rewrite_return(self, exit_block) -> None:
        ret = exit_block.terminator
        value = ret.value
        b = Builder().position_before(ret)
        parts = []
        if self.returns == "both" and value is not None:
            parts.append(value)
        if value is None:
            pass
        elif self.info.has_shadow(value) and (self.returns == "both" or
                                              contains_float(value.type)):
            parts.extend(self.shadow(value))       # a {ptr, double}'s is its tangent too
        elif contains_float(value.type):
            parts.extend(self.tangent(value))
        elif self.returns == "both" and contains_pointers(value.type):
            parts.extend([zero_of(value.type)] * self.width)
        ret.erase()
        b.ret_all(parts)
