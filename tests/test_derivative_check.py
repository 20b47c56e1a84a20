"""--check-derivatives: the output program checks each derivative call against
central differences and says so per call site, on clang 14 and 19, -O0 to -O3.

tests/check/checked_calls.c holds calls that must be checked and found right,
a custom derivative that is wrong on purpose (the check must report it), and
calls the check cannot do (it must say so, not pass them).  The program's
own output must be the same with and without the check.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
PROGRAM = REPO_ROOT / "tests" / "check" / "checked_calls.c"
LINE = re.compile(r"enzyme-opt: derivative check at \S+ \((\w+) of '(\w+)'\): (.*)")


def _build(tmp_path, clang, opt, check):
    ll, out, exe = (tmp_path / f"p.{suffix}" for suffix in ("ll", "out.ll", "exe"))
    subprocess.run([f"clang-{clang}", opt, "-g", "-S", "-emit-llvm", str(PROGRAM), "-o",
                    str(ll)], check=True, capture_output=True)
    tool = [sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)]
    proc = subprocess.run(tool + (["--check-derivatives"] if check else []),
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 0, proc.stderr
    subprocess.run([f"clang-{clang}", str(out), "-o", str(exe), "-lm"], check=True,
                   capture_output=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)


def _reports(stderr):
    found = {}
    for line in stderr.splitlines():
        m = LINE.match(line)
        assert m, f"unexpected line on stderr: {line}"
        found.setdefault((m.group(1), m.group(2)), []).append(m.group(3))
    return found


def _error(text):
    m = re.match(r"relative error (\S+) ", text)
    return float(m.group(1)) if m else None


@pytest.mark.parametrize("opt", ["-O0", "-O1", "-O2", "-O3"])
@pytest.mark.parametrize("clang", ["14", "19"])
def test_each_call_is_checked_or_says_why_not(tmp_path, clang, opt):
    plain = _build(tmp_path, clang, opt, check=False)
    checked = _build(tmp_path, clang, opt, check=True)
    assert plain.returncode == checked.returncode == 0
    assert checked.stdout == plain.stdout, "the check changed the program's results"
    assert plain.stderr == ""
    reports = _reports(checked.stderr)
    rev, fwd = "__enzyme_autodiff", "__enzyme_fwddiff"
    always = [(rev, "scalar"), (fwd, "uses_cube"), (rev, "uses_quartic")]
    memory = [(rev, "weighted"), (rev, "squares"), (fwd, "weighted")]
    for key in always + (memory if opt in ("-O0", "-O1") else []):
        assert all(_error(r) is not None for r in reports[key]), (key, reports[key])
    for key in [(rev, "scalar"), *memory]:
        for r in reports[key]:
            assert _error(r) is not None and _error(r) < 1e-6 or \
                r.startswith("not checked: the bytes"), (key, r)
    assert _error(reports[(fwd, "uses_cube")][0]) > 0.1, "the wrong tangent went unseen"
    assert _error(reports[(rev, "uses_quartic")][0]) > 0.1, "the wrong gradient went unseen"
    scalar_fwd = reports[(fwd, "scalar")]
    assert any(_error(r) is not None and _error(r) < 1e-6 for r in scalar_fwd)
    assert any(r == "not checked: batched calls (enzyme_width) are not checked"
               for r in scalar_fwd)
    assert reports[(fwd, "adds_to_global")][0].startswith("not checked: it may touch memory")


def test_split_mode_calls_say_they_are_not_checked(tmp_path):
    ll, out, exe = tmp_path / "s.ll", tmp_path / "s.out.ll", tmp_path / "s"
    source = REPO_ROOT / "tests" / "e2e" / "modes" / "split_conventions.c"
    subprocess.run(["clang-19", "-O1", "-S", "-emit-llvm", str(source), "-o", str(ll)],
                   check=True, capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out),
                           "--check-derivatives"], capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 0, proc.stderr
    subprocess.run(["clang-19", str(out), "-o", str(exe), "-lm"], check=True,
                   capture_output=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0
    reports = _reports(run.stderr)
    split = [r for (api, _), rs in reports.items() for r in rs
             if api in ("__enzyme_augmentfwd", "__enzyme_reverse")]
    assert split and all(r.startswith("not checked: split-mode calls") for r in split)
