"""Inline metadata nested deeper than the grammar's regular expressions reach.

The metadata terminals (`!{...}`, `!DINode(...)`, `!7 = ...`, attachments)
are regular expressions, which match brackets only to a fixed depth (16
inside metadata definitions, 4 in attachments).  LLVM has no such limit.
When an expression fails, or stops short of an attachment, the scanners
here find the closing bracket by counting, and make the token the
expression would have made.  The text is kept as written, as for any
metadata; LLVM checks it with the rest of the module.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Tuple

from .compiled_regex import LazyPattern, compile_cached

_STOP = LazyPattern(r'[{}()";\n]')
_NAME = r'![-a-zA-Z$._\\][-a-zA-Z$._0-9\\]*'
_NODE_OPEN = compile_cached(r'![A-Za-z_][A-Za-z0-9_]*\(')
_REF = LazyPattern(r'![0-9]+')
_DEF_HEAD = compile_cached(r'![0-9]+[ \t]*=[ \t]*(?:distinct[ \t]+)?')
_FN_HEAD = LazyPattern(_NAME + r'[ \t]+')
_LIST_HEAD = compile_cached(r',[ \t\r\n]*' + _NAME + r'[ \t\r\n]+')
_SPLIT_HEAD = LazyPattern(r'[, \t\r\n]*!([-a-zA-Z$._\\][-a-zA-Z$._0-9\\]*)[ \t\r\n]+')
_PAIRS = {"{": "}", "(": ")"}


class Span:
    """What the lexer uses of a regular-expression match."""

    __slots__ = ("_text", "_start", "_end")

    def __init__(self, text: str, start: int, end: int):
        self._text, self._start, self._end = text, start, end

    def group(self) -> str:
        return self._text[self._start:self._end]

    def end(self) -> int:
        return self._end


def closing(text: str, pos: int, end: int, lines: bool) -> Optional[int]:
    """The offset after the bracket that closes the one at `pos`; None if
    it is not closed (before `end`, or before a newline unless `lines`)."""
    stack = [_PAIRS[text[pos]]]
    pos += 1
    while True:
        m = _STOP.search(text, pos, end)
        if m is None:
            return None
        c, pos = m.group(), m.end()
        if c == '"':
            close = text.find('"', pos, end)
            if close < 0:
                return None
            pos = close + 1
        elif c == ";" or c == "\n":
            if not lines:
                return None
            if c == ";":
                newline = text.find("\n", pos, end)
                pos = end if newline < 0 else newline
        elif c in _PAIRS:
            stack.append(_PAIRS[c])
        elif c != stack.pop():
            return None
        elif not stack:
            return pos


def value_end(text: str, pos: int, end: int, lines: bool, refs: bool) -> Optional[int]:
    """The end of the metadata value at `pos`: `!{...}`, `!Node(...)`, or
    (with `refs`) `!N`."""
    if text.startswith("!{", pos):
        return closing(text, pos + 1, end, lines)
    m = _NODE_OPEN.match(text, pos, end)
    if m is not None:
        return closing(text, m.end() - 1, end, lines)
    m = _REF.match(text, pos, end) if refs else None
    return m.end() if m is not None else None


def _tuple(text, pos, end):
    stop = closing(text, pos + 1, end, True) if text.startswith("!{", pos) else None
    return None if stop is None else Span(text, pos, stop)


def _node(text, pos, end):
    m = _NODE_OPEN.match(text, pos, end)
    stop = None if m is None else closing(text, m.end() - 1, end, True)
    return None if stop is None else Span(text, pos, stop)


def _definition(text, pos, end):
    m = _DEF_HEAD.match(text, pos, end)
    stop = None if m is None else value_end(text, m.end(), end, True, False)
    return None if stop is None else Span(text, pos, stop)


def _fn_attachment(text, pos, end):
    m = _FN_HEAD.match(text, pos, end)
    stop = None if m is None else value_end(text, m.end(), end, False, True)
    return None if stop is None else Span(text, pos, stop)


def _attachments(text, pos, end):
    """`, !kind value` repeated (one at least)."""
    stop = pos
    while True:
        m = _LIST_HEAD.match(text, stop, end)
        after = None if m is None else value_end(text, m.end(), end, False, True)
        if after is None:
            return None if stop == pos else Span(text, pos, stop)
        stop = after


def _or_counted(regex_match: Callable, counted: Callable, always: bool) -> Callable:
    """The expression's match, else the counted one; with `always`, also
    where the expression's match stops before another attachment."""
    if always:
        def match(text, pos, end):
            m = regex_match(text, pos, end)
            if m is None or _LIST_HEAD.match(text, m.end(), end):
                return counted(text, pos, end)
            return m
        return match

    def fallback(text, pos, end):
        m = regex_match(text, pos, end)
        return m if m is not None else counted(text, pos, end)
    return fallback


_COUNTED: Dict[str, Tuple[Callable, bool]] = {
    "MD_TUPLE": (_tuple, False), "MD_NODE": (_node, False),
    "METADATA_DEF": (_definition, False), "FN_MD_ATTACHMENT": (_fn_attachment, False),
    "MD_ATTACHMENTS": (_attachments, True)}


def deep_matchers() -> Dict[str, Callable]:
    """terminal -> a function turning its regex's match function into one
    that also reads deeper nesting (for FusedParser's `deep`)."""
    return {name: (lambda regex_match, c=counted, a=always: _or_counted(regex_match, c, a))
            for name, (counted, always) in _COUNTED.items()}


def split_attachments(text: str) -> List[Tuple[str, str]]:
    """`, !dbg !7, !foo !{!{...}}` -> [("dbg", "!7"), ("foo", "!{!{...}}")]."""
    pairs, pos, end = [], 0, len(text)
    while True:
        m = _SPLIT_HEAD.match(text, pos, end)
        stop = None if m is None else value_end(text, m.end(), end, False, True)
        if stop is None:
            return pairs
        pairs.append((m.group(1), text[m.end():stop]))
        pos = stop
