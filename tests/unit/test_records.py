"""ad/records.py makes what @dataclass makes, for the AD's record classes."""
from __future__ import annotations

import dataclasses
from typing import Optional

import pytest

from enzyme_opt.ad.records import Factory, FrozenInstanceError, record


def _pair(frozen: bool):
    """The same class, made by @dataclass and by @record."""
    @dataclasses.dataclass(frozen=frozen)
    class Made:
        kind: str
        value: object
        shadow: Optional[object] = None
        shadows: list = dataclasses.field(default_factory=list)

    @record(frozen=frozen)
    class Recorded:
        kind: str
        value: object
        shadow: Optional[object] = None
        shadows: list = Factory(list)

    Recorded.__qualname__ = Made.__qualname__
    return Made, Recorded


CALLS = [((), {}), (("a",), {}), (("a", 1), {}), (("a", 1, 2), {}), (("a", 1, 2, [3]), {}),
         (("a", 1, 2, [3], 4), {}), (("a",), {"value": 1}), (("a", 1), {"value": 2}),
         ((), {"kind": "a", "value": 1, "shadows": [1]}), (("a", 1), {"other": 2})]


@pytest.mark.parametrize("frozen", [False, True])
def test_a_record_is_what_dataclass_makes(frozen):
    Made, Recorded = _pair(frozen)
    for args, kwargs in CALLS:
        try:
            made = Made(*args, **kwargs)
        except TypeError:
            with pytest.raises(TypeError):
                Recorded(*args, **kwargs)
            continue
        recorded = Recorded(*args, **kwargs)
        assert repr(recorded) == repr(made)
        assert vars(recorded) == vars(made)
        assert recorded == Recorded(*args, **kwargs) and recorded != made
        if frozen and not isinstance(recorded.shadows, list):
            assert hash(recorded) == hash(made)
    one, two = Recorded("a", 1), Recorded("a", 1)
    assert one.shadows == [] and one.shadows is not two.shadows
    assert not hasattr(Recorded, "shadows") and Recorded.shadow is None
    if frozen:
        with pytest.raises(FrozenInstanceError):
            one.kind = "b"
        with pytest.raises(AttributeError):
            del one.kind
        assert hash(Recorded("a", 1, 2, ())) == hash(Made("a", 1, 2, ()))
    else:
        one.kind = "b"
        assert one != two and one.kind == "b"
        with pytest.raises(TypeError):
            hash(one)
