"""The README's example works as written: its program, its commands, its output.

The C block after `example.c`, the shell block after it and the block after
"prints" are read from README.md, so the test follows the README as it is
edited; with the installed `enzyme-opt` on PATH, as a reader has it."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks_after(text: str, marker: str, count: int) -> list:
    start = text.index(marker)
    return re.findall(r"```[a-z]*\n(.*?)```", text[start:], re.S)[:count]


@pytest.mark.parametrize("source", ["example.c", "example.cpp"])
def test_the_readme_example_prints_what_the_readme_says(source, tmp_path):
    assert shutil.which("enzyme-opt"), "make install puts enzyme-opt on PATH"
    program, commands, printed = _blocks_after(README.read_text(), f"`{source}`:", 3)
    (tmp_path / source).write_text(program)
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", commands], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == printed
