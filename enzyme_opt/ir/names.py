"""Identifier spelling: quoting, escaping and uniquing of `%`/`@` names."""
from __future__ import annotations

from .compiled_regex import compile_cached

_PLAIN = compile_cached(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*\Z")
_NUMBER = compile_cached(r"[0-9]+\Z")


# What escape_string changes: anything but printable ASCII, and `"` and `\`.
_NEEDS_ESCAPE = compile_cached(r'[^\x20-\x7e]|["\\]')


def escape_string(text: str) -> str:
    """Escape as LLVM does inside double quotes: `\\XX` for anything odd."""
    if _NEEDS_ESCAPE.search(text) is None:
        return text     # most quoted names (C++'s `class.std::vector<...>`)
    out = []
    for byte in text.encode("utf-8", "surrogateescape"):
        ch = chr(byte)
        if ch == "\\" or ch == '"' or byte < 0x20 or byte > 0x7E:
            out.append("\\%02X" % byte)
        else:
            out.append(ch)
    return "".join(out)


def unescape_string(body: str) -> str:
    """Inverse of `escape_string` for the text between the quotes."""
    if "\\" not in body:
        return body
    raw = bytearray()
    i = 0
    data = body.encode("utf-8", "surrogateescape")
    while i < len(data):
        c = data[i]
        if c == 0x5C and i + 1 < len(data) and data[i + 1] == 0x5C:
            raw.append(0x5C)
            i += 2
        elif c == 0x5C and i + 2 < len(data) + 0 and _is_hex(data[i + 1:i + 3]):
            raw.append(int(data[i + 1:i + 3], 16))
            i += 3
        else:
            raw.append(c)
            i += 1
    return raw.decode("utf-8", "surrogateescape")


def _is_hex(two: bytes) -> bool:
    return len(two) == 2 and all(chr(b) in "0123456789abcdefABCDEF" for b in two)


class QuotedNumber(str):
    """A name of only digits written quoted (`%"3"`, `@"7"`): a real name, where
    the unquoted spelling `%3` would be a slot number.  It is a different key
    from the slot's name: `@"0"` and `@0` may both be defined."""

    __slots__ = ()

    def __eq__(self, other):
        return isinstance(other, QuotedNumber) and str.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(("quoted", str(self)))


def is_slot_number(name: str) -> bool:
    """Does `name` stand for a numbered (unnamed) value, as `%3` does?"""
    return bool(_NUMBER.match(name)) and not isinstance(name, QuotedNumber)


def _format(sigil: str, name: str) -> str:
    if _PLAIN.match(name) or is_slot_number(name):
        return sigil + name
    return sigil + '"' + escape_string(name) + '"'


def format_local(name: str) -> str:
    return _format("%", name)


def format_global(name: str) -> str:
    return _format("@", name)


def format_label(name: str) -> str:
    if _PLAIN.match(name) or is_slot_number(name):
        return name + ":"
    return '"' + escape_string(name) + '":'


def parse_identifier(token: str) -> str:
    """`%"a b"` -> `a b`, `@f` -> `f`, `%12` -> `12`."""
    body = token[1:]
    if body.startswith('"'):
        name = unescape_string(body[1:-1])
        return QuotedNumber(name) if _NUMBER.match(name) else name
    return body


class NameTable:
    """Names in use in one scope (a function's locals, a module's globals).

    The AD claims the same few names (`tape.push`, `x'`) thousands of times
    in one function: `_next[wanted]` is where the search for a free
    `wanted.N` resumes, so a claim does not walk `wanted.1, wanted.2, ...`
    again.  Every `wanted.N` below it is in use; a release lowers it.
    """

    def __init__(self):
        self._used: set = set()
        self._next: dict = {}

    def __contains__(self, name: str) -> bool:
        return name in self._used

    def claim(self, wanted: str) -> str:
        """Reserve `wanted`, or the first free `wanted.N`, and return it."""
        if wanted not in self._used and not is_slot_number(wanted):
            self._used.add(wanted)
            return wanted
        counter = self._next.get(wanted, 1)
        name = f"{wanted}.{counter}"
        while name in self._used:
            counter += 1
            name = f"{wanted}.{counter}"
        self._next[wanted] = counter + 1
        self._used.add(name)
        return name

    def release(self, name: str) -> None:
        self._used.discard(name)
        base, dot, number = name.rpartition(".")
        if dot and number.isdigit() and str(int(number)) == number and \
                int(number) < self._next.get(base, 0):
            self._next[base] = int(number)
