"""Regular expressions compiled once per user rather than once per run.

Compiling the grammar's terminals (Python's `re` has no cache across
processes) was a fifth of differentiating a small module.  The parser's
cached tables (lalr.Tables) keep, per terminal, what `re`'s compiler makes
of it: the arguments of `_sre.compile`, the step `re.compile` ends with.
That is CPython's private interface, so the form is kept only if the
pattern it makes here is equal to `re.compile`'s (which compares the
compiled code), the tables are rebuilt for another interpreter (their
cache is keyed by `sys.version`), and anything amiss falls back to
`re.compile`.

The package's own module-level patterns (`compile_cached`, LazyPattern)
are kept the same way, in a cache file of their own per interpreter
version: compiling them was a third of what a run on an empty module adds
to the interpreter's start.
"""
from __future__ import annotations

import marshal
import re
import sys
import zlib
from typing import Dict, Optional, Tuple

from .user_cache import cache_path, write_atomically

try:
    import _sre
except ImportError:                  # not CPython: no compiled forms
    _sre = None


def compiled_form(regex: str, flags: int = 0) -> Optional[Tuple]:
    """The arguments of `_sre.compile` for `regex` with `flags`, or None."""
    try:
        from re import _compiler, _parser
        parsed = _parser.parse(regex, flags)
        code = _compiler._code(parsed, flags)
        state = parsed.state
        index_group = [None] * state.groups
        for name, index in state.groupdict.items():
            index_group[index] = name
        # Opcodes and flags are named int subclasses: kept as plain ints.
        form = (regex, int(flags | state.flags), list(map(int, code)), state.groups - 1,
                dict(state.groupdict), tuple(index_group))
        if _sre.compile(*form) == re.compile(regex, flags):
            return form
    except Exception:               # another `re`: compile as usual
        pass
    return None


def compile_from(regex: str, form: Optional[Tuple]) -> re.Pattern:
    """`re.compile(regex)`, from `form` (compiled_form's) when it serves."""
    if form is not None and form[0] == regex:
        try:
            return _sre.compile(*form)
        except Exception:
            pass
    return re.compile(regex)


# The methods a pattern is used through.
_METHODS = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer")


class LazyPattern:
    """`re.compile(regex, flags)`, compiled when first used: for the module
    level patterns of what most runs never meet (BLAS names, diagnostics,
    bitcode, LLVM 14's forms), whose compiling at import was a few
    milliseconds of every start-up.  Used through its methods only; after
    the first use they are the compiled pattern's own."""

    def __init__(self, regex: str, flags: int = 0):
        self.pattern, self.flags = regex, flags

    def __getattr__(self, name: str):
        if name not in _METHODS:
            raise AttributeError(name)
        compiled = compile_cached(self.pattern, self.flags)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


# (regex, flags) -> compiled form of the patterns compile_cached has met, read
# from the cache file at the first call.  Only constants of the package's own
# code are compiled through it: patterns made from input would grow the
# file without end (FORMS_KEPT bounds it all the same).
_forms: Optional[Dict[Tuple[str, int], Optional[Tuple]]] = None
_forms_path: Optional[str] = None        # None: no cache directory to keep them in
FORMS_KEPT = 500


def _forms_file() -> Optional[str]:
    """The cache file of this interpreter's forms (its version and its
    regular expression engine's, whose code the forms are)."""
    if _sre is None:
        return None
    made_by = f"{sys.version}\0{_sre.MAGIC}\0{_sre.CODESIZE}".encode()
    return cache_path(f"regex-{zlib.crc32(made_by):08x}.forms")


def _known_forms() -> Dict[Tuple[str, int], Optional[Tuple]]:
    global _forms, _forms_path
    if _forms is None:
        _forms, _forms_path = {}, _forms_file()
        if _forms_path is not None:
            try:
                with open(_forms_path, "rb") as f:
                    forms = marshal.loads(f.read())
                if isinstance(forms, dict):
                    _forms = forms
            except (OSError, TypeError, ValueError, EOFError):    # none yet, or damaged
                pass
    return _forms


def compile_cached(regex: str, flags: int = 0) -> re.Pattern:
    """`re.compile(regex, flags)` for a constant pattern of the package's:
    from its compiled form, kept per user once it has been compiled (None
    kept for a pattern that has no form here)."""
    forms, key = _known_forms(), (regex, int(flags))
    if key in forms:
        form = forms[key]
        if form is not None and form[0] == regex:
            try:
                return _sre.compile(*form)
            except Exception:          # a damaged entry: compiled as usual
                pass
        return re.compile(regex, flags)
    compiled = re.compile(regex, flags)
    # Without a cache directory the form would only be made again next run.
    if _forms_path is not None and len(forms) < FORMS_KEPT:
        forms[key] = compiled_form(regex, flags)
        write_atomically(_forms_path, marshal.dumps(forms))
    return compiled
