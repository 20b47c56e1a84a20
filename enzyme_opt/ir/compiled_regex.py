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
"""
from __future__ import annotations

import re
from typing import Optional, Tuple

try:
    import _sre
except ImportError:                  # not CPython: no compiled forms
    _sre = None


def compiled_form(regex: str) -> Optional[Tuple]:
    """The arguments of `_sre.compile` for `regex`, or None."""
    try:
        from re import _compiler, _parser
        parsed = _parser.parse(regex, 0)
        code = _compiler._code(parsed, 0)
        state = parsed.state
        index_group = [None] * state.groups
        for name, index in state.groupdict.items():
            index_group[index] = name
        # Opcodes are named int subclasses: kept as plain ints.
        form = (regex, int(state.flags), list(map(int, code)), state.groups - 1,
                dict(state.groupdict), tuple(index_group))
        if _sre.compile(*form) == re.compile(regex):
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
        compiled = re.compile(self.pattern, self.flags)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)
