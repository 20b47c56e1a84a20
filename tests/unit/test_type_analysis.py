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


# flang-new-19 -O1: its own type names under a per-function root
FLANG_TBAA = {
    "3": '!{!4, !4, i64 0}',
    "4": '!{!"any data access", !5, i64 0}',
    "5": '!{!"any access", !6, i64 0}',
    "6": '!{!"Flang function root relaxed"}',
    "7": '!{!8, !8, i64 0}',
    "8": '!{!"dummy arg data/_QMkernelsFrelaxedEx", !9, i64 0}',
    "9": '!{!"dummy arg data", !4, i64 0}',
    "10": '!{!11, !11, i64 0}',
    "11": '!{!"descriptor member", !5, i64 0}',
}


def test_tbaa_names_of_other_frontends_are_unknown():
    """flang tags real arrays "any data access": read as an integer, a copy
    of active reals was inactive (a zero gradient)."""
    tbaa = Tbaa(FLANG_TBAA)
    assert tbaa.access_kind("!3") is None
    assert tbaa.access_kind("!7") is None
    assert tbaa.access_kind("!10") == "int"     # extents, strides, sizes


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


# clang++-19 -O2 -Xclang -new-struct-path-tbaa for
# struct Dims { long d[2]; }; struct T { double *data; Dims dims; }
NEW_FORMAT_TBAA = {
    "5": '!{!6, !6, i64 0, i64 8}',
    "6": '!{!7, i64 8, !"any pointer"}',
    "7": '!{!8, i64 1, !"omnipotent char"}',
    "8": '!{!"Simple C++ TBAA"}',
    "9": '!{!10, !10, i64 0, i64 8}',
    "10": '!{!7, i64 8, !"long"}',
    "11": '!{!12, !6, i64 0, i64 8}',
    "12": '!{!7, i64 24, !"_ZTS1T", !6, i64 0, i64 8, !13, i64 8, i64 16}',
    "13": '!{!7, i64 16, !"_ZTS4Dims", !10, i64 0, i64 8, !10, i64 8, i64 8}',
    "14": '!{i64 0, i64 8, !5, i64 8, i64 16, !9}',
}


def test_tbaa_new_struct_path_format():
    tbaa = Tbaa(NEW_FORMAT_TBAA)
    assert tbaa.access_kind("!5") == "ptr"
    assert tbaa.access_kind("!9") == "int"
    assert tbaa.struct_fields("!11") == (0, [(0, "ptr"), (8, "int"), (16, "int")])
    assert tbaa.copied_fields("!14") == [(0, 8, "ptr"), (8, 16, "int")]


_FIELD_MODULE = """
define double @coeff(ptr %t, i64 %i) {
  %data = load ptr, ptr %t, align 8, !tbaa !11
  %at = getelementptr inbounds double, ptr %data, i64 %i
  %v = load double, ptr %at, align 8
  ret double %v
}
define void @copy_out(ptr %t, ptr %dst, i64 %n) {
  %data = load ptr, ptr %t, align 8, !tbaa !11
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %data, i64 %n, i1 false)
  ret void
}
OTHER
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
""" + "".join(f"!{k} = {v}\n" for k, v in NEW_FORMAT_TBAA.items())


def _copy_kinds(text):
    module = parse_module(text, "t.ll")
    fns = {f.name: f for f in module.functions}
    types = ModuleTypes(module)
    for name in fns:                    # no API call: analyse every function
        if not fns[name].is_declaration:
            types.analysis(fns[name])
    ta = types.analysis(fns["copy_out"])
    call = next(i for i in fns["copy_out"].instructions() if i.opcode == "call")
    return ta.copy_layout(call).kinds()


def test_pointer_field_points_to_what_it_is_read_as_elsewhere():
    # copy_out's memcpy of n bytes from t->data: coeff reads t->data as doubles
    assert _copy_kinds(_FIELD_MODULE.replace("OTHER", "")) == {"double"}


def test_pointer_field_read_as_two_types_says_nothing():
    # another function reads the same field's pointee as i32: no agreement,
    # the copy's bytes stay unknown (and the AD refuses it where it matters)
    other = """
define i32 @as_int(ptr %t) {
  %data = load ptr, ptr %t, align 8, !tbaa !11
  %v = load i32, ptr %data, align 4, !tbaa !9
  ret i32 %v
}"""
    assert "double" not in _copy_kinds(_FIELD_MODULE.replace("OTHER", other))


# A chain of calls that passes pointers down and back (d -> c -> b -> a),
# a recursive function and a pointer returned: summaries take several rounds.
_CHAIN_MODULE = """
define double @a(ptr %p) {
  %v = load double, ptr %p, align 8
  ret double %v
}
define ptr @b(ptr %p) {
  %q = getelementptr inbounds i8, ptr %p, i64 8
  %v = call double @a(ptr %q)
  ret ptr %q
}
define void @c(ptr %p, ptr %r) {
  %q = call ptr @b(ptr %p)
  store ptr %q, ptr %r, align 8
  call void @rec(ptr %p, i32 3)
  ret void
}
define void @rec(ptr %p, i32 %n) {
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %again, label %done
again:
  %m = sub i32 %n, 1
  %q = getelementptr inbounds float, ptr %p, i64 4
  store float 1.0, ptr %q, align 4
  call void @rec(ptr %q, i32 %m)
  br label %done
done:
  ret void
}
define void @d(ptr %p, ptr %r) {
  call void @c(ptr %p, ptr %r)
  ret void
}
"""


def _chain_summaries(monkeypatch, skip: bool, skip_leaves: bool = True):
    import enzyme_opt.analysis.module_types as M
    if not skip:
        monkeypatch.setattr(M._Freshness, "is_fresh", lambda self, fn: False)
    if not skip_leaves:
        monkeypatch.setattr(M.ModuleTypes, "_passes_nothing", lambda self, fn: False)
    made = []
    real_init = M.TypeAnalysis.__init__

    def counting_init(self, fn, *args, **kw):
        made.append(fn.name)
        real_init(self, fn, *args, **kw)
    monkeypatch.setattr(M.TypeAnalysis, "__init__", counting_init)
    module = parse_module(_CHAIN_MODULE, "t.ll")
    types = M.ModuleTypes(module)
    fns = [f for f in module.functions if not f.is_declaration]
    for fn in fns:
        types.param_layout(fn, 0)
    summaries = {f.name: (types.own_params.get(id(f)), types.own_return.get(id(f)),
                          types.derived_returns.get(id(f)), types.incoming_params.get(id(f)),
                          types.incoming_return.get(id(f))) for f in fns}
    monkeypatch.undo()
    return summaries, len(made)


def test_module_types_skipping_unchanged_analyses_makes_the_same_summaries(monkeypatch):
    every, every_count = _chain_summaries(monkeypatch, skip=False)
    skipped, skipped_count = _chain_summaries(monkeypatch, skip=True)
    assert skipped == every
    assert every["b"][2] == (0, 8, 0)          # b returns its parameter + 8
    assert every["c"][0][0].at(8) == "double"   # c's pointer reaches a's load through b
    assert skipped_count < every_count


def test_functions_calling_nothing_analyzed_are_not_analyzed_again_top_down(monkeypatch):
    """@a calls no analyzed function: what it is passed cannot flow on, so the
    top-down rounds skip its analysis, and every summary stays the same."""
    every, every_count = _chain_summaries(monkeypatch, skip=True, skip_leaves=False)
    skipped, skipped_count = _chain_summaries(monkeypatch, skip=True)
    assert skipped == every
    assert every["a"][3] is not None and every["a"][3][0].at(0) == "double"   # incoming
    assert skipped_count < every_count
