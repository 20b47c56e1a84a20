"""Every instruction kind's derivative, in both modes, in one table.

Each kind the parser can produce is here exactly once, as one of:

- `Derivative(tangent, adjoint)`: the forward-mode code (`forward_rules.py`)
  and the reverse-mode code (`adjoints.py`) of the kind;
- `Inert(why)`: the kind never carries a derivative (a comparison's `i1`,
  control flow the generators replay themselves), with the reason;
- `Refused(why)`: the kind could carry one, but we have no rule for it.

`differentiate_instruction` is the one dispatch both generators call.  Its
default is loud: an instruction that an active value or a shadowed pointer
reaches, and whose kind has no code for the mode at hand, is a located
error naming the instruction, never a derivative of zero.
"""
from __future__ import annotations

from typing import Callable, Optional, Union

from ..diagnostics import DifferentiationError
from ..ir import instructions as I
from . import adjoints as A
from . import forward_rules as F
from .generator import Generator
from .records import record


@record(frozen=True)
class Derivative:
    tangent: Optional[Callable]          # forward mode: (generator, builder, inst)
    adjoint: Optional[Callable]          # reverse mode: (generator, builder, inst)
    all_lanes: bool = False              # the adjoint serves every batch lane itself


@record(frozen=True)
class Inert:
    why: str


@record(frozen=True)
class Refused:
    why: str


Entry = Union[Derivative, Inert, Refused]

_CONTROL = Inert("control flow: the generators replay the branches themselves and seed the "
                 "returned value's derivative")
_EXCEPTIONS = Inert("exception handling: derivatives follow the paths that return normally")

TABLE = {
    I.BinaryOp: Derivative(F.tangent_arithmetic, A.adjoint_arithmetic, all_lanes=True),
    I.UnaryOp: Derivative(F.tangent_arithmetic, A.adjoint_arithmetic, all_lanes=True),
    I.Cast: Derivative(F.tangent_cast, A.adjoint_cast),
    I.Select: Derivative(F.tangent_select, A.adjoint_select),
    I.Freeze: Derivative(F.tangent_linear, A.adjoint_freeze),
    I.Load: Derivative(F.tangent_load, A.adjoint_load),
    I.Store: Derivative(F.tangent_store, A.adjoint_store),
    I.Alloca: Derivative(F.tangent_pointer_only, A.adjoint_alloca),
    I.GetElementPtr: Derivative(F.tangent_pointer_only, A.adjoint_pointer),
    I.ExtractValue: Derivative(F.tangent_linear, A.adjoint_extractvalue),
    I.InsertValue: Derivative(F.tangent_linear, A.adjoint_insertvalue),
    I.ExtractElement: Derivative(F.tangent_linear, A.adjoint_extractelement),
    I.InsertElement: Derivative(F.tangent_linear, A.adjoint_insertelement),
    I.ShuffleVector: Derivative(F.tangent_linear, A.adjoint_shufflevector),
    I.Call: Derivative(F.tangent_call, A.adjoint_call, all_lanes=True),
    I.Invoke: Derivative(F.tangent_call, A.adjoint_call, all_lanes=True),
    I.CallBr: Refused("callbr (asm goto) runs inline assembly, which cannot be differentiated"),
    I.Compare: Inert("a comparison's i1 result is piecewise constant: no derivative flows "
                     "through it"),
    I.Phi: Inert("phis are built by the generators: tangent phis in forward mode, adjoints "
                 "moved along the incoming edges in reverse mode"),
    I.Return: _CONTROL, I.Branch: _CONTROL, I.Switch: _CONTROL, I.IndirectBr: _CONTROL,
    I.Unreachable: _CONTROL,
}

# GenericInstruction covers several opcodes; each has its own entry.
GENERIC_TABLE = {
    "atomicrmw": Derivative(F.tangent_atomic, A.adjoint_atomic),
    "cmpxchg": Derivative(F.tangent_atomic, A.adjoint_atomic),
    "fence": Inert("a fence orders memory accesses and moves no value"),
    "va_arg": Inert("reads a variadic argument: calls that pass derivatives through '...' "
                    "are refused at the call"),
    "landingpad": _EXCEPTIONS, "resume": _EXCEPTIONS, "cleanuppad": _EXCEPTIONS,
    "catchpad": _EXCEPTIONS, "catchswitch": _EXCEPTIONS, "catchret": _EXCEPTIONS,
    "cleanupret": _EXCEPTIONS,
}


def entry_for(inst) -> Optional[Entry]:
    if isinstance(inst, I.GenericInstruction):
        return GENERIC_TABLE.get(inst.opcode)
    return TABLE.get(type(inst))


def replayed_by_generator(inst) -> bool:
    """Phis and inert terminators (branches, returns) are the generators'
    own business; every other instruction goes through the dispatch."""
    return isinstance(inst, I.Phi) or (inst.is_terminator and
                                       isinstance(entry_for(inst), Inert))


def differentiate_instruction(gen: Generator, b, inst, mode: str) -> None:
    """Emit `inst`'s tangent ("forward") or adjoint ("reverse") code.  A
    forward rule gets a TangentGenerator, an adjoint an AdjointGenerator
    (generator.py: what rules may ask of them)."""
    entry = entry_for(inst)
    handler = getattr(entry, "tangent" if mode == "forward" else "adjoint", None)
    if handler is None:
        if isinstance(entry, Inert) and not _result_carries(gen.info, inst):
            return
        if isinstance(entry, Inert) or _reached(gen.info, inst):
            _refuse(gen, inst, entry, mode)
        return
    try:
        if mode == "forward" or entry.all_lanes:
            handler(gen, b, inst)
            return
        for _ in gen.each_lane():
            handler(gen, b, inst)
    except DifferentiationError as e:
        raise e.locate(inst)


def _result_carries(info, inst) -> bool:
    return info.is_active(inst) or info.has_shadow(inst)


def _reached(info, inst) -> bool:
    """Does an active value or a shadowed pointer reach or leave `inst`?"""
    return _result_carries(info, inst) or any(
        info.is_active(op) or info.has_shadow(op) for op in inst.operands)


def _refuse(gen, inst, entry, mode) -> None:
    reason = f": {entry.why}" if isinstance(entry, (Inert, Refused)) else ""
    raise DifferentiationError(
        f"no {mode}-mode derivative for instruction '{inst.opcode}', which values carrying "
        f"derivatives reach{reason}", function=gen.primal, instruction=inst)
