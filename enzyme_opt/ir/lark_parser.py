"""Lark's own parser over the grammar: what builds the fused loop's tables
(parser._cached_tables, when they are not cached yet), and what reads input
the fused loop rejects, for Lark's account of what was expected where.

Imported only then: a run that the cached tables serve never loads Lark.
Lark calls the rule methods of the current ModuleSyntax (parser._CURRENT)
as the fused loop does, with its tokens turned into tokens.Token.
"""
from __future__ import annotations

import functools

from . import lark_import  # noqa: F401  (first: Lark without `regex`)
from lark import Lark, Transformer, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from ..diagnostics import ParseError
from .parser import STARTS, _CURRENT, _grammar_text, _watch
from .user_cache import cache_path
from .syntax import ModuleSyntax
from .tokens import Token


class _Dispatch(Transformer):
    """Forwards Lark's rule callbacks to the ModuleSyntax of the current parse."""

    def __init__(self):
        super().__init__(visit_tokens=False)

    def __default__(self, data, children, meta):
        handler = getattr(_CURRENT.target, "r_" + data, None)
        if handler is None:       # `_rules` are inlined by Lark, which needs a Tree
            return Tree(data, children, meta)
        return handler(children)


class _LineTracker:
    """Lark post-lexer that applies `_watch` to each token, made a
    tokens.Token first (what the fused loop hands ModuleSyntax).

    A post-lexer, unlike lexer callbacks, needs no terminal names up front,
    so the whole parser comes out of Lark's cache in one construction.
    """

    always_accept = ()

    def process(self, stream):
        own = Token.from_lark
        for token in stream:
            token = own(token)
            _watch(_CURRENT.target, token)
            yield token


@functools.lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """Lark's own parser: builds the tables, and diagnoses rejected input."""
    return Lark(_grammar_text(), parser="lalr", lexer="contextual", start=list(STARTS),
                maybe_placeholders=True, transformer=_Dispatch(),
                postlex=_LineTracker(), cache=cache_path("lark-cache") or True)


def parse_with_lark(syntax: ModuleSyntax) -> None:
    """Reads syntax.text as a module into `syntax` (parser._CURRENT's
    target) with Lark's loop; its errors become located ParseErrors."""
    try:
        lark_parser().parse(syntax.text, start="module")
    except UnexpectedInput as e:
        raise _located(syntax, e) from None
    except ParseError:
        raise
    except LarkError as e:
        raise syntax.error(str(e).splitlines()[0], None) from None


def _located(syntax: ModuleSyntax, e: UnexpectedInput) -> ParseError:
    earlier = syntax.pending_block_error()
    if earlier is not None:
        return earlier
    if isinstance(e, UnexpectedCharacters):
        ch = syntax.text[e.pos_in_stream] if e.pos_in_stream < len(syntax.text) else ""
        message = f"unexpected character {ch!r}" if ch.strip() else "unexpected input"
        return syntax.error_at(message, e.line, e.column)
    if isinstance(e, UnexpectedEOF):
        return _at_end_of_file(syntax)
    token = getattr(e, "token", None)
    if token is not None and token.type == "$END":
        return _at_end_of_file(syntax)
    expected = sorted(getattr(e, "expected", ()) or ())
    text = repr(str(token)) if token is not None else "input"
    hint = _expected_hint(expected)
    return syntax.error_at(f"unexpected {text}{hint}", e.line, e.column)


def _at_end_of_file(syntax: ModuleSyntax) -> ParseError:
    """At the very end, as llvm-as puts it: after the last newline, the line is empty."""
    lines = syntax.text.split("\n")
    return syntax.error_at("unexpected end of file", len(lines), len(lines[-1]) + 1)


_READABLE = {"LOCAL_VAR": "local value", "GLOBAL_VAR": "global value", "INT": "integer",
             "FLOAT": "floating-point constant", "COMMA": "','", "RBRACE": "'}'",
             "LBRACE": "'{'", "RPAR": "')'", "LPAR": "'('", "EQUAL": "'='", "LABEL": "label",
             "TYPE": "type", "INT_TYPE": "type", "PTR": "type"}


def _expected_hint(expected) -> str:
    names = []
    for name in expected:
        readable = _READABLE.get(name)
        if readable and readable not in names:
            names.append(readable)
    if not names or len(expected) > 12:
        return ""
    return "; expected " + " or ".join(names[:4])

