"""Messages that generated code prints before it stops the program.

Some refusals can only be made at run time: a function pointer that is
none of the module's functions, a pointer whose shadow was never set, a
derivative check that fails.  The code emitted for them writes a message to
stderr and aborts; these helpers build that code.  (`write(2, ...)` rather
than `fputs(stderr)`: `stderr` is spelled differently by every libc.)
"""
from __future__ import annotations

from ..ir import Builder, Function, GlobalVariable
from ..ir.constants import ConstantInt, ConstantString
from ..ir.types import I1, I8, I32, I64, VOID, ArrayType, FunctionType
from .tape import byte_ptr


def c_string(b: Builder, module, text: str):
    """A private constant C string holding `text`, as an `i8*` (`ptr`)."""
    data = text.encode("utf-8") + b"\0"
    body = "".join(chr(c) if 32 <= c < 127 and chr(c) not in '"\\' else f"\\{c:02X}"
                   for c in data)
    t = ArrayType(len(data), I8)
    gv = GlobalVariable(module.pointer_to(t), "enzyme_check.text", t, ConstantString(t, body),
                        is_constant=True, linkage="private", pre_attrs="unnamed_addr")
    module.add_global(gv)
    return b.pointer_cast(gv, byte_ptr(module))


def located_message(b: Builder, error):
    """The first line of `error` (a DifferentiationError) as the command line
    shows it (`file:line:col: error: ...`), after "enzyme-opt: ", as a C
    string for code that stops the program."""
    return c_string(b, b.module, "enzyme-opt: " + error.render().split("\n")[0])


def stop_unless(b: Builder, ok, error) -> None:
    """Stop the program with `error`'s located message where `ok` is false."""
    b.call(abort_unless(b.module), [ok, located_message(b, error)])


def abort_unless(module) -> Function:
    """`void enzyme_opt.abort_unless(i1 ok, i8 *message)`: the message on
    stderr, and abort, when not ok (one per module)."""
    name = "enzyme_opt.abort_unless"
    existing = module.get(name)
    if existing is not None:
        return existing
    ftype = FunctionType(VOID, (I1, byte_ptr(module)))
    fn = Function(name, ftype, module.pointer_to(ftype), linkage="internal")
    module.add_function(fn, unique=False)
    ok, message = fn.args
    entry, fail, done = fn.add_block("entry"), fn.add_block("fail"), fn.add_block("done")
    Builder(entry).cond_br(ok, done, fail)
    say_and_abort(Builder(fail), message)
    Builder(done).ret(None)
    return fn


def say_and_abort(b: Builder, message) -> None:
    """`message` and a newline on stderr, then abort()."""
    module = b.module
    strlen = module.declare_function("strlen", FunctionType(I64, (byte_ptr(module),)))
    write = module.declare_function("write", FunctionType(I64, (I32, byte_ptr(module), I64)))
    b.call(write, [ConstantInt(I32, 2), message, b.call(strlen, [message])])
    b.call(write, [ConstantInt(I32, 2), c_string(b, module, "\n"), ConstantInt(I64, 1)])
    b.call(module.declare_function("abort", FunctionType(VOID, ())), [])
    b.unreachable()
