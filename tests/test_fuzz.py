"""Fuzzing the command line: mutated real IR must give valid output or a located error.

Seed modules are the project's own e2e programs compiled by clang 19 (-O2) and
clang 14 (-O0); each mutant (a line dropped, duplicated or swapped, a token
replaced, the text truncated, a byte inserted) is run through the CLI
in-process.  The run must end in exit 0 with IR that LLVM verifies, or exit 1
with a clang-style `file:line:col: error:` and no output file.  An internal
error or a traceback fails the test.  Counts and time are bounded.
"""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from enzyme_opt.cli import llvm_check, main

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ["square.c", "newton_sqrt.c", "matmul.c", "switch.c", "struct_ptr.c"]
MUTANTS_PER_SEED = 24
TIME_BUDGET_S = 90.0
LOCATED = re.compile(r"^\S.*?:\d+:\d+: error: \S")
UNLOCATED = re.compile(r"^\S.*?: error: \S")


def _compile(source: Path, clang: str, opt: str, out: Path) -> str:
    # Compiled from a copy under its bare name, so the seed text (and with it
    # every mutant) is the same whatever directory the checkout lives in.
    shutil.copy(source, out.parent / source.name)
    subprocess.run([clang, opt, "-S", "-emit-llvm", source.name, "-o", str(out)], check=True,
                   capture_output=True, cwd=out.parent)
    return out.read_text()


@pytest.fixture(scope="module")
def seeds(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fuzz-seeds")
    texts = []
    for clang, opt in (("clang-19", "-O2"), ("clang-14", "-O0")):
        if shutil.which(clang) is None:
            continue
        for name in SEEDS:
            src = ROOT / "tests" / "e2e" / "reverse" / name
            if src.exists():
                texts.append((f"{name}:{clang}", _compile(src, clang, opt,
                                                           tmp / f"{name}.{clang}.ll")))
    if not texts:
        pytest.skip("no clang available to make seed modules")
    return texts


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    kind = rng.randrange(7)
    i = rng.randrange(len(lines))
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2 and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif kind == 3:
        tokens = re.findall(r"[%@!#]?[\w.\"$-]+|[^\s\w]", text)
        words = re.findall(r"[%@!#]?[\w.\"$-]+|[^\s\w]", lines[i])
        if words and tokens:
            old = rng.choice(words)
            lines[i] = lines[i].replace(old, rng.choice(tokens), 1)
    elif kind == 4:
        return text[:rng.randrange(len(text))]
    elif kind == 5:
        pos = rng.randrange(len(text))
        return text[:pos] + rng.choice("{}()[],=*%@!#\"x0\x01") + text[pos:]
    else:
        pos = rng.randrange(len(text))
        return text[:pos] + text[pos + rng.randrange(1, 40):]
    return "\n".join(lines)


def check_run(text: str, tmp: Path, label: str) -> str:
    src = tmp / "in.ll"
    out = tmp / "out.ll"
    src.write_text(text)
    if out.exists():
        out.unlink()
    runner = CliRunner()
    result = runner.invoke(main, [str(src), "-o", str(out)])
    stderr = result.stderr
    assert "Traceback" not in stderr, f"{label}: traceback\n{stderr}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{label}: uncaught {result.exception!r}")
    assert "internal error" not in stderr, f"{label}: internal error\n{stderr}"
    if result.exit_code == 0:
        assert out.exists(), f"{label}: exit 0 but no output"
        problem = llvm_check(out.read_text())
        assert problem is None, f"{label}: output fails LLVM verification: {problem}"
        return "ok"
    assert result.exit_code == 1, f"{label}: exit code {result.exit_code}\n{stderr}"
    assert not out.exists(), f"{label}: failed run left an output file"
    first = stderr.splitlines()[0] if stderr else ""
    assert LOCATED.match(first) or UNLOCATED.match(first), f"{label}: bad error line {first!r}"
    return "located" if LOCATED.match(first) else "error"


def test_mutated_ir_gives_valid_output_or_located_error(seeds, tmp_path):
    rng = random.Random(20261122)
    start = time.monotonic()
    outcomes = {"ok": 0, "located": 0, "error": 0}
    for name, text in seeds:
        for n in range(MUTANTS_PER_SEED):
            if time.monotonic() - start > TIME_BUDGET_S:
                break
            outcomes[check_run(mutate(text, rng), tmp_path, f"{name} mutant {n}")] += 1
    # The mutations must actually exercise both paths.
    assert outcomes["located"] > 0 and outcomes["ok"] > 0, outcomes


def test_unmutated_seeds_succeed(seeds, tmp_path):
    for name, text in seeds:
        assert check_run(text, tmp_path, name) == "ok"


def test_output_is_deterministic_across_hash_seeds(seeds, tmp_path):
    name, text = seeds[0]
    src = tmp_path / "in.ll"
    src.write_text(text)
    outputs = []
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        out = tmp_path / f"out{seed}.ll"
        subprocess.run(["python3", "-m", "enzyme_opt", str(src), "-o", str(out)], check=True,
                       env=env, capture_output=True)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
