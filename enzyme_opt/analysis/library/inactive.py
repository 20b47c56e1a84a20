"""Functions known to pass no derivative on: a call of one is not differentiated.

A function belongs here only when it cannot carry a derivative from a float
the caller differentiates to a float the caller later reads, in either
direction.  Output does read floats (printf("%g", x), `std::cout << x`,
Rust's `println!`, Fortran's `print`), but only to print them; string,
locale and hashing code works on characters and integers, which carry no
derivative (a number printed and parsed back is piecewise constant).
Functions that *write* floats from outside (scanf, `std::cin >> x`,
`_FortranAioInputReal64`) are deliberately absent: the floats they
overwrite must lose their adjoints, so they stay unknown and are refused.

Two groups, as memory analysis needs to tell them apart:
- NO_VISIBLE_WRITES: C functions that write no memory of the caller's
  (besides what they return and their own hidden state, a FILE's buffer);
- the rest, which may write their own objects (an ostream's state, a
  string's characters, a Fortran I/O statement's cookie): memory analysis
  treats them as writing anything.

Mangled C++ and Rust names are matched by pattern over the Itanium (`_Z`)
and Rust (legacy `_ZN...17h<hash>E`, v0 `_R...`) manglings.
"""
from __future__ import annotations

import re

NO_VISIBLE_WRITES = frozenset((
    # C output
    "printf", "fprintf", "puts", "putchar", "fputs", "fputc", "fflush",
    # process, time and assertions
    "exit", "abort", "time", "clock", "__assert_fail",
    # integers and characters only
    "strlen", "strcmp", "abs", "labs", "llabs",
))

INACTIVE_FUNCTIONS = NO_VISIBLE_WRITES | frozenset((
    "sprintf", "snprintf", "fwrite", "fopen", "fclose", "perror", "assert", "rand", "srand",
    # the C++ exception and unwinding runtime
    "_Unwind_Resume", "__gxx_personality_v0",
))

# (pattern, what it matches).  Patterns are matched at the start of the name.
INACTIVE_PATTERNS = tuple((re.compile(p), why) for p, why in (
    # -- C++ (Itanium mangling) ---------------------------------------------
    (r"__cxa_", "the C++ ABI runtime: guards, exceptions, atexit"),
    (r"_ZSt\d+__throw_", "std::__throw_bad_alloc and kin (they only throw)"),
    (r"_ZSt9terminatev\Z", "std::terminate"),
    (r"_ZSt16__ostream_insertI[cw]St11char_traitsI[cw]EE",
     "std::__ostream_insert: writes characters to a stream"),
    (r"_ZNSo|_ZNKSo|_ZNSt13basic_ostreamI[cw]|_ZNKSt13basic_ostreamI[cw]",
     "std::ostream's members: operator<< of numbers, put, flush, sentry"),
    (r"_ZStlsI", "std::operator<< templates (characters, strings, std::complex) into a stream"),
    (r"_ZSt4endlI[cw]|_ZSt5flushI[cw]", "std::endl, std::flush"),
    (r"_ZNSt8ios_base|_ZNKSt8ios_base|_ZNSt9basic_iosI[cw]|_ZNKSt9basic_iosI[cw]",
     "stream state: ios_base::Init, setstate, clear, fill, widen"),
    (r"_ZNK?St5ctypeI[cw]E", "std::ctype<char>: widen, narrow"),
    (r"_ZNK?St6locale", "std::locale's constructors, destructor and members"),
    (r"_ZNK?St7__cxx1112basic_stringI([cw])St11char_traitsI\1ESaI\1EE",
     "std::string's members: construction, destruction, length, append, compare"),
    (r"_ZNK?St7__cxx1119basic_ostringstreamI[cw]|_ZNK?St7__cxx1115basic_stringbufI[cw]",
     "std::ostringstream and its buffer: writes characters"),
    (r"_ZStplI([cw])St11char_traitsI\1ESaI\1EENSt7__cxx1112basic_string",
     "operator+ of strings"),
    (r"_ZNSt7__cxx119to_stringE|_ZN9__gnu_cxx12__to_xstringI",
     "std::to_string, and the vsnprintf-based helper it inlines to"),
    (r"_ZNK?St11char_traitsI[cw]E", "std::char_traits<char>: length, copy, compare"),
    (r"_ZNK?SaI[cw]E|_ZNK?St15__new_allocatorI[cw]E|_ZNK?9__gnu_cxx13new_allocatorI[cw]E",
     "std::allocator<char>: its constructor and destructor"),
    (r"_ZNKSt8__detail20_Prime_rehash_policy", "hash tables' bucket counts (integers)"),
    (r"_ZSt11_Hash_bytes|_ZSt15_Fnv_hash_bytes", "hashing of bytes to an integer"),
    # -- Rust (legacy and v0 manglings) -------------------------------------
    (r"_ZN3std2io5stdio(6_print|7_eprint)17h[0-9a-f]{16}E\Z", "std::io::_print, _eprint (println!)"),
    (r"_R\w*3std2io5stdio(6_print|7_eprint)\Z", "std::io::_print in the v0 mangling"),
    (r"_ZN4core3fmt\d|_R\w*NtCs\w+_4core3fmt",
     "core::fmt: building the arguments of println! and formatting them into characters"),
    # -- Fortran (flang's runtime) ------------------------------------------
    (r"_FortranAio(?!\w*Input)\w+\Z",
     "flang's I/O statements other than input: print, write, their items"),
    (r"_FortranA(StopStatement|StopStatementText|ProgramStart|ProgramEndStatement|"
     r"Exit|Abort|ReportFatalUserError)\Z", "stop, program start and end"),
    (r"_FortranA(Sum|Product|Maxval|Minval|DotProduct)(Integer|Logical|Unsigned)\d+\Z|"
     r"_FortranA(Any|All|Count|Maxloc|Minloc)\w*\Z",
     "integer and logical reductions, and locations: integers carry no derivative"),
))


def inactive_pattern(name: str):
    """The description of the pattern `name` matches, or None."""
    for pattern, why in INACTIVE_PATTERNS:
        if pattern.match(name):
            return why
    return None


def is_inactive_function(name: str) -> bool:
    return name in INACTIVE_FUNCTIONS or inactive_pattern(name) is not None
