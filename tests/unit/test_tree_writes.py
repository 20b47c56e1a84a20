"""Which arguments no write of a whole call tree reaches, nor anything
reached by loads from them (analysis/tree_writes.py `untouched_arguments`).

`@top(ptr noalias %m, ptr noalias %out, ...)` reads m->data; each variant
adds one write, and the rule must give up %m exactly when that write may
reach m's struct or its data."""
import pytest

from enzyme_opt.analysis.tree_writes import untouched_arguments
from enzyme_opt.ir.parser import parse_module

TEMPLATE = """
declare noalias ptr @malloc(i64)
declare void @free(ptr)
declare void @unknown(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
@g = global ptr null
define void @top(ptr noalias %m, ptr noalias %out, ptr %plain, i32 %depth) {{
entry:
  %data = load ptr, ptr %m
  %v = load double, ptr %data
  %box = call ptr @malloc(i64 16)
  %buf = call ptr @malloc(i64 64)
  store ptr %buf, ptr %box
  %inbox = load ptr, ptr %box
  store double %v, ptr %inbox
  store double %v, ptr %out
  {EXTRA}
  call void @free(ptr %buf)
  call void @free(ptr %box)
  ret void
}}
define internal void @helper(ptr %p) {{
  store double 1.0, ptr %p
  ret void
}}
!0 = !{{!"Simple C/C++ TBAA"}}
!1 = !{{!"omnipotent char", !0, i64 0}}
!2 = !{{!"int", !1, i64 0}}
!3 = !{{!2, !2, i64 0}}
"""

CASES = {
    # writes to the tree's own heap, through a loaded pointer, and through
    # another noalias argument: m stays untouched
    "none": ("", True),
    "helper on own heap": ("call void @helper(ptr %inbox)", True),
    "helper on out": ("call void @helper(ptr %out)", True),
    # writes that may reach m->data or m itself
    "through m->data": ("store double 2.0, ptr %data", False),
    "helper on m->data": ("call void @helper(ptr %data)", False),
    "helper on m": ("call void @helper(ptr %m)", False),
    "argument without noalias": ("store double 2.0, ptr %plain", False),
    "global pointer": ("%gp = load ptr, ptr @g\n  store double 2.0, ptr %gp", False),
    "unknown call": ("call void @unknown(ptr %buf)", False),
    "free of m->data": ("call void @free(ptr %data)", False),
    # m->data kept in the tree's heap, loaded back and written
    "pointer stored into own heap": (
        "store ptr %data, ptr %box\n  %back = load ptr, ptr %box\n"
        "  store double 2.0, ptr %back", False),
    # the same, copied by memcpy
    "pointer memcpy'd into own heap": (
        "call void @llvm.memcpy.p0.p0.i64(ptr %box, ptr %m, i64 8, i1 false)\n"
        "  %back = load ptr, ptr %box\n  store double 2.0, ptr %back", False),
    # the same, the pointer's bits stored as an integer
    "pointer bits as i64": (
        "%bits = load i64, ptr %m\n  store i64 %bits, ptr %box\n"
        "  %back = load ptr, ptr %box\n  store double 2.0, ptr %back", False),
    # the same, byte by byte (a hand-written memcpy of a struct)
    "pointer bytes as i8": (
        "%byte = load i8, ptr %m\n  store i8 %byte, ptr %box\n"
        "  %back = load ptr, ptr %box\n  store double 2.0, ptr %back", False),
    # an int TBAA says is an int cannot be read back as a pointer
    "int stored into own heap": (
        "%word = load i32, ptr %m\n  store i32 %word, ptr %box, !tbaa !3\n"
        "  %back = load ptr, ptr %box\n  store double 2.0, ptr %back", True),
    # the top function calling itself with m->data as `out`
    "recursion": (
        "%go = icmp sgt i32 %depth, 0\n  br i1 %go, label %deeper, label %done\n"
        "deeper:\n  call void @top(ptr %m, ptr %data, ptr %plain, i32 0)\n"
        "  br label %done\ndone:", False),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_untouched(name):
    extra, untouched = CASES[name]
    module = parse_module(TEMPLATE.format(EXTRA=extra))
    top = next(f for f in module.functions if f.name == "top")
    found = untouched_arguments(top, lambda fn: False)
    assert (id(top.args[0]) in found) is untouched
    assert id(top.args[1]) not in found           # %out is written
    assert id(top.args[2]) not in found           # no noalias


def test_registered_derivative_refuses():
    module = parse_module(TEMPLATE.format(EXTRA="call void @helper(ptr %inbox)"))
    top = next(f for f in module.functions if f.name == "top")
    assert untouched_arguments(top, lambda fn: fn.name == "helper") == set()
