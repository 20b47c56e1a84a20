"""Which characters can begin a match of a regular expression.

The fused parser (lalr.py) tries only the terminals that can start with the
character at hand.  The answer must never leave a character out; it may put
one in that cannot begin a match.  `None` means any character may, and is the
answer for whatever this analysis does not understand.  It reads Python's own
parse of the pattern (`re._parser`), which is private, so it runs only when
the parser's tables are built, never per input.
"""
from __future__ import annotations

from typing import FrozenSet, Optional, Tuple

try:
    from re import _constants as _c, _parser as _sre_parse
except ImportError:                       # Python < 3.11
    import sre_constants as _c
    import sre_parse as _sre_parse

_MAX_CHARS = 256          # larger classes count as "any character"
_REPEATS = {_c.MAX_REPEAT, _c.MIN_REPEAT} | ({_c.POSSESSIVE_REPEAT}
                                          if hasattr(_c, "POSSESSIVE_REPEAT") else set())

First = Tuple[Optional[FrozenSet[str]], bool]      # (first characters, can match empty)


def first_chars(regex: str) -> Optional[FrozenSet[str]]:
    try:
        parsed = _sre_parse.parse(regex)
        if parsed.state.flags & _c.SRE_FLAG_IGNORECASE:
            return None
        chars, empty = _sequence(parsed.data)
    except Exception:       # a construct this analysis does not know
        return None
    return None if empty else chars


def _sequence(items) -> First:
    chars: set = set()
    for op, arg in items:
        first, empty = _item(op, arg)
        if first is None:
            return None, False
        chars |= first
        if not empty:
            return frozenset(chars), False
    return frozenset(chars), True


def _item(op, arg) -> First:
    if op is _c.LITERAL:
        return frozenset(chr(arg)), False
    if op is _c.IN:
        return _char_class(arg), False
    if op is _c.SUBPATTERN:
        group, add_flags, del_flags, pattern = arg
        if add_flags & _c.SRE_FLAG_IGNORECASE:
            return None, False
        return _sequence(pattern.data)
    if op is _c.BRANCH:
        chars, any_empty = set(), False
        for pattern in arg[1]:
            first, empty = _sequence(pattern.data)
            if first is None:
                return None, False
            chars |= first
            any_empty = any_empty or empty
        return frozenset(chars), any_empty
    if op in _REPEATS:
        low, _, pattern = arg
        first, empty = _sequence(pattern.data)
        return first, empty or low == 0
    if op is _c.AT or op is _c.ASSERT or op is _c.ASSERT_NOT:
        return frozenset(), True          # zero width: look further
    return None, False


# `\s` of a str pattern is str.isspace(), whose last character is U+3000.
_SPACES = frozenset(chr(c) for c in range(0x3001) if chr(c).isspace())


def _char_class(members) -> Optional[FrozenSet[str]]:
    chars = set()
    for op, arg in members:
        if op is _c.LITERAL:
            chars.add(chr(arg))
        elif op is _c.RANGE and arg[1] - arg[0] < _MAX_CHARS:
            chars.update(chr(c) for c in range(arg[0], arg[1] + 1))
        elif op is _c.CATEGORY and arg is _c.CATEGORY_SPACE:
            chars |= _SPACES
        else:                       # NEGATE, \d and \w (Unicode), wide ranges
            return None
    return frozenset(chars) if len(chars) <= _MAX_CHARS else None
