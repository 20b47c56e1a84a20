"""What a module's code and global initializers refer to."""
from __future__ import annotations

from .constants import ConstantFloat, ConstantInt
from .instructions import CallBase, Instruction
from .module import Function, GlobalAlias, GlobalVariable
from .values import Argument

# Instructions, arguments and numbers are most operands and refer to no
# global themselves: skipping them keeps this walk a small share of a run.
_LEAVES = (Instruction, Argument, ConstantInt, ConstantFloat)


def referenced_globals(module, callees: bool = True) -> set:
    """ids of the functions and global variables that instructions, global
    initializers and aliases refer to, directly or inside constant expressions and
    aggregates.  With `callees=False` the function a call names does not
    count, so the functions left are those whose address is taken.  A body
    kept as text counts as referring to every global it names."""
    seen, out = set(), set()

    def visit(v):
        if id(v) in seen:
            return
        seen.add(id(v))
        if isinstance(v, (Function, GlobalVariable)):
            out.add(id(v))
            return
        for op in list(getattr(v, "operands", ())) + list(getattr(v, "elements", ()) or ()):
            if not isinstance(op, _LEAVES):
                visit(op)

    for fn in module.read_functions():
        for inst in fn.instructions():
            operands = inst.args if not callees and isinstance(inst, CallBase) else inst.operands
            for op in operands:
                if not isinstance(op, _LEAVES):
                    visit(op)
    for gv in module.globals:
        # An alias refers to its aliasee as an initializer does: code and
        # other modules reach the aliasee through it.
        init = gv.aliasee if isinstance(gv, GlobalAlias) else gv.initializer
        if init is not None:
            visit(init)
    # Bodies kept as text: whatever they name, as if referred to (callers
    # that need `callees=False` exact read the bodies naming their functions first).
    for name in module.names_in_unread_bodies():
        gv = module.symbols.get(name)
        if gv is not None:
            out.add(id(gv))
    return out


def reaches_function(fn, wanted) -> bool:
    """Does `wanted(f)` hold for `fn` or a function it calls, directly or
    through calls in the bodies of its callees (each function asked once)?"""
    seen, work = set(), [fn]
    while work:
        f = work.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        if wanted(f):
            return True
        if not f.is_declaration:
            for inst in f.instructions():
                callee = getattr(inst, "called_function", None)
                if callee is not None:
                    work.append(callee)
    return False
