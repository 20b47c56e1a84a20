"""Which loads the reverse pass may repeat once later stores are undone
(analysis/memory.py `restorable_loads`)."""
import pytest

from enzyme_opt.analysis.loops import LoopInfo
from enzyme_opt.analysis.memory import reloadable_loads, restorable_loads
from enzyme_opt.ir.parser import parse_module

# %v loads x[j] in an inner loop; the outer loop stores into y (or whatever
# STORE says).  EXTRA goes into the outer block before the store.
TEMPLATE = """
declare void @g(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define void @f(ptr %x, ptr %y, i64 %n, i32 %w) {{
entry:
  %buf = alloca [8 x double]
  {ENTRY}
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %s = phi double [ 0.0, %outer ], [ %s.next, %inner ]
  %px = getelementptr inbounds double, ptr {OBJ}, i64 {INDEX}
  %v = load double, ptr %px
  %s.next = fadd double %s, %v
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %latch, label %inner
latch:
  %py = getelementptr inbounds double, ptr {TARGET}, i64 %i
  {EXTRA}
  {STORE}
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer
exit:
  ret void
}}
"""


def _restorable(template=TEMPLATE, **parts):
    """{load name: blocks of the stores to undo} for the restorable loads."""
    fields = dict(ENTRY="", OBJ="%x", INDEX="%j", TARGET="%y", EXTRA="",
                  STORE="store double %s.next, ptr %py")
    fields.update(parts)
    fn = parse_module(template.format(**fields)).get("f")
    found = restorable_loads(fn, reloadable_loads(fn), LoopInfo(fn))
    loads = {i.name: i for i in fn.instructions() if i.opcode == "load"}
    return {name: [s.parent.name for s in found[id(i)]] for name, i in loads.items()
            if id(i) in found}


def test_inner_load_is_restorable_with_the_outer_store():
    assert _restorable() == {"v": ["latch"]}


@pytest.mark.parametrize("parts, why", [
    (dict(STORE="store volatile double %s.next, ptr %py"), "volatile store"),
    (dict(STORE="store double %s.next, ptr %py\n  call void @g(ptr %py)"),
     "a call may write anything"),
    (dict(STORE="store i1 true, ptr %py"), "a store of bits, not bytes"),
    (dict(STORE="atomicrmw fadd ptr %py, double %s.next seq_cst"), "atomic update"),
])
def test_not_restorable(parts, why):
    assert _restorable(**parts) == {}, why


def test_strided_load_keeps_the_tape():
    text = TEMPLATE.replace("  %px = getelementptr", "  %row = mul i64 %j, %n\n"
                            "  %px = getelementptr")
    assert _restorable(text, INDEX="%row") == {}


def test_noalias_needs_no_log():
    text = TEMPLATE.replace("ptr %x, ptr %y", "ptr noalias %x, ptr %y")
    fn = parse_module(text.format(ENTRY="", OBJ="%x", INDEX="%j", TARGET="%y", EXTRA="",
                                  STORE="store double %s.next, ptr %py")).get("f")
    reload = reloadable_loads(fn)
    assert len(reload) == 1 and not restorable_loads(fn, reload, LoopInfo(fn))


def test_local_array_cleared_once_before_its_loads():
    buf = dict(OBJ="%buf", TARGET="%buf",
               ENTRY="call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 64, i1 false)")
    assert _restorable(**buf) == {"v": ["latch"]}
    # Cleared on every outer iteration: the memory it replaced would be needed.
    again = dict(buf, ENTRY="", EXTRA="call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 64, "
                 "i1 false)")
    assert _restorable(**again) == {}
    # Its address passed to a call: anything may write it.
    assert _restorable(**dict(buf, EXTRA="call void @g(ptr %buf)")) == {}


@pytest.mark.parametrize("store", [
    "store double %v, ptr %y",                                  # after the load, same block
    "%q = getelementptr double, ptr %y, i64 %j\n  store double %v, ptr %q",
])
def test_stores_in_the_loads_loop_keep_the_tape(store):
    # Logging a store per iteration saves nothing over taping the load (and
    # a store after the load in its block would be seen by its reverse).
    text = TEMPLATE.replace("  %s.next = fadd double %s, %v\n",
                            "  %s.next = fadd double %s, %v\n  " + store + "\n")
    assert _restorable(text) == {}


TWO_GLOBALS = """
@d = global [8 x double] zeroinitializer
@k = global [8 x i32] zeroinitializer
define void @f(i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %pd = getelementptr inbounds [8 x double], ptr @d, i64 0, i64 %j
  %vd = load double, ptr %pd
  %pk = getelementptr inbounds [8 x i32], ptr @k, i64 0, i64 %j
  %vk = load i32, ptr %pk
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %latch, label %inner
latch:
  %qd = getelementptr inbounds [8 x double], ptr @d, i64 0, i64 %i
  store double 1.0, ptr %qd
  %qk = getelementptr inbounds [8 x i32], ptr @k, i64 0, i64 %i
  store i32 %vk, ptr %qk
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer
exit:
  ret void
}
"""


def test_caller_visible_stores_of_different_sizes():
    # The visible log records each entry's size, so two globals stored with
    # different sizes both keep their loads restorable.
    fn = parse_module(TWO_GLOBALS).get("f")
    found = restorable_loads(fn, reloadable_loads(fn), LoopInfo(fn))
    stores = {i.name: [s.value.type.bits for s in found[id(i)]]
              for i in fn.instructions() if id(i) in found}
    assert stores == {"vd": [64], "vk": [32]}
