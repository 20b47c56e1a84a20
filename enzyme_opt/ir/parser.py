"""Textual IR -> model, with the Lark grammar in `grammar/llvm.lark`.

The Lark LALR parser is built once per process and drives `ModuleBuilder`
as an inline transformer, so the model is built while parsing and no parse
tree is ever materialized.  Values may be used before they are defined
(phis, calls to later functions): such uses get a placeholder that is
replaced when the definition arrives; what is never defined is reported
at its first use, with the position of that use.
"""
from __future__ import annotations

import functools
import os
from typing import Optional

from lark import Lark, Transformer, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from ..diagnostics import ParseError
from .module import Module
from .syntax import ModuleSyntax


def _grammar_text() -> str:
    """The grammar of the source tree this package runs from, else the installed one.

    In a checkout (`enzyme_opt/` beside `grammar/`) the checkout's own grammar
    wins, so that running from one clone never parses with another clone's
    grammar through an editable install elsewhere.
    """
    here = os.path.dirname(os.path.abspath(__file__))
    beside = os.path.join(here, "..", "..", "grammar", "llvm.lark")
    if os.path.isfile(beside):
        with open(beside, encoding="utf-8") as f:
            return f.read()
    from importlib.resources import files
    return (files("enzyme_opt.grammar") / "llvm.lark").read_text(encoding="utf-8")


class _Dispatch(Transformer):
    """Forwards Lark's rule callbacks to the ModuleSyntax of the current parse."""

    def __init__(self):
        super().__init__(visit_tokens=False)
        self.target: Optional[ModuleSyntax] = None

    def __default__(self, data, children, meta):
        handler = getattr(self.target, "r_" + data, None)
        if handler is None:       # `_rules` are inlined by Lark, which needs a Tree
            return Tree(data, children, meta)
        return handler(children)


class _LineTracker:
    """Lark post-lexer: remembers the lines of the last two tokens (see ModuleSyntax).

    A post-lexer, unlike lexer callbacks, needs no terminal names up front,
    so the whole parser comes out of Lark's cache in one construction.
    """

    always_accept = ()

    def __init__(self, dispatch: _Dispatch):
        self.dispatch = dispatch

    def process(self, stream):
        dispatch = self.dispatch
        for token in stream:
            target = dispatch.target
            target.prev_line, target.cur_line = target.cur_line, token.line
            target.lookahead_is_label = token.type == "LABEL"
            if token.type == "LABEL_REF":
                target.check_label_ref(token)
            if target.lookahead_is_label:
                target.labels_seen += 1
            yield token


@functools.lru_cache(maxsize=1)
def _parser():
    dispatch = _Dispatch()
    lark = Lark(_grammar_text(), parser="lalr", lexer="contextual", start="module",
                maybe_placeholders=True, transformer=dispatch,
                postlex=_LineTracker(dispatch), cache=_cache_path())
    return lark, dispatch


def _cache_path():
    """Lark's table cache, kept per user and grammar version."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    try:
        os.makedirs(os.path.join(base, "enzyme-opt"), exist_ok=True)
    except OSError:
        return True
    return os.path.join(base, "enzyme-opt", "llvm-grammar.lark-cache")


def parse_module(text: str, filename: str = "<stdin>") -> Module:
    """Parse textual IR; raises ParseError with a clang-style location."""
    lark, dispatch = _parser()
    syntax = ModuleSyntax(text, filename)
    dispatch.target = syntax
    try:
        lark.parse(text)
        syntax.finish()
    except UnexpectedInput as e:
        raise _located(syntax, e) from None
    except ParseError:
        raise
    except LarkError as e:
        raise syntax.error(str(e).splitlines()[0], None) from None
    finally:
        dispatch.target = None
    return syntax.module


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

