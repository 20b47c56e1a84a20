"""Reduction-nest interchange: a dot product per output becomes a row update.

The textbook matrix product computes each output by a dot product:

    for j:  s = s0;  for l: s = f(s, l, j);  P[j] = s

When a load in the inner loop walks memory with a large stride in `l` but
contiguously in `j` (`B[l*n + j]`), every iteration touches a new cache
line.  The primal pays that once.  Its reverse pays it twice over, since the
adjoint of that load is updated with the same stride, and a stride that is
a multiple of 4 KB also defeats store-to-load forwarding.  This pass
rewrites the nest so that `j` is the inner loop, keeping each partial sum in
the output slot itself:

    for j:  P[j] = s0
    for l:  for j:  P[j] = f(P[j], l, j)

Every output sees the same operations in the same order, so the results are
bit for bit those of the original.  The rewrite is legal when nothing the
nest loads can be the memory it stores to (`noalias` arguments, distinct
globals), the outputs of different `j` are different slots, and the nest
does nothing else: no other stores, no calls that touch memory.  It is done
only where it pays: some inner load is strided in `l` and contiguous in `j`.

Only the shape clang produces at -O1 and above is recognized (rotated loops,
a single-block inner loop); anything else is left alone.  It runs on the
copy of a function that is differentiated (see ad/prepare.py), and as the
pass `interchange`.
"""
from __future__ import annotations

from typing import Dict, List, Optional

from ..analysis.cfg import DominatorTree
from ..analysis.loops import Loop, LoopInfo, counter_parts
from ..analysis.library import PURE_INTRINSICS
from ..analysis.memory import CACHE_LINE, gep_step, separate_objects, \
    store_bytes, underlying_object
from ..ir import Builder
from ..ir import instructions as I
from ..ir.clone import clone_instruction
from ..ir.constants import Constant, ConstantInt

_PURE = (I.BinaryOp, I.UnaryOp, I.Cast, I.Compare, I.GetElementPtr, I.Select, I.Freeze)


def interchange_reduction_nests(fn) -> int:
    """Interchange every qualifying nest of `fn`; returns how many."""
    done = 0
    while True:
        nest = next((n for n in map(ReductionNest.match, outer_loops(fn)) if n), None)
        if nest is None:
            return done
        nest.rewrite()
        done += 1


def outer_loops(fn) -> List[Loop]:
    """Loops with exactly one loop inside, innermost first."""
    info = LoopInfo(fn, DominatorTree(fn))
    loops = {id(lp): lp for lp in info.innermost.values()}
    children: Dict[int, list] = {}
    for lp in loops.values():
        if lp.parent is not None:
            loops.setdefault(id(lp.parent), lp.parent)
            children.setdefault(id(lp.parent), []).append(lp)
    return sorted((lp for lp in loops.values() if len(children.get(id(lp), ())) == 1),
                  key=lambda lp: len(lp.blocks))


def _is_pure(inst) -> bool:
    if isinstance(inst, _PURE):
        return True
    callee = inst.called_function if isinstance(inst, I.Call) else None
    return callee is not None and callee.name.startswith(PURE_INTRINSICS) and \
        not inst.bundles


def _defined_in(v, blocks) -> bool:
    return isinstance(v, I.Instruction) and id(v.parent) in blocks


class ReductionNest:
    """`for j { for l { s = f(s) } ; *P(j) = s }` in clang's rotated form:
    the outer header enters the inner loop (through a block of address
    arithmetic, and behind a test of its trip count, when clang keeps one),
    the inner loop is one block, and it exits to the outer latch, where the
    sum is stored and `j` steps."""

    def __init__(self, outer, header, guard, pre_inner, body, latch, preheader, exit_block):
        self.outer = outer
        self.header, self.guard, self.pre_inner = header, guard, pre_inner
        self.body, self.latch = body, latch
        self.preheader, self.exit = preheader, exit_block
        self.entry = pre_inner or header        # where the inner loop is entered from
        self.j = self.l = self.s = self.store = None
        self.control = None      # ids of what steps `l` and decides the inner branch

    # ------------------------------------------------------------- matching
    @classmethod
    def match(cls, outer: Loop) -> Optional["ReductionNest"]:
        nest = cls._match_blocks(outer)
        if nest is None or not nest._match_values():
            return None
        return nest if nest._well_formed() and nest._legal() and nest._pays() else None

    @classmethod
    def _match_blocks(cls, outer: Loop):
        header, blocks = outer.header, outer.blocks
        term = header.terminator
        if not isinstance(term, I.Branch):
            return None
        guard = term.condition
        first = term.successors[0]
        if guard is not None and (_defined_in(guard, blocks) or
                                  id(term.successors[1]) not in blocks):
            return None
        pre_inner = None
        if first is not header and _loop_successor(first) is None:
            pre_inner, t = first, first.terminator
            if not isinstance(t, I.Branch) or t.is_conditional:
                return None
            first = t.successors[0]
        body = first
        if body is header or _loop_successor(body) is not body or \
                len(blocks) != 3 + (pre_inner is not None):
            return None
        latch = _single_exit(body, blocks)
        if latch is None or (guard is not None and term.successors[1] is not latch):
            return None
        exit_block = _outside_successor(latch, blocks, header)
        preheaders = [p for p in header.predecessors if p is not latch]
        entry = pre_inner or header
        if exit_block is None or len(preheaders) != 1 or id(preheaders[0]) in blocks or \
                [p for p in body.predecessors if p is not body] != [entry] or \
                (pre_inner is not None and pre_inner.predecessors != [header]) or \
                {id(p) for p in latch.predecessors} != \
                {id(body)} | ({id(header)} if guard is not None else set()):
            return None
        return cls(outer, header, guard, pre_inner, body, latch, preheaders[0], exit_block)

    def _match_values(self) -> bool:
        self.j = _counter(self.header, self.preheader)
        if self.j is None or len(self.header.phis) != 1 or \
                (self.pre_inner is not None and self.pre_inner.phis):
            return False
        phis = self.body.phis
        self.l = _counter(self.body, self.entry)
        if self.l is None or len(phis) != 2 or \
                _defined_in(self.l.incoming_for(self.entry), self.outer.blocks):
            return False
        self.s = next(p for p in phis if p is not self.l)
        stores = [i for i in self.latch.instructions if isinstance(i, I.Store)]
        if len(stores) != 1:
            return False
        self.store = stores[0]
        return True

    def _well_formed(self) -> bool:
        """Only the reduction crosses from the inner loop to the latch; the
        nest does nothing but compute, load and make that one store."""
        s, store, blocks = self.s, self.store, self.outer.blocks
        s0, s_next = s.incoming_for(self.entry), s.incoming_for(self.body)
        if _defined_in(s0, blocks) or store.volatile or store.atomic or \
                store.value.type != s.type or len(self.latch.phis) > 1:
            return False
        stored = store.value
        if isinstance(stored, I.Phi) and stored.parent is self.latch:
            skipped = stored.incoming_for(self.header) if self.guard is not None else s0
            if stored.incoming_for(self.body) is not s_next or not _same(skipped, s0) or \
                    len(stored.uses) != 1:
                return False
            stored = s_next
        if stored is not s_next or self.latch.phis and self.latch.phis[0] is not store.value:
            return False
        for block in self.blocks():
            for inst in block.instructions:
                if any(not _defined_in(u, blocks) for u in inst.users):
                    return False         # a value of the nest is used after it
                if inst.is_terminator or isinstance(inst, I.Phi) or inst is store:
                    continue
                if not (_is_pure(inst) or (block is self.body and _plain_load(inst))):
                    return False
        # The latch computes P(j) and steps j; it must not see the sum.
        if any(_reads(inst, self.body) for inst in self.latch.instructions
               if inst is not store and not isinstance(inst, I.Phi)) or \
                _reads(self.latch.terminator, self.body):
            return False
        self.control = _control_closure(self.body, self.l, blocks)
        return self.control is not None

    def blocks(self) -> list:
        return [b for b in (self.header, self.pre_inner, self.body, self.latch) if b]

    def _legal(self) -> bool:
        """Loads cannot see the stores, and each `j` has its own slot."""
        target = underlying_object(self.store.pointer)
        if target is None:
            return False
        for inst in self.body.instructions:
            if isinstance(inst, I.Load):
                source = underlying_object(inst.pointer)
                if source is None or not separate_objects(source, target):
                    return False
        step = byte_stride(self.store.pointer, self.j)
        size = store_bytes(self.store)
        return step is not None and size is not None and abs(step) >= size

    def _pays(self) -> bool:
        """Some load walks a large stride in `l` and is contiguous in `j`."""
        for inst in self.body.instructions:
            if isinstance(inst, I.Load):
                in_l, in_j = (byte_stride(inst.pointer, iv) for iv in (self.l, self.j))
                if (in_l is None or abs(in_l) > CACHE_LINE) and \
                        in_j is not None and abs(in_j) <= CACHE_LINE:
                    return True
        return False

    # ------------------------------------------------------------- rewriting
    def rewrite(self) -> None:
        fn = self.header.parent
        init = fn.add_block("init.j", after=self.preheader)
        check = fn.add_block("check.l", after=init) if self.guard is not None else None
        l_head = fn.add_block("outer.l", after=check or init)
        j_body = fn.add_block("inner.j", after=l_head)
        l_latch = fn.add_block("latch.l", after=j_body)
        j0 = self.j.incoming_for(self.preheader)
        store_at = self.store.pointer

        # for j: P[j] = s0   (and no more when the inner loop never runs)
        vmap = self._clone_j_parts(init, j0, self.preheader, only_needed=True)
        self._store(init, self.s.incoming_for(self.entry), vmap[id(store_at)])
        self._clone_branch(self.latch.terminator, init, vmap,
                           {id(self.header): init, id(self.exit): check or l_head})
        if check is not None:
            Builder(check).cond_br(self.guard, l_head, self.exit)
        # for l: ...
        l_new = Builder(l_head).phi(self.l.type, [(self.l.incoming_for(self.entry),
                                                   check or init)], self.l.name)
        Builder(l_head).br(j_body)
        #   for j: P[j] = f(P[j], l, j)
        vmap = self._clone_j_parts(j_body, j0, l_head)
        vmap[id(self.l)] = l_new
        cur = Builder(j_body).load(self.s.type, vmap[id(store_at)], self.s.name,
                                   self.store.align)
        cur.metadata = list(self.store.metadata)
        vmap[id(self.s)] = cur
        control = self.control
        for inst in self.body.instructions[self.body.first_non_phi_index():-1]:
            if id(inst) not in control or any(
                    id(u) not in control and not u.is_terminator and u is not self.l
                    for u in inst.users):
                _clone_into(inst, j_body, vmap)
        self._store(j_body, vmap[id(self.s.incoming_for(self.body))], vmap[id(store_at)])
        self._clone_branch(self.latch.terminator, j_body, vmap,
                           {id(self.header): j_body, id(self.exit): l_latch})
        #   l steps
        lmap = {id(self.l): l_new}
        for inst in self.body.instructions:
            if id(inst) in control:
                _clone_into(inst, l_latch, lmap)
        l_new.add_incoming(lmap[id(self.l.incoming_for(self.body))], l_latch)
        self._clone_branch(self.body.terminator, l_latch, lmap,
                           {id(self.body): l_head, id(self.latch): self.exit})
        self._retire(init, [b for b in (check, l_latch) if b is not None])

    def _clone_j_parts(self, block, j0, entry, only_needed=False) -> dict:
        """A counter `j` in `block` (from `j0` on entry, stepping in `block`),
        and the computations of the header, the inner preheader and the latch
        on it (`only_needed`: just those that address the store and step `j`)."""
        j_new = Builder(block).phi(self.j.type, [(j0, entry)], self.j.name)
        vmap = {id(self.j): j_new}
        term = self.latch.terminator
        parts = [b for b in self.blocks() if b is not self.body]
        needed = _closure([self.store.pointer, self.j.incoming_for(self.latch)] +
                          list(term.operands), {id(b) for b in parts})
        for src in parts:
            for inst in src.instructions:
                if isinstance(inst, (I.Phi, I.Store)) or inst.is_terminator or \
                        (only_needed and id(inst) not in needed):
                    continue
                _clone_into(inst, block, vmap)
        j_new.add_incoming(vmap[id(self.j.incoming_for(self.latch))], block)
        return vmap

    def _store(self, block, value, pointer) -> None:
        new = Builder(block).store(value, pointer, self.store.align)
        new.metadata = list(self.store.metadata)

    @staticmethod
    def _clone_branch(term, block, vmap, targets) -> None:
        if term.is_conditional:
            cond = vmap.get(id(term.condition), term.condition)
            t, f = (targets[id(b)] for b in term.successors)
            br = Builder(block).cond_br(cond, t, f)
        else:
            br = Builder(block).br(targets[id(term.successors[0])])
        # Loop metadata describes the old loop; debug locations still hold.
        br.metadata = [(k, t) for k, t in term.metadata if k == "dbg"]

    def _retire(self, init, exits) -> None:
        """Point the way in at the new nest, the ways out from it, and drop
        the old blocks."""
        pre = self.preheader.terminator
        for k, op in enumerate(pre.operands):
            if op is self.header:
                pre.set_operand(k, init)
        for phi in self.exit.phis:
            value = phi.incoming_for(self.latch)
            phi.remove_incoming(self.latch)
            for block in exits:
                phi.add_incoming(value, block)
        fn = self.header.parent
        old = self.blocks()
        for block in old:
            for inst in block.instructions:
                inst.drop_operands()
        for block in old:
            fn.blocks.remove(block)


def _same(a, b) -> bool:
    """Are `a` and `b` the same value (constants compared by what they print)?"""
    if a is b:
        return True
    return isinstance(a, Constant) and isinstance(b, Constant) and a.type == b.type and \
        repr(a) == repr(b)


def _counter(header, entry) -> Optional[I.Phi]:
    """The phi of `header` counting by a constant from a value that enters from `entry`."""
    for phi in header.phis:
        parts = counter_parts(phi)
        if parts is not None and parts[1] is entry:
            return phi
    return None


def _plain_load(inst) -> bool:
    return isinstance(inst, I.Load) and not inst.volatile and not inst.atomic


def _loop_successor(block):
    term = block.terminator
    return block if isinstance(term, I.Branch) and block in term.successors else None


def _single_exit(body, outer_blocks):
    """The successor of the one-block loop `body` other than itself."""
    term = body.terminator
    if not isinstance(term, I.Branch) or not term.is_conditional:
        return None
    others = [b for b in term.successors if b is not body]
    return others[0] if len(others) == 1 and id(others[0]) in outer_blocks else None


def _outside_successor(latch, blocks, header):
    term = latch.terminator
    if not isinstance(term, I.Branch) or not term.is_conditional or \
            header not in term.successors:
        return None
    out = [b for b in term.successors if id(b) not in blocks]
    return out[0] if len(out) == 1 else None


def _reads(inst, block) -> bool:
    """Does `inst` use a value computed in `block`?"""
    return any(_defined_in(op, {id(block)}) for op in inst.operands)


def _closure(roots, blocks) -> set:
    """ids of the instructions in `blocks` (ids) that `roots` are computed from."""
    out, work = set(), list(roots)
    while work:
        v = work.pop()
        if id(v) in out or not _defined_in(v, blocks):
            continue
        out.add(id(v))
        work.extend(v.operands)
    return out


def _control_closure(body, counter, nest_blocks) -> Optional[set]:
    """ids of what `body`'s branch and the step of its `counter` are
    computed from; None unless that is plain arithmetic on the counter and
    values from outside the nest (the trip count must not depend on `j` or
    on memory)."""
    term = body.terminator
    roots = [op for op in term.operands if isinstance(op, I.Instruction)]
    roots.append(counter.incoming_for(body))
    found = _closure(roots, {id(body)})
    for inst in body.instructions:
        if id(inst) in found and inst is not counter and (
                isinstance(inst, I.Phi) or not _is_pure(inst) or
                any(_defined_in(op, nest_blocks) and op.parent is not body
                    for op in inst.operands)):
            return None
    found.discard(id(counter))
    return found


def byte_stride(v, iv) -> Optional[int]:
    """How much integer or address `v` moves when the counter phi `iv`
    steps by one, every other phi held fixed; None when that is not a
    constant (a stride that depends on a run-time size, a load whose
    address moves, ...)."""
    if v is iv:
        return 1
    if not isinstance(v, I.Instruction) or isinstance(v, I.Phi):
        return 0
    if isinstance(v, I.GetElementPtr):
        return _gep_stride(v, iv)
    if isinstance(v, I.Cast) and v.opcode in ("sext", "zext"):
        return byte_stride(v.operands[0], iv)
    parts = [byte_stride(op, iv) for op in v.operands]
    if all(p == 0 for p in parts):
        return 0
    if not isinstance(v, I.BinaryOp) or None in parts:
        return None
    a, b = parts
    lhs, rhs = v.operands
    if v.opcode == "add":
        return a + b
    if v.opcode == "sub":
        return a - b
    if v.opcode == "mul" and (b == 0 and isinstance(rhs, ConstantInt) or
                              a == 0 and isinstance(lhs, ConstantInt)):
        return a * rhs.value if b == 0 else b * lhs.value
    if v.opcode == "shl" and b == 0 and isinstance(rhs, ConstantInt):
        return a << rhs.value
    return None


def _gep_stride(gep, iv) -> Optional[int]:
    return gep_step(gep, byte_stride(gep.operands[0], iv), lambda i: byte_stride(i, iv))


def _clone_into(inst, block, vmap) -> None:
    new = clone_instruction(inst)
    for k, op in enumerate(new.operands):
        mapped = vmap.get(id(op))
        if mapped is not None:
            new.set_operand(k, mapped)
    if new.name:
        new.name = block.parent.claim_name(new.name)
    block.append(new)
    vmap[id(inst)] = new
