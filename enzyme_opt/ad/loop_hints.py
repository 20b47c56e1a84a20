"""The loops of a reverse-mode derivative may be unrolled.

clang -fno-unroll-loops marks every loop `llvm.loop.unroll.disable`, and the
forward sweep, a copy of the primal's blocks, would keep the mark while the
reverse sweep's loops, built here, have none: clang (at -O2, compiling the
derivative) then unrolls a reversed `for (j = 0; j < 3; j++)` completely but
leaves its forward twin a loop over a stack array, whose values the reverse
sweep reloads from memory (the vectorized reload of scalar stores stalls).
The derivative is new code, compiled by the flags of its own compilation: both
sweeps get the same treatment, and the other hints of a loop are kept.
"""
from __future__ import annotations


from ..ir.compiled_regex import compile_cached
from .tape import new_metadata_node

UNROLL_DISABLE = '!{!"llvm.loop.unroll.disable"}'
_LOOP_NODE = compile_cached(r"^distinct !\{(![0-9]+)((?:, ![0-9]+)*)\}$")


def allow_unrolling(fn) -> int:
    """Points the loop branches of `fn` at loop nodes without
    `llvm.loop.unroll.disable`; returns how many branches changed."""
    # A loop node -> its copy without the mark (or itself), made once per module.
    copies = fn.module.facts.setdefault("loop nodes unrollable", {})
    changed = 0
    for block in fn.blocks:
        term = block.instructions[-1] if block.instructions else None
        if term is None or not term.metadata:
            continue
        for k, (kind, ref) in enumerate(term.metadata):
            if kind != "llvm.loop":
                continue
            if ref not in copies:
                copies[ref] = _without_unroll_disable(fn.module, ref)
            if copies[ref] != ref:
                term.metadata[k] = (kind, copies[ref])
                changed += 1
    return changed


def _without_unroll_disable(module, ref: str) -> str:
    md = module.metadata
    match = _LOOP_NODE.match(md.get(ref[1:], ""))
    if match is None or match.group(1) != ref:
        return ref
    hints = [h for h in match.group(2).split(", ") if h]
    kept = [h for h in hints if md.get(h[1:]) != UNROLL_DISABLE]
    if len(kept) == len(hints):
        return ref
    # The node refers to itself: made with a placeholder, then filled in.
    new = new_metadata_node(module, "")
    md[new[1:]] = "distinct !{" + ", ".join([new, *kept]) + "}"
    return new
