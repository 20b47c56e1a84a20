"""Values, users and use lists.

Every operand edge is recorded on the used value as ``(user, index)`` so that
``replace_all_uses_with`` and dead-code checks are cheap.  Plain constants
(numbers, null, undef, ...) are the exception: they are shared freely and do
not record their users, exactly because they are everywhere and never
rewritten.  Global values (functions, globals) do record uses, since the AD
pipeline looks up the calls to ``__enzyme_*`` and the marker globals.
"""
from __future__ import annotations

from typing import Iterator, List, Optional, Tuple

from .types import Type


class Value:
    __slots__ = ("type", "name", "_uses", "__weakref__")
    tracks_uses = True

    def __init__(self, type: Type, name: Optional[str] = None):
        self.type = type
        self.name = name
        self._uses: List[Tuple["User", int]] = []

    # -- use list ---------------------------------------------------------
    @property
    def uses(self) -> List[Tuple["User", int]]:
        return self._uses

    @property
    def users(self) -> Iterator["User"]:
        seen = set()
        for user, _ in list(self._uses):
            if id(user) not in seen:
                seen.add(id(user))
                yield user

    def has_uses(self) -> bool:
        return bool(self._uses)

    def has_code_uses(self) -> bool:
        """Uses other than debug records (which never keep a value alive)."""
        return any(not user.is_debug_record for user, _ in self._uses)

    def _add_use(self, user: "User", index: int) -> None:
        if self.tracks_uses:
            self._uses.append((user, index))

    def _remove_use(self, user: "User", index: int) -> None:
        if self.tracks_uses:
            uses = self._uses
            for i in range(len(uses) - 1, -1, -1):
                if uses[i][0] is user and uses[i][1] == index:
                    del uses[i]
                    return

    def replace_all_uses_with(self, new: "Value") -> None:
        assert new is not self
        for user, index in list(self._uses):
            user.set_operand(index, new)

    @property
    def is_constant(self) -> bool:
        return False

    def __repr__(self) -> str:
        from .printer import value_ref     # cycle: the printer imports this module
        return f"<{type(self).__name__} {self.type} {value_ref(self)}>"


class User(Value):
    """A value with operands (instructions, constant expressions)."""

    # `operands` is a plain slot, not a property over a private one: it is
    # read tens of thousands of times per derivative, and a property costs a
    # Python call each time (3.11 does not specialize property reads).
    # Change it only through the methods below, which keep the uses.
    __slots__ = ("operands",)
    is_debug_record = False

    def __init__(self, type: Type, operands=(), name: Optional[str] = None):
        super().__init__(type, name)
        self.operands: List[Value] = []
        for op in operands:
            self._append_operand(op)

    def operand(self, index: int) -> Value:
        return self.operands[index]

    def _append_operand(self, value: Value) -> None:
        self.operands.append(value)
        value._add_use(self, len(self.operands) - 1)

    def set_operand(self, index: int, value: Value) -> None:
        old = self.operands[index]
        if old is value:
            return
        old._remove_use(self, index)
        self.operands[index] = value
        value._add_use(self, index)

    def drop_operands(self) -> None:
        """Unlink from every operand's use list (before erasing)."""
        for index, op in enumerate(self.operands):
            op._remove_use(self, index)
        self.operands = []

    def _set_operands(self, values) -> None:
        self.drop_operands()
        for v in values:
            self._append_operand(v)


class Argument(Value):
    """A formal parameter; `attrs` is the attribute text carried verbatim."""

    __slots__ = ("function", "index", "attrs")

    def __init__(self, type: Type, name: Optional[str], function, index: int,
                 attrs: str = ""):
        super().__init__(type, name)
        self.function = function
        self.index = index
        self.attrs = attrs
