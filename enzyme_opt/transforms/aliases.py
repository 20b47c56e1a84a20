"""Name what global aliases stand for, in code about to be differentiated.

`@ga = alias double, ptr @g` is `@g` under another name.  clang -O0 names
the alias where the source does (a C `__attribute__((alias))`, a C++
complete-object constructor `C1` aliasing its base-object `C2`); the
optimizer replaces it with the aliasee.  The AD keeps a shadow per global
variable and differentiates calls by their callee, so in its copy every
alias the linker cannot replace becomes its aliasee.  Aliases it may
replace (weak, linkonce) and ifuncs stay, and are returned so the caller
can refuse those that could carry derivatives.
"""
from __future__ import annotations

from typing import List

from ..ir import GlobalAlias
from ..ir.constants import ConstantAggregate, ConstantExpr


def name_aliasees(fn) -> List[tuple]:
    """Replace, in `fn`'s code, each alias whose aliasee is fixed by its
    aliasee (inside constant expressions too); returns (instruction,
    alias) for the aliases left, those the linker or loader may resolve
    to something else."""
    left: List[tuple] = []
    for inst in fn.instructions():
        for index, op in enumerate(inst.operands):
            if not isinstance(op, (GlobalAlias, ConstantExpr, ConstantAggregate)):
                continue
            kept: List[GlobalAlias] = []
            new = _without_aliases(op, kept)
            if new is not op:
                inst.set_operand(index, new)
            left.extend((inst, alias) for alias in kept)
    return left


def _without_aliases(c, kept: List[GlobalAlias]):
    """`c` with its resolvable aliases replaced (a new constant where one
    changes; `c` itself otherwise); the others are added to `kept`."""
    if isinstance(c, GlobalAlias):
        target = c.resolved()
        if target is None:
            kept.append(c)
            return c
        return _without_aliases(target, kept)
    if isinstance(c, ConstantExpr):
        operands = [_without_aliases(op, kept) for op in c.operands]
        if all(new is old for new, old in zip(operands, c.operands)):
            return c
        return ConstantExpr(c.opcode, c.type, operands, c.flags, c.source_type, c.predicate)
    if isinstance(c, ConstantAggregate):
        elements = [_without_aliases(e, kept) for e in c.elements]
        if all(new is old for new, old in zip(elements, c.elements)):
            return c
        return ConstantAggregate(c.type, elements)
    return c
