"""Floats and pointers passed or returned as integer bits: call a variant of
the callee taking or returning the float or the pointer.

C code hands a double to a helper as `uint64_t` (memcpy'd into an integer,
or clang folding that to `bitcast double to i64`), or an address as
`uintptr_t`, and the helper stores the bits into memory or turns them back
into a double or a pointer.  A derivative cannot follow an integer
parameter, nor a shadow; they can follow a float or a pointer one.  Passing
the float or pointer itself to a copy of the callee whose parameter is that
value, and whose body starts with the same cast to the integer, changes
nothing in what runs; inside the copy a store of those bits is a store of
the value (`store (bitcast x to i64), p` and `store x, p` write the same
bytes), and bits cast back are the value, so the derivative or the shadow
follows it.  The bits passed are a cast of the value, or an integer load the
callee turns into one (a uint64_t array element memcpy'd into a double):
that load becomes a load of the value.

The same holds for a helper returning a value's bits (`uint64_t
bits_of(double)`, `uintptr_t address_of(double *)`: a cast at -O1 and above,
a load of the memcpy'd bytes at -O0): the variant returns the value, and
the caller casts it back to the integer for the uses.

Where the bits go elsewhere (integer arithmetic, a declaration), nothing is
rewritten and typed_memory.check_untyped_moves refuses what would be lost.
"""
from __future__ import annotations

from ..analysis.activity import int_pointer_base
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.clone import clone_body
from ..ir.constants import ConstantInt, ConstantPoison, ConstantUndef, MetadataValue
from ..ir.types import FunctionType
from ..transforms.typed_copies import retype_load, typed_type
from .typed_memory import bits_passed, moves_bits_on


def pass_bits_as_values(fn, variants: dict, analysis) -> bool:
    """In `fn` (an AD copy), calls passing a float's or a pointer's bits as an
    integer to a function with a body that moves those bits on call its
    variant taking the value (made once per module: `variants` is the
    context's cache; `analysis` gives a callee's type analysis); True if any
    did."""
    changed = False
    for call, callee in calls_of_bodies(fn):
        values = {}                 # argument index -> the value its bits are
        for k, arg in enumerate(call.args[:len(callee.args)]):
            value = _value_of_bits(arg)
            if value is not None and (moves_bits_on(callee.args[k]) or (
                    value.type.is_pointer and (returns_offset_of(callee.args[k]) or
                                               offset_made_pointer(callee.args[k])))):
                values[k] = value
            elif isinstance(arg, I.Load) and arg.type.is_int and not arg.volatile:
                value_type = _type_of_param(callee.args[k], analysis(callee), analysis)
                if value_type is not None:
                    values[k] = retype_load(arg, value_type)[1]
        if not values:
            continue
        retyped = tuple(sorted(values))
        variant = taking_values(callee, retyped, [values[k].type for k in retyped], variants)
        for k in retyped:
            call.set_operand(k, values[k])
        call.set_operand(len(call.operands) - 1, variant)
        call.function_type = variant.function_type
        changed = True
    return changed


def return_bits_as_values(fn, variants: dict, analysis) -> bool:
    """In `fn`, calls of a function returning a float's or a pointer's bits as
    an integer call its variant returning the value, cast back to the integer
    for the uses (`analysis(callee)` is the callee's type analysis); True if
    any did."""
    changed = False
    # Invokes are calls by now (prepare.invokes_to_calls runs on the copy first).
    for call, callee in calls_of_bodies(fn, I.Call):
        if not call.type.is_int or not call.has_uses():
            continue
        value_type = returned_type(callee, analysis(callee), analysis)
        if value_type is None or not _bits_kept(call):
            continue
        variant = returning_value(callee, value_type, variants)
        int_type, users = call.type, list(call.users)
        call.type = value_type
        bits = Builder().position_after(call).cast(_view(value_type), call, int_type,
                                                   (call.name or "call") + ".bits")
        _users_take_bits(users, call, bits)
        call.set_operand(len(call.operands) - 1, variant)
        call.function_type = variant.function_type
        call.ret_attrs = ""
        changed = True
    return changed


def _bits_kept(v, depth: int = 0, seen=None) -> bool:
    """Do integer `v`'s bits, kept in local slots or changed by integer
    operations or not, leave as they may be a float (returned, cast, stored
    elsewhere, passed on to a function that keeps them or to a declaration)?
    Bits only compared (f64::total_cmp at -O0 keeps them in slots, shifts and
    compares them) stay an integer: no derivative goes that way."""
    seen = seen if seen is not None else set()
    if id(v) in seen or depth > 16:
        return False
    seen.add(id(v))
    for user in v.users:
        callee = user.called_function if isinstance(user, I.CallBase) else None
        if isinstance(user, I.Return) or (isinstance(user, I.Cast) and
                                          not (user.type.is_int or user.type.is_vector)):
            return True
        if isinstance(user, I.Store) and user.value is v:
            if not isinstance(user.pointer, I.Alloca):
                return True
            if any(_bits_kept(load, depth + 1, seen) for load in user.pointer.users
                   if isinstance(load, I.Load)):
                return True
        elif isinstance(user, (I.Phi, I.Select, I.Freeze, I.BinaryOp)) or \
                isinstance(user, I.Cast) and user.type.is_int:
            if _bits_kept(user, depth + 1, seen):
                return True
        elif isinstance(user, I.CallBase):
            if callee is None or callee.is_declaration or any(
                    arg is v and k < len(callee.args) and
                    moves_bits_on(callee.args[k], through_arith=True, returned_to=(user,))
                    for k, arg in enumerate(user.args)):
                return True
    return False


def calls_of_bodies(fn, kind=I.CallBase) -> list:
    """(call, callee) for the direct calls in `fn` of functions with a body
    here and a fixed parameter list (`kind`: I.Call leaves invokes out)."""
    found = []
    for call in fn.instructions():
        callee = call.called_function if isinstance(call, kind) else None
        if callee is not None and not callee.is_declaration and \
                not callee.function_type.vararg and call.callee is callee:
            found.append((call, callee))
    return found


def returns_offset_of(v) -> bool:
    """Does integer `v`, plus or minus other integers, reach a `ret` of its
    function (`uintptr_t step(uintptr_t a, int k) { return a + 8 * k; }`)?
    Passed an address, the function returns one into the same memory."""
    return _offset_reaches(v, lambda user: isinstance(user, I.Return), set())


def offset_made_pointer(v) -> bool:
    """Is integer `v`, plus or minus other integers, made a pointer
    (`double second(uintptr_t a) { return *(double *)(a + 8); }`)?  Passed
    an address, the function reads the same memory."""
    return _offset_reaches(v, lambda user: isinstance(user, I.Cast) and
                           user.opcode == "inttoptr", set())


def _offset_reaches(v, wanted, seen) -> bool:
    """Does a user of `v`, or of `v` plus or minus offsets (through phis,
    selects, freezes), satisfy `wanted`?"""
    if id(v) in seen:
        return False
    seen.add(id(v))
    for user in v.users:
        if wanted(user):
            return True
        offset = isinstance(user, I.BinaryOp) and user.opcode in ("add", "sub") and \
            not (user.opcode == "sub" and user.operands[1] is v)
        if (offset or isinstance(user, (I.Phi, I.Select, I.Freeze))) and \
                _offset_reaches(user, wanted, seen):
            return True
    return False


def _value_of_bits(v):
    """The float or pointer whose bits integer `v` is by a cast, or None."""
    if isinstance(v, I.Cast) and ((v.opcode == "bitcast" and v.operands[0].type.scalar.is_float)
                                  or (v.opcode == "ptrtoint" and v.operands[0].type.is_pointer)):
        return v.operands[0]
    return None


def _view(t) -> str:
    """The cast from a value of type `t` to its integer bits."""
    return "ptrtoint" if t.is_pointer else "bitcast"


def _back(t) -> str:
    """The cast from integer bits to a value of type `t`."""
    return "inttoptr" if t.is_pointer else "bitcast"


def _wanted(t) -> bool:
    return t is not None and (t.scalar.is_float or t.is_pointer)


def _one_type(found: list):
    """The type all of `found` agree on (pointers agree with pointers: typed
    pointers are cast where they differ), or None."""
    if not found or None in found:
        return None
    keys = {"ptr" if t.is_pointer else str(t) for t in found}
    return found[0] if len(keys) == 1 else None


def _type_of_param(param, types, analysis=None, depth: int = 0):
    """The float or pointer type integer `param`'s bits become in its
    function, if one does: a cast of it, or a store of it into memory type
    analysis knows to hold such a value (-O0: a memcpy into a double), or
    (given `analysis`, a function's type analysis) what they become in a
    function with a body it is passed to, also from a local slot it is
    stored in (Rust -O0: f64::from_bits passes its u64, through a slot, to
    const_eval_select, which passes it to a closure's cast)."""
    found = []
    for user in param.users:
        callee = user.called_function if isinstance(user, I.CallBase) else None
        if analysis is not None and depth < 8 and callee is not None and \
                not callee.is_declaration and not callee.function_type.vararg and \
                user.callee is callee:
            found += [_type_of_param(callee.args[k], analysis(callee), analysis, depth + 1)
                      for k, arg in enumerate(user.args) if arg is param]
            continue
        if isinstance(user, I.Cast) and user.opcode in ("bitcast", "inttoptr") and \
                _wanted(user.type):
            found.append(user.type)
        elif isinstance(user, I.Store) and user.value is param:
            t = typed_type(types, user.pointer, param.type, param.function.module)
            if _wanted(t):
                found.append(t)
            elif analysis is not None and depth < 8 and isinstance(user.pointer, I.Alloca):
                # -O0 keeps the parameter in a local slot: what its loads become.
                found += [_type_of_param(load, types, analysis, depth + 1)
                          for load in user.pointer.users
                          if isinstance(load, I.Load) and load.type == param.type]
    return _one_type(found)


def returned_type(fn, types, analysis=None, seen=None):
    """The float or pointer type whose bits every `ret` of `fn` returns (an
    integer constant aside), if one is: a cast of such a value, a load of
    bytes type analysis knows to be one, or (given `analysis`, a function's
    type analysis) what a called function with a body returns so (Rust -O0:
    f64::to_bits returns what const_eval_select returns, which returns
    what a closure returns, a bitcast double)."""
    seen = seen if seen is not None else set()
    if id(fn) in seen or len(seen) > 8:
        return None
    seen.add(id(fn))
    found = []
    for block in fn.blocks:
        ret = block.terminator
        if isinstance(ret, I.Return) and ret.value is not None:
            found += [_type_of_bits(source, types, analysis, seen)
                      for source in bits_passed(ret.value, set())
                      if not isinstance(source, (ConstantInt, ConstantUndef, ConstantPoison))]
    return _one_type(found)


def _type_of_bits(v, types, analysis=None, seen=None):
    callee = v.called_function if isinstance(v, I.CallBase) else None
    if analysis is not None and callee is not None and not callee.is_declaration and \
            not callee.function_type.vararg and v.callee is callee:
        return returned_type(callee, analysis(callee), analysis, seen)
    value = _value_of_bits(v)
    if value is not None:
        return value.type
    base = int_pointer_base(v)          # an address plus an offset
    if base is not None and base.type.is_pointer:
        return base.type
    if isinstance(v, I.Load) and not v.volatile:
        t = typed_type(types, v.pointer, v.type, v.parent.parent.module)
        return t if _wanted(t) else None
    return None


def returning_value(callee, value_type, cache: dict) -> Function:
    """`callee` returning `value_type`, the bits it returned (made once)."""
    key = (id(callee), "ret", str(value_type))
    if key in cache:
        return cache[key]
    ftype = FunctionType(value_type, tuple(callee.function_type.params), False)
    variant = make_variant(callee, ftype, ".bitsret", "")
    for new, old in zip(variant.args, callee.args):
        new.attrs = old.attrs
    for block in variant.blocks:
        ret = block.terminator
        if isinstance(ret, I.Return) and ret.value is not None:
            ret.set_operand(0, _as_value(ret.value, value_type, ret))
    cache[key] = variant
    return variant


def _as_value(bits, value_type, before):
    """`bits` as `value_type`: the value itself where `bits` is its cast (a
    cast pair would leave the integer between them without a derivative)."""
    value = _value_of_bits(bits)
    b = Builder().position_before(before)
    if value is not None and (value.type == value_type or value.type.is_pointer and
                              value_type.is_pointer):
        return b.pointer_cast(value, value_type) if value_type.is_pointer else value
    cast = b.cast(_back(value_type), bits, value_type, "ret.value")
    cast.location = before.location         # where a refusal would point
    return cast


def taking_values(callee, retyped: tuple, value_types: list, cache: dict) -> Function:
    """`callee` with parameters `retyped` of the given float or pointer types
    (made once: `cache` holds those made, by callee and parameters)."""
    key = (id(callee), retyped, tuple(str(t) for t in value_types))
    if key in cache:
        return cache[key]
    params = list(callee.function_type.params)
    for k, t in zip(retyped, value_types):
        params[k] = t
    ftype = FunctionType(callee.function_type.ret, tuple(params), False)
    variant = make_variant(callee, ftype, ".bitsargs", callee.ret_attrs)
    for new, old in zip(variant.args, callee.args):
        new.attrs = old.attrs if old.index not in retyped else ""
    entry = variant.blocks[0]
    for k in retyped:
        _bits_at_entry(entry, variant.args[k], callee.args[k].type)
    cache[key] = variant
    return variant


def make_variant(callee, ftype, suffix: str, ret_attrs: str, names=None,
                 arg_for=None) -> Function:
    """An internal copy of `callee`'s body with function type `ftype` and
    parameter `names` (the callee's by default); `arg_for(variant, old)`
    gives the value standing for the callee's parameter `old` (by default
    the variant's parameter at the same place)."""
    module = callee.module
    variant = Function(f"{callee.name}{suffix}", ftype, module.pointer_to(ftype),
                       names or [a.name for a in callee.args], linkage="internal",
                       ret_attrs=ret_attrs, attrs=callee.attrs_outside_comdat)
    module.add_function(variant)
    arg_for = arg_for or (lambda fn, old: fn.args[old.index])
    clone_body(callee, variant, {id(a): arg_for(variant, a) for a in callee.args})
    _drop_value_debug_calls(variant)
    return variant


def _bits_at_entry(entry, arg, int_type) -> None:
    """Give the body, which used the integer parameter, the cast of `arg` to
    it instead; stores of the bits store the value, and bits cast back are
    the value."""
    users = list(arg.users)
    bits = Builder(entry, entry.first_non_phi_index()).cast(_view(arg.type), arg, int_type,
                                                            (arg.name or "arg") + ".bits")
    _users_take_bits(users, arg, bits)


def _users_take_bits(users, value, bits) -> None:
    """`users` of `value` (which used it as an integer) use `bits`, its
    integer bits, instead; then stores of the bits store the value, and bits
    cast back are the value: the derivative or the shadow follows both."""
    for user in users:
        for index, op in enumerate(user.operands):
            if op is value:
                user.set_operand(index, bits)
    for user in list(bits.users):
        if isinstance(user, I.Store) and user.value is bits:
            _store_value_instead(user, value)
        elif isinstance(user, I.Cast) and user.opcode == _back(value.type):
            if user.type == value.type:
                user.replace_all_uses_with(value)
            elif value.type.is_pointer and user.type.is_pointer:      # typed pointers
                user.replace_all_uses_with(
                    Builder().position_before(user).pointer_cast(value, user.type))


def _store_value_instead(store, value) -> None:
    """`store bits, p` becomes `store value, p` (typed pointers: through p
    cast to a pointer to value's type)."""
    ptr = store.pointer
    module = store.parent.parent.module
    if module.typed_pointers:
        ptr = Builder().position_before(store).pointer_cast(ptr, module.pointer_to(value.type))
        store.set_operand(1, ptr)
    store.set_operand(0, value)


def _drop_value_debug_calls(fn) -> None:
    """The copy's `llvm.dbg.declare(metadata ptr %x, ...)` calls still name
    the source's values (clang-14 -g): the variant goes without them."""
    for inst in list(fn.instructions()):
        callee = getattr(inst, "called_function", None)
        if callee is not None and callee.name.startswith("llvm.dbg.") and \
                any(isinstance(op, MetadataValue) and op.operands for op in inst.operands):
            inst.erase()
