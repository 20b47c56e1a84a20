"""Functions of language runtimes with derivatives, and those refused by name.

flang lowers `sum` and `dot_product` of real arrays to calls of its runtime
at -O0 (`_FortranASumReal8(const Descriptor &x, const char *file, int line,
int dim, const Descriptor *mask)`, `_FortranADotProductReal8(x, y, file,
line)`).  transforms/fortran_runtime.py writes such a call out as the loop
it stands for, over the array its descriptor describes, so the AD
differentiates that loop: the derivative rule of a reduction is the rule of
its loads and adds.

Runtime functions listed in REFUSED_RUNTIME carry derivatives in ways not
written out yet: a call of one reached by active data is a located error
saying which Fortran construct it comes from.

BLAS routines are in blas.py.
"""
from __future__ import annotations

# name -> (operation, element type): runtime functions written out as loops
# (matmul of matrices and vectors, and the runtime's assignment of a real
# array to one that is not a pointer, only; others stay refused below), and
# mod and modulo of reals (`_FortranAModReal8(a, p, file, line)`) as frem
FORTRAN_REDUCTIONS = {
    "_FortranASumReal8": ("sum", "double"), "_FortranASumReal4": ("sum", "float"),
    "_FortranAProductReal8": ("product", "double"), "_FortranAProductReal4": ("product", "float"),
    "_FortranAMaxvalReal8": ("maxval", "double"), "_FortranAMaxvalReal4": ("maxval", "float"),
    "_FortranAMinvalReal8": ("minval", "double"), "_FortranAMinvalReal4": ("minval", "float"),
    "_FortranANorm2_8": ("norm2", "double"), "_FortranANorm2_4": ("norm2", "float"),
    "_FortranADotProductReal8": ("dot_product", "double"),
    "_FortranADotProductReal4": ("dot_product", "float"),
    "_FortranAMatmulReal8Real8": ("matmul", "double"),
    "_FortranAMatmulReal4Real4": ("matmul", "float"),
    "_FortranAAssign": ("assign", None),
    "_FortranAModReal8": ("mod", "double"), "_FortranAModReal4": ("mod", "float"),
    "_FortranAModuloReal8": ("modulo", "double"), "_FortranAModuloReal4": ("modulo", "float"),
    # copy-in and copy-out of an array section passed where a contiguous
    # array is wanted: a test, a copy to a temporary, a copy back
    "_FortranAIsContiguous": ("is_contiguous", None),
    "_FortranACopyInAssign": ("copy_in", None), "_FortranACopyOutAssign": ("copy_out", None),
}

# The layout of flang's array descriptor (ISO_Fortran_binding's CFI_cdesc_t):
# base address, element length, version, rank, type, attribute, extra, then
# per dimension (lower bound, extent, byte stride), all i64.
DESCRIPTOR_RANK_OFFSET = 20
DESCRIPTOR_TYPE_OFFSET = 21
DESCRIPTOR_ATTRIBUTE_OFFSET = 22
# the descriptor's type codes of real(4) and real(8) (CFI_type_float, _double),
# and its attribute of an array that is neither a pointer nor allocatable
REAL_TYPE_CODES = {27: "float", 28: "double"}
ATTRIBUTE_OTHER = 0
# ... and of an allocatable array (CFI_attribute_allocatable)
ATTRIBUTE_ALLOCATABLE = 2
DESCRIPTOR_ELEMENT_BYTES_OFFSET = 8
DESCRIPTOR_DIMS_OFFSET = 24
DESCRIPTOR_DIM_BYTES = 24

# name -> the Fortran it implements, and how to write it instead.
REFUSED_RUNTIME = {
    "_FortranAMatmulReal8Real8": ("matmul of real(8) arrays whose ranks are not known "
                                  "here; write the product as loops"),
    "_FortranAMatmulReal4Real4": ("matmul of real(4) arrays whose ranks are not known "
                                  "here; write the product as loops"),
    "_FortranAAssign": ("an array assignment done by the runtime (to a pointer array, or of "
                        "other than real arrays, or of ranks not known here); assign element "
                        "by element in a loop"),
    "_FortranANorm2_8": "norm2 along a dimension, norm2(a, dim=k); write it as a loop",
    "_FortranANorm2_4": "norm2 along a dimension, norm2(a, dim=k); write it as a loop",
    "_FortranADestroy": ("the deallocation of a local derived-type variable's allocatable "
                         "components where it goes out of scope; give the components an "
                         "explicit shape, or use allocatable arrays outside a type"),
    "_FortranAReshape": ("reshape; pass the array to a procedure whose dummy has the "
                         "shape wanted (explicit shape), or copy it in a loop"),
    "_FortranASumDim": "sum along a dimension, sum(a, dim=k); write it as a loop",
    "_FortranAProductReal8": "product with dim= or mask=; write it as a loop",
    "_FortranAProductReal4": "product with dim= or mask=; write it as a loop",
    "_FortranAMaxvalReal8": "maxval with dim= or mask=; write it as a loop",
    "_FortranAMaxvalReal4": "maxval with dim= or mask=; write it as a loop",
    "_FortranAMinvalReal8": "minval with dim= or mask=; write it as a loop",
    "_FortranAMinvalReal4": "minval with dim= or mask=; write it as a loop",
}


def fortran_reduction(name: str):
    """(operation, element type) of a flang reduction written out as a loop, or None."""
    return FORTRAN_REDUCTIONS.get(name)


def refused_runtime(name: str):
    """What the runtime function `name` implements, when it is refused; else None."""
    return REFUSED_RUNTIME.get(name)


# Sanitizers whose instrumentation the derivative does not follow yet: the
# function attribute a sanitizer puts on the code it instruments, and the
# prefix of its runtime's functions (their calls can reach a function without
# the attribute when an instrumented callee is inlined into it).  What they
# read and write is shadow memory of the sanitizer's own, at addresses
# computed from the primal's pointers by integer arithmetic (MemorySanitizer's
# `p ^ C`), or the program's memory in calls without a derivative
# (ThreadSanitizer's `__tsan_atomic64_load`, for C11 atomics).
# AddressSanitizer is not among them: its checks only read its shadow bytes
# and report (no derivative), its `__asan_memcpy` is a memcpy (intrinsics.py),
# and its fake stack frames are taken off in the derivative (ad/prepare.py).
# Nor is ThreadSanitizer's record of plain accesses and calls (inactive.py).
SANITIZER_ATTRIBUTES = {
    "sanitize_hwaddress": "HWAddressSanitizer (-fsanitize=hwaddress)",
    "sanitize_memory": "MemorySanitizer (-fsanitize=memory)",
}
THREAD_SANITIZER = "ThreadSanitizer (-fsanitize=thread)"
SANITIZER_RUNTIME_PREFIXES = {
    "__hwasan_": SANITIZER_ATTRIBUTES["sanitize_hwaddress"],
    "__msan_": SANITIZER_ATTRIBUTES["sanitize_memory"],
    "__tsan_atomic": THREAD_SANITIZER,
}

# MemorySanitizer in a module (its constructor defined): at -O0 a function
# told not to be instrumented still clears the sanitizer's shadow of each of
# its locals, at the local's address xor-ed with a constant.
MEMORY_SANITIZER_CTOR = "msan.module_ctor"

# AddressSanitizer's fake stack: a function it instruments may take its
# frame (its locals, between redzones) from `__asan_stack_malloc_N(size)`,
# an integer address, instead of its own alloca; a result of 0 means "use
# the alloca".
ASAN_FAKE_STACK_ALLOCATORS = "__asan_stack_malloc_"


def sanitizer_of_attributes(words) -> str | None:
    """The sanitizer instrumenting a function with attribute keywords `words`."""
    return next((SANITIZER_ATTRIBUTES[w] for w in sorted(words) if w in SANITIZER_ATTRIBUTES),
                None)


def sanitizer_of_runtime(name: str) -> str | None:
    """The sanitizer whose runtime function `name` checks or shadows the
    program's memory in ways not followed, or None."""
    return next((s for p, s in SANITIZER_RUNTIME_PREFIXES.items() if name.startswith(p)), None)
