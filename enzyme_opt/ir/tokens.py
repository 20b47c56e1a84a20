"""The tokens and trees the parser hands to ModuleSyntax, without Lark.

Lark's own `Token` and `Tree` behave the same; these exist so that a parse
with the cached tables (lalr.py) never imports Lark, which took a third of
the tool's start-up.  When Lark's parser reads a module (to diagnose input
the fused loop rejected), its tokens are turned into these as they are
lexed (`from_lark`), so that ModuleSyntax sees one kind of token.
"""
from __future__ import annotations

_new_str = str.__new__


class Token(str):
    """A terminal's text, with its kind and where it was read (1-based
    lines and columns, 0-based offsets), as Lark's Token has them."""

    __slots__ = ("type", "start_pos", "value", "line", "column", "end_line", "end_column",
                 "end_pos")

    def __new__(cls, type, value, start_pos=None, line=None, column=None, end_line=None,
                end_column=None, end_pos=None):
        token = _new_str(cls, value)
        token.type, token.value, token.start_pos = type, value, start_pos
        token.line, token.column = line, column
        token.end_line, token.end_column, token.end_pos = end_line, end_column, end_pos
        return token

    @classmethod
    def new_borrow_pos(cls, type, value, borrow: "Token") -> "Token":
        return cls(type, value, borrow.start_pos, borrow.line, borrow.column, borrow.end_line,
                   borrow.end_column, borrow.end_pos)

    @classmethod
    def from_lark(cls, token) -> "Token":
        return cls(token.type, token.value, token.start_pos, token.line, token.column,
                   token.end_line, token.end_column, token.end_pos)

    # Tokens of different kinds differ even when their texts are equal.
    def __eq__(self, other):
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__

    def __repr__(self):
        return f"Token({self.type!r}, {self.value!r})"

    def __reduce__(self):
        return (self.__class__, (self.type, self.value, self.start_pos, self.line, self.column,
                                 self.end_line, self.end_column, self.end_pos))

    def __deepcopy__(self, memo):
        return self                                    # immutable


class Tree:
    """The value of a grammar rule that ModuleSyntax has no method for."""

    __slots__ = ("data", "children")

    def __init__(self, data: str, children: list):
        self.data, self.children = data, children

    def __repr__(self):
        return f"Tree({self.data!r}, {self.children!r})"
