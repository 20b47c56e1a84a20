"""OpenMP parallel regions: the outlined function's derivative, forked again.

clang compiles `#pragma omp parallel` into a function
`outlined(i32 *gtid, i32 *btid, captured...)` and a call
`__kmpc_fork_call(loc, n, outlined, captured...)` that runs it on every
thread of a new team.  The derivative does the same with derivatives:

- In the AD's copy of the function holding the region, the fork becomes a
  direct call `outlined(null, null, captured...)` (`direct_parallel_calls`),
  so activity, type and memory analysis see what the region does as they
  see any call of a function with a body.  The two null thread-id pointers
  stand for the ones the runtime passes; a call the derivative does not
  need is forked again unchanged (`restore_forks`).
- Forward mode forks the tangent of the outlined function: its signature is
  the outlined one with shadows after the pointers they shadow.
- Reverse mode forks the augmented outlined function in the forward sweep,
  each thread recording on a tape of its own, and the reverse outlined
  function in the reverse sweep with as many threads, each popping the tape
  its thread number recorded (`parallel_split`).  The reverse function adds
  to shadow memory atomically (adjoints.py asks `adds_atomically`), because
  two threads can read the same location and so both add to its adjoint.
  What threads share is reached through the captured pointers; a thread's
  own stack memory (its private variables) is added to without atomics.
  The reverse team must be the recording team (`__kmpc_push_num_threads`
  asks for as many threads; a smaller team traps rather than skip a tape).
- Worksharing loops need nothing more: static and dynamic schedules only
  hand out integer bounds, and each thread's tape keeps the chunks it ran.
- A reduction clause becomes a critical section in the AD's copy
  (`reductions_as_critical_sections`); critical sections are reversed in
  the reverse of the order they ran (`add_tickets`), barriers by barriers
  (`mirror_sync_call`).
- Operands cross the fork as pointer-sized words (`to_word`), and the
  gradients of scalars passed by value (firstprivate) are summed over the
  team (`_add_gradients`).
"""
from __future__ import annotations


from ..analysis.activity import contains_float
from ..analysis.library import (BARRIER, CRITICAL, END_CRITICAL, END_REDUCE_NOWAIT, FORK_CALL,
                                REDUCE_NOWAIT, refused_openmp)
from ..diagnostics import DifferentiationError
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.constants import ConstantExpr, ConstantInt, ConstantNull, zero_of
from ..ir.module import GlobalVariable, function_under_casts
from ..ir.types import I1, I8, I32, I64, VOID, FunctionType, IntType, StructType
from . import tape as T
from .calls import CallKind
from .records import record



@record
class ParallelFork:
    """A fork the AD's copy calls directly: the runtime's call and its location."""
    loc: object             # the ident_t the runtime reports the region by
    fork: Function          # __kmpc_fork_call
    function_type: object   # the fork call's (variadic) function type
    outlined: Function


def direct_parallel_calls(fn) -> dict:
    """Each `__kmpc_fork_call` in `fn` becomes a direct call of its outlined
    function; returns {id(direct call): (direct call, ParallelFork)}."""
    forks = {}
    for inst in list(fn.instructions()):
        callee = getattr(inst, "called_function", None)
        if callee is None or callee.name != FORK_CALL:
            continue
        outlined = function_under_casts(inst.args[2]) if len(inst.args) >= 3 else None
        if outlined is None or outlined.is_declaration or not isinstance(inst, I.Call) or \
                len(outlined.args) != len(inst.args) - 1:
            raise DifferentiationError(
                "cannot differentiate this OpenMP parallel region: its outlined function is "
                "not known here", function=fn, instruction=inst)
        b = Builder().position_before(inst)
        params = outlined.function_type.params
        args = [ConstantNull(params[0]), ConstantNull(params[1])] + [
            b.pointer_cast(a, t) if a.type != t and a.type.is_pointer and t.is_pointer else a
            for a, t in zip(inst.args[3:], params[2:])]
        direct = b.call(outlined, args)
        direct.location = inst.location
        direct.metadata = [(k, v) for k, v in inst.metadata if k == "dbg"]
        forks[id(direct)] = (direct, ParallelFork(inst.args[0], callee, inst.function_type,
                                                  outlined))
        inst.erase()
    return forks


def reductions_as_critical_sections(fn) -> None:
    """A reduction clause ends each thread's share with
    `switch (__kmpc_reduce_nowait(loc, gtid, ..., lock)) { case 1: combine;
    __kmpc_end_reduce_nowait(loc, gtid, lock); case 2: atomic update }`, and
    the runtime may take case 1 in one thread after combining the others'
    shares with the clause's reduce function, which has no derivative.  In
    the AD's copy every thread takes case 1 inside a critical section on the
    same lock: the combination is then code the AD differentiates, and a
    critical section is reversed in order (see `add_tickets`).  A reduction
    not in this shape stays, and is refused."""
    module = fn.module
    for inst in list(fn.instructions()):
        if inst.parent is None:         # an end of a reduction rewritten already
            continue
        callee = getattr(inst, "called_function", None)
        if callee is None or callee.name != REDUCE_NOWAIT or len(inst.args) != 7:
            continue
        users = list(inst.users)
        if len(users) != 1 or not isinstance(users[0], I.Switch) or \
                users[0].condition is not inst:
            continue
        switch = users[0]
        combine = [blk for v, blk in switch.cases if isinstance(v, ConstantInt) and v.value == 1]
        if not combine:
            continue
        loc, gtid, lock = inst.args[0], inst.args[1], inst.args[6]
        b = Builder().position_before(inst)
        sync_type = FunctionType(VOID, (loc.type, gtid.type, lock.type))
        b.call(module.declare_function(CRITICAL, sync_type), [loc, gtid, lock])
        block = switch.parent
        for succ in {id(s): s for s in switch.successors}.values():
            if succ is not combine[0]:
                for phi in succ.phis:
                    phi.remove_incoming(block)
        Builder().position_before(switch).br(combine[0])
        switch.erase()
        inst.erase()
        for end in list(fn.instructions()):
            end_callee = getattr(end, "called_function", None)
            if end_callee is not None and end_callee.name == END_REDUCE_NOWAIT:
                Builder().position_before(end).call(
                    module.declare_function(END_CRITICAL, sync_type), list(end.args))
                end.erase()


# ---------------------------------------------------------------------------- tickets

def add_tickets(fn) -> dict:
    """Critical sections in the reverse of a region run in the reverse of
    the order they ran forward (their updates of shared memory need not
    commute: `s = 0.9 * s + x`).  Forward, a thread entering one takes the
    next ticket of its team's counter; reverse, it waits until the counter
    is one past its ticket, and leaving it hands the counter down.  Returns
    {id(critical or end_critical call): its ticket} for `mirror_sync_call`."""
    tickets = {}
    module = fn.module
    for inst in list(fn.instructions()):
        callee = getattr(inst, "called_function", None)
        if callee is None or callee.name not in (CRITICAL, END_CRITICAL):
            continue
        helper = _ticket_helper(module, "take" if callee.name == CRITICAL else "current")
        ticket = Builder().position_after(inst).call(helper, [], "omp.ticket")
        tickets[id(inst)] = ticket
    return tickets


def _ticket_globals(module):
    """The thread's pointer to its team's ticket counter, and its current ticket."""
    out = []
    for name, t in (("enzyme_opt.omp.counter", module.pointer_to(I64)),
                    ("enzyme_opt.omp.ticket", I64)):
        gv = module.get(name)
        if gv is None:
            gv = module.add_global(GlobalVariable(module.pointer_to(t), name, t, zero_of(t),
                                                  linkage="internal", pre_attrs="thread_local",
                                                  attrs=", align 8"), unique=False)
        out.append(gv)
    return out


def _ticket_helper(module, what: str) -> Function:
    """`take`: the next ticket of the team's counter (atomically), kept as
    the thread's current one; `current`: the current one, closing it.  The
    thread keeps `ticket + 1` while in a section, 0 outside: a section
    entered inside another (nested critical sections, which one current
    ticket cannot tell apart) traps instead of replaying in a wrong order."""
    name = f"enzyme_opt.omp.ticket.{what}"
    fn = module.get(name)
    if fn is not None:
        return fn
    fn = _new(module, name, FunctionType(I64, ()), [])
    fn.attrs = "noinline nounwind"
    counter_ptr, current = _ticket_globals(module)
    entry = fn.add_block("entry")
    b = Builder(entry)
    held = b.load(I64, current, "held", 8)
    if what == "current":
        b.store(b.i64(0), current, 8)
        b.ret(b.sub(held, b.i64(1), "ticket"))
        return fn
    take, nested = fn.add_block("take"), fn.add_block("nested")
    b.cond_br(b.icmp("eq", held, b.i64(0), "outside"), take, nested)
    b.position_at_end(nested)
    b.call(_runtime(module, "llvm.trap", VOID), [])
    b.unreachable()
    b.position_at_end(take)
    counter = b.load(module.pointer_to(I64), counter_ptr, "counter", 8)
    ticket = b.insert(I.GenericInstruction(
        "atomicrmw", I64, [counter, b.i64(1)],
        ["atomicrmw add ", (0, True), ", ", (1, True), " seq_cst"]), "ticket")
    b.store(b.add(ticket, b.i64(1)), current, 8)
    b.ret(ticket)
    return fn


def _wait_for_turn(module) -> Function:
    """Spin (yielding the core) until the team's counter is `ticket + 1`."""
    name = "enzyme_opt.omp.ticket.wait"
    fn = module.get(name)
    if fn is not None:
        return fn
    fn = _new(module, name, FunctionType(VOID, (I64,)), ["ticket"])
    fn.attrs = "noinline nounwind"
    counter_ptr, _ = _ticket_globals(module)
    entry, spin, done = fn.add_block("entry"), fn.add_block("spin"), fn.add_block("done")
    b = Builder(entry)
    counter = b.load(module.pointer_to(I64), counter_ptr, "counter", 8)
    want = b.add(fn.args[0], b.i64(1), "want")
    b.br(spin)
    b.position_at_end(spin)
    now = b.insert(I.GenericInstruction("load", I64, [counter],
                                        ["load atomic ", "i64, ", (0, True), " seq_cst, align 8"]),
                   "now")
    turn = b.icmp("eq", now, want, "turn")
    yielded = fn.add_block("yield")
    b.cond_br(turn, done, yielded)
    b.position_at_end(yielded)
    b.call(_runtime(module, "sched_yield", I32), [])
    b.br(spin)
    b.position_at_end(done)
    b.ret()
    return fn


def _hand_down(b: Builder, ticket) -> None:
    """Leaving a reversed critical section: the counter becomes its ticket."""
    module = b.module
    counter_ptr, _ = _ticket_globals(module)
    counter = b.load(module.pointer_to(I64), counter_ptr, "omp.counter", 8)
    b.insert(I.GenericInstruction("store", VOID, [ticket, counter],
                                  ["store atomic ", (0, True), ", ", (1, True),
                                   " seq_cst, align 8"]))


def fork_of(gen, call):
    """The ParallelFork `call` stands for in `gen`'s function, or None."""
    entry = gen.parallel_forks.get(id(call))
    return entry[1] if entry is not None and entry[0] is call else None


def emit_fork(b: Builder, fork: ParallelFork, microtask: Function, captured):
    """`__kmpc_fork_call(loc, n, microtask, captured...)`.  The runtime reads
    each operand as a pointer-sized word (va_arg of void *): pointers pass
    as they are, other scalars as the i64 `to_word` makes of them, which
    the microtask turns back (`from_word`)."""
    target_type = fork.function_type.params[2]
    task = microtask if microtask.type == target_type else \
        ConstantExpr("bitcast", target_type, [microtask])
    words = [to_word(b, v) for v in captured]
    return b.call(fork.fork, [fork.loc, b.i32(len(words)), task, *words],
                  function_type=fork.function_type)


def word_type(t):
    """How an operand of type `t` crosses the fork: pointers as pointers,
    scalars up to 64 bits as an i64."""
    return t if t.is_pointer else I64


def to_word(b: Builder, v):
    t = v.type
    if t.is_pointer or t == I64:
        return v
    if t.is_float and t.bits <= 64:
        bits = b.cast("bitcast", v, IntType(t.bits))
        return bits if t.bits == 64 else b.cast("zext", bits, I64)
    if t.is_int and t.bits < 64:
        return b.cast("zext", v, I64)
    raise DifferentiationError(f"cannot pass a value of type {t} into an OpenMP parallel "
                               "region's derivative")


def from_word(b: Builder, w, t):
    if t.is_pointer or t == I64:
        return w
    if t.is_float:
        bits = w if t.bits == 64 else b.cast("trunc", w, IntType(t.bits))
        return b.cast("bitcast", bits, t)
    return b.cast("trunc", w, t)


def restore_forks(gen) -> None:
    """Direct calls of outlined functions the derivative left as they were
    (no derivative reaches the region) fork again."""
    for direct, fork in gen.parallel_forks.values():
        if direct.parent is None:
            continue
        emit_fork(Builder().position_before(direct), fork, fork.outlined,
                  list(direct.args[2:]))
        direct.erase()


def mirror_sync_call(gen, b: Builder, call) -> bool:
    """The reverse of a barrier (a barrier: the reverse team is the
    recording team, so every thread meets the same ones) or of a critical
    section's bounds (its ticket's turn, see `add_tickets`), in the reverse
    of a parallel region; False for other calls."""
    name = call.called_function.name
    if not gen.in_parallel or name not in (BARRIER, CRITICAL, END_CRITICAL):
        return False
    module = gen.module
    if gen.width > 1:
        raise DifferentiationError(
            f"cannot differentiate '{name}' in batched reverse mode (enzyme_width > 1)",
            function=gen.primal, instruction=call)
    if name == BARRIER:
        loc = call.args[0]
        gtid = b.call(_runtime(module, "__kmpc_global_thread_num", I32, (loc.type,)), [loc],
                      "omp.gtid")
        b.call(call.called_function, [loc, gtid])
        return True
    ticket = gen.primal_in_rev(b, gen.parallel_tickets[id(call)])
    if name == END_CRITICAL:        # reversed, the section starts here
        b.call(_wait_for_turn(module), [ticket])
    else:
        _hand_down(b, ticket)
    return True


def refuse_openmp_call(gen, call) -> None:
    """An OpenMP runtime call the derivative has no rule for, in code being
    differentiated: a located error naming the construct."""
    construct = refused_openmp(call.called_function.name)
    if construct is None:
        return
    if gen.mode == "forward" and construct in _FORWARD_SAFE:
        return
    raise DifferentiationError(
        f"cannot differentiate {construct} ('{call.called_function.name}') in "
        f"{gen.mode} mode", function=gen.primal, instruction=call)


# Constructs that only order or select threads: the tangent code sits next
# to the primal code, so it is ordered and selected with it.
_FORWARD_SAFE = frozenset(("an OpenMP critical section", "an OpenMP barrier",
                           "an OpenMP master construct", "an OpenMP masked construct",
                           "an OpenMP single construct", "an OpenMP flush"))


def adds_atomically(gen, pointer) -> bool:
    """Must the reverse add to the shadow of `pointer` atomically?  In the
    reverse of a parallel region, unless it points into the thread's own stack."""
    if not gen.in_parallel:
        return False
    return not isinstance(_underlying(pointer), I.Alloca)


def _underlying(p):
    seen = 0
    while seen < 64:
        seen += 1
        if isinstance(p, I.GetElementPtr) or (isinstance(p, I.Cast) and p.opcode in (
                "bitcast", "addrspacecast")):
            p = p.operands[0]
        elif isinstance(p, ConstantExpr) and p.opcode in ("bitcast", "getelementptr"):
            p = p.operands[0]
        else:
            return p
    return p


def fork_tangent(gen, call, b: Builder, fork: ParallelFork, tangent: Function, args) -> None:
    """Fork the outlined function's tangent: `args` are the direct call's
    operands with shadows, the placeholder thread-id pointers first."""
    params = tangent.function_type.params
    if len(params) != len(args) or not tangent.return_type.is_void:
        raise DifferentiationError(
            "cannot differentiate this OpenMP parallel region: its tangent does not take "
            "the outlined function's operands", function=gen.primal, instruction=call)
    emit_fork(b, fork, _task(gen.ctx, tangent, "tangent"), list(args[2:]))


# ---------------------------------------------------------------------------- reverse mode

# Calls whose reverse adds to shadow memory in ways not made atomic yet.
# (The runtime's complex arithmetic is not among them: its adjoints are
# values, added to its operands' adjoints.)
SHARED_WRITERS = frozenset((CallKind.CUSTOM, CallKind.INDIRECT, CallKind.MASKED,
                            CallKind.REALLOC, CallKind.MPI))


def refuse_in_parallel_region(gen, call, kind) -> None:
    """In the reverse of a parallel region, a call whose reverse would add to
    memory other threads may add to too."""
    if any(gen.info.has_shadow(a) or gen.info.is_active(a) for a in call.args) or \
            gen.info.is_active(call) or gen.info.has_shadow(call):
        callee = call.called_function
        what = f"a call of '{callee.name}'" if callee is not None else "an indirect call"
        raise DifferentiationError(
            f"cannot differentiate, inside an OpenMP parallel region in reverse mode, {what} "
            f"({kind.value}): its adjoint would add to shared memory without atomics",
            function=gen.primal, instruction=call)


def atomic_add(gen, b: Builder, shadow, delta, inst) -> None:
    """`*shadow += delta` with one atomic add per float: each lane of a
    vector, each float field of a struct or array (a complex number of
    flang's, a struct loaded whole) on its own.  Fields holding no float
    (pointers, integers) carry no adjoint and are left alone."""
    t = delta.type
    if t.is_float:
        atomic_fadd(b, shadow, delta)
    elif t.is_vector and t.element.is_float:
        elem_ptr = b.module.pointer_to(t.element)
        base = b.pointer_cast(shadow, elem_ptr)
        for lane in range(t.count):
            p = b.gep(t.element, base, [b.i64(lane)], elem_ptr)
            atomic_fadd(b, p, b.extractelement(delta, b.i32(lane)))
    elif t.is_aggregate:
        fields = t.elements if t.is_struct else (t.element,) * t.count
        for k, field in enumerate(fields):
            if contains_float(field):
                index = b.i32(k) if t.is_struct else b.i64(k)
                p = b.gep(t, shadow, [b.i64(0), index], b.module.pointer_to(field))
                atomic_add(gen, b, p, b.extractvalue(delta, [k]), inst)
    else:
        raise DifferentiationError(
            f"cannot differentiate, inside an OpenMP parallel region in reverse mode, a load "
            f"of {t} from shared memory (its adjoint would need an atomic add)",
            function=gen.primal, instruction=inst)


def atomic_fadd(b: Builder, ptr, value) -> None:
    """`*ptr += value`, atomically.  `atomicrmw fadd` where the target does
    it without a library: x86_fp80 is no power-of-two size (the verifier
    rejects it), fp128 and bfloat need libatomic or libgcc helpers a
    program need not link; those add under a lock instead."""
    if value.type.kind in ("half", "float", "double"):
        b.insert(I.GenericInstruction("atomicrmw", value.type, [ptr, value],
                                      ["atomicrmw fadd ", (0, True), ", ", (1, True),
                                       " monotonic"]))
        return
    helper = _locked_fadd(b.module, value.type)
    b.call(helper, [b.pointer_cast(ptr, helper.function_type.params[0]), value])


def _locked_fadd(module, t) -> Function:
    """`void (ptr p, t v)`: `*p += v` while holding one process-wide spin
    lock (every add of this kind into shared shadows takes it)."""
    name = f"enzyme_opt.omp.locked_fadd.{t}"
    fn = module.get(name)
    if fn is not None:
        return fn
    fn = _new(module, name, FunctionType(VOID, (module.pointer_to(t), t)), ["p", "v"])
    fn.attrs = "noinline nounwind"
    lock = module.get("enzyme_opt.omp.fadd_lock")
    if lock is None:
        lock = module.add_global(GlobalVariable(module.pointer_to(I32), "enzyme_opt.omp.fadd_lock",
                                                I32, zero_of(I32), linkage="internal",
                                                attrs=", align 4"), unique=False)
    entry, spin, add = fn.add_block("entry"), fn.add_block("spin"), fn.add_block("add")
    b = Builder(entry)
    b.br(spin)
    b.position_at_end(spin)
    taken = b.insert(I.GenericInstruction(
        "cmpxchg", StructType((I32, I1)), [lock, b.i32(0), b.i32(1)],
        ["cmpxchg ", (0, True), ", ", (1, True), ", ", (2, True), " acquire monotonic"]), "taken")
    b.cond_br(b.extractvalue(taken, [1]), add, spin)
    b.position_at_end(add)
    p, v = fn.args
    b.store(b.fadd(b.load(t, p, "old"), v), p)
    b.insert(I.GenericInstruction("store", VOID, [b.i32(0), lock],
                                  ["store atomic ", (0, True), ", ", (1, True),
                                   " release, align 4"]))
    b.ret()
    return fn



def parallel_split(gen, call, fork: ParallelFork, aug: Function, rev: Function):
    """Functions with the signatures of `aug` and `rev` (the outlined
    function's split derivative: tape, gtid, btid, captured and shadows...)
    that fork them: the first gives every thread a tape of its own and
    pushes them on the caller's tape, the second pops them back and forks
    the reverse with as many threads, each on the tape it recorded."""
    rt = rev.return_type
    if not (rt.is_void or rt.is_float or (rt.is_struct and all(e.is_float for e in rt.elements))):
        raise DifferentiationError(
            f"cannot differentiate this OpenMP parallel region: the gradients of the values "
            f"passed into it come back as {rt}", function=gen.primal, instruction=call)
    ctx = gen.ctx
    key = (id(aug), id(rev), id(fork.loc))
    cached = ctx.parallel_tasks.get(key)
    if cached is None:
        cached = (_forking(ctx.module, aug, fork, _task(ctx, aug, "augmented"), "augmented"),
                  _forking(ctx.module, rev, fork, _task(ctx, rev, "reverse"), "reverse"))
        ctx.parallel_tasks[key] = cached
    return cached


def _runtime(module, name: str, ret, params=()):
    return module.declare_function(name, FunctionType(ret, tuple(params)))


def _new(module, name: str, ftype: FunctionType, names) -> Function:
    fn = Function(name, ftype, module.pointer_to(ftype), list(names), linkage="internal",
                  attrs="nounwind")
    return module.add_function(fn)


def _count_ptr(b: Builder, tapes, field: int = 1):
    """Element 0 of the tape array holds the team's numbers: the ticket
    counter of its critical sections (field 0), its size (field 1) and how
    many thread tapes follow (field 2)."""
    t = T.tape_type(b.module)
    return b.gep(t, tapes, [b.i64(0), b.i32(field)],
                 b.module.pointer_to(t.elements[field]), "omp.team.ptr")


# Bytes between the team's tape headers.  Each thread's push writes its
# header's size field: headers sharing a cache line (or an adjacent one the
# hardware prefetches in pairs) would bounce it between the cores on every
# iteration.  128 apart, no two headers of 24 bytes meet in a 64-byte line
# pair, whatever calloc's 16-byte alignment.
TEAM_STRIDE = 128


def _thread_tape(b: Builder, tapes, thread):
    index = b.add(b.cast("sext", thread, I64), b.i64(1), "omp.tape.index")
    offset = b.mul(index, b.i64(TEAM_STRIDE), "omp.tape.offset")
    first = b.pointer_cast(tapes, T.byte_ptr(b.module), "omp.tapes.bytes")
    byte = b.gep(I8, first, [offset], T.byte_ptr(b.module), "omp.tape.bytes")
    return b.pointer_cast(byte, T.tape_ptr_type(b.module), "omp.tape")


def _task(ctx, derivative: Function, what: str) -> Function:
    """The microtask a thread runs.  For a tangent, `task(gtid, btid,
    operands...)` calls `tangent(gtid, btid, operands...)`.  For a split
    derivative, `task(gtid, btid, operands..., tapes)` calls
    `derivative(tapes[1 + thread], gtid, btid, operands...)`: the augmented
    one records the team size, the reverse one traps if its team is not the
    recording team (every tape must be reversed by one thread)."""
    key = (id(derivative), what)
    cached = ctx.parallel_tasks.get(key)
    if cached is not None:
        return cached
    module = ctx.module
    params = derivative.function_type.params
    split = what != "tangent"
    operands = params[3:] if split else params[2:]
    grads = derivative.return_type      # the gradients of operands passed by value
    extra = ((T.tape_ptr_type(module),) if split else ()) + \
        ((module.pointer_to(grads),) if not grads.is_void else ())
    ftype = FunctionType(VOID, tuple(params[1:3] if split else params[:2]) +
                         tuple(word_type(t) for t in operands) + extra)
    task = _new(module, f"omp.{what}_task.{derivative.name}", ftype,
                ["gtid", "btid"] + [f"op{i}" for i in range(len(operands))] +
                ["tapes", "grads"][:len(extra)])
    ctx.parallel_tasks[key] = task
    b = Builder(task.add_block("entry"))
    words = task.args[2:2 + len(operands)]
    values = [from_word(b, w, t) for w, t in zip(words, operands)]
    if not split:
        b.call(derivative, [task.args[0], task.args[1], *values])
        b.ret()
        return task
    tapes = task.args[2 + len(operands)]
    counter_ptr, _ = _ticket_globals(module)
    b.store(b.pointer_cast(_count_ptr(b, tapes, 0), module.pointer_to(I64)), counter_ptr, 8)
    thread = b.call(_runtime(module, "omp_get_thread_num", I32), [], "omp.thread")
    team = b.call(_runtime(module, "omp_get_num_threads", I32), [], "omp.team")
    team64 = b.cast("sext", team, I64)
    ok, bad = task.add_block("run"), task.add_block("trap")
    if what == "augmented":
        # Every thread writes the same number: atomically, as they race.
        b.insert(I.GenericInstruction("store", VOID, [team64, _count_ptr(b, tapes)],
                                      ["store atomic ", (0, True), ", ", (1, True),
                                       " monotonic, align 8"]))
        fits = b.icmp("slt", thread, _room(b, tapes))
    else:
        fits = b.icmp("eq", team64, b.load(I64, _count_ptr(b, tapes), "omp.recorded", 8))
    b.cond_br(fits, ok, bad)
    b.position_at_end(bad)
    b.call(_runtime(module, "llvm.trap", VOID), [])
    b.unreachable()
    b.position_at_end(ok)
    shared = _thread_tape(b, tapes, thread)
    tape = _own_tape(b, ctx, shared, what)
    result = b.call(derivative, [tape, task.args[0], task.args[1], *values])
    _leave_tape(b, ctx, tape, shared, what)
    if not grads.is_void:
        _add_gradients(b, task.args[-1], result)
    b.ret()
    return task


def _own_tape(b: Builder, ctx, shared, what: str):
    """The header the thread's derivative pushes on or pops from: a copy of
    its entry `shared` of the team's array in the thread's own frame, which
    nothing else can reach, so that the compiled loop keeps the tape's size
    in a register instead of storing it at every push; the forward sweep
    starts it in the thread's pooled memory (tape.take_from_pool)."""
    t = T.tape_type(b.module)
    own = Builder(b.block.parent.entry, 0).alloca(t, name="omp.own.tape", align=8)
    if what == "augmented" and T.pools_tapes(b.module, ctx.tape_spares):
        T.take_from_pool(b, own)
    else:
        b.store(b.load(t, shared, "omp.shared.tape", 8), own, 8)
    return own


def _leave_tape(b: Builder, ctx, own, shared, what: str) -> None:
    """After the thread's derivative: the recorded tape goes back to the
    team's array for the reverse sweep; the reversed one, empty now, to the
    thread's pool (the array's entry then holds no memory to free)."""
    t = T.tape_type(b.module)
    if what == "reverse" and T.pools_tapes(b.module, ctx.tape_spares):
        T.give_to_pool(b, own)
    b.store(b.load(t, own, "omp.own.tape", 8), shared, 8)


def _add_gradients(b: Builder, acc, grads) -> None:
    """Each thread's gradients of the operands passed by value (firstprivate
    scalars), added atomically to the team's sum."""
    t = grads.type
    if t.is_float:
        return atomic_fadd(b, acc, grads)
    for k, e in enumerate(t.elements):
        p = b.gep(t, acc, [b.i64(0), b.i32(k)], b.module.pointer_to(e))
        atomic_fadd(b, p, b.extractvalue(grads, [k]))


def _room(b: Builder, tapes):
    """How many thread tapes the array has (its element 0's capacity field)."""
    t = T.tape_type(b.module)
    ptr = b.gep(t, tapes, [b.i64(0), b.i32(2)], b.module.pointer_to(I64), "omp.room.ptr")
    return b.cast("trunc", b.load(I64, ptr, "omp.room", 8), I32)


def _forking(module, derivative: Function, fork: ParallelFork, task: Function,
             what: str) -> Function:
    """`derivative`'s stand-in in the caller: forks `task` over the captured
    operands (the outlined function's, with their shadows)."""
    ftype = derivative.function_type
    fn = _new(module, f"omp.{what}_fork.{derivative.name}", ftype,
              ["tape", "gtid", "btid"] + [f"op{i}" for i in range(len(ftype.params) - 3)])
    b = Builder(fn.add_block("entry"))
    tape, operands = fn.args[0], list(fn.args[3:])
    push, pop = T.runtime(module)
    ptr_size = b.i64(8)
    tape_ptr = T.tape_ptr_type(module)
    slot_type = module.pointer_to(tape_ptr)
    if what == "augmented":
        room = b.call(_runtime(module, "omp_get_max_threads", I32), [], "omp.max")
        count = b.add(b.cast("sext", room, I64), b.i64(1), "omp.tapes.count")
        raw = b.call(T.libc(module, "calloc"), [count, b.i64(TEAM_STRIDE)], "omp.tapes.raw")
        tapes = b.pointer_cast(raw, tape_ptr, "omp.tapes")
        t = T.tape_type(module)
        b.store(b.cast("sext", room, I64),
                b.gep(t, tapes, [b.i64(0), b.i32(2)], module.pointer_to(I64)), 8)
        emit_fork(b, fork, task, operands + [tapes])
        slot = b.call(push, [tape, ptr_size], "omp.slot")
        b.store(tapes, b.pointer_cast(slot, slot_type), T.ENTRY_ALIGN)
    else:
        slot = b.call(pop, [tape, ptr_size], "omp.slot")
        tapes = b.load(tape_ptr, b.pointer_cast(slot, slot_type), "omp.tapes", T.ENTRY_ALIGN)
        team = b.cast("trunc", b.load(I64, _count_ptr(b, tapes), "omp.team", 8), I32)
        gtid = b.call(_runtime(module, "__kmpc_global_thread_num", I32, (fork.loc.type,)),
                      [fork.loc], "omp.gtid")
        b.call(_runtime(module, "__kmpc_push_num_threads", VOID, (fork.loc.type, I32, I32)),
               [fork.loc, gtid, team])
        grads = ftype.ret
        acc = []
        if not grads.is_void:
            acc = [b.alloca(grads, name="omp.grads", align=8)]
            b.store(zero_of(grads), acc[0], 8)
        emit_fork(b, fork, task, operands + [tapes] + acc)
        _free_tapes(b, fn, tapes, team)
        if acc:
            b.ret(b.load(grads, acc[0], "omp.grads.sum", 8))
            return fn
    b.ret()
    return fn


def _free_tapes(b: Builder, fn: Function, tapes, team) -> None:
    """Free each thread's tape memory, then the array."""
    module = fn.module
    head, body, done = fn.add_block("free.head"), fn.add_block("free.body"), \
        fn.add_block("free.done")
    entry = b.block
    b.br(head)
    b.position_at_end(head)
    i = b.phi(I32, [], "i")
    i.add_incoming(b.i32(0), entry)
    b.cond_br(b.icmp("slt", i, team), body, done)
    b.position_at_end(body)
    T.free_tape(b, _thread_tape(b, tapes, i))
    nxt = b.add(i, b.i32(1), "i.next")
    i.add_incoming(nxt, body)
    b.br(head)
    b.position_at_end(done)
    b.call(T.libc(module, "free"), [b.pointer_cast(tapes, T.byte_ptr(module))])
