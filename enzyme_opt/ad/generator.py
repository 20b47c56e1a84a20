"""What derivative rules may ask of a generator.

The rules of `instruction_table.py` (tangent code in forward_rules.py,
adjoint code in adjoints.py, and the helpers they share: aggregates.py,
masked.py, complex_calls.py, typed_memory.py) get the generator as `gen`.
These protocols name everything they use; ForwardGenerator (forward.py)
is a `TangentGenerator`, ReverseGenerator (reverse.py) an
`AdjointGenerator`.  tests/unit/test_generator_protocol.py checks both
generators against them, and that the rule modules use nothing else.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Iterator, List, Protocol

if TYPE_CHECKING:     # annotations only: context.py makes the generators
    from ..analysis.activity import ActivityInfo
    from ..analysis.type_analysis import TypeAnalysis
    from ..ir import Builder, Function, Module
    from .context import DerivativeContext


class Generator(Protocol):
    """What both modes have."""
    mode: str                    # "forward" or "reverse": the instruction table's mode
    ctx: DerivativeContext       # the module's derivatives, shared shadows, options
    module: Module
    primal: Function             # the function differentiated (for error messages)
    fwd_args: list               # the copy's values of the primal's parameters, in order
    kinds: list                  # the Activity of each of the primal's arguments
    width: int                   # lanes: derivatives per active value (enzyme_width)
    info: ActivityInfo           # which values are active, which pointers have shadows
    types: TypeAnalysis          # what the memory holds
    parallel_forks: dict         # OpenMP forks the copy calls directly (openmp.py)
    pointer_copies: dict         # integer copies of pointers (typed_memory.py)
    in_parallel: bool            # differentiating (a callee of) an OpenMP region's body
    fused_rules: dict            # id(division) -> (it, its fused rule or None): rule_fusion.py

    def apply_rule(self, b: Builder, rule_name: str, inst, operands, flags=()) -> None:
        """The derivative of `inst` through the partials of rules.RULES[rule_name],
        or of the fused rule rule_fusion.rule_for picks instead (none at all
        where the one user's fused rule covers `inst`: pow before `/ y`)."""


class TangentGenerator(Generator, Protocol):
    """Forward mode: every instruction's tangent code follows it."""
    tangents: Dict[int, List]    # id(value) -> its tangent per lane (rules fill it)
    shadows: Dict[int, List]     # id(pointer) -> its shadow per lane (rules fill it)
    error: bool                  # __enzyme_error_estimate: error estimates, not tangents
    noneed: list                 # the copy's enzyme_dupnoneed pointers (primal stores droppable)

    def tangent(self, v) -> List:
        """`v`'s tangent per lane (zeros if it has none)."""

    def shadow(self, v) -> List:
        """Pointer `v`'s shadow per lane (refused if it has none)."""


class AdjointGenerator(Generator, Protocol):
    """Reverse mode: every instruction's adjoint code, emitted backwards in
    the reverse block of its block, once per lane unless the table's entry
    handles all lanes itself."""
    call_plans: Dict[int, tuple]  # id(call) -> how the forward sweep rewrote it
    heap_allocas: set             # ids of allocas whose shadow is malloc'd
    in_place_loads: set           # ids of loads whose adjoint stays in the shadow (in_place.py)
    rev_tape: object              # the tape the reverse function pops
    rev_alloca: Builder           # where the reverse function's stack cells go
    parallel_tickets: dict        # id(critical section bound) -> its ticket (openmp.py)

    def each_lane(self) -> Iterator[int]:
        """Step the current lane through all lanes."""

    def primal_in_rev(self, b: Builder, v):
        """Forward value `v`, as of the forward execution being reversed."""

    def shadow_value(self, v, lane=None):
        """Pointer `v`'s shadow in the forward function."""

    def compares_alike(self, r, x) -> bool:
        """Does `r == x` of the reverse pass's copies hold exactly where it
        held in the forward pass?"""

    def shadow_in_rev(self, b: Builder, p, lane=None):
        """Pointer `p`'s shadow in the reverse pass."""

    def add_adjoint(self, b: Builder, v, delta, lane=None) -> None:
        """adjoint(v) += delta."""

    def take_adjoint(self, b: Builder, v, lane=None):
        """`v`'s adjoint, reset to zero."""
