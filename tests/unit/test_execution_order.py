"""ExecutionOrder (analysis/cfg.py) against the definitions, on random CFGs:
an instruction may run after another when a path of one edge or more leads
from the other's block to its block, or it stands later in the same block;
a block runs once after another when neither is on a cycle and every path
from the other to the exit passes through it."""
import pytest

from enzyme_opt.analysis.cfg import DominatorTree, ExecutionOrder
from enzyme_opt.ir.parser import parse_module

from .random_cfg import random_function


def _function(seed: int) -> str:
    """Ten random blocks of two instructions each."""
    return random_function(seed, 10, lambda k: [f"  %p{k} = add i32 %x, {k}",
                                                f"  %q{k} = mul i32 %p{k}, 3"])


def _paths(fn, avoided=None):
    """{(id(a), id(b))}: a path of one edge or more leads from a to b, none
    of its blocks after a being `avoided` (a transitive closure)."""
    edges = {(id(a), id(s)) for a in fn.blocks for s in a.successors if s is not avoided}
    closure = set(edges)
    for k in fn.blocks:
        closure |= {(a, b) for a, mid in closure if mid == id(k)
                    for mid2, b in closure if mid2 == id(k)}
    return closure


@pytest.mark.parametrize("seed", range(30))
def test_may_run_after_matches_the_definition(seed):
    fn = parse_module(_function(seed)).get("f")
    paths, order = _paths(fn), ExecutionOrder(fn)
    insts = [i for b in fn.blocks for i in b.instructions]
    for earlier in insts:
        for later in insts:
            expected = (id(earlier.parent), id(later.parent)) in paths or (
                later.parent is earlier.parent and
                later.parent.instructions.index(later) > earlier.parent.instructions.index(earlier))
            assert order.may_run_after(later, earlier) == expected, (seed, earlier, later)


@pytest.mark.parametrize("seed", range(30))
def test_runs_once_after_matches_the_definition(seed):
    fn = parse_module(_function(seed)).get("f")
    cyclic = {a for a, b in _paths(fn) if a == b}
    order = ExecutionOrder(fn)
    assert order.cyclic == cyclic
    for exit_block in (b for b in fn.blocks if not b.successors):
        for later in fn.blocks:
            avoiding = _paths(fn, avoided=later)
            for block in fn.blocks:
                expected = id(block) not in cyclic and id(later) not in cyclic and \
                    block is not exit_block and (id(block), id(exit_block)) not in avoiding
                assert order.runs_once_after(later, block, exit_block) == expected, \
                    (seed, later.name, block.name, exit_block.name)


def test_runs_once_before_asks_the_dominator_tree():
    fn = parse_module(_function(3)).get("f")
    order, dom = ExecutionOrder(fn), DominatorTree(fn)
    entry = fn.blocks[0]
    first, then = entry.instructions[0], entry.instructions[1]
    assert order.runs_once_before(first, then, dom) == (id(entry) not in order.cyclic)
    assert not order.runs_once_before(then, first, dom)
