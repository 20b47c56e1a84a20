"""LLVM intrinsics (and the C functions that are their libc forms) by what they do.

Names here are prefixes: `llvm.memcpy` matches `llvm.memcpy.p0.p0.i64`.
"""
from __future__ import annotations

# Intrinsics that only inform the optimizer: they touch no value the program reads.
HINT_INTRINSICS = ("llvm.dbg.", "llvm.lifetime.", "llvm.assume", "llvm.experimental.noalias",
                   "llvm.stacksave", "llvm.stackrestore", "llvm.prefetch")
# The hints the copy of a function being differentiated drops (ad/prepare.py):
# they describe the primal's frame, not the derivative's.
DROPPED_INTRINSICS = ("llvm.dbg.", "llvm.lifetime.", "llvm.experimental.noalias.scope.decl",
                      "llvm.assume")
# Intrinsics returning a pointer into the memory their first argument points to:
# masked to an alignment, or the same address under another invariant group, or
# a thread-local global's address in this thread (what the global itself means
# outside coroutines).
POINTER_MASK_INTRINSICS = ("llvm.ptrmask",)
SAME_POINTER_INTRINSICS = ("llvm.launder.invariant.group", "llvm.strip.invariant.group",
                           "llvm.threadlocal.address")
# Constrained floating point (clang -ffp-model=strict, -frounding-math, #pragma STDC
# FENV_ACCESS ON): `llvm.experimental.constrained.<op>.<types>` is the plain
# instruction or `llvm.<op>.<types>` with the rounding mode and the exception
# behaviour as metadata operands.
CONSTRAINED_PREFIX = "llvm.experimental.constrained."
CONSTRAINED_BINARY = ("fadd", "fsub", "fmul", "fdiv", "frem")
CONSTRAINED_CASTS = ("fptrunc", "fpext", "sitofp", "uitofp", "fptosi", "fptoui")
CONSTRAINED_COMPARES = ("fcmp", "fcmps")
CONSTRAINED_MATH = ("sqrt", "fma", "fmuladd", "pow", "powi", "sin", "cos", "exp", "exp2", "log",
                    "log10", "log2", "rint", "nearbyint", "lrint", "llrint", "maxnum", "minnum",
                    "maximum", "minimum", "ceil", "floor", "round", "roundeven", "trunc",
                    "lround", "llround")
# Rounding modes under which the plain operation computes the same bits: the
# default, and the one the program sets at run time (the hardware applies it to
# plain operations alike; only constant folding assumes the default).
PLAIN_ROUNDING = ('!"round.tonearest"', '!"round.dynamic"')
# Markers of a stack slot's life and debug information: no read or write of it.
LIFETIME_AND_DEBUG_INTRINSICS = ("llvm.lifetime.", "llvm.dbg.")
# The intrinsics that go with an alloca promoted to registers (transforms/mem2reg.py).
ALLOCA_MARKER_INTRINSICS = ("llvm.lifetime.start", "llvm.lifetime.end", "llvm.dbg.declare",
                            "llvm.dbg.value", "llvm.dbg.assign")

# Intrinsics by prefix (every overload, `.inline` too), C functions by their
# exact names: a user's `memcpy_rows` or C11's `memcpy_s` is another function.
# AddressSanitizer's `__asan_memcpy` (what it turns `llvm.memcpy` into in the
# code it instruments) is memcpy after checking both ranges, with its
# signature: a copy like any other, derivative included; ThreadSanitizer's
# after recording the accesses.
MEMCPY_FUNCTIONS = ("llvm.memcpy", "llvm.memmove", "memcpy", "memmove", "__asan_memcpy",
                    "__asan_memmove", "__tsan_memcpy", "__tsan_memmove")
MEMSET_FUNCTIONS = ("llvm.memset", "memset", "__asan_memset", "__tsan_memset")
# Calls writing the memory their first argument points to (and nothing else).
WRITING_INTRINSICS = MEMCPY_FUNCTIONS + MEMSET_FUNCTIONS


def _named(name: str, names: tuple) -> bool:
    return any(name.startswith(n) if n.startswith("llvm.") else name == n for n in names)


def is_memory_copy(name: str) -> bool:
    """`llvm.memcpy.*`, `llvm.memmove.*`, `memcpy`, `memmove` (and ASan's)."""
    return _named(name, MEMCPY_FUNCTIONS)


def is_memory_set(name: str) -> bool:
    """`llvm.memset.*`, `memset`, `__asan_memset`."""
    return _named(name, MEMSET_FUNCTIONS)


def writes_memory_block(name: str) -> bool:
    """A copy or a fill: writes the memory its first argument points to."""
    return _named(name, WRITING_INTRINSICS)
# Intrinsics copying memory: ranges.py follows a value through them.
MEMORY_COPY_INTRINSICS = ("llvm.memcpy.", "llvm.memmove.")

# The floating-point `llvm.vector.reduce.KIND` intrinsics (ad/reductions.py).
VECTOR_REDUCTIONS = ("fadd", "fmul", "fmax", "fmin", "fmaximum", "fminimum")

# Masked vector memory (analysis/memory.py's masked_access).
MASKED_LOAD, MASKED_STORE = "llvm.masked.load.", "llvm.masked.store."
MASKED_GATHER, MASKED_SCATTER = "llvm.masked.gather.", "llvm.masked.scatter."
MASKED_READS = (MASKED_LOAD, MASKED_GATHER, "llvm.masked.expandload.")
MASKED_WRITES = (MASKED_STORE, MASKED_SCATTER, "llvm.masked.compressstore.")
