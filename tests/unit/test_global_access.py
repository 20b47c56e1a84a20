"""What a call tree may do to a global's memory (analysis/global_access.py):
READ, WRITE, or both where the walk loses the address.  Each case adds one
use of @g to a function that loads from it; the bits must grow exactly when
that use may read or write."""
import pytest

from enzyme_opt.analysis.global_access import (BOTH, READ, WRITE, accesses, functions_reached,
                                               named_by_initializers)
from enzyme_opt.ir.parser import parse_module

TEMPLATE = """
declare void @unknown(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(i64, ptr)
@g = global [4 x double] zeroinitializer
@other = global [4 x double] zeroinitializer
@slot = global ptr null
{GLOBALS}
define internal void @helper(ptr %p) {{
  {HELPER}
  ret void
}}
define double @top(i64 %i, i1 %c) {{
entry:
  %at = getelementptr [4 x double], ptr @g, i64 0, i64 %i
  %v = load double, ptr %at
  {EXTRA}
  ret double %v
}}
"""

CASES = [
    ("", "", "", READ),
    ("store double 1.0, ptr %at", "", "", BOTH),
    ("store double 1.0, ptr getelementptr ([4 x double], ptr @g, i64 0, i64 2)", "", "", BOTH),
    ("%q = select i1 %c, ptr %at, ptr @other\n  store double 1.0, ptr %q", "", "", BOTH),
    ("call void @llvm.memset.p0.i64(ptr @g, i8 0, i64 8, i1 false)", "", "", BOTH),
    ("call void @llvm.memcpy.p0.p0.i64(ptr @other, ptr @g, i64 8, i1 false)", "", "", READ),
    ("call void @llvm.lifetime.start.p0(i64 8, ptr @g)", "", "", READ),
    ("%same = icmp eq ptr %at, @other", "", "", READ),
    # the address lost: stored, passed on unknown, made an integer
    ("store ptr %at, ptr @slot", "", "", BOTH),
    ("call void @unknown(ptr %at)", "", "", BOTH),
    ("%n = ptrtoint ptr %at to i64", "", "", BOTH),
    # followed into a defined callee
    ("call void @helper(ptr %at)", "%x = load double, ptr %p", "", READ),
    ("call void @helper(ptr %at)", "store double 2.0, ptr %p", "", BOTH),
    # named by another global's initializer: loaded from there, unseen
    ("%t = load ptr, ptr @table", "", "@table = global ptr @g", BOTH),
    # ... but not by one that no code loads from
    ("", "", "@table = global ptr @g", READ),
]


@pytest.mark.parametrize("extra,helper,globals_,want", CASES)
def test_bits(extra, helper, globals_, want):
    m = parse_module(TEMPLATE.format(EXTRA=extra, HELPER=helper, GLOBALS=globals_))
    g = m.get("g")
    top = m.get("top")
    got = accesses(functions_reached([top]), [g], named_by_initializers(m))[id(g)]
    assert got == want


def test_write_only():
    text = """
define void @w(i64 %i) {
  %at = getelementptr [4 x double], ptr @other, i64 0, i64 %i
  store double 1.0, ptr %at
  ret void
}"""
    m2 = parse_module(TEMPLATE.format(EXTRA="", HELPER="", GLOBALS="") + text)
    g = m2.get("other")
    got = accesses(functions_reached([m2.get("w")]), [g], set())[id(g)]
    assert got == WRITE


HOLDERS = """
@table = global [4 x double] zeroinitializer
@other = global [4 x double] zeroinitializer
@inner = global [4 x double] zeroinitializer
@tp = constant ptr @table
@op = global ptr @other
@box = global ptr @inner
@boxes = global [1 x ptr] [ptr @box]
define double @f() {
  %p = load ptr, ptr @op
  %q = load ptr, ptr @boxes
  %v = load double, ptr %p
  ret double %v
}
"""


def test_initializers_of_holders_code_reads():
    """@tp, folded away by clang, is named by no code: @table is reached by
    name or not at all.  @op is loaded: @other escapes.  @box is named only
    by @boxes' initializer, which code loads: @inner escapes too."""
    m = parse_module(HOLDERS)
    escaped = named_by_initializers(m)
    assert id(m.get("table")) not in escaped
    assert id(m.get("other")) in escaped
    assert id(m.get("box")) in escaped
    assert id(m.get("inner")) in escaped
