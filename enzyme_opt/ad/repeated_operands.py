"""How the reverse pass phrases the adjoint of an operand that stands twice
in one instruction (`x * x`), and where that phrasing pays.

Said as one contribution x * (2d) instead of x * d added twice, the number
is the same (doubling is exact; hence pairs only).  What differs is what
LLVM makes of it when d is a constant: the seed of a combined derivative is
folded by IPSCCP before the first InstCombine, and rosenbrock's
`(1 - x) * 1 + (1 - x) * 1` then ended, through Reassociate and LICM's
reassociation, as `-2 - x * -2` beside the other terms (20 instructions per
reverse iteration against the reference's 18; merged: 18).

Merged everywhere, other kernels lost to register allocation and
scheduling with the same or less arithmetic (soa base one register copy
more per iteration, blackscholes vec one move per option, aos vec lanes
packed otherwise); merged only where d is the seed times a value fixed
for the call (`seed_multiples`), none lost.  The returned value itself is
left out: its adjoint is the seed alone, there is no sum to keep factored,
and merging it only moved the doubling (small_calls base, two instructions
per call more).  Vector squares keep two contributions: in a vectorized
primal's reverse (rosenbrock vec) the merged form came out four
instructions per iteration longer.
"""
from __future__ import annotations

from ..ir import instructions as I
from ..ir.constants import ConstantFloat, const_float
from ..ir.values import Argument
from .rules import Expr, adjoint_sum_flags


def merge_repeated_operands(operands, partials, merge: bool):
    """(operand, partial, times) for each contribution to an operand's
    adjoint: with `merge`, a scalar operand standing twice with the same
    partial gets one contribution counted twice; operands with different
    partials (`x - x`: 1 and -1) keep one contribution each."""
    merged = []
    for op, partial in zip(operands, partials):
        for k, (seen, p, times) in enumerate(merged):
            if merge and seen is op and times == 1 and not op.type.is_vector and \
                    _same_partial(p, partial):
                merged[k] = (seen, p, times + 1)
                break
        else:
            merged.append((op, partial, 1))
    return merged


def twice(b, d):
    """2 * d, flagged as the adjoint sums are (rules.adjoint_sum_flags):
    it stands for the sum d + d of two contributions."""
    return b.binop("fmul", d, const_float(d.type, 2.0), flags=adjoint_sum_flags(b.function))


def _same_partial(p, q) -> bool:
    """Do partials p and q stand for one value: equal constants, or Exprs of
    the same IR value (two reads of one operand)?"""
    if p is None or q is None:
        return False
    if not isinstance(p, Expr) or not isinstance(q, Expr):
        return not isinstance(p, Expr) and not isinstance(q, Expr) and p == q
    return p.peek is not None and p.peek is q.peek


def seed_multiples(blocks, seeded) -> set:
    """The ids of the scalar float instructions of `blocks`, `seeded` (the
    returned value) left out, whose adjoint is the seed times a value fixed
    for the call: every use is by such an instruction (or `seeded`) through
    a partial that is a constant, an argument, or a select's choice of 1 or
    0 (a sum, a difference, a negation, a phi, a select, a product with or
    a quotient by a constant or an argument).  The largest such set: a
    running sum's phi and its addition hold each other up."""
    if seeded is None or not isinstance(seeded, I.Instruction):
        return set()
    members = {id(i): i for b in blocks for i in b.instructions
               if i.type.is_float and not i.type.is_vector}
    if id(seeded) not in members:
        return set()
    work = list(members.values())
    while work:
        v = work.pop()
        if v is seeded or id(v) not in members or _scaled_in_every_use(v, members):
            continue
        del members[id(v)]
        work.extend(u for u in v.operands if id(u) in members)
    members.pop(id(seeded))
    return set(members)


def _scaled_in_every_use(v, members) -> bool:
    users = list(v.users)
    return bool(users) and all(id(u) in members and _constant_partial(u, v) for u in users)


def _constant_partial(user, v) -> bool:
    """Is the partial of `user` by its operand `v` fixed for the call: a
    constant, an argument, or one of 1 and 0 chosen by a select?"""
    if isinstance(user, (I.Phi, I.Select)):
        return isinstance(user, I.Phi) or user.operands[0] is not v
    if isinstance(user, I.UnaryOp):
        return user.opcode == "fneg"
    if not isinstance(user, I.BinaryOp):
        return False
    lhs, rhs = user.operands
    if user.opcode in ("fadd", "fsub"):
        return True
    if user.opcode == "fmul":
        other = rhs if lhs is v else lhs
        return (lhs is not rhs) and _fixed(other)
    if user.opcode == "fdiv":
        return lhs is v and rhs is not v and _fixed(rhs)
    return False


def _fixed(value) -> bool:
    return isinstance(value, (ConstantFloat, Argument))
