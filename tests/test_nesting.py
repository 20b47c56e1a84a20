"""Deeply nested input: read, or refused at its position; never a crash.

Types, constants and constant expressions nested thousands deep (LLVM's
own llvm-as overflows its stack on 10k) are refused with a located error,
within bounded memory; nesting a few hundred deep is read and written back.
Inline metadata, which LLVM nests without limit, is read at any depth.
"""
from __future__ import annotations

import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 3 << 30


def _nested(kind: str, depth: int) -> str:
    if kind == "struct-type":
        t = "double"
        for _ in range(depth):
            t = f"{{ {t} }}"
        return f"define void @f(ptr %p) {{\n  %a = load {t}, ptr %p\n  ret void\n}}\n"
    if kind == "array-type":
        t = "double"
        for _ in range(depth):
            t = f"[1 x {t}]"
        return f"@g = global {t} zeroinitializer\n"
    if kind == "struct-constant":
        types = ["%t0 = type { double }"] + [f"%t{i} = type {{ %t{i - 1} }}"
                                             for i in range(1, depth)]
        c = "double 1.0"
        for i in range(depth):
            c = f"%t{i} {{ {c} }}"
        return "\n".join(types) + f"\n\n@g = global {c}\n"
    expr = "ptr @g"
    for _ in range(depth):
        expr = f"ptr getelementptr (i8, {expr}, i64 1)"
    if kind == "global-expression":
        return f"@g = global [8 x i8] zeroinitializer\n@h = global {expr}\n"
    assert kind == "instruction-expression"
    return f"@g = global [8 x i8] zeroinitializer\n\ndefine ptr @f() {{\n  ret {expr}\n}}\n"


KINDS = ["struct-type", "array-type", "struct-constant", "global-expression",
         "instruction-expression"]


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _run(path: Path, out: Path, *flags):
    return subprocess.run([sys.executable, "-m", "enzyme_opt", *flags, str(path), "-o",
                           str(out)], capture_output=True, text=True, cwd=REPO_ROOT,
                          preexec_fn=_limit_memory, timeout=600)


@pytest.mark.parametrize("depth", [10_000, 100_000])
@pytest.mark.parametrize("kind", KINDS)
def test_too_deep_is_refused_at_its_position(kind, depth, tmp_path):
    if kind == "struct-constant" and depth > 10_000:
        pytest.skip("100k named types take long to define; 10k shows the point")
    source = tmp_path / f"{kind}.ll"
    source.write_text(_nested(kind, depth))
    out = tmp_path / "out.ll"
    proc = _run(source, out)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, \
        proc.stderr[-2000:]
    assert not out.exists()
    assert re.match(rf"{re.escape(str(source))}:\d+:\d+: error: types, constants or constant "
                    r"expressions nested too deeply", proc.stderr), proc.stderr[:500]


@pytest.mark.parametrize("flags", [(), ("-passes=materialize",)])
@pytest.mark.parametrize("kind", KINDS)
def test_nesting_hundreds_deep_is_read_and_written_back(kind, flags, tmp_path):
    source = tmp_path / f"{kind}.ll"
    text = _nested(kind, 400)
    source.write_text(text)
    out = tmp_path / "out.ll"
    proc = _run(source, out, *flags)
    assert proc.returncode == 0, proc.stderr[-2000:]
    written = out.read_text()
    for word in ("getelementptr", "{ ", "[1 x"):
        assert written.count(word) == text.count(word), word


def _metadata(depth: int) -> str:
    tuple_ = '!{!"leaf; (not a comment)"}'
    for _ in range(depth):
        tuple_ = f"!{{{tuple_}, !{{}}}}"
    return (f"@g = global i32 0, !deep {tuple_}\n\n"
            f"define void @f() !deep {tuple_} {{\n"
            f"  call void @llvm.donothing(), !deep {tuple_}, !other !{{}}\n"
            f"  ret void, !deep !0\n}}\n\n"
            "declare void @llvm.donothing()\n\n"
            f"!0 = distinct !{{{tuple_}, !1}}\n!1 = !{{}}\n")


@pytest.mark.parametrize("flags", [(), ("-passes=materialize",)])
@pytest.mark.parametrize("depth", [17, 100, 1000])
def test_deep_inline_metadata_is_read(depth, flags, tmp_path):
    source = tmp_path / "metadata.ll"
    text = _metadata(depth)
    source.write_text(text)
    out = tmp_path / "out.ll"
    proc = _run(source, out, *flags)
    assert proc.returncode == 0, proc.stderr[-2000:]

    def significant(t):
        return [l for l in t.splitlines() if l.strip() and not l.startswith((";", "source_"))]
    assert significant(out.read_text()) == significant(text)
