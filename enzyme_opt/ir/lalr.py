"""A fused LALR loop over tables taken from a Lark contextual parser.

Lark's own loop runs every token through a chain of generators (contextual
lexer, post-lexer, parser state), builds each Token through two constructors
and each reduction through a chain of wrapper objects: per token that is a
few dozen Python calls, and it was most of the time enzyme-opt spent reading
a module.  Constructing the Lark object itself, even from Lark's cache, took
a third of a second more.

`Tables` is what parsing needs from Lark, as plain data that loads in a
few milliseconds: the parse table, each parser state's scanner (the regular
expressions Lark compiles for that state's acceptable terminals, in Lark's
order) and, per grammar rule, how Lark filters its children.  `FusedParser`
runs lexing, line counting and shift/reduce in one loop over them, so the
tokens (tokens.py's, which behave as Lark's), the callbacks and their order
are Lark's; Lark itself is not imported.  It can start at any of
the grammar's start symbols, anywhere in the text, and it can make the
tokens of `%declare`d terminals itself (Lark leaves those to a post-lexer).

It only accepts: at the first character or token Lark would reject it raises
`Rejected`, and the caller parses again with Lark itself, whose exceptions
carry what the diagnostics are made from.
"""
from __future__ import annotations

import marshal
from typing import Callable, Dict, List, Optional, Tuple

from .compiled_regex import compile_cached, compile_from, compiled_form
from .tokens import Token, Tree

_new_str = str.__new__


class Rejected(Exception):
    """The input is not in the language; re-parse with Lark for the diagnosis."""


# Parser stack entries: a level of nesting takes one (a struct type) to five
# (a constant expression).  What is read is printed, compared and analysed
# by recursive code, which deeper input would take past Python's stack.
MAX_STACK = 3000


class TooDeep(Exception):
    """Nesting deeper than MAX_STACK allows; `token` is where it went over."""

    def __init__(self, token):
        super().__init__("too deep")
        self.token = token


class Rule:
    """How the parser builds one grammar rule's value, as Lark's tree builder
    does: keep the children at `include` (index, splice a `_rule`'s children,
    Nones to put first for absent `[optional]` parts), then `trailing_nones`;
    a `?rule` left with one child is that child; else `name`'s callback."""

    __slots__ = ("name", "arity", "include", "trailing_nones", "expand_single",
                 "left_recursive")

    def __init__(self, name, arity, include, trailing_nones, expand_single, left_recursive):
        self.name, self.arity, self.include = name, arity, include
        self.trailing_nones, self.expand_single = trailing_nones, expand_single
        self.left_recursive = left_recursive

    def fields(self) -> tuple:
        """The arguments that make this rule again."""
        return (self.name, self.arity, self.include, self.trailing_nones, self.expand_single,
                self.left_recursive)


class _Rows(dict):
    """key -> its value, decoded from marshal's bytes when first asked for
    (and made into `make(*fields)`, if `make` is given).

    The parse table has thousands of states and the grammar 1600 rules; a
    small module visits a few hundred of each: unpickling every row, then
    every rule, took most of reading the cached tables."""

    def __init__(self, encoded, make=None):
        super().__init__()
        self._encoded, self._make = encoded, make

    def __missing__(self, key):
        value = marshal.loads(self._encoded[key])
        if self._make is not None:
            value = self._make(*value)
        self[key] = value
        return value

    def __reduce__(self):
        return (_Rows, (self._encoded, self._make))


class _Packed:
    """key -> its encoded row, the rows kept as one run of bytes: `keys`
    (None: the keys are 0, 1, ...) and the offsets at which each row starts
    (one more offset, the end)."""

    def __init__(self, blob: bytes, keys, offsets):
        self.blob, self.keys, self.offsets = blob, keys, offsets
        self._index = None if keys is None else {key: i for i, key in enumerate(keys)}

    @classmethod
    def pack(cls, encoded) -> "_Packed":
        if isinstance(encoded, cls):
            return encoded
        keys = None if isinstance(encoded, list) else list(encoded)
        rows = encoded if keys is None else [encoded[key] for key in keys]
        offsets = [0]
        for row in rows:
            offsets.append(offsets[-1] + len(row))
        return cls(b"".join(rows), keys, offsets)

    def fields(self) -> tuple:
        return self.blob, self.keys, self.offsets

    def __getitem__(self, key):
        i = key if self._index is None else self._index[key]
        if i < 0:
            raise IndexError(key)
        return memoryview(self.blob)[self.offsets[i]:self.offsets[i + 1]]

    def __reduce__(self):
        return (_Packed, self.fields())


class Tables:
    """What `FusedParser` needs, read off a constructed Lark LALR parser.

    Pickled with each row of the parse table, each rule and each scanner as
    marshal's bytes (`_Rows`).
    """

    def __getstate__(self):
        state = dict(self.__dict__)
        if not isinstance(self.actions, _Rows):
            state["actions"] = _Rows({s: marshal.dumps(row) for s, row in self.actions.items()})
        if not isinstance(self.rules, _Rows):
            state["rules"] = _Rows([marshal.dumps(rule.fields()) for rule in self.rules], Rule)
        if not isinstance(self.scanners, _Rows):
            state["scanners"] = _Rows(list(map(marshal.dumps, self.scanners)))
        return state

    # The attributes kept as rows decoded when first used, and what each
    # row is made into (compiled: the terminals' regular expressions).
    _ROWS = {"actions": None, "rules": Rule, "scanners": None, "compiled": None}

    def to_bytes(self, made_from: str) -> bytes:
        """`made_from` and the tables, as marshal's bytes (the per-user
        cache's form: reading it needs neither pickle, whose import was 3 ms
        of every run, nor Lark).  Each row kind is one run of bytes with the
        rows' offsets: loading makes no object per row."""
        state = self.__getstate__()
        if not isinstance(state["compiled"], _Rows):
            state["compiled"] = _Rows({t: marshal.dumps(form)
                                       for t, form in state["compiled"].items()})
        for name in self._ROWS:
            state[name] = _Packed.pack(state[name]._encoded).fields()
        return marshal.dumps((made_from, state))

    @classmethod
    def from_bytes(cls, data: bytes) -> Tuple[str, "Tables"]:
        """(what they were made from, the tables) read back from `to_bytes`'s
        form."""
        made_from, state = marshal.loads(data)
        tables = cls.__new__(cls)
        for name, make in cls._ROWS.items():
            state[name] = _Rows(_Packed(*state[name]), make)
        tables.__dict__.update(state)
        return made_from, tables

    def __init__(self, lark, starts):
        frontend = lark.parser
        parse_table = frontend.parser.parser.parse_table
        conf = frontend.lexer_conf
        if conf.g_regex_flags or conf.use_bytes or conf.callbacks or len(conf.ignore) != 1:
            raise ValueError("a grammar with one ignored terminal and no lexer options")
        blank = conf.terminals_by_name[conf.ignore[0]]
        # No other terminal starts with a blank, so skipping blanks first is
        # what each state's scanner (the blank among its alternatives) does.
        self.blank = blank.pattern.to_regexp()
        # (first state, accepting state) of each start symbol.
        self.starts = {name: (parse_table.start_states[name], parse_table.end_states[name])
                       for name in starts}
        self.rules: List[Rule] = []
        rule_ids = {}
        for rule in lark.rules:
            rule_ids[rule] = len(self.rules)
            self.rules.append(_rule_shape(rule))
        self.actions: Dict[int, Dict[str, object]] = {}
        for state, row in parse_table.states.items():
            self.actions[state] = {
                symbol: arg if action.name == "Shift"
                else (len(arg.expansion), arg.origin.name, rule_ids[arg])
                for symbol, (action, arg) in row.items()}
        self.scanner_of: Dict[int, int] = {}
        self.scanners: List[Tuple] = []
        self.terminals = {t.name: t.pattern.to_regexp() for t in conf.terminals}
        self.compiled = {name: compiled_form(regex) for name, regex in self.terminals.items()}
        from .regex_first import first_chars       # only here: tables are built once per user
        firsts = {name: first_chars(regex) for name, regex in self.terminals.items()}
        by_lexer = {}
        for state, lexer in getattr(frontend.lexer, "lexer", frontend.lexer).lexers.items():
            if id(lexer) not in by_lexer:
                by_lexer[id(lexer)] = len(self.scanners)
                self.scanners.append(_scanner_parts(lexer, firsts, blank.name))
            self.scanner_of[state] = by_lexer[id(lexer)]
        # A freshly built Lark names symbols with its own Token class: the
        # tables hold plain strings, so that reading them needs no Lark.
        for name, value in vars(self).items():
            setattr(self, name, _plain(value))
        for rule in self.rules:
            rule.name, rule.include = _plain(rule.name), _plain(rule.include)


def _plain(data):
    """`data` with every string (of a str subclass too) a plain str."""
    if isinstance(data, str):
        return str(data)
    if isinstance(data, dict):
        return {_plain(k): _plain(v) for k, v in data.items()}
    if isinstance(data, (tuple, list, frozenset, set)):
        return type(data)(map(_plain, data))
    return data


def _rule_shape(rule) -> Rule:
    """Lark's tree-builder decisions for `rule` (maybe_placeholders on)."""
    expansion = rule.expansion
    empty = rule.options.empty_indices or ()
    # Nones before each symbol, and after the last: runs of True in `empty`.
    nones = [len(run) for run in "".join("1" if e else "0" for e in empty).split("0")] \
        if empty else [0] * (len(expansion) + 1)
    include, pending = [], 0
    for i, symbol in enumerate(expansion):
        pending += nones[i]
        if rule.options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
            splice = not symbol.is_term and symbol.name.startswith("_")
            include.append((i, splice, pending))
            pending = 0
    name = rule.alias or rule.options.template_source or rule.origin.name
    return Rule(name, len(expansion), tuple(include), pending + nones[len(expansion)],
                bool(rule.options.expand1 and not rule.alias),
                bool(expansion) and expansion[0] == rule.origin)


def _scanner_parts(lexer, firsts, blank: str) -> Tuple:
    """(candidates, others, keywords, newline terminals) of a Lark BasicLexer.

    Lark's scanner tries its terminals in order and takes the first that
    matches.  `candidates[c]` is that order restricted to the terminals that
    can begin with the character c; `others` those for any other character.
    `keywords` maps a regex terminal to the literal terminals it also
    matches, which Lark resolves after the match (its `unless` callback).
    """
    names = [t.name for t in lexer.scanner.terminals if t.name != blank]
    chars = set().union(*(firsts[n] for n in names if firsts[n] is not None))
    candidates = {c: tuple(n for n in names if firsts[n] is None or c in firsts[n])
                  for c in chars}
    others = tuple(n for n in names if firsts[n] is None)
    keywords = {}
    for name, callback in lexer.callback.items():
        literals = callback.scanner.terminals
        if any(t.pattern.flags or t.pattern.type != "str" for t in literals):
            raise ValueError(f"keywords of {name} are not plain strings")
        # The first literal that matches wins, as in Lark's scanner.
        keywords[name] = {t.pattern.value: t.name for t in reversed(literals)}
    return candidates, others, keywords, frozenset(lexer.newline_types)


class _Callbacks(dict):
    """rule index -> its callback, each made when first asked for: the
    grammar has 1600 rules, a small module reduces by a few hundred, and
    making all of them took a tenth of reading an empty module."""

    def __init__(self, rules: List[Rule], node_for: Callable[[str], Callable]):
        super().__init__()
        self._rules, self._node_for = rules, node_for

    def __missing__(self, index: int) -> Callable:
        rule = self._rules[index]
        callback = self[index] = _rule_callback(rule, self._node_for(rule.name))
        return callback


def rule_callbacks(tables: Tables, node_for: Callable[[str], Callable]) -> Dict[int, Callable]:
    """rule index -> its callback: filters the children as `Rule` says, then
    hands them to `node_for(name)`, or to a Tree if that is None."""
    return _Callbacks(tables.rules, node_for)


def _tree_of(name: str) -> Callable:
    return lambda children: Tree(name, children)


def _rule_callback(rule: Rule, node: Optional[Callable]) -> Callable:
    include, trailing = rule.include, rule.trailing_nones
    if node is None:
        grow = _list_growth(rule)
        if grow is not None:
            return grow
        node = _tree_of(rule.name)
    if rule.expand_single:
        inner = node
        node = lambda children: children[0] if len(children) == 1 else inner(children)
    plain = all(not splice and not nones for _, splice, nones in include)
    if plain and not trailing:
        indices = tuple(i for i, _, _ in include)
        if indices == tuple(range(rule.arity)):
            return node
        return lambda children: node([children[i] for i in indices])

    def build(children):
        kept = []
        for i, splice, nones in include:
            if nones:
                kept += [None] * nones
            if splice:
                if kept:
                    kept += children[i].children
                else:        # left recursion: take the list over
                    kept = children[i].children
            else:
                kept.append(children[i])
        if trailing:
            kept += [None] * trailing
        return node(kept)
    return build


def _list_growth(rule: Rule) -> Optional[Callable]:
    """`_list: _list item` (Lark's `item*`, `item ("," item)*`): the list
    grows in place.  Lark's tree builder would splice the old list into a
    new Tree, which is the same list once the old Tree is dropped."""
    first, *rest = rule.include or ((None, None, None),)
    if not rule.left_recursive or first != (0, True, 0) or rule.trailing_nones or \
            rule.expand_single or any(splice or nones for _, splice, nones in rest):
        return None
    if len(rest) == 1:
        (index, _, _), = rest

        def grow(children):
            tree = children[0]
            tree.children.append(children[index])
            return tree
        return grow
    indices = [i for i, _, _ in rest]

    def grow_by(children):
        tree = children[0]
        tree.children.extend([children[i] for i in indices])
        return tree
    return grow_by


# The grammar's blank (_WS): white space and comments.  Past a space it goes
# on only at a character that begins it, so a lone space before any other
# character is a whole blank, and where none of those characters stands
# there is none: the loop needs its expression only for the rest (most
# tokens stand after one space or none).
BLANK = "(?:[ \t\x0c\r\n]+|;[^\n]*)+"      # as Lark writes it out
BLANK_STARTS = frozenset(" \t\x0c\r\n;")


class FusedParser:
    """Parses with `tables`, calling `callbacks[rule]` for each reduction.

    `watch(target, token)` sees every token as it is lexed, before the
    reductions it triggers (as a Lark post-lexer would); `target` is passed
    through `parse`, so one FusedParser serves every parse of a process.

    `made` maps a declared terminal (one without a pattern) to a function
    `(text, pos, end) -> match or None` that makes its token.  In a parser
    state that can shift that terminal, it is the only thing lexed: the
    grammar puts such a terminal where nothing else can stand.
    """

    def __init__(self, tables: Tables, callbacks: Dict[int, Callable], watch: Callable,
                 made: Optional[Dict[str, Callable]] = None,
                 deep: Optional[Dict[str, Callable]] = None):
        self._blank = compile_cached(tables.blank).match
        # Only for the grammar's own blank: what BLANK_STARTS says is of it.
        self._blank_starts = BLANK_STARTS if tables.blank == BLANK else None
        self._tables = tables
        self._callbacks = callbacks
        self._watch = watch
        self._made = made or {}
        # terminal -> wraps its regex's match function (see deep_metadata.py).
        self._deep = deep or {}
        self._scanners: Dict[int, Tuple] = {}    # by scanner index
        self._lexes: Dict[int, Tuple] = {}       # by state
        self._matchers: Dict[str, Tuple[str, Callable]] = {}
        self._tries: Dict[Tuple[str, ...], Tuple] = {}     # by terminal names

    def _scanner(self, state: int) -> Tuple:
        """(candidates, others, keywords, newline terminals) of `state`, with
        each candidate a (terminal, match function) pair.  A terminal's
        regular expression is compiled when a scanner first needs it."""
        tables = self._tables
        for terminal, make in self._made.items():
            if terminal in tables.actions[state]:
                scanner = self._lexes[state] = ({}, ((terminal, make),), {},
                                                frozenset((terminal,)))
                return scanner
        index = tables.scanner_of.get(state)
        if index is None:         # a state reached only by a goto never lexes
            return {}, (), {}, frozenset()
        scanner = self._scanners.get(index)
        if scanner is None:
            candidates, others, keywords, newline_types = tables.scanners[index]
            tries = self._tries_of
            scanner = ({c: tries(names) for c, names in candidates.items()},
                       tries(others), keywords, newline_types)
            self._scanners[index] = scanner
        self._lexes[state] = scanner
        return scanner

    def _tries_of(self, names: Tuple[str, ...]) -> Tuple:
        """`names` as (terminal, match function) pairs.  Most characters'
        candidates are lists other characters or scanners have too: made once."""
        tries = self._tries.get(names)
        if tries is None:
            tries = self._tries[names] = tuple(map(self._matcher, names))
        return tries

    def _matcher(self, terminal: str) -> Tuple[str, Callable]:
        pair = self._matchers.get(terminal)
        if pair is None:
            tables = self._tables
            match = compile_from(tables.terminals[terminal], tables.compiled[terminal]).match
            if terminal in self._deep:
                match = self._deep[terminal](match)
            pair = self._matchers[terminal] = (terminal, match)
        return pair

    def parse(self, text: str, target, start: str = "module", pos: int = 0,
              end: Optional[int] = None, line: int = 1):
        """The value of `start` read from text[pos:end]; `line` is pos's line."""
        actions_of, callbacks = self._tables.actions, self._callbacks
        lexes, lex_of = self._lexes, self._scanner
        blank, watch, blank_starts = self._blank, self._watch, self._blank_starts
        state, end_state = self._tables.starts[start]
        states, values = [state], []
        end = len(text) if end is None else end
        line_start = text.rfind("\n", 0, pos) + 1
        token = None
        while True:
            # Lex one token with this state's scanner.
            if blank_starts is not None and pos < end and (
                    text[pos] not in blank_starts or text[pos] == " " and (
                        pos + 1 == end or text[pos + 1] not in blank_starts)):
                pos += text[pos] == " "                  # no blank, or one space
            else:
                m = blank(text, pos, end)
                if m is not None:
                    stop = m.end()
                    newlines = text.count("\n", pos, stop)
                    if newlines:
                        line += newlines
                        line_start = text.rindex("\n", pos, stop) + 1
                    pos = stop
            if pos < end:
                candidates, others, keywords, newline_types = lexes.get(state) or lex_of(state)
                for kind, match in candidates.get(text[pos], others):
                    m = match(text, pos, end)
                    if m is not None:
                        break
                else:
                    raise Rejected
                value, stop = m.group(), m.end()
                if kind in keywords:
                    kind = keywords[kind].get(value, kind)
                token = _new_str(Token, value)
                token.type, token.value, token.start_pos = kind, value, pos
                token.line, token.column = line, pos - line_start + 1
                if kind in newline_types:
                    newlines = value.count("\n")
                    if newlines:
                        line += newlines
                        line_start = text.rindex("\n", pos, stop) + 1
                token.end_line, token.end_column, token.end_pos = line, stop - line_start + 1, stop
                pos = stop
                watch(target, token)
            else:
                token = (Token.new_borrow_pos("$END", "", token) if token
                         else Token("$END", "", pos, line, pos - line_start + 1))
                kind = "$END"
            # Reduce as the token demands, then shift it (or, at the end, accept).
            actions = actions_of[state]
            while True:
                action = actions.get(kind)
                if action is None:
                    raise Rejected
                if action.__class__ is int:
                    state = action
                    states.append(state)
                    values.append(token)
                    if len(states) > MAX_STACK:
                        raise TooDeep(token)
                    break
                size, origin, rule = action
                if size:
                    children = values[-size:]
                    del states[-size:]
                    del values[-size:]
                else:
                    children = []
                state = actions_of[states[-1]][origin]
                states.append(state)
                values.append(callbacks[rule](children))
                if state == end_state:
                    return values[-1]
                actions = actions_of[state]
