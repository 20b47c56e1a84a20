"""Structs and arrays as SSA values, when they hold pointers.

x86-64 returns a 16-byte struct in two registers, so a C helper returning
`struct { double *p; long n; }` returns a first-class `{ptr, i64}`; Rust's
slices, flang's array descriptors and C++'s spans and pairs after SROA are
such values too.  Their pointers need shadows like any other pointer.

The shadow of an aggregate is a value of the same type, made by the same
instructions (insertvalue, extractvalue, select, phi, load, call) applied
to the shadows of their operands: each pointer field holds the shadow of
the primal's pointer.  Integer fields carry nothing (insertvalue puts the
primal's integer there, a load of shadow memory what that holds) and are
never read as derivatives.  Float
fields hold, in forward mode, the tangents: a `{ptr, double}` has one
shadow aggregate that serves as its tangent too.  In reverse mode the
float fields of a shadow aggregate mean nothing; the adjoint of a
`{ptr, double}` is a value of the same type whose float fields are
adjoints (`add_values` adds only those).

Memory is written field by field: a whole-aggregate store writes the
shadows of its pointer fields into the shadow memory (and in forward mode
the tangents of its float fields), leaving the bytes of other fields,
which hold adjoints in reverse mode, alone.
"""
from __future__ import annotations

from ..analysis.activity import contains_float, contains_pointers, holds_pointers, trivial_pointers
from ..analysis.arg_activity import DUPLICATED, Activity
from ..diagnostics import DifferentiationError
from ..ir.clone import clone_instruction
from ..ir.constants import ConstantInt, zero_of
from ..ir.types import I32, size_and_align
from .unsupported import refuse_unshadowed_pointer_store

# Fields a whole-aggregate store writes one by one: more is refused.
MAX_FIELDS = 256


def is_pointer_aggregate(t) -> bool:
    """A struct or array with a pointer inside (not a plain pointer)."""
    return t.is_aggregate and contains_pointers(t)


def returns_gradient(t, kind: Activity) -> bool:
    """Does a parameter of type `t` passed as `kind` get a gradient back: an
    active scalar, or a duplicated aggregate with float fields (`{ptr,
    double}`: its pointer has a shadow, its double an adjoint)."""
    return kind == Activity.OUT or (kind in DUPLICATED and t.is_aggregate and contains_float(t))


def leaf_paths(t, wanted, prefix=()):
    """Index paths of the leaves of aggregate `t` that `wanted` accepts."""
    if t.is_struct:
        parts = enumerate(t.elements)
    elif t.is_array:
        parts = ((k, t.element) for k in range(t.count))
    else:
        return [prefix] if wanted(t) else []
    out = []
    for k, e in parts:
        out.extend(leaf_paths(e, wanted, prefix + (k,)))
    return out


def float_paths(t):
    return leaf_paths(t, lambda e: e.scalar.is_float)


def field_offset(t, path) -> int:
    """Byte offset of the field at `path` inside a value of type `t`."""
    offset = 0
    for k in path:
        if t.is_array:
            offset += k * size_and_align(t.element)[0]
            t = t.element
            continue
        pos = 0
        for i, e in enumerate(t.elements):
            size, align = size_and_align(e)
            if not t.packed:
                pos = (pos + align - 1) // align * align
            if i == k:
                break
            pos += size
        offset += pos
        t = t.elements[k]
    return offset


def _field_type(t, path):
    for k in path:
        t = t.element if t.is_array else t.elements[k]
    return t


def _field_align(t, path, align) -> int:
    """The alignment a field access may claim, from the whole access's."""
    align = align or size_and_align(t)[1]
    offset = field_offset(t, path)
    while offset % align:
        align //= 2
    return align


def store_fields(b, value, ptr, paths, align) -> None:
    """Store the fields of aggregate `value` at `paths` through `ptr`, which
    points to a value of its type, each with a store of its own."""
    t = value.type
    module = b.module
    for path in paths:
        field = _field_type(t, path)
        indices = [ConstantInt(I32, 0)] + [ConstantInt(I32, k) for k in path]
        where = b.gep(t, ptr, indices, module.pointer_to(field))
        b.store(b.extractvalue(value, list(path)), where, _field_align(t, path, align))


def checked_paths(t, wanted, function, inst):
    """leaf_paths, or a located error for an aggregate too large to split."""
    paths = leaf_paths(t, wanted)
    if len(paths) > MAX_FIELDS:
        raise DifferentiationError(
            f"cannot differentiate a store of a {t} holding pointers: more than {MAX_FIELDS} "
            "fields", function=function, instruction=inst)
    return paths


# -- forward mode -------------------------------------------------------------------------
def mirror_forward(gen, b, inst, lane):
    """The shadow of `inst` (insertvalue, extractvalue, select of aggregates):
    the instruction again, on the shadows of operands that hold pointers and
    the tangents of float ones."""
    def derivative(op):
        if contains_pointers(op.type):
            return _operand_shadow(lambda: gen.shadow(op)[lane], gen.primal, inst)
        return gen.tangent(op)[lane] if contains_float(op.type) else None
    return b.insert(_clone_on(inst, derivative), (inst.name or "v") + "'")


def mirror_reverse(gen, b, inst, name):
    """The shadow of insertvalue or extractvalue `inst` in the forward pass
    of a reverse-mode derivative: the instruction again, on the shadows of
    the operands that hold pointers."""
    def shadow(op):
        if contains_pointers(op.type):
            return _operand_shadow(lambda: gen.shadow_value(op), gen.primal, inst)
        return None
    return b.insert(_clone_on(inst, shadow), name)


def _clone_on(inst, replacement):
    """A copy of `inst` whose operands are replaced where `replacement` gives
    a value."""
    copy = clone_instruction(inst)
    copy.name = None
    for index, op in enumerate(inst.operands):
        new = replacement(op)
        if new is not None:
            copy.set_operand(index, new)
    return copy


def _operand_shadow(lookup, function, inst):
    """lookup(), or a located error: a pointer without a shadow (an
    enzyme_const argument's) meets one with a shadow in one aggregate."""
    try:
        return lookup()
    except DifferentiationError:
        raise DifferentiationError(
            "cannot differentiate an aggregate holding both a pointer without a shadow "
            "(constant, or reached through an enzyme_const argument) and pointers with "
            "shadows (mark the argument enzyme_dup)", function=function,
            instruction=inst) from None


def check_tangent_argument(gen, call, arg) -> None:
    """An active struct whose pointers have no shadow (a constant table's
    beside a double) cannot be passed to a tangent function: it would take
    the struct's null pointer fields for shadows."""
    if is_pointer_aggregate(arg.type) and not trivial_pointers(arg):
        raise DifferentiationError(
            f"cannot differentiate passing a {arg.type} whose pointers have no shadow "
            "(constant, or reached through an enzyme_const argument) beside floats that carry "
            "tangents", function=gen.primal, instruction=call)


def store_forward(gen, b, inst) -> None:
    """A whole-aggregate store into shadowed memory: the shadows of its
    pointer fields and the tangents of its float fields go to the shadow."""
    value, ptr = inst.operands
    paths = checked_paths(value.type, lambda e: holds_pointers(e) or e.scalar.is_float,
                          gen.primal, inst)
    shadows = _stored_shadows(gen, inst, lambda v: gen.shadow(v))
    for lane, s in enumerate(gen.shadow(ptr)):
        store_fields(b, shadows[lane], s, paths, inst.align)


def _stored_shadows(gen, inst, shadow_of):
    """The shadow lanes of the aggregate a store writes; a located error if its
    pointers have none (an enzyme_const argument's pointer, say)."""
    value = inst.value
    try:
        return shadow_of(value)
    except DifferentiationError:
        refuse_unshadowed_pointer_store(inst, gen.primal, gen.fwd_args)


# -- reverse mode -------------------------------------------------------------------------
def store_reverse_forward_pass(gen, b, inst) -> None:
    """In the forward pass of a reverse-mode derivative: the shadows of the
    pointer fields of a stored aggregate go to the shadow memory; its float
    fields' bytes there hold adjoints, which the store's reverse takes."""
    paths = checked_paths(inst.value.type, holds_pointers, gen.primal, inst)
    shadow = _stored_shadows(gen, inst, lambda v: gen.shadow_value(v))
    store_fields(b, shadow, gen.shadow_value(inst.pointer), paths, inst.align)


def clear_float_fields(b, old):
    """`old` with its float fields zeroed, its other fields kept: what the
    reverse of a store leaves in the shadow memory of a mixed aggregate."""
    t = old.type
    if not t.is_aggregate:
        return zero_of(t)
    if all(e.scalar.is_float for e in _leaf_types(t)):
        return zero_of(t)
    for path in float_paths(t):
        old = b.insertvalue(old, zero_of(_field_type(t, path)), list(path))
    return old


def _leaf_types(t):
    if t.is_struct:
        for e in t.elements:
            yield from _leaf_types(e)
    elif t.is_array:
        yield from _leaf_types(t.element)
    else:
        yield t
