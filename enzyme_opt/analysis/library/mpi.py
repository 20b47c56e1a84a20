"""MPI: the routines with derivative rules (ad/mpi.py), those that carry none,
and the handles (datatypes, reduction operations) the rules recognise.

Handles are implementation-specific.  Open MPI (Debian's libopenmpi-dev,
which `make install` installs) passes each predefined handle as the address
of a global: MPI_DOUBLE is `&ompi_mpi_double`, MPI_SUM `&ompi_mpi_op_sum`,
MPI_COMM_WORLD `&ompi_mpi_comm_world`, MPI_IN_PLACE `(void *)1`.  A
datatype or operation that is no such global (MPICH's integer constants, a
handle loaded from memory, a derived datatype, a user's MPI_Op_create) is
not recognised, and a call that carries derivatives with one is refused.

Each routine with a rule is described by its parameters, in order; the
rules read them by name (`buffer`, `sendbuf`, `recvbuf`, `count`, ...).
The adjoints are MPI calls themselves: a broadcast's adjoint is a sum
reduction to the root, a sum reduction's a broadcast of the result's
adjoint, a send's a receive of the adjoint from the destination.
"""
from __future__ import annotations

from typing import Optional

from ...ir.compiled_regex import compile_cached

# routine -> its parameters
PARAMETERS = {
    "MPI_Bcast": ("buffer", "count", "datatype", "root", "comm"),
    "MPI_Reduce": ("sendbuf", "recvbuf", "count", "datatype", "op", "root", "comm"),
    "MPI_Allreduce": ("sendbuf", "recvbuf", "count", "datatype", "op", "comm"),
    "MPI_Send": ("buf", "count", "datatype", "dest", "tag", "comm"),
    "MPI_Recv": ("buf", "count", "datatype", "source", "tag", "comm", "status"),
}
# The buffers each routine reads and writes (by parameter name).
BUFFERS = {"MPI_Bcast": ("buffer",), "MPI_Reduce": ("sendbuf", "recvbuf"),
           "MPI_Allreduce": ("sendbuf", "recvbuf"), "MPI_Send": ("buf",),
           "MPI_Recv": ("buf",)}
# Reductions the rules differentiate (their `op` must be one of these).
DIFFERENTIATED_OPS = ("sum",)

# Open MPI's predefined datatypes: global -> the element type of the buffer.
# Floating-point ones carry derivatives; integer and character ones carry
# none (a rule does nothing for them).  MPI_BYTE and MPI_PACKED are not
# here: their bytes may be floats.
FLOAT_DATATYPES = {"ompi_mpi_double": "double", "ompi_mpi_float": "float"}
INTEGER_DATATYPES = frozenset(
    "ompi_mpi_" + t for t in (
        "int", "unsigned", "long", "unsigned_long", "long_long_int", "long_long",
        "unsigned_long_long", "short", "unsigned_short", "char", "signed_char",
        "unsigned_char", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
        "uint32_t", "uint64_t", "c_bool", "cxx_bool", "wchar", "aint", "offset", "count"))
# Open MPI's predefined reduction operations: global `ompi_mpi_op_<name>`.
OP_PREFIX = "ompi_mpi_op_"
ANY_SOURCE = ANY_TAG = -1          # Open MPI's MPI_ANY_SOURCE and MPI_ANY_TAG

# MPI functions that pass no derivative on: setting up, querying ranks and
# sizes, timing, synchronising, and handles (communicators, groups,
# operations, datatypes, requests) that hold no floats of the program.
_INACTIVE = compile_cached(
    r"MPI_(Init|Init_thread|Initialized|Finalize|Finalized|Abort|Query_thread|Is_thread_main"
    r"|Comm_(rank|size|dup|split|split_type|free|compare|group|set_name|get_name|create)"
    r"|Group_\w+|Barrier|Wtime|Wtick|Get_processor_name|Get_version|Get_library_version"
    r"|Op_(create|free|commutative)|Type_(size|get_extent|commit|free|contiguous|vector"
    r"|create_struct|get_name)|Error_(string|class)|Errhandler_\w+|Comm_set_errhandler"
    r"|Get_count|Request_free|Cart_\w+|Dims_create)\Z")


def mpi_rule(name: str) -> Optional[tuple]:
    """The parameters of an MPI routine with a derivative rule, or None."""
    return PARAMETERS.get(name)


def is_mpi_inactive(name: str) -> bool:
    """An MPI function that carries no derivative (MPI_Comm_rank, MPI_Barrier, ...)."""
    return bool(_INACTIVE.match(name))


def refused_mpi(name: str) -> Optional[str]:
    """What an MPI function without a derivative rule here is, or None when
    `name` is no MPI function or one with a rule or none needed."""
    if not name.startswith(("MPI_", "PMPI_")) or name in PARAMETERS or is_mpi_inactive(name):
        return None
    return ("an MPI communication without a derivative rule here (rules exist for "
            + ", ".join(PARAMETERS) + " on MPI_DOUBLE and MPI_FLOAT, reductions with MPI_SUM)")


def float_datatype(global_name: str) -> Optional[str]:
    """'double' or 'float' for Open MPI's MPI_DOUBLE and MPI_FLOAT globals."""
    return FLOAT_DATATYPES.get(global_name)


def carries_no_derivative(global_name: str) -> bool:
    """An integer or character datatype: its buffers hold no derivatives."""
    return global_name in INTEGER_DATATYPES


def reduction_op(global_name: str) -> Optional[str]:
    """'sum', 'max', ... for Open MPI's predefined operation globals."""
    if global_name.startswith(OP_PREFIX):
        return global_name[len(OP_PREFIX):]
    return None
