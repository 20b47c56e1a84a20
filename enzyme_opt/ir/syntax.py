"""Grammar rules -> model objects (one `r_<rule>` method per rule of llvm.lark).

Each method receives the rule's children, already built, and returns what the
rule stands for.  Values in the grammar carry no type of their own (`%x`,
`42`, `[i32 1, i32 2]`), so value rules return the raw token, or a *pending*
constant (a function of the type), and are resolved where the type is known.
"""
from __future__ import annotations

import re
import struct
from typing import Dict, List, Optional

from ..diagnostics import ParseError
from . import constants as C
from .compiled_regex import LazyPattern, compile_cached
from .deep_metadata import split_attachments
from . import instructions as I
from .module import BasicBlock, Function, GlobalAlias, GlobalValue, GlobalVariable, Module
from .names import is_slot_number, parse_identifier
from .printer import _typed
from .tokens import Token
from .types import (I1, METADATA, OPAQUE_PTR, VOID, ArrayType, FloatType, FunctionType, IntType,
                    PointerType, SpecialType, StructType, VectorType)

_MD_ATTACHMENT = LazyPattern(r",?\s*!([-a-zA-Z$._\\][-a-zA-Z$._0-9\\]*)\s+(.*)\Z", re.S)


def _addrspace_number(text: str) -> int:
    """N of `addrspace(N)`."""
    return int(text[text.index("(") + 1:text.rindex(")")])


class Pending:
    """A constant whose type comes from its context (`[i32 1]`, `getelementptr (...)`)."""

    __slots__ = ("make",)

    def __init__(self, make):
        self.make = make


class GlobalPlaceholder(GlobalValue):
    """A global used before its definition; replaced by the definition."""

    __slots__ = ("token",)


class LocalPlaceholder(I.Instruction):
    """A local value or block used before its definition."""

    __slots__ = ("token",)


class ModuleSyntax:
    def __init__(self, text: str, filename: str):
        self.text = text
        self.filename = filename
        self.module = Module()
        self._lines = None
        self.global_forward: Dict[str, GlobalPlaceholder] = {}
        dialect = pointer_dialect(text)
        # Without any pointer the typed spelling is chosen: both LLVM 14 and 19 read it.
        self.typed = dialect != "opaque"
        self.llvm14 = dialect == "typed"     # LLVM 14's stricter rules apply
        self.type_aliases = self.module.type_aliases  # `%Fn = type i32 (i32)*`
        self.prev_line = self.cur_line = None
        self.labels_seen = self.labeled_blocks = 0     # labels lexed / labeled blocks built
        self.types_defined = set()                     # named types with a definition
        self.type_refs: Dict[str, Token] = {}          # first use of each named type
        self.lookahead_is_label = False                # the token after the one reduced
        self.block_addresses: List[C.BlockAddress] = []
        self.blocks_of: Dict[int, Dict[str, BasicBlock]] = {}
        self.program_addrspace = 0                     # of functions (datalayout `P<n>`)
        self.fn = None
        # Makes what a function's LAZY_BODY stands for (a lazy parse only).
        self.lazy_body_of = None
        self._start_function(None)

    # ------------------------------------------------------------------ errors
    def _line(self, line: int) -> str:
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines[line - 1] if 0 < line <= len(self._lines) else ""

    def error_at(self, message: str, line: int, column: int) -> ParseError:
        return ParseError(message, self.filename, line, column, self._line(line))

    def _line_start(self, line: int) -> int:
        """The column of the first non-blank character of `line`."""
        text = self._line(line)
        return len(text) - len(text.lstrip()) + 1

    def error_on_line(self, message: str, line: int) -> ParseError:
        """An error at the start of `line` (an instruction's whole line)."""
        return self.error_at(message, line, self._line_start(line))

    def error(self, message: str, token: Optional[Token]) -> ParseError:
        if token is None or getattr(token, "line", None) is None:
            return ParseError(message, self.filename)
        return self.error_at(message, token.line, token.column)

    # ------------------------------------------------------------------ types
    def type_of(self, x):
        if not isinstance(x, Token):
            return x
        kind = x.type
        if kind == "INT_TYPE":
            return IntType(int(x[1:]))
        if kind == "FP_TYPE":
            return FloatType(str(x))
        if kind == "PTR":
            return OPAQUE_PTR
        if kind == "LOCAL_VAR":
            name = parse_identifier(x)
            if name not in self.types_defined:
                self.type_refs.setdefault(name, x)
            return self.type_aliases.get(name) or self.module.named_type(name)
        if kind == "VOID":
            return VOID
        if kind == "METADATA":
            return METADATA
        return SpecialType(str(x))

    def r_ptr_type(self, c):
        return PointerType(None, int(c[1]))

    def r_pointer_type(self, c):
        # In a module with `ptr`, LLVM 17+ reads the old spelling `T*` as `ptr`.
        return self.pointer_to(self.type_of(c[0]), int(c[1]) if len(c) > 1 else 0)

    def r_array_type(self, c):
        return ArrayType(int(c[0]), self.type_of(c[1]))

    def r_vector_type(self, c):
        return VectorType(int(c[1]), self.type_of(c[2]), c[0] is not None)

    def r_struct_type(self, c):
        return StructType(tuple(self.type_of(t) for t in c if t is not None))

    def r_packed_struct_type(self, c):
        return StructType(tuple(self.type_of(t) for t in c if t is not None), packed=True)

    def r_function_type(self, c):
        vararg = any(isinstance(t, Token) and t.type == "VARARGS" for t in c)
        types = [self.type_of(t) for t in c if t is not None
                 and not (isinstance(t, Token) and t.type == "VARARGS")]
        return FunctionType(types[0], tuple(types[1:]), vararg)

    def r_target_type(self, c):
        return SpecialType("target(" + ", ".join(self._text(x) for x in c if x is not None) + ")")

    def pointer_to(self, t, addrspace=0):
        return PointerType(t if self.typed else None, addrspace)

    # ------------------------------------------------------------------ values
    def resolve(self, t, v):
        """The value `v` (token or pending constant) at type `t`."""
        if isinstance(v, Pending):
            return v.make(t)
        if not isinstance(v, Token):
            return v
        kind = v.type
        if kind == "LOCAL_VAR":
            return self.local_value(v, t)
        if kind == "GLOBAL_VAR":
            return self.global_value(v, t)
        if kind == "INT":
            return self._int(t, v)
        if kind == "FLOAT":
            return self._float(t, v)
        if kind in ("TRUE", "FALSE"):
            return C.ConstantInt(t if t.is_int else I1, 1 if kind == "TRUE" else 0)
        simple = {"NULL": C.ConstantNull, "NONE": C.ConstantNone, "UNDEF": C.ConstantUndef,
                  "POISON": C.ConstantPoison, "ZEROINITIALIZER": C.ConstantZero}
        if kind in simple:
            return simple[kind](t)
        if kind == "CSTRING":
            return C.ConstantString(t, str(v)[2:-1])
        raise self.error(f"unexpected value {v!s}", v)

    def _int(self, t, tok):
        s = str(tok)
        if s[:3] in ("u0x", "s0x"):
            value = int(s[3:], 16)
            if s[0] == "s" and value:
                # As LLVM reads it: the digits are cut down to their active bits
                # and that top bit is the sign (`s0x10` is -16, `s0x7` is -1),
                # then sign-extended or truncated to the type.
                value -= 1 << value.bit_length()
                if t.is_int:
                    value &= (1 << t.bits) - 1
                    if value >= 1 << (t.bits - 1):
                        value -= 1 << t.bits
        else:
            value = int(s)
        if t.is_float:
            return C.ConstantFloat(t, float(value), s)
        if not t.is_int:
            raise self.error(f"integer constant used with non-integer type '{t}'", tok)
        return C.ConstantInt(t, value)

    def _float(self, t, tok):
        s = str(tok)
        if not t.is_float:
            raise self.error(f"floating-point constant used with type '{t}'", tok)
        if s.startswith("0x") and len(s) == 18 and s[2] not in "KLMHR":
            value = struct.unpack("<d", struct.pack("<Q", int(s[2:], 16)))[0]
        elif s.startswith("0x"):
            value = float("nan")
        else:
            value = float(s)
        return C.ConstantFloat(t, value, s)

    def typed(self, tv):
        return tv  # r_typed_value already resolved it

    def r_typed_value(self, c):
        t = self.type_of(c[0])
        return self.resolve(t, c[1])

    # -- globals -------------------------------------------------------------------------
    def global_value(self, tok, t):
        name = parse_identifier(tok)
        gv = self.module.symbols.get(name)
        if gv is not None:
            return gv
        placeholder = self.global_forward.get(name)
        if placeholder is None:
            placeholder = GlobalPlaceholder(t, name)
            placeholder.token = tok
            self.global_forward[name] = placeholder
        return placeholder

    def define_global(self, gv, tok) -> None:
        if gv.name in self.module.symbols:
            raise self.error(f"redefinition of global '@{gv.name}'", tok)
        placeholder = self.global_forward.pop(gv.name, None)
        if getattr(tok, "line", None) is not None:
            gv.location = (self.filename, tok.line, tok.column)
        if isinstance(gv, Function):
            self.module.add_function(gv, unique=False)
        else:
            self.module.add_global(gv, unique=False)
        if placeholder is not None:
            placeholder.replace_all_uses_with(gv)
            self.patched.append((placeholder, gv))

    # -- locals ---------------------------------------------------------------------------
    def _start_function(self, fn) -> None:
        if self.fn is not None:                          # its blocks by source label,
            self.blocks_of[id(self.fn)] = self.blocks    # for `blockaddress` (finish)
        self.fn = fn
        self.locals: Dict[str, object] = {}
        self.local_forward: Dict[str, LocalPlaceholder] = {}
        self.blocks: Dict[str, BasicBlock] = {}
        self.block_refs: Dict[str, Token] = {}
        self.next_slot = 0
        self.block_start = None
        self.last_terminator_line = None
        self.results: Dict[int, Token] = {}  # id(instruction) -> its written `%name`
        self.phis: List = []
        if not hasattr(self, "patched"):
            self.patched = []

    def local_value(self, tok, t):
        name = parse_identifier(tok)
        v = self.locals.get(name)
        if v is not None:
            if v.type != t and not isinstance(v, BasicBlock):
                raise self.error(f"'%{name}' defined with type '{v.type}' but expected '{t}'",
                                 tok)
            return v
        if self.fn is None:
            raise self.error(f"use of local value '%{name}' outside a function", tok)
        placeholder = self.local_forward.get(name)
        if placeholder is None:
            placeholder = LocalPlaceholder("placeholder", t)
            placeholder.token = tok
            self.local_forward[name] = placeholder
        elif placeholder.type != t:
            raise self.error(f"'%{name}' used with type '{t}' but earlier with "
                             f"'{placeholder.type}'", tok)
        return placeholder

    def define_local(self, name_tok, value) -> None:
        name = parse_identifier(name_tok)
        if name in self.locals:
            raise self.error(f"redefinition of value '%{name}'", name_tok)
        if is_slot_number(name):
            self.next_slot = max(self.next_slot, int(name) + 1)
            value.name = None
        else:
            value.name = self.fn.claim_name(name)
        self.locals[name] = value
        placeholder = self.local_forward.pop(name, None)
        if placeholder is not None:
            if placeholder.type != value.type:
                raise self.error(f"'%{name}' defined with type '{value.type}' but used as "
                                 f"'{placeholder.type}'", placeholder.token)
            placeholder.replace_all_uses_with(value)

    def check_label_ref(self, label_ref) -> None:
        """`label %x` where %x is already a value, seen as the token is lexed:
        llvm-as reports it there, before any later syntax error."""
        if self.fn is None:
            return
        tok = _label_target(label_ref)
        defined = self.locals.get(parse_identifier(tok))
        if defined is not None and not isinstance(defined, BasicBlock):
            raise self.error(f"'{tok}' is not a basic block", tok)

    def label(self, label_ref) -> BasicBlock:
        """The block of a `label %bb` token."""
        return self.block(_label_target(label_ref))

    def block(self, tok) -> BasicBlock:
        name = parse_identifier(tok)
        b = self.blocks.get(name)
        if b is None:
            if name in self.locals:
                raise self.error(f"'%{name}' is not a basic block", tok)
            b = self.blocks[name] = BasicBlock(None, self.fn)
            self.block_refs[name] = tok
        return b

    # ------------------------------------------------------------------ module level
    def r_module(self, c):
        return self.module

    def r_source_filename(self, c):
        self.module.source_filename = str(c[0])[1:-1]

    def r_target_datalayout(self, c):
        self.module.datalayout = str(c[0])[1:-1]
        for spec in self.module.datalayout.split("-"):     # `P1`: functions live in 1
            if spec[:1] == "P" and spec[1:].isdigit():
                self.program_addrspace = int(spec[1:])

    def r_target_triple(self, c):
        self.module.triple = str(c[0])[1:-1]

    def r_module_asm(self, c):
        self.module.module_asm.append(str(c[0])[1:-1])

    def r_type_def(self, c):
        name = parse_identifier(_result_name(c[0]))
        self.types_defined.add(name)
        body = c[1]
        if isinstance(body, Token) and body.type == "OPAQUE":
            self.module.named_type(name)
            return
        body = self.type_of(body)
        if not isinstance(body, StructType):
            self._define_type_alias(name, body, c[0])
            return
        self.module.named_type(name).body = body

    def _define_type_alias(self, name, body, tok) -> None:
        """A named non-struct type is only another spelling of its body
        (LLVM resolves it away), so it must be defined before its uses."""
        if name in self.module.named_types or name in self.type_aliases:
            raise self.error(f"type '%{name}' is used before its definition as a "
                             "non-struct type", tok)
        self.type_aliases[name] = body

    def r_comdat_def(self, c):
        self.module.comdats.append(f"{c[0]} = comdat {c[1]}")

    def _text(self, x) -> str:
        """Source-like text of a subtree built by the rules (attributes and such)."""
        if x is None:
            return ""
        if isinstance(x, Token):
            return str(x)
        if isinstance(x, str):
            return x
        if isinstance(x, (list, tuple)):
            return " ".join(self._text(e) for e in x if e is not None and e != "")
        if isinstance(x, C.Constant) or isinstance(x, GlobalValue):
            return _typed(x, None)
        return str(x)

    def r_section(self, c):
        return f"section {c[0]}"

    def r_partition(self, c):
        return f"partition {c[0]}"

    def r_comdat(self, c):
        return f"comdat({c[0]})" if c[0] is not None else "comdat"

    def r_align(self, c):
        return f"align {c[0]}"

    def r_code_model(self, c):
        return f"code_model {c[0]}"

    def r_addrspace(self, c):
        return f"addrspace({c[0]})"

    def r_gc(self, c):
        return f"gc {c[0]}"

    def r_prefix(self, c):
        return "prefix " + self._text(c[0])

    def r_prologue(self, c):
        return "prologue " + self._text(c[0])

    def r_personality(self, c):
        return "personality " + self._text(c[0])

    def r_gv_flags(self, c):
        return c

    def _global_tail(self, items) -> str:
        """The options after a global's type or initializer, as source text."""
        text = ""
        for item in items:
            if isinstance(item, Token) and item.type in ("MD_ATTACHMENTS", "ALIGN"):
                text += str(item)          # these tokens include their leading comma
            elif isinstance(item, Token) and item.type == "ATTR_GROUP_REF":
                text += " " + str(item)
            else:
                text += ", " + self._text(item)
        return text

    def _addrspace_of(self, items, default: int = 0) -> int:
        """N of the `addrspace(N)` among `items`, else `default`."""
        for f in items or ():
            if isinstance(f, str) and f.startswith("addrspace("):
                return _addrspace_number(f)
        return default

    def r_global_var(self, c):
        name_tok, flags, kind, t, value = c[:5]
        t = self.type_of(t)
        gv = GlobalVariable(self.pointer_to(t, self._addrspace_of(flags)),
                            parse_identifier(name_tok), t, None, str(kind) == "constant",
                            self._text(flags), "", self._global_tail(c[5:]))
        self.define_global(gv, name_tok)
        gv.initializer = self.resolve(t, value)

    def r_global_decl(self, c):
        name_tok, flags, kind, t = c[:4]
        t = self.type_of(t)
        gv = GlobalVariable(self.pointer_to(t, self._addrspace_of(flags)),
                            parse_identifier(name_tok), t, None, str(kind) == "constant",
                            self._text(flags), "", self._global_tail(c[4:]))
        self.define_global(gv, name_tok)

    def _alias(self, keyword, c):
        name_tok, flags, t, target = c[:4]
        t = self.type_of(t)
        if isinstance(target, Pending):      # `alias i8, getelementptr (...)`
            target = target.make(self.pointer_to(t))
            if target.opcode == "getelementptr":      # in its base's address space
                target.type = self.pointer_to(
                    t, getattr(target.operands[0].type, "addrspace", 0))
        rest = self._global_tail(c[4:])
        text = " ".join(w for w in (self._text(flags), keyword, str(t)) if w)
        text += ", " + self._text(target) + rest
        # The alias lives in its aliasee's address space.
        space = getattr(target.type, "addrspace", 0)
        alias = GlobalAlias(self.pointer_to(t, space), parse_identifier(name_tok), text,
                            target, keyword, self._text(flags))
        self.define_global(alias, name_tok)

    def r_alias(self, c):
        self._alias("alias", c)

    def r_ifunc(self, c):
        self._alias("ifunc", c)

    def r_attribute_group(self, c):
        self.module.attribute_groups[str(c[0])[1:]] = " ".join(str(x) for x in c[1:])

    def r_named_metadata(self, c):
        refs = ", ".join(str(x) for x in c[1:] if x is not None)
        self.module.named_metadata.append(f"{c[0]} = !{{{refs}}}")

    def r_metadata_def(self, c):
        m = _METADATA_DEF.match(str(c[0]))
        if m.group(1) in self.module.metadata:
            # llvm-as notices only once the node is read: at the next token.
            line, column = self._next_token_position(c[0].end_pos)
            raise self.error_at("Metadata id is already used", line, column)
        self.module.metadata[m.group(1)] = (m.group(2) or "") + m.group(3)

    def _next_token_position(self, pos: int):
        """(line, column) of the first token at or after `pos`, past blanks and
        comments (at the end of the text: the line after the last newline)."""
        text = self.text
        while pos < len(text):
            if text[pos] == ";":
                end = text.find("\n", pos)
                pos = len(text) if end < 0 else end
            elif text[pos].isspace():
                pos += 1
            else:
                break
        line = text.count("\n", 0, pos) + 1
        return line, pos - (text.rfind("\n", 0, pos) + 1) + 1

    def r_uselistorder(self, c):
        if isinstance(c[0], Token) and c[0].type == "LABEL_REF":
            if self.fn is None:
                raise self.error("uselistorder of a label outside a function", c[0])
            self.fn.block_use_orders.append((self.label(c[0]), [int(x) for x in c[1:]]))
        elif self.fn is None:
            self.module.trailing.append("uselistorder " + self._text(c[0]) + ", { "
                                        + ", ".join(str(x) for x in c[1:]) + " }")

    def r_summary_entry(self, c):
        """Dropped: a summary describes the module as compiled, not as we rewrite
        it, and `opt -S` does not print one either."""

    def r_uselistorder_bb(self, c):
        self.module.trailing.append(f"uselistorder_bb {c[0]}, {c[1]}, {{ "
                                    + ", ".join(str(x) for x in c[2:]) + " }")

    # ------------------------------------------------------------------ functions
    def r_params(self, c):
        return [x for x in c if x is not None]

    def r_param(self, c):
        t, attrs, name = c
        return (self.type_of(t), str(attrs) if attrs is not None else "", name)

    def r_fn_flags(self, c):
        return c

    def r_fn_attrs(self, c):
        return c

    def r_fn_header(self, c):
        flags, ret, name_tok, params, attrs = c
        vararg = any(isinstance(p, Token) and p.type == "VARARGS" for p in params)
        params = [p for p in params if not isinstance(p, Token)]
        ftype = FunctionType(self.type_of(ret), tuple(p[0] for p in params), vararg)
        linkage = " ".join(str(f) for f in flags or () if f.type not in ("ATTR", "STRING_ATTR"))
        ret_attrs = " ".join(str(f) for f in flags or () if f.type in ("ATTR", "STRING_ATTR"))
        fn_attrs, metadata = [], []
        for a in attrs or ():
            if isinstance(a, Token) and a.type == "FN_MD_ATTACHMENT":
                metadata.append(_split_attachment(str(a)))
            else:
                fn_attrs.append(self._text(a))
        space = self._addrspace_of(fn_attrs, self.program_addrspace)
        fn = Function(parse_identifier(name_tok), ftype, self.pointer_to(ftype, space), None,
                      linkage, ret_attrs, " ".join(fn_attrs))
        fn.metadata = metadata
        self.define_global(fn, name_tok)
        self._start_function(fn)
        for arg, (t, arg_attrs, arg_name) in zip(fn.args, params):
            arg.attrs = arg_attrs
            if arg_name is not None:
                self.define_local(arg_name, arg)
            else:                          # `define void @f(i32)`: the argument is %0
                self.locals[str(self.next_slot)] = arg
                self.next_slot += 1
        return fn

    def r_function_decl(self, c):
        fn = c[-1]
        for a in c[:-1]:
            fn.metadata.append(_split_attachment(str(a)))
        self._start_function(None)

    def r_function_def(self, c):
        body = c[1]
        if isinstance(body, Token):                    # LAZY_BODY
            if self.lazy_body_of is None:
                raise self.error("a function body kept as text outside a lazy parse", body)
            self.fn.lazy_body = self.lazy_body_of(body)
            self.module.unread_bodies = True
        self._start_function(None)

    def enter_body(self, fn) -> None:
        """Read `fn`'s body (kept as text) next: its arguments are in scope."""
        self._start_function(fn)
        for arg in fn.args:
            if arg.name is not None:
                self.locals[arg.name] = arg
            else:
                self.locals[str(self.next_slot)] = arg
                self.next_slot += 1

    def leave_body(self) -> None:
        """After a body read by itself: what it left open, as `finish` does."""
        fn = self.fn
        self._start_function(None)
        self._settle([fn])

    def r_function_body(self, c):
        undefined = {}
        for name, tok in self.block_refs.items():
            if name not in self.locals:
                undefined[name] = (f"use of undefined block '%{name}'", tok)
            elif not isinstance(self.locals[name], BasicBlock):
                raise self.error(f"'%{name}' is not a basic block", tok)
        for name, placeholder in self.local_forward.items():
            undefined.setdefault(name, (f"use of undefined value '%{name}'", placeholder.token))
        if undefined:
            raise self.error(*undefined[_first_reported(undefined)])
        for phi, labels in self.phis:
            phi.blocks = [self.blocks[parse_identifier(t)] for t in labels]

    def r_basic_block(self, c):
        label, insts, records = c[0], [], []
        for item in c[1:]:
            if isinstance(item, I.DebugRecord):
                records.append(item)
            elif isinstance(item, I.Instruction):
                if records:
                    item.debug_records, records = records, []
                insts.append(item)
        if label is not None:
            self.labeled_blocks += 1
            raw = str(label)[:-1]
            name = parse_identifier("%" + raw)
            tok = Token("LOCAL_VAR", "%" + raw, line=label.line, column=label.column)
        else:
            name, tok = str(self.block_start), None     # implicitly numbered
        if name in self.locals:
            raise self.error(f"redefinition of block '%{name}'", tok)
        if tok is not None and is_slot_number(name):
            self._check_number("label", int(name), self.block_start, tok, "")
        block = self.blocks.get(name)
        if block is None:
            block = self.blocks[name] = BasicBlock(None, self.fn)
        block.name = None if is_slot_number(name) else self.fn.claim_name(name)
        self.locals[name] = block
        self.block_refs.pop(name, None)
        for inst in insts:
            block.append(inst)
        self.fn.blocks.append(block)
        first = int(name) + 1 if is_slot_number(name) else self.block_start
        self._number_unnamed(insts, first)
        self.block_start = None

    def _number_unnamed(self, insts, slot: int) -> None:
        """Give the block's unnamed values their slots, as LLParser does: the
        next number after the block (or the last explicitly numbered value).

        Done once the block is complete, since only then is it known whether the
        block itself took a number; uses seen earlier wait as placeholders."""
        for inst in insts:
            written = self.results.get(id(inst))
            if written is not None:
                number = parse_identifier(written)
                if is_slot_number(number):
                    self._check_number("instruction", int(number), slot, written, "%")
                    slot = int(number) + 1
            elif not inst.type.is_void:
                self.define_local(Token("LOCAL_VAR", f"%{slot}"), inst)
                slot += 1
        self.next_slot = max(self.next_slot, slot)

    def _check_number(self, what: str, number: int, expected: int, tok, sigil: str) -> None:
        """Explicit numbers must continue the count: exactly (LLVM 14, whose
        text has typed pointers) or at least (LLVM 19 allows gaps)."""
        if self.llvm14 and number != expected:
            raise self.error(f"{what} expected to be numbered '{sigil}{expected}'", tok)
        if number < expected:
            raise self.error(f"{what} expected to be numbered '{sigil}{expected}' or greater",
                             tok)

    def _begin_instruction(self) -> None:
        if self.block_start is None:
            # First instruction of a block: the first number free for the block.
            self.block_start = self.next_slot
            # Lark reduces on seeing the next token, which may be the next label.
            if self.labels_seen - self.lookahead_is_label == self.labeled_blocks and \
                    self.prev_line is not None:
                self._check_block_number_free(self.block_start, self.prev_line)

    def _check_block_number_free(self, number: int, line: int) -> None:
        """A block without a label takes the next number, which must not be
        a value used before (`br i1 %4, ...` then `%4 = icmp` after a
        terminator starts a block numbered 4); `line` is its first line."""
        if str(number) in self.local_forward:
            raise self.error_on_line(f"unable to create block numbered '{number}'", line)

    def _finish_instruction(self, c):
        result, inst = c[0], c[1]
        name_tok = None
        if result is not None:
            name_tok = Token("LOCAL_VAR", _result_name(result), line=result.line,
                             column=result.column)
        # Reduced on seeing the next line's first token: the previous token is this
        # instruction's last, and an instruction is one line.
        line = self.prev_line
        if line is not None:
            inst.location = (self.filename, line, self._line_start(line))
        if len(c) > 2 and c[2] is not None:
            inst.metadata += _attachments(str(c[2]))
        if name_tok is not None:
            if inst.type.is_void:
                raise self.error("instructions returning void cannot have a name", name_tok)
            self.define_local(name_tok, inst)
            self.results[id(inst)] = name_tok
        return inst

    def r_instruction(self, c):         # terminators too (aliased in the grammar)
        inst = self._finish_instruction(c)
        if inst.opcode in I.TERMINATORS:
            self.last_terminator_line = self.prev_line
        return inst

    def pending_block_error(self):
        """The error llvm-as gives first when a parse error comes inside a
        block without a label (a line moved after a terminator): its number
        was already used as a value, or its first instruction is numbered
        below it; None otherwise."""
        if self.fn is None or self.last_terminator_line is None:
            return None
        # The block's first instruction may have begun (its operands reduced).
        block_number = self.next_slot if self.block_start is None else self.block_start
        line = self._first_code_line_after(self.last_terminator_line)
        if line is None:
            return None
        code = self._line(line).split(";")[0].strip()
        if code.endswith(":"):
            return None                                  # the block has a label after all
        try:
            self._check_block_number_free(block_number, line)
            m = _NUMBERED_RESULT.match(code)
            if m:
                self._check_number("instruction", int(m.group(1)), block_number + 1, None, "%")
        except ParseError as e:
            return self.error_on_line(e.message, line)
        return None

    def _first_code_line_after(self, line: int):
        """The number of the first line after `line` with more than a comment."""
        self._line(line)                                 # splits the text once
        for number in range(line + 1, len(self._lines) + 1):
            if self._line(number).split(";")[0].strip():
                return number
        return None

    def r_dbg_record(self, c):
        ops, parts = [], [str(c[0]) + "("]
        for k, x in enumerate(c[1:]):
            if k:
                parts.append(", ")
            if isinstance(x, Token):
                parts.append(str(x))
            elif isinstance(x, C.MetadataValue) and x.args is not None:
                parts.append("!DIArgList(")
                for j, v in enumerate(x.args):
                    parts += [", " if j else "", (len(ops), True)]
                    ops.append(v)
                parts.append(")")
            else:
                parts.append((len(ops), True))
                ops.append(x)
        parts.append(")")
        return I.DebugRecord(ops, parts)

    # ------------------------------------------------------------------ instructions
    def _flags(self, f):
        return _FLAG_WORDS.findall(str(f)) if f is not None else []

    def r_flags(self, c):
        return c

    def r_binop(self, c):
        self._begin_instruction()
        op, flags, a, b = c
        return I.BinaryOp(str(op), a, self.resolve(a.type, b), self._flags(flags))

    def r_fneg(self, c):
        self._begin_instruction()
        return I.UnaryOp("fneg", c[1], self._flags(c[0]))

    def r_cast(self, c):
        self._begin_instruction()
        return I.Cast(str(c[0]), c[2], self.type_of(c[3]), self._flags(c[1]))

    def r_icmp(self, c):
        self._begin_instruction()
        flags, pred, a, b = c
        return I.Compare("icmp", str(pred), a, self.resolve(a.type, b), self._flags(flags))

    def r_fcmp(self, c):
        self._begin_instruction()
        flags, pred, a, b = c
        return I.Compare("fcmp", str(pred), a, self.resolve(a.type, b), self._flags(flags))

    def r_phi_incoming(self, c):
        return c

    def r_phi(self, c):
        self._begin_instruction()
        t = self.type_of(c[1])
        incoming = c[2:]
        phi = I.Phi(t, [(self.resolve(t, v), None) for v, _ in incoming], self._flags(c[0]))
        for _, label in incoming:
            self.block(label)
        self.phis.append((phi, [label for _, label in incoming]))
        return phi

    def r_select(self, c):
        self._begin_instruction()
        return I.Select(c[1], c[2], c[3], self._flags(c[0]))

    def r_freeze(self, c):
        self._begin_instruction()
        return I.Freeze(c[0])

    def r_va_arg(self, c):
        self._begin_instruction()
        t = self.type_of(c[1])
        return I.GenericInstruction("va_arg", t, [c[0]], ["va_arg ", (0, True), f", {t}"])

    def r_alloca(self, c):
        self._begin_instruction()
        inalloca, swifterror, t, count, align, space = c
        t = self.type_of(t)
        addrspace = int(space[10:-1]) if space else 0
        flags = [str(f) for f in (inalloca, swifterror) if f is not None]
        return I.Alloca(self.pointer_to(t, addrspace), t, count, _align(align), flags,
                        space or "")

    def _atomic_text(self, scope, ordering) -> str:
        return " ".join(str(x) for x in (scope, ordering) if x is not None)

    def r_load(self, c):
        self._begin_instruction()
        atomic, volatile, t, ptr, scope, ordering, align = c
        return I.Load(self.type_of(t), ptr, _align(align),
                      volatile is not None,
                      self._atomic_text(scope, ordering) if atomic is not None else "")

    def r_store(self, c):
        self._begin_instruction()
        atomic, volatile, value, ptr, scope, ordering, align = c
        return I.Store(value, ptr, _align(align),
                       volatile is not None,
                       self._atomic_text(scope, ordering) if atomic is not None else "")

    def r_gep(self, c):
        self._begin_instruction()
        flags, source, ptr, *indices = c
        source = self.type_of(source)
        flags = self._flags(flags)
        inrange = next((f for f in flags if f.startswith("inrange")), None)
        flags = [f for f in flags if not f.startswith("inrange")]
        rtype = self.gep_type(source, ptr.type, indices)
        return I.GetElementPtr(rtype, source, ptr, indices, flags, inrange)

    def gep_type(self, source, base_type, indices):
        vector = base_type if base_type.is_vector else next(
            (i.type for i in indices if i.type.is_vector), None)
        space = base_type.scalar.addrspace if base_type.scalar.is_pointer else 0
        if self.typed:
            inner = [_constant_index(i) for i in indices[1:]]
            pointee = _indexed_or_none(source, inner)
            if pointee is None:
                raise self.error_on_line("invalid getelementptr indices", self.prev_line)
            result = PointerType(pointee, space)
        else:
            result = PointerType(None, space)
        return VectorType(vector.count, result, vector.scalable) if vector is not None else result

    def r_cmpxchg(self, c):
        self._begin_instruction()
        weak, volatile, ptr, cmp, new, scope, success, failure, align = c
        head = "cmpxchg" + (" weak" if weak else "") + (" volatile" if volatile else "")
        tail = " " + " ".join(str(x) for x in (scope, success, failure) if x is not None)
        if align is not None:
            tail += str(align)
        t = StructType((cmp.type, I1))
        return I.GenericInstruction("cmpxchg", t, [ptr, cmp, new],
                                    [head + " ", (0, True), ", ", (1, True), ", ", (2, True),
                                     tail])

    def r_atomicrmw(self, c):
        self._begin_instruction()
        volatile, op, ptr, value, scope, ordering, align = c
        head = "atomicrmw" + (" volatile" if volatile else "") + f" {op} "
        tail = " " + " ".join(str(x) for x in (scope, ordering) if x is not None)
        if align is not None:
            tail += str(align)
        return I.GenericInstruction("atomicrmw", value.type, [ptr, value],
                                    [head, (0, True), ", ", (1, True), tail])

    def r_fence(self, c):
        self._begin_instruction()
        text = "fence " + " ".join(str(x) for x in c if x is not None)
        return I.GenericInstruction("fence", VOID, [], [text])

    def r_extractelement(self, c):
        self._begin_instruction()
        return I.ExtractElement(c[0], c[1])

    def r_insertelement(self, c):
        self._begin_instruction()
        return I.InsertElement(c[0], c[1], c[2])

    def r_shufflevector(self, c):
        self._begin_instruction()
        a, b, mask = c
        return I.ShuffleVector(VectorType(mask.type.count, a.type.element,
                                          mask.type.scalable), a, b, mask)

    def r_extractvalue(self, c):
        self._begin_instruction()
        indices = [int(i) for i in c[1:]]
        t = _indexed_or_none(c[0].type, indices)
        if t is None:
            raise self.error_on_line("invalid indices for extractvalue", self.prev_line)
        return I.ExtractValue(t, c[0], indices)

    def r_insertvalue(self, c):
        self._begin_instruction()
        return I.InsertValue(c[0], c[1], [int(i) for i in c[2:]])

    # -- calls -----------------------------------------------------------------------------
    def r_call_attrs(self, c):
        return c

    def r_call_fn_attrs(self, c):
        return " ".join(str(x) for x in c)

    def r_call_args(self, c):
        args = [x for x in c if x is not None and not isinstance(x, Token)]
        if any(isinstance(x, Token) and x.type == "VARARGS" for x in c):
            args.append(_FORWARD_VARARGS)
        return args

    def r_call_arg(self, c):
        t = self.type_of(c[0])
        attrs = str(c[1]) if c[1] is not None else ""
        return (self.resolve(t, c[2]), attrs)

    def r_metadata_arg(self, c):
        return (self._metadata_operand(c[1]), "")

    def _metadata_operand(self, x):
        if isinstance(x, Token):
            return C.MetadataValue(METADATA, None, str(x))
        if isinstance(x, C.MetadataValue):
            return x
        return C.MetadataValue(METADATA, x)

    def r_di_arg_list(self, c):
        return C.MetadataValue(METADATA, None, "", [v for v in c if v is not None
                                                    and not isinstance(v, Token)])

    def r_inline_asm(self, c):
        flags = [str(x) for x in c[:-2]]
        return ("asm", flags, str(c[-2])[1:-1], str(c[-1])[1:-1])

    def r_operand_bundles(self, c):
        return [x for x in c if x is not None]

    def r_operand_bundle(self, c):
        return (str(c[0])[1:-1], [x for x in c[1:] if x is not None])

    def _check_call_arguments(self, ftype, values) -> None:
        """Arguments against the call's written function type, as llvm-as does
        (reported on the call's line)."""
        problem = None
        if len(values) < len(ftype.params):
            problem = "not enough parameters specified for call"
        elif len(values) > len(ftype.params) and not ftype.vararg:
            problem = "too many parameters specified for call"
        else:
            for value, param in zip(values, ftype.params):
                if value.type != param:
                    problem = f"argument is not of expected type '{param}'"
                    break
        if problem is not None and self.prev_line is not None:
            raise self.error_on_line(problem, self.prev_line)

    def _call_common(self, call_attrs, ret, callee, args):
        forwards = _FORWARD_VARARGS in args
        args = [a for a in args if a is not _FORWARD_VARARGS]
        ret = self.type_of(ret)
        if isinstance(ret, FunctionType):
            ftype, explicit = ret, True
            self._check_call_arguments(ftype, [a for a, _ in args])
        else:
            ftype, explicit = FunctionType(ret, tuple(a.type for a, _ in args)), False
        cconv, ret_attrs, space = "", [], ""
        for a in call_attrs or ():
            if isinstance(a, Token) and a.type == "CCONV":
                cconv = str(a)
            elif isinstance(a, str) and a.startswith("addrspace("):
                space = a
            else:
                ret_attrs.append(str(a))
        ptr_type = self.pointer_to(
            ftype, _addrspace_number(space) if space else self.program_addrspace)
        if isinstance(callee, tuple) and callee[0] == "asm":
            callee = C.InlineAsm(ptr_type, callee[1], callee[2], callee[3])
        else:
            callee = self.resolve(ptr_type, callee)
        kw = dict(cconv=cconv, ret_attrs=" ".join(ret_attrs), addrspace_text=space,
                  explicit_type=explicit, arg_attrs=[attrs for _, attrs in args],
                  forwards_varargs=forwards)
        return ftype, callee, [v for v, _ in args], kw

    def r_call(self, c):
        self._begin_instruction()
        tail, flags, call_attrs, ret, callee, args, fn_attrs, bundles = c
        ftype, callee, values, kw = self._call_common(call_attrs, ret, callee, args)
        return I.Call(ftype, callee, values, tail=str(tail) if tail else "",
                      flags=self._flags(flags), fn_attrs=fn_attrs or "",
                      bundles=bundles or (), **kw)

    def r_invoke(self, c):
        self._begin_instruction()
        call_attrs, ret, callee, args, fn_attrs, bundles, normal, unwind = c
        ftype, callee, values, kw = self._call_common(call_attrs, ret, callee, args)
        return I.Invoke(ftype, callee, values, self.label(normal), self.label(unwind),
                        fn_attrs=fn_attrs or "", bundles=bundles or (), **kw)

    def r_label_list(self, c):
        return [self.label(t) for t in c if t is not None]

    def r_callbr(self, c):
        self._begin_instruction()
        call_attrs, ret, callee, args, fn_attrs, bundles, default, indirect = c
        ftype, callee, values, kw = self._call_common(call_attrs, ret, callee, args)
        return I.CallBr(ftype, callee, values, self.label(default), indirect,
                        fn_attrs=fn_attrs or "", bundles=bundles or (), **kw)

    # -- exception handling -------------------------------------------------------------------
    def r_landingpad_clause(self, c):
        return (str(c[0]), c[1])

    def r_landingpad(self, c):
        self._begin_instruction()
        t = self.type_of(c[0])
        parts = [f"landingpad {t}" + (" cleanup" if c[1] is not None else "")]
        ops = []
        for kind, value in c[2:]:
            parts += [f" {kind} ", (len(ops), True)]
            ops.append(value)
        return I.GenericInstruction("landingpad", t, ops, parts)

    def r_pad_args(self, c):
        return [x for x in c if x is not None]

    def _within(self, opcode, parent):
        """(operands, text parts) of `<opcode> within <parent> [`, the start
        that pads and catchswitch share: the parent pad is operand 0, or none."""
        ops, parts = [], [f"{opcode} within "]
        if isinstance(parent, Token) and parent.type == "NONE":
            parts.append("none")
        else:
            ops.append(self.resolve(SpecialType("token"), parent))
            parts.append((0, False))
        parts.append(" [")
        return ops, parts

    def _pad(self, opcode, c):
        self._begin_instruction()
        parent, args = c
        ops, parts = self._within(opcode, parent)
        for k, v in enumerate(args):
            if k:
                parts.append(", ")
            parts.append((len(ops), True))
            ops.append(v)
        parts.append("]")
        return I.GenericInstruction(opcode, SpecialType("token"), ops, parts)

    def r_cleanuppad(self, c):
        return self._pad("cleanuppad", c)

    def r_catchpad(self, c):
        return self._pad("catchpad", c)

    def r_catchswitch(self, c):
        self._begin_instruction()
        parent, handlers, unwind = c
        ops, parts = self._within("catchswitch", parent)
        for k, h in enumerate(handlers):
            parts += [", " if k else "", "label ", (len(ops), False)]
            ops.append(h)
        parts.append("] unwind ")
        self._unwind(unwind, ops, parts)
        return I.GenericInstruction("catchswitch", SpecialType("token"), ops, parts)

    def _unwind(self, dest, ops, parts):
        if isinstance(dest, Token) and dest.type == "CALLER":
            parts.append("to caller")
        else:
            parts += ["label ", (len(ops), False)]
            ops.append(self.label(dest))

    def r_catchret(self, c):
        self._begin_instruction()
        pad = self.resolve(SpecialType("token"), c[0])
        return I.GenericInstruction("catchret", VOID, [pad, self.label(c[1])],
                                    ["catchret from ", (0, False), " to label ", (1, False)])

    def r_cleanupret(self, c):
        self._begin_instruction()
        ops = [self.resolve(SpecialType("token"), c[0])]
        parts = ["cleanupret from ", (0, False), " unwind "]
        self._unwind(c[1], ops, parts)
        return I.GenericInstruction("cleanupret", VOID, ops, parts)

    def r_resume(self, c):
        self._begin_instruction()
        return I.GenericInstruction("resume", VOID, [c[0]], ["resume ", (0, True)])

    # -- terminators ------------------------------------------------------------------------
    def r_ret(self, c):
        self._begin_instruction()
        if isinstance(c[0], Token) and c[0].type == "VOID":
            return I.Return()
        return I.Return(c[0])

    def r_br(self, c):
        self._begin_instruction()
        return I.Branch(self.label(c[0]))

    def r_cond_br(self, c):
        self._begin_instruction()
        return I.Branch(c[0], self.label(c[1]), self.label(c[2]))

    def r_switch_case(self, c):
        return (c[0], self.label(c[1]))

    def r_switch(self, c):
        self._begin_instruction()
        return I.Switch(c[0], self.label(c[1]), c[2:])

    def r_indirectbr(self, c):
        self._begin_instruction()
        return I.IndirectBr(c[0], c[1])

    def r_unreachable(self, c):
        self._begin_instruction()
        return I.Unreachable()

    # ------------------------------------------------------------------ constants
    def r_array_const(self, c):
        return Pending(lambda t: C.ConstantAggregate(t, [x for x in c if x is not None]))

    r_struct_const = r_array_const
    r_packed_struct_const = r_array_const
    r_vector_const = r_array_const

    def r_const_cast(self, c):
        op, flags, value, to = c
        to = self.type_of(to)
        return Pending(lambda t: C.ConstantExpr(str(op), to, [value], self._flags(flags)))

    def r_const_gep(self, c):
        flags, source, base = self._flags(c[0]), self.type_of(c[1]), c[2]
        indices = []
        for x in c[3:]:
            if isinstance(x, Token) and x.type == "INRANGE":
                flags.append(f"<inrange:{len(indices)}>")
            elif x is not None:
                indices.append(x)
        return Pending(lambda t: _const_gep(t, source, base, indices, flags))

    def r_const_binop(self, c):
        op, flags, a, b = c
        return Pending(lambda t: C.ConstantExpr(str(op), a.type, [a, b], self._flags(flags)))

    def r_const_fneg(self, c):
        return Pending(lambda t: C.ConstantExpr("fneg", c[0].type, [c[0]]))

    def r_const_icmp(self, c):
        return Pending(lambda t: C.ConstantExpr("icmp", t, [c[1], c[2]], predicate=str(c[0])))

    def r_const_fcmp(self, c):
        return Pending(lambda t: C.ConstantExpr("fcmp", t, [c[1], c[2]], predicate=str(c[0])))

    def r_const_select(self, c):
        return Pending(lambda t: C.ConstantExpr("select", t, list(c)))

    def r_const_extractelement(self, c):
        return Pending(lambda t: C.ConstantExpr("extractelement", t, list(c)))

    def r_const_insertelement(self, c):
        return Pending(lambda t: C.ConstantExpr("insertelement", t, list(c)))

    def r_const_shufflevector(self, c):
        return Pending(lambda t: C.ConstantExpr("shufflevector", t, list(c)))

    def r_const_extractvalue(self, c):
        return Pending(lambda t: _IndexedConstExpr("extractvalue", t, [c[0]], c[1:]))

    def r_const_insertvalue(self, c):
        return Pending(lambda t: _IndexedConstExpr("insertvalue", t, [c[0], c[1]], c[2:]))

    def r_blockaddress(self, c):
        fn_tok, block_tok = c

        def make(t):
            fn = self.global_value(fn_tok, t)
            address = C.BlockAddress(t, fn, _NamedBlockRef(parse_identifier(block_tok)))
            self.block_addresses.append(address)
            return address
        return Pending(make)

    def r_dso_local_equivalent(self, c):
        return Pending(lambda t: C.GlobalWrapper(t, "dso_local_equivalent",
                                                 self.global_value(c[0], t)))

    def r_no_cfi(self, c):
        return Pending(lambda t: C.GlobalWrapper(t, "no_cfi", self.global_value(c[0], t)))

    def r_splat(self, c):
        return Pending(lambda t: C.ConstantExpr("splat", t, [c[0]]))

    def r_ptrauth(self, c):
        return Pending(lambda t: C.ConstantExpr("ptrauth", t, list(c)))

    # ------------------------------------------------------------------ the end
    def _declare_used_intrinsics(self) -> None:
        """LLVM 19 declares an intrinsic that is called without a declaration
        (`call double @llvm.fmuladd.f64(...)`), with the call's type."""
        for name, placeholder in sorted(self.global_forward.items()):   # LLVM's order
            if not name.startswith("llvm."):
                continue
            calls = [u for u in placeholder.users
                     if isinstance(u, I.CallBase) and u.callee is placeholder]
            if not calls:
                continue
            ftype = calls[0].function_type
            fn = Function(name, ftype, self.pointer_to(ftype, self.program_addrspace))
            self.define_global(fn, placeholder.token)

    def finish(self) -> None:
        undefined_types = [n for n in self.type_refs if n not in self.types_defined]
        if undefined_types:
            name = min(undefined_types)              # llvm-as: a sorted map, first name
            raise self.error(f"use of undefined type named '{name}'", self.type_refs[name])
        self._settle(self.module.functions, self.module.globals)
        self.module.typed_pointers = self.typed

    def _settle(self, functions, globals_=()) -> None:
        """Resolve what the text read so far left open: calls of undeclared
        intrinsics, globals used before their definition (in `functions`
        and `globals_`, which is where they can be), block addresses."""
        if not self.llvm14:
            self._declare_used_intrinsics()
        if self.global_forward:
            name = _first_reported(self.global_forward)
            raise self.error(f"use of undefined global '@{name}'",
                             self.global_forward[name].token)
        if self.patched:
            _patch_constants(globals_, functions, dict((id(p), g) for p, g in self.patched))
            self.patched = []
        self._resolve_block_addresses()

    def _resolve_block_addresses(self) -> None:
        """Each `blockaddress(@f, %bb)` refers to the block itself once @f is
        read, so it prints as the printer names the block (numbered labels
        may skip numbers, and the printer renumbers them).  A body kept as
        text is read for it."""
        addresses, self.block_addresses = self.block_addresses, []
        for address in addresses:
            fn = address.function
            if getattr(fn, "lazy_body", None) is not None:
                fn.materialize()
            blocks = self.blocks_of.get(id(fn), {})
            address.block = blocks.get(address.block.name, address.block)


_STRINGS_AND_COMMENTS = compile_cached(r'"[^"]*"|;[^\n]*')
_OPAQUE_PTR = compile_cached(r'(?<![-\w.$%@!#])ptr(?![-\w.$:])')   # not the label `ptr:`
_TYPED_PTR = LazyPattern(r'(?:\bi\d+|\b(?:half|bfloat|float|double|x86_fp80|fp128|void)'
                        r'|%[-\w.$]+|[\]}>)])\s*\*')


def _label_target(label_ref) -> Token:
    """The `%bb` of a `label %bb` token, as a token at its own position."""
    text = str(label_ref)
    name = text.split(None, 1)[1]
    return Token("LOCAL_VAR", name, line=label_ref.line,
                 column=label_ref.column + len(text) - len(name))


def _first_reported(names) -> str:
    """Of several undefined names, the one llvm-as reports: it keeps them in
    sorted maps, named ones first, then numbered ones by number."""
    named = sorted(n for n in names if not is_slot_number(n))
    return named[0] if named else min(names, key=int)


def pointer_dialect(text: str) -> Optional[str]:
    """"typed" for LLVM 14-style IR (`double*`), "opaque" for `ptr`, None
    when the text has no pointer type at all.

    Decided before parsing, because pointer types are created while parsing.
    """
    code = _STRINGS_AND_COMMENTS.sub("", text)
    if _OPAQUE_PTR.search(code):
        return "opaque"
    if _TYPED_PTR.search(code):
        return "typed"
    return None


class _NamedBlockRef:
    """The block operand of `blockaddress`, by name, until its function is
    read (then the block; see `_resolve_block_addresses`)."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name


class _IndexedConstExpr(C.ConstantExpr):
    __slots__ = ("indices",)

    def __init__(self, opcode, type, operands, indices):
        super().__init__(opcode, type, operands)
        self.indices = [int(i) for i in indices]


def _const_gep(t, source, base, indices, flags):
    inrange = [f for f in flags if f.startswith("<inrange:")]
    flags = [f for f in flags if not f.startswith("<inrange:")]
    e = C.ConstantExpr("getelementptr", t, [base, *indices], flags, source)
    if inrange:
        e.predicate = int(inrange[0][9:-1])      # position of LLVM 14's `inrange` index
    return e


# Marks a call argument list ending in `...` (a musttail call forwarding varargs).
_FORWARD_VARARGS = ("...",)


def _balanced(open_: str, close: str, depth: int) -> str:
    """Regex of a bracketed metadata operand on one line, nested up to `depth`
    levels (the attachment terminals of grammar/llvm.lark allow four)."""
    atom = rf'[^{open_}{close}"\n]|"[^"\n]*"'
    pattern = rf'\{open_}(?:{atom})*\{close}'
    for _ in range(depth - 1):
        pattern = rf'\{open_}(?:{atom}|{pattern})*\{close}'
    return pattern


_ATTACHMENT = compile_cached(r'!([-a-zA-Z$._\\][-a-zA-Z$._0-9\\]*)[ \t]+(![0-9]+|!'
                         + _balanced("{", "}", 4) + r'|![A-Za-z_][A-Za-z0-9_]*'
                         + _balanced("(", ")", 4) + ')')
_FLAG_WORDS = compile_cached(r"inrange\s*\([^)]*\)|\w+")
_NUMBERED_RESULT = LazyPattern(r"%(\d+)\s*=")
_METADATA_DEF = compile_cached(r"!(\d+)\s*=\s*(distinct\s+)?(.*)", re.S)


def _indexed_or_none(t, indices):
    """The type `indices` select inside `t`, or None where one is out of
    range (a struct's field beyond its last, or a number no index is)."""
    for i in indices:
        if t.is_struct:
            if not 0 <= i < len(t.elements):
                return None
            t = t.elements[i]
        elif t.is_array or t.is_vector:
            t = t.element
        else:
            return None
    return t


def _result_name(result) -> str:
    """`%x = ` -> `%x`; a quoted name may itself hold `=` (`%"a=b" = `)."""
    return str(result).rstrip().rstrip("=").rstrip()


def _constant_index(v) -> int:
    """A GEP index as a number; a struct index may be a splat vector `<i32 1, i32 1>`."""
    if isinstance(v, C.ConstantInt):
        return v.value
    if isinstance(v, C.ConstantAggregate) and v.elements:
        return _constant_index(v.elements[0])
    if isinstance(v, C.ConstantExpr) and v.opcode == "splat":
        return _constant_index(v.operands[0])
    return 0           # zeroinitializer, or an array index that does not matter


def _align(token):
    return int(str(token).split()[-1]) if token is not None else None


def _attachments(text: str) -> list:
    """(kind, value) of each attachment in an MD_ATTACHMENTS token."""
    if text.count("{") > 3 or text.count("(") > 3:    # maybe past the expression's depth
        return split_attachments(text)
    return [(m.group(1), m.group(2)) for m in _ATTACHMENT.finditer(text)]


def _split_attachment(text: str):
    m = _MD_ATTACHMENT.match(text.strip())
    if m is None:
        return ("unknown", text)
    return (m.group(1), m.group(2).strip())


def _patch_constants(globals_, functions, replacement: Dict[int, GlobalValue]) -> None:
    """Replace global placeholders inside aggregates and wrapped constants
    (bodies kept as text have none: they were not read)."""
    seen = set()

    def fix(c):
        if id(c) in replacement:         # every use, not just the first one seen
            return replacement[id(c)]
        if id(c) in seen:
            return c
        seen.add(id(c))
        if isinstance(c, C.ConstantAggregate):
            c.elements = [fix(e) for e in c.elements]
        elif isinstance(c, C.ConstantExpr):
            for i, op in enumerate(c.operands):
                new = fix(op)
                if new is not op:
                    c.operands[i] = new
        elif isinstance(c, C.BlockAddress):
            c.function = fix(c.function)
        elif isinstance(c, C.GlobalWrapper):
            c.target = fix(c.target)
        return c

    for gv in globals_:
        if isinstance(gv, GlobalVariable) and gv.initializer is not None:
            gv.initializer = fix(gv.initializer)
        elif isinstance(gv, GlobalAlias) and gv.aliasee is not None:
            gv.aliasee = fix(gv.aliasee)
    for fn in functions:
        if fn.lazy_body is not None:
            continue
        for inst in fn.instructions():
            for i, op in enumerate(inst.operands):
                if isinstance(op, C.Constant):
                    new = fix(op)
                    if new is not op:
                        inst.set_operand(i, new)
