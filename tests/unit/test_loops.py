"""Natural loops (analysis/loops.py) and where the tape saves loop values."""
import re

from string import Template

from enzyme_opt.analysis.loops import (LoopInfo, constant_integer, constant_trip_count,
                                       ends_fit_32_bits, iteration_bound)
from enzyme_opt.ir.parser import parse_module
from enzyme_opt.passes import DEFAULT_PIPELINE, parse_pipeline, run_pipeline
from enzyme_opt.ir import print_module

NEST = """
define void @f(i32 %n, i1 %c) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add nsw i32 %j, 1
  %j.done = icmp eq i32 %j.next, %n
  br i1 %j.done, label %outer.latch, label %inner
outer.latch:
  %i.next = add nsw i32 %i, 1
  %i.done = icmp eq i32 %i.next, %n
  br i1 %i.done, label %split, label %outer
split:
  br i1 %c, label %irreducible.a, label %irreducible.b
irreducible.a:
  br i1 %c, label %irreducible.b, label %exit
irreducible.b:
  br i1 %c, label %irreducible.a, label %exit
exit:
  ret void
}
"""


def _blocks(fn):
    return {b.name: b for b in fn.blocks}


def test_nested_loops_innermost_first_with_their_entries():
    fn = parse_module(NEST).get("f")
    blocks = _blocks(fn)
    info = LoopInfo(fn)
    around = info.loops_around(blocks["inner"])
    assert [lp.header.name for lp in around] == ["inner", "outer"]
    assert around[1].parent is None and around[0].parent is around[1]
    assert around[0].blocks == {id(blocks["inner"])}
    assert around[1].blocks == {id(blocks[n]) for n in ("outer", "inner", "outer.latch")}
    preds = info_preds(fn)
    assert [p.name for p in around[0].outside_predecessors(preds)] == ["outer"]
    assert [p.name for p in around[1].outside_predecessors(preds)] == ["entry"]
    assert info.loops_around(blocks["entry"]) == []


def test_irreducible_cycle_is_no_loop():
    # a <-> b, each entered from outside: a cycle, but no natural loop, so
    # the tape treats it conservatively.
    fn = parse_module(NEST).get("f")
    blocks = _blocks(fn)
    info = LoopInfo(fn)
    assert info.loops_around(blocks["irreducible.a"]) == []
    assert info.loops_around(blocks["irreducible.b"]) == []


def info_preds(fn):
    from enzyme_opt.analysis.cfg import predecessor_map
    return predecessor_map(fn)


SUM_OF_ROWS = """
declare double @__enzyme_autodiff(ptr, ...)

define double @rows(ptr %a, ptr %out, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %after ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %after ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %s = phi double [ 0.0, %outer ], [ %s.next, %inner ]
  %row = mul i64 %i, %n
  %k = add i64 %row, %j
  %p = getelementptr double, ptr %a, i64 %k
  %x = load double, ptr %p
  %sq = fmul double %x, %x
  %s.next = fadd double %s, %sq
  %j.next = add nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %after, label %inner
after:
  %e = call double @llvm.log.f64(double %s.next)
  %o = getelementptr double, ptr %out, i64 %i
  store double %e, ptr %o
  %acc.next = fadd double %acc, %e
  %i.next = add nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer
exit:
  ret double %acc.next
}

declare double @llvm.log.f64(double)

define void @grad(ptr %a, ptr %da, ptr %out, ptr %dout, i64 %n) {
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @rows, ptr %a, ptr %da, ptr %out,
                                                 ptr %dout, i64 %n)
  ret void
}
"""


def _pushes_by_block(text: str) -> dict:
    """forward block label -> bytes pushed on the tape there."""
    out, label = {}, None
    for line in text.splitlines():
        m = re.match(r"^([\w.]+):", line)
        if m:
            label = m.group(1)
        m = re.search(r"@enzyme_opt\.tape\.push(?:\.reserved)?\(ptr %tape, i64 (\d+)\)", line)
        if m:
            out[label] = out.get(label, 0) + int(m.group(1))
    return out


def test_counters_and_final_values_are_saved_once_per_run():
    """Per inner iteration only the loaded x (which the stores to %out might
    overwrite) goes on the tape: the counters are stepped back, and the row
    sum, read only after the inner loop (by log's rule), is saved once per
    run of the inner loop, in its preheader.  %j's last value is not saved
    at all: its exit test says it is %n - 1, set where the reverse enters
    the inner loop (the reverse of %after)."""
    module = parse_module(SUM_OF_ROWS)
    run_pipeline(module, parse_pipeline(DEFAULT_PIPELINE), {})
    text = print_module(module)
    diffe = text[text.index("define internal void @diffe_rows("):]
    diffe = diffe[:diffe.index("\n}\n")]
    pushes = _pushes_by_block(diffe)
    assert pushes.get("inner") == 8, pushes          # %x only
    assert "after" not in pushes, pushes             # nothing per outer iteration there
    assert pushes.get("outer") == 8, pushes          # %s.next's value before the run
    assert re.search(r"%j\.last = sub i64 %\S+, 1", diffe), diffe



BOUNDED = Template("""
define void @f(i32 %n, i64 %m, i64 %big) {
entry:
  %w = zext i32 %n to i64
  %n2 = and i32 %n, -2
  %n4 = and i32 %n, -4
  br label %loop
loop:
  %i = phi $type [ $start, %entry ], [ %i.next, %loop ]
  %i.next = add $flags $type %i, $step
  %go = icmp $pred $type %i.next, $bound
  br i1 %go, label %loop, label %exit
exit:
  ret void
}
""")


def _found(**shape):
    """`iteration_bound` of a one-block loop of this shape."""
    return _bound_of_loop(BOUNDED, dict(type="i32", start="0", flags="nuw", step="2",
                                        pred="ult", bound="%n"), shape)


def _bound_of_loop(template, fields, shape):
    """`iteration_bound` of the loop `loop` of `template` filled with
    `fields`, those of `shape` replaced."""
    fn = parse_module(template.substitute(dict(fields, **shape))).get("f")
    info = LoopInfo(fn)
    return iteration_bound(info.loops_around(_blocks(fn)["loop"])[0], info_preds(fn))


def _bound_of(**shape):
    """(C, signed) of `iteration_bound` for a one-block loop of this shape, or None."""
    found = _found(**shape)
    return None if found is None else (found[2], found[3])


def test_iteration_bound_needs_a_counter_that_cannot_wrap():
    assert _bound_of() == (2, False)                                     # fft's butterfly
    assert _bound_of(flags="nsw", pred="slt", start="-5", step="3") == (3, True)
    assert _bound_of(flags="", pred="ult") is None                       # may wrap: unbounded
    assert _bound_of(flags="nsw", pred="ult") is None                    # nsw says nothing unsigned
    assert _bound_of(flags="nuw", pred="ne", step="2") is None           # may step over n
    assert _bound_of(flags="nuw", pred="ne", step="2", bound="%n2") == (2, False)  # vectorized
    assert _bound_of(flags="nuw", pred="ne", step="4", bound="%n2") is None
    assert _bound_of(flags="nuw", pred="ne", step="4", bound="%n4", start="1") is None
    assert _bound_of(flags="nuw", pred="ne", step="3", bound="%n4") is None
    assert _bound_of(flags="nuw", pred="ne", step="2", bound="8") == (2, False)
    assert _bound_of(flags="nuw", pred="ne", step="2", bound="7") is None
    assert _bound_of(flags="nuw", pred="ne", step="3", bound="-4") == (3, False)  # 2^32 - 4
    assert _bound_of(flags="nuw", pred="ne", step="3", bound="-5") is None
    # may wrap, but only meets n: exact, counted from the first value tested
    # (2), so that a run entered with n2 = 0 (2^31 iterations) asks for no room
    wrapping = _found(flags="", pred="ne", step="2", bound="%n2")
    assert (wrapping[0].value, wrapping[2], wrapping[4]) == (2, 2, True)
    assert _bound_of(flags="", pred="ne", step="2", bound="%n") is None   # may step over n
    assert _bound_of(flags="nuw", pred="ugt") is None                    # goes on above n
    assert _bound_of(flags="nsw", pred="slt", step="-1") is None         # counts down


def test_iteration_bound_of_64_bit_counters_says_whether_its_ends_are_narrow():
    assert _bound_of(type="i64", bound="%w", step="1", pred="ne") == (1, False)
    assert ends_fit_32_bits(_found(type="i64", bound="%w", step="1", pred="ne"))
    # a size_t bound (logsumexp's `i < n`): bounded, but N - S may need 64 bits,
    # so the reserve's byte count saturates (instrument._bytes_of_run)
    assert _bound_of(type="i64", bound="%big") == (2, False)
    assert not ends_fit_32_bits(_found(type="i64", bound="%big"))
    assert not ends_fit_32_bits(_found(type="i64", bound="%m", start="1"))
    assert ends_fit_32_bits(_found())


CONSTANT_RUNS = """
define i64 @f(i1 %c) {
entry:
  br label %top
top:
  %i = phi i32 [ 0, %entry ], [ %i.next, %top.body ]
  %i.done = icmp eq i32 %i, 3
  br i1 %i.done, label %rotated, label %top.body
top.body:
  %i.next = add nsw i32 %i, 1
  br label %top
rotated:
  %k = phi i64 [ 2, %top ], [ %k.next, %rotated ]
  %k.next = add nuw nsw i64 %k, 2
  %k.done = icmp ugt i64 %k.next, 9
  br i1 %k.done, label %exit, label %rotated
exit:
  %w = zext i32 5 to i64
  %up = add i64 %w, 3
  %steps = udiv i64 %up, 2
  %big = icmp ugt i64 %steps, 3
  %bytes = select i1 %big, i64 %steps, i64 7
  %runtime = select i1 %c, i64 1, i64 2
  ret i64 %bytes
}
"""


def test_constant_trip_counts_and_constant_integers():
    fn = parse_module(CONSTANT_RUNS).get("f")
    blocks, info = _blocks(fn), LoopInfo(fn)
    preds = info_preds(fn)
    # tested at the top: the header runs 4 times (i = 0..3), the body 3
    assert constant_trip_count(info.loops_around(blocks["top.body"])[0], preds) == 4
    # tested at the bottom: k = 2, 4, 6, 8
    assert constant_trip_count(info.loops_around(blocks["rotated"])[0], preds) == 4
    assert LoopInfo(parse_module(NEST).get("f")).is_reducible() is False
    assert info.is_reducible()
    values = {i.name: i for i in blocks["exit"].instructions}
    assert constant_integer(values["bytes"]) == 4
    assert constant_integer(values["runtime"]) is None


def _leaving_by_running(start, step, bits, predicate, bound, tests_increment, exit_when, limit):
    """last_before_leaving's answer, one iteration after another with each
    value made signed or unsigned as the predicate reads it."""
    size = 1 << bits

    def read(v):
        v %= size
        return v - size if predicate[0] == "s" and v >= size >> 1 else v
    ops = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "gt": lambda a, b: a > b,
           "ge": lambda a, b: a >= b, "lt": lambda a, b: a < b, "le": lambda a, b: a <= b}
    op = ops[predicate.lstrip("su") if predicate not in ("eq", "ne") else predicate]
    value = start
    for _ in range(limit):
        tested = value + step if tests_increment else value
        if op(read(tested), read(bound)) == exit_when:
            v = value % size
            return v - size if v >= size >> 1 else v
        value += step
    return None


def test_last_value_before_leaving_solved_or_run_as_each_iteration_would():
    # The loop that leaves at equality is solved (modular arithmetic), the
    # others run with sign bits flipped: both against running it plainly,
    # with wrapping, steps sharing factors with 2^bits, and limits that cut.
    import random
    from enzyme_opt.analysis.loops import last_before_leaving
    rng = random.Random(21)
    predicates = ["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"]
    for _ in range(6000):
        bits = rng.choice([1, 3, 4, 8, 32, 64])
        size = 1 << bits
        near = lambda: rng.choice([rng.randrange(-40, 40), rng.randrange(-size, size)])
        case = (near(), rng.choice([1, -1, 2, -2, 4, 3, 6, near()]), bits,
                rng.choice(predicates), near(), rng.random() < 0.5, rng.random() < 0.5,
                rng.choice([1, 16, 40, 300]))
        assert last_before_leaving(*case) == _leaving_by_running(*case), case
    # hand_objective's loop: 10000 iterations, found without running them.
    assert last_before_leaving(0, 1, 64, "eq", 10000, True, True, 1 << 16) == 9999
    assert last_before_leaving(0, 1, 64, "eq", 10000, True, True, 9999) is None
    assert last_before_leaving(0, 2, 64, "eq", 7, False, True, 1 << 16) is None



def test_tape_block_runs_finds_reducibility_and_trip_counts_once(monkeypatch):
    # The tape's bound asks how often a block runs once per user of the
    # tape; what the answer is made of belongs to the whole function (it
    # was recomputed per user: 2% of a whole adbench_hand run).
    from collections import Counter
    from enzyme_opt.ad import tape
    # NEST with constant trip counts, its irreducible tail left unreachable.
    fn = parse_module(NEST.replace("%j.next, %n", "%j.next, 3")
                      .replace("%i.next, %n", "%i.next, 4")
                      .replace("label %split", "label %exit")).get("f")
    blocks = _blocks(fn)
    asked = Counter()
    reducible, trips = LoopInfo.is_reducible, tape.constant_trip_count
    monkeypatch.setattr(LoopInfo, "is_reducible",
                        lambda info: asked.update(["reducible"]) or reducible(info))
    monkeypatch.setattr(tape, "constant_trip_count",
                        lambda loop, preds: asked.update([loop.header.name]) or trips(loop, preds))
    runs = tape._block_runs(fn)
    order = ("entry", "outer", "inner", "outer.latch", "inner", "irreducible.a", "exit")
    assert [runs(blocks[name]) for name in order] == [1, 4, 12, 4, 12, None, 1]
    assert asked == {"reducible": 1, "inner": 1, "outer": 1}


WALK = Template("""
define void @f(ptr %x, ptr %end) {
entry:
  br label %loop
loop:
  %off = phi i64 [ $start, %entry ], [ %off.next, %loop ]
  %p = getelementptr inbounds $type, ptr %x, i64 %off
  %off.next = add $flags i64 %off, $step
  %q = getelementptr inbounds $type, ptr %p, i64 $step
  %done = icmp $pred ptr $tested, %end
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
""")


def _walk(**shape):
    """`iteration_bound` of a pointer walk (the shape pointer_counters leaves)."""
    found = _bound_of_loop(WALK, dict(type="double", start="0", flags="nuw nsw", step="1",
                                      pred="eq", tested="%q"), shape)
    return None if found is None else (found[0].name, found[1].name) + tuple(found[2:])


def test_iteration_bound_of_pointer_walks_in_bytes():
    assert _walk() == ("x", "end", 8, False, True)              # range-for: p + 1 != end
    assert _walk(tested="%p") == ("x", "end", 8, False, True)    # the test at the top
    assert _walk(type="i8", step="8") == ("x", "end", 8, False, True)
    assert _walk(type="{ double, double, double }") == ("x", "end", 24, False, True)
    assert _walk(pred="uge") == ("x", "end", 8, False, False)    # p < end: leaves once past


def test_iteration_bound_refuses_pointer_walks_it_cannot_bound():
    assert _walk(flags="nsw", step="-1") is None       # a backward walk
    assert _walk(step="-1") is None                    # nuw on a negative step: no growth
    assert _walk(flags="nsw") is None                  # no nuw: not known to grow
    assert _walk(pred="sge") is None                   # pointers compare unsigned
    assert _walk(pred="ne") is None                    # goes on only while equal
    assert _walk(start="1") is None                    # the offset starts elsewhere
    assert _walk(tested="%x") is None                  # not the walking pointer
    assert _walk(tested="%end") is None
