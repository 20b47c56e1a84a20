"""Textual IR printer: the inverse of the parser.

Unnamed values are numbered as LLVM numbers them (arguments, then blocks
and instructions in order), so a parsed module prints back with the same
slots.  Pointer types print in the module's own dialect because they were
made by it.
"""
from __future__ import annotations

from typing import Dict, List

from . import constants as C
from . import instructions as I
from .module import Function, GlobalAlias, GlobalValue, GlobalVariable, Module
from .names import format_global, format_label, format_local, is_slot_number
from .types import NamedStructType


def value_ref(value) -> str:
    """A reference without slot numbers (for repr and error messages)."""
    if isinstance(value, GlobalValue):
        return format_global(value.name)
    if isinstance(value, C.Constant):
        return _constant(value, None)
    return format_local(value.name) if value.name else "%<unnamed>"


class SlotTracker:
    """Numbers the unnamed values of one function, and remembers the
    spelling of each of its values: a value is spelled at its definition
    and at each use."""

    def __init__(self, fn: Function):
        self.slots: Dict[int, int] = {}
        self.refs: Dict[int, str] = {}          # id(local value) -> its spelling
        n = 0
        for arg in fn.args:
            n = self._number(arg, n)
        # A body kept as text has its own numbers in it; only arguments here.
        for block in fn._blocks:
            n = self._number(block, n)
            for inst in block.instructions:
                if inst.name or not inst.type.is_void:
                    n = self._number(inst, n)

    def _number(self, value, n: int) -> int:
        """Spell `value`, numbering it `n` if unnamed; the next number."""
        if value.name:
            self.refs[id(value)] = format_local(value.name)
            return n
        self.slots[id(value)] = n
        self.refs[id(value)] = f"%{n}"
        return n + 1

    def ref(self, value) -> str:
        text = self.refs.get(id(value))
        if text is not None:
            return text
        if value.name:
            return format_local(value.name)
        raise ValueError(f"value {value!r} is not in the function being printed")


def _constant(c, slots) -> str:
    """The spelling of a constant as an operand (without its type)."""
    if isinstance(c, C.ConstantInt):
        if c.type.bits == 1:
            return "true" if c.value & 1 else "false"      # LLVM truncates `i1 2`
        return str(c.value)
    if isinstance(c, C.ConstantFloat):
        return c.text
    if isinstance(c, C.ConstantNull):
        return "null"
    if isinstance(c, C.ConstantZero):
        return "zeroinitializer"
    if isinstance(c, C.ConstantUndef):
        return "undef"
    if isinstance(c, C.ConstantPoison):
        return "poison"
    if isinstance(c, C.ConstantNone):
        return "none"
    if isinstance(c, C.ConstantString):
        return f'c"{c.text}"'
    if isinstance(c, C.ConstantAggregate):
        return _aggregate(c, slots)
    if isinstance(c, C.ConstantExpr):
        return _constant_expr(c, slots)
    if isinstance(c, C.BlockAddress):
        block = _block_ref_in(c.function, c.block)
        return f"blockaddress({format_global(c.function.name)}, {block})"
    if isinstance(c, C.GlobalWrapper):
        return f"{c.keyword} {format_global(c.target.name)}"
    if isinstance(c, C.InlineAsm):
        flags = "".join(" " + f for f in c.flags)
        return f'asm{flags} "{c.code}", "{c.constraints}"'
    if isinstance(c, C.MetadataValue):
        if c.value is not None:
            return f"{c.value.type} {_ref(c.value, slots)}"
        if c.args is not None:
            return "!DIArgList(" + ", ".join(_typed(v, slots) for v in c.args) + ")"
        return c.text
    raise TypeError(f"cannot print constant {type(c).__name__}")


def _block_ref_in(fn, block) -> str:
    if block.name:
        return format_local(block.name)
    return SlotTracker(fn).ref(block)


def _aggregate(c, slots) -> str:
    inner = ", ".join(f"{e.type} {_ref(e, slots)}" for e in c.elements)
    t = c.type
    if t.is_vector:
        return f"<{inner}>"
    if t.is_array:
        return f"[{inner}]"
    body = "{ " + inner + " }" if inner else "{}"
    return "<" + body + ">" if t.packed else body


def _constant_expr(c, slots) -> str:
    op = c.opcode
    flags = "".join(" " + f for f in c.flags)
    ops = c.operands
    if op in I.CAST_OPS:
        return f"{op}{flags} ({_typed(ops[0], slots)} to {c.type})"
    if op == "getelementptr":
        inrange = c.predicate + 1 if isinstance(c.predicate, int) else None
        args = ", ".join([str(c.source_type)] + [
            ("inrange " if k == inrange else "") + _typed(v, slots) for k, v in enumerate(ops)])
        return f"getelementptr{flags} ({args})"
    if op in ("icmp", "fcmp"):
        return f"{op}{flags} {c.predicate} ({_typed(ops[0], slots)}, {_typed(ops[1], slots)})"
    args = [_typed(v, slots) for v in ops] + [str(i) for i in getattr(c, "indices", ())]
    return f"{op}{flags} ({', '.join(args)})"


def _ref(value, slots) -> str:
    if slots is not None:
        text = slots.refs.get(id(value))
        if text is not None:             # a value of the function: the most common
            return text
    if isinstance(value, GlobalValue):
        return format_global(value.name)
    if isinstance(value, C.Constant):
        return _constant(value, slots)
    if slots is None:
        return value_ref(value)
    return slots.ref(value)


def _typed(value, slots) -> str:
    return f"{value.type} {_ref(value, slots)}"


def _flags(words) -> str:
    return "".join(" " + w for w in words)


def _align(align) -> str:
    return f", align {align}" if align is not None else ""


class FunctionPrinter:
    def __init__(self, fn: Function):
        self.fn = fn
        self.slots = SlotTracker(fn)

    def ref(self, v) -> str:
        return _ref(v, self.slots)

    def typed(self, v) -> str:
        return _typed(v, self.slots)

    def label(self, block) -> str:
        return "label " + self.slots.ref(block)

    # -- one method per instruction shape, dispatched by class name ---------
    def BinaryOp(self, i):
        a, b = i.operands
        return f"{i.opcode}{_flags(i.flags)} {i.type} {self.ref(a)}, {self.ref(b)}"

    def UnaryOp(self, i):
        return f"{i.opcode}{_flags(i.flags)} {self.typed(i.operands[0])}"

    def Cast(self, i):
        return f"{i.opcode}{_flags(i.flags)} {self.typed(i.operands[0])} to {i.type}"

    def Compare(self, i):
        a, b = i.operands
        return f"{i.opcode}{_flags(i.flags)} {i.predicate} {self.typed(a)}, {self.ref(b)}"

    def Phi(self, i):
        pairs = ", ".join(f"[ {self.ref(v)}, {self.slots.ref(b)} ]" for v, b in i.incoming)
        return f"phi{_flags(i.flags)} {i.type} {pairs}"

    def Select(self, i):
        return f"select{_flags(i.flags)} " + ", ".join(self.typed(v) for v in i.operands)

    def Freeze(self, i):
        return f"freeze {self.typed(i.operands[0])}"

    def Alloca(self, i):
        text = f"alloca{_flags(i.flags)} {i.allocated_type}"
        if i.count is not None:
            text += ", " + self.typed(i.count)
        text += _align(i.align)
        if i.addrspace_text:
            text += ", " + i.addrspace_text
        return text

    def Load(self, i):
        head = "load atomic" if i.atomic else "load"
        vol = " volatile" if i.volatile else ""
        atomic = " " + i.atomic if i.atomic else ""
        return f"{head}{vol} {i.type}, {self.typed(i.pointer)}{atomic}{_align(i.align)}"

    def Store(self, i):
        head = "store atomic" if i.atomic else "store"
        vol = " volatile" if i.volatile else ""
        atomic = " " + i.atomic if i.atomic else ""
        return (f"{head}{vol} {self.typed(i.value)}, {self.typed(i.pointer)}"
                f"{atomic}{_align(i.align)}")

    def GetElementPtr(self, i):
        flags = list(i.flags)
        if isinstance(i.inrange, str):
            flags.append(i.inrange)
        parts = [str(i.source_type)]
        for pos, v in enumerate(i.operands):
            prefix = "inrange " if i.inrange == pos else ""
            parts.append(prefix + self.typed(v))
        return f"getelementptr{_flags(flags)} " + ", ".join(parts)

    def _call_args(self, i) -> str:
        out = []
        for v, attrs in zip(i.args, i.arg_attrs):
            attrs = " " + attrs if attrs else ""
            out.append(f"{v.type}{attrs} {self.ref(v)}")
        if i.forwards_varargs:
            out.append("...")
        return ", ".join(out)

    def _call_tail(self, i) -> str:
        text = ""
        if i.fn_attrs:
            text += " " + i.fn_attrs
        if i.bundles:
            bundles = []
            for tag, vals in i.bundle_operands():
                bundles.append(f'"{tag}"(' + ", ".join(self.typed(v) for v in vals) + ")")
            text += " [ " + ", ".join(bundles) + " ]"
        return text

    def _call_head(self, i) -> str:
        words = [i.opcode] + i.flags
        if i.cconv:
            words.append(i.cconv)
        if i.ret_attrs:
            words.append(i.ret_attrs)
        if i.addrspace_text:
            words.append(i.addrspace_text)
        callee_type = i.function_type if i.explicit_type else i.function_type.ret
        words.append(str(callee_type))
        return (" ".join(words) + f" {self.ref(i.callee)}({self._call_args(i)})"
                + self._call_tail(i))

    def Call(self, i):
        head = self._call_head(i)
        return f"{i.tail} {head}" if i.tail else head

    def Invoke(self, i):
        normal, unwind = i.successors
        return f"{self._call_head(i)} to {self.label(normal)} unwind {self.label(unwind)}"

    def CallBr(self, i):
        default, *indirect = i.successors
        return (f"{self._call_head(i)} to {self.label(default)} ["
                + ", ".join(self.label(b) for b in indirect) + "]")

    def Return(self, i):
        return f"ret {self.typed(i.value)}" if i.value is not None else "ret void"

    def Branch(self, i):
        if i.is_conditional:
            c, t, f = i.operands
            return f"br {self.typed(c)}, {self.label(t)}, {self.label(f)}"
        return f"br {self.label(i.operands[0])}"

    def Switch(self, i):
        cases = "".join(f"    {self.typed(v)}, {self.label(b)}\n" for v, b in i.cases)
        return f"switch {self.typed(i.condition)}, {self.label(i.default)} [\n{cases}  ]"

    def IndirectBr(self, i):
        dests = ", ".join(self.label(b) for b in i.successors)
        return f"indirectbr {self.typed(i.operands[0])}, [{dests}]"

    def Unreachable(self, i):
        return "unreachable"

    def ExtractValue(self, i):
        return f"extractvalue {self.typed(i.operands[0])}, " + ", ".join(map(str, i.indices))

    def InsertValue(self, i):
        a, v = i.operands
        return f"insertvalue {self.typed(a)}, {self.typed(v)}, " + ", ".join(map(str, i.indices))

    def ExtractElement(self, i):
        return "extractelement " + ", ".join(self.typed(v) for v in i.operands)

    def InsertElement(self, i):
        return "insertelement " + ", ".join(self.typed(v) for v in i.operands)

    def ShuffleVector(self, i):
        return "shufflevector " + ", ".join(self.typed(v) for v in i.operands)

    def DebugRecord(self, i):
        return self.GenericInstruction(i)

    def GenericInstruction(self, i):
        out = []
        for part in i.parts:
            if isinstance(part, str):
                out.append(part)
            else:
                index, typed = part
                v = i.operands[index]
                out.append(self.typed(v) if typed else self.ref(v))
        return "".join(out)

    # -- whole function ------------------------------------------------------------
    def instruction(self, inst) -> str:
        body = getattr(self, type(inst).__name__)(inst)
        if not inst.type.is_void and inst.opcode not in ("store",):
            body = f"{self.slots.ref(inst)} = {body}"
        for kind, text in inst.metadata:
            body += f", !{kind} {text}"
        if inst.debug_records:
            return "".join(f"    {self.DebugRecord(r)}\n" for r in inst.debug_records) \
                + "  " + body
        return "  " + body

    def lines(self, out: List[str]) -> None:
        fn = self.fn
        defined = not fn.is_declaration
        params = []
        for arg in fn.args:
            attrs = " " + arg.attrs if arg.attrs else ""
            name = " " + self.slots.ref(arg) if defined else ""
            params.append(f"{arg.type}{attrs}{name}")
        if fn.function_type.vararg:
            params.append("...")
        head = ["define" if defined else "declare"]
        if not defined:
            # A declaration's attachments stand right after `declare`.
            head += [f"!{kind} {md}" for kind, md in fn.metadata]
        if fn.linkage:
            head.append(fn.linkage)
        if fn.ret_attrs:
            head.append(fn.ret_attrs)
        head.append(str(fn.return_type))
        text = " ".join(head) + f" {format_global(fn.name)}({', '.join(params)})"
        if fn.attrs:
            text += " " + fn.attrs
        if not defined:
            out.append(text)
            return
        for kind, md in fn.metadata:
            text += f" !{kind} {md}"
        out.append(text + " {")
        if fn.lazy_body is not None:
            # Read from text that LLVM checked, and unchanged since: as it was.
            out.append(fn.lazy_body.text.rstrip())
            out.append("}")
            return
        for index, block in enumerate(fn.blocks):
            if index > 0:
                out.append("")
            if block.name:
                out.append(format_label(block.name))
            elif index > 0:
                out.append(f"{self.slots.ref(block)[1:]}:")
            for inst in block.instructions:
                out.append(self.instruction(inst))
        orders = self.block_use_orders()
        if orders:
            out.append("")
            out.extend(orders)
        out.append("}")

    def block_use_orders(self) -> List[str]:
        """The `uselistorder label` directives still valid for the body: the
        block is in the function and has as many terminator uses as indexes."""
        fn = self.fn
        lines = []
        for block, indexes in getattr(fn, "block_use_orders", ()):
            if not any(b is block for b in fn.blocks):
                continue
            uses = sum(1 for user, _ in block.uses
                       if getattr(user, "is_terminator", False)
                       and getattr(user, "parent", None) is not None
                       and user.parent.parent is fn)
            if uses != len(indexes) or sorted(indexes) != list(range(uses)) \
                    or indexes == sorted(indexes):
                continue
            lines.append(f"  uselistorder {self.label(block)}, {{ "
                         + ", ".join(str(i) for i in indexes) + " }")
        return lines


def print_global(gv: GlobalValue) -> str:
    name = format_global(gv.name)
    if isinstance(gv, GlobalAlias):
        return f"{name} = {gv.text}"
    assert isinstance(gv, GlobalVariable)
    words = [w for w in (gv.linkage, gv.pre_attrs) if w]
    words.append("constant" if gv.is_constant_global else "global")
    words.append(str(gv.value_type))
    if gv.initializer is not None:
        words.append(_ref(gv.initializer, None))
    return f"{name} = " + " ".join(words) + gv.attrs


def print_module(module: Module) -> str:
    out: List[str] = []
    if module.source_filename is not None:
        out.append(f'source_filename = "{module.source_filename}"')
    if module.datalayout is not None:
        out.append(f'target datalayout = "{module.datalayout}"')
    if module.triple is not None:
        out.append(f'target triple = "{module.triple}"')
    for text in module.module_asm:
        out.append(f'module asm "{text}"')
    if out:
        out.append("")
    section(out, [f"{format_local(name)} = type {body}"
                  for name, body in module.type_aliases.items()]
            + [named_type_definition(t) for t in module.type_order])
    section(out, module.comdats)
    for group in _global_groups(module):
        if isinstance(group, Function):
            FunctionPrinter(group).lines(out)
            out.append("")
        else:
            section(out, [print_global(g) for g in group])
    section(out, [f"attributes #{k} = {{ {v} }}" for k, v in module.attribute_groups.items()])
    section(out, module.named_metadata)
    section(out, [f"!{k} = {v}" for k, v in module.metadata.items()])
    section(out, module.trailing)
    return "\n".join(out).rstrip("\n") + "\n"


def _global_groups(module: Module) -> list:
    """Runs of global variables (and aliases), and functions, in print order.

    Globals first, then functions, as LLVM prints them; but numbered ones
    (`@0`, `declare void @1()`) must appear in increasing order, so when
    there are any the module's own order is kept.
    """
    order = module.globals + module.functions
    if not any(is_slot_number(g.name) for g in order):
        return [module.globals] + module.functions
    groups: list = []
    for g in sorted(order, key=lambda g: g.position):
        if isinstance(g, Function):
            groups.append(g)
        elif groups and isinstance(groups[-1], list):
            groups[-1].append(g)
        else:
            groups.append([g])
    return groups


def section(out: List[str], lines: List[str]) -> None:
    if lines:
        out.extend(lines)
        out.append("")


def named_type_definition(t: NamedStructType) -> str:
    body = "opaque" if t.body is None else t.body.body_text()
    return f"{format_local(t.name)} = type {body}"
