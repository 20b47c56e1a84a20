"""DominatorTree.dominates (analysis/cfg.py) against the definition: `a`
dominates `b` when every path from the entry to `b` passes through `a`."""
import pytest

from enzyme_opt.analysis.cfg import DominatorTree
from enzyme_opt.ir.parser import parse_module

from .random_cfg import random_function


def _reaches_avoiding(fn, target, avoided) -> bool:
    """Is `target` reachable from the entry without passing through `avoided`?"""
    entry = fn.blocks[0]
    if entry is avoided:
        return False
    seen, work = {id(entry)}, [entry]
    while work:
        block = work.pop()
        if block is target:
            return True
        for succ in block.successors:
            if succ is not avoided and id(succ) not in seen:
                seen.add(id(succ))
                work.append(succ)
    return False


@pytest.mark.parametrize("seed", range(40))
def test_dominates_matches_the_definition(seed):
    fn = parse_module(random_function(seed, 12)).get("f")
    tree = DominatorTree(fn)
    for a in fn.blocks:
        for b in fn.blocks:
            if not tree.is_reachable(b):
                assert tree.dominates(a, b)      # vacuously: no path reaches b
                continue
            expected = a is b or (tree.is_reachable(a) and not _reaches_avoiding(fn, b, a))
            assert tree.dominates(a, b) == expected, (seed, a.name, b.name)
