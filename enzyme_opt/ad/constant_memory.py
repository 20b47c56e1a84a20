"""Derivative-carrying data written into memory that has no shadow.

An `enzyme_const` argument's memory (a context struct, a lambda's captures)
has no shadow.  An active value stored there, or a pointer with a shadow, or
active bytes copied there, loses its derivative: harmless while nobody
reads it back, silently wrong when somebody does.  So such a write is
refused when the memory is read again (a load, or a call getting it) in
the function that writes it; when it is not, and the memory is a
parameter's, the function records the place (`note_escape`) and each
caller checks its own reads after the call
(`refuse_escaped_writes_read_back`), passing the question up again when
the memory is its parameter's too.  Places are keys (root, byte offset):
the root a parameter, or ("load", key) for a pointer loaded from a place.
At the API call, the converse: a duplicated argument's pointer the caller
stores into a constant argument's memory, which the function then reads
floats through (`refuse_duplicated_memory_in_constant_argument`).
"""
from __future__ import annotations

from ..analysis.activity import address_base, contains_float, spilled_value
from ..analysis.arg_activity import DUPLICATED, Activity
from ..analysis.library import LIFETIME_AND_DEBUG_INTRINSICS
from ..analysis.type_analysis import gep_offset
from ..diagnostics import DifferentiationError
from ..ir import instructions as I
from ..ir.values import Argument

# What was written: an active value, a pointer with a shadow, or the integer
# address of memory with a shadow (a uintptr_t a function pointer returned).
VALUE, POINTER, ADDRESS = "value", "pointer", "address"


def _may_hold_pointer(t) -> bool:
    """Can a load of type `t` read a stored pointer back: as a pointer, or
    as its integer (`p = (double *)b->bits`: clang -O2 keeps the i64 load
    and the inttoptr, whose pointer has no shadow)?"""
    return t.is_pointer or t.is_int


def _reads(kind: str, load) -> bool:
    """Does `load` read back what `kind` wrote, as that?"""
    if kind == VALUE:
        return contains_float(load.type)
    if kind == POINTER:
        return _may_hold_pointer(load.type)
    return load.type.is_pointer or (load.type.is_int and _made_address(load, 0))


def _made_address(v, depth: int) -> bool:
    """Does integer `v` become a pointer (`inttoptr`), through address
    arithmetic, phis and selects?"""
    if depth > 8:
        return False
    for user in v.users:
        if isinstance(user, I.Cast) and user.opcode == "inttoptr":
            return True
        if isinstance(user, (I.Phi, I.Select, I.Freeze)) or (
                isinstance(user, I.BinaryOp) and
                user.opcode in ("add", "sub", "and", "or", "xor")):
            if _made_address(user, depth + 1):
                return True
    return False


def written_place(ptr, whole: bool = False):
    """The key of the memory a write through `ptr` reaches (`whole`: all of
    the object, for copies of many bytes); None when not rooted in a
    parameter."""
    key = memory_key(ptr)
    return key if key is None or not whole else (key[0], None)


def is_wide(t) -> bool:
    """Does a value of type `t` span more than one scalar's place (a struct,
    array or vector: places compare by start offset, so it matches any)?"""
    return t.is_vector or t.is_aggregate


def read_back(fn, info, place, kind: str, skip=None) -> bool:
    """Is memory `place` loaded again in `fn` as what `kind` was written,
    through a pointer without a shadow, or handed to a call other than
    `skip` (a callee may read it)?"""
    if place is None:
        return False
    return any(isinstance(inst, I.Load) and _reads(kind, inst) and
               not info.has_shadow(inst.pointer) and
               _may_read(written_place(inst.pointer, is_wide(inst.type)), place) or
               (inst is not skip and _passes_on(inst, place))
               for inst in fn.instructions())


def _may_read(read, place) -> bool:
    """May a load of `read` read what was written at `place`: the same
    place, or one of the two reached through a pointer that the other's
    object holds (or one it holds in turn)?  The caller may have pointed it
    back into that object (`c->parr = c->arr`; the write `c->arr[i] = y`,
    the read `c->parr[i]`), which places name apart (fuzzer seeds 10996,
    11040: gradient 0, exit 0).  A load of the slot holding such a pointer
    reads the pointer, not what was written through it."""
    if read is None or place is None:
        return False
    if same_place(read, place):
        return True
    read_holders, written_holders = _holders(read), _holders(place)
    if not (read_holders or written_holders) or \
            any(_is_slot(read, h) for h in written_holders) or \
            any(_is_slot(place, h) for h in read_holders):
        return False
    return any(_same_object(a[0], b[0]) for a in [read, *read_holders]
               for b in [place, *written_holders])


def _is_slot(place, holder) -> bool:
    """Is `place` exactly the slot `holder` (both at known offsets)?"""
    return place[1] is not None and place[1] == holder[1] and _same_object(place[0], holder[0])


def _holders(place) -> list:
    """The places holding the pointers `place` is reached through,
    innermost first."""
    holders, root = [], place[0]
    while root[0] == "load":
        holders.append(root[1])
        root = root[1][0]
    return holders


def _passes_on(inst, place) -> bool:
    """Does call `inst` get a pointer into the object `place` is in, or into
    one holding a pointer to it (a callee may read what was written)?"""
    if not isinstance(inst, I.CallBase) or _is_marker_call(inst):
        return False
    objects = _objects_around(place)
    for a in inst.args:
        key = memory_key(a) if a.type.is_pointer else None
        if key is not None and any(_same_object(key[0], o) for o in objects):
            return True
    return False


def _objects_around(place) -> list:
    """The roots of `place` and of the places holding the pointers it is
    reached through, innermost first."""
    roots, root = [], place[0]
    while True:
        roots.append(root)
        if root[0] != "load":
            return roots
        root = root[1][0]


def _same_object(a, b) -> bool:
    if a[0] != b[0]:
        return False
    return a[1] == b[1] if a[0] == "arg" else same_place(a[1], b[1])


def _is_marker_call(call) -> bool:
    callee = call.called_function
    return callee is not None and callee.name.startswith(LIFETIME_AND_DEBUG_INTRINSICS)


def note_escape(escaped, function, fwd_args, place, kind: str) -> bool:
    """Record in `escaped` that `function` writes `kind` into `place` of its
    parameter's memory, for its callers; False when `place` is no
    parameter's."""
    translated = _as_primal_place(place, fwd_args)
    if translated is None or escaped is None:
        return False
    escaped.setdefault(id(function), set()).add((translated, kind))
    return True


def refuse_escaped_writes_read_back(gen, call, callee) -> None:
    """`callee` wrote an active value, a pointer with a shadow or active
    bytes into memory of its parameter that has no shadow, and did not read
    it back (`note_escape`).  Where this call's argument there has no shadow
    either and the caller reads that place again (a load, or another call
    getting the memory), the read would carry no derivative: refused.  A
    place in the caller's own parameter's memory is noted for its caller."""
    fn = call.parent.parent
    for place, kind in sorted(gen.ctx.escaped_writes.get(id(callee), ()), key=repr):
        index = _parameter_of(place)
        arg = call.args[index]
        if gen.info.has_shadow(arg):
            continue
        arg_key = memory_key(arg)
        here = _rebase(place, arg_key) if arg_key is not None else None
        if here is None:
            if _object_read(fn, gen.info, call, arg):
                _refuse_call(gen, call, callee, index, kind)
            continue
        if read_back(fn, gen.info, here, kind, skip=call):
            _refuse_call(gen, call, callee, index, kind)
        note_escape(gen.ctx.escaped_writes, gen.primal, gen.fwd_args, here, kind)


_WRITTEN = {VALUE: "an active value", POINTER: "a pointer with a shadow",
            ADDRESS: "the address of memory with a shadow, as an integer,"}


def _refuse_call(gen, call, callee, index: int, kind: str) -> None:
    who = f"'{callee.name}'" if call.called_function is callee else \
        f"a call through a function pointer (it may be '{callee.name}')"
    raise DifferentiationError(
        f"cannot differentiate {who}: it writes {_WRITTEN[kind]} into the memory of its "
        f"argument {index + 1}, which has no shadow (an enzyme_const argument's), and that "
        "memory is read again here: the derivative would be lost; pass that memory as a "
        "duplicated argument", function=gen.primal, instruction=call)


def _object_read(fn, info, call, arg) -> bool:
    """Memory not rooted in a parameter (a local without a shadow): is the
    object `arg` points into loaded in `fn` without a shadow, or handed to
    another call?"""
    root = _object_of(arg)
    for inst in fn.instructions():
        if inst is call:
            continue
        if isinstance(inst, I.Load) and not info.has_shadow(inst.pointer) and \
                _object_of(inst.pointer) is root:
            return True
        if isinstance(inst, I.CallBase) and not _is_marker_call(inst) and any(
                a.type.is_pointer and _object_of(a) is root for a in inst.args):
            return True
    return False


def _object_of(ptr):
    """The object `ptr` points into, behind any pointers loaded on the way."""
    base = address_base(ptr)
    while isinstance(base, I.Load):
        base = address_base(base.pointer)
    return base


# -- places ---------------------------------------------------------------------------------
def memory_key(ptr, depth: int = 0):
    """Where `ptr` points, as (root, byte offset): the root ("arg", index)
    of the function's argument, or ("load", key) for a pointer loaded from
    such a place; the offset None when not constant.  A call to a function
    returning (an offset of) its parameter is that argument's memory at an
    unknown offset.  None when rooted elsewhere."""
    offset = 0
    while True:
        if isinstance(ptr, I.GetElementPtr):
            found = gep_offset(ptr.source_type, ptr.indices)
            offset = None if found is None or found[1] or offset is None else offset + found[0]
            ptr = ptr.operands[0]
        elif isinstance(ptr, I.Cast) and ptr.opcode in ("bitcast", "addrspacecast"):
            ptr = ptr.operands[0]
        else:
            break
    if isinstance(ptr, Argument):
        return ("arg", ptr.index), offset
    if depth >= 4:
        return None
    if isinstance(ptr, I.Load) and spilled_value(ptr) is not None:
        inner = memory_key(spilled_value(ptr), depth + 1)
        return (inner[0], None if inner[1] is None or offset is None else inner[1] + offset) \
            if inner is not None else None
    if isinstance(ptr, I.Load):
        inner = memory_key(ptr.pointer, depth + 1)
        return (("load", inner), offset) if inner is not None else None
    if isinstance(ptr, I.CallBase):
        returned = returned_place(ptr.called_function, depth + 1)
        if returned is not None and _parameter_of(returned) < len(ptr.args):
            arg_key = memory_key(ptr.args[_parameter_of(returned)], depth + 1)
            return _rebase(returned, arg_key) if arg_key is not None else None
    return None


def returned_place(fn, depth: int = 0):
    """The object, reached from a parameter, that every pointer `fn` returns
    points into (`return &c->v;`, `return c->buf;`), at an unknown offset;
    else None."""
    if fn is None or fn.is_declaration or not fn.return_type.is_pointer:
        return None
    keys = [memory_key(inst.value, depth) for inst in fn.instructions()
            if isinstance(inst, I.Return)]
    if not keys or any(key is None for key in keys) or len({repr(k[0]) for k in keys}) != 1:
        return None
    return keys[0][0], None


def same_place(a, b) -> bool:
    """May keys `a` and `b` name the same memory?"""
    if a is None or b is None:
        return False
    (root_a, off_a), (root_b, off_b) = a, b
    if off_a is not None and off_b is not None and off_a != off_b:
        return False
    return _same_object(root_a, root_b)


def _parameter_of(place):
    """The argument index at the bottom of `place`."""
    root = place[0]
    while root[0] == "load":
        root = root[1][0]
    return root[1]


def _rebase(place, arg_key):
    """`place`, a key rooted at a callee's parameter, as a key in the caller
    whose argument there is at `arg_key`."""
    root, offset = place
    if root[0] == "arg":
        base_root, base_offset = arg_key
        return base_root, (None if offset is None or base_offset is None
                           else base_offset + offset)
    return ("load", _rebase(root[1], arg_key)), offset


def _as_primal_place(place, fwd_args):
    """`place`, keyed by the copy's argument index, keyed by the primal's
    parameter index instead (the copy may have more arguments); None when
    not a primal parameter's."""
    if place is None:
        return None
    root, offset = place
    if root[0] == "load":
        inner = _as_primal_place(root[1], fwd_args)
        return (("load", inner), offset) if inner is not None else None
    found = [i for i, a in enumerate(fwd_args) if isinstance(a, Argument) and a.index == root[1]]
    return (("arg", found[0]), offset) if found else None


# -- duplicated memory hung on a constant argument by the caller ---------------------------
def refuse_duplicated_memory_in_constant_argument(parsed, error) -> None:
    """The caller stores a duplicated argument's pointer into the memory a
    constant argument points to (`c.data = x; __enzyme_autodiff(f,
    enzyme_dup, x, dx, enzyme_const, &c)`), and the function reads floats
    through a pointer loaded from that argument's memory, or hands that
    memory to a call: those reads of x carry no derivative (they find no
    shadow beside the copy).  `error(message)` makes the located error."""
    caller, fn = parsed.call.parent.parent, parsed.function
    duplicated = {id(_caller_object(spec.value)): index for index, spec in enumerate(parsed.args)
                  if spec.kind in DUPLICATED and spec.value.type.is_pointer}
    if not duplicated:
        return
    for index, spec in enumerate(parsed.args):
        if spec.kind != Activity.CONST or not spec.value.type.is_pointer or \
                index >= len(fn.args):
            continue
        hung = _hung_on(caller, _caller_object(spec.value), duplicated)
        read = None if hung is None else _read_through(fn, index)
        if read is not None:
            raise error(
                f"argument {hung + 1} of '{fn.name}' is passed duplicated, and its pointer is "
                f"also stored into the memory of argument {index + 1}, passed constant, "
                f"through which '{fn.name}' {read}: those reads would carry no derivative "
                f"(that memory has no shadow there); pass argument {index + 1} duplicated "
                "too, or the memory only as the argument")


def _hung_on(caller, holder, duplicated):
    """The index of the duplicated argument whose pointer `caller` stores
    into object `holder`, itself or through a helper it calls
    (`init(&p, x)`); else None.  `duplicated`: id(object) -> index."""
    for inst in caller.instructions():
        if isinstance(inst, I.Store) and _caller_object(inst.pointer) is holder and \
                id(_stored_object(inst.value)) in duplicated:
            return duplicated[id(_stored_object(inst.value))]
        callee = inst.called_function if isinstance(inst, I.CallBase) else None
        if callee is None or callee.is_declaration:
            continue
        objects = [_caller_object(a) if a.type.is_pointer else None for a in inst.args]
        for i, source in enumerate(objects):
            for j, target in enumerate(objects):
                if i != j and id(source) in duplicated and target is holder and \
                        _keeps_parameter_in(callee, i, j, 3):
                    return duplicated[id(source)]
    return None


def _keeps_parameter_in(fn, source: int, holder: int, depth: int) -> bool:
    """Does `fn`, or a function it calls (`depth` calls deep), store a
    pointer into its parameter `source`'s memory into the memory of its
    parameter `holder`?"""
    if fn is None or fn.is_declaration:
        return False
    for inst in fn.instructions():
        if isinstance(inst, I.Store):
            value = inst.value.operands[0] if isinstance(inst.value, I.Cast) and \
                inst.value.opcode == "ptrtoint" else inst.value
            kept = memory_key(value) if value.type.is_pointer else None
            into = memory_key(inst.pointer)
            if kept is not None and into is not None and kept[0] == ("arg", source) and \
                    _parameter_of(into) == holder:
                return True
        elif isinstance(inst, I.CallBase) and depth > 0:
            keys = [memory_key(a) if a.type.is_pointer else None for a in inst.args]
            if any(k is not None and k[0] == ("arg", source) and h is not None and
                   _parameter_of(h) == holder and
                   _keeps_parameter_in(inst.called_function, i, j, depth - 1)
                   for i, k in enumerate(keys) for j, h in enumerate(keys) if i != j):
                return True
    return False


def _caller_object(ptr):
    """The object `ptr` points into, through clang -O0's local variables."""
    base = address_base(ptr)
    for _ in range(4):
        if not (isinstance(base, I.Load) and spilled_value(base) is not None):
            break
        base = address_base(spilled_value(base))
    return base


def _stored_object(value):
    """The object a stored pointer (or its `ptrtoint`) points into; None
    for other values."""
    if isinstance(value, I.Cast) and value.opcode == "ptrtoint":
        value = value.operands[0]
    return _caller_object(value) if value.type.is_pointer else None


def _read_through(fn, index: int):
    """How `fn` reads through pointers held in its parameter `index`'s
    memory: "reads floats" (a float load through a pointer loaded there) or
    "hands that memory to a call"; None when it does neither."""
    for inst in fn.instructions():
        key = memory_key(inst.pointer) if isinstance(inst, I.Load) and \
            contains_float(inst.type) else None
        if key is not None and key[0][0] == "load" and _parameter_of(key) == index:
            return "reads floats"
        if isinstance(inst, I.CallBase) and not _is_marker_call(inst) and any(
                a.type.is_pointer and memory_key(a) is not None and
                _parameter_of(memory_key(a)) == index for a in inst.args):
            return "hands that memory to a call"
    return None
