"""Fallbacks no test program reaches on its own, reached by switching off the
choice that is taken before them.

A layout with a fallback keeps the fallback's code alive for shapes nobody
has written yet; unexercised, it could be wrong and nothing would say so.
Each case here runs the tool with one decision patched to refuse its fast
form, checks from the output's names that the fallback was taken, and runs
the program, which checks its gradients by central differences.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from test_e2e import (CLANGS, E2E_DIR, INCLUDE_DIR, OPTS, _compiler, _require_success, _run,
                      _tool_env)

# Runs the tool in this process after `patch` (Python source) has run.
_DRIVER = """
import runpy, sys
{patch}
sys.argv = ["enzyme-opt", sys.argv[1], "-o", sys.argv[2]]
runpy.run_module("enzyme_opt", run_name="__main__")
"""

FALLBACKS = [
    # instrument._push_latch_entry: where a block's pops do not mirror its
    # pushes, the latch's reverse reads the header's entry below its own and
    # the header's reverse pops it, instead of one pop per iteration.
    pytest.param("reverse/header_entries.c",
                 "import enzyme_opt.ad.instrument as m\n"
                 "m._iteration_peeks = lambda *args: None",
                 "%header.entry", id="header-entry-read-below"),
]


# -O0 keeps loops unrotated: none of these layouts applies there.
@pytest.mark.parametrize("clang", CLANGS)
@pytest.mark.parametrize("opt", [o for o in OPTS if o != "-O0"])
@pytest.mark.parametrize("program, patch, marker", FALLBACKS)
def test_fallback(program: str, patch: str, marker: str, clang: str, opt: str,
                  tmp_path: Path):
    prog = E2E_DIR / program
    cc = _compiler(clang, prog.suffix == ".cpp")
    ll, out, exe = tmp_path / "prog.ll", tmp_path / "out.ll", tmp_path / "prog"
    cmd = [cc, opt, "-S", "-emit-llvm", f"-I{INCLUDE_DIR}", str(prog), "-o", str(ll)]
    _require_success("clang", cmd, _run(cmd, "clang", 300))
    cmd = [sys.executable, "-c", _DRIVER.format(patch=patch), str(ll), str(out)]
    _require_success("enzyme-opt (patched)", cmd, _run(cmd, "enzyme-opt", 600, env=_tool_env()))
    assert marker in out.read_text(), f"the fallback ({marker}) was not taken"
    cmd = [cc, opt, str(out), "-o", str(exe), "-lm"]
    _require_success("clang (link)", cmd, _run(cmd, "clang", 300))
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    _require_success("the program", [str(exe)], proc)
