"""Dense views: `__enzyme_todense(load, store, extra...)`.

The call returns a pointer that points to no memory: reading `T` at byte
offset `k` from it is `load(k, extra...)`, writing `v` there is
`store(v, k, extra...)`.  A program differentiates as usual, passing such
pointers as arguments or shadows (a sparse Hessian passes a view whose
store appends `(row, k / sizeof(T), v)` to a list as the shadow of a
gradient, and whose load returns 0: each `g[k] += d` of the gradient's
derivative then hands on its increment).  The derivative of a load or a
store through a view is a load or a store through its shadow, so views are
lowered after differentiation, where the loads and stores are plain:

- the view itself becomes the null pointer, and every pointer computed from
  it (getelementptr, casts, phi, select of the same view) holds the byte
  offset from it; the getelementptrs lose `inbounds` (null has no object);
- a load through such a pointer becomes a call of `load` with the offset
  and the view's extra arguments (a vector load: one call per element), a
  store a call of `store`;
- a function handed such a pointer is copied for it (once per function and
  views): the copy takes the views' extra arguments after its own, and is
  lowered the same way.

Anything else done with a view pointer (stored in memory, returned, passed
to a function without a body, compared with another pointer, converted to an
integer, copied with memcpy) is refused at the `__enzyme_todense` call.
`__enzyme_post_sparse_todense` is the same call (the reference lowers it
after its own sparsity pass, which only changes speed).
"""
from __future__ import annotations

from typing import Dict, List, Optional

from ..diagnostics import DifferentiationError
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.clone import clone_body
from ..ir.constants import ConstantInt, ConstantNull, ConstantPoison, ConstantUndef
from ..ir.module import function_under_casts
from ..ir.types import I64, FunctionType, VectorType, size_and_align
from ..analysis.cfg import DominatorTree
from ..analysis.library import HINT_INTRINSICS
from ..transforms.mem2reg import is_promotable, promote_allocas
from ..transforms.stack_values import forward_from_slot
from .conventions import coerce
from .records import record

TODENSE = ("__enzyme_todense", "__enzyme_post_sparse_todense")


def todense_name(name: str) -> Optional[str]:
    """Which dense-view entry point a function is (C++ mangles it around)."""
    for prefix in TODENSE:
        if name.startswith(prefix) or (name.startswith("_Z") and prefix in name):
            return prefix
    return None


@record
class View:
    """One `__enzyme_todense` call: its functions, and where to complain."""
    load: Function
    store: Function
    call: I.Instruction          # the __enzyme_todense call (for messages)

    def key(self, extras) -> tuple:
        return (id(self.load), id(self.store), tuple(str(e.type) for e in extras))

    def error(self, message: str, inst=None) -> DifferentiationError:
        where = f" (in '{inst.function.name}')" if inst is not None and inst.function and \
            inst.function is not self.call.function else ""
        return DifferentiationError(f"the dense view made here cannot be lowered: "
                                    f"{message}{where}", function=self.call.function,
                                    instruction=self.call)


def lower_dense_views(module) -> int:
    """Lower every `__enzyme_todense` call of `module`; returns how many."""
    entry_points = [f for f in module.functions if todense_name(f.name)]
    if not entry_points:        # no call to find: skip the walk over every instruction
        return 0
    module.read_bodies_naming(entry_points)
    calls = [inst for fn in module.read_functions() for inst in fn.instructions()
             if isinstance(inst, I.CallBase) and inst.called_function is not None
             and todense_name(inst.called_function.name)]
    copies: Dict[tuple, Function] = {}
    for call in calls:
        view = _view_of(call)
        _lower_pointer(view, call, lambda: list(call.args[2:]), copies)
        call.replace_all_uses_with(ConstantNull(call.type))
        call.erase()
    for fn in list(module.functions):
        if fn.is_declaration and todense_name(fn.name) and not fn.has_uses():
            module.remove_global_value(fn)
    return len(calls)


def _view_of(call) -> View:
    if call.num_args < 2:
        raise DifferentiationError(f"'{call.called_function.name}' takes a load function and "
                                   "a store function first", function=call.function,
                                   instruction=call)
    fns = [function_under_casts(a) for a in call.args[:2]]
    for fn, what in zip(fns, ("load", "store")):
        if fn is None:
            raise DifferentiationError(f"the {what} function of a dense view must be a function "
                                       "known at compile time", function=call.function,
                                       instruction=call)
    if not call.type.is_pointer:
        raise DifferentiationError("a dense view is a pointer: declare __enzyme_todense as "
                                   "returning one", function=call.function, instruction=call)
    return View(fns[0], fns[1], call)


# ---------------------------------------------------------------- one pointer


def _derived(view: View, root) -> Dict[int, object]:
    """The pointers computed from `root` (root included), by id.  A view
    kept in a stack slot (-O0) is the view where the slot is read: the slot
    is forwarded when written once, else the function's slots are promoted
    to SSA values."""
    derived, in_slots = _walk(root)
    if in_slots:
        promote_allocas(root.function)
        derived, in_slots = _walk(root)
    for v in derived.values():
        if isinstance(v, (I.Phi, I.Select)):
            ops = v.operands if isinstance(v, I.Phi) else v.operands[1:]
            if any(id(op) not in derived and not isinstance(op, (ConstantUndef, ConstantPoison))
                   for op in ops):
                raise view.error("a phi or select picks between it and another pointer", v)
    return derived


def _walk(root):
    """(pointers computed from root, whether one is in a promotable slot)."""
    derived, work, in_slots = {id(root): root}, [root], False
    domtree = None
    while work:
        v = work.pop()
        for user, index in list(v.uses):
            if id(user) in derived or _not_code(user):
                continue
            if isinstance(user, I.Store) and index == 0:
                domtree = domtree or DominatorTree(root.function)
                if forward_from_slot(user, domtree):
                    work.append(v)
                elif isinstance(user.pointer, I.Alloca) and is_promotable(user.pointer):
                    in_slots = True
                continue
            steps = (isinstance(user, I.GetElementPtr) and index == 0) or \
                (isinstance(user, I.Cast) and user.opcode in ("bitcast", "addrspacecast")) or \
                isinstance(user, I.Phi) or (isinstance(user, I.Select) and index > 0)
            if steps:
                derived[id(user)] = user
                work.append(user)
    return derived, in_slots


def _lower_pointer(view: View, root, extras_of, copies) -> None:
    """Rewrite what is done through `root` (the view, or a parameter holding
    one) in its function; `extras_of()` gives the view's extra arguments
    there (asked after the slots holding them may have been promoted)."""
    derived = _derived(view, root)
    extras = extras_of()
    calls: Dict[int, I.CallBase] = {}
    for v in list(derived.values()):
        if isinstance(v, I.GetElementPtr):
            v.flags = []
            v.inrange = None
        for user, index in list(v.uses):
            if id(user) in derived or _not_code(user):
                continue
            if isinstance(user, I.Load) and index == 0:
                _lower_load(view, user, extras)
            elif isinstance(user, I.Store) and index == 1:
                _lower_store(view, user, extras)
            elif isinstance(user, I.CallBase):
                calls[id(user)] = user
            elif isinstance(user, I.Compare) and all(id(op) in derived for op in user.operands):
                continue        # offsets from the same view compare as the pointers would
            else:
                what = "stored in memory" if isinstance(user, I.Store) else \
                    f"used by '{user.opcode}'"
                raise view.error(f"a pointer into it is {what}; only loads, stores, pointer "
                                 "arithmetic and calls of functions with a body may use it",
                                 user)
    for call in calls.values():
        _lower_call(view, call, derived, extras, copies)


def _not_code(user) -> bool:
    """A debug record (it describes the view, and goes on describing null)
    or an instruction already taken out."""
    return getattr(user, "is_debug_record", False) or user.parent is None


def _offset(b: Builder, ptr):
    return b.cast("ptrtoint", ptr, I64, "view.offset")


def _element_calls(view: View, inst, value_type, fn, what: str) -> tuple:
    """(element type, lanes) of a load or store of `value_type` through a view
    of `fn`'s element type: the same type, a vector of it, or a type of its
    size (a copy of the bits)."""
    element = fn.return_type if what == "load" else \
        (fn.function_type.params[0] if fn.function_type.params else None)
    if element is None or element.is_void:
        raise view.error(f"its {what} function '{fn.name}' has no element type", inst)
    if value_type == element:
        return element, 0
    if isinstance(value_type, VectorType) and value_type.element == element:
        return element, value_type.count
    if not value_type.is_aggregate and not isinstance(value_type, VectorType) and \
            size_and_align(value_type)[0] == size_and_align(element)[0]:
        return element, -1
    raise view.error(f"a {what} of {value_type} through it, whose elements are {element} "
                     f"('{fn.name}')", inst)


def _call_view_fn(view: View, b: Builder, fn, leading: list, offset, extras: list, inst):
    params = fn.function_type.params
    args = leading + [offset] + extras
    if len(params) != len(args) or fn.function_type.vararg:
        given = ("the value, " if leading else "") + f"the offset and {len(extras)} extra"
        raise view.error(f"'{fn.name}' takes {len(params)} arguments but the view gives it "
                         f"{len(args)} ({given})", inst)
    try:
        fitted = [coerce(b, a, p) for a, p in zip(args, params)]
    except DifferentiationError as e:
        raise view.error(f"'{fn.name}': {e.message}", inst) from None
    return b.call(fn, fitted)


def _lower_load(view: View, load, extras: list) -> None:
    if load.volatile or load.atomic:
        raise view.error("a volatile or atomic load through it", load)
    b = Builder().position_before(load)
    element, lanes = _element_calls(view, load, load.type, view.load, "load")
    offset = _offset(b, load.pointer)
    if lanes == 0:
        value = _call_view_fn(view, b, view.load, [], offset, extras, load)
    elif lanes == -1:
        value = b.cast("bitcast", _call_view_fn(view, b, view.load, [], offset, extras, load),
                       load.type)
    else:
        size = size_and_align(element)[0]
        value = ConstantPoison(load.type)
        for k in range(lanes):
            at = b.add(offset, ConstantInt(I64, k * size))
            lane = _call_view_fn(view, b, view.load, [], at, extras, load)
            value = b.insertelement(value, lane, ConstantInt(I64, k))
    load.replace_all_uses_with(value)
    load.erase()


def _lower_store(view: View, store, extras: list) -> None:
    if store.volatile or store.atomic:
        raise view.error("a volatile or atomic store through it", store)
    b = Builder().position_before(store)
    value = store.value
    element, lanes = _element_calls(view, store, value.type, view.store, "store")
    offset = _offset(b, store.pointer)
    if lanes == 0:
        _call_view_fn(view, b, view.store, [value], offset, extras, store)
    elif lanes == -1:
        _call_view_fn(view, b, view.store, [b.cast("bitcast", value, element)], offset,
                      extras, store)
    else:
        size = size_and_align(element)[0]
        for k in range(lanes):
            at = b.add(offset, ConstantInt(I64, k * size))
            lane = b.extractelement(value, ConstantInt(I64, k))
            _call_view_fn(view, b, view.store, [lane], at, extras, store)
    store.erase()


# ---------------------------------------------------------------- calls


def _lower_call(view: View, call, derived, extras: list, copies) -> None:
    callee = call.called_function
    if callee is not None and callee.name.startswith(HINT_INTRINSICS):
        call.replace_all_uses_with(ConstantPoison(call.type)) if not call.type.is_void else None
        call.erase()             # a hint about the view's memory: there is none
        return
    if callee is None or callee.is_declaration or not isinstance(call, I.Call) or \
            id(call.callee) in derived or callee.function_type.vararg or \
            any(id(op) in derived for op in call.operands[call.num_args:]):
        name = f"'{callee.name}'" if callee is not None else "a function known only at run time"
        raise view.error(f"a pointer into it is passed to {name}, whose body is not in "
                         "this module (only functions with a body can be handed a view)", call)
    dense = [k for k, a in enumerate(call.args) if id(a) in derived]
    copy, extra_count = _copy_for(view, callee, dense, extras, copies)
    b = Builder().position_before(call)
    args = list(call.args) + list(extras) * len(dense)
    attrs = ["" if k in dense else a for k, a in enumerate(call.arg_attrs)]
    new = b.call(copy, args, call.name, tail="", arg_attrs=attrs + [""] * extra_count)
    new.metadata = [(k, t) for k, t in call.metadata if k == "dbg"]
    call.replace_all_uses_with(new)
    call.erase()


def _copy_for(view: View, callee, dense: List[int], extras: list, copies):
    """`callee` copied for views at parameters `dense`, each followed (after
    the parameters) by the view's extra arguments; made once per key."""
    key = (id(callee), tuple(dense), view.key(extras))
    extra_count = len(extras) * len(dense)
    if key in copies:
        return copies[key], extra_count
    module = callee.module
    params = list(callee.function_type.params) + [e.type for e in extras] * len(dense)
    names = [a.name for a in callee.args] + [f"view.extra{i}" for i in range(extra_count)]
    ftype = FunctionType(callee.return_type, tuple(params), False)
    copy = Function(f"{callee.name}.dense", ftype, module.pointer_to(ftype), names,
                    linkage="internal", ret_attrs=_plain(callee.ret_attrs),
                    attrs=callee.target_attributes())
    for new, old in zip(copy.args, callee.args):
        new.attrs = "" if old.index in dense else old.attrs
    module.add_function(copy)
    copies[key] = copy
    clone_body(callee, copy, {id(a): b for a, b in zip(callee.args, copy.args)})
    extra_args = copy.args[len(callee.args):]
    for n, k in enumerate(dense):
        mine = extra_args[n * len(extras):(n + 1) * len(extras)]
        _lower_pointer(view, copy.args[k], lambda mine=mine: list(mine), copies)
    return copy, extra_count


def _plain(ret_attrs: str) -> str:
    """Return attributes that stay true of a copy (noalias/nonnull on a
    returned pointer may not: it may be a view's offset)."""
    return "" if any(w in ret_attrs for w in ("nonnull", "noalias", "dereferenceable",
                                               "align")) else ret_attrs
