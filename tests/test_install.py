"""A regular (not editable) install works on its own: `pip install .`
puts the grammar inside the package, where the parser finds it, and the C
and C++ headers where `--print-include-dir` says."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def test_a_regular_install_reads_ir_with_its_own_grammar(tmp_path):
    site = tmp_path / "site"
    # Offline: the build uses the setuptools and wheel already installed.
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                           "--no-build-isolation", "--no-index", "--target", str(site),
                           str(REPO_ROOT)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (site / "enzyme_opt" / "grammar" / "llvm.lark").is_file()
    source = tmp_path / "f.ll"
    source.write_text("define double @f(double %x) {\n  %y = fmul double %x, %x\n"
                      "  ret double %y\n}\n")
    env = dict(os.environ, PYTHONPATH=str(site))
    where = subprocess.run([sys.executable, "-c", "import enzyme_opt; print(enzyme_opt.__file__)"],
                           capture_output=True, text=True, env=env, cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(site), where.stdout + where.stderr
    for command in ([sys.executable, "-m", "enzyme_opt"], [str(site / "bin" / "enzyme-opt")]):
        proc = subprocess.run(command + [str(source), "-passes=materialize"],
                              capture_output=True, text=True, env=env, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert "%y = fmul double %x, %x" in proc.stdout
        include = subprocess.run(command + ["--print-include-dir"], capture_output=True,
                                 text=True, env=env, cwd=tmp_path).stdout.strip()
        assert Path(include).is_relative_to(site) and \
            (Path(include) / "enzyme" / "enzyme.h").is_file() and \
            (Path(include) / "enzyme" / "enzyme").is_file() and \
            (Path(include) / "enzyme" / "fprt" / "mpfr.h").is_file(), include
