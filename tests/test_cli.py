"""The command line as a build step sees it: files, streams, exit codes.

Output is all or nothing (a failed run leaves no new file and never touches
the input or an existing output), standard streams work, warnings do not
change the exit code, and an internal error is reported as one, with the
traceback only under --debug.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from enzyme_opt import cli

REPO_ROOT = Path(__file__).resolve().parent.parent

VALID = """\
define double @square(double %x) {
entry:
  %y = fmul double %x, %x
  ret double %y
}

define double @dsquare(double %x) {
entry:
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @square, double %x)
  ret double %d
}

declare double @__enzyme_autodiff(ptr, ...)
"""

MALFORMED = VALID.replace("%y = fmul double %x, %x", "%y = fmul double %x, %nope")


def _tool(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "enzyme_opt", *map(str, args)],
                          input=stdin, capture_output=True, text=True, cwd=REPO_ROOT)


def test_output_over_the_input_replaces_it_only_on_success(tmp_path):
    bad = tmp_path / "bad.ll"
    bad.write_text(MALFORMED)
    proc = _tool(bad, "-o", bad)
    assert proc.returncode == 1 and "error:" in proc.stderr
    assert bad.read_text() == MALFORMED, "a failed run modified its input"

    good = tmp_path / "good.ll"
    good.write_text(VALID)
    proc = _tool(good, "-o", good)
    assert proc.returncode == 0, proc.stderr
    text = good.read_text()
    assert "@__enzyme_autodiff(" not in text.replace("declare", "")
    assert cli.llvm_check(text) is None


def test_failed_run_keeps_an_existing_output_and_leaves_no_temporaries(tmp_path):
    bad = tmp_path / "bad.ll"
    bad.write_text(MALFORMED)
    out = tmp_path / "out.ll"
    out.write_text("previous contents\n")
    proc = _tool(bad, "-o", out)
    assert proc.returncode == 1
    assert out.read_text() == "previous contents\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.ll", "out.ll"]


def test_standard_input_and_output():
    proc = _tool(stdin=VALID)
    assert proc.returncode == 0, proc.stderr
    assert "define double @square" in proc.stdout
    assert cli.llvm_check(proc.stdout) is None
    proc = _tool("-", "-o", "-", stdin=MALFORMED)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.startswith("<stdin>:3:"), proc.stderr


def test_version_and_help_name_every_option():
    proc = _tool("--version")
    assert proc.returncode == 0 and proc.stdout.strip()
    proc = _tool("--help")
    assert proc.returncode == 0
    for option in ("-o", "-S", "-passes", "--verify", "--no-verify", "--print-activity",
                   "--print-type-analysis", "--debug", "--version", "--help"):
        assert option in proc.stdout, option


def test_missing_input_is_a_clean_error(tmp_path):
    proc = _tool(tmp_path / "nope.ll", "-o", tmp_path / "out.ll")
    assert proc.returncode == 1
    assert "error: could not open input file" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "out.ll").exists()


@pytest.fixture
def broken_pipeline(monkeypatch):
    """A pass that fails the way a bug in the tool would."""
    from enzyme_opt import passes as pipeline

    def explode(*args, **kwargs):
        raise KeyError("no such thing")
    monkeypatch.setattr(pipeline, "run_pipeline", explode)


def test_internal_error_is_reported_as_such(broken_pipeline, tmp_path):
    src, out = tmp_path / "in.ll", tmp_path / "out.ll"
    src.write_text(VALID)
    result = CliRunner().invoke(cli.main, [str(src), "-o", str(out)])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error: internal error while running the pass pipeline"), lines
    assert any("bug in enzyme-opt" in l and "--debug" in l for l in lines[1:]), lines
    assert "Traceback" not in result.stderr
    assert not out.exists()

    result = CliRunner().invoke(cli.main, [str(src), "-o", str(out), "--debug"])
    assert result.exit_code == 1 and "Traceback" in result.stderr


def test_internal_error_names_the_work_in_progress(monkeypatch, tmp_path):
    from enzyme_opt.ad import api

    def explode(ctx, call):
        raise ValueError("bad state")
    monkeypatch.setattr(api, "_lower_one", explode)
    src, out = tmp_path / "in.ll", tmp_path / "out.ll"
    src.write_text(VALID)
    result = CliRunner().invoke(cli.main, [str(src), "-o", str(out)])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error: internal error while differentiating 'square' for the "
                               "call to '__enzyme_autodiff' in 'dsquare'"), lines
    assert lines[0].endswith(": bad state"), lines
    assert lines[1].startswith("note: while differentiating 'square' for the call to "
                               "'__enzyme_autodiff' in 'dsquare'"), lines


def test_no_verify_skips_llvm(monkeypatch, tmp_path):
    calls = []

    class Check:                      # the verifier's process, started before reading
        def send(self, text):
            calls.append(text)
            return self

        def result(self):
            return None

        def cancel(self):
            pass
    monkeypatch.setattr(cli, "PendingCheck", Check)
    src, out = tmp_path / "in.ll", tmp_path / "out.ll"
    src.write_text(VALID)
    assert CliRunner().invoke(cli.main, [str(src), "-o", str(out), "--no-verify"]).exit_code == 0
    assert calls == []
    assert CliRunner().invoke(cli.main, [str(src), "-o", str(out)]).exit_code == 0
    assert len(calls) == 1


def test_large_output_on_a_pipe_is_complete(tmp_path):
    """The process leaves through os._exit: all it wrote must have reached the pipe."""
    source = tmp_path / "many.ll"
    source.write_text("".join(
        f"define double @f{i}(double %x) {{\n  %y = fmul double %x, %x\n  ret double %y\n}}\n\n"
        for i in range(2000)))
    out = tmp_path / "out.ll"
    assert _tool(source, "-passes=", "-o", out).returncode == 0
    proc = _tool(source, "-passes=")
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout) > 65536
    assert proc.stdout == out.read_text()


# Valid for the LLVM that wrote them (19, or 14 with typed pointers) but
# refused by the newer LLVM in llvmlite: the tool still writes the output.
OLDER_LLVM_ONLY = {
    "mul-constexpr-19": "@b = global i8 0\n"
                        "@d = global i64 mul (i64 ptrtoint (ptr @b to i64), i64 2)\n",
    "icmp-constexpr-14": "@b = global i32 0\n"
                         "@c = global i1 icmp eq (i32* @b, i32* null)\n",
    "x86-mmx-19": "declare x86_mmx @f(x86_mmx)\n",
    "target-features-19": "define void @f() #0 {\n  ret void\n}\n"
                          "attributes #0 = { \"target-features\"=\"sse2\" }\n",
    "coro-end-19": "declare i1 @llvm.coro.end(ptr, i1, token)\n"
                   "define i1 @f(ptr %h) {\n"
                   "  %r = call i1 @llvm.coro.end(ptr %h, i1 false, token none)\n"
                   "  ret i1 %r\n}\n",
}


@pytest.mark.parametrize("name", sorted(OLDER_LLVM_ONLY))
def test_input_only_older_llvm_reads_is_written_with_a_warning(name, tmp_path):
    from enzyme_opt.llvm_verify import llvm_check
    src, out = tmp_path / f"{name}.ll", tmp_path / "out.ll"
    src.write_text(OLDER_LLVM_ONLY[name])
    proc = _tool(src, "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert "error" not in proc.stderr and out.exists()
    if llvm_check(OLDER_LLVM_ONLY[name]) is not None:     # llvmlite's LLVM refuses it
        assert "warning: " in proc.stderr and "not verified" in proc.stderr, proc.stderr


def test_string_bytes_that_are_not_utf8_are_verified(tmp_path):
    src, out = tmp_path / "bytes.ll", tmp_path / "out.ll"
    src.write_bytes(b'@s = constant [2 x i8] c"\xe9\xff"\n!0 = !{!"\xe9"}\n!n = !{!0}\n')
    proc = _tool(src, "-o", out)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert b'c"\xe9\xff"' in out.read_bytes()


def _nested(depth: int) -> str:
    """A global of `depth` nested one-element arrays, and a constant
    expression nested as deep."""
    ty, value = "i8", "0"
    for _ in range(depth):
        ty, value = f"[1 x {ty}]", f"[{ty} {value}]"
    expr = "ptrtoint (ptr @g to i64)"
    for _ in range(depth):
        expr = f"add (i64 {expr}, i64 1)"
    return f"@g = global {ty} {value}\n@h = global i64 {expr}\n"


def test_deeply_nested_constants_and_types_are_printed(tmp_path):
    src, out = tmp_path / "deep.ll", tmp_path / "out.ll"
    src.write_text(_nested(400))
    proc = _tool(src, "-passes=", "-o", out)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert out.read_text().count("[1 x ") == src.read_text().count("[1 x ")
    assert out.read_text().count("add (i64 ") == 400
