"""Interprocedural type analysis: types flow across calls of functions defined here.

Each function gets two summaries, one layout per pointer parameter and one
for the pointer it returns:

- *own*: what the function, and what it calls, does with that memory.
  Callers learn from it: a pointer passed to a helper that loads doubles
  from it points to doubles at the call.  Computed bottom-up to a fixpoint.
- *incoming*: what the callers know of the memory they pass in and of the
  pointer they get back.  The function learns from it, as weak evidence
  below its own.  Computed top-down afterwards, from the callers' analyses
  seeded with their own incoming summaries.

Own summaries never include incoming ones, so what one caller passes to a
shared helper does not reach its other callers through it; and where the
callers disagree about an offset (a helper copying bytes of any type),
the offset stays unknown.  A call of the Enzyme API counts as a call of the
function it differentiates: `__enzyme_autodiff(f, x, dx)` passes x, and dx
with the same layout, to f's parameter.

Functions connected by calls are analyzed together and apart from the
rest (`_connected`): what a derivative needs costs the same in a
small module as in a large one.
"""
from __future__ import annotations

from math import gcd
from typing import Dict, List, Optional

from ..ir import instructions as I
from .tbaa import Tbaa
from .type_analysis import MemoryLayout, TypeAnalysis, weak_rank

ROUNDS = 8


class ModuleTypes:
    """`api_call(call)` reads an Enzyme API call as (function differentiated,
    [(parameter index, values passed for it)]), or None: the AD layer's
    knowledge, handed down, so that what the caller passes flows to the
    function it differentiates."""

    def __init__(self, module, api_call=None):
        self.module = module
        self.api_call = api_call
        self.tbaa = Tbaa(module.metadata)
        self.functions = [f for f in module.functions if not f.is_declaration]
        self.known = {id(f) for f in self.functions}
        self.own_params: Dict[int, List[MemoryLayout]] = {}
        self.own_return: Dict[int, MemoryLayout] = {}
        self.incoming_params: Dict[int, List[MemoryLayout]] = {}
        self.incoming_return: Dict[int, MemoryLayout] = {}
        self.derived_returns: Dict[int, tuple] = {}
        # TBAA access tag of a pointer field -> what the pointers read from it point to
        self.field_pointees: Dict[str, _Agreement] = {}
        # Functions connected by calls (an API call connects its caller to the
        # function it differentiates), found from the calls of the bodies as
        # they are now; a body still kept as text gives its calls when read.
        self._callees: Dict[int, list] = {}
        self._callers: Dict[int, list] = {}
        self._component: Dict[int, int] = {}
        # While a bottom-up analysis runs: the summaries it reads (_Freshness).
        self._reads: Optional[set] = None
        api_callers = []
        for fn in self.functions:
            if fn.lazy_body is None and self._take_calls(fn):
                api_callers.append(fn)
        if any(fn.lazy_body is not None for fn in self.functions):
            module.on_read.append(self._read)
        for fn in api_callers:
            self._ensure(fn)

    # -- which functions are analyzed when ---------------------------------------------------
    # A function's summaries depend on its callees' (own) and on its
    # callers' (incoming), and on nothing else: each set of functions
    # connected by calls is analyzed on its own, to the same fixpoint as
    # within the whole module.  Those with an API call are analyzed at once;
    # any other only if asked about (a function a pointer may point to): in
    # a large module, most functions are never analyzed, nor their bodies read.
    def _read(self, fn) -> None:
        if id(fn) in self.known and id(fn) not in self._callees:
            self._take_calls(fn)

    def _take_calls(self, fn) -> bool:
        """Records `fn`'s calls of analyzed functions; does it make an API call?"""
        callees, api_call = [], False
        for inst in fn.instructions():
            if isinstance(inst, I.CallBase):
                callee = self._callee_for_types(inst)
                if callee is not None:
                    callees.append(callee)
                    self._callers.setdefault(id(callee), []).append(fn)
                    api_call = api_call or inst.called_function is not callee
        self._callees[id(fn)] = callees
        return api_call

    def _connected(self, fn) -> list:
        """The functions connected to `fn` by calls, in the module's order."""
        seen, work = {id(fn)}, [fn]
        while work:
            f = work.pop()
            f.materialize()                             # `_read` records its calls
            self.module.read_bodies_naming((f,))        # and those of its callers
            for other in self._callees.get(id(f), []) + self._callers.get(id(f), []):
                if id(other) not in seen:
                    seen.add(id(other))
                    work.append(other)
        return [f for f in self.functions if id(f) in seen]

    def _callee_for_types(self, call):
        """The analyzed function `call` passes memory to (see `_passed_by_call`), or None."""
        callee = call.called_function
        if callee is None:
            return None
        if id(callee) in self.known:
            return callee
        passed = self.api_call(call) if self.api_call is not None else None
        return passed[0] if passed is not None and id(passed[0]) in self.known else None

    def _ensure(self, fn) -> None:
        if fn is None or id(fn) not in self.known or id(fn) in self._component:
            return
        functions = self._connected(fn)
        for f in functions:
            self._component[id(f)] = id(fn)
        self._top_down(functions, self._bottom_up(functions))

    # -- what analyses of single functions ask -------------------------------------------
    def _note_read(self, key) -> None:
        if self._reads is not None:
            self._reads.add(key)

    def param_layout(self, fn, index: int) -> Optional[MemoryLayout]:
        self._ensure(fn)
        self._note_read(id(fn))
        layouts = self.own_params.get(id(fn))
        return layouts[index] if layouts is not None and index < len(layouts) else None

    def return_layout(self, fn) -> Optional[MemoryLayout]:
        self._ensure(fn)
        self._note_read(id(fn))
        return self.own_return.get(id(fn))

    def returned_parameter(self, fn) -> Optional[tuple]:
        """(parameter index, offset, stride) when `fn` returns that parameter
        moved by offset (+ k * stride), else None."""
        self._ensure(fn)
        self._note_read(id(fn))
        return self.derived_returns.get(id(fn)) if fn is not None else None

    def analysis(self, fn, args=None, like=None) -> TypeAnalysis:
        """The analysis of `fn` with what its callers pass in.  For a copy of a
        function (the AD differentiates copies), `like` is the original and
        `args` the copy's values of the original's parameters."""
        like = like or fn
        self._ensure(like)
        args = args if args is not None else fn.args
        incoming = self.incoming_params.get(id(like), [])
        seeds = [(a, layout) for a, layout in zip(args, incoming) if layout]
        ta = TypeAnalysis(fn, self, seeds, self.incoming_return.get(id(like)), like=like)
        ta.original_args = list(args)
        return ta

    # -- bottom-up: own summaries ----------------------------------------------------------
    def _bottom_up(self, functions) -> Dict[int, TypeAnalysis]:
        """Computes the own summaries; returns the analyses that are still
        as a new one without incoming summaries would be (by id(fn))."""
        fresh, analyses = _Freshness(), {}
        for _ in range(ROUNDS):
            changed = False
            for fn in functions:
                if not fresh.is_fresh(fn):
                    changed |= self._own_summaries(fn, fresh, analyses)
            if not changed:
                break
        return {k: ta for k, ta in analyses.items() if fresh.is_fresh(ta.fn)}

    def _own_summaries(self, fn, fresh: "_Freshness", analyses: dict) -> bool:
        """Analyzes `fn` (into analyses[id(fn)]) for its own summaries; did any change?"""
        outer, reads = self._reads, set()
        started, self._reads = fresh.clock, reads
        try:
            ta = TypeAnalysis(fn, self)
        finally:
            fresh.analyzed(fn, started, reads)
            self._reads = outer
        analyses[id(fn)] = ta
        changed = self._note_fields(ta)
        if changed:
            fresh.change(_FIELDS)
        params = [ta.region(a) if a.type.is_pointer else MemoryLayout() for a in fn.args]
        returned = _returned_layout(ta, fn)
        derived = _returned_parameter(ta, fn)
        if params != self.own_params.get(id(fn)) or \
                returned != self.own_return.get(id(fn)) or \
                derived != self.derived_returns.get(id(fn)):
            self.own_params[id(fn)], self.own_return[id(fn)] = params, returned
            self.derived_returns[id(fn)] = derived
            fresh.change(id(fn))
            changed = True
        return changed

    def field_pointee(self, tag: str) -> Optional[MemoryLayout]:
        """What the pointers loaded with TBAA access tag `tag` (one pointer
        field of one struct type: `!{struct, any pointer, offset}`) point to,
        as the functions analyzed so far read them, where they agree.  A
        field declared `double *` points to doubles wherever it is read: a
        function that only passes the pointer on (to a runtime-sized memcpy)
        learns what another that indexes it reads."""
        self._note_read(_FIELDS)
        found = self.field_pointees.get(tag)
        return found.layout() if found is not None and not found.split else None

    def _note_fields(self, ta: TypeAnalysis) -> bool:
        changed = False
        for tag, loads in ta.field_loads.items():
            agreement = self.field_pointees.setdefault(tag, _FieldAgreement())
            before = (dict(agreement.cells), agreement.split)
            for load in loads:
                agreement.add(ta.own_region(load))
            changed |= (agreement.cells, agreement.split) != before
        return changed

    # -- top-down: incoming summaries -------------------------------------------------------
    def _top_down(self, functions, analyses: Dict[int, TypeAnalysis]) -> None:
        """Computes the incoming summaries; `analyses` (by id(fn)) are ones
        made without incoming summaries, which the first round may take."""
        ids = {id(f) for f in functions}
        # id(fn) -> (the incoming summaries it was analyzed with, what its calls pass):
        # a function whose incoming summaries did not change passes the same.
        passes: Dict[int, tuple] = {}
        for _ in range(ROUNDS):
            gathered = _Gathered()
            for fn in functions:
                for callee, index, region in self._what_calls_pass(fn, passes, analyses):
                    agreement = gathered.param(callee, index) if index is not None \
                        else gathered.returned(callee)
                    agreement.add(region)
            params = {k: _layouts(v, gathered.counts[k]) for k, v in gathered.params.items()}
            returns = {k: v.layout() for k, v in gathered.returns.items()}
            if params == _only(self.incoming_params, ids) and \
                    returns == _only(self.incoming_return, ids):
                return
            for summaries, new in ((self.incoming_params, params),
                                   (self.incoming_return, returns)):
                for k in ids:
                    summaries.pop(k, None)
                summaries.update(new)

    def _what_calls_pass(self, fn, passes: Dict[int, tuple], analyses: dict) -> list:
        """(callee, parameter index or None for the returned pointer, region)
        for each pointer `fn`'s calls pass, as `fn` is analyzed with its
        incoming summaries."""
        incoming = (self.incoming_params.get(id(fn)), self.incoming_return.get(id(fn)))
        last = passes.get(id(fn))
        if last is not None and last[0] == incoming:
            return last[1]
        if self._passes_nothing(fn):
            passes[id(fn)] = (incoming, [])
            return []
        unseeded = incoming == (None, None) and id(fn) in analyses
        ta = analyses.pop(id(fn)) if unseeded else self.analysis(fn)
        passed = [found for inst in fn.instructions() if isinstance(inst, I.CallBase)
                  for found in self._passed_by_call(ta, inst)]
        passes[id(fn)] = (incoming, passed)
        return passed

    def _passes_nothing(self, fn) -> bool:
        """Does `fn` call no analyzed function, nor the API?  Then whatever
        comes in, its calls pass nothing on: analyzing it with its incoming
        summaries would tell `_what_calls_pass` nothing (a function that a
        derivative is taken of, most often: one analysis of it fewer)."""
        return self._callees.get(id(fn)) == []

    def _passed_by_call(self, ta, call) -> list:
        callee = call.called_function
        if callee is None:
            return []
        if id(callee) in self.known:
            passed = [(callee, index, ta.region(arg))
                      for index, arg in enumerate(call.args[:len(callee.args)])
                      if arg.type.is_pointer]
            if call.type.is_pointer:
                passed.append((callee, None, ta.region(call)))
            return passed
        found = self.api_call(call) if self.api_call is not None else None
        if found is None or id(found[0]) not in self.known:
            return []
        fn, params = found
        return [(fn, index, ta.region(value)) for index, values in params for value in values
                if getattr(value, "type", None) is not None and value.type.is_pointer]


# The key of every field pointee, for _Freshness: a change to one is a change to all.
_FIELDS = "field pointees"


class _Freshness:
    """Which functions' bottom-up analyses would come out as their last did:
    those for which nothing they read (their callees' own summaries, the
    field pointees) has changed since it started.  Analyzing them again
    changes nothing, so they are skipped: the rounds make the same
    summaries as analyzing every function in every round."""

    def __init__(self):
        self.clock = 0
        self._changed: Dict[object, int] = {}   # what was read -> clock of its last change
        self._last: Dict[int, tuple] = {}       # id(fn) -> (clock at its start, what it read)

    def is_fresh(self, fn) -> bool:
        last = self._last.get(id(fn))
        return last is not None and \
            all(self._changed.get(key, -1) <= last[0] for key in last[1])

    def analyzed(self, fn, started: int, reads: set) -> None:
        self._last[id(fn)] = (started, reads)

    def change(self, key) -> None:
        self.clock += 1
        self._changed[key] = self.clock


class _Agreement:
    """What several callers say about one memory: kept where none contradicts."""

    def __init__(self):
        self.cells: Dict[tuple, tuple] = {}
        self.vetoed = set()

    def add(self, layout: MemoryLayout) -> None:
        for key, (kind, _) in layout.cells.items():
            if key in self.vetoed:
                continue
            old = self.cells.get(key)
            if old is not None and old[0] != kind:
                del self.cells[key]
                self.vetoed.add(key)
            elif old is None:
                self.cells[key] = (kind, weak_rank(kind))

    def layout(self) -> MemoryLayout:
        out = MemoryLayout()
        out.cells = dict(self.cells)
        return out


class _FieldAgreement(_Agreement):
    """What the pointers read from one field point to: nothing at all once
    two readers see different kinds at the pointee's start (a `void *`
    field, or one holding several types): a field's pointee is one type."""

    def __init__(self):
        super().__init__()
        self.first = None
        self.split = False

    def add(self, layout: MemoryLayout) -> None:
        first = layout.at(0)
        if first is not None:
            self.split |= self.first is not None and first != self.first
            self.first = self.first or first
        super().add(layout)


class _Gathered:
    def __init__(self):
        self.params: Dict[int, Dict[int, _Agreement]] = {}
        self.counts: Dict[int, int] = {}
        self.returns: Dict[int, _Agreement] = {}

    def param(self, fn, index: int) -> _Agreement:
        self.counts[id(fn)] = len(fn.args)
        return self.params.setdefault(id(fn), {}).setdefault(index, _Agreement())

    def returned(self, fn) -> _Agreement:
        return self.returns.setdefault(id(fn), _Agreement())


def _only(summaries: dict, ids: set) -> dict:
    return {k: v for k, v in summaries.items() if k in ids}


def _layouts(by_index: Dict[int, _Agreement], count: int) -> List[MemoryLayout]:
    return [by_index[k].layout() if k in by_index else MemoryLayout() for k in range(count)]



def _returned_layout(ta: TypeAnalysis, fn) -> MemoryLayout:
    out = MemoryLayout()
    if not fn.return_type.is_pointer:
        return out
    for inst in fn.instructions():
        if isinstance(inst, I.Return) and inst.value is not None:
            for offset, stride, kind, rank in ta.region(inst.value).entries():
                out.put(offset, stride, kind, rank)
    return out


def _returned_parameter(ta: TypeAnalysis, fn) -> Optional[tuple]:
    """(index, offset, stride) of the parameter every return of `fn` derives
    from, on every path (a phi of the parameter moved and of new memory, as
    `_M_allocate_buckets` returns, derives from no parameter)."""
    if not fn.return_type.is_pointer:
        return None
    found = None
    args = {id(a): a.index for a in fn.args}
    for inst in fn.instructions():
        if not isinstance(inst, I.Return) or inst.value is None:
            continue
        mine = _derivation(ta, inst.value, args, {})
        if mine is None or (found is not None and found[0] != mine[0]):
            return None
        found = mine if found is None else _joined(found, mine)
    return found


def _derivation(ta: TypeAnalysis, v, args, known: dict) -> Optional[tuple]:
    """(parameter index, offset, stride) when `v` is that parameter moved on
    every alternative its parents give; else None.  `known` holds what was
    found of each value (None while it is being worked out: a cycle)."""
    if id(v) in args:
        return args[id(v)], 0, 0
    if id(v) in known or len(known) > 64:
        return known.get(id(v))
    known[id(v)] = None
    known[id(v)] = found = _derivation_of_parents(ta, v, args, known)
    return found


def _derivation_of_parents(ta: TypeAnalysis, v, args, known: dict) -> Optional[tuple]:
    found = None
    alternatives = ta.parents_of(v)
    for parent, offset, stride in alternatives:
        below = _derivation(ta, parent, args, known)
        if below is None or (found is not None and found[0] != below[0]):
            return None
        mine = (below[0], below[1] + offset, gcd(below[2], stride))
        found = mine if found is None else _joined(found, mine)
    return found


def _joined(a: tuple, b: tuple) -> tuple:
    """One (index, offset, stride) covering both of one parameter."""
    return a[0], a[1], gcd(gcd(a[2], b[2]), abs(a[1] - b[1]))
