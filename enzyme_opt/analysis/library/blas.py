"""BLAS level 1-3 routines with derivative rules (ad/blas.py), in both calling forms.

`cblas_ddot(n, x, incx, y, incy)` takes its scalars by value, its matrices
in the layout its first argument names (CblasRowMajor 101, CblasColMajor
102) and its transposes as CBLAS_TRANSPOSE (111 no, 112 yes, 113
conjugate: for real matrices the same as 112).  The Fortran form
`ddot_(&n, x, &incx, y, &incy)` takes every argument by pointer, is always
column-major, and takes its transposes as characters ('N', 'n', 'T', 't',
'C', 'c').  Integers are 32-bit (LP64, as Debian's OpenBLAS and
reference BLAS are built).

Each routine is (operation, element type, convention); PARAMETERS names
the arguments of each operation in the order the cblas form takes them
(the Fortran form drops `layout`).  The adjoints call the same family:
`ger` and `syr2` (rank-1 and symmetric rank-2 updates) are only called
by them, never differentiated.  `symv` reads only the triangle of its
symmetric matrix that `uplo` names (cblas: CblasUpper 121, CblasLower
122; Fortran: 'U', 'L'); its derivative is with respect to that triangle.
"""
from __future__ import annotations

from typing import NamedTuple, Optional

from ...ir.compiled_regex import LazyPattern

CBLAS, FORTRAN = "cblas", "fortran"

# operation -> its parameters in cblas order, and the one array it writes (None: none)
PARAMETERS = {
    "dot": ("n", "x", "incx", "y", "incy"),
    "nrm2": ("n", "x", "incx"),
    "axpy": ("n", "alpha", "x", "incx", "y", "incy"),
    "scal": ("n", "alpha", "x", "incx"),
    "copy": ("n", "x", "incx", "y", "incy"),
    "gemv": ("layout", "trans", "m", "n", "alpha", "a", "lda", "x", "incx", "beta", "y",
             "incy"),
    "gemm": ("layout", "transa", "transb", "m", "n", "k", "alpha", "a", "lda", "b", "ldb",
             "beta", "c", "ldc"),
    "symv": ("layout", "uplo", "n", "alpha", "a", "lda", "x", "incx", "beta", "y", "incy"),
    "syrk": ("layout", "uplo", "trans", "n", "k", "alpha", "a", "lda", "beta", "c", "ldc"),
    "trsm": ("layout", "side", "uplo", "transa", "diag", "m", "n", "alpha", "a", "lda", "b",
             "ldb"),
    "trmm": ("layout", "side", "uplo", "transa", "diag", "m", "n", "alpha", "a", "lda", "b",
             "ldb"),
    "ger": ("layout", "m", "n", "alpha", "x", "incx", "y", "incy", "a", "lda"),
    "syr2": ("layout", "uplo", "n", "alpha", "x", "incx", "y", "incy", "a", "lda"),
    "syr2k": ("layout", "uplo", "trans", "n", "k", "alpha", "a", "lda", "b", "ldb", "beta", "c",
              "ldc"),
    "symm": ("layout", "side", "uplo", "m", "n", "alpha", "a", "lda", "b", "ldb", "beta", "c",
             "ldc"),
}
WRITTEN = {"dot": None, "nrm2": None, "axpy": "y", "scal": "x", "copy": "y", "gemv": "y",
           "gemm": "c", "symv": "y", "syrk": "c", "ger": "a", "syr2": "a", "syr2k": "c",
           "symm": "c", "trsm": "b", "trmm": "b"}
ARRAYS = {"x", "y", "a", "b", "c"}
# enums in cblas, characters in Fortran
CHARACTERS = {"layout", "trans", "transa", "transb", "uplo", "side", "diag"}
FLOATS = {"alpha", "beta"}

# Operations with derivative rules; `ger`, `syr2`, `syr2k`, `symm` and `trmm` are only
# called by them.
DIFFERENTIATED = ("dot", "nrm2", "axpy", "scal", "copy", "gemv", "gemm", "symv", "syrk",
                  "trsm")
ELEMENTS = {"d": "double", "s": "float"}

# CBLAS_ORDER and CBLAS_TRANSPOSE
ROW_MAJOR, COL_MAJOR = 101, 102
NO_TRANS, TRANS, CONJ_TRANS = 111, 112, 113
UPPER, LOWER = 121, 122         # CBLAS_UPLO
UNIT = 132                      # CBLAS_DIAG (CblasNonUnit is 131)
LEFT, RIGHT = 141, 142          # CBLAS_SIDE


class BlasRoutine(NamedTuple):
    operation: str
    element: str            # "double" or "float"
    convention: str         # CBLAS or FORTRAN


def routine_name(operation: str, element: str, convention: str) -> str:
    """`cblas_dgemm`, `sgemv_`, ...: the name of `operation` in a family."""
    letter = "d" if element == "double" else "s"
    return f"cblas_{letter}{operation}" if convention == CBLAS else f"{letter}{operation}_"


BLAS_ROUTINES = {
    routine_name(op, element, convention): BlasRoutine(op, element, convention)
    for op in PARAMETERS for element in ELEMENTS.values() for convention in (CBLAS, FORTRAN)}


def blas_routine(name: str) -> Optional[BlasRoutine]:
    """The routine `name` is (`cblas_ddot`, `dgemm_`, ...), or None."""
    return BLAS_ROUTINES.get(name)


def differentiable_blas(name: str) -> Optional[BlasRoutine]:
    """The routine `name` is, when it has a derivative rule; else None."""
    routine = BLAS_ROUTINES.get(name)
    return routine if routine is not None and routine.operation in DIFFERENTIATED else None


def blas_written_argument(name: str) -> Optional[int]:
    """The index of the one array argument a BLAS routine writes; None when it
    writes none (dot, nrm2) or `name` is no BLAS routine."""
    routine = BLAS_ROUTINES.get(name)
    if routine is None or WRITTEN[routine.operation] is None:
        return None
    params = PARAMETERS[routine.operation]
    if routine.convention == FORTRAN:
        params = params[1:] if params[0] == "layout" else params
    return params.index(WRITTEN[routine.operation])


# BLAS and LAPACK routines known by name but without a derivative rule here:
# a call of one that derivatives reach is refused, saying so.
_UNRULED_STEMS = (
    "asum", "amax", "amin", "rot", "rotg", "rotm", "rotmg", "swap", "sdot", "dsdot", "axpby",
    "gbmv", "sbmv", "spmv", "hemv", "trmv", "tbmv", "tpmv", "trsv", "tbsv", "tpsv",
    "ger", "geru", "gerc", "syr", "spr", "spr2", "hemm", "herk", "her2k",
    "omatcopy", "imatcopy",
    "potrf", "potrs", "potri", "getrf", "getrs", "getri", "gesv", "posv", "trtrs", "lacpy",
    "lascl", "lange", "syev", "gesvd", "geqrf", "orgqr",
    # complex forms of the routines with rules
    "dotc", "dotu", "dotc_sub", "dotu_sub", "scnrm2", "dznrm2")
_UNRULED = LazyPattern(r"(cblas_|LAPACKE_)?i?[sdcz](%s)_?\Z" % "|".join(_UNRULED_STEMS))
# complex and mixed forms of the routines with rules: zgemm_, cblas_zdscal, dznrm2_
_COMPLEX = LazyPattern(r"(cblas_)?([cz](gemm|gemv|symv|syrk|syr2k|symm|trsm|trmm|axpy|scal|copy)|csscal|zdscal|scnrm2|dznrm2)_?\Z")


def blas_without_rule(name: str) -> Optional[str]:
    """What a BLAS or LAPACK routine without a derivative rule here is, or None."""
    routine = BLAS_ROUTINES.get(name)
    if routine is not None and routine.operation in DIFFERENTIATED:
        if routine.element in ("double", "float"):
            return None
    if routine is not None or _UNRULED.match(name) or _COMPLEX.match(name):
        return ("a BLAS/LAPACK routine without a derivative rule here (rules exist for "
                + ", ".join(DIFFERENTIATED) + " in real single and double precision)")
    return None
