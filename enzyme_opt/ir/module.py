"""Module, globals, functions and basic blocks."""
from __future__ import annotations

from typing import Dict, Iterator, List, Optional

from .compiled_regex import compile_cached
from .constants import ConstantExpr
from .names import NameTable
from .types import LABEL, FunctionType, NamedStructType, PointerType, Type
from .values import Argument, Value

# The opcodes that end a block (here, not in instructions.py, which imports
# this module: a block asks for its terminator often).
TERMINATORS = frozenset(("ret", "br", "switch", "indirectbr", "invoke", "callbr", "resume",
                         "unreachable", "cleanupret", "catchret", "catchswitch"))


_COMDAT = compile_cached(r"\bcomdat(\s*\(\$[^)]*\))?")


class BasicBlock(Value):
    """A label and its instructions, in order.

    `index_of` must be fast: the AD asks where an instruction is before it
    inserts code after it, one instruction after another, in blocks of tens
    of thousands of instructions.  Each instruction remembers its last known
    position; positions are valid below `numbered`, which inserts and
    removals lower, and `index_of` renumbers forward from there only as far
    as it must.  A remembered position is used only after checking that the
    instruction is still there, so a stale one costs time, never a wrong
    answer.
    """

    __slots__ = ("parent", "instructions", "numbered", "removed")

    def __init__(self, name: Optional[str] = None, parent=None):
        super().__init__(LABEL, name)
        self.parent = parent
        self.instructions: list = []
        self.numbered = 0
        # Instructions taken out stay alive: analyses key their sets by id(),
        # and a freed instruction's id would be reused by a new one (a
        # shadow malloc then looked like a value that has a shadow).
        self.removed: list = []

    # -- contents -----------------------------------------------------------
    def append(self, inst):
        inst.parent = self
        self.instructions.append(inst)
        return inst

    def insert(self, index: int, inst):
        inst.parent = self
        self.instructions.insert(index, inst)
        if index < self.numbered:
            self.numbered = index
        return inst

    def insert_before(self, anchor, inst):
        return self.insert(self.index_of(anchor), inst)

    def index_of(self, inst) -> int:
        items = self.instructions
        known = inst.position
        if 0 <= known < len(items) and items[known] is inst:
            return known
        for start in (min(self.numbered, len(items)), 0):
            for i in range(start, len(items)):
                candidate = items[i]
                candidate.position = i
                if candidate is inst:
                    self.numbered = i + 1
                    return i
        raise ValueError(f"{inst!r} is not in this block")

    def remove(self, inst) -> None:
        index = self.index_of(inst)
        del self.instructions[index]
        if index < self.numbered:
            self.numbered = index
        inst.parent = None
        self.removed.append(inst)

    @property
    def terminator(self):
        instructions = self.instructions
        if instructions and instructions[-1].opcode in TERMINATORS:
            return instructions[-1]
        return None

    @property
    def phis(self) -> list:
        out = []
        for inst in self.instructions:
            if inst.opcode != "phi":
                break
            out.append(inst)
        return out

    def first_non_phi_index(self) -> int:
        for i, inst in enumerate(self.instructions):
            if inst.opcode not in ("phi", "landingpad"):
                return i
        return len(self.instructions)

    # -- CFG ----------------------------------------------------------------
    @property
    def successors(self) -> list:
        instructions = self.instructions     # self.terminator, without its property call
        if instructions and instructions[-1].opcode in TERMINATORS:
            return list(instructions[-1].successors)
        return []

    @property
    def predecessors(self) -> list:
        """Blocks whose terminator branches here (each listed once)."""
        preds, seen = [], set()
        for user, _ in self.uses:
            block = getattr(user, "parent", None)
            if (isinstance(block, BasicBlock) and user.is_terminator
                    and id(block) not in seen):
                seen.add(id(block))
                preds.append(block)
        return preds


class GlobalValue(Value):
    """Functions, global variables, aliases and ifuncs.

    `linkage` holds everything the input wrote before the type or `@name`
    that the AD does not interpret (linkage, visibility, DLL storage,
    `thread_local`, `dso_local`, ...), verbatim.
    """

    __slots__ = ("module", "linkage", "position", "location")

    def __init__(self, type: Type, name: str, linkage: str = ""):
        super().__init__(type, name)
        self.module = None
        self.linkage = linkage
        self.position = 0        # order of addition to the module (see print_module)
        self.location = None     # (file, line, column) of its definition in the input .ll

    # -- use lists, complete once the bodies naming this value are read -----------
    # A body kept as text (a lazy parse) records no uses; every question
    # about a global's uses first reads the bodies whose text names it.
    def _read_users(self) -> None:
        module = self.module
        if module is not None and module.unread_bodies:
            module.read_bodies_naming((self,))

    @property
    def uses(self):
        self._read_users()
        return self._uses

    @property
    def users(self):
        self._read_users()
        return Value.users.fget(self)

    def has_uses(self) -> bool:
        self._read_users()
        return bool(self._uses)

    def has_code_uses(self) -> bool:
        self._read_users()
        return Value.has_code_uses(self)

    def replace_all_uses_with(self, new) -> None:
        self._read_users()
        Value.replace_all_uses_with(self, new)


class GlobalVariable(GlobalValue):
    """`@g = [linkage] global|constant T [init][, section ...]`.

    `attrs` is the text after the initializer, with its leading comma
    (`, section "s", align 8, !dbg !3`), verbatim; `pre_attrs`
    holds `unnamed_addr`, `addrspace(N)`, `externally_initialized` between
    the linkage and the `global` keyword.
    """

    __slots__ = ("value_type", "initializer", "is_constant_global", "pre_attrs", "attrs")

    def __init__(self, ptr_type: Type, name: str, value_type: Type, initializer=None,
                 is_constant=False, linkage="", pre_attrs="", attrs=""):
        super().__init__(ptr_type, name, linkage)
        self.value_type = value_type
        self.initializer = initializer
        self.is_constant_global = is_constant
        self.pre_attrs = pre_attrs
        self.attrs = attrs

    @property
    def is_declaration(self) -> bool:
        return self.initializer is None


# Linkages whose definition the linker may replace with another module's:
# a global of one of them need not hold its initializer at run time, an
# alias of one need not name its aliasee.
REPLACEABLE_LINKAGES = frozenset(("weak", "linkonce", "common", "extern_weak",
                                  "available_externally"))


class GlobalAlias(GlobalValue):
    """`@a = [linkage] alias|ifunc T, <aliasee>`: the part after `=` is text,
    printed as read.  `aliasee` is the constant it names (an ifunc's
    resolver function), `keyword` "alias" or "ifunc"."""

    __slots__ = ("text", "aliasee", "keyword")

    def __init__(self, ptr_type: Type, name: str, text: str, aliasee=None,
                 keyword: str = "alias", linkage: str = ""):
        super().__init__(ptr_type, name, linkage)
        self.text = text
        self.aliasee = aliasee
        self.keyword = keyword

    def resolved(self):
        """The constant this alias is at run time, through aliases of
        aliases; None for an ifunc (its aliasee picks the function) or an
        alias the linker may replace (weak, linkonce)."""
        seen = set()
        v = self
        while isinstance(v, GlobalAlias):
            if v.keyword != "alias" or v.aliasee is None or id(v) in seen or \
                    REPLACEABLE_LINKAGES & set(v.linkage.split()):
                return None
            seen.add(id(v))
            v = v.aliasee
        return v


class Function(GlobalValue):
    """A declaration or definition.

    Header text the AD does not interpret is carried verbatim:
    `linkage` (linkage, visibility, cconv, ... before the return type),
    `ret_attrs`, and `attrs` (everything between the parameter list and the
    body: unnamed_addr, fn attributes, `#N`, section, comdat, align, gc,
    prefix, prologue, personality).  `metadata` holds `!kind !N` attachments.

    A definition read lazily keeps its body as text (`lazy_body`, see
    parser.parse_module) until something asks for its blocks.
    """

    __slots__ = ("function_type", "args", "_blocks", "ret_attrs", "attrs",
                 "metadata", "locals", "lazy_body", "block_use_orders")

    def __init__(self, name: str, function_type: FunctionType, ptr_type: Type,
                 arg_names=None, linkage="", ret_attrs="", attrs=""):
        super().__init__(ptr_type, name, linkage)
        self.function_type = function_type
        self.ret_attrs = ret_attrs
        self.attrs = attrs
        self.metadata: List[tuple] = []
        self._blocks: List[BasicBlock] = []
        self.locals = NameTable()
        # Text and reader of a body not yet read: `.text`, `.materialize(fn)`.
        self.lazy_body = None
        # `uselistorder label %bb, { ... }` directives: (block, indexes).  They
        # fix the order of a block's predecessors, which `opt -S` shows.
        self.block_use_orders: List[tuple] = []
        names = arg_names or [None] * len(function_type.params)
        self.args = []
        for i, (t, n) in enumerate(zip(function_type.params, names)):
            if n is not None:
                n = self.locals.claim(n)
            self.args.append(Argument(t, n, self, i))

    @property
    def return_type(self) -> Type:
        return self.function_type.ret

    @property
    def blocks(self) -> List[BasicBlock]:
        if self.lazy_body is not None:
            self.materialize()
        return self._blocks

    @blocks.setter
    def blocks(self, blocks: List[BasicBlock]) -> None:
        self._blocks = blocks

    def materialize(self) -> None:
        """Read the body kept as text, if any, into blocks and instructions."""
        body, self.lazy_body = self.lazy_body, None
        if body is None:
            return
        module = self.module
        if module is None:
            body.materialize(self)
            return
        # Reading a body asks nothing of use lists: no other body is read meanwhile.
        reading, module._reading = module._reading, True
        try:
            body.materialize(self)
        finally:
            module._reading = reading
        for taking_facts in module.on_read:
            taking_facts(self)

    @property
    def is_declaration(self) -> bool:
        return not self._blocks and self.lazy_body is None

    @property
    def attrs_outside_comdat(self) -> str:
        """`attrs` without the comdat: what an internal copy of this
        function carries.  A copy left in the original's comdat would be
        discarded with it when the linker keeps another unit's group, while
        this unit still calls the copy."""
        return _COMDAT.sub("", self.attrs).strip()

    @property
    def entry(self) -> BasicBlock:
        return self.blocks[0]

    def instructions(self) -> Iterator:
        for block in self.blocks:
            yield from block.instructions

    def add_block(self, name: Optional[str] = None, after: Optional[BasicBlock] = None
                  ) -> BasicBlock:
        block = BasicBlock(self.claim_name(name), self)
        if after is None:
            self.blocks.append(block)
        else:
            self.blocks.insert(self.blocks.index(after) + 1, block)
        return block

    def claim_name(self, wanted: Optional[str]) -> Optional[str]:
        """A unique local name based on `wanted` (None stays unnamed)."""
        return self.locals.claim(wanted) if wanted else None

    def _expanded_attrs(self) -> str:
        """The function attribute text with its `#N` groups written out."""
        return self.module.with_groups(self.attrs) if self.module is not None else self.attrs

    def attribute_words(self) -> set:
        """Function attribute keywords, including those of `#N` groups."""
        return set(_ATTRIBUTE_WORD.findall(self._expanded_attrs()))

    def target_attributes(self) -> str:
        """The attributes that say what machine code `self` is compiled for
        (`"target-cpu"`, `"target-features"`, the floating-point relaxations
        of `-ffast-math`), as text.  Code derived from a function needs them
        too: without `+avx2` its vector loops are compiled for SSE, and its
        calls of AVX2 functions (libmvec's `_ZGVdN4v_exp`) pass vectors the
        wrong way; without `"unsafe-fp-math"="true"` the caller it is inlined
        into loses its own (LLVM keeps the relaxation only if both have it)."""
        return " ".join(m.group(0) for m in _TARGET_ATTRIBUTE.finditer(self._expanded_attrs()))


_ATTRIBUTE_WORD = compile_cached(r'[A-Za-z_][\w]*|"[^"]*"')
_GROUP_REFERENCE = compile_cached(r"#(\d+)")
_TARGET_ATTRIBUTE = compile_cached(
    r'"(?:target-cpu|target-features|tune-cpu|denormal-fp-math(?:-f32)?|no-trapping-math'
    r'|less-precise-fpmad|(?:unsafe|no-infs|no-nans|no-signed-zeros|approx-func)-fp-math)'
    r'"="[^"]*"')

# The attributes of a runtime helper we define (tape push/pop, shadow heap,
# BLAS wrappers) for the inliner to fold it into its callers.  LLVM keeps a
# caller's floating-point relaxation after inlining only if the callee has
# it too; a helper without floating-point arithmetic claims them all, so
# inlining it leaves a `-ffast-math` caller as it was.
INLINED_HELPER_ATTRIBUTES = " ".join(
    ["alwaysinline", "nounwind"]
    + [f'"{name}"="true"' for name in (
        "approx-func-fp-math", "less-precise-fpmad", "no-infs-fp-math", "no-nans-fp-math",
        "no-signed-zeros-fp-math", "unsafe-fp-math")])


class Module:
    """A translation unit.

    `typed_pointers` is the input's pointer dialect; `pointer_to()` makes
    pointer types in that dialect.  Unmodeled top-level entities (comdats,
    attribute groups, metadata, module asm, uselistorder) are kept as text
    and printed back in LLVM's canonical order.
    """

    def __init__(self):
        self.source_filename: Optional[str] = None
        self.datalayout: Optional[str] = None
        self.triple: Optional[str] = None
        self.typed_pointers = False
        self.named_types: Dict[str, NamedStructType] = {}
        self.type_order: List[NamedStructType] = []
        # Named non-struct types (`%bytes = type [8 x i8]`): the model uses
        # their bodies, but text kept as written (attributes, function bodies
        # a lazy parse copies) may still name them.
        self.type_aliases: Dict[str, Type] = {}
        self.globals: List[GlobalValue] = []        # variables, aliases, ifuncs
        self.functions: List[Function] = []
        self.symbols: Dict[str, GlobalValue] = {}
        self._added = 0                             # global values ever added
        self.global_names = NameTable()
        self.comdats: List[str] = []                # `$c = comdat any`, verbatim
        self.module_asm: List[str] = []
        self.attribute_groups: Dict[str, str] = {}  # "0" -> "nounwind uwtable ..."
        self.named_metadata: List[str] = []         # `!llvm.ident = !{!0}`, verbatim
        self.metadata: Dict[str, str] = {}          # "12" -> "!{...}" / "distinct !DI..."
        self.trailing: List[str] = []               # uselistorder and the like
        # What analyses derive from the module's own declarations, made when
        # first asked and kept for the run: the user's inactive and
        # allocation-like functions (analysis/activity.py), the globals code
        # may write (analysis/constant_callees.py).
        self.facts: Dict[str, object] = {}
        # A lazy parse left bodies as text (Function.lazy_body): which global
        # names each names, by name (`_unread_index`), made when first asked.
        self.unread_bodies = False
        self._naming: Optional[Dict[str, List[Function]]] = None
        self._reading = False
        # Called with each body read after the parse (analyses that took
        # facts from the read bodies and take them from the others as read).
        self.on_read: list = []

    def with_groups(self, attrs: str) -> str:
        """Attribute text with each `#N` replaced by that group's attributes."""
        return _GROUP_REFERENCE.sub(lambda m: self.attribute_groups.get(m.group(1), ""), attrs)

    def materialize_all(self) -> None:
        """Read every function body still kept as text: use lists of global
        values are complete only then."""
        for fn in list(self.functions):
            fn.materialize()
        self.unread_bodies = False
        self._naming = None

    # -- bodies kept as text ------------------------------------------------------
    # A scan of the module's code for the uses of some globals reads the
    # bodies that name them (`read_bodies_naming`), then walks the read ones
    # (`read_functions`): a body whose text names none of them cannot use
    # them, so the rest stay text (a large module's other bodies).
    def read_bodies_naming(self, globals_) -> None:
        """Read the bodies kept as text that name one of `globals_`."""
        if not self.unread_bodies or self._reading:
            return
        naming = self._unread_index()
        for gv in globals_:
            for fn in naming.pop(gv.name, ()):
                fn.materialize()

    def read_functions(self) -> List[Function]:
        """The functions whose body is read (and the declarations)."""
        if not self.unread_bodies:
            return self.functions
        return [fn for fn in self.functions if fn.lazy_body is None]

    def names_in_unread_bodies(self) -> set:
        """The global names the bodies still kept as text spell (a superset
        of what they use: comments and strings count too)."""
        if not self.unread_bodies:
            return set()
        return {name for name, fns in self._unread_index().items()
                if any(fn.lazy_body is not None for fn in fns)}

    def unread_bodies_naming(self, gv) -> List[Function]:
        """The functions whose body, still text, names `gv` (not read)."""
        if not self.unread_bodies:
            return []
        return [fn for fn in self._unread_index().get(gv.name, ()) if fn.lazy_body is not None]

    def _unread_index(self) -> Dict[str, List[Function]]:
        if self._naming is None:
            naming: Dict[str, List[Function]] = {}
            for fn in self.functions:
                if fn.lazy_body is not None:
                    for name in fn.lazy_body.global_names():
                        naming.setdefault(name, []).append(fn)
            self._naming = naming
        return self._naming

    # -- types ----------------------------------------------------------------
    def pointer_to(self, pointee: Type, addrspace: int = 0) -> PointerType:
        return PointerType(pointee if self.typed_pointers else None, addrspace)

    def named_type(self, name: str) -> NamedStructType:
        t = self.named_types.get(name)
        if t is None:
            t = self.named_types[name] = NamedStructType(name)
            self.type_order.append(t)
        return t

    # -- symbols ----------------------------------------------------------------
    def get(self, name: str) -> Optional[GlobalValue]:
        return self.symbols.get(name)

    def _register(self, gv: GlobalValue, unique: bool) -> None:
        if unique:
            gv.name = self.global_names.claim(gv.name)
        else:
            self.global_names._used.add(gv.name)
        gv.module = self
        gv.position = self._added
        self._added += 1
        self.symbols[gv.name] = gv

    def add_function(self, fn: Function, unique: bool = True) -> Function:
        self._register(fn, unique)
        self.functions.append(fn)
        return fn

    def add_global(self, gv: GlobalValue, unique: bool = True) -> GlobalValue:
        self._register(gv, unique)
        self.globals.append(gv)
        return gv

    def remove_global_value(self, gv: GlobalValue) -> None:
        (self.functions if isinstance(gv, Function) else self.globals).remove(gv)
        del self.symbols[gv.name]
        self.global_names.release(gv.name)
        gv.module = None

    def declare_function(self, name: str, function_type: FunctionType,
                         attrs: str = "") -> Function:
        """The function `name`, declared with `function_type` if not present."""
        existing = self.symbols.get(name)
        if isinstance(existing, Function):
            return existing
        fn = Function(name, function_type, self.pointer_to(function_type), attrs=attrs)
        return self.add_function(fn, unique=False)


def function_under_casts(v) -> Optional[Function]:
    """The function `v` is, seen through constant pointer casts and through
    aliases the linker cannot replace (C++'s complete-object constructor is
    an alias of the base-object one); else None."""
    while True:
        if isinstance(v, ConstantExpr):
            v = v.strip_casts()
        if not isinstance(v, GlobalAlias):
            return v if isinstance(v, Function) else None
        v = v.resolved()


def direct_calls_of(fn: Function) -> Optional[list]:
    """The calls whose callee is `fn` itself, or None when `fn` is used any
    other way (its address taken, or cast: constant expressions keep no use
    lists), since then callers this cannot see may call it."""
    module = fn.module
    if module is not None and any(isinstance(g, GlobalAlias) and
                                  function_under_casts(g) is fn for g in module.globals):
        return None             # called through an alias too: those calls record no use
    calls = []
    for user, _ in fn.uses:
        if getattr(user, "callee", None) is not fn or any(a is fn for a in user.args):
            return None
        calls.append(user)
    return calls
