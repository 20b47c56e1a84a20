"""Classes of named fields, as `dataclasses.dataclass` makes them, without
generating code when their module is imported.

@dataclass compiles an __init__, a __repr__ and an __eq__ (for a frozen class
also __setattr__, __delattr__ and __hash__) for each class: about a
millisecond per class, ten classes in the AD, at every run that
differentiates.  `record` gives a class the same methods, written once here.
The fields are the class's own annotations, in order; a class attribute is
the field's default, and `Factory(f)` a default made anew, `f()`, for each
instance (dataclasses' `field(default_factory=f)`).
"""
from __future__ import annotations


class Factory:
    """A default made anew for each instance: `Factory(list)`."""

    __slots__ = ("make",)

    def __init__(self, make):
        self.make = make


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen record."""


def record(cls=None, *, frozen: bool = False):
    """`@record` or `@record(frozen=True)`: what `@dataclass` (with the same
    `frozen`) makes of `cls`, for fields without dataclasses' `field()`
    options other than `Factory`."""
    def make(cls):
        names = tuple(cls.__dict__.get("__annotations__", {}))
        defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
        for name, default in defaults.items():
            if isinstance(default, Factory):
                delattr(cls, name)
        cls._record_fields, cls._record_defaults = names, defaults
        cls.__init__, cls.__repr__, cls.__eq__ = _init, _repr, _eq
        if frozen:
            cls.__setattr__, cls.__delattr__, cls.__hash__ = _refuse_set, _refuse_delete, _hash
        else:
            cls.__hash__ = None            # mutable and compared by value: unhashable
        return cls
    return make if cls is None else make(cls)


def _init(self, *args, **kwargs):
    cls = type(self)
    names, defaults = cls._record_fields, cls._record_defaults
    if len(args) > len(names):
        raise TypeError(f"{cls.__name__}.__init__() takes {len(names) + 1} positional "
                        f"arguments but {len(args) + 1} were given")
    values = dict(zip(names, args))
    for name, value in kwargs.items():
        if name not in names:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument "
                            f"'{name}'")
        if name in values:
            raise TypeError(f"{cls.__name__}.__init__() got multiple values for argument "
                            f"'{name}'")
        values[name] = value
    for name in names:
        if name in values:
            value = values[name]
        elif name in defaults:
            value = defaults[name]
            if isinstance(value, Factory):
                value = value.make()
        else:
            raise TypeError(f"{cls.__name__}.__init__() missing required argument: '{name}'")
        object.__setattr__(self, name, value)


def _values(self) -> tuple:
    return tuple(getattr(self, name) for name in type(self)._record_fields)


def _repr(self) -> str:
    fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self)._record_fields)
    return f"{type(self).__qualname__}({fields})"


def _eq(self, other):
    if other.__class__ is self.__class__:
        return _values(self) == _values(other)
    return NotImplemented


def _hash(self) -> int:
    return hash(_values(self))


def _refuse_set(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field '{name}'")


def _refuse_delete(self, name):
    raise FrozenInstanceError(f"cannot delete field '{name}'")
