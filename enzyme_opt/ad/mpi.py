"""Derivatives of MPI calls, written as MPI calls (analysis/library/mpi.py names them).

The communication routines are linear in their buffers, so their
derivatives need no primal values, only the same counts, ranks, tags and
communicator:

  call                          tangent (forward)          adjoint (reverse)
  Bcast(buf) from root          Bcast(dbuf)                Reduce(dbuf, t, SUM) to root; root's
                                                           dbuf = t, the others' dbuf = 0
  Reduce(s, r, SUM) to root     Reduce(ds, dr, SUM)        root: t = dr, dr = 0; Bcast(t) from
                                                           root; every rank: ds += t
  Allreduce(s, r, SUM)          Allreduce(ds, dr, SUM)     Allreduce(dr, t, SUM); dr = 0; ds += t
  Send(buf) to dest             Send(dbuf) to dest         Recv(t) from dest; dbuf += t
  Recv(buf) from source         Recv(dbuf) from source     Send(dbuf) to source; dbuf = 0

The tangent messages follow the primal ones on the same (source, tag,
communicator), so MPI's non-overtaking order pairs them.  Every rank runs
the same derivative code, so a rank calls a derivative collective exactly
when it calls the primal one: a buffer without a shadow gets a zeroed
scratch buffer in its place rather than a skipped call (mirrored_call).

Refused, located: a datatype other than a predefined floating-point one
(or an integer one, whose buffers carry no derivative), a reduction other
than MPI_SUM, MPI_IN_PLACE, MPI_ANY_SOURCE and MPI_ANY_TAG (the derivative
message must come from the one the primal matched).
"""
from __future__ import annotations

from ..analysis.library import (carries_no_derivative, float_datatype, mpi_rule, reduction_op)
from ..analysis.library.mpi import ANY_SOURCE, ANY_TAG, BUFFERS, DIFFERENTIATED_OPS
from ..analysis.user_marks import global_base_or_self
from ..diagnostics import DifferentiationError
from ..ir import Builder, Function
from ..ir.clone import clone_instruction
from ..ir.constants import ConstantExpr, ConstantInt, ConstantNull
from ..ir.module import GlobalVariable
from ..ir.types import I8, I32, I64, VOID, FunctionType
from . import tape as T
from .typed_memory import accumulate_helper

_SIZE = {"double": 8, "float": 4}
HELPER_PREFIX = "enzyme_opt.mpi."


class MpiCall:
    """One MPI call's arguments by parameter name, and the element type its
    datatype names (None: integers, no derivative)."""

    def __init__(self, call, function):
        self.call, self.function = call, function
        self.name = call.called_function.name
        params = mpi_rule(self.name)
        if len(call.args) != len(params):
            self.refuse(f"'{self.name}' is called with {len(call.args)} arguments, but takes "
                        f"{len(params)}")
        self.args = dict(zip(params, call.args))
        self.element = self._element()
        if self.element is not None:
            self._check_op()
            self._check_buffers()
            self._check_wildcards()

    def refuse(self, problem):
        raise DifferentiationError(f"cannot differentiate call to '{self.name}': {problem}",
                                   function=self.function, instruction=self.call)

    def _element(self):
        handle = global_base_or_self(self.args["datatype"])
        if not isinstance(handle, GlobalVariable):
            self.refuse("its datatype is not a predefined MPI datatype known at compile time "
                        "(derivatives are taken for MPI_DOUBLE and MPI_FLOAT, of Open MPI)")
        element = float_datatype(handle.name)
        if element is None and not carries_no_derivative(handle.name):
            self.refuse(f"its datatype '{handle.name}' is not one whose derivative is known "
                        "(MPI_DOUBLE or MPI_FLOAT; integer datatypes carry none)")
        return element

    def _check_op(self):
        if "op" not in self.args:
            return
        handle = global_base_or_self(self.args["op"])
        op = reduction_op(handle.name) if isinstance(handle, GlobalVariable) else None
        if op is None:
            self.refuse("its reduction operation is not a predefined one known at compile "
                        "time (a user's MPI_Op_create, or a handle read from memory); only "
                        "MPI_SUM is differentiated")
        if op not in DIFFERENTIATED_OPS:
            self.refuse(f"the reduction MPI_{op.upper()} has no derivative rule here (only "
                        "MPI_SUM)")

    def _check_buffers(self):
        for name in BUFFERS[self.name]:
            v = self.args[name]
            while isinstance(v, ConstantExpr) and v.opcode in ("bitcast", "addrspacecast"):
                v = v.operands[0]
            if isinstance(v, ConstantExpr) and v.opcode == "inttoptr":
                self.refuse(f"MPI_IN_PLACE (its {name}) is not differentiated; pass separate "
                            "send and receive buffers")

    def _check_wildcards(self):
        for name, wildcard in (("source", ANY_SOURCE), ("tag", ANY_TAG)):
            v = self.args.get(name)
            if isinstance(v, ConstantInt) and v.value == wildcard:
                self.refuse(f"MPI_ANY_{name.upper()}: the derivative must come from the very "
                            "message the receive matched; name the sender and the tag")


def mirrored_call(gen, inst):
    """The call's arguments when its derivative communication is made, else
    None: for integers, and for a call no derivative reaches whose arguments
    the rules do not cover (MPI_MAX of doubles without derivatives).  A call
    the rules cover is mirrored even where no derivative reaches it, with
    zeroed buffers: the matching call on another rank may be reached, and its
    derivative message must find its match, not the next message."""
    try:
        mc = MpiCall(inst, gen.primal)
    except DifferentiationError:
        if any(gen.info.has_shadow(a) for a in inst.args):
            raise
        return None
    return mc if mc.element is not None else None


# -- forward mode -----------------------------------------------------------------------------
def mpi_tangent(gen, b, inst) -> None:
    """The same call on the shadows, just after the primal one."""
    mc = mirrored_call(gen, inst)
    if mc is None:
        return
    after = Builder().position_after(inst)
    params = mpi_rule(mc.name)
    for lane in range(gen.width):
        copy = clone_instruction(inst)
        scratch = []
        for name in BUFFERS[mc.name]:
            shadow = _shadow_or_scratch(gen, after, mc, name, mc.args["count"], scratch,
                                        lambda a: gen.shadow(a)[lane])
            copy.set_operand(params.index(name), shadow)
        after.insert(copy)
        for p in scratch:
            _free(after, p)


def _shadow_or_scratch(gen, b, mc, name, count, scratch, shadow_of):
    """The buffer's shadow, or a zeroed buffer of `count` elements in its
    place (appended to `scratch`, to be freed) when it has none."""
    arg = mc.args[name]
    if gen.info.has_shadow(arg):
        return shadow_of(arg)
    p = _calloc(b, count, mc.element)
    scratch.append(p)
    return b.pointer_cast(p, arg.type)


# -- reverse mode -----------------------------------------------------------------------------
def mpi_adjoint(gen, b, inst) -> None:
    """The adjoint communication (see the module docstring), in one helper per routine."""
    mc = mirrored_call(gen, inst)
    if mc is None:
        return
    scratch = []
    values = {name: gen.primal_in_rev(b, v) for name, v in mc.args.items()
              if name not in BUFFERS[mc.name] and name != "status"}
    shadows = [_shadow_or_scratch(gen, b, mc, name, values["count"], scratch,
                                  lambda a: gen.shadow_in_rev(b, a))
               for name in BUFFERS[mc.name]]
    helper = _ADJOINT_HELPERS[mc.name](gen.ctx, mc, values)
    p = T.byte_ptr(gen.module)
    nbytes = b.mul(_i64(b, values["count"]), ConstantInt(I64, _SIZE[mc.element]))
    rest = [values[name] for name in mpi_rule(mc.name) if name in values]
    args = [b.pointer_cast(s, p) for s in shadows] + [nbytes] + rest
    b.call(helper, [_coerce(b, a, t) for a, t in zip(args, helper.function_type.params)])
    for buf in scratch:
        _free(b, buf)


def _adjoint_helper(what, buffers):
    """Makes `body(ctx, mc, fn, args)` the builder of helper `void
    enzyme_opt.mpi.<what>.adjoint.<element>(ptr buffers..., i64 bytes, the
    call's other arguments...)`, built once per module."""
    def wrap(body):
        def make(ctx, mc, values):
            name = f"{HELPER_PREFIX}{what}.adjoint.{mc.element}"
            existing = ctx.module.get(name)
            if existing is not None:
                return existing
            p = T.byte_ptr(ctx.module)
            names = list(buffers) + ["bytes"] + [n for n in mpi_rule(mc.name) if n in values]
            types = [p] * len(buffers) + [I64] + [values[n].type for n in names[len(buffers) + 1:]]
            ftype = FunctionType(VOID, tuple(types))
            fn = Function(name, ftype, ctx.module.pointer_to(ftype), names, linkage="internal",
                          attrs="nounwind")
            ctx.module.add_function(fn)
            body(ctx, mc, fn, dict(zip(names, fn.args)))
            return fn
        return make
    return wrap


@_adjoint_helper("bcast", ("d_buffer",))
def _bcast_adjoint(ctx, mc, fn, a):
    entry, root, other, done = (fn.add_block(n) for n in ("entry", "root", "other", "done"))
    b = Builder(entry)
    total = _malloc_bytes(b, a["bytes"])
    _call_mpi(b, "MPI_Reduce", [a["d_buffer"], total, a["count"], a["datatype"],
                                _sum_op(ctx.module), a["root"], a["comm"]])
    b.cond_br(b.icmp("eq", _rank(b, a["comm"]), a["root"]), root, other)
    b.position_at_end(root)
    ctx.memcpy_bytes(b, a["d_buffer"], total, a["bytes"])
    b.br(done)
    b.position_at_end(other)        # the broadcast overwrote the other ranks' buffers
    ctx.memset_zero(b, a["d_buffer"], a["bytes"])
    b.br(done)
    b.position_at_end(done)
    _free(b, total)
    b.ret()


@_adjoint_helper("reduce", ("d_send", "d_recv"))
def _reduce_adjoint(ctx, mc, fn, a):
    entry, root, spread = (fn.add_block(n) for n in ("entry", "root", "spread"))
    b = Builder(entry)
    result = _calloc_bytes(b, a["bytes"])
    b.cond_br(b.icmp("eq", _rank(b, a["comm"]), a["root"]), root, spread)
    b.position_at_end(root)         # only the root's receive buffer was written
    ctx.memcpy_bytes(b, result, a["d_recv"], a["bytes"])
    ctx.memset_zero(b, a["d_recv"], a["bytes"])
    b.br(spread)
    b.position_at_end(spread)
    _call_mpi(b, "MPI_Bcast", [result, a["count"], a["datatype"], a["root"], a["comm"]])
    _accumulate(b, mc, result, a["d_send"], a["bytes"])
    b.ret()


@_adjoint_helper("allreduce", ("d_send", "d_recv"))
def _allreduce_adjoint(ctx, mc, fn, a):
    b = Builder(fn.add_block("entry"))
    total = _calloc_bytes(b, a["bytes"])
    _call_mpi(b, "MPI_Allreduce", [a["d_recv"], total, a["count"], a["datatype"],
                                   _sum_op(ctx.module), a["comm"]])
    ctx.memset_zero(b, a["d_recv"], a["bytes"])
    _accumulate(b, mc, total, a["d_send"], a["bytes"])
    b.ret()


@_adjoint_helper("send", ("d_buf",))
def _send_adjoint(ctx, mc, fn, a):
    b = Builder(fn.add_block("entry"))
    came_back = _calloc_bytes(b, a["bytes"])        # stays 0 from MPI_PROC_NULL
    _call_mpi(b, "MPI_Recv", [came_back, a["count"], a["datatype"], a["dest"], a["tag"],
                              a["comm"], None])
    _accumulate(b, mc, came_back, a["d_buf"], a["bytes"])
    b.ret()


@_adjoint_helper("recv", ("d_buf",))
def _recv_adjoint(ctx, mc, fn, a):
    b = Builder(fn.add_block("entry"))
    _call_mpi(b, "MPI_Send", [a["d_buf"], a["count"], a["datatype"], a["source"], a["tag"],
                              a["comm"]])
    ctx.memset_zero(b, a["d_buf"], a["bytes"])
    b.ret()


_ADJOINT_HELPERS = {"MPI_Bcast": _bcast_adjoint, "MPI_Reduce": _reduce_adjoint,
                    "MPI_Allreduce": _allreduce_adjoint, "MPI_Send": _send_adjoint,
                    "MPI_Recv": _recv_adjoint}


# -- small IR helpers -----------------------------------------------------------------------

def _call_mpi(b, name, args):
    """Call MPI routine `name` (declared as the program declares it, or with
    byte pointers for buffers); a None argument is a null status pointer
    (MPI_STATUS_IGNORE)."""
    module = b.module
    p = T.byte_ptr(module)
    fn = module.get(name)
    if not isinstance(fn, Function):
        params = tuple(p if a is None or a.type.is_pointer and _is_buffer(i, name) else a.type
                       for i, a in enumerate(args))
        fn = module.declare_function(name, FunctionType(I32, params))
    params = fn.function_type.params
    return b.call(fn, [ConstantNull(t) if a is None else _coerce(b, a, t)
                       for a, t in zip(args, params)])


def _is_buffer(index, name):
    return index < len(BUFFERS[name])


def _rank(b, comm):
    cell = b.alloca(I32, name="rank")
    _call_mpi(b, "MPI_Comm_rank", [comm, cell])
    return b.load(I32, cell, "rank.value")


def _sum_op(module):
    """Open MPI's MPI_SUM: the address of its global `ompi_mpi_op_sum`."""
    op = module.get("ompi_mpi_op_sum")
    if op is None:
        op = module.add_global(GlobalVariable(module.pointer_to(I8), "ompi_mpi_op_sum", I8,
                                              None, linkage="external"), unique=False)
    return op


def _accumulate(b, mc, scratch, dst, nbytes):
    """dst += scratch element by element, and free the scratch."""
    helper = accumulate_helper(b.module, _SIZE[mc.element], ((0, mc.element),))
    b.call(helper, [scratch, dst, nbytes])
    _free(b, scratch)


def _malloc_bytes(b, nbytes):
    return b.call(T.libc(b.module, "malloc"), [nbytes], "mpi.buffer")


def _calloc_bytes(b, nbytes):
    return b.call(T.libc(b.module, "calloc"), [nbytes, ConstantInt(I64, 1)], "mpi.buffer")


def _calloc(b, count, element):
    return b.call(T.libc(b.module, "calloc"), [_i64(b, count),
                                               ConstantInt(I64, _SIZE[element])], "mpi.zeros")


def _free(b, p):
    b.call(T.libc(b.module, "free"), [b.pointer_cast(p, T.byte_ptr(b.module))])


def _i64(b, v):
    if isinstance(v, ConstantInt):
        return ConstantInt(I64, v.value)
    return b.cast("sext", v, I64) if v.type.bits < 64 else v


def _coerce(b, v, t):
    if v.type == t:
        return v
    if v.type.is_pointer and t.is_pointer:
        return b.pointer_cast(v, t)
    raise DifferentiationError(f"cannot pass a {v.type} as a {t} to an MPI routine")
