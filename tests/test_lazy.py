"""Function bodies kept as text (a lazy parse) and read when asked for.

`enzyme-opt -passes=` (parse and print) reads a module lazily once LLVM
has checked it: bodies nobody changes are written back as they came.
What must hold:
- a body read later (`fn.blocks`, `Module.materialize_all`) gives the same
  model as an eager parse, so the same printed module;
- the lazily printed module means what its input means (`opt -S` agrees);
- the brace that ends a body is found past braces in types, constants,
  strings, comments and inline metadata;
- errors inside bodies are still found and located, by the command too.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import build_corpus  # tools/build_corpus.py, on sys.path through conftest.py
from enzyme_opt.diagnostics import ParseError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.parser import parse_module
from enzyme_opt.ir.printer import print_module

REPO_ROOT = Path(__file__).resolve().parent.parent

# Braces everywhere a body can hold them, and a comment in the body: a lazy
# print keeps comments, an eager one drops them.
BRACES = """\
%pair = type { i32, { double, i8 } }

@str = private constant [4 x i8] c"{}}\\00"

define { i32, i32 } @braces(ptr %p, i32 %0) {
entry:
  ; a comment } with a brace
  %a = insertvalue { i32, i32 } undef, i32 %0, 0
  %b = insertvalue { i32, i32 } %a, i32 1, 1
  %s = load %pair, ptr %p, align 8, !annotation !{!"}{"}
  %q = getelementptr inbounds { i32, { double, i8 } }, ptr %p, i64 0, i32 1, i32 0
  call void asm sideeffect "# {", "~{memory}"()
  ret { i32, i32 } %b
}

define i32 @"quoted { name"(i32 %x) { ret i32 %x }

define i32 @after(i32 %x) {
  %y = call i32 @"quoted { name"(i32 %x)
  ret i32 %y
}
"""


def test_a_lazy_parse_keeps_bodies_as_written():
    module = parse_module(BRACES, "braces.ll", lazy=True)
    functions = {fn.name: fn for fn in module.functions}
    assert all(fn.lazy_body is not None for fn in functions.values())
    assert functions["after"].lazy_body.text.strip().startswith('%y = call i32 @"quoted {')
    assert functions["quoted { name"].lazy_body.text.strip() == "ret i32 %x"
    printed = print_module(module)
    assert "  ; a comment } with a brace\n" in printed
    assert "define { i32, i32 } @braces(ptr %p, i32 %0) {" in printed


def test_blocks_are_read_when_asked_for():
    module = parse_module(BRACES, "braces.ll", lazy=True)
    callee, after = module.get("quoted { name"), module.get("after")
    assert [i.opcode for i in after.blocks[0].instructions] == ["call", "ret"]
    assert after.lazy_body is None and callee.lazy_body is not None
    (call, _), = callee.uses
    assert isinstance(call, I.Call) and call.callee is callee


def test_uses_of_a_global_read_the_bodies_that_name_it():
    """A body kept as text records no uses: asking for a global's uses reads
    the bodies whose text names it, and only those."""
    module = parse_module(BRACES, "braces.ll", lazy=True)
    callee, after, braces = (module.get(n) for n in ("quoted { name", "after", "braces"))
    (call, _), = callee.uses
    assert call.function is after and after.lazy_body is None
    assert braces.lazy_body is not None and callee.lazy_body is not None
    assert [f.name for f in module.read_functions()] == ["after"]
    assert module.names_in_unread_bodies() == set()   # those left name no global
    module.materialize_all()
    assert print_module(module) == print_module(parse_module(BRACES, "braces.ll"))


def test_reading_a_bad_body_reports_its_error_where_it_is():
    text = BRACES.replace("ret i32 %y", "ret i32 %nope")
    module = parse_module(text, "bad.ll", lazy=True)
    with pytest.raises(ParseError) as caught:
        module.materialize_all()
    error = caught.value
    line = text.splitlines().index("  ret i32 %nope") + 1
    assert (error.line, error.column) == (line, 11)
    assert "use of undefined value '%nope'" in str(error)


def test_a_block_address_reads_the_body_it_points_into():
    text = """\
@targets = constant [2 x ptr] [ptr blockaddress(@jump, %one), ptr blockaddress(@jump, %two)]

define i32 @jump(i32 %i) {
entry:
  %slot = getelementptr [2 x ptr], ptr @targets, i32 0, i32 %i
  %to = load ptr, ptr %slot
  indirectbr ptr %to, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}
"""
    module = parse_module(text, "jump.ll", lazy=True)
    jump = module.get("jump")
    assert jump.lazy_body is None
    addresses = module.get("targets").initializer.elements
    assert [a.block for a in addresses] == jump.blocks[1:]
    assert print_module(module) == print_module(parse_module(text, "jump.ll"))


def test_an_intrinsic_called_without_declaration_is_declared_when_read():
    text = """\
define double @f(double %x) {
  %y = call double @llvm.fabs.f64(double %x)
  ret double %y
}
"""
    module = parse_module(text, "f.ll", lazy=True)
    assert module.get("llvm.fabs.f64") is None
    module.materialize_all()
    assert module.get("llvm.fabs.f64").is_declaration
    assert print_module(module) == print_module(parse_module(text, "f.ll"))


# ------------------------------------------------- the same model, read later

def _read_later_reads_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lazy = parse_module(text, str(path), lazy=True)
    lazy.materialize_all()
    assert print_module(lazy) == print_module(parse_module(text, str(path)))


HAND_WRITTEN = build_corpus.hand_written_ir()


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=[p.name for p in HAND_WRITTEN])
def test_hand_written_ir_read_later_reads_the_same(path):
    _read_later_reads_the_same(path)


# Unoptimized and optimized-with-debug-info code of every corpus program.
CORPUS_JOBS = [j for j in build_corpus.jobs() if j.opt in ("O0", "O2g")]


@pytest.mark.parametrize("job", CORPUS_JOBS, ids=[j.id for j in CORPUS_JOBS])
def test_corpus_read_later_reads_the_same(job):
    compiler = build_corpus.COMPILERS[job.compiler][2 if job.source.is_cpp else 1]
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} is not installed")
    _read_later_reads_the_same(build_corpus.build(job))


# ------------------------------------------------------------ the command

def _tool(*args):
    return subprocess.run([sys.executable, "-m", "enzyme_opt", *map(str, args)],
                          capture_output=True, text=True, cwd=REPO_ROOT)


def _opt_s(version: str, path: Path) -> str:
    opt = Path(f"/usr/lib/llvm-{version}/bin/opt")
    if not opt.exists():
        pytest.skip(f"{opt} is not installed")
    with open(path, encoding="utf-8") as f:
        proc = subprocess.run([str(opt), "-S", "-", "-o", "-"], stdin=f, capture_output=True,
                              text=True)
    assert proc.returncode == 0, proc.stderr[:2000]
    return "\n".join(line for line in proc.stdout.splitlines()
                     if not line.startswith("; ModuleID"))


def test_parse_and_print_keeps_checked_bodies_as_written(tmp_path):
    source, out = tmp_path / "braces.ll", tmp_path / "out.ll"
    source.write_text(BRACES)
    proc = _tool(source, "-passes=", "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert "; a comment } with a brace" in out.read_text()
    assert _opt_s("19", out) == _opt_s("19", source)
    # Any pass reads every body first: the comment is gone.
    proc = _tool(source, "-passes=materialize", "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert "a comment" not in out.read_text()


@pytest.mark.parametrize("path", [p for p in HAND_WRITTEN if p.name.endswith("_19.ll")],
                         ids=lambda p: p.name)
def test_parse_and_print_of_hand_written_ir_means_the_same(path, tmp_path):
    out = tmp_path / "out.ll"
    proc = _tool(path, "-passes=", "--no-verify", "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert _opt_s("19", out) == _opt_s("19", path)


# A later error outside any body must not be reported first.
@pytest.mark.parametrize("later", ["", "@late = global i32 %oops\n"], ids=["alone", "later"])
@pytest.mark.parametrize("verify", ["--verify", "--no-verify"])
@pytest.mark.parametrize("broken, message", [
    ("ret i32 %nope", "use of undefined value '%nope'"),
    ("ret i32 %y %y", "unexpected"),
])
def test_parse_and_print_locates_errors_inside_bodies(tmp_path, broken, message, verify, later):
    text = BRACES.replace("ret i32 %y", broken) + later
    source, out = tmp_path / "bad.ll", tmp_path / "out.ll"
    source.write_text(text)
    proc = _tool(source, "-passes=", verify, "-o", out)
    line = next(n for n, l in enumerate(text.splitlines(), 1) if broken in l)
    assert proc.returncode == 1 and not out.exists()
    assert f"bad.ll:{line}:" in proc.stderr and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


# LLVM 14's `asm goto`, which the LLVM in llvmlite no longer reads.
ASM_GOTO_14 = """\
define i32 @jump_if(i64 %x, i64 %bit) {
entry:
  ; read by our parser
  callbr void asm sideeffect "btq $1, $0\\0A\\09jc ${2:l}", "r,r,i,~{cc},~{dirflag},~{fpsr},~{flags}"(i64 %x, i64 %bit, i8* blockaddress(@jump_if, %taken))
          to label %fallthrough [label %taken]

fallthrough:
  ret i32 0

taken:
  ret i32 1
}

define i32 @plain(i32* %p) {
entry:
  ; copied as written
  %x = load i32, i32* %p
  ret i32 %x
}
"""


def test_only_bodies_llvm_cannot_verify_are_read_by_us(tmp_path):
    source, out = tmp_path / "goto.ll", tmp_path / "out.ll"
    source.write_text(ASM_GOTO_14)
    proc = _tool(source, "-passes=", "--no-verify", "-o", out)
    assert proc.returncode == 0, proc.stderr
    printed = out.read_text()
    assert "; copied as written" in printed and "; read by our parser" not in printed
    assert _opt_s("14", out) == _opt_s("14", source)
    # Its error is still found, with LLVM checking only the other body.
    source.write_text(ASM_GOTO_14.replace("ret i32 1", "ret i32 %nope"))
    proc = _tool(source, "-passes=", "--no-verify", "-o", out)
    assert proc.returncode == 1 and "goto.ll:11:11: error: use of undefined value '%nope'" \
        in proc.stderr, proc.stderr


# Optimized code with debug information, of every corpus program: the
# module level is read and printed, the bodies copied, and the metadata
# they refer to must still be there under the same numbers.
DEBUG_JOBS = [j for j in build_corpus.jobs() if j.opt == "O2g"]


@pytest.mark.parametrize("job", DEBUG_JOBS, ids=[j.id for j in DEBUG_JOBS])
def test_parse_and_print_of_corpus_means_the_same(job, tmp_path):
    compiler = build_corpus.COMPILERS[job.compiler][2 if job.source.is_cpp else 1]
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} is not installed")
    source, out = build_corpus.build(job), tmp_path / "out.ll"
    proc = _tool(source, "-passes=", "--no-verify", "-o", out)
    assert proc.returncode == 0, proc.stderr
    version = str(build_corpus.COMPILERS[job.compiler][0])
    assert _opt_s(version, out) == _opt_s(version, source)
