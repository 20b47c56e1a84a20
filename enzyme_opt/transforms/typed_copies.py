"""Integer copies of typed memory become copies of that type.

clang -O2 moves a double it does not compute with as an integer:
`%v = load i64, ptr %p` ... `store i64 %v, ptr %q` (a struct of one double
assigned, two array elements swapped).  The AD would see no float there and
drop the derivative.  Where type analysis knows what the bytes hold, the
accesses are rewritten to that type -- `load double` / `store double`, a
`<2 x float>` for two floats in an i64, `ptr` for a pointer -- with a cast
back to the integer for any other use.  Integer phis, selects and lane
shuffles that only pass such values along become ones of the type too.  No
bit changes; only what the AD sees does.

The same holds for the sign-bit tricks done on a float's bits: `xor` with
the sign bit is `fneg`, `and` with every other bit `fabs`, `or` with the sign
bit `-fabs` (a union or `memcpy` in C; clang -O1+ folds some of them itself,
clang 14 and -O0 keep the integer operations).  Those become the float
operations, with the same bits as result, as does `copysign` written as
`fabs(x)`'s bits or'd with `y`'s sign bit.
"""
from __future__ import annotations

import struct
from typing import Dict, Optional

from ..analysis.type_analysis import FLOAT_KINDS, kind_size
from ..ir import Builder
from ..ir import instructions as I
from ..ir.constants import (ConstantAggregate, ConstantFloat, ConstantInt, ConstantPoison,
                            ConstantUndef, shuffle_mask, zero_of)
from ..ir.types import I32, I8, FloatType, FunctionType, VectorType, size_and_align, type_suffix


def retype_integer_copies(fn, types) -> bool:
    """Rewrite `fn` in place; True if anything changed."""
    typed: Dict[int, object] = {}          # id(integer view) -> the typed value
    views: list = []
    for inst in list(fn.instructions()):
        if isinstance(inst, I.Load) and not inst.volatile and _integer(inst.type):
            t = typed_type(types, inst.pointer, inst.type, fn.module)
            if t is not None:
                view, value = retype_load(inst, t)
                typed[id(view)] = value
                views.append(view)
    changed = bool(typed)
    changed |= _retype_sign_ops(fn, typed, views)
    if _retype_passers(fn, typed, views):
        changed = True
        _retype_sign_ops(fn, typed, views)
    for inst in list(fn.instructions()):
        if isinstance(inst, I.Store) and not inst.volatile and _integer(inst.value.type):
            # An atomic store of a float's bits stays atomic, of the float.
            t = (None if inst.atomic else typed_type(types, inst.pointer, inst.value.type,
                                                      fn.module)) or _bits_of_float(types, inst)
            # A pointer made from a computed integer has no shadow to store.
            if t is not None and (not t.scalar.is_pointer or
                                  typed_form(inst.value, t, typed) is not None):
                _retype_store(inst, t, typed)
                changed = True
    for view in views:          # integer views nothing uses any more
        if view.parent is not None and not view.has_uses():
            view.erase()
    return changed


def typed_type(types, ptr, t, module):
    """The float, float vector or pointer type of the bytes an integer access of
    type `t` at `ptr` touches, if type analysis knows them all; else None."""
    size = size_and_align(t)[0]
    cells = types.cells_in(ptr, size)
    kinds = set(cells.values())
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    step = kind_size(kind)
    if set(cells) != set(range(0, size, step)) or size % step:
        return None
    if kind == "ptr":
        if size == step:
            return _byte_pointer(module)
        # pointers moved as `<N x i64>` (-O2 vectorizes a vector<T*>'s relocation
        # loop): `<N x ptr>`, whose integer view is a ptrtoint of the same lanes
        lanes = t.is_vector and t.element.is_int and t.count * step == size
        return VectorType(size // step, _byte_pointer(module)) if lanes else None
    if kind not in FLOAT_KINDS or kind == "x86_fp80":
        return None
    element = FloatType(kind)
    return element if size == step else VectorType(size // step, element)


def _byte_pointer(module):
    return module.pointer_to(I8)


def _integer(t) -> bool:
    return t.is_int or (t.is_vector and t.element.is_int)


def _plain(inst) -> bool:
    return not inst.volatile and not inst.atomic


def _view_opcode(t) -> str:
    return "ptrtoint" if t.scalar.is_pointer else "bitcast"


def retype_load(load, t):
    """`load t` in place of the integer load; returns (integer view, typed load)."""
    module = load.function.module
    b = Builder().position_before(load)
    ptr = b.pointer_cast(load.pointer, module.pointer_to(t))
    # An atomic load stays atomic: LLVM allows atomic loads of floats and pointers.
    typed = b.insert(I.Load(t, ptr, load.align, atomic=load.atomic))
    typed.metadata = list(load.metadata)
    typed.location = load.location
    view = b.cast(_view_opcode(t), typed, load.type)
    load.replace_all_uses_with(view)
    _take_name(load, typed)
    load.erase()
    _fold_casts_back(view, typed)
    return view, typed


def _take_name(old, new) -> None:
    """`new` replaces `old` under its name (the printouts keep the input's names)."""
    if old.name:
        fn = old.function
        name, old.name = old.name, None
        fn.locals.release(name)
        new.name = fn.claim_name(name)


def fold_cast_pairs(fn) -> bool:
    """Each `bitcast (bitcast double %x to i64) to double` in `fn` is %x (the
    integer between the casts would carry no derivative): a float's bits
    kept in an integer slot the SSA rewrite removed (Rust -O0's
    f64::to_bits closure); True if any was."""
    changed = False
    for inst in list(fn.instructions()):
        if isinstance(inst, I.Cast) and inst.opcode == "bitcast" and inst.type.scalar.is_float:
            inner = inst.operands[0]
            if isinstance(inner, I.Cast) and inner.opcode == "bitcast" and \
                    inner.operands[0].type == inst.type:
                inst.replace_all_uses_with(inner.operands[0])
                inst.erase()
                changed = True
    return changed


def _fold_casts_back(view, typed) -> None:
    """`bitcast (bitcast double %x to i64) to double` is %x."""
    back = "inttoptr" if typed.type.scalar.is_pointer else "bitcast"
    for user in list(view.users):
        if isinstance(user, I.Cast) and user.opcode == back and user.type == typed.type:
            user.replace_all_uses_with(typed)
            user.erase()


def _bits_of_float(types, store):
    """The float type whose `bitcast` `store` stores, into memory typed as
    integers (a `long` array filled with doubles' bits) or atomically: the
    bytes are that float's, and a float store keeps its derivative.  Never
    where the memory holds a pointer: a float derivative must not land in a
    pointer's shadow."""
    v = store.value
    if not (isinstance(v, I.Cast) and v.opcode == "bitcast" and v.operands[0].type.scalar.is_float):
        return None
    kinds = set(types.cells_in(store.pointer, size_and_align(v.type)[0]).values())
    return None if "ptr" in kinds else v.operands[0].type


def _retype_store(store, t, typed) -> None:
    """`store t` in place of the integer store, of the typed form of its value."""
    module = store.function.module
    b = Builder().position_before(store)
    value = typed_form(store.value, t, typed)
    if value is None:
        back = "inttoptr" if t.scalar.is_pointer else "bitcast"
        value = b.cast(back, store.value, t)
    ptr = b.pointer_cast(store.pointer, module.pointer_to(t))
    new = b.insert(I.Store(value, ptr, store.align, atomic=store.atomic))
    new.metadata = list(store.metadata)
    new.location = store.location
    store.erase()


def typed_form(v, t, typed) -> Optional[object]:
    """`v` as a value of type `t` without a cast, if there is one."""
    known = typed.get(id(v))
    if known is not None and known.type == t:
        return known
    if isinstance(v, I.Cast) and v.opcode == _view_opcode(t) and v.operands[0].type == t:
        return v.operands[0]
    if isinstance(v, (ConstantUndef, ConstantPoison)):
        return type(v)(t)
    if isinstance(v, ConstantInt) and (v.value == 0 or t.is_float):
        return zero_of(t) if v.value == 0 else float_with_bits(t, v.value)
    return None


def float_with_bits(t, bits: int):
    fmt = {"double": ("<Q", "<d"), "float": ("<I", "<f")}.get(t.kind)
    if fmt is None:
        return None
    value = struct.unpack(fmt[1], struct.pack(fmt[0], bits & ((1 << t.bits) - 1)))[0]
    return ConstantFloat(t, value)


# -- sign-bit operations on a float's bits -----------------------------------------------
SIGN_OPS = {"xor": "fneg", "and": "fabs", "or": "nabs"}


def _retype_sign_ops(fn, typed, views) -> bool:
    changed = False
    for inst in list(fn.instructions()):
        found = _sign_op(inst, typed)
        if found is None:
            continue
        op, values = found
        b = Builder().position_before(inst)
        made = _float_sign_op(b, op, values)
        made.location = inst.location
        view = b.cast("bitcast", made, inst.type)
        typed[id(view)] = made
        views.append(view)
        inst.replace_all_uses_with(view)
        _take_name(inst, made)
        inst.erase()
        _fold_casts_back(view, made)
        changed = True
    return changed


def _sign_op(inst, typed):
    """(float operation, float operands) if `inst` is a sign-bit operation on
    the bits of float values; else None."""
    if not isinstance(inst, I.BinaryOp) or inst.opcode not in SIGN_OPS or \
            not _integer(inst.type):
        return None
    for bits_of, other in (inst.operands, reversed(inst.operands)):
        t = _float_type_of(bits_of, typed, inst.type)
        if t is None:
            continue
        sign = 1 << (t.scalar.bits - 1)
        want = sign - 1 if inst.opcode == "and" else sign
        if _splat_value(other, t.scalar.bits) == want:
            return SIGN_OPS[inst.opcode], (typed_form(bits_of, t, typed),)
        magnitude = typed_form(bits_of, t, typed)
        sign_of = _sign_bit_of(other, t, typed)
        if inst.opcode == "or" and sign_of is not None and _is_fabs(magnitude):
            return "copysign", (magnitude, sign_of)
    return None


def _sign_bit_of(v, t, typed):
    """`y` if `v` is `and (bits of y), sign bit` for a float `y` of type `t`."""
    if not isinstance(v, I.BinaryOp) or v.opcode != "and":
        return None
    for bits_of, mask in (v.operands, reversed(v.operands)):
        if _float_type_of(bits_of, typed, v.type) == t and \
                _splat_value(mask, t.scalar.bits) == 1 << (t.scalar.bits - 1):
            return typed_form(bits_of, t, typed)
    return None


def _is_fabs(v) -> bool:
    callee = v.called_function if isinstance(v, I.CallBase) else None
    return callee is not None and callee.name.startswith("llvm.fabs.")


def _float_type_of(v, typed, int_type):
    """The float type (lane for lane like `int_type`) whose bits the integer `v`
    is, if known."""
    known = typed.get(id(v))
    if known is not None:
        t = known.type
    elif isinstance(v, I.Cast) and v.opcode == "bitcast":
        t = v.operands[0].type
    else:
        return None
    if not t.scalar.is_float or t.scalar.kind not in ("half", "float", "double") or \
            t.is_vector != int_type.is_vector or (t.is_vector and t.count != int_type.count):
        return None
    return t


def _splat_value(c, width: int) -> Optional[int]:
    """The unsigned value of integer constant `c`, or of every lane of it."""
    if isinstance(c, ConstantAggregate):
        values = {_splat_value(e, width) for e in c.elements}
        return values.pop() if len(values) == 1 else None
    if isinstance(c, ConstantInt):
        return c.value & ((1 << width) - 1)
    return None


def _float_sign_op(b, op: str, values):
    x = values[0]
    if op == "fneg":
        return b.fneg(x)
    name = "copysign" if op == "copysign" else "fabs"
    callee = b.module.declare_function(f"llvm.{name}.{type_suffix(x.type)}",
                                       FunctionType(x.type, tuple(v.type for v in values)))
    made = b.call(callee, list(values))
    return b.fneg(made) if op == "nabs" else made


# -- integer phis, selects and shuffles passing typed values along -----------------------
def _retype_passers(fn, typed, views) -> bool:
    """Integer phis, selects and lane shuffles whose inputs are all typed values
    (or constants, or other such passers) become passers of the type."""
    passers = {id(i): i for i in fn.instructions() if _is_passer(i)}
    while True:
        kinds = _solve(passers, typed)
        chosen = {k: passers[k] for k in passers if k in kinds}
        untypable = [k for k, inst in chosen.items()
                     if any(id(v) not in chosen and typed_form(v, kinds[k], typed) is None
                            for v in _passed(inst))]
        if not untypable:
            break
        for key in untypable:
            del passers[key]
    if not chosen:
        return False
    _rebuild(chosen, kinds, typed, views)
    return True


def _solve(passers, typed) -> Dict[int, object]:
    """The type of each passer, dropping those whose inputs disagree or are untyped."""
    passers = dict(passers)
    kinds: Dict[int, object] = {}
    changed = True
    while changed:
        changed = False
        for key, inst in list(passers.items()):
            t = _common_type(_passed(inst), typed, kinds, passers)
            if t is None or (t is not True and not _fits(inst, t)):
                del passers[key]
                kinds.pop(key, None)
                changed = True
            elif t is not True and kinds.get(key) != t:
                kinds[key] = t
                changed = True
    return kinds


def _is_passer(inst) -> bool:
    if isinstance(inst, (I.Phi, I.Select)):
        return _integer(inst.type)
    # (a shuffle changing the lane count would change the type's shape too)
    return isinstance(inst, I.ShuffleVector) and _integer(inst.type) and \
        inst.type == inst.operands[0].type


def _fits(inst, t) -> bool:
    """Can `inst` pass values of type `t`?  A shuffle only if each of its lanes
    becomes whole lanes of `t` (an i64 lane two floats, not half a double)."""
    if not isinstance(inst, I.ShuffleVector):
        return True
    return t.is_vector and t.count % inst.type.count == 0


def _passed_at(inst) -> tuple:
    """The operand positions of the values a passer passes along."""
    if isinstance(inst, I.Phi):
        return tuple(range(len(inst.operands)))
    return (1, 2) if isinstance(inst, I.Select) else (0, 1)


def _passed(inst) -> list:
    return [inst.operands[k] for k in _passed_at(inst)]


def _common_type(values, typed, kinds, passers):
    """The one type the values have in typed form; True if none is known yet;
    None if they disagree or one cannot be typed."""
    found = None
    for v in values:
        if id(v) in typed:
            t = typed[id(v)].type
        elif id(v) in passers:
            t = kinds.get(id(v))
            if t is None:
                continue
        elif isinstance(v, (ConstantInt, ConstantUndef, ConstantPoison)):
            continue
        else:
            return None
        if found is not None and found != t:
            return None
        found = t
    return found if found is not None else True


def _typed_passer(inst, t):
    """A passer of type `t` before `inst` (the values passed are set afterwards)."""
    if isinstance(inst, I.Phi):
        made = I.Phi(t, flags=inst.flags)
        inst.parent.insert_before(inst, made)
        return made
    if isinstance(inst, I.Select):
        made = I.Select(*inst.operands, inst.flags)
        made.type = t
    else:
        a, b, mask = inst.operands
        made = I.ShuffleVector(t, a, b, _split_lanes(mask, t.count // inst.type.count))
    return Builder().position_before(inst).insert(made)


def _split_lanes(mask, parts: int):
    """The mask moving the same bytes when each lane is split into `parts` lanes
    (an i64 lane holding two floats)."""
    if parts == 1:
        return mask
    lanes = []
    for m in shuffle_mask(mask):
        lanes.extend(ConstantPoison(I32) if m < 0 else ConstantInt(I32, m * parts + k)
                     for k in range(parts))
    return ConstantAggregate(VectorType(len(lanes), I32), lanes)


def _rebuild(chosen, kinds, typed, views) -> None:
    new: Dict[int, object] = {}
    for key, inst in chosen.items():
        new[key] = _typed_passer(inst, kinds[key])
    for key, inst in chosen.items():
        made, t = new[key], kinds[key]
        values = [new[id(v)] if id(v) in new else typed_form(v, t, typed) for v in _passed(inst)]
        if isinstance(inst, I.Phi):
            for value, block in zip(values, inst.blocks):
                made.add_incoming(value, block)
        else:
            for k, value in zip(_passed_at(inst), values):
                made.set_operand(k, value)
    for key, inst in chosen.items():
        made = new[key]
        block = inst.parent
        at = block.first_non_phi_index() if isinstance(inst, I.Phi) else \
            block.index_of(inst) + 1
        view = Builder(block, at).cast(_view_opcode(made.type), made, inst.type)
        typed[id(view)] = made
        views.append(view)
        inst.replace_all_uses_with(view)
        _take_name(inst, made)
    for inst in chosen.values():
        inst.drop_operands()
    for inst in chosen.values():
        inst.parent.remove(inst)
