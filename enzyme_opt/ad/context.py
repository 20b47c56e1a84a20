"""Per-module state of the AD pipeline: derivative caches and shared helpers."""
from __future__ import annotations

import re
from typing import Dict, List, NamedTuple, Tuple

from ..analysis.activity import (GlobalActivity, address_base, contains_float, contains_pointers,
                                 dangling_constant, dangling_load, global_base)
from ..analysis.global_access import (READ, WRITE, accesses, functions_reached,
                                      globals_reached, named_by_initializers)
from ..analysis.library import reallocator
from ..analysis.module_types import ModuleTypes
from ..diagnostics import DifferentiationError
from ..ir import Builder, Function
from ..ir import instructions as I
from ..ir.constants import (ConstantAggregate, ConstantExpr, ConstantInt, ConstantPoison,
                            ConstantUndef, zero_of)
from ..ir.module import GlobalVariable, function_under_casts
from ..ir.printer import FunctionPrinter
from ..ir.types import I1, I8, I64, VOID, FunctionType, size_and_align
from ..stages import Statistics
from . import shadow_heap
from . import tape as T
from .aggregates import clear_float_fields, float_paths
from .custom import collect_custom_rules
from .forward import ForwardGenerator
from .reverse import ReverseGenerator
from .rules import adjoint_sum_flags
from .typed_memory import (COPY_BACK, copy_shadow_pointers, held_by_the_user, memcpy_adjoint,
                           realloc_accumulate_helper)
from .versioning import combined_derivative
from .indirect import table_as_shadow


class DerivativeContext:
    """Per module: the derivatives made (cached by activity), what they share,
    and the run's options.  `api_call` reads an API call's arguments for the
    interprocedural type analysis (api.api_call_arguments)."""

    def __init__(self, module, options=None, api_call=None, lower_api_call=None):
        self.module = module
        self.api_call = api_call
        # lower_api_call(call, name): lower one API call the derivatives
        # themselves make (indirect.py's derivative tables are split-mode
        # calls); api.py, which lowers them, passes it in.
        self.lower_api_call = lower_api_call
        self.split_cache: Dict[Tuple, tuple] = {}
        self.combined_cache: Dict[Tuple, Function] = {}
        self.forward_cache: Dict[Tuple, Function] = {}
        # ids of outlined OpenMP regions differentiated in reverse: their
        # reverse adds to shared shadows atomically (ad/openmp.py)
        self.parallel_bodies: set = set()
        # ids of the alias-checked copies (ad/versioning.py) being differentiated:
        # their `noalias` holds by runtime checks of their arguments' own extents.
        self.alias_checked: set = set()
        self.parallel_tasks: Dict[Tuple, object] = {}   # the microtasks forking them
        self.custom = collect_custom_rules(module)
        self.options = dict(options or {})
        self.reports: list = []
        self.check_functions: dict = {}     # derivative_check's generated functions
        self.stats = self.options.get("stats") or Statistics()
        self.globals = GlobalActivity(module)
        self.shadow_globals: Dict[Tuple, object] = {}
        self.shadow_primals: Dict[int, Tuple] = {}   # id(shadow) -> (global, mode)
        # The clearings zero_shadow_globals emitted; those no call needs go
        # at the end (drop_needless_shadow_clears).
        self.shadow_clears: List[_ShadowClear] = []
        self._float_clearers: Dict[str, Function] = {}     # element type -> its loop
        self._module_types = None
        # Tapes start in the memory the thread's previous derivative call
        # left (tape.release_tape); not where derivatives are differentiated
        # again, which lower_api_calls says before making any.
        self.tape_spares = True
        # id(primal) -> the (place, kind) pairs of its parameters' unshadowed
        # memory it writes derivative-carrying data into and does not read back
        # (constant_memory.note_escape).
        self.escaped_writes: dict = {}
        # Callees taking or returning floats or pointers where the primal
        # passes or returns their bits
        # (bits_across_calls.py), by callee and retyped parameters or return.
        self.bits_variants: Dict[Tuple, Function] = {}
        # Truncated copies (truncate.py), by (id(function), truncation).
        self.truncated: Dict[Tuple, Function] = {}
        # What each lowered __enzyme_augmentfwd left in place of its tape, by
        # id: (function, batch width), checked by the __enzyme_reverse it reaches.
        self.split_tapes: Dict[int, Tuple] = {}
        # `enzyme_runtime_activity` asked for the derivative being made:
        # BLAS adjoints skip a shadow that is its primal at run time (ad/blas.py).
        self.runtime_activity = False

    def record_reverse(self, gen) -> None:
        """-stats: what a reverse-mode derivative keeps, recomputes and tapes."""
        mode = "split" if gen.split else "reverse"
        self.stats.count(f"functions differentiated in {mode} mode")
        kept, recomputed = len(gen.cache.slots), len(gen.cache.recomputed)
        self.stats.count("values kept for reverse passes", kept)
        self.stats.count("values recomputed in reverse passes", recomputed)
        self.stats.count("tape bytes per run of the blocks that repeat", gen.tape_bytes)
        self.stats.derivatives.append(
            f"{gen.rev.name}: {kept} values kept, {recomputed} recomputed, "
            f"{gen.tape_bytes} tape bytes per run of the blocks that repeat")

    def record_forward(self, gen) -> None:
        self.stats.count("functions differentiated in forward mode")
        self.stats.derivatives.append(f"{gen.fn.name}: forward mode, width {gen.width}")

    @property
    def module_types(self):
        """The interprocedural type analysis, made when first needed."""
        if self._module_types is None:
            self._module_types = ModuleTypes(self.module, self.api_call)
        return self._module_types

    def constant_shadow(self, v, mode: str, lane: int = 0):
        """The shadow of a pointer no instruction defines, or None if it has none.

        Globals have shadow globals.  For an inactive one the shadow is a
        zeroed stand-in: code that reaches it through a pointer stored in
        memory may read tangents (zero) or add adjoints (discarded) there,
        which writing into the global itself, possibly read-only, must not.
        Null, undef and poison stand for themselves (a phi of an unrolled
        loop may start from poison), and functions too, but in reverse mode a
        function taking or returning floats has its derivative table
        (indirect.py) for a shadow; so does an address
        computed from null (`getelementptr double, ptr null, %n`: clang's
        `begin() + n` of an empty vector), null's shadow being null.  A
        dangling pointer (Rust's `NonNull::dangling()`, an address in the
        zero page) is its own shadow, also where -O0 code reads it from
        constant memory.
        """
        if isinstance(v, ConstantAggregate) and v.type.is_aggregate:
            return self._aggregate_shadow(v, mode, lane)
        if global_base(v) is not None:
            return self.global_shadow(v, mode, lane)
        if getattr(v, "is_zero", False) or isinstance(v, (ConstantUndef, ConstantPoison)):
            return v
        if getattr(address_base(v), "is_zero", False) or dangling_constant(v) or \
                dangling_load(v):
            return v
        fn = function_under_casts(v)
        if fn is not None and mode == "reverse":
            return table_as_shadow(self, v, fn)
        return v if fn is not None else None

    def _aggregate_shadow(self, c, mode: str, lane: int):
        """A constant struct's shadow: its pointers' shadows, zero floats (no
        tangent), the same integers; None if a pointer has no shadow."""
        elements = []
        for e in c.elements:
            if contains_pointers(e.type):
                e = self.constant_shadow(e, mode, lane)
                if e is None:
                    return None
            elif contains_float(e.type):
                e = zero_of(e.type)
            elements.append(e)
        return ConstantAggregate(c.type, elements)

    def global_shadow(self, v, mode: str, lane: int = 0):
        """The shadow of an active global, or of a constant GEP/cast into one.

        Shadow globals are created on first use, zero-initialized and
        internal.  Reverse mode accumulates adjoints in its shadow, forward
        mode keeps tangents in its own (one per batch lane): what one mode
        leaves behind must not seed the other.
        """
        if isinstance(v, ConstantExpr):
            base = self.global_shadow(v.operands[0], mode, lane)
            return ConstantExpr(v.opcode, v.type, [base, *v.operands[1:]], v.flags,
                                v.source_type, v.predicate)
        key = (id(v), mode, lane)
        shadow = self.shadow_globals.get(key)
        if shadow is None:
            kind = "shadow" if mode == "reverse" else "tangent"
            name = f"{v.name}_{kind}" + (f"{lane}" if lane else "")
            shadow = GlobalVariable(v.type, name, v.value_type, zero_of(v.value_type),
                                    linkage="internal" + _thread_local_text(v.linkage),
                                    attrs=_align_text(v.attrs))
            self.module.add_global(shadow)
            self.shadow_globals[key] = shadow     # before the initializer: cycles
            self.shadow_primals[id(shadow)] = (v, mode)
            if v.initializer is not None:
                shadow.initializer = self._shadow_initializer(v.initializer, mode, lane)
        return shadow

    def zero_shadow_globals(self, b: Builder, *derivatives: Function) -> None:
        """Set to 0, before a call of `derivatives` (a split pair: before the
        forward pass), the shadow globals they (or functions they refer to)
        use.  A global read before the call writes it
        (a static local keeping state between calls) holds what earlier calls
        left, not a function of this call's inputs: its tangent is 0, and so
        is the adjoint of the value it keeps after the call.  What an earlier
        call left in the shadow (a tangent, the adjoint of the value that
        call found) would be taken as this call's.  Shadows holding pointers
        keep them (they say where derivatives are, not what they are): of a
        struct with a few float fields beside pointers only the floats are
        cleared, in a loop over an array of such structs; a mixed element
        with more float fields than that is refused at the call."""
        ours = {id(g) for g in self.shadow_globals.values()}
        for g in _shadow_globals_reached(derivatives, ours):
            block, start = b.block, b.index
            self._clear_shadow_global(b, g)     # straight-line code: no block is split
            assert b.block is block
            emitted = block.instructions[start:b.index]
            if emitted:
                self.shadow_clears.append(_ShadowClear(g, derivatives, emitted))

    def _clear_shadow_global(self, b: Builder, g) -> None:
        t = g.value_type
        if not contains_pointers(t) and self._keeps_pointers_untyped(b, g):
            return
        if not contains_pointers(t):
            self.memset_zero(b, g, b.i64(size_and_align(t)[0]))
        elif not contains_float(t) or not t.is_aggregate:
            return
        elif len(float_paths(t)) <= _FLOAT_FIELDS_CLEARED:
            b.store(clear_float_fields(b, b.load(t, g)), g)
        else:
            self._clear_float_fields_of_array(b, g)

    def _keeps_pointers_untyped(self, b: Builder, g) -> bool:
        """Does code keep pointers in the global shadow `g` stands for though
        its type holds none (a union of a double and a pointer)?  Then its
        shadow holds the pointer's shadow, kept as in a pointer global; with
        floats in the same bytes too it can be neither kept nor cleared."""
        primal = self.shadow_primals.get(id(g))
        if primal is None:
            return False
        floats, pointers = self.globals.accessed_as(primal[0])
        if pointers and floats:
            raise DifferentiationError(
                f"cannot clear the derivatives in global '@{primal[0].name}' at each call: "
                "code keeps floats and pointers in the same bytes of it (a union), so its "
                "shadow holds a pointer's shadow or a derivative", function=b.function)
        return pointers

    def drop_needless_shadow_clears(self) -> None:
        """Remove the clearings of shadow globals no call needs, once every
        derivative of the module is made (not where derivatives are
        differentiated again: lower_api_calls does not call this there).

        What a derivative call leaves in a shadow global matters only to a
        later call that reads it as a derivative.  In reverse mode, calls
        leave adjoints where they read the global (the adjoint of a load
        adds into the shadow) and a later call takes them as derivatives
        where it writes the global (the adjoint of a store reads the shadow
        and zeroes it).  In forward mode calls leave tangents where they
        write, and a later call takes them where it reads.  So a clearing
        stays before a call whose tree may take (reverse: writes the
        global; forward: reads its tangent) when some derivative reaching
        that shadow may leave (reverse: reads the global; forward: writes
        its tangent).  A global only read, or only written, by every
        derivative is not cleared: a large table read by a gradient called
        in a loop cost its size in every call.
        """
        if not self.shadow_clears:
            return
        escaped = named_by_initializers(self.module)
        clears = [(c, tuple(id(f) for f in c.derivatives), self._roles(c.shadow))
                  for c in self.shadow_clears]
        trees, asked = {}, {}
        for c, tree, (accessed, _, _) in clears:
            trees[tree] = c.derivatives
            asked.setdefault(tree, {})[id(c.shadow)] = accessed
        bits = {}
        for tree, roots in trees.items():
            found = accesses(functions_reached(roots), asked[tree].values(), escaped)
            for shadow_id, g in asked[tree].items():
                bits[(tree, shadow_id)] = found[id(g)]
        left: set = set()       # ids of shadows some derivative may leave something in
        for c, tree, (_, leave, _) in clears:
            if bits[(tree, id(c.shadow))] & leave:
                left.add(id(c.shadow))
        for c, tree, (_, _, take) in clears:
            if not (id(c.shadow) in left and bits[(tree, id(c.shadow))] & take):
                for inst in reversed(c.emitted):
                    inst.erase()
                self.stats.count("shadow global clearings left out")
        self.shadow_clears = []

    def _roles(self, shadow) -> Tuple[object, int, int]:
        """(global, leave, take): the global whose accesses say what calls
        leave in `shadow` and take from it, and which access does each.  In
        reverse mode the primal global (its adjoint code both reads and
        writes the shadow): a read leaves an adjoint, a write takes it.  In
        forward mode the tangent global itself: a write leaves a tangent, a
        read takes it."""
        primal, mode = self.shadow_primals[id(shadow)]
        return (primal, READ, WRITE) if mode == "reverse" else (shadow, WRITE, READ)

    def _clear_float_fields_of_array(self, b: Builder, g) -> None:
        """The float fields of a shadow global that is an array (of arrays)
        of small mixed structs zeroed, one element at a time."""
        element, count = g.value_type, 1
        while element.is_array:
            element, count = element.element, count * element.count
        if len(float_paths(element)) > _FLOAT_FIELDS_CLEARED:
            raise DifferentiationError(
                f"cannot clear the derivatives in global '@{g.name}' at each call: "
                f"its elements mix pointers with more than {_FLOAT_FIELDS_CLEARED} "
                "float fields (what an earlier call left there would be taken as this "
                "call's derivative)", function=b.function)
        key = str(element)
        clear = self._float_clearers.get(key)
        if clear is None:
            clear = self._float_clearers[key] = _float_clearing_loop(self.module, element)
        elem_ptr = self.module.pointer_to(element)
        b.call(clear, [b.pointer_cast(g, elem_ptr), b.i64(count)])

    def _shadow_initializer(self, c, mode: str, lane: int):
        """Zeros where `c` holds numbers, the shadows of what its pointers point to."""
        if c.type.is_pointer:
            shadow = self.constant_shadow(c, mode, lane)
            return shadow if shadow is not None else zero_of(c.type)
        if isinstance(c, ConstantAggregate) and any(
                e.type.is_pointer or e.type.is_aggregate for e in c.elements):
            return ConstantAggregate(c.type, [self._shadow_initializer(e, mode, lane)
                                              for e in c.elements])
        return zero_of(c.type)

    def register(self, gen) -> None:
        """Called by a generator once its functions exist (before their bodies)."""
        key = (id(gen.primal), tuple(gen.kinds), gen.ret_active, gen.ret_shadow,
               gen.width, gen.in_parallel, gen.kept)
        if gen.split:
            self.split_cache[key] = (gen.fwd, gen.rev)

    def report_analyses(self, gen, fn) -> None:
        """Collect the --print-activity / --print-type-analysis printouts of
        `fn`, the copy `gen` differentiates."""
        head = (f"function '{gen.primal.name}' ({gen.mode} mode; "
                f"arguments: {', '.join(gen.kinds)})")
        if self.options.get("print_activity"):
            printer = FunctionPrinter(fn)
            lines = [f"activity of {head}:"]
            for arg in fn.args:
                lines.append(f"  {_activity_tag(gen.info, arg)} {printer.slots.ref(arg)}")
            # The branch out of the allocas' own entry block is ours, not the user's.
            ours = gen.prologue.terminator if gen.prologue is not None else None
            for inst in fn.instructions():
                if inst is ours:
                    continue
                lines.append(f"  {_activity_tag(gen.info, inst)} "
                             + printer.instruction(inst).strip())
            self.reports.append("\n".join(lines))
        if self.options.get("print_type_analysis"):
            types = gen.types
            self.reports.append("\n".join([f"type analysis of {head}:"] + (
                types.describe() or ["  (no typed memory)"])))

    def register_forward(self, gen) -> None:
        key = (id(gen.primal), tuple(gen.kinds), gen.width, gen.returns, gen.error)
        self.forward_cache[key] = gen.fn

    def forward_derivative(self, fn: Function, kinds: tuple, width: int = 1,
                           returns: str = "tangent", error: bool = False) -> Function:
        """The tangent function of `fn` for this activity and batch width (with
        `error`, its error-estimating twin: error_estimate.py)."""
        cached = self.forward_cache.get((id(fn), kinds, width, returns, error))
        if cached is None:
            cached = ForwardGenerator(self, fn, kinds, width, returns, error).build(fn.name)
        return cached

    def split_derivative(self, fn: Function, kinds: tuple, ret_active: bool,
                         ret_shadow: bool = False, width: int = 1, kept: tuple = ()):
        """(augmented forward, reverse) of `fn` for this activity and batch width;
        reused per call site.  `kept`: which arguments' memory the caller
        keeps unchanged until the reverse pass (cache_policy.kept_arguments)."""
        # A function once called in a parallel region adds to shadows
        # atomically from then on (a version made before stays as it was).
        key = (id(fn), kinds, ret_active and contains_float(fn.return_type), ret_shadow, width,
               id(fn) in self.parallel_bodies, kept)
        cached = self.split_cache.get(key)
        if cached is None:
            cached = ReverseGenerator(self, fn, kinds, ret_active, split=True,
                                      ret_shadow=ret_shadow, width=width,
                                      kept=kept).build(fn.name)
        return cached

    def combined_derivative(self, fn: Function, kinds: tuple, ret_active: bool,
                            width: int = 1, runtime_activity: bool = False) -> Function:
        """The gradient function `__enzyme_autodiff` calls, for this batch width."""
        key = (id(fn), kinds, ret_active, width, runtime_activity)
        cached = self.combined_cache.get(key)
        if cached is None:
            self.runtime_activity = runtime_activity
            try:
                cached = combined_derivative(self, fn, kinds, ret_active, width)
            finally:
                self.runtime_activity = False
            self.combined_cache[key] = cached
        return cached

    # -- helpers for generated code --------------------------------------------------------
    def size_of(self, t) -> int:
        return size_and_align(t)[0]

    def add_values(self, b: Builder, a, d):
        """a + d for float scalars, vectors, and aggregates of them.

        Adds an adjoint contribution, and the order in which contributions
        add up is the reverse pass's own choice, not the program's.  So the
        sum is `reassoc`: the final compiler may split a loop's adjoint
        accumulation into vector lanes (the reverse of a value used by every
        iteration of a loop is such a sum), which exact IEEE order forbids;
        and `nsz` where the primal ignores the sign of zero (`adjoint_sum_flags`)."""
        t = a.type
        if t.is_vector:
            lanes = _lanes_over_zero(d)
            if lanes is not None and len(lanes) < t.count:
                summed = _add_into_lanes(b, a, lanes)
                _erase_unused_chain(d)
                return summed
        if t.is_float or t.is_vector:
            return b.fadd(a, d, flags=adjoint_sum_flags(b.function))
        if t.is_struct or t.is_array:
            count = len(t.elements) if t.is_struct else t.count
            out = a
            for i in range(count):
                et = t.elements[i] if t.is_struct else t.element
                if not contains_float(et):
                    continue
                s = self.add_values(b, b.extractvalue(a, [i]), b.extractvalue(d, [i]))
                out = b.insertvalue(out, s, [i])
            return out
        return a

    def memset_zero(self, b: Builder, ptr, nbytes) -> None:
        p = T.byte_ptr(self.module)
        suffix = "p0i8.i64" if self.module.typed_pointers else "p0.i64"
        fn = self.module.declare_function(f"llvm.memset.{suffix}",
                                          FunctionType(VOID, (p, I8, I64, I1)))
        b.call(fn, [b.pointer_cast(ptr, p), ConstantInt(I8, 0), nbytes, ConstantInt(I1, 0)])

    def memcpy_bytes(self, b: Builder, dst, src, nbytes) -> None:
        p = T.byte_ptr(self.module)
        suffix = "p0i8.p0i8.i64" if self.module.typed_pointers else "p0.p0.i64"
        fn = self.module.declare_function(f"llvm.memcpy.{suffix}",
                                          FunctionType(VOID, (p, p, I64, I1)))
        b.call(fn, [b.pointer_cast(dst, p), b.pointer_cast(src, p), nbytes,
                    ConstantInt(I1, 0)])

    def realloc_adjoint(self, gen, b: Builder, call) -> None:
        """Adjoints of the bytes realloc kept flow back into the old block's
        shadow; the new block's shadow is freed (this is its last use)."""
        grows = reallocator(call.called_function.name)
        old, nbytes = call.args[grows.pointer_index], call.args[grows.size_index]
        # The call is in the derivative, whose arguments stand for the primal's.
        primal_args = {id(a): p for a, p in zip(gen.fwd_args, gen.primal.args)}
        if held_by_the_user(old, primal_args, set()):
            # The user's code holds the old block's shadow and gets the new
            # one back through its memory, but the reverse pass frees the
            # new shadow and leaves the adjoints in the old one: refused.
            # (A helper's argument is traced to its callers: memory the
            # differentiated code made itself, as a local Vec's growth in
            # Rust or a tape's growth in higher order, is accepted.)
            raise DifferentiationError(
                f"cannot differentiate '{call.called_function.name}' of memory allocated "
                "outside the differentiated function: allocate the new block in the "
                "function, or grow the buffer before the call", function=gen.primal,
                instruction=call)
        new_shadow = gen.shadow_in_rev(b, call)
        old_shadow = gen.shadow_in_rev(b, old)
        wanted = b.cast("zext", gen.primal_in_rev(b, nbytes), I64)
        kept = shadow_heap.kept_by_realloc(b, old_shadow, wanted)
        p = T.byte_ptr(self.module)
        helper = realloc_accumulate_helper(gen, call)
        if helper is COPY_BACK:
            self.memcpy_bytes(b, old_shadow, new_shadow, kept)
        elif helper is not None:
            b.call(helper, [b.pointer_cast(new_shadow, p), b.pointer_cast(old_shadow, p), kept])
        shadow_heap.release(b, new_shadow, aligned=False)   # reverse.py's _shadow_allocation

    def memset_adjoint(self, gen, b: Builder, call) -> None:
        dst, _, nbytes = call.args[:3]
        if gen.info.has_shadow(dst):
            self.memset_zero(b, gen.shadow_in_rev(b, dst), gen.primal_in_rev(b, nbytes))

    def memcpy_adjoint(self, gen, b: Builder, call) -> None:
        memcpy_adjoint(self, gen, b, call)

    def copy_shadow_pointers(self, gen, b: Builder, call) -> None:
        copy_shadow_pointers(self, gen, b, call)



def _thread_local_text(linkage: str) -> str:
    """` thread_local[(model)]` of a global's leading text: each thread's
    derivatives of a thread-local variable are its own."""
    m = re.search(r"\bthread_local(\(\w+\))?", linkage or "")
    return " " + m.group(0) if m else ""


def _align_text(attrs: str) -> str:
    """`, align N` of a global's trailing text (the shadow keeps the alignment)."""
    m = re.search(r",\s*align\s+\d+", attrs or "")
    return m.group(0) if m else ""


def _activity_tag(info, v) -> str:
    if info.is_active(v):
        return "[active]"
    if info.has_shadow(v):
        return "[shadow]"
    return "[const] "


# A mixed shadow global's float fields are cleared by a load, insertvalues
# and a store: worth it for a struct, not for a large array of them.
_FLOAT_FIELDS_CLEARED = 16


class _ShadowClear(NamedTuple):
    """The instructions clearing `shadow` before a call of `derivatives`."""
    shadow: object
    derivatives: tuple
    emitted: list


def _float_clearing_loop(module, element) -> Function:
    """`clear(base, count)`: zero the float fields of `count` values of type
    `element` from `base` on, keeping their other fields (pointers)."""
    elem_ptr = module.pointer_to(element)
    ftype = FunctionType(VOID, (elem_ptr, I64))
    fn = module.add_function(Function("enzyme_opt.clear_floats", ftype, module.pointer_to(ftype),
                                      ["base", "count"], linkage="internal",
                                      attrs="noinline nounwind"), unique=True)
    base, count = fn.args
    entry, loop, done = fn.add_block("entry"), fn.add_block("loop"), fn.add_block("done")
    b = Builder(entry)
    b.br(loop)
    b.position_at_end(loop)
    i = b.phi(I64, name="i")
    at = b.gep(element, base, [i], elem_ptr, "at")
    b.store(clear_float_fields(b, b.load(element, at, "old")), at)
    following = b.add(i, b.i64(1), "next", flags=("nuw",))
    i.add_incoming(b.i64(0), entry)
    i.add_incoming(following, loop)
    b.cond_br(b.icmp("eq", following, count, "all"), done, loop)
    b.position_at_end(done)
    b.ret()
    return fn


def _shadow_globals_reached(fns, ours: set) -> list:
    """The globals among `ours` (ids) that `fns`, the functions they refer to
    (called, or held in a table: a derivative table), and the globals' and
    constants' operands and initializers on the way name, in the order met.
    Shadow globals' initializers are followed too: a derivative loading a
    pointer from a shadow global (the shadow of `{&u, 1.0}`) reaches the
    shadow it points to (u's) without naming it."""
    return [v for v in globals_reached(fns)
            if isinstance(v, GlobalVariable) and id(v) in ours]


def _lanes_over_zero(d):
    """[(index, value)] when vector `d` is a chain of insertelements at
    constant lanes into a zero vector (the adjoint an extractelement or a
    shufflevector passes to its operand), the last insert into each lane
    counting; else None."""
    lanes, seen = [], set()
    while isinstance(d, I.InsertElement):
        vec, x, index = d.operands
        if not isinstance(index, ConstantInt):
            return None
        if index.value not in seen:
            seen.add(index.value)
            lanes.append((index, x))
        d = vec
    return lanes if getattr(d, "is_constant", False) and d.is_zero else None


def _add_into_lanes(b: Builder, a, lanes):
    """`a` plus a vector that is zero but in `lanes`, added lane by lane: a
    contribution to one lane of a two-lane adjoint is one scalar add, where
    a vector add of (x, 0) would stay a vector add (LLVM keeps it: adding
    0.0 is no identity without nsz), with the inserts that built it."""
    flags = adjoint_sum_flags(b.function)
    for index, x in lanes:
        a = b.insertelement(a, b.fadd(b.extractelement(a, index), x, flags=flags), index)
    return a


def _erase_unused_chain(d) -> None:
    """Erase the insertelements of `_lanes_over_zero`'s chain `d` that
    nothing reads any more (the lanes were added one by one)."""
    while isinstance(d, I.InsertElement) and not d.has_uses():
        inner = d.operands[0]
        d.erase()
        d = inner
