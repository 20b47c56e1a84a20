"""Calls through the vtable of a library stream object (analysis/activity.py
`library_virtual_call`): the object must have been built by a library
stream class's complete-object constructor in the function, and nothing
else may touch it, or the call stays an unknown indirect call.  Which
virtual member a slot holds decides whether the call is inactive (xsputn,
sync, the destructors) or stores into its arguments (setbuf, xsgetn)."""
import pytest

from enzyme_opt.analysis.activity import (input_reads, is_inactive_call,
                                          library_virtual_call)
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.parser import parse_module

FILEBUF_C1 = "_ZNSt13basic_filebufIcSt11char_traitsIcEEC1Ev"
FILEBUF_C2 = "_ZNSt13basic_filebufIcSt11char_traitsIcEEC2Ev"     # a base's: a derived object

TEMPLATE = """
declare noalias ptr @_Znwm(i64)
declare void @{CTOR}(ptr)
declare void @touch(ptr)
define void @f(ptr %buf) {{
entry:
  %obj = call ptr @_Znwm(i64 240)
  call void @{CTOR}(ptr %obj)
  {EXTRA}
  %vptr = load ptr, ptr %obj
  %slot = getelementptr inbounds i8, ptr %vptr, i64 {OFFSET}
  %member = load ptr, ptr %slot
  %r = call i64 %member(ptr %obj, ptr %buf, i64 64)
  ret void
}}
"""


def _virtual_call(ctor=FILEBUF_C1, extra="", offset=96):
    module = parse_module(TEMPLATE.format(CTOR=ctor, EXTRA=extra, OFFSET=offset))
    fn = next(f for f in module.functions if f.name == "f")
    return next(i for i in fn.instructions() if isinstance(i, I.CallBase)
                and i.called_function is None)


def test_xsputn_of_a_filebuf_is_inactive():
    call = _virtual_call(offset=96)
    assert library_virtual_call(call) == (FILEBUF_C1, None)
    assert is_inactive_call(call) and input_reads(call) is None


@pytest.mark.parametrize("offset", [24, 64, 112, 12])
def test_setbuf_xsgetn_and_unknown_slots_store_into_their_arguments(offset):
    call = _virtual_call(offset=offset)     # setbuf, xsgetn, past the last, misaligned
    assert not is_inactive_call(call)
    reads = input_reads(call)
    assert reads is not None and reads.first_written == 1


@pytest.mark.parametrize("ctor, extra", [
    (FILEBUF_C2, ""),                                  # built as the base of something else
    (FILEBUF_C1, "store ptr null, ptr %obj"),          # its vtable pointer overwritten
    (FILEBUF_C1, "call void @touch(ptr %obj)"),        # handed to code that is no library's
])
def test_other_objects_stay_unknown(ctor, extra):
    call = _virtual_call(ctor=ctor, extra=extra)
    assert library_virtual_call(call) is None
    assert not is_inactive_call(call) and input_reads(call) is None
