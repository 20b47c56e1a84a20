"""Reroll a loop that clang unrolled with a remainder loop.

At -O2 without -fno-unroll-loops, clang turns a reduction loop into

    H:      br i1 %small, label %Rpre, label %U
    U:      k copies of the body per iteration (index i, i|1, ... i|k-1),
            niter += k (or 1) until niter == BOUND_U;  br ... %U, %Rpre
    Rpre:   phis (from H: the start values; from U: its last ones)
            br i1 (BOUND_R == 0), label %X, label %R
    R:      the body once per iteration, epil.niter += 1 until == BOUND_R
    X:      phis of the result

A derivative pays for that shape: the interchange of a strided dot
product (interchange.py) recognizes the rolled loop only, and every copy
of the body adds to the reverse pass.  When U's body is exactly k copies
of R's (checked instruction by instruction, the index of copy c being
`i + c`), running R alone from H's start values for all
`BOUND_R + (k / step) * BOUND_U` iterations (`BOUND_R` when `%small`)
computes the same values in the same order, so H branches straight to R
and U goes.  Anything else is left alone.  It runs on the copy of a
function that is differentiated (ad/prepare.py), before the interchange.
"""
from __future__ import annotations

from typing import Optional

from ..analysis.loops import counter_parts
from ..ir import Builder
from ..ir import instructions as I
from ..ir.constants import ConstantInt, ConstantPoison, ConstantUndef

# Fields of an instruction that say what it does besides its operands.
_IDENTITY_SKIP = {"parent", "metadata", "location", "debug_records", "position",
                  "operands", "_uses", "name", "type", "__weakref__"}


def reroll_unrolled_loops(fn) -> int:
    """Reroll every loop of `fn` in the shape above; returns how many."""
    done = 0
    for block in list(fn.blocks):
        if block.parent is not fn:
            continue                       # removed by an earlier reroll
        loop = UnrolledLoop.match(block)
        if loop is not None:
            loop.rewrite()
            done += 1
    return done


def _self_loop_exit(block):
    """The other successor of a one-block loop `block`, else None."""
    term = block.terminator
    if not isinstance(term, I.Branch) or not term.is_conditional or \
            block not in term.successors:
        return None
    others = [b for b in term.successors if b is not block]
    return others[0] if len(others) == 1 else None


def _is_pure_preheader(block, loop) -> bool:
    """Does `block` only compute (integer and address arithmetic) and enter `loop`,
    with a single predecessor of its own?"""
    term = block.terminator
    return isinstance(term, I.Branch) and not term.is_conditional and \
        term.successors[0] is loop and len(block.predecessors) == 1 and not block.phis and \
        all(isinstance(i, (I.BinaryOp, I.Cast, I.Compare, I.GetElementPtr, I.Select)) and
            not i.type.scalar.is_float for i in block.instructions[:-1])


def _preds(block) -> set:
    return {id(p) for p in block.predecessors}


def _count_up(phi, start_block, step):
    """`phi` counts from 0 (entering from `start_block`) by `step`: its increment, else None."""
    parts = counter_parts(phi)
    if parts is None or parts[1] is not start_block:
        return None
    start, _, inc = parts
    if not (isinstance(start, ConstantInt) and start.value == 0):
        return None
    if step is not None and inc.operands[1].value != step:
        return None
    return inc


def _exit_bound(block, exit_target, inc):
    """`block` leaves to `exit_target` when `inc == BOUND`: BOUND, else None."""
    term = block.terminator
    cmp = term.condition
    if not isinstance(cmp, I.Compare) or cmp.opcode != "icmp" or cmp.operands[0] is not inc:
        return None
    taken = {"eq": term.successors[0], "ne": term.successors[1]}.get(cmp.predicate)
    if taken is not exit_target or len(cmp.uses) != 1:
        return None
    return cmp.operands[1]


class UnrolledLoop:
    def __init__(self, **parts):
        self.__dict__.update(parts)

    @classmethod
    def match(cls, u) -> Optional["UnrolledLoop"]:
        rpre = _self_loop_exit(u)
        if rpre is None:
            return None
        others = [p for p in u.predecessors if p is not u]
        if len(others) != 1:
            return None
        h, upre = others[0], None
        if _is_pure_preheader(h, u):
            upre, h = h, h.predecessors[0]
        hterm = h.terminator
        if not isinstance(hterm, I.Branch) or not hterm.is_conditional or \
                set(map(id, hterm.successors)) != {id(upre or u), id(rpre)} or \
                _preds(rpre) != {id(h), id(u)}:
            return None
        rterm = rpre.terminator
        if not isinstance(rterm, I.Branch) or not rterm.is_conditional or \
                any(i is not rterm.condition or len(i.uses) != 1
                    for i in rpre.instructions[rpre.first_non_phi_index():-1]):
            return None
        r = next((b for b in rterm.successors if _self_loop_exit(b) is not None
                  and b is not rpre), None)
        if r is None:
            return None
        x = _self_loop_exit(r)
        if x is None or x not in rterm.successors or _preds(r) != {id(rpre), id(r)} or \
                not {id(rpre), id(r)} <= _preds(x) or id(h) in _preds(x):
            return None
        loop = cls(h=h, upre=upre, u_entry=upre or h, u=u, rpre=rpre, r=r, x=x)
        return loop if loop._match_counters() and loop._match_bodies() else None

    # ------------------------------------------------------------- counters
    def _match_counters(self) -> bool:
        h, u, rpre, r, x = self.h, self.u, self.rpre, self.r, self.x
        # The remainder: epil.niter from 0 by 1 up to BOUND_R; skipped when BOUND_R is 0.
        self.niter_r = self.bound_r = None
        for phi in r.phis:
            inc = _count_up(phi, rpre, 1)
            bound = _exit_bound(r, x, inc) if inc is not None else None
            if bound is not None and {id(us) for us, _ in inc.uses} == \
                    {id(phi), id(r.terminator.condition)} and len(phi.uses) == 1:
                self.niter_r, self.bound_r = phi, bound
        if self.niter_r is None or not self._skips_when_zero(rpre.terminator, self.bound_r):
            return False
        # The unrolled loop: niter from 0 by `step` up to BOUND_U.
        self.niter_u = self.bound_u = None
        for phi in u.phis:
            inc = _count_up(phi, self.u_entry, None)
            bound = _exit_bound(u, rpre, inc) if inc is not None else None
            if bound is not None and {id(us) for us, _ in inc.uses} == \
                    {id(phi), id(u.terminator.condition)} and len(phi.uses) == 1:
                self.niter_u, self.bound_u = phi, bound
                self.step_u = inc.operands[1].value
        if self.niter_u is None:
            return False
        for v in (self.bound_r, self.bound_u, h.terminator.condition):
            if isinstance(v, I.Instruction) and v.parent in (u, rpre, r, x):
                return False
            if v is not self.bound_u and isinstance(v, I.Instruction) and \
                    v.parent is self.upre:
                return False
        return self.bound_r.type == self.bound_u.type

    def _skips_when_zero(self, term, bound) -> bool:
        cmp = term.condition
        if not isinstance(cmp, I.Compare) or cmp.opcode != "icmp" or \
                cmp.operands[0] is not bound or not isinstance(cmp.operands[1], ConstantInt) \
                or cmp.operands[1].value != 0:
            return False
        to_x = {"eq": term.successors[0], "ne": term.successors[1]}.get(cmp.predicate)
        return to_x is self.x

    # ------------------------------------------------------------- bodies
    def _match_bodies(self) -> bool:
        """U's body is k copies of R's; fills the phi correspondences."""
        u, r, rpre = self.u, self.r, self.rpre
        # Each phi of R (but its niter) enters from a phi of Rpre, which enters
        # from H with the value U's matching phi starts from, and from U with
        # the value that phi ends with.
        self.pairs = []          # (phi of R, phi of U)
        for phi in r.phis:
            if phi is self.niter_r:
                continue
            p = phi.incoming_for(rpre)
            if not isinstance(p, I.Phi) or p.parent is not rpre:
                return False
            start, last = p.incoming_for(self.h), p.incoming_for(u)
            match = [q for q in u.phis if q is not self.niter_u and
                     _same(q.incoming_for(self.u_entry), start) and q.incoming_for(u) is last]
            if len(match) != 1:
                return False
            self.pairs.append((phi, match[0]))
        if len(self.pairs) != len(u.phis) - 1:
            return False
        counters = [(pr, pu) for pr, pu in self.pairs if counter_parts(pr) is not None and
                    counter_parts(pr)[2].operands[1].value == 1 and
                    counter_parts(pu) is not None]
        if len(counters) != 1:
            return False
        self.iv_r, self.iv_u = counters[0]
        k = counter_parts(self.iv_u)[2].operands[1].value
        if k < 2 or k % self.step_u:
            return False
        self.k = k
        return self._copies_match()

    def _work(self, block, skip) -> list:
        return [i for i in block.instructions[block.first_non_phi_index():-1]
                if id(i) not in skip]

    def _copies_match(self) -> bool:
        u, r = self.u, self.r
        inc_r = counter_parts(self.iv_r)[2]
        inc_u = counter_parts(self.iv_u)[2]
        niter_inc_r = counter_parts(self.niter_r)[2]
        niter_inc_u = counter_parts(self.niter_u)[2]
        body_r = self._work(r, {id(inc_r), id(niter_inc_r), id(r.terminator.condition)})
        # The index of copy c: iv_u + c, as `or disjoint` or `add`.
        index = {0: self.iv_u}
        for inst in u.instructions:
            if isinstance(inst, I.BinaryOp) and inst.operands[0] is self.iv_u and \
                    isinstance(inst.operands[1], ConstantInt) and inst is not inc_u and \
                    (inst.opcode == "add" or
                     (inst.opcode == "or" and "disjoint" in inst.flags)) and \
                    0 < inst.operands[1].value < self.k:
                index.setdefault(inst.operands[1].value, inst)
        if len(index) != self.k:
            return False
        skip = {id(v) for c, v in index.items() if c} | \
            {id(inc_u), id(niter_inc_u), id(u.terminator.condition)}
        body_u = self._work(u, skip)
        m = len(body_r)
        if len(body_u) != self.k * m:
            return False
        current = {id(pr): pu for pr, pu in self.pairs if pr is not self.iv_r}
        for c in range(self.k):
            vmap = dict(current)
            vmap[id(self.iv_r)] = index[c]
            for a, b in zip(body_r, body_u[c * m:(c + 1) * m]):
                if not _same_instruction(a, b, vmap):
                    return False
                vmap[id(a)] = b
            current = {id(pr): vmap.get(id(pr.incoming_for(r)), pr.incoming_for(r))
                       for pr, pu in self.pairs if pr is not self.iv_r}
        # After k copies each phi of U steps to what k steps of R would give.
        for pr, pu in self.pairs:
            if pr is not self.iv_r and current[id(pr)] is not pu.incoming_for(u):
                return False
        # Nothing of U is used but by U itself and Rpre's phis.
        return all(user.parent in (u, self.rpre) and (user.parent is u or
                                                      isinstance(user, I.Phi))
                   for inst in u.instructions for user in inst.users)

    # ------------------------------------------------------------- rewrite
    def rewrite(self) -> None:
        h, u, rpre, r, x = self.h, self.u, self.rpre, self.r, self.x
        hterm = h.terminator
        to_u = hterm.successors[0] is (self.upre or u)    # U runs when the condition holds
        if self.upre is not None:
            # Its address and bound arithmetic (pure) now runs before the branch.
            for inst in list(self.upre.instructions[:-1]):
                self.upre.remove(inst)
                Builder().position_before(hterm).insert(inst)
        b = Builder()
        b.position_before(self._home_of_count().terminator)
        mult = self.k // self.step_u
        unrolled = self.bound_u if mult == 1 else \
            b.binop("mul", self.bound_u, ConstantInt(self.bound_u.type, mult), "reroll.u")
        both = b.binop("add", self.bound_r, unrolled, "reroll.n")
        cond = hterm.condition
        total = b.select(cond, both, self.bound_r, "reroll.total") if to_u else \
            b.select(cond, self.bound_r, both, "reroll.total")
        nonzero = b.icmp("ne", total, ConstantInt(total.type, 0), "reroll.any")
        hterm.erase()
        Builder(h).cond_br(nonzero, r, x)
        # The remainder runs all iterations, from H's start values.
        niter_cmp = r.terminator.condition
        iv_start = self.iv_r.incoming_for(rpre).incoming_for(h)
        if isinstance(iv_start, ConstantInt) and iv_start.value == 0 and \
                iv_start.type == total.type:
            niter_cmp.set_operand(0, counter_parts(self.iv_r)[2])   # iv counts from 0 too
        niter_cmp.set_operand(1, total)
        for phi in r.phis:
            start = phi.incoming_for(rpre)
            phi.remove_incoming(rpre)
            phi.add_incoming(start.incoming_for(h) if isinstance(start, I.Phi) and
                             start.parent is rpre else start, h)
        starts = {id(pu.incoming_for(u)): pu.incoming_for(self.u_entry) for _, pu in self.pairs}
        for phi in x.phis:
            v = phi.incoming_for(rpre)
            phi.remove_incoming(rpre)
            if isinstance(v, I.Phi) and v.parent is rpre:
                from_h = v.incoming_for(h)
                if isinstance(from_h, (ConstantPoison, ConstantUndef)):
                    # Reached with no iteration at all: poison may be any value,
                    # the start value of the sum in particular.
                    from_h = starts.get(id(v.incoming_for(u)), from_h)
                v = from_h
            phi.add_incoming(v, h)
        self._drop_counter(self.niter_r)
        fn = h.parent
        gone = [blk for blk in (self.upre, u, rpre) if blk is not None]
        for block in gone:
            for inst in block.instructions:
                inst.drop_operands()
        for block in gone:
            fn.blocks.remove(block)

    def _home_of_count(self):
        """Where the trip count is computed: the block defining its parts when
        they share one (before the loops around: the interchange then sees
        a count from outside its nest), else H."""
        homes = {id(v.parent): v.parent
                 for v in (self.bound_r, self.bound_u, self.h.terminator.condition)
                 if isinstance(v, I.Instruction)}
        return next(iter(homes.values())) if len(homes) == 1 else self.h

    def _drop_counter(self, phi) -> None:
        inc = counter_parts(phi)[2]
        if len(inc.uses) == 1 and len(phi.uses) == 1:     # each only the other's
            phi.drop_operands()
            inc.erase()
            phi.parent.remove(phi)


def _same(a, b) -> bool:
    return a is b or (getattr(a, "is_constant", False) and getattr(b, "is_constant", False)
                      and a.type == b.type and repr(a) == repr(b))


def _same_instruction(a, b, vmap) -> bool:
    """Does `b` compute what `a` does, `a`'s operands read through `vmap`?"""
    if type(a) is not type(b) or a.opcode != b.opcode or a.type != b.type or \
            len(a.operands) != len(b.operands) or isinstance(a, I.Phi) or a.is_terminator:
        return False
    for cls in type(a).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if slot not in _IDENTITY_SKIP and getattr(a, slot, None) != getattr(b, slot, None):
                return False
    return all(_same(vmap.get(id(x), x), y) for x, y in zip(a.operands, b.operands))
