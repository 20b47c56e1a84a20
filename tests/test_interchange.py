"""The interchange and the alias versioning fire where they should, on the
IR of both clangs.

tests/e2e/reverse/matmul_interchange.c checks that the gradients are right;
a nest that stopped being interchanged would still be right, only slow.  So
this compiles that program with clang 14 (typed pointers) and clang 19
(opaque pointers) at -O1 to -O3, with the benchmarks' -fno-unroll-loops, and
checks which nests the pass rewrites and which gradients are versioned.  At
-O0 the loops are not in clang's rotated shape: nothing is rewritten.
"""
import shutil
import sys
import subprocess
from pathlib import Path

import pytest

from enzyme_opt.ir.parser import parse_module
from enzyme_opt.transforms.interchange import interchange_reduction_nests
from enzyme_opt.transforms.mem2reg import promote_allocas

PROGRAM = Path(__file__).resolve().parent / "e2e" / "reverse" / "matmul_interchange.c"
# Function -> is its nest interchanged (given its own restrict pointers)?
EXPECTED = {"matmul": True, "matmul_f": True, "last_column_norms": False,
            "matmul_inplace": False}


def _compile(version: str, opt: str, out: Path) -> Path:
    clang = shutil.which(f"clang-{version}")
    if clang is None:
        pytest.skip(f"clang-{version} is not installed")
    subprocess.run([clang, opt, "-fno-unroll-loops", "-S", "-emit-llvm", str(PROGRAM),
                    "-o", str(out)], check=True)
    return out


@pytest.mark.parametrize("opt", ["-O0", "-O1", "-O2", "-O3"])
@pytest.mark.parametrize("version", ["19", "14"])
def test_which_nests_are_interchanged(version, opt, tmp_path):
    ll = _compile(version, opt, tmp_path / "m.ll")
    module = parse_module(ll.read_text(), str(ll))
    got = {}
    for name in EXPECTED:
        fn = module.get(name)
        promote_allocas(fn)
        got[name] = interchange_reduction_nests(fn) == 1
    want = {n: v and opt != "-O0" for n, v in EXPECTED.items()}
    assert got == want


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-O3"])
@pytest.mark.parametrize("version", ["19", "14"])
def test_gradient_without_restrict_is_versioned(version, opt, tmp_path):
    ll = _compile(version, opt, tmp_path / "m.ll")
    out = tmp_path / "m.out.ll"
    subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)], check=True)
    text = out.read_text()
    # matmul_inplace has no restrict: a dispatcher picks between a noalias
    # gradient (interchanged) and the general one.
    assert "@diffe_matmul_inplace.noalias(" in text
    assert "@diffe_matmul_inplace.mayalias(" in text
    dispatcher = text.split("define internal void @diffe_matmul_inplace(", 1)[1]
    dispatcher = dispatcher.split("\n}\n", 1)[0]
    assert "label %noalias, label %mayalias" in dispatcher
    fast = text.split("define internal void @diffe_matmul_inplace.noalias(", 1)[1]
    assert "inner.j:" in fast.split("\n}\n", 1)[0]
    # The restrict product needs no run-time test.
    assert "@diffe_matmul.noalias(" not in text
