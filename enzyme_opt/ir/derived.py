"""Walks over the uses of a pointer and of the pointers derived from it.

Several analyses ask one question of every use of some memory: is it only
read, only written by the function, only passed to inactive calls, called?
They all walk the same way (through address arithmetic, each pointer once)
and differ in what counts as a derivation and in what they do at each other
use.  `DerivedUses` is that walk; the question stays with the caller.
"""
from __future__ import annotations

from typing import Callable, Iterator, Tuple

from . import instructions as I


def through_casts(user, p) -> bool:
    """`user` computes a pointer from `p` by a cast alone."""
    return isinstance(user, I.Cast) and user.operands[0] is p


def through_address_arithmetic(user, p) -> bool:
    """`user` computes an address from `p`: a GEP based on it, or a cast of it."""
    return isinstance(user, (I.GetElementPtr, I.Cast)) and user.operands[0] is p


def through_address_arithmetic_and_merges(user, p) -> bool:
    """As `through_address_arithmetic`, and a phi or select of `p` with others
    of its type (what else it merges is the caller's business)."""
    return through_address_arithmetic(user, p) or \
        isinstance(user, (I.Phi, I.Select)) and user.type == p.type


def through_byte_offsets(user, p) -> bool:
    """A GEP based on `p`, or a cast that keeps it a pointer (no ptrtoint)."""
    return isinstance(user, (I.GetElementPtr, I.Cast)) and user.operands[0] is p and \
        user.opcode in ("getelementptr", "bitcast", "addrspacecast")


class DerivedUses:
    """Iterating yields `(pointer, user)` for each user of `root`, or of a
    pointer derived from it as `derives(user, pointer)` says, that is not
    itself such a derivation.  Each pointer is walked once.  `follow(v)`
    adds another value to walk during the iteration (the reloads of a stack
    slot a pointer was spilled to, say)."""

    def __init__(self, root, derives: Callable = through_address_arithmetic):
        self._work = [root]
        self._seen: set = set()
        self._derives = derives

    def follow(self, *values) -> None:
        self._work.extend(values)

    def __iter__(self) -> Iterator[Tuple[object, object]]:
        while self._work:
            p = self._work.pop()
            if id(p) in self._seen:
                continue
            self._seen.add(id(p))
            for user in p.users:
                if self._derives(user, p):
                    self._work.append(user)
                else:
                    yield p, user
