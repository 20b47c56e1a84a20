"""The SSA model: building, use lists, RAUW, erasing, printing in both dialects."""
import llvmlite.binding as llvm
import pytest

from enzyme_opt.ir import Builder, Function, Module, print_module
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.parser import parse_module
from enzyme_opt.ir.types import DOUBLE, I32, FunctionType


def make(typed: bool):
    m = Module()
    m.typed_pointers = typed
    ft = FunctionType(DOUBLE, (DOUBLE, m.pointer_to(DOUBLE)))
    f = m.add_function(Function("f", ft, m.pointer_to(ft), ["x", None]))
    return m, f


@pytest.mark.parametrize("typed", [False, True])
def test_build_print_verify(typed):
    m, f = make(typed)
    b = Builder(f.add_block("entry"))
    y = b.fmul(f.args[0], f.args[0], "y")
    v = b.load(DOUBLE, f.args[1], align=8)
    b.ret(b.fadd(y, v))
    text = print_module(m)
    assert ("double*" in text) == typed
    assert ("ptr" in text) == (not typed)
    llvm.parse_assembly(text).verify()
    # unnamed values are numbered after the unnamed argument, like LLVM does
    assert "%1 = load double" in text and "%2 = fadd double %y, %1" in text


def test_use_lists_and_rauw():
    m, f = make(False)
    b = Builder(f.add_block("entry"))
    x = f.args[0]
    y = b.fmul(x, x, "y")
    z = b.fadd(y, x, "z")
    b.ret(z)
    assert [(u, i) for u, i in x.uses] == [(y, 0), (y, 1), (z, 1)]
    w = Builder().position_before(z).fneg(x, "w")
    y.replace_all_uses_with(w)
    assert z.operands[0] is w and not y.has_uses()
    y.erase()
    assert y.parent is None and [(u, i) for u, i in x.uses] == [(z, 1), (w, 0)]
    llvm.parse_assembly(print_module(m)).verify()


def test_erase_with_uses_is_refused():
    m, f = make(False)
    b = Builder(f.add_block("entry"))
    y = b.fmul(f.args[0], f.args[0], "y")
    b.ret(y)
    with pytest.raises(AssertionError):
        y.erase()



CLANG14_DECLARED_SLOT = """define double @f(double %x) !dbg !4 {
  %a = alloca double, align 8
  call void @llvm.dbg.declare(metadata double* %a, metadata !9, metadata !DIExpression()), !dbg !10
  store double %x, double* %a, align 8
  %v = load double, double* %a, align 8
  ret double %v
}
declare void @llvm.dbg.declare(metadata, metadata, metadata)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, retainedNodes: !6)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!8 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!9 = !DILocalVariable(name: "a", scope: !4, file: !1, line: 1, type: !8)
!10 = !DILocation(line: 1, column: 1, scope: !4)
"""


def test_erase_turns_a_debug_intrinsics_metadata_operand_into_poison():
    # clang 14's `call @llvm.dbg.declare(metadata double* %a, ...)`: the
    # wrapper is no real use, so the slot can go, as with debug records.
    m = parse_module(CLANG14_DECLARED_SLOT, "a.ll")
    f = m.get("f")
    slot = next(i for i in f.instructions() if isinstance(i, I.Alloca))
    for user in list(slot.users):
        if isinstance(user, I.Load):
            user.replace_all_uses_with(f.args[0])
        if isinstance(user, (I.Store, I.Load)):
            user.erase()
    slot.erase()
    text = print_module(m)
    assert "metadata double* poison" in text and "alloca" not in text


def test_name_uniquing_and_cfg():
    m, f = make(False)
    entry, other = f.add_block("bb"), f.add_block("bb")
    assert entry.name == "bb" and other.name != "bb"
    b = Builder(entry)
    c = b.fcmp("olt", f.args[0], b.float(DOUBLE, 0.0), "c")
    b.cond_br(c, other, other)
    b.position_at_end(other)
    p = b.phi(DOUBLE, [(f.args[0], entry), (f.args[0], entry)])
    b.ret(p)
    assert other.predecessors == [entry]
    assert entry.successors == [other, other]
    assert isinstance(entry.terminator, I.Branch)
    llvm.parse_assembly(print_module(m)).verify()


def test_quoted_names_print_escaped():
    m = Module()
    ft = FunctionType(I32, ())
    f = m.add_function(Function('odd "name"', ft, m.pointer_to(ft)))
    Builder(f.add_block("entry")).ret(Builder.i32(7))
    text = print_module(m)
    assert '@"odd \\22name\\22"()' in text
    llvm.parse_assembly(text).verify()


def test_every_use_of_a_global_defined_later_is_the_definition():
    module = parse_module("@t = global [3 x ptr] [ptr @f, ptr @f, ptr blockaddress(@f, %1)]\n"
                          "define void @f() {\nentry:\n  br label %1\n\n1:\n  ret void\n}\n")
    f = module.symbols["f"]
    elements = module.symbols["t"].initializer.elements
    assert elements[0] is f and elements[1] is f
    assert elements[2].function is f and elements[2].block is f.blocks[1]


def test_erased_instruction_keeps_its_id():
    """Analyses key sets by id(): an erased instruction must stay alive, or
    a new instruction could get its id and be taken for it (a shadow malloc
    taken for an erased call that had a shadow)."""
    import gc
    import weakref
    m, f = make(False)
    b = Builder(f.add_block("entry"))
    dead = b.fmul(f.args[0], f.args[0], "dead")
    b.ret(f.args[0])
    ref = weakref.ref(dead)
    dead.erase()
    del dead
    gc.collect()
    assert ref() is not None
