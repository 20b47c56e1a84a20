"""Calls through function pointers in reverse mode, and `__enzyme_virtualreverse`.

The shadow of a function pointer is a pointer to the function's *table*: a
constant `[2 x i8*]` holding its augmented forward and its reverse, for a
fixed activity (Enzyme's convention): float parameters active, pointer
parameters duplicated, integers constant; a float result active.  The two
have the ABI of `__enzyme_augmentfwd` / `__enzyme_reverse` with unmarked
arguments, so a table written by hand from those calls is one too:

    aug(args, shadows of pointers)                -> {result, i8 *tape} (or the tape alone)
    rev(args, shadows, [d result], i8 *tape)      -> gradients of the float parameters
                                                      (one, a struct of them, or void)

`__enzyme_virtualreverse(f)` returns f's table; given a C++ vtable address
it returns the same address in a shadow vtable whose functions are tables.
An indirect call that derivatives reach calls through its callee's shadow:
the augmented forward in place of the call, the reverse in the reverse
sweep.  A shadow that is null or the function itself (no table was given)
stops the program with a message rather than jumping into code as if it
were a table.  Unsupported shapes are located errors.
"""
from __future__ import annotations

from ..analysis.activity import contains_float
from ..diagnostics import DifferentiationError, ir_location, source_location
from ..ir import Builder, Function, GlobalVariable
from ..ir import instructions as I
from ..ir.constants import (ConstantAggregate, ConstantExpr, ConstantInt, ConstantNull,
                            InlineAsm, zero_of)
from ..ir.derived import DerivedUses, through_casts
from ..ir.module import function_under_casts
from ..ir.references import referenced_globals
from ..ir.types import (ArrayType, FunctionType, I8, I32, I64, StructType, VOID,
                        size_and_align)
from .aggregates import returns_gradient
from .conventions import coerce, erase_api_call
from .tape import byte_ptr
from .constant_memory import refuse_escaped_writes_read_back
from .unsupported import check_variadic_call, refuse_indirect_call
from .runtime_messages import abort_unless, c_string, say_and_abort

TABLE_PREFIX = "enzyme_opt.table."


def table_kinds(ftype) -> tuple:
    """The activity of each parameter in a table's functions; ValueError
    with the reason for a signature the convention does not cover."""
    kinds = []
    for index, t in enumerate(ftype.params):
        if t.is_float:
            kinds.append("out")
        elif t.is_pointer:
            kinds.append("dup")
        elif t.is_int:
            kinds.append("const")
        else:
            raise ValueError(f"parameter {index + 1} is a {t} (tables take floats, pointers "
                             "and integers)")
    ret = ftype.ret
    if not (ret.is_void or ret.is_float or ret.is_int):
        raise ValueError(f"it returns a {ret} (tables return a float, an integer or nothing)")
    if ftype.vararg:
        raise ValueError("it is variadic")
    return tuple(kinds)


def _byte_ptr(module):
    return byte_ptr(module)


def _as_byte_ptr(module, v):
    """A constant `v` as an `i8*` (the same `ptr` with opaque pointers)."""
    if not module.typed_pointers or v.type == _byte_ptr(module):
        return v
    return ConstantExpr("bitcast", _byte_ptr(module), [v])


def aug_type(module, ftype, kinds):
    params = []
    for t, kind in zip(ftype.params, kinds):
        params.extend([t, t] if kind == "dup" else [t])
    tape = _byte_ptr(module)
    ret = tape if ftype.ret.is_void else StructType((ftype.ret, tape))
    return FunctionType(ret, tuple(params))


def rev_type(module, ftype, kinds):
    params = []
    for t, kind in zip(ftype.params, kinds):
        params.extend([t, t] if kind == "dup" else [t])
    if ftype.ret.is_float:
        params.append(ftype.ret)
    params.append(_byte_ptr(module))
    floats = [t for t, kind in zip(ftype.params, kinds) if kind == "out"]
    ret = VOID if not floats else floats[0] if len(floats) == 1 else StructType(tuple(floats))
    return FunctionType(ret, tuple(params))


def function_table(ctx, fn: Function, at) -> GlobalVariable:
    """fn's table (made once); a located error at `at` if fn cannot have one."""
    module = ctx.module
    name = TABLE_PREFIX + fn.name
    existing = module.get(name)
    if existing is not None:
        return existing
    if fn.is_declaration:
        raise _error(at, f"'{fn.name}' has no body here, so it has no derivative table")
    try:
        kinds = table_kinds(fn.function_type)
    except ValueError as e:
        raise _error(at, f"'{fn.name}' cannot have a derivative table: {e}") from None
    table_type = ArrayType(2, _byte_ptr(module))
    table = GlobalVariable(module.pointer_to(table_type), name, table_type, None,
                           is_constant=True, linkage="internal")
    module.add_global(table, unique=False)
    try:
        aug = _wrapper(ctx, fn, kinds, "aug", at)
        rev = _wrapper(ctx, fn, kinds, "rev", at)
    except DifferentiationError:
        module.remove_global_value(table)
        raise
    table.initializer = ConstantAggregate(table_type, [_as_byte_ptr(module, aug),
                                                       _as_byte_ptr(module, rev)])
    return table


def _wrapper(ctx, fn, kinds, which, at) -> Function:
    """The table function `which` of fn: a body holding one split-mode API call,
    lowered as a program's own would be."""
    module = ctx.module
    ftype = (aug_type if which == "aug" else rev_type)(module, fn.function_type, kinds)
    wrapper = Function(f"{TABLE_PREFIX}{which}.{fn.name}", ftype, module.pointer_to(ftype),
                       linkage="internal")
    module.add_function(wrapper)
    api = "__enzyme_augmentfwd" if which == "aug" else "__enzyme_reverse"
    decl = module.declare_function(f"{api}.enzyme_opt.{ftype.ret}".replace(" ", ""),
                                   FunctionType(ftype.ret, (_byte_ptr(module),), vararg=True))
    b = Builder(wrapper.add_block("entry"))
    call = b.call(decl, [_as_byte_ptr(module, fn)] + list(wrapper.args))
    b.ret(None if ftype.ret.is_void else call)
    try:
        ctx.lower_api_call(ctx, call, api)
    except DifferentiationError as e:
        e.add_note(f"while making the derivative table of '{fn.name}'")
        raise
    if not decl.has_code_uses():
        module.remove_global_value(decl)
    return wrapper


def _error(at, message):
    if isinstance(at, I.Instruction):
        return DifferentiationError(message, function=at.function, instruction=at)
    return DifferentiationError(message)


# -- __enzyme_virtualreverse -------------------------------------------------------------

def lower_virtualreverse(ctx, call) -> None:
    """Replace `__enzyme_virtualreverse(f)` by f's table, or a vtable address
    by the same address in the vtable's shadow."""
    args = list(call.args)
    if len(args) != 1:
        raise _error(call, "__enzyme_virtualreverse takes one argument: a function, or the "
                     "address of a C++ vtable (`*(void **)object`)")
    if not (call.type.is_pointer or call.type.is_int or call.type.is_void):
        raise _error(call, f"__enzyme_virtualreverse is declared to return {call.type}; it "
                     "returns a pointer (a derivative table, or a vtable): declare it to "
                     "return void *")
    target = args[0]
    fn = function_under_casts(target)
    if fn is not None:
        shadow = function_table(ctx, fn, call)
    else:
        vtable = _vtable_of(target)
        if vtable is not None:
            shadow = _rebase(target, vtable, shadow_vtable(ctx, vtable, call))
        else:
            shadow = _vtable_lookup(ctx, call, target)
    b = Builder().position_before(call)
    if call.has_code_uses():
        call.replace_all_uses_with(b.pointer_cast(shadow, call.type) if call.type.is_pointer
                                   else b.cast("ptrtoint", shadow, call.type))
    erase_api_call(call)


def _vtable_lookup(ctx, call, target):
    """A vtable address known only at run time (clang -O0 reads it back from
    the object its constructor wrote it to): compare it with the module's
    C++ vtables and answer the same offset in the matching shadow vtable."""
    module = ctx.module
    vtables = [g for g in module.globals if isinstance(g, GlobalVariable) and
               g.name.startswith("_ZTV") and g.initializer is not None and
               _functions_in(g.initializer)]
    if not vtables:
        raise _error(call, "__enzyme_virtualreverse needs a function or a C++ vtable; this "
                     "argument is only known at run time and the module has no vtable")
    byte = _byte_ptr(module)
    b = Builder().position_before(call)
    p = b.cast("ptrtoint", b.pointer_cast(target, byte) if target.type.is_pointer else target,
               I64) if not target.type.is_int else target
    result = ConstantNull(byte)
    found = None
    for vtable in vtables:
        start = b.cast("ptrtoint", vtable, I64)
        offset = b.sub(p, start)
        inside = b.icmp("ult", offset, ConstantInt(I64, size_and_align(vtable.value_type)[0]))
        shadow = b.pointer_cast(shadow_vtable(ctx, vtable, call), byte)
        moved = b.gep(_i8(), shadow, [offset], byte)
        result = b.select(inside, moved, result)
        found = inside if found is None else b.binop("or", found, inside)
    message = c_string(b, module, "enzyme-opt: Enzyme's virtualreverse was given an address "
                      "that is in no vtable of this module")
    b.call(abort_unless(module), [found, message])
    return result


def _i8():
    return I8


def _vtable_of(v):
    """The constant global (of function pointers) a constant address points into."""
    while isinstance(v, ConstantExpr):
        v = v.operands[0]
    if isinstance(v, GlobalVariable) and v.initializer is not None and _functions_in(
            v.initializer):
        return v
    return None


def _functions_in(c) -> bool:
    if function_under_casts(c) is not None:
        return True
    return any(_functions_in(e) for e in getattr(c, "elements", ()) or ())


def table_as_shadow(ctx, v, fn):
    """The shadow of the function constant `v` in reverse mode: fn's table
    when a call through the pointer may carry derivatives (fn takes or
    returns floats, or takes pointers to memory that may hold them: a C++
    member called with its object) and fn can have one; else `v` itself,
    as before tables."""
    ftype = fn.function_type
    if fn.is_declaration or not (contains_float(ftype.ret) or any(
            contains_float(t) or t.is_pointer for t in ftype.params)):
        return v
    try:
        table_kinds(ftype)
    except ValueError:
        return v
    table = _attempt(ctx, lambda: function_table(ctx, fn, None))
    if table is None:
        return v
    if not ctx.module.typed_pointers:
        return table
    return ConstantExpr("bitcast", v.type, [table])


def called_int_pointers(blocks) -> dict:
    """ids of the `inttoptr`s in `blocks` whose pointer is only ever called,
    mapped to the function type of those calls (one type); read before the
    calls are rewritten."""
    found = {}
    for block in blocks:
        for inst in block.instructions:
            if isinstance(inst, I.Cast) and inst.opcode == "inttoptr":
                types = _called_types(inst)
                if types is not None and len(types) == 1:
                    found[id(inst)] = types.pop()
    return found


def called_int_shadow(ctx, v, ftype):
    """The shadow, in reverse mode, of `inttoptr` `v` whose pointer is only
    ever called with type `ftype` (a C++ member-function pointer, which
    clang -O0 keeps as an integer), where a phi or select merges it with a
    pointer that has a shadow (the member may be virtual: the other arm
    reads the vtable).  The integer is compared with each function of the
    module it may be, and the pointer's shadow is the table of the one it
    is; a function without a table (or none of them) leaves the pointer
    itself, which the call's guard turns into a message."""
    module = ctx.module
    b = Builder().position_after(v)
    pointer = b.pointer_cast(v, _byte_ptr(module))
    shadow = v
    for fn in lookup_candidates(module, ftype):
        table = table_as_shadow(ctx, fn, fn)
        if table is fn:
            continue
        same = b.icmp("eq", pointer, b.pointer_cast(fn, _byte_ptr(module)))
        shadow = b.select(same, b.pointer_cast(table, v.type), shadow)
    return shadow


def _called_types(fn_pointer):
    """The function types `fn_pointer` is called with, when every use of it
    (through phis, selects and casts) is the callee of a call; else None."""
    seen, work, types = set(), [fn_pointer], set()
    while work:
        v = work.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        for user in v.users:
            if isinstance(user, I.CallBase) and user.callee is v and \
                    all(a is not v for a in user.args):
                types.add(user.function_type)
            elif isinstance(user, (I.Phi, I.Cast)) or (
                    isinstance(user, I.Select) and user.operands[0] is not v):
                if isinstance(user, I.Cast) and user.opcode == "ptrtoint":
                    return None
                work.append(user)
            else:
                return None
    return types


def called_through(fn, index: int) -> bool:
    """Is parameter `index` of `fn` (a body) the callee of a call in it (also
    through the stack slot clang -O0 keeps it in)?"""
    if fn.is_declaration or index >= len(fn.args):
        return False
    uses = DerivedUses(fn.args[index], through_casts)
    for v, user in uses:
        if isinstance(user, I.CallBase) and user.callee is v:
            return True
        if isinstance(user, I.Store) and user.value is v and \
                isinstance(user.pointer, I.Alloca):     # clang -O0's local copy
            uses.follow(*(u for u in user.pointer.users if isinstance(u, I.Load)))
    return False


def _attempt(ctx, build):
    """build(), or None when it fails with a DifferentiationError, leaving the
    module and the derivative caches as they were: a virtual function the AD
    refuses (a deleting destructor) must not stop the rest of its vtable."""
    module = ctx.module
    n_functions, n_globals = len(module.functions), len(module.globals)
    caches = ("split_cache", "combined_cache", "forward_cache", "shadow_globals")
    saved = {name: dict(getattr(ctx, name)) for name in caches}
    try:
        return build()
    except DifferentiationError:
        for fn in module.functions[n_functions:]:
            for inst in list(fn.instructions()):
                inst.drop_operands()
        for gv in module.functions[n_functions:] + module.globals[n_globals:]:
            module.remove_global_value(gv)
        for name, cache in saved.items():
            setattr(ctx, name, cache)
        return None


def _rebase(expr, old, new):
    if expr is old:
        return new
    if isinstance(expr, ConstantExpr):
        return ConstantExpr(expr.opcode, expr.type, [_rebase(op, old, new) for op in
                                                     expr.operands],
                            expr.flags, expr.source_type, expr.predicate)
    return expr


def shadow_vtable(ctx, vtable, at) -> GlobalVariable:
    """A copy of `vtable` whose functions are their tables.  A function that
    cannot have one keeps its entry: a call through it that derivatives
    reach stops the program (see the guard in `rewrite_indirect_call`)."""
    module = ctx.module
    name = f"enzyme_opt.shadow_vtable.{vtable.name}"
    existing = module.get(name)
    if existing is not None:
        return existing

    def mapped(c):
        fn = function_under_casts(c)
        if fn is not None:
            if fn.is_declaration:
                return c
            table = _attempt(ctx, lambda: function_table(ctx, fn, at))
            if table is None:
                return c
            return table if not module.typed_pointers else ConstantExpr("bitcast", c.type,
                                                                        [table])
        if isinstance(c, ConstantAggregate):
            return ConstantAggregate(c.type, [mapped(e) for e in c.elements])
        return c

    shadow = GlobalVariable(vtable.type, name, vtable.value_type, mapped(vtable.initializer),
                            is_constant=True, linkage="internal")
    module.add_global(shadow, unique=False)
    return shadow


# -- indirect calls in reverse mode ---------------------------------------------------------

def rewrite_indirect_call(gen, call) -> None:
    """Call the augmented forward from the callee's shadow table in place of
    `call`; record what the reverse sweep needs (`indirect_reverse`)."""
    # Derivatives reach the call through an active value, or through memory
    # with a shadow (a pointer argument) that the callee may write or read.
    active = gen.info.is_active(call) or any(gen.info.is_active(a) for a in call.args)
    if isinstance(call.callee, InlineAsm):
        if active:
            refuse_indirect_call(call, gen.primal)
        return      # asm given pointers only: unsupported.py refuses it if it may write
    if not (active or any(gen.info.has_shadow(a) for a in call.args)):
        return
    if not gen.info.has_shadow(call.callee):
        return rewrite_by_lookup(gen, call)
    if gen.width > 1:
        raise _error(call, "an indirect call that derivatives reach is not supported with "
                     "enzyme_width > 1")
    ftype = call.function_type
    try:
        kinds = table_kinds(ftype)
    except ValueError as e:
        raise _error(call, f"cannot differentiate this indirect call: {e}") from None
    module = gen.module
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    args = []
    for index, (a, kind) in enumerate(zip(call.args, kinds)):
        args.append(a)
        if kind == "dup":
            if not gen.info.has_shadow(a) and gen.ctx.constant_shadow(a, "reverse") is None:
                raise _error(call, f"argument {index + 1} of this indirect call, a pointer, "
                             "has no shadow: the function called takes one for each pointer")
            args.append(gen.shadow_value(a))
    aug_ftype, rev_ftype = aug_type(module, ftype, kinds), rev_type(module, ftype, kinds)
    table = _guarded_table(gen, b, call, aug_ftype, rev_ftype)
    aug = _table_entry(b, table, 0, aug_ftype, "aug")
    rev = _table_entry(b, table, 1, rev_ftype, "rev")
    new = b.call(aug, args, (call.name or "icall") + ".aug", function_type=aug_ftype)
    if ftype.ret.is_void:
        tape = new
    else:
        tape = b.extractvalue(new, [1], "icall.tape")
        primal = b.extractvalue(new, [0], call.name)
        call.replace_all_uses_with(primal)
        if gen.info.is_active(call):
            gen.info.active.add(id(new))
            gen.info.active.add(id(primal))
    ret_active = gen.info.is_active(call)
    call_args = list(call.args)
    call.erase()
    gen.call_plans[id(new)] = ("indirect", rev, rev_ftype, kinds, call_args, tape,
                               ret_active, ftype)


def vtable_pointer_of(slot_load):
    """The load of an object's vtable pointer that the function pointer
    `slot_load` (called by an indirect call) is read through, or None."""
    if not any(isinstance(u, I.CallBase) and u.callee is slot_load for u in slot_load.users):
        return None
    p = slot_load.pointer
    while isinstance(p, I.GetElementPtr) or (isinstance(p, I.Cast) and p.opcode == "bitcast"):
        p = p.pointer if isinstance(p, I.GetElementPtr) else p.operands[0]
    return p if isinstance(p, I.Load) else None


def shadow_of_slot_load(b, slot_load, shadow_value, name):
    """The shadow of a function pointer read from a vtable, or None when
    `slot_load` is not one.  An object built by a constructor derivatives do
    not see has a shadow whose vtable pointer is null: its slot reads as null
    (which the call's guard turns into a message) instead of faulting."""
    vptr = vtable_pointer_of(slot_load)
    if vptr is None:
        return None
    shadow_vptr = b.pointer_cast(shadow_value(vptr), _byte_ptr(b.module))
    no_vtable = b.icmp("eq", shadow_vptr, _null(b.module))
    address = b.select(no_vtable, slot_load.pointer, shadow_value(slot_load.pointer))
    loaded = b.load(slot_load.type, address, name, slot_load.align)
    return b.select(no_vtable, ConstantNull(slot_load.type), loaded)


def _table_entry(b, table, index, ftype, what):
    module = b.module
    slots = b.pointer_cast(table, module.pointer_to(_byte_ptr(module)))
    slot = b.gep(_byte_ptr(module), slots, [ConstantInt(I32, index)],
                 module.pointer_to(_byte_ptr(module)))
    fn = b.load(_byte_ptr(module), slot, f"icall.{what}")
    return b.pointer_cast(fn, module.pointer_to(ftype))


def _guarded_table(gen, b, call, aug_ftype, rev_ftype):
    """The callee's shadow, or, when it is null or the function itself (no
    table was given), a table whose functions stop the program."""
    module = gen.module
    shadow = gen.shadow_value(call.callee)
    as_bytes = b.pointer_cast(shadow, _byte_ptr(module))
    primal = b.pointer_cast(call.callee, _byte_ptr(module))
    missing = b.binop("or", b.icmp("eq", as_bytes, primal),
                      b.icmp("eq", as_bytes, _null(module)))
    trap = _trap_table(gen.ctx, call, aug_ftype, rev_ftype)
    return b.select(missing, b.pointer_cast(trap, _byte_ptr(module)), as_bytes)


def _null(module):
    return ConstantNull(_byte_ptr(module))


def _trap_table(ctx, call, aug_ftype, rev_ftype):
    """A table for this call site whose functions say the table is missing and abort."""
    module = ctx.module
    problem = "has no derivative table: its shadow must be one (Enzyme's virtualreverse of " \
        "the function)"
    if _may_read_a_vtable(call.callee):
        problem += "; for a virtual call (also one through a member-function pointer, as " \
            "std::bind makes), the object's shadow must have a vtable of derivative tables: " \
            "its vtable pointer set to Enzyme's virtualreverse of the object's vtable (one " \
            "built by a constructor derivatives do not see has none)"
    entries = [_as_byte_ptr(module, f) for f in _trap_functions(
        ctx, call, aug_ftype, rev_ftype, problem)]
    table_type = ArrayType(2, _byte_ptr(module))
    table = GlobalVariable(module.pointer_to(table_type), "enzyme_opt.no_table", table_type,
                           ConstantAggregate(table_type, entries), is_constant=True,
                           linkage="internal")
    module.add_global(table)
    return table


def _may_read_a_vtable(callee) -> bool:
    """Is the function pointer `callee` read from a slot of an object's
    vtable: directly, or as an arm of the phi or select that a call through a
    C++ member-function pointer picks it by (virtual member or not)?"""
    seen, work = set(), [callee]
    while work and len(seen) < 16:
        v = work.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        if isinstance(v, I.Phi):
            work.extend(v.operands)
        elif isinstance(v, I.Select):
            work.extend(v.operands[1:])
        elif isinstance(v, I.Cast) and v.opcode == "bitcast":
            work.append(v.operands[0])
        elif isinstance(v, I.Load):
            p = v.pointer
            while isinstance(p, I.GetElementPtr) or (isinstance(p, I.Cast) and
                                                     p.opcode == "bitcast"):
                p = p.pointer if isinstance(p, I.GetElementPtr) else p.operands[0]
            if isinstance(p, I.Load):
                return True
    return False


def _trap_functions(ctx, call, aug_ftype, rev_ftype, problem):
    """(aug, rev) for this call site that say what is wrong and abort."""
    module = ctx.module
    loc = source_location(call) or ir_location(call)
    where = f"{loc[0]}:{loc[1]}" if loc else f"a call in '{call.function.name}'"
    # (No `__enzyme_` in the text: nothing of the API may remain in the output.)
    message = f"enzyme-opt: the function pointer of the indirect call at {where} {problem}"
    functions = []
    for which, ftype in (("aug", aug_ftype), ("rev", rev_ftype)):
        fn = Function(f"enzyme_opt.no_table.{which}", ftype, module.pointer_to(ftype),
                      linkage="internal")
        module.add_function(fn)
        b = Builder(fn.add_block("entry"))
        say_and_abort(b, c_string(b, module, message))
        functions.append(fn)
    return functions


def indirect_reverse(gen, b, inst, plan) -> None:
    """The reverse sweep of an indirect call: the table's reverse, then the
    gradients of the call's active float arguments."""
    _, rev, rev_ftype, kinds, call_args, tape, ret_active, ftype = plan
    args = []
    for a, kind in zip(call_args, kinds):
        args.append(gen.primal_in_rev(b, a))
        if kind == "dup":
            args.append(gen.shadow_in_rev(b, a))
    if ftype.ret.is_float:
        if ret_active:
            d = gen.take_adjoint(b, inst)
            args.append(b.extractvalue(d, [0]) if d.type != ftype.ret else d)
        else:
            args.append(zero_of(ftype.ret))
    args.append(gen.primal_in_rev(b, tape))
    grads = b.call(gen.primal_in_rev(b, rev), args, function_type=rev_ftype)
    floats = [a for a, kind in zip(call_args, kinds) if kind == "out"]
    for index, a in enumerate(floats):
        if not gen.info.is_active(a):
            continue
        g = grads if len(floats) == 1 else b.extractvalue(grads, [index])
        gen.add_adjoint(b, a, coerce(b, g, a.type))


# -- a callee without a shadow: the functions it may be -----------------------------------

def rewrite_by_lookup(gen, call) -> None:
    """An indirect call whose function pointer has no shadow (read from
    constant memory: a std::function, a callback in an enzyme_const struct)
    runs the derivative of the function the pointer is: each function of the
    module whose address is taken and whose type fits is a candidate,
    differentiated for this call's activity, and the pointer picks one at
    run time; a pointer to none of them stops the program with a message."""
    if gen.width > 1 or gen.info.has_shadow(call):
        refuse_indirect_call(call, gen.primal)
    check_variadic_call(call, gen.info, gen.primal)
    kinds = tuple("dup" if gen.info.has_shadow(a) else "out" if gen.info.is_active(a)
                  else "const" for a in call.args)
    ret_active = gen.info.is_active(call)
    pairs = []
    for fn in lookup_candidates(gen.module, call.function_type):
        if id(fn) in gen.ctx.custom:
            continue
        pair = _attempt(gen.ctx, lambda fn=fn: gen.ctx.split_derivative(fn, kinds, ret_active,
                                                                         False, 1))
        if pair is not None:
            refuse_escaped_writes_read_back(gen, call, fn)
            pairs.append((fn, pair))
    if not pairs:
        refuse_indirect_call(call, gen.primal, outside_candidates(gen.module, call.function_type))
    module = gen.module
    aug_type, rev_type = pairs[0][1][0].function_type, pairs[0][1][1].function_type
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    pointer = b.pointer_cast(call.callee, _byte_ptr(module))
    trap = _trap_functions(gen.ctx, call, aug_type, rev_type, "is none of the functions "
                           "of this module it could be")
    aug = b.pointer_cast(trap[0], module.pointer_to(aug_type))
    rev = b.pointer_cast(trap[1], module.pointer_to(rev_type))
    for fn, (fn_aug, fn_rev) in pairs:
        same = b.icmp("eq", pointer, b.pointer_cast(fn, _byte_ptr(module)))
        aug = b.select(same, b.pointer_cast(fn_aug, module.pointer_to(aug_type)), aug)
        rev = b.select(same, b.pointer_cast(fn_rev, module.pointer_to(rev_type)), rev)
    primal_args = list(call.args)
    args = [gen.fwd_tape]
    for a, kind in zip(primal_args, kinds):
        args.append(a)
        if kind == "dup":
            args.append(gen.shadow_value(a))
    new = b.call(aug, [_coerced(b, a, t) for a, t in zip(args, aug_type.params)],
                 call.name, function_type=aug_type)
    if not call.type.is_void:
        call.replace_all_uses_with(new)
    call.erase()
    if ret_active:
        gen.info.active.add(id(new))
    gen.call_plans[id(new)] = ("lookup", rev, rev_type, kinds, primal_args, ret_active)


def _coerced(b, v, t):
    return coerce(b, v, t)


def lookup_reverse(gen, b, inst, plan) -> None:
    """The reverse sweep of a call dispatched by `rewrite_by_lookup`."""
    _, rev, rev_type, kinds, call_args, ret_active = plan
    args = [gen.rev_tape]
    for a, kind in zip(call_args, kinds):
        args.append(gen.primal_in_rev(b, a))
        if kind == "dup":
            args.append(gen.shadow_in_rev(b, a))
    if ret_active:
        args.append(gen.take_adjoint(b, inst))
    grads = b.call(gen.primal_in_rev(b, rev), [_coerced(b, a, t) for a, t in
                                                zip(args, rev_type.params)],
                   function_type=rev_type)
    active = [a for a, k in zip(call_args, kinds) if returns_gradient(a.type, k)]
    for index, a in enumerate(active):
        g = grads if len(active) == 1 else b.extractvalue(grads, [index])
        gen.add_adjoint(b, a, _coerced(b, g, a.type))


def lookup_candidates(module, ftype) -> list:
    """The module's functions with a body, whose address is taken, and whose
    type is `ftype` up to the pointee types of pointers."""
    taken = _address_taken(module, [fn for fn in module.functions if not fn.is_declaration
                                    and _fits(fn.function_type, ftype)])
    return [fn for fn in module.functions if id(fn) in taken and not fn.is_declaration
            and not fn.name.startswith("enzyme_opt.") and _fits(fn.function_type, ftype)]


def outside_candidates(module, ftype) -> list:
    """The module's functions without a body (defined elsewhere) whose
    address is taken and whose type is `ftype`: a pointer may be one, and
    nothing here can differentiate it."""
    taken = _address_taken(module, [fn for fn in module.functions if fn.is_declaration
                                    and _fits(fn.function_type, ftype)])
    return [fn for fn in module.functions if id(fn) in taken and fn.is_declaration
            and not fn.name.startswith(("enzyme_opt.", "llvm.", "__enzyme_"))
            and _fits(fn.function_type, ftype)]


def _address_taken(module, functions) -> set:
    """ids of globals whose address is taken, exact for `functions`: the
    bodies kept as text that name them are read first."""
    module.read_bodies_naming(functions)
    return referenced_globals(module, callees=False)


def _fits(a, b) -> bool:
    def same(x, y):
        return x == y or (x.is_pointer and y.is_pointer)
    return (len(a.params) == len(b.params) and a.vararg == b.vararg and same(a.ret, b.ret)
            and all(same(x, y) for x, y in zip(a.params, b.params)))


def forward_by_lookup(gen, b, call, kinds, args):
    """Forward mode: the tangent function of the function the pointer points
    to, picked at run time among the module's candidates; (result, the
    tangent function type as a stand-in with its `return_type`)."""
    fwds = []
    for fn in lookup_candidates(gen.module, call.function_type):
        fwd = _attempt(gen.ctx, lambda fn=fn: gen.ctx.forward_derivative(
            fn, kinds, gen.width, returns="both"))
        if fwd is not None:
            refuse_escaped_writes_read_back(gen, call, fn)
            fwds.append((fn, fwd))
    if not fwds:
        refuse_indirect_call(call, gen.primal, outside_candidates(gen.module, call.function_type))
    module = gen.module
    ftype = fwds[0][1].function_type
    pointer = b.pointer_cast(call.callee, _byte_ptr(module))
    trap = _trap_function(gen.ctx, call, ftype, "is none of the functions of this module "
                          "it could be")
    chosen = b.pointer_cast(trap, module.pointer_to(ftype))
    for fn, fwd in fwds:
        same = b.icmp("eq", pointer, b.pointer_cast(fn, _byte_ptr(module)))
        chosen = b.select(same, b.pointer_cast(fwd, module.pointer_to(ftype)), chosen)
    result = b.call(chosen, [_coerced(b, a, t) for a, t in zip(args, ftype.params)],
                    function_type=ftype)
    return result, _Returns(ftype.ret)


class _Returns:
    """What the caller reads of a tangent function: its return type."""

    def __init__(self, t):
        self.return_type = t


def _trap_function(ctx, call, ftype, problem):
    return _trap_functions(ctx, call, ftype, ftype, problem)[0]
