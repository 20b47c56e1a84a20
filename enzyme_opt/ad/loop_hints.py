"""The loops of a reverse-mode derivative may be unrolled; some are kept scalar.

clang -fno-unroll-loops marks every loop `llvm.loop.unroll.disable`, and the
forward sweep, a copy of the primal's blocks, would keep the mark while the
reverse sweep's loops, built here, have none: clang (at -O2, compiling the
derivative) then unrolls a reversed `for (j = 0; j < 3; j++)` completely but
leaves its forward twin a loop over a stack array, whose values the reverse
sweep reloads from memory (the vectorized reload of scalar stores stalls).
The derivative is new code, compiled by the flags of its own compilation: both
sweeps get the same treatment, and the other hints of a loop are kept.

`keep_scalar` marks a reverse loop `llvm.loop.vectorize.width 1` where the
forward loop is arithmetic around math calls and nothing else
(analysis/loops.py: math_calls_only).  The adjoint sums' `reassoc` lets
LLVM's vectorizer take such a loop, though with no vector form of the call
(no -fveclib) it calls the scalar function lane by lane, and every vector
value lives across those calls in stack slots: bench/taylor.c's reverse
loop, sum pow(x, i) / i, ran 12.75 instructions per term so, 9.8 scalar.
A program compiled with -fveclib=libmvec loses the vector calls there.
"""
from __future__ import annotations


from ..ir.compiled_regex import compile_cached
from .tape import new_metadata_node

UNROLL_DISABLE = '!{!"llvm.loop.unroll.disable"}'
VECTORIZE_WIDTH_1 = '!{!"llvm.loop.vectorize.width", i32 1}'
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


def keep_scalar(back_edge, module) -> None:
    """Marks the loop whose back edge is the branch `back_edge` not to be
    vectorized; interleaving and unrolling stay LLVM's choice."""
    hint = module.facts.get("vectorize width 1 node")
    if hint is None:
        hint = module.facts["vectorize width 1 node"] = new_metadata_node(module,
                                                                          VECTORIZE_WIDTH_1)
    node = new_metadata_node(module, "")
    module.metadata[node[1:]] = f"distinct !{{{node}, {hint}}}"
    back_edge.metadata.append(("llvm.loop", node))
