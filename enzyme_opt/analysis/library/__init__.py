"""The catalog of what the tool knows about library functions, by name.

This package is the one place such knowledge lives; every other module asks
it (tests/unit/test_library_catalog.py checks that no other module keeps a
list of library function names).  Each module is data first:

- libm.py:        math functions, LLVM math intrinsics, complex arithmetic;
                  their derivative rules are in ad/rules.py, ad/complex_calls.py
- allocation.py:  allocators (malloc family, operator new in every form,
                  Rust's __rust_alloc...), deallocators and reallocators
- inactive.py:    functions that pass no derivative on (I/O, C++ streams,
                  locale, strings, the C++ ABI, hashing, Rust's and
                  Fortran's printing)
- intrinsics.py:  LLVM intrinsics by effect (hints, memory copies, masked)
- openmp.py:      the OpenMP runtime: the fork of a parallel region, the
                  calls that only handle integers, the constructs refused
- runtimes.py:    language runtime functions with derivatives (flang's sum
                  and dot_product) and those refused by name (matmul,
                  Assign)
- blas.py:        BLAS level 1-3 routines (cblas_* and Fortran *_ names)
                  whose derivatives ad/blas.py writes as BLAS calls
- mpi.py:         MPI: routines whose derivatives ad/mpi.py writes as MPI
                  calls, those passing no derivative on (MPI_Comm_rank...),
                  and Open MPI's datatype and reduction handles
"""
from .blas import (BLAS_ROUTINES, BlasRoutine, blas_routine, blas_without_rule,
                   blas_written_argument, differentiable_blas)
from .allocation import (ALLOCATORS, DEALLOCATORS, OUT_PARAMETER_ALLOCATORS, REALLOCATORS,
                         Allocator, Reallocator, allocator, is_deallocator, reallocator)
from .inactive import (INACTIVE_FUNCTIONS, INACTIVE_PATTERNS, INPUT_PATTERNS, NO_VISIBLE_WRITES,
                       INACTIVE_PATTERN_FIRST, INPUT_PATTERN_FIRST,
                       LIBRARY_OBJECT_CONSTRUCTOR, library_virtual_member,
                       InputFunction, input_function,
                       inactive_pattern, is_inactive_function)
from .intrinsics import (ALLOCA_MARKER_INTRINSICS, DROPPED_INTRINSICS, HINT_INTRINSICS,
                         LIFETIME_AND_DEBUG_INTRINSICS,
                         MASKED_GATHER, MASKED_LOAD, MASKED_READS, MASKED_SCATTER,
                         MASKED_STORE, MASKED_WRITES, MEMCPY_FUNCTIONS, MEMORY_COPY_INTRINSICS,
                         MEMSET_FUNCTIONS, VECTOR_REDUCTIONS, WRITING_INTRINSICS,
                         is_memory_copy, is_memory_set, writes_memory_block)
from .libm import (CHEAP_FLOAT_INTRINSICS, CHEAP_MINMAX_INTRINSICS,
                   CHEAP_MINMAX_INTRINSICS_NSZ, COMPLEX_FUNCTIONS, ERRNO_ACCESSORS,
                   ERRNO_CONVERSION,
                   ERRNO_PRINTERS, FP_FLAG_READERS, FUSED_MULTIPLY_ADDS,
                   INTEGER_INTRINSICS, LOOP_FLOAT_INTRINSICS,
                   LLVM_MATH_INTRINSICS, MATH_AS_INTRINSIC, MATH_FLOAT_OUTPUTS, MATH_IGNORING_NAN,
                   MATH_PARTNERS, MATH_WITH_OTHER_EFFECTS,
                   MATH_FUNCTIONS, PURE_INTRINSICS, REPRODUCIBLE_INTRINSICS,
                   SINGULAR_AT_FINITE_RESULTS,
                   SINGULAR_MATH_FUNCTIONS, SINGULAR_ONLY_AT_ZERO, POWERS, LOGARITHMS,
                   NON_NEGATIVE_MATH, SIGNGAM,
                   VECTOR_NATIVE_MATH, called_math_function, math_function)
from .mpi import (carries_no_derivative, float_datatype, is_mpi_inactive, mpi_rule,
                  reduction_op, refused_mpi)
from .openmp import (BARRIER, CRITICAL, END_CRITICAL, END_REDUCE_NOWAIT, FORK_CALL,
                     REDUCE_NOWAIT, is_openmp_inactive, refused_openmp)
from .runtimes import (ATTRIBUTE_ALLOCATABLE, ATTRIBUTE_OTHER, DESCRIPTOR_ATTRIBUTE_OFFSET, DESCRIPTOR_DIM_BYTES,
                       DESCRIPTOR_DIMS_OFFSET, DESCRIPTOR_RANK_OFFSET, DESCRIPTOR_TYPE_OFFSET,
                       FORTRAN_REDUCTIONS, REAL_TYPE_CODES, REFUSED_RUNTIME, fortran_reduction,
                       refused_runtime)


def in_catalog(name: str) -> bool:
    """Does the catalog know function `name` as library code: an allocator,
    a function passing no derivative on, an input function, a math function,
    a memory copy or set, a BLAS or MPI routine, an OpenMP runtime call that
    only handles integers?  Such code keeps no pointer of the caller's in
    the caller's globals.  (The OpenMP fork call runs the caller's outlined
    code: not here.)"""
    return bool(allocator(name) or is_deallocator(name) or reallocator(name) or
                is_inactive_function(name) or input_function(name) or math_function(name) or
                is_memory_copy(name) or is_memory_set(name) or blas_routine(name) or
                mpi_rule(name) or is_mpi_inactive(name) or is_openmp_inactive(name))
