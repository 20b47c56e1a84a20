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
floats through (`refuse_duplicated_memory_in_constant_argument`; where the
pointer goes is analysis/pointer_flow's walk, shared with the same check
for globals).
"""
from __future__ import annotations

from ..analysis.activity import address_base, contains_float
from ..analysis.arg_activity import DUPLICATED, Activity
from ..analysis.library import LIFETIME_AND_DEBUG_INTRINSICS
from ..analysis.memory import address_uses
from ..analysis.stack_slots import reloads_of_spill, slot_value
from ..analysis.pointer_flow import CALLS_FOLLOWED, module_callers, pointer_flow, pointer_roots
from ..analysis.type_analysis import base_and_offset, gep_offset
from ..diagnostics import DifferentiationError, at_line, callee_named
from ..ir import instructions as I
from ..ir.types import size_and_align
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
    return [place[0], *(holder[0] for holder in _holders(place))]


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
        elif isinstance(ptr, I.Cast) and ptr.opcode in ("bitcast", "addrspacecast") or \
                _address_read(ptr):
            ptr = ptr.operands[0]
        else:
            break
    if isinstance(ptr, Argument):
        return ("arg", ptr.index), offset
    if depth >= 4:
        return None
    spilled = _spilled(ptr) if isinstance(ptr, I.Load) else None
    if spilled is not None:
        inner = memory_key(spilled, depth + 1)
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


def _address_read(ptr) -> bool:
    """Is `ptr` an integer read from memory made a pointer again (a
    `uintptr_t` field)?  Its memory holds that pointer as a pointer field
    would."""
    return isinstance(ptr, I.Cast) and ptr.opcode == "inttoptr" and \
        isinstance(ptr.operands[0], I.Load)


def _spilled(load):
    """The value `load` reads back from a stack slot or a field of a
    stack struct written once (clang -O0 spills a parameter so, and a
    struct passed by value in registers, field by field); else None."""
    if slot_value(load) is not None:
        return slot_value(load)
    at = _slot_offset(load.pointer)
    if at is None:
        return None
    slot, offset = at
    stores = []
    for user, index in address_uses(slot):
        if getattr(user, "is_debug_record", False) or isinstance(user, I.Load) and index == 0:
            continue
        if not (isinstance(user, I.Store) and index == 1):
            return None             # the slot's address goes elsewhere: a call may write it
        at = _slot_offset(user.pointer)
        if at is None or at[1] == offset:
            stores.append(user)
        elif at[1] < offset + size_and_align(load.type)[0] and \
                offset < at[1] + size_and_align(user.value.type)[0]:
            return None             # a wider store over the field
    return stores[0].value if len(stores) == 1 and stores[0].value.type == load.type else None


def _slot_offset(ptr):
    """(alloca, constant byte offset) `ptr` addresses; else None."""
    found = _base_and_offset(ptr)
    return found if found is not None and isinstance(found[0], I.Alloca) else None


def _base_and_offset(ptr):
    """(base, constant byte offset) of `ptr` through GEPs and bitcasts;
    None when an offset is not constant."""
    base, offset = base_and_offset(ptr)
    return None if isinstance(base, I.GetElementPtr) else (base, offset)


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
    _refuse_constant_alias(parsed, error)
    flows = {index: pointer_flow(caller_object(spec.value), caller.module)
             for index, spec in enumerate(parsed.args)
             if spec.kind in DUPLICATED and spec.value.type.is_pointer}
    for index, spec in enumerate(parsed.args):
        if not flows or spec.kind != Activity.CONST or not spec.value.type.is_pointer or \
                index >= len(fn.args):
            continue
        read = _read_through(fn, index)
        hung = None if read is None else _hung_on(caller, caller_object(spec.value), flows)
        if hung is None:
            continue
        dup, unseen = hung
        how = (f"also stored into the memory of argument {index + 1}, passed constant,"
               if unseen is None else
               f"also handed, with argument {index + 1} (passed constant), to "
               f"{callee_named(unseen)}{at_line(unseen)}, which this tool cannot follow: it may "
               "store the pointer into that memory,")
        raise error(
            f"argument {dup + 1} of '{fn.name}' is passed duplicated, and its pointer is {how} "
            f"through which '{fn.name}' {read}: those reads would carry no derivative "
            f"(that memory has no shadow there); pass argument {index + 1} duplicated "
            "too, or the memory only as the argument")


def _refuse_constant_alias(parsed, error) -> None:
    """A pointer passed constant into the object a duplicated argument
    points into (`enzyme_dup, x, dx, enzyme_const, x + k`): what the
    function reads through the constant one is x and carries no
    derivative (f = x[0] c[0] got x[0] where central differences give
    2 x[0]), and what it writes there overwrites x unseen.  Refused unless
    the bytes the function touches through each are known and apart."""
    fn = parsed.function
    callers = module_callers(fn.module)
    for index, spec in enumerate(parsed.args):
        if spec.kind != Activity.CONST or not spec.value.type.is_pointer or \
                index >= len(fn.args):
            continue
        for dup, other in enumerate(parsed.args):
            if other.kind not in DUPLICATED or dup >= len(fn.args) or \
                    not one_object(spec.value, other.value, callers):
                continue
            how, span = _touched_through(fn.args[index])
            if how is None or _apart(fn, (spec.value, span), (other.value, dup)):
                continue
            if _same_address(spec.value, other.value) and how != "writes":
                raise error(
                    f"argument {index + 1} of '{fn.name}' is passed constant, but it is the "
                    f"pointer passed duplicated as argument {dup + 1}, and '{fn.name}' {how} "
                    "through it: those reads would carry no derivative; pass the memory only "
                    "once, duplicated, or a copy of it as the constant")
            raise error(
                f"argument {index + 1} of '{fn.name}' is passed constant, but it points into "
                f"the object argument {dup + 1} (passed duplicated) points into, and "
                f"'{fn.name}' {how} through it at bytes that may be ones it reaches through "
                f"argument {dup + 1} or the caller through its shadow: that memory's derivative "
                "would be lost; pass the memory "
                "only once, duplicated, or a copy of it as the constant")


def held_by(caller, flow, holder) -> bool:
    """May the caller have stored the pointer whose `pointer_flow` is
    `flow` into the memory its pointer `holder` points to (or handed both
    to a call this cannot follow)?"""
    return _hung_on(caller, caller_object(holder), {0: flow}) is not None


def one_object(a, b, callers) -> bool:
    """May the caller's pointers `a` and `b` point into one object?  (Known
    to: the same address base, also through -O0's local variables and
    the calls of the caller's own function.)"""
    if _same_address(a, b):
        return True
    roots = {id(r) for r in pointer_roots(caller_object(a), CALLS_FOLLOWED, callers)}
    return any(id(r) in roots
               for r in pointer_roots(caller_object(b), CALLS_FOLLOWED, callers))


def _apart(fn, const, dup) -> bool:
    """Are the bytes `fn` touches through the constant argument (its
    caller's pointer, its span) apart from those through the duplicated
    one (its caller's pointer, its index)?  Only when both spans and both
    addresses (one object, constant offsets) are known, and the constant
    bytes lie below the duplicated pointer: its shadow covers an extent
    the caller alone knows, from its address up, not only the bytes `fn`
    touches through it (`kernel(x, x + 3)` with x holding 5 doubles and
    x[3], x[4] read and written only through the constant one: their
    adjoints in the shadow were kept unseen, fuzz49 seed 12716)."""
    (const_ptr, const_span), (dup_ptr, dup_index) = const, dup
    dup_span = _touched_through(fn.args[dup_index])[1]
    first, second = _address(const_ptr), _address(dup_ptr)
    if const_span is None or dup_span is None or first is None or second is None or \
            first[0] != second[0]:
        return False
    lo, end = first[1] + const_span[0], first[1] + const_span[1]
    other_lo = second[1] + dup_span[0]
    return lo == end or end <= min(other_lo, second[1])


def _touched_through(param):
    """(how, span) of what a function does through its pointer parameter
    itself: `how` "writes", "reads floats", "hands that memory to a call"
    or "passes its address on" (None when it only reads other types or
    nothing); `span` the bytes [lo, end) it loads and stores there ((0, 0)
    for none), None unless every use of the address is such an access at
    a constant offset (also through clang -O0's stack slot)."""
    how, span = None, (0, 0)
    for use, user, offset in _address_users(param):
        if isinstance(user, I.Load) and use == 0 or isinstance(user, I.Store) and use == 1:
            t = user.type if isinstance(user, I.Load) else user.value.type
            if isinstance(user, I.Store):
                how = "writes"
            elif how is None and contains_float(t):
                how = "reads floats"
            size = size_and_align(t)[0]
            if span is not None and offset is not None and size is not None:
                span = (min(span[0], offset), max(span[1], offset + size)) \
                    if span != (0, 0) else (offset, offset + size)
            else:
                span = None
        elif not (isinstance(user, I.CallBase) and _is_marker_call(user)):
            how = how if how == "writes" else "hands that memory to a call" \
                if isinstance(user, I.CallBase) else "passes its address on"
            span = None
    return how, span


def _address_users(ptr, offset=0, seen=None):
    """(operand index, user, constant byte offset or None) of every use of
    address `ptr`, through GEPs, bitcasts, clang -O0's stack slot, and
    phis and selects (a pointer walk: at offsets not known)."""
    seen = set() if seen is None else seen
    if id(ptr) in seen:
        return
    seen.add(id(ptr))
    for user in list(ptr.users):
        if getattr(user, "is_debug_record", False) or isinstance(user, I.Compare):
            continue                # comparing addresses touches no memory
        if isinstance(user, I.GetElementPtr) and user.operands[0] is ptr:
            found = gep_offset(user.source_type, user.indices)
            step = None if found is None or found[1] or offset is None else offset + found[0]
            yield from _address_users(user, step, seen)
        elif isinstance(user, I.Cast) and user.opcode in ("bitcast", "addrspacecast"):
            yield from _address_users(user, offset, seen)
        elif isinstance(user, I.Phi) or isinstance(user, I.Select) and user.operands[0] is not ptr:
            yield from _address_users(user, None, seen)
        elif isinstance(user, I.Store) and user.value is ptr and \
                reloads_of_spill(user) is not None:
            for load in reloads_of_spill(user):
                yield from _address_users(load, offset, seen)
        else:
            yield user.operands.index(ptr), user, offset


def _hung_on(caller, holder, flows):
    """(index, None) for the duplicated argument whose pointer the caller
    may store into object `holder`, itself, through the helpers it hands
    it to (`init(&p, x)`, also through function pointers, `*p = make(x)`),
    or through memory it is copied on (`tmp.data = x; *p = tmp`); (index,
    call) where it hands it together with `holder` to a call this cannot
    follow; else None.  `flows`: index -> its pointer_flow."""
    callers = module_callers(caller.module)
    for index, (copies, unseen) in flows.items():
        if any(_is_object(root, holder) for _, roots in copies for root in roots):
            return index, None
        for call in unseen:
            if any(_is_object(root, holder) for a in call.args if a.type.is_pointer
                   for root in pointer_roots(a, CALLS_FOLLOWED, callers)):
                return index, call
    return None


def _is_object(root, holder) -> bool:
    return root is holder or caller_object(root) is holder


def caller_object(ptr):
    """The object `ptr` points into, through clang -O0's local variables."""
    base = address_base(ptr)
    for _ in range(4):
        if not (isinstance(base, I.Load) and slot_value(base) is not None):
            break
        base = address_base(slot_value(base))
    return base


def _read_through(fn, index: int, direct: bool = False):
    """How `fn` reads through pointers held in its parameter `index`'s
    memory (`direct`: through the parameter itself): "reads floats" (a
    float load through a pointer loaded there) or "hands that memory to a
    call"; None when it does neither."""
    for inst in fn.instructions():
        key = memory_key(inst.pointer) if isinstance(inst, I.Load) and \
            contains_float(inst.type) else None
        if key is not None and (direct or key[0][0] == "load") and _parameter_of(key) == index:
            return "reads floats"
        if isinstance(inst, I.CallBase) and not _is_marker_call(inst) and any(
                a.type.is_pointer and memory_key(a) is not None and
                _parameter_of(memory_key(a)) == index for a in inst.args):
            return "hands that memory to a call"
    return None


def _same_address(a, b) -> bool:
    """Are the caller's pointers `a` and `b` the same address (one object,
    one constant offset), through clang -O0's local variables?"""
    first, second = _address(a), _address(b)
    return first is not None and first == second


def _address(ptr):
    """(id of the object, constant byte offset) of `ptr`, also through
    addrspacecasts and -O0's local variables; None when the offset is not
    constant."""
    offset = 0
    for _ in range(16):
        found = _base_and_offset(ptr)
        if found is None:
            return None
        ptr, offset = found[0], offset + found[1]
        if isinstance(ptr, I.Cast) and ptr.opcode == "addrspacecast":
            ptr = ptr.operands[0]
        elif isinstance(ptr, I.Load) and slot_value(ptr) is not None:
            ptr = slot_value(ptr)
        else:
            return id(ptr), offset
    return None
