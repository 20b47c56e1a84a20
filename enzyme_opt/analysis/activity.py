"""Activity analysis: which values carry derivatives, which pointers have shadows.

A floating-point value is *active* when it depends on an active input: an
active argument, a load through a pointer that has a shadow, or a call whose
inputs are active.  A pointer *has a shadow* when it is derived from a
duplicated argument or from memory the function allocates itself.  The
analysis is a forward fixpoint, since phis make the flow cyclic.  Values
that are neither are left out of the derivative code entirely.
"""
from __future__ import annotations

from typing import Dict, Optional, Set

from ..ir import instructions as I
from ..ir.derived import (DerivedUses, through_address_arithmetic,
                          through_address_arithmetic_and_merges)
from ..ir.constants import (Constant, ConstantAggregate, ConstantExpr, ConstantInt, ConstantNull,
                            ConstantPoison, ConstantUndef)
from ..ir.module import Function, function_under_casts
from ..ir.values import Argument
from .arg_activity import DUPLICATED, Activity
from .constant_callees import held_globals, resolved_callee, unchanging_integer
from .stack_slots import reloads_of_spill
from .global_access import WRITE, accesses, functions_reached, named_by_initializers
from .type_analysis import gep_offset
from .user_marks import annotations, global_base, string_pointed_to, user_inactive_globals
from .user_marks import elements as _elements
# What the library functions are: see the catalog, analysis/library/.
from .library import (HINT_INTRINSICS, LIBRARY_OBJECT_CONSTRUCTOR, allocator, input_function,
                      is_deallocator, is_inactive_function, is_memory_copy, is_memory_set,
                      is_openmp_inactive, library_virtual_member, reallocator)


def contains_float(t) -> bool:
    if t.is_float:
        return True
    if t.is_vector or t.is_array:
        return contains_float(t.element)
    if t.is_struct:
        return any(contains_float(e) for e in t.elements)
    return False


# Instructions that move pointers between the lanes of vectors.
POINTER_LANE_MOVES = (I.ExtractElement, I.InsertElement, I.ShuffleVector)


def holds_pointers(t) -> bool:
    """A pointer, or a vector of them (a GEP with vector indices, for a gather)."""
    return t.is_pointer or (t.is_vector and t.element.is_pointer)


def contains_pointers(t) -> bool:
    """A pointer, a vector of them, or a struct or array with one inside
    (`{ptr, i64}`: a slice returned in two registers): a value that has a
    shadow when its pointers do."""
    if holds_pointers(t):
        return True
    if t.is_array:
        return contains_pointers(t.element)
    if t.is_struct:
        return any(contains_pointers(e) for e in t.elements)
    return False


def trivial_pointers(v, depth: int = 8) -> bool:
    """Are all the pointers inside aggregate `v` null, undef or poison (and so
    their own shadows)?  True of a struct still being filled in
    (`insertvalue {ptr, i64} poison, i64 %n, 1`) whose pointer comes next."""
    if not contains_pointers(v.type):
        return True
    if isinstance(v, (ConstantNull, ConstantUndef, ConstantPoison)) or getattr(v, "is_zero",
                                                                               False):
        return True
    if isinstance(v, ConstantAggregate):
        return all(trivial_pointers(e, depth) for e in v.elements)
    if isinstance(v, I.InsertValue) and depth > 0:
        return all(trivial_pointers(op, depth - 1) for op in v.operands)
    return False


def returns_shadowed_memory(fn, globals=None, seen=None, argument_shadowed=None,
                            call=None) -> bool:
    """Does `fn`, a function with a body, return memory that has a shadow
    whatever its arguments: memory it allocates (a helper wrapping malloc or
    new), an active global (a static scratch buffer), or null?  The caller
    may store derivatives in it.  With `argument_shadowed(arg)`, for one
    `call`: an argument passed through (Rust's `Unique::from(NonNull)`)
    counts when the call's own argument there has a shadow anyway."""
    seen = seen if seen is not None else set()
    key = id(call if call is not None else fn)      # what recursion repeats
    if key in seen or fn.is_declaration or not contains_pointers(fn.return_type):
        return False
    seen.add(key)
    returned = [inst.value for inst in fn.instructions()
                if isinstance(inst, I.Return) and inst.value is not None]
    found = any(not isinstance(v, ConstantNull) for v in returned) and \
        all(_shadowed_anyway(v, globals, seen, set(), argument_shadowed) for v in returned)
    seen.discard(key)         # another call of fn may pass other arguments
    return found


def _shadowed_anyway(v, globals, seen_fns, seen, argument_shadowed=None) -> bool:
    if id(v) in seen:
        return True                     # a phi cycle adds no other source
    seen.add(id(v))

    def each(values) -> bool:
        return all(_shadowed_anyway(op, globals, seen_fns, seen, argument_shadowed)
                   for op in values)
    if globals is not None and globals.is_active_global(v):
        return True
    if isinstance(v, Argument):
        return argument_shadowed is not None and argument_shadowed(v)
    if isinstance(v, Constant):
        return isinstance(v, ConstantNull) or dangling_constant(v) or (
            v.type.is_aggregate and trivial_pointers(v))
    if isinstance(v, I.Cast) and v.opcode == "inttoptr" and \
            int_pointer_bases(v.operands[0]) is None:
        return computed_address(v.operands[0])
    if isinstance(v, I.InsertValue):
        return each(op for op in v.operands if contains_pointers(op.type))
    if isinstance(v, (I.GetElementPtr, I.Cast, I.ExtractValue)):
        return each(v.operands[:1])
    if isinstance(v, I.Phi):
        return each(v.operands)
    if isinstance(v, I.Select):
        return each(v.operands[1:])
    if isinstance(v, I.CallBase):
        callee = resolved_callee(v)
        if callee is None:
            return False
        return allocation_size_index(callee) is not None or returns_shadowed_memory(
            callee, globals, seen_fns, lambda arg: each(v.args[arg.index:arg.index + 1]), v)
    if isinstance(v, I.Load):
        stored = _stored_in_local(v.pointer)
        return stored is not None and each(stored)
    return False


def _stored_in_local(ptr):
    """The values holding pointers stored into the stack variable `ptr`
    points into, when nothing else writes it and its address goes nowhere
    (clang -O0 builds a returned struct in one); else None."""
    base = address_base(ptr)
    if not isinstance(base, I.Alloca):
        return None
    stored, work = [], [base]
    while work:
        p = work.pop()
        for user in p.users:
            if isinstance(user, (I.GetElementPtr, I.Cast)) and user.operands[0] is p:
                work.append(user)
            elif isinstance(user, I.Store) and user.pointer is p and user.value is not p:
                if contains_pointers(user.value.type):
                    stored.append(user.value)
            elif isinstance(user, I.CallBase) and user.called_function is not None and \
                    user.called_function.name.startswith(HINT_INTRINSICS):
                continue
            elif not (isinstance(user, I.Load) and user.pointer is p):
                return None
    return stored


def is_inactive_call(call: I.CallBase) -> bool:
    fn = call.called_function
    if fn is None:
        member = library_virtual_call(call)
        return member is not None and member[1] is None
    name = fn.name
    if is_inactive_function(name) or is_openmp_inactive(name) or is_deallocator(name) or \
            name.startswith(HINT_INTRINSICS + ("__enzyme_",)):
        return True
    if allocation_size_index(fn) is not None:
        return True         # an allocator: its memory gets a shadow, it has no derivative
    if fn.is_declaration and not contains_float(call.type) and \
            not any(contains_pointers(a.type) for a in call.args):
        # Nothing float comes out and no memory is reachable: isnan, lround,
        # llvm.is.fpclass and the like pass no derivative on.
        return True
    if not isinstance(call, I.Invoke) and never_returns(fn):
        # An error routine ending in exit() (BLAS's xerbla_): control never
        # comes back, so neither does a derivative; the call is just made.
        return True
    return id(fn) in user_inactive_functions(fn.module)


def is_input_call(call: I.CallBase) -> bool:
    """A call of an input function (scanf, `std::istream >> x`, fread: see
    the catalog): it stores what it reads, which carries no derivative."""
    return input_reads(call) is not None


def input_reads(call: I.CallBase):
    """What input function `call` is (library.InputFunction), or None: one
    the catalog names, or a virtual member of a library stream object that
    stores into its arguments."""
    fn = call.called_function
    if fn is not None:
        return input_function(fn.name)
    found = library_virtual_call(call)
    return found[1] if found is not None else None


def library_virtual_call(call):
    """(constructor, what the member does: library.library_virtual_member)
    when `call` goes through a slot of the vtable of an object that a library
    stream constructor built in this function, and that nothing but library
    calls, loads and its own virtual calls touch (nothing could have put
    another vtable there); else None."""
    callee = call.callee
    vptr = address_base(callee.pointer) if isinstance(callee, I.Load) else None
    if not (isinstance(vptr, I.Load) and call.args and address_base(call.args[0]) is
            address_base(vptr.pointer)):
        return None
    constructor = _library_object(address_base(vptr.pointer))
    if constructor is None:
        return None
    return constructor, library_virtual_member(constructor, _offset_from(callee.pointer, vptr))


def _offset_from(ptr, base):
    """The constant byte offset of `ptr` from `base` through GEPs and casts, or None."""
    offset = 0
    while ptr is not base:
        if isinstance(ptr, I.Cast) and ptr.opcode == "bitcast":
            ptr = ptr.operands[0]
            continue
        found = gep_offset(ptr.source_type, ptr.indices) if isinstance(
            ptr, I.GetElementPtr) else None
        if found is None or found[1]:
            return None
        offset, ptr = offset + found[0], ptr.operands[0]
    return offset


def _library_object(obj):
    """The library constructor that built `obj` (see library_virtual_call), or None."""
    if not isinstance(obj, (I.Alloca, I.CallBase)) or (
            isinstance(obj, I.CallBase) and allocation_size_index(obj.called_function) is None):
        return None
    views, built, k = [obj], [], 0
    while k < len(views):
        view, k = views[k], k + 1
        for user in view.users:
            fn = getattr(user, "called_function", None)
            if isinstance(user, I.Cast) and user.opcode == "bitcast" or \
                    isinstance(user, I.GetElementPtr) and user.operands[0] is view and \
                    _offset_from(user, view) == 0:
                views.append(user)          # typed pointers: the object as its base class
            elif isinstance(user, I.Load) and user.pointer is view or \
                    isinstance(user, I.Compare):
                continue                    # its vtable pointer; `delete p` tests p for null
            elif not isinstance(user, I.CallBase) or user.callee is view:
                return None
            elif fn is None or LIBRARY_OBJECT_CONSTRUCTOR.match(fn.name):
                if any(a is view for a in user.args[1:]):
                    return None
                if fn is not None:
                    built.append(fn.name)   # else a virtual call on it
            elif not (is_inactive_call(user) or input_function(fn.name) is not None or
                      is_deallocator(fn.name)):
                return None
    return built[0] if len(set(built)) == 1 else None


def never_returns(fn) -> bool:
    """Does a function with a body never return, not even by unwinding?"""
    if fn.is_declaration:
        return False
    for block in fn.blocks:
        if block.terminator is None or block.terminator.opcode in ("ret", "resume"):
            return False
        for inst in block.instructions:
            if isinstance(inst, I.Invoke):
                return False       # something may unwind out through a landing pad
    return True


def read_only_by_inactive_calls(alloca) -> bool:
    """Is stack memory only written by the function and read by inactive
    calls (Rust's fmt::Arguments for println!, built on the stack and read
    by _print)?  Then nothing the derivative reads is there: no shadow."""
    passed = False
    for p, user in DerivedUses(alloca):
        if isinstance(user, I.Store) and user.pointer is p and user.value is not p:
            continue
        if isinstance(user, I.CallBase) and user.callee is not p and \
                is_inactive_call(user) and allocation_size_index(user.called_function) is None:
            passed = True
        else:
            return False
    return passed


def allocation_size_index(fn) -> Optional[int]:
    """Which argument of a call to `fn` is the byte count, if `fn` allocates
    fresh memory (calloc: an element's, see allocation_count_index): C's and
    C++'s allocators, and the functions the user declared allocators in a global
    `void *__enzyme_allocation_like[4] = {fn, (void *)SIZE_ARG, "...", free_fn}`.
    None for any other function."""
    if fn is None:
        return None
    known = allocator(fn.name)
    if known is not None:
        return known.size_index
    return user_allocators(fn.module).get(id(fn))


def allocation_count_index(fn) -> Optional[int]:
    """Which argument of an allocator's call multiplies its size argument
    (calloc's element count), if one does."""
    known = allocator(fn.name) if fn is not None else None
    return known.count_index if known is not None else None


def allocation_alignment_index(fn) -> Optional[int]:
    """Which argument of an allocator's call is the alignment its memory (and
    so its shadow) has, if it takes one."""
    known = allocator(fn.name) if fn is not None else None
    return known.alignment_index if known is not None else None


def _allocation_like_declarations(module):
    """The entries of each `__enzyme_allocation_like` global."""
    for gv in module.globals:
        if gv.name.startswith("__enzyme_allocation_like"):
            yield _elements(getattr(gv, "initializer", None))


def user_allocators(module) -> Dict[int, int]:
    """id(fn) -> index of its size argument, for each `__enzyme_allocation_like`
    declaration (the other two entries name how to free: reverse mode frees
    the shadow itself, forward mode where the program frees, user_deallocators)."""
    if module is None:
        return {}
    cached = module.facts.get("user allocators")
    if cached is not None:
        return cached
    found = {}
    for entries in _allocation_like_declarations(module):
        fn = function_under_casts(entries[0]) if entries else None
        index = _constant_address(entries[1]) if len(entries) > 1 else None
        if fn is not None and index is not None and index < len(fn.args):
            found[id(fn)] = index
    module.facts["user allocators"] = found
    return found


def user_deallocators(module) -> Dict[int, int]:
    """id(free_fn) -> index of the argument it releases, for each
    `__enzyme_allocation_like = {fn, SIZE_ARG, "ARGS", free_fn}`: ARGS lists,
    for each argument of free_fn, the allocator's argument it is given
    (an index) or the allocated block (-1)."""
    if module is None:
        return {}
    cached = module.facts.get("user deallocators")
    if cached is None:
        cached = module.facts["user deallocators"] = {}
        allocators = user_allocators(module)
        for entries in _allocation_like_declarations(module):
            if len(entries) < 4 or id(function_under_casts(entries[0])) not in allocators:
                continue
            free_fn = function_under_casts(entries[3])
            args = (string_pointed_to(entries[2]) or "").replace(" ", "").split(",")
            if free_fn is not None and "-1" in args and args.index("-1") < len(free_fn.args):
                cached[id(free_fn)] = args.index("-1")
    return cached


def _constant_address(c) -> Optional[int]:
    """N for `inttoptr (i64 N to ptr)` (a C `(void *)N`)."""
    if isinstance(c, ConstantExpr) and c.opcode == "inttoptr" and \
            isinstance(c.operands[0], ConstantInt):
        return c.operands[0].value
    return None


# Addresses below this lie in the page no program maps: a pointer there is
# never dereferenced (Rust's NonNull::dangling() is the alignment, the
# address of an empty Vec's buffer and of zero-sized allocations).
ZERO_PAGE = 4096


def dangling_constant(c) -> bool:
    """`inttoptr (i64 8 to ptr)`: an address in the zero page, its own shadow."""
    address = _constant_address(c)
    return address is not None and 0 < address < ZERO_PAGE


def dangling_load(v) -> bool:
    """A pointer read from constant memory holding a zero-page address (an
    empty Vec's buffer at rustc -O0): dangling, its own shadow."""
    address = unchanging_integer(v) if v.type.is_pointer else None
    return address is not None and 0 < address < ZERO_PAGE


def computed_address(v, depth: int = 6) -> bool:
    """Is integer `v` made from constants and integer arguments only (Rust's
    alignment passed to finish_grow), not read from memory or a pointer's
    bits?  `inttoptr` of it is a dangling pointer when in the zero page;
    its shadow is itself there and null elsewhere (see ad/shadows.py)."""
    if isinstance(v, (ConstantInt, Argument)):
        return True
    if depth == 0:
        return False
    if isinstance(v, I.Cast) and v.opcode in ("zext", "sext", "trunc"):
        return computed_address(v.operands[0], depth - 1)
    if isinstance(v, (I.Phi, I.Select, I.BinaryOp)):
        ops = v.operands[1:] if isinstance(v, I.Select) else v.operands
        return all(computed_address(op, depth - 1) for op in ops)
    return False


def int_pointer_bases(v) -> Optional[list]:
    """The pointers integer address `v` is into (see int_pointer_base), also
    when a select picks one of several (Rust's Result<NonNull<u8>, E>
    flattened to integers: an address, or an error code whose shadow is 0
    as in ad/shadows.py); None when there is none."""
    if isinstance(v, I.Select):
        bases = [int_pointer_base(arm) for arm in v.operands[1:]]
        known = [base for base in bases if base is not None]
        return known or None
    base = int_pointer_base(v)
    return None if base is None else [base]


def int_pointer_base(v, depth: int = 4):
    """The pointer that integer `v` is an address into, when `v` is
    `ptrtoint p` plus or minus offsets that are no addresses themselves
    (`(uintptr_t)p + 8 * k`); else None."""
    if isinstance(v, (I.Cast, ConstantExpr)) and v.opcode == "ptrtoint":
        return v.operands[0]
    if depth == 0 or not (isinstance(v, I.BinaryOp) and v.opcode in ("add", "sub")):
        return None
    left, right = (int_pointer_base(op, depth - 1) for op in v.operands)
    if right is None:
        return left
    return right if v.opcode == "add" and left is None else None


def user_inactive_functions(module) -> Set[int]:
    """ids of the functions the user marked inactive: listed in a global
    `void *__enzyme_inactivefn[] = {f, ...}`, annotated
    `__attribute__((annotate("enzyme_inactive")))`, or carrying the
    `enzyme_inactive` function attribute."""
    if module is None:
        return set()
    cached = module.facts.get("user inactive functions")
    if cached is not None:
        return cached
    marked = {id(fn) for fn in module.functions
              if {"enzyme_inactive", '"enzyme_inactive"'} & fn.attribute_words()}
    for gv in module.globals:
        if gv.name.startswith("__enzyme_inactivefn"):
            listed = _elements(getattr(gv, "initializer", None))
            marked |= {id(f) for f in map(function_under_casts, listed) if f is not None}
    marked |= {id(f) for f in (function_under_casts(v) for v, text in annotations(module)
                               if text == "enzyme_inactive") if f is not None}
    module.facts["user inactive functions"] = marked
    return marked


def address_base(ptr):
    """`ptr` without the GEPs and casts (instructions or constants) on it."""
    while isinstance(ptr, (I.GetElementPtr, I.Cast, ConstantExpr)) and \
            ptr.opcode in ("getelementptr", "bitcast", "addrspacecast"):
        ptr = ptr.operands[0]
    return ptr


class _CodeFacts:
    """What one function's body does with globals, for GlobalActivity."""

    __slots__ = ("written", "float_accessed", "pointer_accessed", "named", "callees")

    def __init__(self, fn):
        self.written: Set[int] = set()          # used other than as a load's pointer
        self.float_accessed: Set[int] = set()   # floats loaded from or stored to it
        self.pointer_accessed: Set[int] = set()  # pointers loaded from or stored to it
        self.named: Dict[int, object] = {}      # any operand based on it
        self.callees: list = []
        for inst in fn.instructions():
            for index, op in enumerate(inst.operands):
                g = global_base(op)
                if g is not None:
                    self.named[id(g)] = g
                    if not (isinstance(inst, I.Load) and index == 0):
                        self.written.add(id(g))
            if isinstance(inst, I.Load) and contains_float(inst.type):
                ptr = inst.pointer
            elif isinstance(inst, I.Store) and contains_float(inst.value.type):
                ptr = inst.pointer
            else:
                ptr = None
            if ptr is not None:
                g = global_base(address_base(ptr))
                if g is not None:
                    self.float_accessed.add(id(g))
            moved = inst.type if isinstance(inst, I.Load) else \
                inst.value.type if isinstance(inst, I.Store) else None
            if moved is not None and contains_pointers(moved):
                g = global_base(address_base(inst.pointer))
                if g is not None:
                    self.pointer_accessed.add(id(g))
            if isinstance(inst, I.CallBase) and inst.called_function is not None:
                self.callees.append(inst.called_function)


class GlobalActivity:
    """Module-wide: which globals hold derivatives, and which functions touch them.

    A global is *active* when it is a variable holding floats (by its type,
    or by the accesses to it: LLVM's globalopt turns a static heap
    workspace into a `[512 x i8]` global, and C code keeps doubles in char
    buffers) that code may write: not `constant`, and used other than by
    loads (a store, a memcpy, an escaping address) or with its address in
    another global's initializer (stored through a pointer loaded from
    there, with no use of its own but loads), and not marked inactive
    by the user (user_marks.user_inactive_globals).  A float global that is
    only ever read is a constant in disguise and gets no shadow.  A function
    *touches* active globals when it, or anything it calls, uses one; a call
    to it must be differentiated even without active arguments.

    Both are answered from the module's code as it is when this is made.
    Bodies still kept as text (a lazy parse) are read when a question needs
    them: those naming a global asked about, those a function asked about
    calls; their facts are taken as they are read, unchanged since.
    """

    def __init__(self, module):
        self.module = module
        self.facts: Dict[int, _CodeFacts] = {}
        self.unread: Set[int] = set()           # ids of bodies to take facts from when read
        self.written: Set[int] = set()          # the union of the facts taken
        self.float_accessed: Set[int] = set()
        self.pointer_accessed: Set[int] = set()
        for fn in list(module.functions):
            if fn.lazy_body is not None:
                self.unread.add(id(fn))
            elif not fn.is_declaration:
                self._take_facts(fn)
        if self.unread:
            module.on_read.append(self._read)
        self._active: Dict[int, bool] = {}
        self._touching: Dict[int, bool] = {}
        # The functions the module's API calls differentiate, when known
        # (set by the caller before differentiating): None means any.
        self.roots: Optional[list] = None
        self._in_initializers: Optional[Set[int]] = None
        self._functions_seen = len(module.functions)
        self._pointers_set: Dict[int, bool] = {}
        self._pointers_stored: Dict[int, bool] = {}

    def _take_new_facts(self) -> None:
        """Take the facts of functions made since (derivatives): a reverse
        pass adds adjoints into shadow globals, which hold derivatives of
        their own when that derivative is differentiated again (a Hessian
        by forward over reverse)."""
        if len(self.module.functions) == self._functions_seen:
            return
        self._functions_seen = len(self.module.functions)
        for fn in list(self.module.functions):
            if id(fn) not in self.facts and id(fn) not in self.unread and \
                    fn.lazy_body is None and not fn.is_declaration:
                self._take_facts(fn)

    def _read(self, fn) -> None:
        if id(fn) in self.unread:
            self.unread.discard(id(fn))
            self._take_facts(fn)

    def _take_facts(self, fn) -> None:
        facts = self.facts[id(fn)] = _CodeFacts(fn)
        self.written |= facts.written
        self.float_accessed |= facts.float_accessed
        self.pointer_accessed |= facts.pointer_accessed

    def _is_active(self, g) -> bool:
        known = self._active.get(id(g))
        if known is None:
            self._take_new_facts()
            if getattr(g, "is_constant_global", True) or \
                    id(g) in user_inactive_globals(self.module):
                known = False
            else:
                self.module.read_bodies_naming((g,))      # `_read` takes their facts
                known = (contains_float(g.value_type) or id(g) in self.float_accessed) \
                    and (id(g) in self.written or id(g) in self._held_by_initializers())
            self._active[id(g)] = known
        return known

    def _held_by_initializers(self) -> Set[int]:
        """ids of the globals whose address some initializer holds (taken
        once: derivatives add shadow globals, which point at shadows only)."""
        if self._in_initializers is None:
            self._in_initializers = named_by_initializers(self.module)
        return self._in_initializers

    def _direct(self, facts: _CodeFacts) -> bool:
        return any(self._is_active(g) for g in facts.named.values())

    def is_active_global(self, v) -> bool:
        g = global_base(v)
        return g is not None and self._is_active(g)

    def touches(self, fn) -> bool:
        """Does `fn`, or a function it calls (directly, through any number
        of calls), use an active global?"""
        if fn is None:
            return False
        known = self._touching.get(id(fn))
        if known is None:
            known = self._reaches_active(fn)
            self._touching[id(fn)] = known
        return known

    def _reaches_active(self, fn) -> bool:
        return self._reaches(fn, lambda f, facts: bool(self._touching.get(id(f))) or
                             self._direct(facts))

    def names_global(self, fn, g) -> bool:
        """Does `fn`, or a function it calls, name global `g` in its code?"""
        return self._reaches(fn, lambda f, facts: id(g) in facts.named)

    def accessed_as(self, g) -> tuple:
        """(floats, pointers): does code load or store floats, and pointers,
        at global `g`, whatever its type (a union of a double and a pointer
        is typed `{ double }` at -O0)?"""
        self._take_new_facts()
        self.module.read_bodies_naming((g,))
        return id(g) in self.float_accessed, id(g) in self.pointer_accessed

    def may_carry_derivatives(self, g) -> bool:
        """Can a derivative call leave a derivative in active global `g`'s
        shadow: is `g` named by a function differentiated (one the API
        calls name, or one it calls)?  Only derivative code writes
        shadows, so a global only code outside them uses (filled by `main`)
        has none to leave there."""
        return self.roots is None or any(self.names_global(fn, g) for fn in self.roots)

    def pointers_set_by_derivatives(self, g) -> bool:
        """May code a derivative runs (the functions the API calls name and
        those they call) store a pointer into global `g`, or let its address
        escape?  If not, the pointers `g` holds were set by code outside
        (`main`), and its shadow's pointers stay null: no derivative code
        ever sets them.  Unknown roots: it may."""
        known = self._pointers_set.get(id(g))
        if known is None:
            known = self.roots is None or bool(accesses(
                functions_reached(self.roots), [g], self._held_by_initializers(),
                pointers_only=True)[id(g)] & WRITE)
            self._pointers_set[id(g)] = known
        return known

    def written_anywhere(self, g) -> bool:
        """May any code of the module write global `g` (used other than by
        loads, or its address held in an initializer)?"""
        self._take_new_facts()
        self.module.read_bodies_naming((g,))
        return id(g) in self.written or id(g) in self._held_by_initializers()

    def caller_set_pointer(self, load) -> bool:
        """Is `load` a data pointer read from an active global whose shadow's
        pointers are null or stale for good: its initializer holds no address
        (the shadow's would hold its shadow) or code stores pointers into it
        (pointers_stored_by_code), and no derivative code sets its pointers
        (pointers_set_by_derivatives)?  Only code outside the
        derivatives can have set it; the memory it points to is taken as
        constant (ad/global_pointers.py warns) rather than followed through
        a null shadow.  A pointer called (a function pointer) keeps its
        shadow: the indirect call's guard reads it."""
        if not load.type.is_pointer or any(getattr(u, "callee", None) is load
                                           for u in load.users):
            return False
        return self.holds_caller_set_pointers(global_base(address_base(load.pointer)))

    def holds_caller_set_pointers(self, g) -> bool:
        """Is `g` an active global whose shadow's pointers are null or stale
        for good (see caller_set_pointer)?"""
        return g is not None and self._is_active(g) and \
            not self.pointers_set_by_derivatives(g) and \
            (not held_globals(g.initializer) or self.pointers_stored_by_code(g))

    def pointers_stored_by_code(self, g) -> bool:
        """May any code of the module store a pointer into global `g`?  Where
        its initializer holds an address, the shadow's holds that address's
        shadow; a pointer stored by code outside the derivatives (the caller
        replacing the initializer's) has none."""
        known = self._pointers_stored.get(id(g))
        if known is None:
            known = bool(accesses(list(self.module.read_functions()), [g],
                                  self._held_by_initializers(), pointers_only=True)[id(g)] & WRITE)
            self._pointers_stored[id(g)] = known
        return known

    def _reaches(self, fn, wanted) -> bool:
        """Does `wanted(f, facts)` hold for `fn` or a function it calls?"""
        self._take_new_facts()
        seen, work = {id(fn)}, [fn]
        while work:
            f = work.pop()
            if id(f) in self.unread:
                f.materialize()             # `_read` takes its facts
            facts = self.facts.get(id(f))
            if facts is None:
                continue                    # a declaration, or made since
            if wanted(f, facts):
                return True
            for callee in facts.callees:
                if id(callee) not in seen:
                    seen.add(id(callee))
                    work.append(callee)
        return False


class ActivityInfo:
    def __init__(self, fn: Function, arg_activity, globals_activity=None):
        self.fn = fn
        self.globals = globals_activity
        self.active: Set[int] = set()
        self.shadowed: Set[int] = set()
        self._callee_memory: Dict[int, bool] = {}   # id(fn) -> returns_shadowed_memory
        for arg, kind in zip(fn.args, arg_activity):
            if kind in DUPLICATED:
                self.shadowed.add(id(arg))
                if arg.type.is_aggregate and contains_float(arg.type):
                    self.active.add(id(arg))      # {ptr, double}: a shadow and an adjoint
            elif kind == Activity.OUT and contains_float(arg.type):
                self.active.add(id(arg))
        self._solve()

    def is_active(self, v) -> bool:
        return id(v) in self.active

    def has_shadow(self, v) -> bool:
        return id(v) in self.shadowed or (
            self.globals is not None and self.globals.is_active_global(v))

    def _solve(self) -> None:
        changed = True
        while changed:
            changed = False
            for inst in self.fn.instructions():
                if id(inst) not in self.active and self._is_active(inst):
                    self.active.add(id(inst))
                    changed = True
                if id(inst) not in self.shadowed and self._has_shadow(inst):
                    self.shadowed.add(id(inst))
                    changed = True

    def touches_active_globals(self, call) -> bool:
        return self.globals is not None and self.globals.touches(call.called_function)

    def _any_active(self, values) -> bool:
        return any(id(v) in self.active for v in values)

    def _stack_memory_needs_shadow(self, alloca) -> bool:
        """Stack memory has a shadow, except memory only inactive calls read,
        and memory a pointer without a shadow is stored in (a std::string
        inlined at -O2 holds the buffer an inactive call returned: its shadow
        would be refused) or an input function writes (`ss >> x`, and the
        stream itself) when nothing with a derivative gets there: only
        inactive values and such pointers are stored in it, and its address
        reaches only loads, comparisons, inactive and input calls and copies
        from memory without a shadow.  Every value read from it is inactive too."""
        if read_only_by_inactive_calls(alloca):
            return False
        # Only where a shadow would be refused anyway (a pointer without one
        # stored in it, an input call writing it); otherwise it keeps one, as
        # all stack memory did.  (What else a phi merges is walked from its
        # own alloca.)
        refused = False
        for p, user in DerivedUses(alloca, through_address_arithmetic_and_merges):
            if isinstance(user, I.Store) and user.pointer is not p:
                if address_base(user.pointer) is not alloca:
                    return True         # its address escapes
                continue                # a std::string's pointer to its own buffer
            if isinstance(user, I.Store):
                value = user.value
                if not contains_pointers(value.type) or address_base(value) is alloca:
                    if self.is_active(value):
                        return True     # a derivative lands here
                elif self.is_active(value) or self.has_shadow(value):
                    return True
                elif not isinstance(value, Constant) and global_base(value) is None:
                    refused = True      # (a global's shadow is its zeroed stand-in)
            elif isinstance(user, (I.Load, I.Compare)):
                continue
            elif isinstance(user, I.CallBase) and user.callee is not p and is_input_call(user):
                refused = True          # a shadow would stop the call (unsupported.py)
            elif contains_pointers(alloca.allocated_type) and \
                    self._copied_in_without_shadow(user, p):
                refused = True          # its pointers would have none (clang -O0's iterators)
            elif not (isinstance(user, I.CallBase) and user.callee is not p and
                      self._call_keeps_stack_inactive(user, p)):
                return True
        return not refused and not _numbers_written_in_place(alloca)

    def _copied_in_without_shadow(self, call, p) -> bool:
        """Is `call` a memory copy into `p` from memory without a shadow?"""
        fn = call.called_function if isinstance(call, I.CallBase) and call.callee is not p \
            else None
        return fn is not None and is_memory_copy(fn.name) and len(call.args) > 1 and \
            call.args[0] is p and not self.has_shadow(call.args[1])

    def _call_keeps_stack_inactive(self, call, p) -> bool:
        fn = call.called_function
        if fn is None:
            return False
        if is_inactive_call(call) and allocation_size_index(fn) is None:
            return True
        if is_memory_copy(fn.name):
            return call.args[0] is not p or not self.has_shadow(call.args[1])
        if not fn.is_declaration and not fn.function_type.vararg:
            # A callee that only reads the memory (an OpenMP region reading
            # the variables it captured by reference) adds nothing to it.
            indices = [i for i, a in enumerate(call.args) if a is p]
            return bool(indices) and all(i < len(fn.args) and only_read_through(fn.args[i])
                                         for i in indices)
        return is_memory_set(fn.name)

    def _has_shadow(self, inst) -> bool:
        if not contains_pointers(inst.type):
            return False
        ops = inst.operands
        if isinstance(inst, I.Alloca):
            return self._stack_memory_needs_shadow(inst)
        if isinstance(inst, I.Cast) and inst.opcode == "inttoptr":
            bases = int_pointer_bases(ops[0])
            if bases is None:
                return computed_address(ops[0])
            return all(self.has_shadow(base) for base in bases)
        if isinstance(inst, (I.GetElementPtr, I.Cast, I.Freeze)):
            return self.has_shadow(ops[0])
        if isinstance(inst, I.Phi):
            return any(self.has_shadow(v) for v in ops)
        if isinstance(inst, I.Select):
            return self.has_shadow(ops[1]) or self.has_shadow(ops[2])
        if isinstance(inst, I.Load):
            return self.has_shadow(inst.pointer) and not (
                self.globals is not None and self.globals.caller_set_pointer(inst))
        if isinstance(inst, I.ExtractValue):
            return self.has_shadow(ops[0])
        if isinstance(inst, I.InsertValue):
            return any(self.has_shadow(v) for v in ops)
        if isinstance(inst, POINTER_LANE_MOVES):
            # Lanes of a vector of pointers (-O3 copies pointer fields two at a time).
            return any(self.has_shadow(v) for v in ops[:2] if holds_pointers(v.type))
        if isinstance(inst, I.CallBase):
            fn = inst.called_function
            if allocation_size_index(fn) is not None:
                return True
            grows = reallocator(fn.name) if fn is not None else None
            if grows is not None:
                # realloc(NULL, n) allocates: a buffer grown from null in a
                # loop (`p = realloc(p, ...)`, p starting as 0) has a shadow
                # though its phi only gets one through this very call.
                old = inst.args[grows.pointer_index]
                return self.has_shadow(old) or _may_start_null(old)
            if is_inactive_call(inst) or is_input_call(inst):
                # Formatting and string code hands pointers into its
                # arguments around (core::fmt::ArgumentV1::new): only to read
                # characters and print, so no derivative memory is reached;
                # `is >> x` returns the stream, which holds no floats.
                return False
            # An active float passed in may be stored in the memory the
            # result points to (a closure boxed with its capture: Rust's
            # `Box<dyn Fn>` returned as {data, vtable}).
            return (fn is not None and not fn.is_declaration
                    and (any(self.has_shadow(a) for a in inst.args) or
                         self._any_active(inst.args) or
                         self._returns_shadowed_memory(fn)))
        return False

    def _returns_shadowed_memory(self, fn) -> bool:
        """returns_shadowed_memory, asked once per callee (the fixpoint asks
        again on every round)."""
        known = self._callee_memory.get(id(fn))
        if known is None:
            known = self._callee_memory[id(fn)] = returns_shadowed_memory(fn, self.globals)
        return known

    def _is_active(self, inst) -> bool:
        if not contains_float(inst.type):
            return False
        if isinstance(inst, I.Load):
            return self.has_shadow(inst.pointer)
        if isinstance(inst, I.CallBase):
            if is_inactive_call(inst) or is_input_call(inst):
                return False            # printed, or read from outside
            return (self._any_active(inst.args)
                    or any(self.has_shadow(a) for a in inst.args)
                    or self.touches_active_globals(inst))
        if isinstance(inst, I.Cast) and inst.opcode in ("sitofp", "uitofp"):
            return False
        if isinstance(inst, I.Select):
            return self._any_active(inst.operands[1:])
        return self._any_active(inst.operands)


def _numbers_written_in_place(alloca) -> bool:
    """Is `alloca` memory of numbers only (no pointer in its type or in what
    is stored in it) that is written only by stores through its own
    address, memset and copies into it, and otherwise only loaded and
    compared (its address stored nowhere, passed to no other call, copied
    from nowhere, merged by no phi or select with other memory)?  A local table `double F[4][4] = {{1, 0, dt, 0}, ...}`:
    when `_stack_memory_needs_shadow` has found no active value stored in
    it and copies into it only from memory without a shadow, what it holds
    is inactive and needs no shadow (tools/perfhunt kalman: its loads
    active made `Pp += FP F^T` undo FP's stores every step, 1.13x the
    reference's instructions).  Memory holding pointers keeps its shadow
    (Fortran's descriptors copied through stack slots into shadowed ones,
    6208aa9)."""
    if contains_pointers(alloca.allocated_type):
        return False
    for p, user in DerivedUses(alloca, through_address_arithmetic):
        if isinstance(user, I.Store):
            if user.pointer is not p or contains_pointers(user.value.type):
                return False
        elif isinstance(user, I.CallBase):
            fn = user.called_function
            name = fn.name if fn is not None else ""
            if user.callee is p or not (
                    name.startswith(HINT_INTRINSICS) or
                    is_memory_set(name) and user.args[0] is p or
                    is_memory_copy(name) and user.args[0] is p and user.args[1] is not p):
                return False
        elif not isinstance(user, (I.Load, I.Compare)):
            return False
    return True


def only_read_through(param, depth: int = 3) -> bool:
    """Does the function only load through pointer parameter `param` (also
    after spilling it to its own stack slot, as -O0 does, or in a callee it
    passes it to, as the outlined function of an OpenMP region does at -O0
    -g), never storing through it or letting it escape?"""
    uses = DerivedUses(param)
    for p, user in uses:
        if getattr(user, "is_debug_record", False):
            continue
        if isinstance(user, I.Load) and user.pointer is p:
            continue
        if isinstance(user, I.Store) and user.value is p and reloads_of_spill(user) is not None:
            uses.follow(*reloads_of_spill(user))
        elif not (depth > 0 and _callee_only_reads(user, p, depth - 1)):
            return False
    return True


def _callee_only_reads(call, p, depth: int) -> bool:
    fn = call.called_function if isinstance(call, I.CallBase) else None
    if fn is None or fn.is_declaration or fn.function_type.vararg or call.callee is p:
        return False
    indices = [i for i, a in enumerate(call.args) if a is p]
    return all(i < len(fn.args) and only_read_through(fn.args[i], depth) for i in indices)


def _may_start_null(ptr, seen=None) -> bool:
    """Is null one of the values pointer `ptr` may be (through phis, selects
    and casts)?"""
    seen = seen if seen is not None else set()
    if id(ptr) in seen:
        return False
    seen.add(id(ptr))
    if isinstance(ptr, ConstantNull):
        return True
    if isinstance(ptr, I.Phi):
        return any(_may_start_null(op, seen) for op in ptr.operands)
    if isinstance(ptr, I.Select):
        return any(_may_start_null(op, seen) for op in ptr.operands[1:])
    if isinstance(ptr, I.Cast) and ptr.opcode in ("bitcast", "addrspacecast"):
        return _may_start_null(ptr.operands[0], seen)
    return False
