"""What the AD refuses to differentiate, each with a located error.

Forward and reverse mode meet the same unsupported constructs (calls whose
target is known only at run time, derivatives passed through `...`, atomic
operations other than a sum); the checks live here so both say the same.
"""
from __future__ import annotations

from ..analysis.activity import (address_base, allocation_size_index, contains_float,
                                 contains_pointers, input_reads, is_inactive_call)
from ..analysis.cfg import ExecutionOrder, predecessor_map, reaches
from ..analysis.constant_callees import address_in_initializers, held_globals
from ..analysis.library import (ERRNO_ACCESSORS, ERRNO_CONVERSION, ERRNO_PRINTERS, FP_FLAG_READERS,
                                blas_without_rule, math_function,
                                is_memory_copy, reallocator, refused_mpi, refused_runtime,
                                VECTOR_NATIVE_MATH)
from ..analysis.library.runtimes import (MEMORY_SANITIZER_CTOR, SANITIZER_ATTRIBUTES,
                                         sanitizer_of_attributes, sanitizer_of_runtime)
from ..analysis.memory import address_uses, call_may_write_through
from ..analysis.user_marks import global_base
from ..diagnostics import DifferentiationError
from ..ir import instructions as I
from ..ir.references import reaches_function
from ..ir.constants import ConstantExpr, ConstantString, InlineAsm
from ..ir.module import GlobalVariable
from ..ir.printer import value_ref
from ..ir.values import Argument
from .constant_memory import POINTER, VALUE, is_wide, note_escape, read_back, written_place


def refuse_indirect_call(call, function, outside=()) -> None:
    """A call whose target is not a known function, with derivatives flowing
    through it, cannot be differentiated.  `outside`: the functions without a
    body in this module that the pointer may be (their address is taken)."""
    if isinstance(call.callee, InlineAsm):
        problem = "cannot differentiate inline assembly that active values flow through"
    else:
        problem = ("cannot differentiate an indirect call with active arguments (the function "
                   "called is only known at run time)")
        if outside:
            names = ", ".join(f"'{fn.name}'" for fn in outside[:3])
            problem += (f"; it may be {names}, defined outside this module: link the module "
                        "defining it in (enzyme-opt takes several .ll files), or give the "
                        "pointer a derivative table as its shadow (__enzyme_virtualreverse)")
    raise DifferentiationError(problem, function=function, instruction=call)


def _as_primal_argument(value, function, derivative_args):
    """`value` as the argument of `function` (the primal) it stands for, or
    None.  `derivative_args` are the derivative's values of the primal's
    parameters, in order, where the code examined is a copy of the primal."""
    if derivative_args is not None:
        for index, arg in enumerate(derivative_args):
            if arg is value:
                return function.args[index]
    return value if isinstance(value, Argument) and value.function is function else None


def refuse_missing_shadow(pointer, function, derivative_args=None) -> None:
    """A pointer that carries derivatives here has no shadow: it may point to
    constant memory (an enzyme_const argument's, or reached through one) as
    well as to memory with derivatives (a pointer chosen by a branch)."""
    arg = _as_primal_argument(pointer, function, derivative_args)
    if arg is not None:
        what = f"argument {arg.index + 1}"
        hint = "; pass it with enzyme_dup and a shadow"
    else:
        what = f"'{pointer.text() if isinstance(pointer, I.Instruction) else value_ref(pointer)}'"
        hint = ""
    raise DifferentiationError(
        f"cannot differentiate: the pointer {what} has no shadow but meets memory that "
        f"carries derivatives here (constant and active memory mixed){hint}",
        function=function, instruction=pointer if isinstance(pointer, I.Instruction) else None)


def refuse_bodiless_call(call, function) -> None:
    """Derivatives reach a call of a function that has no body here and no
    derivative rule: say how to give it one."""
    name = call.called_function.name
    refuse_known_runtime(call, function)
    raise DifferentiationError(
        f"cannot differentiate call to '{name}' (no derivative rule and no body in this "
        f"module); if it is defined in another file, pass that file too (enzyme-opt a.ll b.ll "
        f"links its inputs), or register its derivative (__enzyme_register_gradient_{name})",
        function=function, instruction=call)


def refuse_known_runtime(call, function) -> None:
    """A runtime function the catalog names as not differentiated yet: say
    which construct of the source it implements."""
    name = call.called_function.name
    construct = refused_runtime(name) or blas_without_rule(name) or refused_mpi(name)
    if construct is not None:
        raise DifferentiationError(
            f"cannot differentiate call to '{call.called_function.name}' (no derivative rule "
            f"yet), which implements {construct}", function=function, instruction=call)


def refuse_unshadowed_pointer_store(store, function, derivative_args=None) -> None:
    """A pointer without a shadow (into an `enzyme_const` argument's memory,
    or memory reached through one) stored into memory that has one: reading
    it back, the derivative code would need a shadow it does not have, and
    the primal memory itself in its place would be read as derivatives.
    A `memcpy` of bytes holding pointers out of memory without a shadow is
    the same store (its shadow pointers would be left null).  When the
    pointer is into an argument's memory, the error says how to give it a
    shadow."""
    copies = isinstance(store, I.CallBase)
    arg = _as_primal_argument(address_base(store.args[1] if copies else store.value), function,
                              derivative_args)
    hint = ""
    if arg is not None:
        # Zeroed before each call: a shadow reused from the last call holds
        # that call's derivatives.  Into another duplicated argument's
        # memory, only that shadow is right (ad/shadow_offsets.py checks).
        hint = (f"; pass argument {arg.index + 1} of '{function.name}' with enzyme_dup and a "
                "shadow zeroed before each call (the derivative it receives can be ignored; "
                "if it points into memory another argument is passed duplicated, that "
                "argument's shadow at the same offset)")
    what = ("copying pointers out of memory without a shadow" if copies else
            "storing a pointer to memory without a shadow")
    raise DifferentiationError(
        f"cannot differentiate {what} (constant, or reached through an enzyme_const argument) "
        "into memory that carries derivatives" + hint, function=function, instruction=store)


def check_variadic_call(call, info, function) -> None:
    """Arguments in a call's `...` part reach the callee only through va_arg,
    whose memory we cannot shadow: refuse when a derivative would ride there."""
    callee = call.called_function
    ftype = callee.function_type if callee is not None else call.function_type
    fixed = len(ftype.params)
    if ftype.vararg and any(info.is_active(a) or info.has_shadow(a)
                            for a in call.args[fixed:]):
        what = f"variadic function '{callee.name}'" if callee is not None else \
            "a variadic function through a pointer"
        raise DifferentiationError(
            f"cannot differentiate a call to {what} with active arguments in its '...' part",
            function=function, instruction=call)


def check_opaque_call(call, info, function) -> None:
    """A function without a body or a derivative rule that may write memory
    holding derivatives (a pointer argument with a shadow) would leave that
    shadow stale, and a pointer it returns into that memory would have no
    shadow: the gradient would be silently wrong, so refuse."""
    for index, arg in enumerate(call.args):
        if not (contains_pointers(arg.type) and info.has_shadow(arg)):
            continue
        if refused_mpi(call.called_function.name):
            # Even only read, the memory travels to another rank with its derivative.
            refuse_known_runtime(call, function)
        if call_may_write_through(call, index):
            problem = f"may write through its argument {index + 1} to memory that carries " \
                "derivatives"
        elif contains_pointers(call.type) and reaches_data(call, set()):
            # A pure `double *find(double *a, int k)` returns a pointer into a's memory,
            # for all anyone knows; without a shadow, reads through it lose derivatives.
            problem = ("returns a pointer that may point into the memory of its argument "
                       f"{index + 1}, which carries derivatives")
        else:
            continue
        refuse_known_runtime(call, function)
        raise DifferentiationError(
            f"cannot differentiate call to '{call.called_function.name}' (no derivative "
            f"rule and no body), which {problem}", function=function, instruction=call)


def reaches_data(pointer, seen=None) -> bool:
    """Is memory holding floats or pointers read or written through
    `pointer` (or a pointer derived from it), or does it escape (stored,
    returned, passed on to a call that may keep it)?  `strstr(buf, s)`
    compared to null reaches none, nor MemorySanitizer's shadow byte reads."""
    seen = seen if seen is not None else set()
    if id(pointer) in seen:
        return False
    seen.add(id(pointer))
    for user in pointer.users:
        if isinstance(user, (I.GetElementPtr, I.Phi, I.Select, I.Freeze)) or \
                isinstance(user, I.Cast) and user.type.is_pointer:
            if reaches_data(user, seen):
                return True
        elif isinstance(user, I.Load):
            if contains_float(user.type) or contains_pointers(user.type):
                return True
        elif isinstance(user, I.Store):
            if user.value is pointer or contains_float(user.value.type) or \
                    contains_pointers(user.value.type):
                return True
        elif isinstance(user, (I.Return, I.InsertValue)) or \
                isinstance(user, I.CallBase) and not is_inactive_call(user):
            return True
    return False


def check_input_call(call, info, function) -> None:
    """An input function (scanf, `is >> x`) stores values without
    derivatives; where it may overwrite memory that carries derivatives
    (x with a shadow: it held an active value, or is the caller's), the
    adjoint there would outlive the value it belonged to: refuse.  The
    arguments before the written ones (the stream, the format) hold no
    floats, so what the call does to them carries no derivative."""
    callee = call.called_function
    name = callee.name if callee is not None else "a virtual member"
    reads = input_reads(call)
    for index, arg in enumerate(call.args):
        if info.is_active(arg):
            raise DifferentiationError(f"cannot differentiate call to '{name}' ({reads.what}) "
                                       "with an active argument", function=function,
                                       instruction=call)
        if index >= reads.first_written and contains_pointers(arg.type) and \
                info.has_shadow(arg) and (callee is None or call_may_write_through(call, index)):
            raise DifferentiationError(
                f"cannot differentiate call to '{name}' ({reads.what}): it stores values read "
                f"from input through its argument {index + 1} into memory that carries "
                "derivatives (the adjoint there would be stale); read into a variable of its "
                "own and copy it", function=function, instruction=call)


def atomic_moves_floats(inst) -> bool:
    """Whether an atomicrmw/cmpxchg carries floats: float-typed, or (as clang
    writes `__atomic_exchange` of a double) integers cast from or to floats."""
    if inst.operands[-1].type.is_float:
        return True

    def is_float_cast(v):
        return isinstance(v, I.Cast) and v.opcode == "bitcast" and (
            v.operands[0].type.is_float or v.type.is_float)
    casts_in = any(is_float_cast(op) for op in inst.operands[1:])
    casts_out = any(is_float_cast(u) or (isinstance(u, I.ExtractValue) and
                                         any(is_float_cast(w) for w in u.users))
                    for u in inst.users)
    return casts_in or casts_out


def check_atomic_update(inst, function) -> str:
    """The operation of an atomic update of active memory, if it is one we
    differentiate (an atomic `fadd`/`fsub` is a sum, so its adjoint is a
    read of the shadow); otherwise a located error."""
    op = inst.atomic_operation
    if op in ("fadd", "fsub"):
        return op
    what = f"atomicrmw {op}" if op else inst.opcode
    raise DifferentiationError(f"cannot differentiate '{what}' on active memory (only atomic "
                               "fadd and fsub are supported)", function=function,
                               instruction=inst)


def check_active_stores(fn, info, function, fwd_args=(), escaped=None) -> None:
    """An active float stored through a pointer that a global holds (a static
    workspace, a buffer the caller hung on a global) lands in memory without
    a shadow: its derivative would be dropped, and read back as zero.  (A
    pointer from an `enzyme_const` argument is the caller's choice.)  So
    does a pointer with a shadow stored into such a global and read back.
    And a float loaded through a pointer such a global holds, where its
    initializer points at an active global, would miss that global's
    derivative (`_refuse_read_of_held_global`).  Such a store into memory an
    argument of `function` reaches, not read back here, may be read back by
    its caller: `escaped` (a dict, id(function) -> the (place, kind) pairs
    written) keeps it for the caller's check (constant_memory.py).  A copy of active
    bytes into such memory is the same store (`_refuse_copy_read_back`)."""
    def escapes(place, kind) -> None:
        note_escape(escaped, function, fwd_args, place, kind)

    for inst in fn.instructions():
        if isinstance(inst, I.Load) and contains_float(inst.type) and \
                not info.has_shadow(inst.pointer):
            _refuse_read_of_held_global(info, function, inst)
        stored = _stored_pointer(inst)
        if stored is not None and info.has_shadow(stored):
            _refuse_shadowed_pointer_in_global(info, function, inst)
            _refuse_shadowed_pointer_in_memory(fn, info, function, inst, escapes)
        _refuse_copy_read_back(fn, info, function, inst, escapes)
        if not isinstance(inst, I.Store) or not contains_float(inst.value.type) or \
                not info.is_active(inst.value) or info.has_shadow(inst.pointer):
            continue
        holder = global_holding(inst.pointer) or _global_behind_accessor(inst.pointer, info)
        if holder is not None:
            raise DifferentiationError(
                f"cannot differentiate a store of an active value through the pointer held "
                f"by global '@{holder.name}': the memory it points to has no shadow to "
                "carry the derivative (pass the buffer as an argument with its shadow)",
                function=function, instruction=inst)
        source = _unknown_call_origin(inst.pointer)
        if source is not None:
            raise DifferentiationError(
                f"cannot differentiate a store of an active value into memory returned by "
                f"{_callee_text(source)}: what that memory is, and so its shadow, is unknown "
                "(the derivative would be dropped)", function=function, instruction=inst)
        _refuse_read_back(fn, info, function, inst, escapes)


def _refuse_read_of_held_global(info, function, load) -> None:
    """A float loaded through a pointer that a global without a shadow holds
    (`double *slots[2] = {&ga, &gb}; ... *slots[k]`), whose initializer
    holds the address of an active global that differentiated code uses:
    the load may read that global, and would not read its derivative (it
    would look constant).  A table of globals only `main` fills is fine."""
    holder = global_holding(load.pointer)
    if holder is None or info.globals is None:
        return
    active = [g for g in held_globals(holder.initializer) if info.globals.is_active_global(g)
              and info.globals.may_carry_derivatives(g)]
    if active:
        raise DifferentiationError(
            f"cannot differentiate a load through the pointer held by global "
            f"'@{holder.name}', which has no shadow: it may point to global "
            f"'@{active[0].name}', whose derivative the load would not read (use the "
            "global directly, or pass it as an argument with its shadow)",
            function=function, instruction=load)


def _stored_pointer(store):
    """The pointer a store writes, as itself or as its integer (`saved =
    (uintptr_t)y`, a ptrtoint clang -O2 keeps); else None."""
    if not isinstance(store, I.Store):
        return None
    value = store.value
    if isinstance(value, I.Cast) and value.opcode == "ptrtoint":
        return value.operands[0]
    return value if value.type.is_pointer else None


def _refuse_shadowed_pointer_in_global(info, function, store) -> None:
    """A pointer with a shadow (a duplicated argument's) stored into a global
    that has none, and that code may read (an instruction using it other
    than a store into it): what is read through the copy (by a callee taking
    no pointer) carries no derivative, and the call would look inactive.
    Refused; a global only written is harmless."""
    holder = address_base(store.pointer)
    if not isinstance(holder, GlobalVariable) or holder.is_constant_global or \
            info.has_shadow(store.pointer):
        return
    if _global_read(holder):
        raise DifferentiationError(
            f"cannot differentiate a store of a pointer with a shadow into global "
            f"'@{holder.name}', which has none: what is read through the global later "
            "would carry no derivative (pass the pointer as an argument)",
            function=function, instruction=store)


def _global_read(holder) -> bool:
    """Is global `holder` used other than as the address of a store?  Uses
    through constant expressions (`bitcast (double** @g to i8**)`, typed
    pointers' usual spelling) record no users of their own: for those, the
    read bodies' instructions are searched for operands based on `holder`
    (reading `holder.users` has read every body that names it).  Nor does
    another global's initializer holding its address (`@pp = global ptr
    @holder`): code may read `holder` through a load of `@pp`."""
    if holder.module is not None and address_in_initializers(holder):
        return True
    through_constants = False
    for user in holder.users:
        if isinstance(user, I.Instruction):
            if not (isinstance(user, I.Store) and user.pointer is holder):
                return True
        else:
            through_constants = True
    if not through_constants or holder.module is None:
        return False
    for fn in holder.module.read_functions():
        for inst in fn.instructions():
            for op in inst.operands:
                if op is not holder and isinstance(op, ConstantExpr) and \
                        address_base(op) is holder and \
                        not (isinstance(inst, I.Store) and inst.pointer is op):
                    return True
    return False


def _refuse_shadowed_pointer_in_memory(fn, info, function, store, escapes) -> None:
    """A pointer with a shadow stored through a pointer without one that is
    not a global's own address (`_refuse_shadowed_pointer_in_global`): into
    an object a global points to (`current->data = y`), which any callee
    may read, or into memory reached through a constant argument and read
    back (`v->data = y; reader(v)`).  The reader finds no shadow beside the
    copy, its loads through it carry no derivative, and a call taking no
    pointer, or only the constant one, looks inactive."""
    if info.has_shadow(store.pointer):
        return
    holder = global_holding(store.pointer)
    place = written_place(store.pointer)
    if holder is None and not read_back(fn, info, place, POINTER):
        escapes(place, POINTER)
        return
    where = f"an object global '@{holder.name}' points to" if holder is not None else \
        "memory reached through a constant argument, read back"
    raise DifferentiationError(
        f"cannot differentiate a store of a pointer with a shadow into {where}: that "
        "memory has no shadow, so what is read through the stored pointer would carry "
        "no derivative (pass the pointer as an argument)", function=function,
        instruction=store)


def _refuse_copy_read_back(fn, info, function, call, escapes) -> None:
    """A `memcpy`/`memmove` from memory with a shadow into memory without one
    (an `enzyme_const` context's buffer) and read back: the copy moved no
    derivative, so the read carries none.  As a store of an active value."""
    if not isinstance(call, I.CallBase) or call.called_function is None or \
            not is_memory_copy(call.called_function.name) or len(call.args) < 3:
        return
    destination, source = call.args[0], call.args[1]
    if info.has_shadow(destination) or not info.has_shadow(source):
        return
    place = written_place(destination, whole=True)
    if not read_back(fn, info, place, VALUE, skip=call):
        escapes(place, VALUE)
        return
    raise DifferentiationError(
        "cannot differentiate a copy of memory that carries derivatives into memory "
        "without a shadow (reached through a constant argument) that is read back: the "
        "derivative would be lost; pass that memory as a duplicated argument",
        function=function, instruction=call)


def _refuse_read_back(fn, info, function, store, escapes) -> None:
    """An active value stored into memory without a shadow (an `enzyme_const`
    argument's, or what a constant object points to: a lambda's capture by
    reference) and loaded again: the load would carry no derivative, and the
    result would silently miss that path.  Refused; a store that is never
    read back only loses what nobody asked for (unless a caller reads it:
    `escapes`)."""
    place = written_place(store.pointer, is_wide(store.value.type))
    if not read_back(fn, info, place, VALUE):
        escapes(place, VALUE)
        return
    raise DifferentiationError(
        "cannot differentiate a store of an active value into memory without a "
        "shadow (reached through a constant argument: an 'enzyme_const' pointer, or "
        "a lambda's or functor's captured reference) that is read back: the "
        "derivative would be lost; pass that memory as a duplicated argument",
        function=function, instruction=store)


def _unknown_call_origin(ptr):
    """The call returning the memory `ptr` points into, when it is a call
    whose target the AD cannot see: indirect (through a pointer the module
    may change) or a function without a body that is no allocator."""

    def unknown_call(root):
        if not isinstance(root, I.CallBase):
            return None
        fn = root.called_function
        if fn is None or (fn.is_declaration and allocation_size_index(fn) is None
                          and reallocator(fn.name) is None):
            return root
        return None
    return _root_where(ptr, unknown_call)


def _callee_text(call) -> str:
    fn = call.called_function
    return f"'{fn.name}'" if fn is not None else "an indirect call"


def _global_behind_accessor(ptr, info):
    """The global without a shadow that a defined function was handed (its
    address, or a pointer it holds), or whose held pointer it returns, when
    `ptr` is that function's result: a C++ accessor at -O0 (`work[i]` on a
    static std::vector calls `operator[](&work, i)`), or `double *slot(i)
    { return &store_[i]; }`; the result reaches the memory the global points
    to and so has no shadow either."""

    def accessor(root):
        if not isinstance(root, I.CallBase) or root.called_function is None or \
                root.called_function.is_declaration:
            return None
        for block in root.called_function.blocks:      # returns what a global holds
            ret = block.terminator
            if isinstance(ret, I.Return) and ret.operands and ret.operands[0].type.is_pointer:
                held = global_holding(ret.operands[0])
                if held is not None:
                    return held
        for a in root.args:
            if a.type.is_pointer and not info.has_shadow(a):
                g = global_base(address_base(a)) if isinstance(address_base(a), ConstantExpr) \
                    else address_base(a)
                if isinstance(g, GlobalVariable) and not g.is_constant_global:
                    return g
                held = global_holding(a)
                if held is not None:
                    return held
        return None
    return _root_where(ptr, accessor)


def global_holding(ptr):
    """The global a pointer was loaded from (through address arithmetic,
    phis and selects), if it was: a constant one too (a constant table of
    pointers to globals that code writes), and one holding the pointer as
    its integer (`uintptr_t where`; `(double *)where`)."""

    def loaded_from_global(root):
        if isinstance(root, I.Cast) and root.opcode == "inttoptr":     # kept as its integer
            bits = root.operands[0]
            if isinstance(bits, I.Cast) and bits.opcode == "ptrtoint":
                bits = bits.operands[0]
            return _root_where(bits, loaded_from_global)
        if isinstance(root, I.Load):
            holder = address_base(root.pointer)
            if isinstance(holder, GlobalVariable):
                return holder
        return None
    return _root_where(ptr, loaded_from_global)


def _root_where(ptr, found_at, depth: int = 0):
    """What `found_at` finds at the root of `ptr` (under its address
    arithmetic), or at the roots of the values a phi or select of roots
    chooses from (a few levels deep); None if nothing."""
    root = address_base(ptr)
    found = found_at(root)
    if found is not None or depth >= 4 or not isinstance(root, (I.Phi, I.Select)):
        return found
    values = root.operands if isinstance(root, I.Phi) else root.operands[1:]
    for v in values:
        found = _root_where(v, found_at, depth + 1)
        if found is not None:
            return found
    return None


def check_inline_asm(fn, info, function) -> None:
    """Inline assembly that may write memory carrying derivatives (a pointer
    with a shadow passed as an indirect output, or to asm that clobbers
    memory) would leave the shadow stale: refuse it.  An empty asm (a
    compiler barrier) writes nothing."""
    for inst in fn.instructions():
        if not isinstance(inst, I.CallBase) or not isinstance(inst.callee, InlineAsm) or \
                not inst.callee.code.strip():
            continue
        codes = [c.strip() for c in inst.callee.constraints.split(",")]
        clobbers_memory = "~{memory}" in codes
        operand_codes = [c for c in codes if not c.startswith("~") and
                         not (c.startswith("=") and "*" not in c)]
        for index, arg in enumerate(inst.args):
            code = operand_codes[index] if index < len(operand_codes) else ""
            writes = clobbers_memory or (code.startswith("=") and "*" in code)
            if writes and arg.type.is_pointer and info.has_shadow(arg):
                raise DifferentiationError(
                    f"cannot differentiate inline assembly that may write memory carrying "
                    f"derivatives (through its argument {index + 1}"
                    f"{', and it clobbers memory' if clobbers_memory else ''}): the shadow "
                    "would not follow; write the operation in C", function=function,
                    instruction=inst)


def check_returns_twice(fn, function) -> None:
    """A call that may return twice (setjmp: a longjmp comes back to it)
    runs the code after it again without a cycle in the CFG: the forward
    sweep records those blocks twice while the reverse sweep undoes them
    once, and forward mode's shadows are not kept across the jump as the
    primal's volatile values are.  Refused whether or not a jump happens."""
    for inst in fn.instructions():
        if not isinstance(inst, I.CallBase):
            continue
        callee = inst.called_function
        at_call = inst.fn_attrs or ""
        if fn.module is not None:
            at_call = fn.module.with_groups(at_call)
        if "returns_twice" in at_call.split() or callee is not None and \
                "returns_twice" in callee.attribute_words():
            name = f"'{callee.name}'" if callee is not None else "a function"
            raise DifferentiationError(
                f"cannot differentiate a function calling {name}, which may return twice "
                "(setjmp): a longjmp back to it runs the code after it again, which the "
                "derivative cannot follow; move the setjmp into a caller that is not "
                "differentiated", function=function, instruction=inst)


def check_sanitizer_instrumentation(fn, function) -> None:
    """Code a sanitizer instrumented in ways the derivative does not follow
    (MemorySanitizer's shadow propagation at `p ^ C` addresses,
    ThreadSanitizer's atomics: calls without derivatives on the program's
    memory) is refused, naming the sanitizer (before: a located error about
    a pointer made of an integer, or a call without a rule); the code that
    is not differentiated (the caller of `__enzyme_autodiff`) may stay
    instrumented.  AddressSanitizer's and ThreadSanitizer's other
    instrumentation is differentiated (analysis/library/runtimes.py says
    why)."""
    sanitizer = sanitizer_of_attributes(function.attribute_words())
    at = None
    for inst in fn.instructions() if sanitizer is None else ():
        sanitizer = _sanitizer_at(inst, function.module)
        if sanitizer is not None:
            at = inst
            break
    if sanitizer is None:
        return
    flag = sanitizer[sanitizer.index("=") + 1:-1]
    hint = f"__attribute__((no_sanitize(\"{flag}\"))) on the functions differentiated"
    if at is not None and not isinstance(at, I.CallBase):
        hint += ", at -O1 or higher: at -O0 it still clears its shadow of their locals"
    raise DifferentiationError(
        f"cannot differentiate '{function.name}': it is instrumented by {sanitizer}, whose "
        f"checks the derivative does not follow yet; build it without that sanitizer ({hint})",
        function=function, instruction=at)


def _sanitizer_at(inst, module):
    """The sanitizer whose instrumentation `inst` is: a call of its runtime
    (from an instrumented callee inlined here), or MemorySanitizer's shadow
    address of a local (`inttoptr (ptrtoint %a xor C)`), which it writes even
    in a function not instrumented at -O0."""
    if isinstance(inst, I.CallBase):
        callee = inst.called_function
        return sanitizer_of_runtime(callee.name) if callee is not None else None
    if inst.opcode == "inttoptr" and module is not None and \
            module.get(MEMORY_SANITIZER_CTOR) is not None:
        made = inst.operands[0]
        if isinstance(made, I.BinaryOp) and made.opcode == "xor" and \
                isinstance(made.operands[0], I.Cast) and made.operands[0].opcode == "ptrtoint":
            return SANITIZER_ATTRIBUTES["sanitize_memory"]
    return None


def check_shared_global_shadows(gen, fn, function) -> None:
    """A derivative differentiated again in its own mode (reverse over
    reverse, forward over forward) uses a global `g` and the shadow global
    the first derivative keeps `g`'s derivatives in.  The second derivative
    would keep its own derivative of `g` in that same shadow global, which
    the code it differentiates reads and writes as data: the two mix (rev
    over rev of x sin x * prev gave x sin x too much).  Refused at the use
    of the shadow; a derivative of the other mode has shadows of its own."""
    originals = {id(s): key[0] for key, s in gen.ctx.shadow_globals.items()
                 if key[1] == gen.mode}
    if not originals:
        return
    named = {}
    for inst in fn.instructions():
        for op in inst.operands:
            g = global_base(op)
            if g is not None:
                named.setdefault(id(g), (g, inst))
    for shadow, inst in named.values():
        original = named.get(originals.get(id(shadow)))
        if original is not None and gen.info.has_shadow(original[0]):
            raise DifferentiationError(
                f"cannot differentiate in {gen.mode} mode a {gen.mode}-mode derivative "
                f"that keeps the derivatives of global '@{original[0].name}' in "
                f"'@{shadow.name}': the new derivative would keep its own in that global too; "
                f"take the second derivative in the other mode (forward over reverse)",
                function=function, instruction=inst)


def check_exception_recovery(fn, function) -> None:
    """Derivatives follow a C++ function's normal execution only: its
    invokes become calls and the landing pads go (ad/prepare.py).  A landing
    pad that only cleans up or rethrows leaves the function by unwinding,
    as the derivative does; one from which the function returns normally
    (a catch that handles the exception) would not be followed: the
    derivative's exception escapes where the function's was caught.  So a
    function that may return after catching is refused, thrown or not."""
    returning = set()
    preds = None
    for block in fn.blocks:
        if isinstance(block.terminator, I.Return):
            preds = preds or predecessor_map(fn)
            returning |= reaches(block, preds)
    for block in fn.blocks:
        inv = block.terminator
        if isinstance(inv, I.Invoke) and id(inv.unwind_dest) in returning:
            raise DifferentiationError(
                "cannot differentiate a function that catches an exception and then "
                "returns normally: derivatives follow the path without exceptions, so "
                "the derivative's exception would not be caught here; catch it in a "
                "caller that is not differentiated", function=function,
                instruction=inv.unwind_dest.instructions[0])


def check_flag_reads(gen, fn, function) -> None:
    """Forward mode runs the tangent's operations between the primal's: a
    tangent's product raises the overflow or inexact flag before the primal
    reads the flags, and the primal then takes another path (a wrong
    tangent, silently).  Refused where the function, or a function it calls,
    reads the floating-point exception flags.  (Reverse mode runs its
    derivative after the primal's code.)"""
    if gen.mode == "forward":
        for inst in _calls_reaching(fn, FP_FLAG_READERS):
            _refuse_status_read(inst, function, "the floating-point exception flags",
                                "the tangent's own arithmetic")


def check_errno_reads(fn, function, primal_math_calls) -> None:
    """The errno counterpart of `check_flag_reads`, once the tangent is
    built: a math call the tangent added (the exp in erf's derivative) sets
    errno, and is refused where errno may be read after it;
    `primal_math_calls` are the ids of the copy's own."""
    added = [call for call in math_calls(fn) if id(call) not in primal_math_calls]
    if not added:
        return
    order = ExecutionOrder(fn)
    for inst in _errno_readers(fn):
        # errno's address is read where it is used: loads, or calls given it.
        reads = [inst] + [user for user, _ in address_uses(inst)]
        if any(order.may_run_after(read, call) for read in reads for call in added):
            _refuse_status_read(inst, function, "errno", "the tangent's own math calls")


def _errno_readers(fn):
    """`fn`'s calls that read errno: of its accessors or printers (or of a
    function calling one), and calls given a constant format with printf's
    "%m" (`snprintf(buf, n, "%m")`), which the C library expands from errno."""
    yield from _calls_reaching(fn, ERRNO_ACCESSORS + ERRNO_PRINTERS)
    for inst in fn.instructions():
        if isinstance(inst, I.CallBase) and any(_holds_errno_conversion(a) for a in inst.args):
            yield inst


def _holds_errno_conversion(value) -> bool:
    base = address_base(value) if value.type.is_pointer else None
    init = base.initializer if isinstance(base, GlobalVariable) else None
    return isinstance(init, ConstantString) and ERRNO_CONVERSION in init.text


def math_calls(fn) -> list:
    """`fn`'s calls that may set errno: of C math functions, and of their
    intrinsics but those a processor computes with an instruction
    (llvm.sqrt, llvm.fabs: `VECTOR_NATIVE_MATH`); llvm.exp and kin become
    libm calls."""
    calls = []
    for inst in fn.instructions():
        callee = getattr(inst, "called_function", None)
        name = callee is not None and math_function(callee.name)
        if name and not (callee.name.startswith("llvm.") and name in VECTOR_NATIVE_MATH):
            calls.append(inst)
    return calls


def _calls_reaching(fn, readers):
    """`fn`'s calls of a function in `readers`, or of one that calls one."""
    reads: dict = {}        # id(callee) -> does it reach a reader (asked once)
    for inst in fn.instructions():
        callee = getattr(inst, "called_function", None)
        if callee is None:
            continue
        if id(callee) not in reads:
            reads[id(callee)] = reaches_function(callee, lambda f: f.name in readers)
        if reads[id(callee)]:
            yield inst


def _refuse_status_read(inst, function, what: str, writer: str) -> None:
    raise DifferentiationError(
        f"cannot differentiate in forward mode a function that reads {what} (through "
        f"'{inst.called_function.name}'): {writer}, run between the function's, would "
        f"change what it reads; use reverse mode, or read {what} in a caller that is not "
        "differentiated", function=function, instruction=inst)


def check_replaceable_aliases(left, function) -> None:
    """An alias the linker may replace (weak, linkonce) names memory this
    module cannot know: no shadow can stand for it.  Refused where it names
    a variable that can hold floats or pointers; functions called through
    one are unknown callees, handled as calls through pointers.  A call of
    an ifunc that can pass derivatives is refused: its resolver picks the
    function when the program is loaded."""
    for inst, alias in left:
        if alias.keyword == "ifunc":
            if isinstance(inst, I.CallBase) and inst.callee is alias and any(
                    contains_float(t) or contains_pointers(t) for t in
                    (inst.function_type.ret, *inst.function_type.params)):
                raise DifferentiationError(
                    f"cannot differentiate a call of ifunc '@{alias.name}': its resolver "
                    "picks the function called when the program is loaded",
                    function=function, instruction=inst)
            continue
        base = global_base(alias.aliasee)
        if base is not None and not base.is_constant_global and \
                (contains_float(base.value_type) or contains_pointers(base.value_type)):
            raise DifferentiationError(
                f"cannot differentiate through '@{alias.name}': it is a {alias.linkage.split()[0]} alias, "
                "which the linker may replace with another definition, so which memory "
                "it names is not known here", function=function, instruction=inst)
