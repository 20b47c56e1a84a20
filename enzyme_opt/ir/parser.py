"""Textual IR -> model, with the Lark grammar in `grammar/llvm.lark`.

The tables of the Lark LALR parser are built once per user and cached; a
fused loop over them (lalr.py) drives `ModuleSyntax` rule by rule, so the
model is built while parsing and no parse tree is ever materialized.  Lark
itself (lark_parser.py) is imported only to build the tables or to
diagnose input the fused loop rejects.
Values may be used before they are defined (phis, calls to later
functions): such uses get a placeholder that is replaced when the
definition arrives; what is never defined is reported at its first use,
with the position of that use.

A lazy parse keeps each function body as text (the grammar's LAZY_BODY)
and reads it only when something asks for the function's blocks: reading
and writing a module that LLVM has already checked need not model the
code nobody changes.
"""
from __future__ import annotations

import functools
import gc
import importlib.util
import os
import sys
import zlib
from typing import Optional

from ..diagnostics import ParseError
from .deep_metadata import deep_matchers
from . import lalr
from .lalr import MAX_STACK, FusedParser, Rejected, Tables, TooDeep, rule_callbacks
from .module import Module
from .names import parse_identifier
from . import compiled_regex
from .compiled_regex import LazyPattern
from .syntax import ModuleSyntax
from .user_cache import cache_path, write_atomically


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


class _Current:
    """The ModuleSyntax of the parse under way, which the rule callbacks
    (ours, and Lark's through lark_parser.py) build into."""

    __slots__ = ("target",)

    def __init__(self):
        self.target: Optional[ModuleSyntax] = None


_CURRENT = _Current()


def _watch(target: ModuleSyntax, token) -> None:
    """What ModuleSyntax learns from each token as it is lexed: the lines of
    the last two tokens, and labels (see ModuleSyntax)."""
    target.prev_line, target.cur_line = target.cur_line, token.line
    is_label = target.lookahead_is_label = token.type == "LABEL"
    if is_label:
        target.labels_seen += 1
    elif token.type == "LABEL_REF":
        target.check_label_ref(token)


# A whole module, and a function body read on its own (a lazy parse's).
STARTS = ("module", "function_body")


@functools.lru_cache(maxsize=1)
def _callbacks() -> dict:
    def node_for(name):
        handler = getattr(ModuleSyntax, "r_" + name, None)
        if handler is None:
            return None
        return lambda children: handler(_CURRENT.target, children)
    return rule_callbacks(_cached_tables(), node_for)


@functools.lru_cache(maxsize=1)
def _fused() -> FusedParser:
    return FusedParser(_cached_tables(), _callbacks(), _watch, deep=deep_matchers())


@functools.lru_cache(maxsize=1)
def _fused_lazy() -> FusedParser:
    """The same parser, but a function body becomes one LAZY_BODY token."""
    return FusedParser(_cached_tables(), _callbacks(), _watch,
                       made={"LAZY_BODY": _body_up_to_brace}, deep=deep_matchers())


class _BodyMatch:
    """What `_body_up_to_brace` found, as a regular expression match is read."""

    __slots__ = ("text", "stop")

    def __init__(self, text: str, stop: int):
        self.text, self.stop = text, stop

    def group(self) -> str:
        return self.text

    def end(self) -> int:
        return self.stop


# In a body, braces stand in pairs (types, constants, inline metadata),
# except in strings and comments; names cannot hold them.
_BRACE_OR_SKIPPED = LazyPattern(r'"[^"]*"|;[^\n]*|[{}]')


def _body_up_to_brace(text: str, pos: int, end: int) -> Optional[_BodyMatch]:
    """text[pos:] up to the brace that closes the function body, or None."""
    depth = 0
    for m in _BRACE_OR_SKIPPED.finditer(text, pos, end):
        brace = m.group()
        if brace == "{":
            depth += 1
        elif brace == "}":
            if not depth:
                stop = m.start()
                return _BodyMatch(text[pos:stop], stop) if stop > pos else None
            depth -= 1
    return None


# The grammar's GLOBAL_VAR.
_GLOBAL_NAME = LazyPattern(r'@(?:[-a-zA-Z$._][-a-zA-Z$._0-9]*|[0-9]+|"[^"]*")')


class LazyBody:
    """A function body kept as text by a lazy parse, and how to read it."""

    __slots__ = ("syntax", "token")

    def __init__(self, syntax: ModuleSyntax, token):
        self.syntax, self.token = syntax, token

    @property
    def span(self):
        """Where the body is in the module's text: (start, end) offsets."""
        return self.token.start_pos, self.token.end_pos

    @property
    def text(self) -> str:
        """The body as written, from the indentation of its first line."""
        source, start = self.syntax.text, self.token.start_pos
        line_start = source.rfind("\n", 0, start) + 1
        if not source[line_start:start].strip():
            start = line_start
        return source[start:self.token.end_pos]

    def global_names(self) -> set:
        """The names of the globals the body's text spells (`@f`, `@"a b"`)."""
        return {parse_identifier(t) for t in
                _GLOBAL_NAME.findall(self.syntax.text, self.token.start_pos, self.token.end_pos)}

    def materialize(self, fn) -> None:
        syntax, token = self.syntax, self.token
        collecting = gc.isenabled()
        gc.disable()
        outer, _CURRENT.target = _CURRENT.target, syntax
        try:
            syntax.enter_body(fn)
            try:
                _fused().parse(syntax.text, syntax, "function_body", token.start_pos,
                               token.end_pos, token.line)
            except Rejected:
                # Our grammar refuses what LLVM read: Lark's diagnosis, from
                # an eager parse of the whole module.
                _parse(syntax.text, syntax.filename, fused=False)
                raise syntax.error(f"cannot read the body of @{fn.name}", token) from None
            except TooDeep as e:
                raise _too_deep(syntax, e) from None
            syntax.leave_body()
        finally:
            _CURRENT.target = outer
            if collecting:
                gc.enable()


@functools.lru_cache(maxsize=1)
def _cached_tables() -> Tables:
    """The parser's tables, from the per-user cache when it has this grammar's
    (read once per process: reading them is a tenth of a small run).

    The cache file holds the tables beside everything they were made from
    (`_table_sources`), compared in full when read: its name, a checksum of
    those, only keeps versions apart.
    """
    sources = _table_sources()
    path = cache_path(f"{zlib.crc32(sources.encode('utf-8', 'surrogateescape')):08x}.tables")
    if path is not None:
        try:
            with open(path, "rb") as f:
                made_from, tables = Tables.from_bytes(f.read())
            if made_from == sources:
                return tables
        except Exception:       # absent, unreadable or stale: rebuild it
            pass
    from .lark_parser import lark_parser
    tables = Tables(lark_parser(), STARTS)
    if path is not None:
        write_atomically(path, tables.to_bytes(sources))
    return tables


def _table_sources() -> str:
    """What the tables are made from: the grammar, Lark's release (its
    package's __init__.py, read without importing Lark), the interpreter,
    and the code that builds them."""
    lark = importlib.util.find_spec("lark")
    parts = [_grammar_text(), sys.version]
    here = os.path.dirname(os.path.abspath(__file__))
    builders = (lalr.__file__, os.path.join(here, "regex_first.py"), compiled_regex.__file__)
    for path in (lark.origin if lark is not None else None, *builders):
        if path:
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                parts.append(f.read())
    return "\0".join(parts)


def parse_module(text: str, filename: str = "<stdin>", lazy: bool = False) -> Module:
    """Parse textual IR; raises ParseError with a clang-style location.

    The fused loop parses; input it rejects is parsed again by Lark's own
    loop, from scratch, for Lark's account of what was expected there.

    `lazy` keeps function bodies as text (Function.lazy_body) until they are
    asked for.  Only their braces are matched, so errors inside them surface
    when they are read, if ever: for text that LLVM has already checked.
    """
    # Parsing allocates millions of objects and frees almost none; the cyclic
    # collector would rescan all of them again and again (a fifth of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _parse(text, filename, fused=True, lazy=lazy)
    finally:
        if collecting:
            gc.enable()


@functools.lru_cache(maxsize=1)
def fused_parser_available() -> bool:
    """Can the fused loop's tables be read off Lark?  They come from Lark's
    internals (lalr.Tables), which a Lark release may change: then Lark's
    own, slower parser reads every module, instead of the tool failing."""
    try:
        _cached_tables()
    except Exception:
        return False
    return True


def _parse(text: str, filename: str, fused: bool, lazy: bool = False) -> Module:
    fused = fused and fused_parser_available()
    syntax = ModuleSyntax(text, filename)
    if lazy and fused:
        syntax.lazy_body_of = lambda token: LazyBody(syntax, token)
    _CURRENT.target = syntax
    try:
        try:
            if not fused:
                raise Rejected
            (_fused_lazy() if lazy else _fused()).parse(text, syntax)
        except Rejected:
            syntax = _CURRENT.target = ModuleSyntax(text, filename)
            from .lark_parser import parse_with_lark     # Lark: only for this
            parse_with_lark(syntax)
        syntax.finish()
    except TooDeep as e:
        raise _too_deep(syntax, e) from None
    finally:
        _CURRENT.target = None
    return syntax.module


def _too_deep(syntax: ModuleSyntax, e: TooDeep) -> ParseError:
    return syntax.error(f"types, constants or constant expressions nested too deeply "
                        f"(enzyme-opt reads at least {MAX_STACK // 6} levels)", e.token)
