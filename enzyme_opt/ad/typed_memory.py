"""Where the AD depends on what memory holds: copies.

A float moved through memory carries a derivative, a pointer carries its
shadow, an integer nothing; a copy (`memcpy`, or an integer load stored
elsewhere) says none of this itself.  Type analysis does (see
analysis/type_analysis.py): integer copies of known floats and pointers
are rewritten as typed copies before differentiating, and the reverse of a
`memcpy` moves adjoints only where the bytes hold floats.  Where a copy of
active memory has bytes of unknown type, the derivative would silently be
wrong, so differentiation stops with an error at the copy instead.
"""
from __future__ import annotations

from typing import Optional, Tuple

from ..analysis.activity import address_base, int_pointer_bases
from ..analysis.lanes import lane_kind, lane_source
from ..analysis.type_analysis import FLOAT_KINDS, MemoryLayout, kind_size
from ..diagnostics import DifferentiationError
from ..ir import Argument, Builder, Function
from ..ir import instructions as I
from ..ir.constants import ConstantExpr, ConstantInt, InlineAsm
from ..ir.derived import DerivedUses, through_byte_offsets
from ..ir.module import GlobalValue, GlobalVariable, direct_calls_of
from ..ir.printer import SlotTracker
from ..ir.types import I64, I8, VOID, FloatType, FunctionType, size_and_align
from . import tape as T
from .openmp import adds_atomically, atomic_fadd
from .rules import ADJOINT_SUM_FLAGS
from .constant_memory import ADDRESS, note_escape, read_back, written_place
from .unsupported import reaches_data, refuse_unshadowed_pointer_store
from .runtime_messages import c_string, located_message, say_and_abort, stop_unless


# -- integer copies -------------------------------------------------------------------------
def check_untyped_moves(fn, types, info, primal, fwd_args=(), escaped=None) -> dict:
    """Stop where a derivative or a shadow pointer would be lost unnoticed: an
    integer copy into active memory whose bytes' type is unknown (or mixed),
    and an active float passed as integer bits to a function that moves
    them on (clang -O3 passes a double loaded as i64 to a helper storing it).
    Returns the integer copies of pointers and integers it accepts: id of
    the store -> the offsets of the pointers, whose shadows the derivative
    moves along (`pointer_cells_copied`)."""
    returns_to = calls_returned_to(primal)
    pointer_copies = {}
    for inst in fn.instructions():
        problem = None
        if isinstance(inst, I.Store):
            offsets = pointer_cells_copied(types, inst) if info.has_shadow(inst.pointer) \
                else None
            if offsets is not None:
                pointer_copies[id(inst)] = offsets
            elif info.has_shadow(inst.pointer):
                problem = untyped_copy_problem(types, inst)
            problem = problem or float_in_pointer_lanes_problem(inst, info) or \
                float_bits_kept_problem(types, inst, inst.value, info, "stored") or \
                returned_address_stored_problem(fn, info, inst, primal, fwd_args, escaped)
        elif isinstance(inst, I.Return) and inst.value is not None:
            problem = float_bits_kept_problem(types, inst, inst.value, info, "returned")
        elif isinstance(inst, I.Load) and info.has_shadow(inst.pointer):
            problem = float_as_pointer_lanes_problem(types, inst) or \
                float_bytes_leave_problem(types, inst)
        elif _overflow_result(inst) is not None:
            problem = float_bits_arith_problem(types, inst, info)
        elif isinstance(inst, I.CallBase):
            problem = float_bits_problem(types, inst, info, returns_to) or \
                address_bits_problem(inst, info, returns_to) or \
                float_bits_returned_problem(types, inst, info)
        elif isinstance(inst, I.BinaryOp) or (isinstance(inst, I.Cast) and
                                              inst.opcode in _WIDTH_CASTS):
            problem = float_bits_arith_problem(types, inst, info)
        elif isinstance(inst, I.Cast) and inst.opcode == "inttoptr":
            problem = returned_address_problem(inst, info) or \
                loaded_address_problem(types, inst, info)
        if problem is not None:
            raise DifferentiationError(problem, function=primal, instruction=inst)
    return pointer_copies


def float_as_pointer_lanes_problem(types, load) -> Optional[str]:
    """A vector of pointers read from memory holding floats in some lanes, or
    a vector of floats from memory holding pointers (a struct `{double,
    pointer}` read by the vectorizer), that transforms/pointer_lanes.py did
    not split lane by lane (a lane of unknown type): a float's derivative
    would not follow a pointer lane, nor a pointer's shadow a float lane."""
    t = load.type
    if not t.is_vector or t.element.is_int:
        return None
    cells = types.cells_in(load.pointer, _size(t))
    if t.element.is_float:
        pointers = sorted(offset for offset, kind in cells.items() if kind == "ptr")
        return pointers and (
            f"cannot differentiate a read of {t} from memory holding a pointer at byte "
            f"{pointers[0]}: its shadow cannot follow a {t.element} lane") or None
    floats = sorted(offset for offset, kind in cells.items() if kind in FLOAT_KINDS)
    if not floats:
        return None
    return (f"cannot differentiate a read of {t} from memory holding a "
            f"{cells[floats[0]]} at byte {floats[0]}: its derivative cannot follow a "
            "pointer lane")


def float_in_pointer_lanes_problem(store, info) -> Optional[str]:
    """A vector of pointers or integers stored with an active float's bits in
    a lane that transforms/pointer_lanes.py could not split off (another
    lane an integer computed at run time, or memory that holds a pointer
    there): the activity analysis sees no float stored, the memory may not
    even be active."""
    t = store.value.type
    if not t.is_vector or t.element.is_float:
        return None
    for lane in range(t.count):
        source = lane_source(store.value, lane)
        kind = lane_kind(source)
        if kind in FLOAT_KINDS and info.is_active(source[0]):
            return (f"cannot differentiate a store of {t} holding a {kind}'s bits in lane "
                    f"{lane}: its derivative cannot follow a {t.element} lane")
    return None


def float_bits_problem(types, call, info, returns_to=None) -> Optional[str]:
    """An active float's bits handed as an integer to a function that stores
    them or turns them back into a float or pointer.  (Integer arithmetic on
    the bits -- a hash, a sign test -- has no derivative to lose.)
    `returns_to`: the calls of the function `call` is in (moves_bits_on)."""
    callee = call.called_function
    if callee is None and not isinstance(call.operands[-1], InlineAsm):
        return _bits_through_pointer_problem(types, call, info)
    if callee is None or callee.is_declaration:
        return None         # declarations (libm, ...) are the activity analysis' business
    for index, op in enumerate(call.args):
        if isinstance(op, I.Cast) and op.opcode == "bitcast" and _integer(op.type) and \
                info.is_active(op.operands[0]) and index < len(callee.args) and \
                moves_bits_on(callee.args[index], through_arith=True, returned_to=(call,),
                              outer_calls=returns_to):
            return (f"cannot differentiate the active {op.operands[0].type} "
                    f"'{source_name(types, op.operands[0])}' passed to '{callee.name}' as "
                    f"{op.type} bits: its derivative cannot follow an integer")
    return None


def _bits_through_pointer_problem(types, call, info) -> Optional[str]:
    """An active float's bits passed as an integer through a function
    pointer: which callee runs is not known here, so neither is whether it
    makes a float of them again, and the derivative cannot follow."""
    for op in call.args:
        if isinstance(op, I.Cast) and op.opcode == "bitcast" and _integer(op.type) and \
                op.operands[0].type.scalar.is_float and info.is_active(op.operands[0]):
            return (f"cannot differentiate the active {op.operands[0].type} "
                    f"'{source_name(types, op.operands[0])}' passed through a function "
                    f"pointer as {op.type} bits: its derivative cannot follow an integer")
    return None


def float_bits_returned_problem(types, call, info) -> Optional[str]:
    """An integer a call returns that is read as a float, where derivatives
    go into the call (an active argument, or a pointer with a shadow), and
    that bits_across_calls.py could not turn into a call returning the float
    (a call through a function pointer, a declaration; where a callee with
    a body mixes the bits with others, its own checks stop there): the
    derivative would be lost at the integer."""
    if not _returned_bits_become_float(types, call):
        return None
    if not any(info.is_active(a) or a.type.is_pointer and info.has_shadow(a)
               for a in call.args):
        return None
    callee = call.called_function
    if callee is not None and not callee.is_declaration:
        return None         # the callee's own checks say where its bits were lost
    who = f"'{callee.name}'" if callee is not None else "a call through a function pointer"
    return (f"cannot differentiate the {call.type} returned by {who} and read as a float: "
            "derivatives flow into the call, and cannot follow an integer out of it")


def _returned_bits_become_float(types, call) -> bool:
    """Is an integer the call returns read as a float: the result itself, or
    an integer field of a returned struct ({i64, i64} for an __int128 or a
    struct of integers), taken out with extractvalue or stored whole into
    float memory?"""
    if _integer(call.type):
        return becomes_float(types, call)
    if not (call.type.is_struct or call.type.is_array):
        return False
    if not _holds_integers(call.type):
        return False        # a { double, double } (__muldc3's) stored whole is floats
    for user in call.users:
        if isinstance(user, I.ExtractValue) and _integer(user.type) and \
                becomes_float(types, user):
            return True
        if isinstance(user, I.Store) and user.value is call and set(
                types.cells_in(user.pointer, _size(call.type)).values()) & set(FLOAT_KINDS):
            return True
    return False


def _holds_integers(t) -> bool:
    if t.is_struct:
        return any(_holds_integers(e) for e in t.elements)
    if t.is_array:
        return _holds_integers(t.element)
    return _integer(t)


def float_bits_kept_problem(types, inst, value, info, how: str) -> Optional[str]:
    """An active float's bits stored or returned as an integer that
    transforms/typed_copies.py and bits_across_calls.py left one (chosen
    among other values by a phi or select, or stored where memory holds a
    pointer): the integer carries no derivative."""
    if not _integer(value.type):
        return None
    for source in bits_passed(value, set()):
        if not (isinstance(source, I.Cast) and source.opcode == "bitcast"):
            continue
        float_value = source.operands[0]
        # Bytes loaded and stored again are a copy: their shadow bytes are copied with them.
        if isinstance(float_value, I.Load) and how == "stored":
            continue
        # A float's bits returned as they are: the callers' business (a direct caller
        # calls bits_across_calls' variant; Rust -O0 returns an f64 as i64 bits).
        if how == "returned" and source is value:
            continue
        if float_value.type.scalar.is_float and info.is_active(float_value):
            return (f"cannot differentiate the active {float_value.type} "
                    f"'{source_name(types, float_value)}' {how} as {value.type} bits: "
                    "its derivative cannot follow an integer")
    return None


def bits_passed(v, seen) -> list:
    """The values integer `v` is one of, unchanged (through phis, selects, freezes)."""
    if id(v) in seen:
        return []
    seen.add(id(v))
    if isinstance(v, (I.Phi, I.Freeze)):
        return [s for op in v.operands for s in bits_passed(op, seen)]
    if isinstance(v, I.Select):
        return [s for op in v.operands[1:] for s in bits_passed(op, seen)]
    return [v]


def address_bits_problem(call, info, returns_to=None) -> Optional[str]:
    """The address of a pointer with a shadow handed as an integer to a
    function that makes a pointer of it again (or returns, or stores it)
    after arithmetic beyond adding offsets, `(a + 7) & ~7`, that
    ad/bits_across_calls.py left an integer: the shadow cannot follow, and
    the pointer made would have none.  `returns_to`: the calls of the
    function `call` is in (moves_bits_on)."""
    callee = call.called_function
    if callee is None or callee.is_declaration:
        return None
    for index, op in enumerate(call.args[:len(callee.args)]):
        bases = int_pointer_bases(op) if _integer(op.type) else None
        if bases and any(info.has_shadow(base) for base in bases) and \
                moves_bits_on(callee.args[index], through_arith=True, returned_to=(call,),
                              outer_calls=returns_to):
            return (f"cannot differentiate the address of a pointer with a shadow passed to "
                    f"'{callee.name}' as {op.type}, which computes an address from it beyond "
                    "adding offsets: the shadow cannot follow an integer")
    return None


def returned_address_problem(cast, info) -> Optional[str]:
    """A pointer made of the integer a function returns (plus or minus
    offsets), where a pointer with a shadow went into the call, as itself or
    as its address, and ad/bits_across_calls.py could not make the callee
    return a pointer (-O0: the address went through a local variable): the
    pointer made would have no shadow."""
    call = _call_given_shadowed_pointer(cast.operands[0], info)
    if call is None:
        return None
    return (f"cannot differentiate a pointer made of the integer returned by {_who(call)}, "
            "computed from a pointer with a shadow: the shadow cannot follow an integer")


def returned_address_stored_problem(fn, info, store, function, fwd_args, escaped):
    """That integer (see returned_address_problem) stored into memory
    without a shadow and made a pointer again after a load from it: in a
    global, by any function of the module (`saved = table[k](v); ...
    *(double *)saved`: clang -O0 keeps the global between the two); in other
    memory (an `enzyme_const` context: `c->at = table[k](v)`), here or,
    through constant_memory.py's record, in a caller.  The pointer made
    would have no shadow.  An index such a call returns, read back as an
    integer, loses nothing."""
    if info.has_shadow(store.pointer) or not _integer(store.value.type):
        return None
    call = _call_given_shadowed_pointer(store.value, info)
    if call is None:
        return None
    holder = address_base(store.pointer)
    if isinstance(holder, GlobalVariable):
        if not _read_as_address(holder):
            return None
        where = f"global '@{holder.name}', which has none and is read back as a pointer"
    else:
        place = written_place(store.pointer)
        if not read_back(fn, info, place, ADDRESS):
            note_escape(escaped, function, fwd_args, place, ADDRESS)
            return None
        where = "memory without a shadow that is read back as a pointer"
    return (f"cannot differentiate a store of the integer returned by {_who(call)}, "
            f"computed from a pointer with a shadow, into {where}: that pointer would have "
            "no shadow")


def _call_given_shadowed_pointer(v, info):
    """The call integer `v` is (plus or minus offsets) when a pointer with a
    shadow went into it, as itself or as its address; else None."""
    for call in _calls_under_offsets(v, 0):
        for op in call.args:
            bases = [op] if op.type.is_pointer else (
                int_pointer_bases(op) if _integer(op.type) else None) or []
            if any(info.has_shadow(base) for base in bases):
                return call
    return None


def _who(call) -> str:
    callee = call.called_function
    return "a call through a function pointer" if callee is None else \
        f"'{callee.name.removesuffix('.bitsargs')}'"


def _read_as_address(holder) -> bool:
    """Does any function of the module read global `holder` as a pointer:
    a pointer load from it, or an integer load from it that an `inttoptr`
    makes an address (through offsets, masks, phis)?"""
    for fn in holder.module.functions if holder.module is not None else ():
        for inst in fn.instructions():
            if isinstance(inst, I.Load) and inst.type.is_pointer and \
                    address_base(inst.pointer) is holder:
                return True
            if isinstance(inst, I.Cast) and inst.opcode == "inttoptr" and any(
                    isinstance(source, I.Load) and address_base(source.pointer) is holder
                    for source in _address_sources(inst.operands[0], 0)):
                return True
    return False


def loaded_address_problem(types, cast, info) -> Optional[str]:
    """A pointer made of an integer read from memory with a shadow, changed
    by more than offsets (`(double *)(v->data & ~7)`: a tagged address), so
    that type analysis could not read the integer as a pointer: memory with
    a shadow may hold the address of memory with one, and the pointer made
    would have none.  (A pointer made to read integers only -- a sanitizer's
    shadow bytes -- loses nothing.)"""
    if info.has_shadow(cast) or int_pointer_bases(cast.operands[0]) is not None or \
            not reaches_data(cast):
        return None
    for source in _address_sources(cast.operands[0], 0):
        if isinstance(source, I.Load) and info.has_shadow(source.pointer):
            return (f"cannot differentiate a pointer made of the integer "
                    f"'{source_name(types, source)}' read from memory with a shadow: the "
                    "address may be of memory with a shadow, which cannot follow an integer")
        if isinstance(source, I.Cast) and info.has_shadow(source.operands[0]):
            return (f"cannot differentiate a pointer made of the address of "
                    f"'{source_name(types, source.operands[0])}', which has a shadow, changed "
                    "beyond adding offsets: the shadow cannot follow")
    return None


def _address_sources(v, depth: int) -> list:
    """The integer loads and `ptrtoint`s `v` is made of by address
    arithmetic: offsets, masks and tags (`and`/`or`/`xor` with a constant),
    phis and selects."""
    if isinstance(v, I.Load):
        return [] if v.volatile else [v]
    if isinstance(v, I.Cast) and v.opcode == "ptrtoint":
        return [v]
    if depth > 8:
        return []
    if isinstance(v, (I.Phi, I.Select, I.Freeze)):
        terms = v.operands[1:] if isinstance(v, I.Select) else v.operands
    elif isinstance(v, I.BinaryOp) and v.opcode in ("add", "sub", "and", "or", "xor"):
        terms = v.operands if v.opcode == "add" else v.operands[:1]
        if v.opcode in ("and", "or", "xor") and not isinstance(v.operands[1], ConstantInt):
            return []
    else:
        return []
    return [source for op in terms for source in _address_sources(op, depth + 1)]


def _calls_under_offsets(v, depth: int) -> list:
    """The calls integer `v` is, plus or minus offsets on either side
    (`call + k`, `k + call`, `call - k`)."""
    if isinstance(v, I.CallBase):
        return [v]
    if depth > 8 or not (isinstance(v, I.BinaryOp) and v.opcode in ("add", "sub")):
        return []
    terms = v.operands if v.opcode == "add" else v.operands[:1]
    return [c for op in terms for c in _calls_under_offsets(op, depth + 1)]


_WIDTH_CASTS = ("zext", "sext", "trunc")


def float_bits_arith_problem(types, inst, info) -> Optional[str]:
    """Integer arithmetic on an active float's bits whose result is read as a
    float again (a bit trick other than the sign-bit ones, which
    transforms/typed_copies.py turns into float operations), or leaves the
    function (returned, stored, passed on): a struct `{float, int}` passed or
    returned by value is one i64 on x86-64, the float's bits zero-extended,
    shifted and or'ed in.  The derivative would silently be lost at the
    integer."""
    result = _overflow_result(inst)
    if result is None and not _integer(inst.type):
        return None
    for op in inst.operands:
        if isinstance(op, I.Cast) and op.opcode == "bitcast" and \
                op.operands[0].type.scalar.is_float and info.is_active(op.operands[0]):
            if any(becomes_float(types, v) for v in result or [inst]):
                fate = "the result is read as a float again"
            elif any(leaves_function(v) for v in result or [inst]):
                fate = "the result leaves the function (returned, stored or passed on)"
            else:
                continue
            what = inst.called_function.name if result is not None else inst.opcode
            return (f"cannot differentiate integer '{what}' on the bits of the active "
                    f"{op.operands[0].type} '{source_name(types, op.operands[0])}': {fate}, "
                    "and a derivative cannot follow integer arithmetic")
    return None


def _overflow_result(inst) -> Optional[list]:
    """The extractions of the integer result of `inst` if it is checked
    arithmetic (`llvm.uadd.with.overflow`: Rust -O0 checks each `+`), else
    None."""
    callee = inst.called_function if isinstance(inst, I.Call) else None
    if callee is None or not (callee.name.startswith("llvm.") and
                              ".with.overflow." in callee.name):
        return None
    return [u for u in inst.users if isinstance(u, I.ExtractValue) and list(u.indices) == [0]]


def float_bytes_leave_problem(types, load) -> Optional[str]:
    """An integer read of active memory holding a float beside other bytes
    (a struct `{float, int}` read as one i64 to be passed or returned by
    value, clang -O0), returned or passed to a call: the float's derivative
    stays behind in the shadow memory."""
    if not load.type.is_int or _size(load.type) < 8:
        return None
    cells = types.cells_in(load.pointer, _size(load.type))
    floats = sorted(offset for offset, kind in cells.items() if kind in FLOAT_KINDS)
    if not floats or set(cells.values()) <= set(FLOAT_KINDS) or \
            not leaves_function(load, stores=False):
        return None
    return (f"cannot differentiate a read of {load.type} from memory holding a "
            f"{cells[floats[0]]} at byte {floats[0]} beside other data, passed or returned "
            "as one integer: the derivative cannot follow an integer")


def leaves_function(v, seen=None, stores: bool = True) -> bool:
    """Does integer `v`, changed by integer operations or not, reach a `ret`,
    a call's argument, or (with `stores`) a store?"""
    seen = seen if seen is not None else set()
    if id(v) in seen or len(seen) > 64:
        return False
    seen.add(id(v))
    for user in v.users:
        if isinstance(user, I.Return) or (stores and isinstance(user, I.Store) and
                                          user.value is v) or (
                isinstance(user, I.CallBase) and any(a is v for a in user.args)):
            return True
        if _integer(user.type) and (isinstance(user, (I.BinaryOp, I.Phi, I.Select, I.Freeze))
                                    or isinstance(user, I.Cast) and
                                    user.opcode in _WIDTH_CASTS) and \
                leaves_function(user, seen, stores):
            return True
        if any(leaves_function(r, seen, stores) for r in _overflow_result(user) or ()):
            return True
    return False


def becomes_float(types, v, seen=None) -> bool:
    """Are the bits of integer `v`, changed by integer arithmetic or not,
    reinterpreted as a float (a bitcast, or a store into float memory)?"""
    seen = seen if seen is not None else set()
    if id(v) in seen or len(seen) > 64:
        return False
    seen.add(id(v))
    for user in v.users:
        if isinstance(user, I.Cast) and user.opcode == "bitcast" and user.type.scalar.is_float:
            return True
        if isinstance(user, I.Store) and user.value is v and set(
                types.cells_in(user.pointer, _size(v.type)).values()) & set(FLOAT_KINDS):
            return True
        if (isinstance(user, (I.BinaryOp, I.Phi, I.Select, I.Freeze)) or
                isinstance(user, I.Cast) and user.opcode in _WIDTH_CASTS) and \
                _integer(user.type) and becomes_float(types, user, seen):
            return True
        if any(becomes_float(types, r, seen) for r in _overflow_result(user) or ()):
            return True
    return False


def moves_bits_on(v, depth: int = 0, seen=None, through_arith: bool = False,
                  returned_to: tuple = (), outer_calls=None) -> bool:
    """Does integer `v` reach memory, a float, a pointer or its function's
    return value unchanged (or, with `through_arith`, changed by integer
    arithmetic too)?  With `through_arith`, a value returned to a known call
    (the last of `returned_to`, the calls that led into `v`'s function)
    moves on only if the call's result does: a hash of an address returned
    as a bucket index that the caller only indexes with is no address.  A
    value the outermost function returns moves on if the result of one of
    `outer_calls` (its calls; None: not all are known) does, and so on up
    the callers."""
    seen = seen if seen is not None else set()
    # A function reached along two chains of calls returns along each.
    key = (id(v), *map(id, returned_to))
    if key in seen or depth > 8:
        return False
    seen.add(key)
    for user in v.users:
        if isinstance(user, I.Return) and through_arith and (
                returned_to or outer_calls is not None):
            if depth >= 8:
                return True         # not followed: it may move on
            if returned_to:
                if moves_bits_on(returned_to[-1], depth + 1, seen, through_arith,
                                 returned_to[:-1], outer_calls):
                    return True
            elif any(moves_bits_on(r, depth + 1, seen, through_arith, (),
                                   calls_returned_to(r.parent.parent))
                     for r in outer_calls):
                return True
            continue
        if isinstance(user, I.Store) and user.value is v or isinstance(user, I.Return):
            return True
        if isinstance(user, I.Cast) and user.opcode in ("bitcast", "inttoptr") and \
                not _integer(user.type):
            return True
        if isinstance(user, (I.Phi, I.Select, I.Freeze)) or (
                through_arith and isinstance(user, I.BinaryOp) and _integer(user.type)):
            if moves_bits_on(user, depth, seen, through_arith, returned_to, outer_calls):
                return True
            continue
        callee = user.called_function if isinstance(user, I.CallBase) else None
        if callee is not None and not callee.is_declaration and any(
                arg is v and k < len(callee.args) and
                moves_bits_on(callee.args[k], depth + 1, seen, through_arith,
                              returned_to + (user,), outer_calls)
                for k, arg in enumerate(user.args)):
            return True
    return False


def calls_returned_to(fn) -> Optional[list]:
    """The calls whose results are what `fn` returns (moves_bits_on), or None
    when some may be unseen.  A local function no call uses returns to none:
    an AD copy's calls mirror its original's, which are seen."""
    calls = direct_calls_of(fn)
    if calls == [] and not {"internal", "private"} & set((fn.linkage or "").split()):
        return None
    return calls


def pointer_cells_copied(types, store) -> Optional[tuple]:
    """The offsets of the pointers in integer copy `store`, when it stores an
    integer load unchanged, both ends' bytes are known to hold pointers and
    integers alike (no float, no word of unknown type), and some are
    pointers; else None.  clang -O3 copies a C++ member-function pointer
    (the function's address as an integer, and an integer adjustment) as one
    `<2 x i64>`; the derivative moves the pointers' shadows as a memcpy's."""
    value = store.value
    if not (isinstance(value, I.Load) and _integer(value.type)):
        return None
    size = _size(value.type)
    cells = types.cells_in(store.pointer, size)
    if cells != types.cells_in(value.pointer, size) or \
            not set(cells.values()) <= {"int", "ptr"} or \
            any(word not in cells for word in range(0, size, 8)):
        return None
    offsets = tuple(o for o, kind in cells.items() if kind == "ptr")
    if not offsets or any(o % 8 for o in offsets):
        return None
    return offsets


def move_copied_pointer_shadows(ctx, b: Builder, dst_shadow, src_shadow, offsets) -> None:
    """Copy the shadows of the pointers at `offsets` (`pointer_cells_copied`)
    from `src_shadow` to `dst_shadow`."""
    p = T.byte_ptr(ctx.module)
    dst, src = (b.pointer_cast(s, p) for s in (dst_shadow, src_shadow))
    for offset in offsets:
        _move_pointer(b, ctx.module, dst, src, b.i64(offset))


def untyped_copy_problem(types, store) -> Optional[str]:
    value = store.value
    raw = value
    if isinstance(value, I.Cast) and value.opcode in ("bitcast", "inttoptr"):
        raw = value.operands[0]
    if not _integer(raw.type) or _size(raw.type) < 4 or not moves_loaded_bytes(raw):
        return None
    cells = types.cells_in(store.pointer, _size(raw.type))
    kinds = set(cells.values())
    if raw is value and kinds == {"int"}:
        return None
    name = source_name(types, raw)
    if raw is value and kinds:
        return (f"cannot differentiate a copy of {', '.join(sorted(kinds))} data as one "
                f"{raw.type} value ('{name}') into active memory")
    return (f"cannot deduce the type of the {raw.type} value '{name}' copied into active "
            "memory (a float, a pointer or an integer: no TBAA tag or typed access tells)")


def is_known_integer(types, v) -> bool:
    """Is integer `v` an integer, not a float's or a pointer's bits: computed
    by integer operations, or loaded from memory whose type is known to be
    integers?  (The same test `untyped_copy_problem` makes of a value stored.)"""
    if not _integer(v.type) or _holds_other_bits(v, 0, set()):
        return False
    if not moves_loaded_bytes(v):
        return True
    loads = _loads_moved(v, set())
    return bool(loads) and all(_loads_integer(types, load) for load in loads)


def _holds_other_bits(v, depth: int, seen) -> bool:
    """Is integer `v` computed from a pointer's or a float's bits (`ptrtoint`,
    `bitcast`), as far as integer operations show?  Unknown past a depth: yes."""
    if id(v) in seen:
        return False
    seen.add(id(v))
    if depth > 8:
        return True
    if isinstance(v, (I.Cast, ConstantExpr)) and v.opcode in ("ptrtoint", "bitcast"):
        return True
    if isinstance(v, (I.BinaryOp, I.Select, I.Phi, I.Freeze)) or (
            isinstance(v, I.Cast) and v.opcode in ("zext", "sext", "trunc")):
        return any(_holds_other_bits(op, depth + 1, seen) for op in v.operands
                   if _integer(op.type))
    return False


def _loads_integer(types, load) -> bool:
    """Does `load` read integers, by its own TBAA tag (its pointer may be newer
    than the type analysis: a call the AD rewrote) or by the analysis?"""
    tag = load.get_metadata("tbaa")
    if tag is not None and types.tbaa.access_kind(tag) == "int":
        return True
    return set(types.cells_in(load.pointer, _size(load.type)).values()) == {"int"}


def _loads_moved(v, seen) -> list:
    """The loads whose bytes integer `v` may be (see `moves_loaded_bytes`)."""
    if id(v) in seen:
        return []
    seen.add(id(v))
    if isinstance(v, I.Load):
        return [v]
    if isinstance(v, I.Phi):
        ops = v.operands
    elif isinstance(v, I.Select):
        ops = v.operands[1:]
    elif isinstance(v, (I.ShuffleVector, I.InsertElement)):
        ops = v.operands[:2]
    elif isinstance(v, (I.Freeze, I.ExtractElement)):
        ops = v.operands[:1]
    else:
        return []
    return [load for op in ops for load in _loads_moved(op, seen)]


def moves_loaded_bytes(v, seen=None) -> bool:
    """Is integer `v` bytes loaded from memory, passed along unchanged?"""
    seen = seen if seen is not None else set()
    if id(v) in seen:
        return False
    seen.add(id(v))
    if isinstance(v, I.Load):
        return True
    if isinstance(v, I.Phi):
        return any(moves_loaded_bytes(op, seen) for op in v.operands)
    if isinstance(v, I.Select):
        return any(moves_loaded_bytes(op, seen) for op in v.operands[1:])
    if isinstance(v, (I.ShuffleVector, I.InsertElement)):
        return any(moves_loaded_bytes(op, seen) for op in v.operands[:2])
    if isinstance(v, (I.Freeze, I.ExtractElement)):
        return moves_loaded_bytes(v.operands[0], seen)
    return False


def _integer(t) -> bool:
    return t.is_int or (t.is_vector and t.element.is_int)


def _size(t) -> int:
    return size_and_align(t)[0]


def source_name(types, v) -> str:
    """How the input names `v`, a value of the AD's copy of a function (whose
    own numbering differs: its parameters are named, shadows added)."""
    if isinstance(v, GlobalValue):
        return f"@{v.name}"
    original = types.original
    for arg, mine in zip(original.args, types.original_args):
        if mine is v:
            return SlotTracker(original).ref(arg)
    where = getattr(v, "location", None)
    if where is not None and original is not types.fn:
        for inst in original.instructions():
            if inst.location == where:
                return SlotTracker(original).ref(inst)
    try:
        return SlotTracker(types.fn).ref(v)
    except ValueError:          # a constant: no name to give
        return str(v.type)


# -- memcpy / memmove in reverse mode ---------------------------------------------------------
def memcpy_adjoint(ctx, gen, b: Builder, call) -> None:
    """Move the adjoints of the copied floats back from dst to src (dst's are
    consumed: the copy overwrote what they belonged to)."""
    dst, src, nbytes = call.args[:3]
    if not gen.info.has_shadow(dst):
        return
    known = nbytes.value if isinstance(nbytes, ConstantInt) else None
    region = gen.types.copy_layout(call)
    kinds = _copied_kinds(region, known)
    from_shadow = gen.info.has_shadow(src)
    split = gen.types.copy_disagreement(call) if from_shadow else None
    if split is not None:
        # Taken for a pointer, a float's adjoint would stay behind; taken for
        # a float, a shadow pointer would be added to and cleared.
        raise DifferentiationError(
            f"cannot differentiate a copy by '{call.called_function.name}' whose bytes at "
            f"offset {split} are a float at one end and a pointer at the other (a union?)",
            function=gen.primal, instruction=call)
    if not kinds and from_shadow and is_own_untyped_copy(gen, call, kinds):
        untyped_copy_adjoint(ctx, gen, b, call)
        return
    if not kinds and from_shadow:
        raise DifferentiationError(
            f"cannot deduce the type of the {_bytes_text(known)} '{call.called_function.name}' "
            f"copies from '{source_name(gen.types, src)}' into active memory (floats, pointers "
            "or integers: no TBAA tag or typed access tells)", function=gen.primal,
            instruction=call)
    if kinds and not kinds & set(FLOAT_KINDS):
        return
    d_dst = gen.shadow_in_rev(b, dst)
    n = gen.primal_in_rev(b, nbytes)
    if not from_shadow:
        ctx.memset_zero(b, d_dst, n)
        return
    pattern = copy_pattern(region, kinds, known)
    if pattern is None:
        raise DifferentiationError(
            f"cannot differentiate a copy by '{call.called_function.name}' of memory mixing "
            f"{', '.join(sorted(kinds))} whose size is only known at run time",
            function=gen.primal, instruction=call)
    require_whole_repeats(gen, b, call)
    p = T.byte_ptr(ctx.module)
    # In a parallel region another thread may copy from the same source:
    # its adjoints are added atomically (dst's are this thread's own).
    helper = accumulate_helper(ctx.module, *pattern, atomic=adds_atomically(gen, src))
    b.call(helper, [b.pointer_cast(d_dst, p), b.pointer_cast(gen.shadow_in_rev(b, src), p), n])


def require_whole_repeats(gen, b: Builder, call) -> None:
    """Where the copy's layout holds only if the run-time byte offset an end
    was moved by from an array of floats is a whole number of the array's
    repeats (TypeAnalysis.copy_offsets_of: `first + (finish - start)`), the
    reverse pass checks that before moving adjoints unit by unit: moved at
    another phase, they would be added into the wrong bytes."""
    for index, scale, period in gen.types.copy_offsets_of(call):
        offset = gen.primal_in_rev(b, index)
        if offset.type != I64:
            offset = b.cast("sext", offset, I64)
        if scale != 1:
            offset = b.mul(offset, b.i64(scale))
        whole = b.icmp("eq", b.binop("srem", offset, b.i64(period)), b.i64(0))
        error = DifferentiationError(
            f"cannot differentiate the copy by '{call.called_function.name}' from "
            f"'{source_name(gen.types, call.args[1])}': an end of it is an array of floats "
            f"moved by a number of bytes known only at run time, which is not a multiple of "
            f"its {period}-byte units", function=gen.primal, instruction=call)
        stop_unless(b, whole, error)


def _copied_kinds(region: MemoryLayout, known: Optional[int]) -> set:
    """The kinds of the bytes a copy of `known` bytes (None: a size known
    only at run time) with layout `region` moves."""
    return set(region.cells_in(known).values()) if known is not None else region.kinds()


def _bytes_text(known: Optional[int]) -> str:
    return "bytes" if known is None else f"{known} bytes"


def copy_pattern(region: MemoryLayout, kinds: set, known: Optional[int]
                 ) -> Optional[Tuple[int, tuple]]:
    """(period, ((offset, float kind), ...)): the float cells of one repeating
    unit of the copied bytes, which the adjoint walks unit by unit; None if
    there is no such unit.

    Floats of one kind and nothing else known: every element is one (bytes
    type analysis has not seen are taken to be floats too).  A regular
    layout (an array of structs), or a copy of known size: only the cells
    known to hold floats move.  Other copies of a size known only at run
    time are taken to hold floats, unless they hold pointers (whose shadows
    the float arithmetic would destroy)."""
    floats = kinds & set(FLOAT_KINDS)
    if kinds == floats and len(floats) == 1:
        kind = next(iter(floats))
        return kind_size(kind), ((0, kind),)
    period = region.repeat()
    if period is None or (known is not None and known % period):
        period = known
    if period is None:
        if "ptr" in kinds:
            return None
        kind = "float" if floats == {"float"} else "double"
        return kind_size(kind), ((0, kind),)
    cells = tuple((off, kind) for off, kind in region.cells_in(period).items()
                  if kind in FLOAT_KINDS)
    return period, cells


def copy_shadow_pointers(ctx, gen, b: Builder, call) -> None:
    """Forward part of a memcpy in reverse mode: shadow pointers travel along.

    (Float bytes are left alone: in reverse mode shadow memory holds
    adjoints, which flow back at the copy's reverse instead.)
    """
    dst, src, nbytes = call.args[:3]
    has_source = gen.info.has_shadow(src) or ctx.constant_shadow(src, "reverse") is not None
    if not gen.info.has_shadow(dst):
        return
    if not has_source:
        check_unshadowed_pointer_copy(gen, call)
        return
    p = T.byte_ptr(ctx.module)
    region = gen.types.copy_layout(call)
    shadows = [b.pointer_cast(gen.shadow_value(v), p) for v in (dst, src)]
    known = nbytes.value if isinstance(nbytes, ConstantInt) else None
    if is_own_untyped_copy(gen, call, _copied_kinds(region, known)):
        message = untyped_copy_message(b, gen, call, "forward")
        for shadow in shadows:
            require_zero_bytes(b, shadow, nbytes, message)
        return
    if known is not None:
        cells = region.cells_in(nbytes.value)
        for off in sorted(o for o, kind in cells.items() if kind == "ptr"):
            _move_pointer(b, ctx.module, *shadows, b.i64(off))
        return
    period = region.repeat()
    if period is None or "ptr" not in region.kinds():
        return
    offsets = tuple(o for o, kind in region.cells_in(period).items() if kind == "ptr")
    b.call(pointer_copy_helper(ctx.module, period, offsets), [*shadows, nbytes])


def check_unshadowed_pointer_copy(gen, call) -> None:
    """Refuse a copy into memory with a shadow, from memory without one, of
    bytes known to hold pointers: their shadows, left null, would be read
    back and written through by the derivative code (a crash, or the
    primal memory taken for derivatives).  Floats and integers so copied
    just have no derivative."""
    nbytes = call.args[2]
    known = nbytes.value if isinstance(nbytes, ConstantInt) else None
    if "ptr" in _copied_kinds(gen.types.copy_layout(call), known):
        refuse_unshadowed_pointer_store(call, gen.primal, gen.fwd_args)


def accumulate_helper(module, period: int, cells: tuple, atomic: bool = False) -> Function:
    """`t = dst[c]; dst[c] = 0; src[c] += t` for each float cell c of each
    `period`-byte unit of n bytes: the adjoint of copying them from src to dst.
    `atomic`: the adds into src are atomic (threads may share its adjoints).

    The regions may overlap (memmove): then each unit must be read before
    an earlier step writes it, so the walk goes upwards when src lies below
    dst and downwards otherwise -- the order that makes the in-place update
    equal to "copy the dst adjoints out, zero dst, add them into src".
    """
    def unit(b, dst, src, at):
        for offset, kind in cells:
            _move_cell(b, module, dst, src, b.add(at, b.i64(offset)) if offset else at, kind,
                       atomic)
    name = _helper_name(period, cells) + (".atomic" if atomic else "")
    return _unit_loop(module, name, period, unit, upwards_from_src=True)


def pointer_copy_helper(module, period: int, offsets: tuple) -> Function:
    """`dst[o] = src[o]` for the pointer at each offset o of each `period`-byte
    unit of n bytes, in memmove's order (upwards when dst lies below src)."""
    def unit(b, dst, src, at):
        for offset in offsets:
            _move_pointer(b, module, dst, src, b.add(at, b.i64(offset)) if offset else at)
    name = f"enzyme_opt.memcpy.pointers.u{period}" + "".join(f".p{o}" for o in offsets)
    return _unit_loop(module, name, period, unit, upwards_from_src=False)


def _unit_loop(module, name: str, period: int, unit, upwards_from_src: bool) -> Function:
    """`void name(ptr dst, ptr src, i64 n)` running `unit(b, dst, src, offset)` on
    each whole `period`-byte unit of n bytes, upwards when the region read
    from lies below the one written, downwards otherwise (overlap-safe)."""
    p = T.byte_ptr(module)
    fn, new = _void_helper(module, name, ((p, "dst"), (p, "src"), (I64, "bytes")))
    if not new:
        return fn
    dst, src, nbytes = fn.args
    entry, loop, done = fn.add_block("entry"), fn.add_block("loop"), fn.add_block("done")
    b = Builder(entry)
    count = b.binop("udiv", nbytes, b.i64(period), "count")
    # Only whole units: a tail the walk would leave behind is refused at run
    # time, never dropped.
    whole = entry
    if period > 1:
        whole, partial = fn.add_block("whole"), fn.add_block("partial")
        b.cond_br(b.icmp("eq", b.binop("urem", nbytes, b.i64(period)), b.i64(0)), whole,
                  partial)
        b.position_at_end(partial)
        say_and_abort(b, c_string(b, module, (
            f"enzyme-opt: a copy's derivative ({name}) walks whole {period}-byte units of "
            "the copied structs, and this copy's size is not a multiple of that; the "
            "derivative would be wrong")))
        b.position_at_end(whole)
    upwards = b.icmp("ult", src, dst, "upwards") if upwards_from_src else \
        b.icmp("ult", dst, src, "upwards")
    last = b.sub(count, b.i64(1), "last")
    b.cond_br(b.icmp("eq", count, b.i64(0)), done, loop)
    b.position_at_end(loop)
    k = b.phi(I64, [(b.i64(0), whole)], "k")
    i = b.select(upwards, k, b.sub(last, k), "i")
    unit(b, dst, src, b.mul(i, b.i64(period), "unit") if period != 1 else i)
    nxt = b.add(k, b.i64(1), "next")
    k.add_incoming(nxt, loop)
    b.cond_br(b.icmp("ult", nxt, count), loop, done)
    b.position_at_end(done)
    b.ret()
    return fn


def _void_helper(module, name: str, params) -> Tuple[Function, bool]:
    """The internal function `void name(params)` ((type, name) pairs), and
    whether it is new (its body still to write)."""
    existing = module.get(name)
    if existing is not None:
        return existing, False
    ftype = FunctionType(VOID, tuple(t for t, _ in params))
    fn = Function(name, ftype, module.pointer_to(ftype), [n for _, n in params],
                  linkage="internal")
    return module.add_function(fn, unique=False), True


def _move_pointer(b: Builder, module, dst, src, at) -> None:
    p = T.byte_ptr(module)
    pp = module.pointer_to(p)
    to = b.pointer_cast(b.gep(I8, dst, [at], p), pp)
    b.store(b.load(p, b.pointer_cast(b.gep(I8, src, [at], p), pp), align=8), to, 8)


def _move_cell(b: Builder, module, dst, src, at, kind: str, atomic: bool) -> None:
    elem = FloatType(kind)
    width = kind_size(kind)
    ep = module.pointer_to(elem)
    d_ptr = b.pointer_cast(b.gep(I8, dst, [at], T.byte_ptr(module)), ep, "d")
    s_ptr = b.pointer_cast(b.gep(I8, src, [at], T.byte_ptr(module)), ep, "s")
    dv = b.load(elem, d_ptr, "dv", width)
    b.store(b.float(elem, 0.0), d_ptr, width)
    if atomic:
        atomic_fadd(b, s_ptr, dv)
        return
    sv = b.load(elem, s_ptr, "sv", width)
    b.store(b.fadd(sv, dv, flags=ADJOINT_SUM_FLAGS), s_ptr, width)


_LETTER = {"half": "h", "bfloat": "b", "float": "f", "double": "d", "x86_fp80": "x", "fp128": "q"}


def _helper_name(period: int, cells: tuple) -> str:
    if len(cells) == 1 and cells[0] == (0, cells[0][1]) and period == kind_size(cells[0][1]):
        return f"enzyme_opt.memcpy.adjoint.f{period * 8}"
    parts = "".join(f".{_LETTER[kind]}{offset}" for offset, kind in cells)
    return f"enzyme_opt.memcpy.adjoint.u{period}{parts}"


# -- untyped copies of the derivative's own memory ---------------------------------------------
# Rust at -O0 grows a Vec by copying its old block into a new one as u8
# (`RawVec::grow_impl` when the alignment changes): nothing in the copying
# function, nor in its callers, whose pointers pass through structs in
# memory, says the bytes are f64.  The adjoint of a copy, `d_src += d_dst;
# d_dst = 0` on the floats, needs no type where d_src is zero: it is then
# the byte copy `d_src = d_dst; d_dst = 0` -- as for a realloc (COPY_BACK
# below).  For a block copied and then freed, d_src is zero in the reverse
# (nothing after the copy reads the block, so no adjoint flows into its
# shadow).  That is checked at run time, in the reverse and, so that no
# shadow pointer the forward pass would have to copy is lost, of both ends
# in the forward pass: where a check fails the program stops, saying so,
# rather than go on with a derivative that may be wrong.  Copies of memory
# the user's code holds stay refused when differentiating.
def is_own_untyped_copy(gen, call, kinds: set) -> bool:
    """Is `call` a memcpy between shadowed ends whose bytes' type nothing
    tells (`kinds` empty), from a block the differentiated code made?"""
    dst, src = call.args[:2]
    if kinds or "memmove" in call.called_function.name or \
            not (gen.info.has_shadow(dst) and gen.info.has_shadow(src)):
        return False
    primal_args = {id(a): p for a, p in zip(gen.fwd_args, gen.primal.args)}
    return not held_by_the_user(src, primal_args, set())


def untyped_copy_adjoint(ctx, gen, b: Builder, call) -> None:
    """`d_src = d_dst; d_dst = 0` as bytes, where d_src is zero (checked)."""
    dst, src, nbytes = call.args[:3]
    d_dst, d_src = gen.shadow_in_rev(b, dst), gen.shadow_in_rev(b, src)
    n = gen.primal_in_rev(b, nbytes)
    require_zero_bytes(b, d_src, n, untyped_copy_message(b, gen, call, "reverse"))
    ctx.memcpy_bytes(b, d_src, d_dst, n)
    ctx.memset_zero(b, d_dst, n)


def untyped_copy_message(b: Builder, gen, call, sweep: str):
    """The located error the program prints when a check fails (a C string)."""
    where = "the source's shadow" if sweep == "reverse" else "a shadow of its ends"
    error = DifferentiationError(
        f"cannot differentiate the copy of bytes of unknown type by "
        f"'{call.called_function.name}' from '{source_name(gen.types, call.args[1])}': it was "
        f"differentiated on the condition that {where} holds only zeros in the {sweep} pass "
        "(a block copied, then freed), which failed at run time", function=gen.primal,
        instruction=call)
    return located_message(b, error)


def require_zero_bytes(b: Builder, ptr, nbytes, message) -> None:
    module = b.module
    p = T.byte_ptr(module)
    b.call(_zero_bytes_check(module), [b.pointer_cast(ptr, p), b.cast("zext", nbytes, I64)
                                       if nbytes.type != I64 else nbytes, message])


def _zero_bytes_check(module) -> Function:
    """`void enzyme_opt.require_zero_bytes(ptr p, i64 n, ptr message)`: the
    message on stderr, and abort, unless the n bytes at p are all zero."""
    name = "enzyme_opt.require_zero_bytes"
    p = T.byte_ptr(module)
    fn, new = _void_helper(module, name, ((p, "bytes"), (I64, "count"), (p, "message")))
    if not new:
        return fn
    ptr, count, message = fn.args
    entry, loop, step = fn.add_block("entry"), fn.add_block("loop"), fn.add_block("step")
    fail, done = fn.add_block("fail"), fn.add_block("done")
    b = Builder(entry)
    b.cond_br(b.icmp("eq", count, b.i64(0)), done, loop)
    b.position_at_end(loop)
    k = b.phi(I64, [(b.i64(0), entry)], "k")
    byte = b.load(I8, b.gep(I8, ptr, [k], p), "byte", 1)
    b.cond_br(b.icmp("ne", byte, ConstantInt(I8, 0)), fail, step)
    b.position_at_end(step)
    nxt = b.add(k, b.i64(1), "next")
    k.add_incoming(nxt, step)
    b.cond_br(b.icmp("ult", nxt, count), loop, done)
    b.position_at_end(fail)
    say_and_abort(b, message)
    b.position_at_end(done)
    b.ret()
    return fn


def held_by_the_user(ptr, primal_args, seen) -> bool:
    """Can `ptr` be a block whose address the user's code holds: an argument
    of a function an API call names, a global of the program, or a pointer
    read from such memory, along some path?  An argument is traced to the
    direct calls of its function; a function used any other way (named by
    an API call, its address taken) may be called with the user's memory.
    `primal_args` maps a derivative's arguments to the primal's."""
    ptr = address_base(ptr)
    ptr = primal_args.get(id(ptr), ptr)
    if id(ptr) in seen:
        return False
    seen.add(id(ptr))
    if isinstance(ptr, GlobalVariable):
        return not ptr.name.startswith("enzyme_opt.")   # not our tapes' spares
    if isinstance(ptr, Argument):
        calls = direct_calls_of(ptr.function)
        return calls is None or any(held_by_the_user(call.args[ptr.index], {}, seen)
                                    for call in calls if ptr.index < len(call.args))
    if isinstance(ptr, I.Load):
        # Read from the user's memory, or from a stack cell the function
        # stored the user's pointer into (every argument at -O0).
        cell = address_base(ptr.pointer)
        return held_by_the_user(cell, primal_args, seen) or (
            isinstance(cell, I.Alloca) and
            any(held_by_the_user(v, primal_args, seen) for v in _stored_into(cell)))
    if isinstance(ptr, I.Phi):
        return any(held_by_the_user(v, primal_args, seen) for v, _ in ptr.incoming)
    if isinstance(ptr, I.Select):
        return any(held_by_the_user(v, primal_args, seen) for v in ptr.operands[1:])
    return False


def _stored_into(cell):
    """The values stored into the stack cell `cell`, at any offset."""
    for p, user in DerivedUses(cell, through_byte_offsets):
        if isinstance(user, I.Store) and user.pointer is p:
            yield user.value


# -- realloc in reverse mode ------------------------------------------------------------------
COPY_BACK = "copy the kept bytes of the new shadow back"


def realloc_accumulate_helper(gen, call) -> Optional[Function]:
    """The helper moving the adjoints of the bytes `realloc` kept from the new
    block's shadow back into the old one's: only where the bytes hold floats,
    each read as its own kind (summing two floats' bits as one double would
    silently give nonsense).  None when the bytes hold no floats."""
    region = gen.types.copy_region(call, call.args[0], None)
    kinds = region.kinds()
    where = f"'{source_name(gen.types, call.args[0])}'"
    if not kinds and gen.primal.name == T.GROW:
        # A derivative's own tape, grown in a derivative differentiated
        # again (reverse over reverse).  Its cells are read as doubles, as
        # before this function knew layouts.  TODO: a tape caching floats
        # needs the tape's layout here.
        return accumulate_helper(gen.ctx.module, 8, ((0, "double"),))
    if not kinds:
        # Untyped bytes (Rust's finish_grow grows every Vec as u8).  The old
        # block's shadow was allocated by this derivative and nothing wrote
        # it since the forward realloc (the old block is dead after it, and
        # adjoints only arrive in the reverse): its floats are 0, and
        # copying the kept bytes back adds them, whatever their type.
        return COPY_BACK
    if not kinds & set(FLOAT_KINDS):
        return None
    pattern = copy_pattern(region, kinds, None)
    if pattern is None:
        raise DifferentiationError(
            f"cannot differentiate a 'realloc' of {where}, memory mixing "
            f"{', '.join(sorted(kinds))} in no regular layout", function=gen.primal,
            instruction=call)
    return accumulate_helper(gen.ctx.module, *pattern)
