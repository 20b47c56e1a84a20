"""Start-up: a run loads only the code its module needs (issue 21).

- a module without any `enzyme_` name has nothing for the default pass to
  do: the AD is not even imported, and the output is what running the pass
  would have written;
- a parse from the cached tables does not import Lark at all; when Lark is
  needed (to diagnose input the fused loop rejects), it is imported without
  the `regex` module, which our grammar does not need, and `regex` stays
  importable for anyone else.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from enzyme_opt.ad.api import lower_api_calls
from enzyme_opt.ir.parser import parse_module
from enzyme_opt.ir.printer import print_module

REPO_ROOT = Path(__file__).resolve().parent.parent

PLAIN = """\
@scale = global double 2.0

define double @f(double %x) {
entry:
  %s = load double, ptr @scale
  %y = fmul double %x, %s
  ret double %y
}

define double @g(double %x) {
  %r = call double @f(double %x)
  ret double %r
}
"""

# Runs the command in this process and lists the modules it loaded.
_LOADED = """\
import sys
from enzyme_opt import cli
try:
    cli.main(sys.argv[1:])
except SystemExit as e:
    assert not e.code, e.code
print(" ".join(sorted(sys.modules)))
"""


def _loaded_modules(*args) -> set:
    result = subprocess.run([sys.executable, "-c", _LOADED, *map(str, args)], cwd=REPO_ROOT,
                            capture_output=True, text=True, check=True)
    return set(result.stdout.split())


def test_a_module_without_enzyme_names_loads_no_ad(tmp_path):
    src, out = tmp_path / "plain.ll", tmp_path / "out.ll"
    src.write_text(PLAIN)
    loaded = _loaded_modules(src, "-o", out)
    assert "enzyme_opt.ir.parser" in loaded
    assert not {m for m in loaded if m.startswith("enzyme_opt.ad")}
    module = parse_module(PLAIN, str(src))
    lower_api_calls(module)
    assert out.read_text() == print_module(module)


def test_a_module_with_an_api_call_loads_the_ad(tmp_path):
    src = tmp_path / "call.ll"
    src.write_text(PLAIN + "declare double @__enzyme_autodiff(ptr, ...)\n"
                   "define double @d(double %x) {\n"
                   "  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)\n"
                   "  ret double %r\n}\n")
    loaded = _loaded_modules(src, "-o", tmp_path / "out.ll")
    assert "enzyme_opt.ad.api" in loaded


def test_a_parse_from_the_cached_tables_loads_no_lark():
    """Nor pickle: the cached tables are marshal's bytes."""
    script = ("import sys\n"
              "from enzyme_opt.ir.parser import parse_module\n"
              "parse_module('define i32 @f(i32 %x) {\\n  ret i32 %x\\n}\\n')\n"
              "assert not [m for m in sys.modules if m.split('.')[0] == 'lark'], 'Lark loaded'\n"
              "assert 'pickle' not in sys.modules, 'pickle loaded'\n")
    subprocess.run([sys.executable, "-c", script], cwd=REPO_ROOT, check=True)


def test_lark_comes_without_regex_and_regex_stays_importable():
    """Lark diagnoses what the fused loop rejects: its import then leaves
    `regex` out."""
    script = ("import sys\n"
              "from enzyme_opt.diagnostics import ParseError\n"
              "from enzyme_opt.ir.parser import parse_module\n"
              "try:\n"
              "    parse_module('define i32 @f(i32 %x) {\\n  ret i32 %y z\\n}\\n')\n"
              "except ParseError:\n"
              "    pass\n"
              "assert 'lark' in sys.modules, 'Lark did not diagnose'\n"
              "assert 'regex' not in sys.modules, 'Lark loaded regex'\n"
              "import lark.utils\n"
              "assert not lark.utils._has_regex\n"
              "import importlib.util\n"
              "if importlib.util.find_spec('regex') is not None:\n"
              "    import regex\n"
              "    assert regex.match('a', 'a')\n")
    subprocess.run([sys.executable, "-c", script], cwd=REPO_ROOT, check=True)


def test_tables_built_afresh_unpickle_without_lark(tmp_path):
    """A Lark that builds its parser from the grammar (no cache of its own)
    names symbols with its Token class: the tables must not keep them."""
    script = ("import pickle, sys\n"
              "from enzyme_opt.ir import parser\n"
              "data = pickle.dumps(parser._cached_tables())\n"
              "for name in [m for m in sys.modules if m.split('.')[0] == 'lark']:\n"
              "    del sys.modules[name]\n"
              "sys.modules['lark'] = None\n"
              "pickle.loads(data)\n")
    subprocess.run([sys.executable, "-c", script], cwd=REPO_ROOT, check=True,
                   env={**os.environ, "XDG_CACHE_HOME": str(tmp_path)})


# Runs `python -m enzyme_opt ARGS` as runpy does, recording each child this
# process forks (and whether the IR's parser, one of the slow imports the
# child's start overlaps, was loaded by then) and each it reaps;
# the record is the last line of stderr, written by the process alone.  With
# EARLY=0, the verifier's child is not started early.
_FORKS = """\
import ast, os, runpy, sys
forked, reaped, me = [], [], os.getpid()
fork, waitpid, leave = os.fork, os.waitpid, os._exit
def traced_fork():
    pid = fork()
    if pid:
        forked.append((pid, "enzyme_opt.ir.parser" in sys.modules))
    return pid
def traced_waitpid(pid, options):
    reaped.append(pid)
    return waitpid(pid, options)
def traced_exit(status):
    if os.getpid() == me:
        os.write(2, f"\\n{(forked, reaped)!r}\\n".encode())
    leave(status)
os.fork, os.waitpid, os._exit = traced_fork, traced_waitpid, traced_exit
if os.environ["EARLY"] == "0":
    from enzyme_opt import llvm_verify
    llvm_verify.start_early_check = lambda args: None
"""
_AS_MODULE = _FORKS + """\
sys.argv = ["enzyme-opt", *sys.argv[1:]]
runpy.run_module("enzyme_opt", run_name="__main__", alter_sys=True)
"""
# What pip's console script does.
_AS_CONSOLE_SCRIPT = _FORKS + """\
from enzyme_opt.cli import entry
sys.exit(entry())
"""

INVALID_FOR_LLVM = "define i32 @f() {\n  ret i64 0\n}\n"


def _traced_run(args, stdin, early: bool, script=None):
    """(status, stdout, stderr without the record, forked, reaped) of a run
    as `python -m enzyme_opt`, or of `script` if given."""
    command = [script] if script else ["-c", _AS_MODULE]
    proc = subprocess.run([sys.executable, *command, *map(str, args)], cwd=REPO_ROOT,
                          input=stdin, capture_output=True, text=True,
                          env={**os.environ, "EARLY": "1" if early else "0",
                               "PYTHONPATH": str(REPO_ROOT)})
    messages, _, record = proc.stderr.rstrip("\n").rpartition("\n")
    forked, reaped = ast.literal_eval(record)
    return proc.returncode, proc.stdout, messages, forked, reaped


@pytest.mark.parametrize("case", ["valid", "stdin", "no passes", "invalid for LLVM",
                                  "parse error", "no such input", "--no-verify", "--help",
                                  "-version", "unknown option"])
def test_the_verifier_child_starts_first_and_is_always_reaped(case, tmp_path):
    """The tool's process forks the verifier's child before importing the IR,
    the parser and the AD, so that LLVM loads meanwhile; whatever the run comes to, the child is
    reaped before the process exits (no orphan holding the output), and the
    output and messages are those of a run without the early child."""
    src = tmp_path / "in.ll"
    src.write_text({"invalid for LLVM": INVALID_FOR_LLVM,
                    "parse error": "define i32 @f( {\n"}.get(case, PLAIN))
    args = {"stdin": ["-"], "no passes": [src, "-passes="], "no such input": [tmp_path / "no.ll"],
            "--no-verify": [src, "--no-verify"], "--help": ["--help"],
            "-version": ["-version"], "unknown option": ["--bogus"]}.get(case, [src])
    stdin = PLAIN if case == "stdin" else None
    *early, forked, reaped = _traced_run(args, stdin, early=True)
    *late, late_forked, _ = _traced_run(args, stdin, early=False)
    if case in ("--no-verify", "--help", "-version"):
        assert forked == []
    else:
        assert forked and not forked[0][1], "the child was forked after the parser's import"
        assert not late_forked or late_forked[0][1]
    assert {pid for pid, _ in forked} <= set(reaped)
    assert early == late
    if case == "invalid for LLVM":
        assert "value doesn't match function result type" in early[2]


def test_the_console_script_starts_the_verifier_child_first(tmp_path):
    script = tmp_path / "enzyme-opt"
    script.write_text(_AS_CONSOLE_SCRIPT)
    src = tmp_path / "in.ll"
    src.write_text(INVALID_FOR_LLVM)
    status, _, messages, forked, reaped = _traced_run([src], None, True, script)
    assert status == 1 and "value doesn't match function result type" in messages
    assert forked and not forked[0][1], "the child was forked after the parser's import"
    assert {pid for pid, _ in forked} <= set(reaped)


DEBUG_INFO_FLAG = '!llvm.module.flags = !{!0}\n!0 = !{i32 2, !"Debug Info Version", i32 3}\n'
NOT_DOMINATED = ("define void @f() {\nentry:\n  br label %b\nb:\n  %x = add i32 %y, 1\n"
                 "  %y = add i32 %x, 1\n  br label %b\n}\n")
LLVM_CHECKS = {
    "valid": PLAIN,
    "parse error": INVALID_FOR_LLVM,
    "not LLVM at all": "garbage\n",
    "verifier error": NOT_DOMINATED,
    # The verifier fails a module with debug info: LLVM aborts the process.
    "fatal": NOT_DOMINATED + DEBUG_INFO_FLAG,
    "bytes that are not UTF-8": '@s = constant [2 x i8] c"\udcff\udcfe"\n',
    "LLVM 14's inrange": "@v = global [2 x ptr] zeroinitializer\n"
                         "@p = global ptr getelementptr inbounds ({ [2 x ptr] }, "
                         "ptr bitcast (ptr @v to ptr), i32 0, inrange i32 0, i32 1)\n",
}


@pytest.mark.parametrize("name", sorted(LLVM_CHECKS))
def test_the_check_without_llvmlite_binding_answers_as_llvmlite_binding(name, monkeypatch):
    """The verifier's child calls llvmlite's library directly: the same
    answer as through llvmlite.binding, for the release it was written for."""
    import llvmlite
    from enzyme_opt import llvm_verify
    if llvmlite.__version__.startswith(llvm_verify._DIRECT_RELEASES):
        llvm_verify._DirectLLVM()                  # usable: no silent fallback
    text = LLVM_CHECKS[name]
    monkeypatch.setattr(llvm_verify, "_CHECKER", None)          # the child loads its own
    direct = llvm_verify.llvm_check(text)
    monkeypatch.setattr(llvm_verify, "_CHECKER", llvm_verify._check_with_binding)
    assert direct == llvm_verify.llvm_check(text)
    assert (direct is None) == (name in ("valid", "bytes that are not UTF-8", "LLVM 14's inrange"))
