"""Which edge a join was entered by, from guards fixed before it
(analysis/join_paths.py): the vectorizer's shape of an inner loop with a
vector body and a remainder, and the shapes that must give no answer."""
from enzyme_opt.analysis.cfg import predecessor_map
from enzyme_opt.analysis.join_paths import ALWAYS, Guard, entry_conditions
from enzyme_opt.analysis.loops import LoopInfo
from enzyme_opt.ir.parser import parse_module

# for i: { if (d > 0) { if (!small) vector loop; if (small || !exact) remainder } join }
GUARDED = """
define void @f(i32 %n, i32 %d, i1 %exact, i1 %varying.src) {
entry:
  %some = icmp sgt i32 %d, 0
  %small = icmp ult i32 %d, 4
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  %vary = icmp eq i32 %i, 2
  br i1 %some, label %guard, label %join
guard:
  br i1 %small, label %pre.rem, label %vec
vec:
  %k = phi i32 [ 0, %guard ], [ %k.next, %vec ]
  %k.next = add nsw i32 %k, 4
  %k.done = icmp sge i32 %k.next, %d
  br i1 %k.done, label %vec.done, label %vec
vec.done:
  br i1 %exact, label %join, label %pre.rem
pre.rem:
  br label %rem
rem:
  %r = phi i32 [ 0, %pre.rem ], [ %r.next, %rem ]
  %r.next = add nsw i32 %r, 1
  %r.done = icmp eq i32 %r.next, %d
  br i1 %r.done, label %join, label %rem
join:
  %i.next = add nsw i32 %i, 1
  %i.done = icmp eq i32 %i.next, %n
  br i1 %i.done, label %exit, label %outer
exit:
  ret void
}
"""


def _analyse(text, name):
    fn = parse_module(text).get("f")
    blocks = {b.name: b for b in fn.blocks}
    pred_map = predecessor_map(fn)
    block = blocks[name]
    preds = pred_map[id(block)]
    return blocks, preds, entry_conditions(block, preds, pred_map, LoopInfo(fn))


def _holds(way, values) -> bool:
    if way is ALWAYS:
        return True
    if way[0] == "or":
        return _holds(way[1], values) or _holds(way[2], values)
    test: Guard = way[2]
    return _holds(way[1], values) and values[test.value.name] == test.taken


def test_the_guards_tell_each_way_in():
    blocks, preds, ways = _analyse(GUARDED, "join")
    assert ways is not None and len(ways) == 3
    names = [p.name for p in preds]
    # Walk the CFG by hand for every value of the guards: exactly the way the
    # branches take holds.
    for some in (False, True):
        for small in (False, True):
            for exact in (False, True):
                values = {"some": some, "small": small, "exact": exact}
                came = "outer" if not some else "rem" if small or not exact else "vec.done"
                held = [n for n, w in zip(names, ways) if _holds(w, values)]
                assert held == [came], (values, held)


def test_a_guard_computed_in_the_loop_gives_no_answer():
    text = GUARDED.replace("br i1 %exact, label %join", "br i1 %vary, label %join")
    assert _analyse(text, "join")[2] is None


def test_a_loop_with_two_exits_gives_no_answer():
    text = GUARDED.replace("br i1 %k.done, label %vec.done, label %vec",
                           "br i1 %k.done, label %vec.done, label %vec.more\n"
                           "vec.more:\n  br i1 %exact, label %join, label %vec")
    assert _analyse(text, "join")[2] is None


def test_a_loop_header_gives_no_answer():
    assert _analyse(GUARDED, "outer")[2] is None
