"""Functions that allocate, reallocate and release memory.

The AD gives memory a function allocates a shadow of the same size (and
alignment), and frees that shadow itself: for each allocator it needs the
argument holding the byte count and the one holding the alignment.  C++'s
operator new and delete come in many manglings (array or not, sized,
aligned, nothrow, 32-bit `j` or 64-bit `m` sizes): they are matched by
pattern over the Itanium mangling.
"""
from __future__ import annotations

from typing import NamedTuple, Optional

from ...ir.compiled_regex import compile_cached


class Allocator(NamedTuple):
    size_index: int                    # the byte count (with count_index: an element's)
    alignment_index: Optional[int]     # the alignment its memory, and so its shadow, has
    zeroed: bool = False               # the memory starts as zeros
    count_index: Optional[int] = None  # calloc(count, size): the block is count * size bytes


# C's allocators, and Rust's (`__rust_alloc(size, align)`: what the global
# allocator is called through; `alloc_zeroed` zeroes the block).
ALLOCATORS = {
    "malloc": Allocator(0, None), "calloc": Allocator(1, None, True, count_index=0),
    "valloc": Allocator(0, None),
    "aligned_alloc": Allocator(1, 0), "memalign": Allocator(1, 0),
    "__rust_alloc": Allocator(0, 1), "__rust_alloc_zeroed": Allocator(0, 1, True),
}
# operator new / new[] (`_Znwm`, `_ZnamSt11align_val_tRKSt9nothrow_t`, ...):
# the size first, then the alignment for the aligned forms.
_OPERATOR_NEW = compile_cached(r"_Zn[wa][mj](?P<aligned>St11align_val_t)?(RKSt9nothrow_t)?\Z")

# free and operator delete / delete[] in every form (`_ZdlPv`, sized
# `_ZdlPvm`, aligned, nothrow), and Rust's `__rust_dealloc(ptr, size, align)`:
# the pointer is the first argument.
DEALLOCATORS = frozenset(("free", "__rust_dealloc"))
_OPERATOR_DELETE = compile_cached(r"_Zd[la]Pv[mj]?(St11align_val_t)?(RKSt9nothrow_t)?\Z")


class Reallocator(NamedTuple):
    pointer_index: int
    size_index: int                    # the new byte count


# realloc(ptr, size); Rust's __rust_realloc(ptr, old_size, align, new_size).
REALLOCATORS = {"realloc": Reallocator(0, 1), "__rust_realloc": Reallocator(0, 3)}

# Allocators returning the block through a pointer argument rather than as
# their value: posix_memalign(&p, alignment, size) returns 0 or an error.
# ad/prepare.py rewrites such a call into memalign and a store, so that the
# pointer stored gets its shadow as any other stored pointer.
OUT_PARAMETER_ALLOCATORS = frozenset(("posix_memalign",))


def allocator(name: str) -> Optional[Allocator]:
    """How a call of the function named `name` allocates, or None."""
    known = ALLOCATORS.get(name)
    if known is not None:
        return known
    new = _OPERATOR_NEW.match(name)
    if new is not None:
        return Allocator(0, 1 if new.group("aligned") else None)
    return None


def is_deallocator(name: str) -> bool:
    return name in DEALLOCATORS or _OPERATOR_DELETE.match(name) is not None


def reallocator(name: str) -> Optional[Reallocator]:
    return REALLOCATORS.get(name)
