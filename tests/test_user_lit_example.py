"""The README's lit example for users (examples/lit) runs and passes, with the
installed `enzyme-opt` and FileCheck as a user has them."""
import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "lit"


def test_the_users_lit_example_passes(tmp_path):
    assert shutil.which("enzyme-opt"), "make install puts enzyme-opt on PATH"
    work = tmp_path / "lit"
    shutil.copytree(EXAMPLE, work)
    proc = subprocess.run(
        [sys.executable, "-c", "import sys, lit.main; sys.argv[0] = 'lit'; lit.main.main()",
         "-v", str(work)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Passed: 1" in proc.stdout


def test_the_example_can_fail(tmp_path):
    """A CHECK that the output does not satisfy makes lit fail."""
    work = tmp_path / "lit"
    shutil.copytree(EXAMPLE, work)
    test = work / "square.ll"
    test.write_text(test.read_text().replace("; CHECK: fmul", "; CHECK: fdiv"))
    proc = subprocess.run(
        [sys.executable, "-c", "import sys, lit.main; sys.argv[0] = 'lit'; lit.main.main()",
         "-v", str(work)], capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0 and "Failed: 1" in proc.stdout, proc.stdout
