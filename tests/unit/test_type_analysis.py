"""Type analysis pieces: TBAA nodes, periodic layouts, index strides, phis, accessors."""
from enzyme_opt.analysis.module_types import ModuleTypes
from enzyme_opt.analysis.tbaa import Tbaa
from enzyme_opt.analysis.type_analysis import WEAK, STRONG, MemoryLayout
from enzyme_opt.ir.parser import parse_module

# clang++-19 -O2 for struct S { double x; Kind k; double *p; double arr[3]; },
# struct Outer { int n; S s; }
CXX_TBAA = {
    "5": '!{i64 0, i64 8, !6, i64 8, i64 4, !10, i64 16, i64 8, !12, i64 24, i64 24, !14}',
    "6": '!{!7, !7, i64 0}',
    "7": '!{!"double", !8, i64 0}',
    "8": '!{!"omnipotent char", !9, i64 0}',
    "9": '!{!"Simple C++ TBAA"}',
    "10": '!{!11, !11, i64 0}',
    "11": '!{!"_ZTS4Kind", !8, i64 0}',
    "12": '!{!13, !13, i64 0}',
    "13": '!{!"any pointer", !8, i64 0}',
    "14": '!{!8, !8, i64 0}',
    "15": '!{!16, !11, i64 16}',
    "16": '!{!"_ZTS5Outer", !17, i64 0, !18, i64 8}',
    "17": '!{!"int", !8, i64 0}',
    "18": '!{!"_ZTS1S", !7, i64 0, !11, i64 8, !13, i64 16, !8, i64 24}',
}


def test_tbaa_access_kinds():
    tbaa = Tbaa(CXX_TBAA)
    assert tbaa.access_kind("!6") == "double"
    assert tbaa.access_kind("!12") == "ptr"
    assert tbaa.access_kind("!10") == "int"         # an enum is an integer
    assert tbaa.access_kind("!14") is None          # char / unions: anything


def test_tbaa_struct_copy_and_struct_path():
    tbaa = Tbaa(CXX_TBAA)
    # the array field is described as char: no kind for it
    assert tbaa.copied_fields("!5") == [(0, 8, "double"), (8, 4, "int"), (16, 8, "ptr")]
    # accessing Outer.s.k at 16: the enum field has no C scalar name, so it is
    # left out of the struct's fields; the others are placed in Outer.
    assert tbaa.struct_fields("!15") == (16, [(0, "int"), (8, "double"), (24, "ptr")])
    assert tbaa.struct_fields("!6") == (0, [])      # a scalar tag has no struct


def test_periodic_layout():
    layout = MemoryLayout()
    layout.put(0, 16, "double", STRONG)
    layout.put(8, 16, "ptr", STRONG)
    layout.put(0, 0, "int", WEAK)                   # weaker than the array's element
    assert layout.cells_in(40) == {0: "double", 8: "ptr", 16: "double", 24: "ptr",
                                   32: "double"}
    assert layout.at(8 + 16 * 7) == "ptr"
    assert layout.at(0) == "double"
    assert layout.describe() == "{16k: double, 16k+8: ptr}"
    assert not layout.put(16, 16, "int", STRONG)     # the first of equals stays


def _analysis(text, name):
    module = parse_module(text, "t.ll")
    fn = next(f for f in module.functions if f.name == name)
    return ModuleTypes(module).analysis(fn), fn


def test_scaled_index_and_pointer_phi():
    ta, fn = _analysis("""
define void @f(ptr %a, ptr %b, i64 %i, i64 %n) {
entry:
  %off = shl i64 %i, 4
  %at = getelementptr inbounds i8, ptr %a, i64 %off
  %w = getelementptr inbounds i8, ptr %at, i64 8
  store ptr null, ptr %w, align 8
  br label %loop
loop:
  %p = phi ptr [ %b, %entry ], [ %next, %loop ]
  store float 0.0, ptr %p, align 4
  %next = getelementptr inbounds i8, ptr %p, i64 4
  %more = icmp ne ptr %next, null
  br i1 %more, label %loop, label %done
done:
  ret void
}
""", "f")
    a, b = fn.args[0], fn.args[1]
    assert ta.region(a).describe() == "{16k+8: ptr}"
    assert ta.region(b).describe() == "{4k: float}"


def test_accessor_returns_its_argument_moved():
    # clang -O0: `rec(buf, k)` returns buf + 8k; stores through it type buf
    ta, fn = _analysis("""
define internal ptr @rec(ptr %buf, i64 %k) {
  %off = mul nsw i64 %k, 8
  %at = getelementptr inbounds i8, ptr %buf, i64 %off
  ret ptr %at
}
define void @fill(ptr %buf, i64 %k) {
  %p = call ptr @rec(ptr %buf, i64 %k)
  store double 1.0, ptr %p, align 8
  ret void
}
""", "fill")
    assert ta.region(fn.args[0]).describe() == "{8k: double}"
