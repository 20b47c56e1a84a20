"""The library catalog (enzyme_opt/analysis/library/): what it says of real
names, and that it is the only place lists of library function names live."""
import ast
from pathlib import Path

import pytest

from enzyme_opt.analysis import library as L

PACKAGE = Path(L.__file__).resolve().parent.parent.parent
CATALOG = Path(L.__file__).resolve().parent

# name -> (size argument, alignment argument, count argument)
_ALLOCATORS = {
    "malloc": (0, None), "calloc": (1, None, 0), "aligned_alloc": (1, 0), "memalign": (1, 0),
    "_Znwm": (0, None), "_Znam": (0, None), "_ZnwmRKSt9nothrow_t": (0, None),
    "_ZnamRKSt9nothrow_t": (0, None), "_ZnwmSt11align_val_t": (0, 1),
    "_ZnamSt11align_val_t": (0, 1), "_ZnwmSt11align_val_tRKSt9nothrow_t": (0, 1),
    "_ZnamSt11align_val_tRKSt9nothrow_t": (0, 1), "_Znwj": (0, None),
    "__rust_alloc": (0, 1), "__rust_alloc_zeroed": (0, 1),
}
_DEALLOCATORS = ("free", "_ZdlPv", "_ZdaPv", "_ZdlPvm", "_ZdaPvm", "_ZdlPvRKSt9nothrow_t",
                 "_ZdlPvSt11align_val_t", "_ZdaPvmSt11align_val_t",
                 "_ZdlPvSt11align_val_tRKSt9nothrow_t", "_ZdaPvj", "__rust_dealloc")
_INACTIVE = (
    "printf", "puts", "__cxa_guard_acquire", "__cxa_atexit", "__cxa_throw",
    "_ZSt16__ostream_insertIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_PKS3_l",
    "_ZNSo9_M_insertIdEERSoT_", "_ZNSolsEd", "_ZNSo5flushEv",
    "_ZSt4endlIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_",
    "_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_PKc",
    "_ZNSt6localeC1Ev", "_ZNSt6localeD1Ev", "_ZNSt8ios_base4InitC1Ev",
    "_ZNKSt5ctypeIcE13_M_widen_initEv", "_ZSt16__throw_bad_castv",
    "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEC1EPKcRKS3_",
    "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED1Ev",
    "_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE6lengthEv",
    "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE12_M_constructIPKcEEvT_S8_"
    "St20forward_iterator_tag",
    "_ZNSt7__cxx119to_stringEd",
    "_ZN9__gnu_cxx12__to_xstringINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEcEET_PFiPT0"
    "_mPKS8_P13__va_list_tagEmSB_z",
    "_ZNKSt8__detail20_Prime_rehash_policy14_M_need_rehashEmmm", "_ZSt11_Hash_bytesPKvmm",
    "_ZN3std2io5stdio6_print17h0123456789abcdefE", "_RNvNtNtCsaBc_3std2io5stdio6_print",
    "_FortranAioBeginExternalListOutput", "_FortranAioOutputReal64",
    "_FortranAioOutputAscii", "_FortranAioEndIoStatement", "_FortranAStopStatement",
)
# Functions that write floats from outside: never "inactive" (their targets
# must lose their adjoints), so left unknown and refused.
_NOT_INACTIVE = ("scanf", "_ZNSirsERd", "_ZNSi10_M_extractIdEERSiRT_",
                 "_FortranAioInputReal64", "_FortranAioBeginExternalListInput",
                 "_ZNSt7__cxx114stodERKNS_12basic_stringIcSt11char_traitsIcESaIcEEEPm",
                 "_ZSt29_Rb_tree_insert_and_rebalancebPSt18_Rb_tree_node_baseS0_RS_",
                 "my_print", "_ZN5mycrate5print17h0123456789abcdefE")


@pytest.mark.parametrize("name", sorted(_ALLOCATORS))
def test_allocators_and_their_size_alignment_and_count_arguments(name):
    found = L.allocator(name)
    size, alignment, *count = _ALLOCATORS[name]
    assert found is not None and (found.size_index, found.alignment_index) == (size, alignment)
    assert found.count_index == (count[0] if count else None)


@pytest.mark.parametrize("name", _DEALLOCATORS)
def test_deallocators(name):
    assert L.is_deallocator(name) and L.allocator(name) is None


def test_what_is_no_allocator():
    for name in ("_ZdlPv", "_Znwmm", "_ZnwmPv", "posix_memalign", "realloc", "mallocx"):
        assert L.allocator(name) is None, name      # placement new is no allocation
    assert L.reallocator("__rust_realloc") == (0, 3) and L.reallocator("realloc") == (0, 1)
    assert "posix_memalign" in L.OUT_PARAMETER_ALLOCATORS


@pytest.mark.parametrize("name", _INACTIVE)
def test_inactive(name):
    assert L.is_inactive_function(name)


@pytest.mark.parametrize("name", _NOT_INACTIVE)
def test_functions_writing_floats_are_not_inactive(name):
    assert not L.is_inactive_function(name)


# Input functions: name -> the first argument that receives what is read.
_INPUT = {
    "scanf": 1, "__isoc99_scanf": 1, "sscanf": 2, "__isoc23_fscanf": 2, "fread": 0,
    "fgets": 0, "_ZNSirsERd": 1, "_ZNSi10_M_extractIfEERSiRT_": 1, "_ZNSi3getEPclc": 1,
    "_ZNSi4readEPcl": 1, "_ZNSi6ignoreEv": 1,
    "_ZStrsIcSt11char_traitsIcESaIcEERSt13basic_istreamIT_T0_ES7_RNSt7__cxx1112basic_string"
    "IS4_S5_T1_EE": 1,
    "_ZSt7getlineIcSt11char_traitsIcESaIcEERSt13basic_istreamIT_T0_ES7_RNSt7__cxx1112basic_"
    "stringIS4_S5_T1_EE": 1,
    "_ZNSt15basic_streambufIcSt11char_traitsIcEE9pubsetbufEPcl": 1,
    "_ZNSt15basic_streambufIwSt11char_traitsIwEE5sgetnEPwl": 1,
}


@pytest.mark.parametrize("name", sorted(_INPUT))
def test_input_functions_are_apart_from_inactive_ones(name):
    found = L.input_function(name)
    assert found is not None and found.first_written == _INPUT[name]
    assert not L.is_inactive_function(name)


def test_stream_objects_and_their_constructors():
    for name in ("_ZNSt7__cxx1118basic_stringstreamIcSt11char_traitsIcESaIcEED1Ev",
                 "_ZNSt14basic_ifstreamIcSt11char_traitsIcEEC1EPKcSt13_Ios_Openmode",
                 "_ZNSt13basic_filebufIcSt11char_traitsIcEE5closeEv",
                 "_ZNSt15basic_streambufIcSt11char_traitsIcEE5sputnEPKcl"):
        assert L.is_inactive_function(name) and L.input_function(name) is None, name
    built = ("_ZNSt13basic_filebufIcSt11char_traitsIcEEC1Ev",
             "_ZNSt7__cxx1119basic_istringstreamIcSt11char_traitsIcESaIcEEC1ERKNS_12basic_"
             "stringIcS2_S3_EESt13_Ios_Openmode")
    for name in built:
        assert L.LIBRARY_OBJECT_CONSTRUCTOR.match(name), name
    for name in ("_ZNSt13basic_filebufIcSt11char_traitsIcEED1Ev",      # not a constructor
                 "_ZNSt13basic_filebufIcSt11char_traitsIcEEC2Ev",      # a base's: derived
                 "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEC1EPKcRKS3_"):
        assert not L.LIBRARY_OBJECT_CONSTRUCTOR.match(name), name


def test_fortran_runtime():
    assert L.fortran_reduction("_FortranASumReal8") == ("sum", "double")
    assert L.fortran_reduction("_FortranADotProductReal4") == ("dot_product", "float")
    assert "matmul" in L.refused_runtime("_FortranAMatmulReal8Real8")
    assert L.is_inactive_function("_FortranASumInteger4")
    assert not L.is_inactive_function("_FortranASumReal8")


def test_blas_routines():
    assert L.differentiable_blas("cblas_dgemm") == ("gemm", "double", "cblas")
    assert L.differentiable_blas("sdot_") == ("dot", "float", "fortran")
    assert L.differentiable_blas("cblas_dger") is None and L.blas_routine("dger_") is not None
    assert L.blas_written_argument("cblas_dgemm") == 12      # C, after the layout
    assert L.blas_written_argument("dgemv_") == 9            # y; Fortran has no layout
    assert L.blas_written_argument("cblas_ddot") is None
    assert L.differentiable_blas("dsymv_") == ("symv", "double", "fortran")
    assert L.blas_written_argument("dsymv_") == 8            # y
    assert L.differentiable_blas("cblas_ssyr2") is None and L.blas_written_argument("dsyr2_") == 7
    assert L.differentiable_blas("ssyrk_") == ("syrk", "float", "fortran")
    assert L.blas_written_argument("cblas_dsyrk") == 9        # C
    assert L.differentiable_blas("dsymm_") is None and L.differentiable_blas("dsyr2k_") is None
    assert L.differentiable_blas("cblas_strsm") == ("trsm", "float", "cblas")
    assert L.blas_written_argument("dtrsm_") == 9            # B
    for name in ("cblas_dtrmm", "dpotrf_", "zgemm_", "cblas_dger", "idamax_", "dsyr2_",
                 "cblas_zsymv", "zsyrk_", "cblas_dsymm", "dsyr2k_", "ztrsm_"):
        assert L.blas_without_rule(name), name
    for name in ("cblas_ddot", "sgemm_", "scale", "dot_"):
        assert not L.blas_without_rule(name), name


def test_mpi():
    assert L.mpi_rule("MPI_Reduce")[4] == "op" and L.mpi_rule("MPI_Gather") is None
    for name in ("MPI_Init", "MPI_Comm_rank", "MPI_Comm_size", "MPI_Barrier", "MPI_Wtime",
                 "MPI_Finalize", "MPI_Op_create"):
        assert L.is_inactive_function(name) and L.refused_mpi(name) is None, name
    for name in ("MPI_Gather", "MPI_Isend", "MPI_Sendrecv", "MPI_Ssend", "PMPI_Send"):
        assert L.refused_mpi(name) and not L.is_inactive_function(name), name
    for name in ("MPI_Bcast", "MPI_Send", "my_mpi_helper"):
        assert L.refused_mpi(name) is None and not L.is_inactive_function(name), name
    assert L.float_datatype("ompi_mpi_double") == "double"
    assert L.float_datatype("ompi_mpi_float") == "float"
    assert L.float_datatype("ompi_mpi_byte") is None and not L.carries_no_derivative(
        "ompi_mpi_byte") and L.carries_no_derivative("ompi_mpi_int")
    assert L.reduction_op("ompi_mpi_op_sum") == "sum" and L.reduction_op("ompi_mpi_op_max") == \
        "max" and L.reduction_op("ompi_mpi_double") is None


def test_math_functions():
    assert L.math_function("llvm.sin.f64") == "sin" and L.math_function("cosf") == "cos"
    assert L.math_function("_ZGVdN4v_exp") == "exp" and L.math_function("sinc") is None
    assert L.COMPLEX_FUNCTIONS["__muldc3"] == "mul" and L.COMPLEX_FUNCTIONS["cexpf"] == "exp"


# -- the catalog is the only place -----------------------------------------------------------
# Modules outside the catalog that may hold several library names in one
# literal, and why: they declare what the tool itself emits, they know nothing.
_EMITTING = {"ad/tape.py": "prototypes of the C functions the tape and shadows call"}


def _knows(name: str) -> bool:
    """Is `name` one the catalog classifies (a library function or intrinsic)?"""
    return (L.allocator(name) is not None or L.is_deallocator(name)
            or L.reallocator(name) is not None or L.is_inactive_function(name)
            or L.math_function(name) is not None or name in L.COMPLEX_FUNCTIONS
            or name in L.OUT_PARAMETER_ALLOCATORS or L.fortran_reduction(name) is not None
            or L.refused_runtime(name) is not None or L.blas_routine(name) is not None
            or L.blas_without_rule(name) is not None
            or L.mpi_rule(name) is not None or L.refused_mpi(name) is not None
            or name.startswith(L.HINT_INTRINSICS + L.WRITING_INTRINSICS + L.PURE_INTRINSICS
                               + L.MASKED_READS + L.MASKED_WRITES + L.DROPPED_INTRINSICS
                               + L.ALLOCA_MARKER_INTRINSICS))


def _is_code(value) -> bool:
    return isinstance(value, (ast.Lambda, ast.Name)) or (
        isinstance(value, ast.Tuple) and any(isinstance(e, ast.Lambda) for e in value.elts))


def _vocabulary(tree):
    """ids of the tuples of the form `sin, cos = map(_f, ("sin", "cos"))`: Python
    names bound to the functions of the same names (ad/rules.py's rule language)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple) and \
                isinstance(node.value, ast.Call):
            names = [t.id for t in node.targets[0].elts if isinstance(t, ast.Name)]
            for arg in node.value.args:
                if isinstance(arg, ast.Tuple) and [getattr(e, "value", None)
                                                   for e in arg.elts] == names:
                    out.add(id(arg))
    return out


def _name_collections(tree):
    """(line, strings) of each set, tuple, list or dict literal (its keys)
    holding two or more strings.  Not counted: a table of code keyed by
    operation (ad/rules.py's RULES: its keys are checked against the
    catalog's by test_rules_check_grads), and the rule language's vocabulary."""
    vocabulary = _vocabulary(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Set, ast.Tuple, ast.List)) and id(node) not in vocabulary:
            items = node.elts
        elif isinstance(node, ast.Dict) and not all(map(_is_code, node.values)):
            items = [k for k in node.keys if k is not None]
        else:
            continue
        strings = [e.value for e in items
                   if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        if len(strings) >= 2:
            yield node.lineno, strings


def test_no_module_but_the_catalog_lists_library_functions():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if path.is_relative_to(CATALOG) or rel in _EMITTING:
            continue
        for line, strings in _name_collections(ast.parse(path.read_text())):
            known = [s for s in strings if _knows(s)]
            if len(known) >= 2:
                found.append(f"enzyme_opt/{rel}:{line}: {known}")
    assert not found, "library names listed outside analysis/library/:\n" + "\n".join(found)


def test_the_check_sees_a_list():
    tree = ast.parse('NAMES = ("printf", "puts")\nOK = ("fadd", "printf")\n'
                     'D = {"malloc": 1, "_ZdlPv": 2}\nR = {"sin": f, "cos": g}\n'
                     'sin, cos = map(_f, ("sin", "cos"))\n')
    flagged = [s for _, s in _name_collections(tree) if sum(map(_knows, s)) >= 2]
    assert flagged == [["printf", "puts"], ["malloc", "_ZdlPv"]]


def test_names_that_begin_otherwise_match_no_pattern():
    """The patterns are compiled only for names that begin as one of them
    can: that set must hold every first character each pattern can match."""
    from enzyme_opt.ir.regex_first import first_chars
    for patterns, first in ((L.INACTIVE_PATTERNS, L.INACTIVE_PATTERN_FIRST),
                            (L.INPUT_PATTERNS, L.INPUT_PATTERN_FIRST)):
        for pattern, *_ in patterns:
            chars = first_chars(pattern.pattern)
            assert chars is not None and chars <= set(first), pattern.pattern
