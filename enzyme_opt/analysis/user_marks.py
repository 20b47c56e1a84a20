"""What the user marked in the program: `annotate` attributes (which
enzyme/attributes.h makes of Enzyme's `enzyme_inactive` and
`enzyme_function_like` attributes) and Enzyme's registration globals
(`__enzyme_function_like`, `__enzyme_inactive_global`)."""
from __future__ import annotations

from typing import Dict, List, Set, Tuple

from ..ir.constants import ConstantAggregate, ConstantExpr, ConstantString
from ..ir.module import GlobalAlias, GlobalVariable, function_under_casts

FUNCTION_LIKE = "enzyme_function_like="


def elements(c) -> list:
    return list(c.elements) if isinstance(c, ConstantAggregate) else []


def global_base(v):
    """The global variable `v` points into (through constant GEPs, casts and
    aliases the linker cannot replace), or None."""
    while True:
        while isinstance(v, ConstantExpr) and v.opcode in ("getelementptr", "bitcast",
                                                            "addrspacecast"):
            v = v.operands[0]
        if not isinstance(v, GlobalAlias):
            return v if isinstance(v, GlobalVariable) else None
        v = v.resolved()


def string_pointed_to(ptr):
    """The C string a constant pointer points to (a global `c"...\\00"`), or None."""
    init = getattr(global_base(ptr), "initializer", None)
    if isinstance(init, ConstantString):
        return init.text.split("\\00")[0]
    return None


def annotations(module) -> List[Tuple[object, str]]:
    """(annotated value, text) of each entry of `llvm.global.annotations`;
    the value seen through casts."""
    found = []
    for gv in module.globals:
        if gv.name != "llvm.global.annotations":
            continue
        for entry in elements(getattr(gv, "initializer", None)):
            parts = elements(entry)
            if len(parts) >= 2:
                value = parts[0].strip_casts() if isinstance(parts[0], ConstantExpr) else parts[0]
                found.append((value, string_pointed_to(parts[1])))
    return found


def function_like_names(module) -> Dict[int, Tuple[object, str]]:
    """id(function) -> (function, NAME) for the functions the user said
    behave like the math function NAME: annotated
    `enzyme_function_like=NAME`, or registered with
    `void *__enzyme_function_like[2] = {(void *)f, (void *)"NAME"}`."""
    cached = module.facts.get("function-like functions")
    if cached is not None:
        return cached
    marked = {}
    for value, text in annotations(module):
        fn = function_under_casts(value)
        if fn is not None and text is not None and text.startswith(FUNCTION_LIKE):
            marked[id(fn)] = (fn, text[len(FUNCTION_LIKE):])
    for gv in module.globals:
        if gv.name.startswith("__enzyme_function_like"):
            parts = elements(getattr(gv, "initializer", None))
            fn = function_under_casts(parts[0]) if len(parts) == 2 else None
            name = string_pointed_to(parts[1]) if fn is not None else None
            if name is not None:
                marked[id(fn)] = (fn, name)
    module.facts["function-like functions"] = marked
    return marked


def user_inactive_globals(module) -> Set[int]:
    """ids of the global variables the user marked inactive: annotated
    `enzyme_inactive`, or registered with
    `void *__enzyme_inactive_global = (void *)&g` (or an array of them)."""
    cached = module.facts.get("user inactive globals")
    if cached is not None:
        return cached
    marked = {id(v) for v, text in annotations(module)
              if isinstance(v, GlobalVariable) and text == "enzyme_inactive"}
    for gv in module.globals:
        if gv.name.startswith("__enzyme_inactive_global"):
            init = getattr(gv, "initializer", None)
            listed = elements(init) if isinstance(init, ConstantAggregate) else [init]
            marked |= {id(g) for g in map(global_base_or_self, listed) if g is not None}
    module.facts["user inactive globals"] = marked
    return marked


def global_base_or_self(v):
    return v if isinstance(v, GlobalVariable) else global_base(v)
