"""CFG analyses: orders, dominators, dominance frontiers, cyclic blocks,
what may run after what (`ExecutionOrder`)."""
from __future__ import annotations

from typing import Dict, List, Optional, Set


def reverse_postorder(fn) -> list:
    """Blocks reachable from the entry, in reverse postorder."""
    if not fn.blocks:
        return []
    seen: Set[int] = set()
    post: list = []
    stack = [(fn.blocks[0], iter(fn.blocks[0].successors))]
    seen.add(id(fn.blocks[0]))
    while stack:
        block, succs = stack[-1]
        for s in succs:
            if id(s) not in seen:
                seen.add(id(s))
                stack.append((s, iter(s.successors)))
                break
        else:
            stack.pop()
            post.append(block)
    post.reverse()
    return post


def predecessor_map(fn) -> Dict[int, list]:
    """id(block) -> predecessor blocks, one entry per distinct predecessor."""
    preds: Dict[int, list] = {id(b): [] for b in fn.blocks}
    for b in fn.blocks:
        seen = set()
        for s in b.successors:
            if id(s) not in seen:
                seen.add(id(s))
                preds[id(s)].append(b)
    return preds


class DominatorTree:
    """Immediate dominators by the Cooper-Harvey-Kennedy iteration."""

    def __init__(self, fn):
        self.order = reverse_postorder(fn)
        self.index = {id(b): i for i, b in enumerate(self.order)}
        self.preds = predecessor_map(fn)
        idom: Dict[int, object] = {}
        if self.order:
            entry = self.order[0]
            idom[id(entry)] = entry
            changed = True
            while changed:
                changed = False
                for b in self.order[1:]:
                    new = None
                    for p in self.preds[id(b)]:
                        if id(p) in idom:
                            new = p if new is None else self._intersect(p, new, idom)
                    if new is not None and idom.get(id(b)) is not new:
                        idom[id(b)] = new
                        changed = True
        self.idom = idom
        self.children: Dict[int, list] = {id(b): [] for b in self.order}
        for b in self.order[1:]:
            self.children[id(idom[id(b)])].append(b)
        self._span = None

    def _intersect(self, a, b, idom):
        index = self.index
        while a is not b:
            while index[id(a)] > index[id(b)]:
                a = idom[id(a)]
            while index[id(b)] > index[id(a)]:
                b = idom[id(b)]
        return a

    def is_reachable(self, block) -> bool:
        return id(block) in self.index

    def dominates(self, a, b) -> bool:
        """Does block `a` dominate block `b`?  (Constant time: `a`'s subtree
        of the dominator tree spans `b`'s, in one depth-first numbering.)"""
        if not self.is_reachable(b):
            return True
        if not self.is_reachable(a):
            return False
        if self._span is None:
            self._span = self._number_subtrees()
        first_a, last_a = self._span[id(a)]
        first_b, _ = self._span[id(b)]
        return first_a <= first_b <= last_a

    def _number_subtrees(self) -> Dict[int, tuple]:
        """id(block) -> (its preorder number, the last number in its subtree)."""
        span: Dict[int, tuple] = {}
        if not self.order:
            return span
        counter = 0
        stack = [(self.order[0], False)]
        while stack:
            block, done = stack.pop()
            if done:
                span[id(block)] = (span[id(block)], counter - 1)
                continue
            span[id(block)] = counter
            counter += 1
            stack.append((block, True))
            stack.extend((child, False) for child in reversed(self.children[id(block)]))
        return span

    def frontiers(self) -> Dict[int, list]:
        df: Dict[int, list] = {id(b): [] for b in self.order}
        for b in self.order:
            preds = [p for p in self.preds[id(b)] if self.is_reachable(p)]
            if len(preds) < 2:
                continue
            for p in preds:
                runner = p
                while runner is not self.idom[id(b)]:
                    if b not in df[id(runner)]:
                        df[id(runner)].append(b)
                    runner = self.idom[id(runner)]
        return df


def reaches(exit_block, preds) -> Set[int]:
    """ids of blocks from which `exit_block` is reachable."""
    seen = {id(exit_block)}
    work = [exit_block]
    while work:
        b = work.pop()
        for p in preds[id(b)]:
            if id(p) not in seen:
                seen.add(id(p))
                work.append(p)
    return seen


def blocks_in_cycles(fn) -> Set[int]:
    """ids of blocks that can execute more than once per call (on a CFG cycle)."""
    index: Dict[int, int] = {}
    low: Dict[int, int] = {}
    on_stack: Set[int] = set()
    stack: List = []
    cyclic: Set[int] = set()
    counter = [0]

    def strongconnect(root):
        work = [(root, iter(root.successors))]
        index[id(root)] = low[id(root)] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(id(root))
        while work:
            v, succs = work[-1]
            advanced = False
            for w in succs:
                if id(w) not in index:
                    index[id(w)] = low[id(w)] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(id(w))
                    work.append((w, iter(w.successors)))
                    advanced = True
                    break
                if id(w) in on_stack:
                    low[id(v)] = min(low[id(v)], index[id(w)])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[id(parent)] = min(low[id(parent)], low[id(v)])
            if low[id(v)] == index[id(v)]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(id(w))
                    component.append(w)
                    if w is v:
                        break
                if len(component) > 1 or v in v.successors:
                    cyclic.update(id(b) for b in component)

    for b in fn.blocks:
        if id(b) not in index:
            strongconnect(b)
    return cyclic


class ExecutionOrder:
    """In one call of function `fn`, may one instruction run after another,
    and must one block run once after another?  The memory analyses and the
    cache policy ask of many pairs, so the blocks reachable from each block
    are cached: make a new one after `fn`'s branches change.  Positions in
    a block are read live (`Block.index_of`), so instructions inserted
    since are answered for too.  `cyclic` (blocks_in_cycles) is computed
    when first needed unless the caller has it."""

    def __init__(self, fn, cyclic: Optional[Set[int]] = None):
        self.fn = fn
        self._cyclic = cyclic
        self._after: Dict[int, Set[int]] = {}   # id(block) -> blocks_after(block)

    @property
    def cyclic(self) -> Set[int]:
        if self._cyclic is None:
            self._cyclic = blocks_in_cycles(self.fn)
        return self._cyclic

    def blocks_after(self, block) -> Set[int]:
        """ids of the blocks reachable from `block` by one edge or more
        (`block` itself among them when it is on a cycle)."""
        found = self._after.get(id(block))
        if found is None:
            found = self._after[id(block)] = _reachable_from(block.successors)
        return found

    def may_run_after(self, later, earlier) -> bool:
        """May instruction `later` run after `earlier` has: later in its
        block, or in a block reachable from `earlier`'s (its own, on a cycle)?"""
        block = earlier.parent
        if id(later.parent) in self.blocks_after(block):
            return True
        return later.parent is block and block.index_of(later) > block.index_of(earlier)

    def runs_once_before(self, first, then, dom) -> bool:
        """Is instruction `first` on no cycle, and run before `then` whenever
        `then` runs (earlier in its block, or in a dominating one)?"""
        if id(first.parent) in self.cyclic:
            return False
        if first.parent is then.parent:
            return first.parent.index_of(first) < first.parent.index_of(then)
        return dom.dominates(first.parent, then.parent)

    def runs_once_after(self, later, block, exit_block) -> bool:
        """Does block `later` run, once, whenever `block` has run: both on
        no cycle, and every path from `block` to `exit_block` through `later`?"""
        if id(block) in self.cyclic or id(later) in self.cyclic:
            return False
        return id(exit_block) not in _reachable_from([block], avoiding=later)


def _reachable_from(starts, avoiding=None) -> Set[int]:
    """ids of the blocks reachable from blocks `starts` (themselves
    included), never entering block `avoiding`."""
    seen: Set[int] = set()
    work = list(starts)
    while work:
        b = work.pop()
        if id(b) not in seen:
            seen.add(id(b))
            work.extend(s for s in b.successors if s is not avoiding)
    return seen
