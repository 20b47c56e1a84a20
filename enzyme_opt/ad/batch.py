"""`__enzyme_batch(fn, enzyme_width, N, args...)`: run `fn` on N inputs at once.

Each parameter takes N values, one per lane (`enzyme_vector`, the default
when N > 1), or one value that every lane shares (`enzyme_scalar`), or one
pointer and a byte stride (`enzyme_buffer, stride, p`: lane i gets
`p + i * stride`).  The call returns the N results, laid out as an array
of them (a C struct of N fields of the result's type), or nothing when
`fn` returns void.

Lane i computes exactly what `fn` computes on lane i's arguments, so the
batch is lowered to N calls of `fn`, lane by lane in order.  No derivative
is involved; the lanes' side effects happen in lane order.
"""
from __future__ import annotations

from typing import List, Optional

from ..diagnostics import DifferentiationError
from ..ir import Builder
from ..ir.constants import ConstantInt
from ..ir.types import I8, size_and_align
from .conventions import coerce, deliver_gradients, erase_api_call, marker_of
from . import misuse
from .records import Factory, record


@record
class BatchParam:
    lanes: list = Factory(list)      # one value per lane (shared: N times)
    stride: Optional[object] = None                 # enzyme_buffer's byte stride


def _error(call, message):
    return DifferentiationError(message, function=call.function, instruction=call)


def parse_batch(call, fn, args: list, width_of) -> tuple:
    """(width, [BatchParam per parameter of fn]) from the arguments after `fn`.
    `width_of(args, pos)` reads `enzyme_width, N` at pos: (N, next pos) or None."""
    # The width decides how many values an unmarked argument takes: read it first.
    width = next((found[0] for found in map(lambda p: width_of(args, p), range(len(args)))
                  if found is not None), 1)
    params: List[BatchParam] = []
    pos = 0
    for param in fn.args:
        found = width_of(args, pos)
        if found is not None:
            pos = found[1]
        marker = marker_of(args[pos]) if pos < len(args) else None
        kind = "vector" if width > 1 else "scalar"
        stride = None
        if marker is not None:
            if marker not in ("enzyme_vector", "enzyme_scalar", "enzyme_buffer"):
                raise _error(call, f"'{marker}' has no meaning in __enzyme_batch; mark an "
                             "argument 'enzyme_vector' (one value per lane), 'enzyme_scalar' "
                             "(one value for all lanes) or 'enzyme_buffer, stride' (one "
                             "pointer, lane i at i * stride bytes)")
            kind = marker[len("enzyme_"):]
            pos += 1
            if kind == "buffer":
                if pos >= len(args) or not args[pos].type.is_int:
                    raise _error(call, f"'enzyme_buffer' before argument {param.index + 1} "
                                 f"of '{fn.name}' must be followed by an integer byte stride")
                stride, pos = args[pos], pos + 1
        count = width if kind == "vector" else 1
        values = args[pos:pos + count]
        if len(values) < count or any(marker_of(v) is not None for v in values):
            raise _error(call, f"too few arguments for '{fn.name}' in __enzyme_batch: "
                         f"parameter {param.index + 1} needs {count} value"
                         f"{'s' if count > 1 else ''} ({kind}, width {width})")
        for v in values:
            misuse.check_value(call, param, v, fn)
        if kind == "buffer" and not param.type.is_pointer:
            raise _error(call, f"'enzyme_buffer' marks argument {param.index + 1} of "
                         f"'{fn.name}', which is not a pointer")
        pos += count
        params.append(BatchParam(values * width if count == 1 else values, stride))
    found = width_of(args, pos)
    if found is not None:
        pos = found[1]
    if pos < len(args):
        raise _error(call, f"too many arguments for '{fn.name}' in __enzyme_batch: it takes "
                     f"{len(fn.args)} parameters")
    return width, params


def lower_batch(call, fn, args: list, sret, width_of) -> None:
    """Replace the batch call with one call of `fn` per lane."""
    if any("sret" in param.attrs for param in fn.args):
        raise _error(call, f"__enzyme_batch of '{fn.name}', which returns a struct through "
                     "memory (sret), is not supported; return it through a pointer argument")
    width, params = parse_batch(call, fn, args, width_of)
    b = Builder().position_before(call)
    b.debug_loc = call.get_metadata("dbg")
    results = []
    for lane in range(width):
        lane_args = [_lane_value(b, p, lane, param.type)
                     for p, param in zip(params, fn.args)]
        result = b.call(fn, lane_args, f"lane{lane}")
        if not result.type.is_void:
            results.append(result)
    if results:
        _check_result(call, results, sret, fn)
    elif not call.type.is_void and call.has_code_uses():
        raise _error(call, f"'{fn.name}' returns void, so __enzyme_batch of it has no result "
                     f"to return as a {call.type}")
    deliver_gradients(b, call, results, sret)
    erase_api_call(call)


def _lane_value(b, p: BatchParam, lane: int, t):
    v = p.lanes[lane]
    if p.stride is not None and lane > 0:
        offset = b.mul(p.stride, _int(p.stride.type, lane))
        v = b.gep(I8, b.pointer_cast(v, b.module.pointer_to(I8)), [offset],
                  b.module.pointer_to(I8))
    return coerce(b, v, t)


def _int(t, value):
    return ConstantInt(t, value)


def _check_result(call, results, sret, fn) -> None:
    """The call's return type (or sret memory) must be the N results laid out
    as an array of them: the same bytes, up to the padding of its alignment
    (C's `struct { int r[3]; }` comes back ABI-coerced as `{ i64, i32 }`)."""
    rtype = misuse.sret_type(call, sret) if sret is not None else call.type
    if rtype is None or (rtype.is_void and not call.has_code_uses()):
        return
    if len(results) == 1 and rtype == results[0].type:
        return
    n, t = len(results), results[0].type
    if not rtype.is_void:
        size, align = size_and_align(rtype)
        packed = n * size_and_align(t)[0]
        if size == (packed + align - 1) // align * align:
            return
    raise _error(call, f"'{call.called_function.name}' is declared to return '{rtype}', which "
                 f"cannot hold the {n} results of '{fn.name}' ({t} each); declare it to "
                 f"return a struct of {n} {t}s (or of one {t}[{n}])")
