"""Malformed IR is reported like llvm-as reports it: same line, clang style.

Each case is run through the command line; it must exit 1 with
`FILE:LINE:COL: error: ...` as the first line of stderr, the source line
and a caret under it, no traceback, and no output file.  LINE must be the
line llvm-as-19 names for the same input (llvm-as-14 for the LLVM 14 cases,
written with typed pointers, where LLVM 14's stricter rules apply).
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
LLVM_AS = {"19": Path("/usr/lib/llvm-19/bin/llvm-as"), "14": Path("/usr/lib/llvm-14/bin/llvm-as")}

CASES = {
    "undefined-value": """\
define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, %nope
  ret i32 %y
}
""",
    "redefinition": """\
define i32 @f(i32 %x) {
entry:
  %a = add i32 %x, 1
  %a = add i32 %x, 2
  ret i32 %a
}
""",
    "operand-type-mismatch": """\
define double @f(i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = fadd double %a, 1.0
  ret double %b
}
""",
    "missing-terminator": """\
define void @f() {
entry:
  %a = add i32 1, 2
}
""",
    "undefined-block": """\
define void @f() {
entry:
  br label %nowhere
}
""",
    "value-used-as-block": """\
define i32 @f(i32 %a) {
entry:
  %s = alloca i32
  br label %s
}
""",
    "phi-value-as-block": """\
define i32 @f(i32 %a) {
entry:
  br label %x
x:
  %p = phi i32 [ %a, %a ], [ 1, %x ]
  br label %x
}
""",
    # Fails only LLVM's verifier (the entry block may not be a branch target),
    # in a module with debug info: LLVM's parser then aborts the process
    # instead of returning the error.
    "entry-block-branched-to-with-debug-info": """\
define double @f(double %x) {
entry:
  %a = fadd double %x, 1.0
  br label %entry
}

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
""",
    "use-before-definition": """\
define double @f(double %x) {
entry:
  %a = fadd double %b, 1.0
  %b = fmul double %x, %x
  ret double %a
}
""",
    # LLVM (in llvmlite) folds away the no-op cast when it reads LLVM 14 text,
    # so its verifier never sees this use before the definition.
    "typed-use-before-definition": """\
define void @f([2 x i8*]* %p) {
  call void @g(i8* %2)
  %2 = bitcast [2 x i8*]* %p to i8*
  ret void
}

declare void @g(i8*)
""",
    "use-not-dominated": """\
define double @f(double %x, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  %t = fmul double %x, %x
  br label %join
join:
  %r = fadd double %t, 1.0
  ret double %r
}
""",
    "metadata-id-reused": """\
define void @f() {
  ret void, !dbg !0
}

!0 = !{}
!1 = !{!0}
!0 = !{!1}
""",
    "undefined-type": """\
%pair = type { double, double }

define double @f(ptr %p) {
  %q = getelementptr %pair, ptr %p, i64 1
  %r = getelementptr %pari, ptr %p, i64 1
  %v = load double, ptr %r
  ret double %v
}
""",
    "call-argument-type": """\
declare double @g(i32, ...)

define double @f(ptr %p) {
  %v = call double (i32, ...) @g(ptr %p, i32 1)
  ret double %v
}
""",
    # A line moved after a terminator starts a block without a label; the
    # errors llvm-as gives there come before the syntax error further down.
    "moved-line-numbered-below-its-block": """\
define double @f(double %0, i1 %c) {
  br i1 %c, label %3, label %3
3:
  br label %6
  %4 = fmul double %0, %0

6:
  ret double %0
}
""",
    "label-of-a-value-then-syntax-error": """\
define double @f(double %x, i1 %c) {
entry:
  %a = fmul double %x, %x
  br i1 %c, label %a
  ret double %a
}
""",
    "undefined-global": """\
define i32 @f() {
entry:
  %v = load i32, ptr @missing
  ret i32 %v
}
""",
    "truncated": """\
define i32 @f(i32 %x) {
entry:
  %y = add i32 %x,
""",
    "extractvalue-past-struct": """\
define double @f({ double, double } %s) {
  %a = extractvalue { double, double } %s, 5
  ret double %a
}
""",
    "extractvalue-of-constant-past-struct": """\
define double @f() {
  %a = extractvalue { double, double } { double 1.0, double 2.0 }, 9
  ret double %a
}
""",
    # Only LLVM's verifier refuses these; it quotes them unlike the source.
    "cmpxchg-of-double": """\
define double @f(ptr %p, double %a, double %b) {
  %r = cmpxchg ptr %p, double %a, double %b seq_cst seq_cst
  %v = extractvalue { double, i1 } %r, 0
  ret double %v
}
""",
    "invoke-unwinding-without-landingpad": """\
declare void @g()
declare i32 @__gxx_personality_v0(...)

define void @f() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g() to label %ok unwind label %bad
ok:
  ret void
bad:
  ret void
}
""",
}


# LLVM 14 wants numbers without gaps (LLVM 19 allows them).  Typed pointers
# give a getelementptr a result type, read off its indices.
CASES_14 = {
    "typed-getelementptr-past-struct": """\
define double* @f({ double, double }* %p) {
  %a = getelementptr { double, double }, { double, double }* %p, i64 0, i32 7
  ret double* %a
}
""",
    "typed-getelementptr-index-too-large": """\
define double* @f({ double, double }* %p) {
  %a = getelementptr { double, double }, { double, double }* %p, i64 0, i64 18446744073709551615
  ret double* %a
}
""",
    "numbered-with-gap": """\
define i32 @f(i32* %p) {
  %2 = load i32, i32* %p
  ret i32 %2
}
""",
    "label-numbered-with-gap": """\
define i32 @f(i32* %p) {
  %2 = load i32, i32* %p
  br label %4
4:
  ret i32 %2
}
""",
}


def _llvm_as_line(path: Path, version: str = "19"):
    if not LLVM_AS[version].exists():
        pytest.skip(f"llvm-as-{version} is not installed")
    proc = subprocess.run([str(LLVM_AS[version]), str(path), "-o", "/dev/null"],
                          capture_output=True, text=True)
    assert proc.returncode != 0, "llvm-as accepts the case: it is not malformed"
    m = re.search(rf"{re.escape(path.name)}:(\d+):\d+: error", proc.stderr)
    return int(m.group(1)) if m else None


def _run(path: Path, out: Path):
    return subprocess.run([sys.executable, "-m", "enzyme_opt", str(path), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT)


@pytest.mark.parametrize("case,version", [(c, "19") for c in sorted(CASES)] +
                         [(c, "14") for c in sorted(CASES_14)])
def test_malformed_ir_is_located_like_llvm_as(case, version, tmp_path):
    text = CASES.get(case) or CASES_14[case]
    source = tmp_path / f"{case}.ll"
    source.write_text(text)
    out = tmp_path / "out.ll"
    proc = _run(source, out)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert not out.exists()
    first, *rest = proc.stderr.splitlines()
    m = re.match(rf"{re.escape(str(source))}:(\d+):(\d+): error: \S", first)
    assert m, proc.stderr
    line = int(m.group(1))
    want = _llvm_as_line(source, version)
    if want is not None:
        assert line == want, f"llvm-as reports line {want}:\n{proc.stderr}"
    assert rest[0] == text.split("\n")[line - 1], proc.stderr
    assert rest[1].strip() == "^", proc.stderr


def test_binary_garbage_is_an_error_not_a_crash(tmp_path):
    source = tmp_path / "garbage.ll"
    source.write_bytes(bytes(range(256)) * 4)
    out = tmp_path / "out.ll"
    proc = _run(source, out)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert re.match(rf"{re.escape(str(source))}(:\d+:\d+)?: error: \S", proc.stderr), proc.stderr
    assert not out.exists()
