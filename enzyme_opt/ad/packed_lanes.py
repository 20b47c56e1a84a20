"""A struct of a float and an int passed or returned by value as one i64.

On x86-64 a `{float, int}` (or `{int, float}`, or two floats where clang
does not use a vector) is one i64: at -O1 and above the caller packs it,
`zext` of each 32-bit lane's bits, the upper one shifted by 32, or'ed
together, and the callee unpacks it, `trunc` of the value or of its `lshr`
by 32, and a `bitcast` of the float lane's bits.  A derivative cannot follow
the i64.  The callers here call a variant of the callee that takes the two
lanes as parameters of their own (the float one a float), or returns them as
a `{lane, lane}` struct; the variant and the caller pack the i64 again for
whatever else uses it, and the unpacking of that packed value folds onto the
lanes, so the float reaches the float again without integer arithmetic.

Only the exact shape is rewritten; anything else stays an integer, and
typed_memory.float_bits_arith_problem refuses it where a float's bits are
packed and leave a function.
"""
from __future__ import annotations

from typing import List, Optional

from ..ir import Argument, Builder
from ..ir import instructions as I
from ..ir.constants import ConstantInt
from ..ir.types import I32, I64, FunctionType, StructType
from .bits_across_calls import calls_of_bodies, make_variant

LANE_MASK = (1 << 32) - 1


def pass_packed_lanes(fn, variants: dict) -> bool:
    """In `fn`, calls passing an i64 packed from a float lane and another
    lane call a variant taking the lanes; True if any did.  (Not invokes:
    the call is made anew.)"""
    changed = False
    for call, callee in calls_of_bodies(fn, I.Call):
        for k, arg in enumerate(call.args[:len(callee.args)]):
            lanes = packed_lanes(arg)
            if lanes is None:
                continue
            b = Builder().position_before(call)
            values = [lane_value(lane, b) for lane in lanes]
            variant = taking_lanes(callee, k, tuple(v.type for v in values), variants)
            args = list(call.args)
            args[k:k + 1] = values
            new = b.call(variant, args, call.name or None)
            new.location, new.metadata = call.location, list(call.metadata)
            call.replace_all_uses_with(new)
            call.erase()
            changed = True
            break
    return changed


def return_packed_lanes(fn, variants: dict) -> bool:
    """In `fn`, calls of a function returning an i64 packed from a float lane
    and another lane call a variant returning the lanes as a struct, packed
    again for the uses; True if any did."""
    changed = False
    for call, callee in calls_of_bodies(fn, I.Call):
        if call.type != I64 or not call.has_uses():
            continue
        lane_types = returned_lane_types(callee)
        if lane_types is None:
            continue
        variant = returning_lanes(callee, lane_types, variants)
        b = Builder().position_after(call)
        users = list(call.users)
        result = b.call(variant, list(call.args), (call.name or "call") + ".lanes")
        result.location = call.location
        lanes = [b.extractvalue(result, [k]) for k in range(2)]
        packed = pack(b, lanes)
        for user in users:
            for index, op in enumerate(user.operands):
                if op is call:
                    user.set_operand(index, packed)
        call.erase()
        unpack_onto_lanes(packed, lanes)
        changed = True
    return changed


def packed_lanes(v) -> Optional[List]:
    """[lane 0, lane 1] of i64 `v` when it is an `or` of parts each with one
    half known zero (`zext` of an i32, `shl` by 32, constants, selects of
    such), one lane a float's bits (`bitcast`); each lane an i32 value, or
    a ("low"/"high", part) to take out of the part.  Else None."""
    if v.type != I64:
        return None
    lanes: list = [None, None]
    for part in _or_leaves(v):
        if isinstance(part, ConstantInt):
            halves = [part.value & LANE_MASK, part.value >> 32 & LANE_MASK]
            for lane, value in enumerate(halves):
                if value:
                    if lanes[lane] is not None:
                        return None
                    lanes[lane] = ConstantInt(I32, value)
            continue
        lane = _lane_of_part(part)
        if lane is None or lanes[lane] is not None:
            return None
        lanes[lane] = _lane_in(part, lane)
    lanes = [lane if lane is not None else ConstantInt(I32, 0) for lane in lanes]
    return lanes if any(_float_lane(lane) for lane in lanes) else None


def _lane_of_part(part, depth: int = 0) -> Optional[int]:
    """0 when the upper half of i64 `part` is known zero, 1 when the lower
    half is, else None."""
    if depth > 4:
        return None
    if isinstance(part, ConstantInt):
        return 0 if part.value >> 32 == 0 else 1 if part.value & LANE_MASK == 0 else None
    if isinstance(part, I.Cast) and part.opcode == "zext" and part.operands[0].type.bits <= 32:
        return 0
    if isinstance(part, I.BinaryOp) and part.opcode == "shl" and \
            _constant(part.operands[1]) == 32:
        return 1
    if isinstance(part, I.BinaryOp) and part.opcode == "and" and \
            _constant(part.operands[1]) is not None and _constant(part.operands[1]) <= LANE_MASK:
        return 0
    if isinstance(part, (I.Select, I.Phi)):
        ops = part.operands[1:] if isinstance(part, I.Select) else part.operands
        # A zero arm fits either lane.
        found = {_lane_of_part(op, depth + 1) for op in ops
                 if not (isinstance(op, ConstantInt) and op.value == 0)}
        return found.pop() if len(found) == 1 else None
    return None


def _lane_in(part, lane: int):
    """The i32 of `lane` in `part`: the value zero-extended (and shifted),
    else ("low" or "high", part), taken out when the call is rewritten."""
    inner = part.operands[0] if lane == 1 and isinstance(part, I.BinaryOp) else part
    if isinstance(inner, I.Cast) and inner.opcode == "zext" and inner.operands[0].type == I32:
        return inner.operands[0]
    return ("high" if lane else "low", part)


def _or_leaves(v) -> list:
    if isinstance(v, I.BinaryOp) and v.opcode == "or":
        return [leaf for op in v.operands for leaf in _or_leaves(op)]
    return [v]


def _float_lane(lane) -> bool:
    return not isinstance(lane, tuple) and isinstance(lane, I.Cast) and lane.opcode == "bitcast" and \
        lane.operands[0].type.is_float


def lane_value(lane, b: Builder = None):
    """A lane as passed on: the float whose bits it is, or the i32 itself
    (taken out of its part with `b`)."""
    if isinstance(lane, tuple):
        half, part = lane
        if half == "high":
            part = b.binop("lshr", part, Builder.i64(32))
        return b.cast("trunc", part, I32)
    return lane.operands[0] if _float_lane(lane) else lane


def _lane_type(lane):
    return I32 if isinstance(lane, tuple) else lane_value(lane).type


def returned_lane_types(fn) -> Optional[tuple]:
    """The lane types every `ret` of `fn` returns packed, if they agree."""
    found = set()
    for block in fn.blocks:
        ret = block.terminator
        if isinstance(ret, I.Return):
            lanes = packed_lanes(ret.value) if ret.value is not None else None
            if lanes is None:
                return None
            found.add(tuple(_lane_type(lane) for lane in lanes))
    return found.pop() if len(found) == 1 else None


def taking_lanes(callee, k: int, lane_types: tuple, cache: dict):
    """`callee` with its i64 parameter `k` taken as two lane parameters."""
    key = (id(callee), "lanes", k, tuple(str(t) for t in lane_types))
    if key in cache:
        return cache[key]
    params = list(callee.function_type.params)
    params[k:k + 1] = lane_types
    names = [a.name for a in callee.args]
    names[k:k + 1] = [f"{names[k] or 'arg'}.lane{j}" for j in range(2)]
    ftype = FunctionType(callee.function_type.ret, tuple(params), False)
    # The i64 parameter stands in the copy as a stray argument, then as
    # the lanes packed again at the entry.
    stray = Argument(I64, None, None, k)
    variant = make_variant(callee, ftype, ".lanes", callee.ret_attrs, names,
                           lambda fn, old: stray if old.index == k else
                           fn.args[old.index + (old.index > k)])
    for old in callee.args:
        if old.index != k:
            variant.args[old.index + (old.index > k)].attrs = old.attrs
    entry = variant.blocks[0]
    lanes = [variant.args[k], variant.args[k + 1]]
    packed = pack(Builder(entry, entry.first_non_phi_index()), lanes)
    stray.replace_all_uses_with(packed)
    unpack_onto_lanes(packed, lanes)
    cache[key] = variant
    return variant


def returning_lanes(callee, lane_types: tuple, cache: dict):
    """`callee` returning its packed lanes as a `{lane, lane}` struct."""
    key = (id(callee), "lanes ret", tuple(str(t) for t in lane_types))
    if key in cache:
        return cache[key]
    ftype = FunctionType(StructType(lane_types), tuple(callee.function_type.params), False)
    variant = make_variant(callee, ftype, ".laneret", "")
    for new, old in zip(variant.args, callee.args):
        new.attrs = old.attrs
    for block in variant.blocks:
        ret = block.terminator
        if isinstance(ret, I.Return):
            b = Builder().position_before(ret)
            agg = Builder.zero(ftype.ret)
            values = [lane_value(lane, b) for lane in packed_lanes(ret.value)]
            for j, value in enumerate(values):
                agg = b.insertvalue(agg, value, [j])
            ret.set_operand(0, agg)
    cache[key] = variant
    return variant


def pack(b: Builder, lanes: list):
    """The i64 packed from two lanes (floats through their bits)."""
    bits = [b.cast("bitcast", lane, I32) if lane.type.is_float else lane for lane in lanes]
    low = b.cast("zext", bits[0], I64)
    high = b.binop("shl", b.cast("zext", bits[1], I64), Builder.i64(32))
    return b.binop("or", low, high, "packed")


def unpack_onto_lanes(packed, lanes: list) -> None:
    """Uses of `packed` that take a lane out of it (`trunc`, `lshr` by 32 then
    `trunc`, `and` with the low mask) take the lane itself; a lane's bits
    cast back to the float are the float."""
    bits = [_bits_of(lane) for lane in lanes]
    for user in list(packed.users):
        if isinstance(user, I.Cast) and user.opcode == "trunc" and user.type == I32:
            _replace(user, bits[0], lanes[0])
        elif isinstance(user, I.BinaryOp) and user.opcode == "lshr" and \
                user.operands[0] is packed and _constant(user.operands[1]) == 32:
            for inner in list(user.users):
                if isinstance(inner, I.Cast) and inner.opcode == "trunc" and inner.type == I32:
                    _replace(inner, bits[1], lanes[1])
        elif isinstance(user, I.BinaryOp) and user.opcode == "and" and \
                _constant(user.operands[1]) == LANE_MASK:
            user.replace_all_uses_with(
                Builder().position_before(user).cast("zext", bits[0], I64))


def _bits_of(lane):
    if lane.type.is_float:
        users = [u for u in lane.users if isinstance(u, I.Cast) and u.opcode == "bitcast"]
        return users[0] if users else lane
    return lane


def _replace(user, bits, lane) -> None:
    """`user` (a lane's bits taken out) becomes the lane's bits; where those
    are cast back to the lane's float, the float."""
    for inner in list(user.users):
        if lane.type.is_float and isinstance(inner, I.Cast) and inner.opcode == "bitcast" and \
                inner.type == lane.type:
            inner.replace_all_uses_with(lane)
    user.replace_all_uses_with(bits)


def _constant(v) -> Optional[int]:
    return v.value if isinstance(v, ConstantInt) else None

