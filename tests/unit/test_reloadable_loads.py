"""Which loads the reverse pass may simply execute again
(analysis/memory.py `reloadable_loads`).

Writes through a pointer that phis and selects pick among the function's
own heap allocations (the two buffers of a time-stepping loop that swaps
them) cannot reach an argument.  And when the function writes only its own
memory, what pointers loaded from its caller's memory reach is unchanged
too (`p->mu[k]`)."""
import pytest

from enzyme_opt.analysis.memory import reloadable_loads
from enzyme_opt.ir.parser import parse_module

# Each step reads c[i] and writes the buffer `%cur`, then swaps the buffers.
TEMPLATE = """
declare noalias ptr @malloc(i64)
declare void @free(ptr)
define void @f(ptr %c, ptr %out, i64 %n, i1 %flag) {{
entry:
  %a = call ptr @malloc(i64 64)
  %b = call ptr @malloc(i64 64)
  br label %step
step:
  %cur = phi ptr [ {FIRST}, %entry ], [ %other, %step ]
  %other = phi ptr [ %b, %entry ], [ %cur, %step ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %step ]
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %v = load double, ptr %pc
  %dst = {DST}
  %pw = getelementptr inbounds double, ptr %dst, i64 %i
  store double %v, ptr %pw
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %step
exit:
  call void @free(ptr %cur)
  ret void
}}
"""


def _reloads_v(first="%a", dst="getelementptr i8, ptr %cur, i64 0"):
    fn = parse_module(TEMPLATE.format(FIRST=first, DST=dst)).get("f")
    v = next(i for i in fn.instructions() if i.name == "v")
    return id(v) in reloadable_loads(fn)


def test_swapped_heap_buffers_leave_arguments_reloadable():
    assert _reloads_v()


def test_select_between_heap_buffers_too():
    assert _reloads_v(dst="select i1 %flag, ptr %cur, ptr %other")


@pytest.mark.parametrize("first, dst, why", [
    ("%out", "getelementptr i8, ptr %cur, i64 0", "a phi that may pick an argument"),
    ("%a", "select i1 %flag, ptr %cur, ptr %out", "a select that may pick an argument"),
    ("%a", "getelementptr i8, ptr %c, i64 0", "the argument itself"),
])
def test_writes_that_may_reach_an_argument_block_the_reload(first, dst, why):
    assert not _reloads_v(first, dst), why


# The parameters sit behind a pointer: P->mu[i].  The function writes WRITE.
INDIRECT = """
declare noalias ptr @malloc(i64)
define double @f(ptr %P, i64 %i, ptr %out) {{
entry:
  %buf = call ptr @malloc(i64 64)
  %pmu = getelementptr inbounds {{ ptr, ptr }}, ptr %P, i64 0, i32 1
  %mu = load ptr, ptr %pmu
  %pm = getelementptr inbounds double, ptr %mu, i64 %i
  %m = load double, ptr %pm
  {WRITE}
  ret double %m
}}
"""


def _reloads_m(write):
    fn = parse_module(INDIRECT.format(WRITE=write)).get("f")
    m = next(i for i in fn.instructions() if i.name == "m")
    return id(m) in reloadable_loads(fn)


def test_memory_behind_caller_pointers_is_reloadable_if_only_own_memory_is_written():
    assert _reloads_m("store double %m, ptr %buf")


@pytest.mark.parametrize("write", [
    "store double %m, ptr %out",                      # the caller's memory
    "store double 0.0, ptr %pm",                      # the loaded pointer itself
])
def test_any_write_to_caller_memory_blocks_reloads_through_pointers(write):
    assert not _reloads_m(write)


# A BLAS call writes its output array only (analysis/library/blas.py): a
# load from another argument stays reloadable when the output is `noalias`,
# a dot product writes nothing, and an unknown function may write anything.
BLAS = """
declare void @cblas_daxpy(i32, double, ptr, i32, ptr, i32)
declare double @cblas_ddot(i32, ptr, i32, ptr, i32)
declare void @unknown_(ptr, ptr)
define double @f(ptr %x, ptr noalias %y) {
  %v = load double, ptr %x
  CALL
  ret double %v
}
"""


@pytest.mark.parametrize("call,reloadable", [
    ("call void @cblas_daxpy(i32 2, double 1.0, ptr %x, i32 1, ptr %y, i32 1)", True),
    ("call void @cblas_daxpy(i32 2, double 1.0, ptr %y, i32 1, ptr %x, i32 1)", False),
    ("%d = call double @cblas_ddot(i32 2, ptr %x, i32 1, ptr %y, i32 1)", True),
    ("call void @unknown_(ptr %y, ptr %y)", False),
])
def test_blas_calls_write_only_their_output(call, reloadable):
    fn = parse_module(BLAS.replace("CALL", call)).get("f")
    v = next(i for i in fn.instructions() if i.name == "v")
    assert (id(v) in reloadable_loads(fn)) is reloadable
