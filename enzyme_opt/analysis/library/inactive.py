"""Functions known to pass no derivative on: a call of one is not differentiated.

A function belongs here only when it cannot carry a derivative from a float
the caller differentiates to a float the caller later reads, in either
direction.  Output does read floats (printf("%g", x), `std::cout << x`,
Rust's `println!`, Fortran's `print`), but only to print them; string,
locale and hashing code works on characters and integers, which carry no
derivative (a number printed and parsed back is piecewise constant).
Functions that *write* what they read from outside (scanf, `std::cin >> x`,
`std::getline`, `fread`) are not inactive: they are *input functions*
(INPUT_PATTERNS), apart.  What they store carries no derivative either, but
it overwrites memory whose adjoint would then be stale: the AD refuses such
a call where it may write memory that has a shadow, and memory that only
input functions write (and no derivative reaches) needs no shadow.  Which
arguments receive the input is known per function (`first_written`); the
arguments before it are the stream object itself (or scanf's format), whose
own state holds no floats.

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
from typing import NamedTuple, Optional

from ...ir.compiled_regex import LazyPattern
from .mpi import is_mpi_inactive

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

# The characters that names the patterns below can match begin with (a test
# derives them from the patterns): other names are matched by none of them.
INACTIVE_PATTERN_FIRST = ("_",)
INPUT_PATTERN_FIRST = ("_", "f", "g", "s")

# (pattern, what it matches).  Patterns are matched at the start of the name.
INACTIVE_PATTERNS = tuple((LazyPattern(p), why) for p, why in (
    # -- C++ (Itanium mangling) ---------------------------------------------
    (r"__cxa_", "the C++ ABI runtime: guards, exceptions, atexit"),
    # -- ThreadSanitizer (its memcpy is a memcpy: intrinsics.py) -------------
    (r"__tsan_(?:unaligned_)?(?:read|write)(?:\d+|_range)(?:_pc)?\Z|__tsan_func_(?:entry|exit)\Z"
     r"|__tsan_vptr_(?:read|update)\Z",
     "ThreadSanitizer's record of an access or a call: its own state only"),
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
    (r"_ZNK?St7__cxx11(18basic_stringstream|19basic_[io]stringstream|15basic_stringbuf)I[cw]",
     "string streams and their buffer: construction, destruction, str(); they hold characters"),
    (r"_ZNK?St(13basic_fstream|14basic_[io]fstream|13basic_filebuf|12__basic_file)I[cw]",
     "file streams and their buffers: open, close, is_open, rdbuf; they hold characters"),
    (r"_ZNK?St15basic_streambufI[cw]",
     "std::streambuf's members other than input (sputn, pubsync): characters out"),
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



class InputFunction(NamedTuple):
    first_written: int      # the pointer arguments from this one on receive the input
    what: str


# (pattern, first written argument, what it matches): functions storing what
# they read (characters, parsed numbers, file bytes) through their pointer
# arguments.  Matched at the start of the name, before INACTIVE_PATTERNS
# (std::streambuf's sgetn is input, its other members are not).
INPUT_PATTERNS = tuple((LazyPattern(p), first, why) for p, first, why in (
    (r"(__isoc\d\d_)?scanf\Z", 1, "scanf: into the arguments after the format"),
    (r"(__isoc\d\d_)?[sf]scanf\Z", 2, "sscanf, fscanf: into the arguments after the format"),
    (r"(fread|fgets|getline|getdelim)\Z", 0, "fread, fgets, getline: into the buffer"),
    (r"_ZNK?Si|_ZNK?St13basic_istreamIwSt11char_traitsIwEE",
     1, "std::istream's members: >>, get, getline, read, ignore, sentry"),
    (r"_ZNK?St14basic_iostreamI[cw]", 1, "std::iostream's constructors and destructor"),
    (r"_ZStrsI|_ZSt7getlineI|_ZSt2wsI", 1, "std::operator>>, std::getline, std::ws"),
    (r"_ZNSt15basic_streambufI([cw])St11char_traitsI\1EE(5sgetn|9pubsetbuf)",
     1, "std::streambuf::sgetn, and pubsetbuf (the buffer it is given is written later)"),
))


# The complete-object constructors (C1) of the library's stream and stream
# buffer classes: an object one of them built has exactly that class, so a
# call through its vtable reaches the library's own virtual members.
LIBRARY_OBJECT_CONSTRUCTOR = LazyPattern(
    r"_ZNSt(7__cxx11)?\d+(basic_\w*(?:stream|buf)|__basic_file)I([cw])St11char_traitsI\3E"
    r"(SaI\3E)?EC1E")

# Which virtual member a call through such an object's vtable reaches, by
# the byte offset of its slot (x86-64, libstdc++).  A stream's vtable holds
# its two destructors only; a stream buffer's holds std::basic_streambuf's
# virtual members in declaration order: the destructors, imbue, setbuf,
# seekoff, seekpos, sync, showmanyc, xsgetn, underflow, uflow, pbackfail,
# xsputn, overflow.  They move characters, positions and counts; setbuf
# and xsgetn store into a buffer they are given (setbuf: later), the
# others store nothing of the caller's.  A slot not listed is unknown.
STREAM_VIRTUAL_SLOTS = 2
STREAMBUF_VIRTUAL_SLOTS = 14
STREAMBUF_VIRTUAL_INPUT = {
    24: InputFunction(1, "std::streambuf::setbuf, virtual: the buffer it is given is "
                         "written later"),
    64: InputFunction(1, "std::streambuf::xsgetn, virtual: into the buffer"),
}
UNKNOWN_VIRTUAL_MEMBER = InputFunction(
    1, "a virtual member of a library stream object: it stores characters at most")


def library_virtual_member(constructor: str, offset):
    """What the virtual member at byte `offset` of the vtable of an object
    built by `constructor` (a LIBRARY_OBJECT_CONSTRUCTOR) does: None when
    it stores nothing of the caller's, else the InputFunction it is."""
    is_buffer = re.search(r"\d+(basic_\w*buf|__basic_file)I", constructor) is not None
    slots = STREAMBUF_VIRTUAL_SLOTS if is_buffer else STREAM_VIRTUAL_SLOTS
    if offset is None or offset % 8 or not 0 <= offset < 8 * slots:
        return UNKNOWN_VIRTUAL_MEMBER
    return STREAMBUF_VIRTUAL_INPUT.get(offset) if is_buffer else None


def input_function(name: str) -> Optional[InputFunction]:
    """What `name` reads into, if it is an input function."""
    if not name.startswith(INPUT_PATTERN_FIRST):
        return None
    for pattern, first, why in INPUT_PATTERNS:
        if pattern.match(name):
            return InputFunction(first, why)
    return None


def inactive_pattern(name: str):
    """The description of the pattern `name` matches, or None."""
    if not name.startswith(INACTIVE_PATTERN_FIRST) or input_function(name) is not None:
        return None
    for pattern, why in INACTIVE_PATTERNS:
        if pattern.match(name):
            return why
    return None


def is_inactive_function(name: str) -> bool:
    return name in INACTIVE_FUNCTIONS or inactive_pattern(name) is not None or \
        is_mpi_inactive(name)
