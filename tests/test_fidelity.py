"""Fidelity of the parser and printer: what we write is what we read.

The contract: for every module that LLVM accepts, `opt -S` of our
parse-and-print output equals `opt -S` of the input, apart from the
ModuleID line.  `opt -S` canonicalizes spelling (names, spacing, metadata
numbering), so any difference is a real loss: a dropped attribute, debug
record, flag or metadata attachment, or a changed constant.

Inputs: the corpus of C/C++ programs compiled by clang-19 and clang-14 at
-O0..-O3 and -O2 -g (tools/build_corpus.py), and the hand-written files in
tests/corpus/ir/, each checked with the `opt` of the LLVM version its
`; LLVM: NN` header names.  Each is printed twice: read into the model
whole, and with function bodies kept as text (a lazy parse).
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from enzyme_opt.ir.parser import parse_module
from enzyme_opt.ir.printer import print_module

REPO_ROOT = Path(__file__).resolve().parent.parent


import build_corpus  # tools/build_corpus.py, on sys.path through conftest.py
LLVM_HEADER_RE = re.compile(r"^;\s*LLVM:\s*(\S+)", re.MULTILINE)


def _opt(version: str) -> str:
    path = Path(f"/usr/lib/llvm-{version}/bin/opt")
    if not path.exists():
        pytest.skip(f"{path} is not installed")
    return str(path)


def _canonical(opt: str, path: Path) -> str:
    # Through standard input: a module without `source_filename` gets one
    # from the file name, which is not the same for the two files.
    with open(path, encoding="utf-8") as f:
        proc = subprocess.run([opt, "-S", "-", "-o", "-"], stdin=f, capture_output=True,
                              text=True)
    assert proc.returncode == 0, f"opt -S rejects {path.name}:\n{proc.stderr[:4000]}"
    return "\n".join(line for line in proc.stdout.splitlines()
                     if not line.startswith("; ModuleID"))


def _check_round_trip(source: Path, version: str, tmp_path: Path) -> None:
    """Both ways of reading: every body into the model, and bodies kept as
    the text they were (what `-passes=` prints once LLVM has checked them)."""
    opt = _opt(version)
    text = source.read_text(encoding="utf-8")
    want = _canonical(opt, source)
    for lazy in (False, True):
        ours = tmp_path / (("lazy." if lazy else "ours.") + source.name)
        ours.write_text(print_module(parse_module(text, str(source), lazy=lazy)))
        got = _canonical(opt, ours)
        if want != got:
            import difflib
            diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "opt -S input",
                                        "opt -S ours", lineterm="", n=1)
            how = "bodies kept as text" if lazy else "every body read"
            pytest.fail(f"round trip ({how}) changed the module:\n"
                        + "\n".join(list(diff)[:60]), pytrace=False)


CORPUS_JOBS = build_corpus.jobs()


@pytest.mark.parametrize("job", CORPUS_JOBS, ids=[j.id for j in CORPUS_JOBS])
def test_corpus_round_trip(job, tmp_path):
    version = build_corpus.COMPILERS[job.compiler][0]
    compiler = build_corpus.COMPILERS[job.compiler][2 if job.source.is_cpp else 1]
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} is not installed")
    _check_round_trip(build_corpus.build(job), str(version), tmp_path)


HAND_WRITTEN = build_corpus.hand_written_ir()


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=[p.name for p in HAND_WRITTEN])
def test_hand_written_round_trip(path, tmp_path):
    m = LLVM_HEADER_RE.search(path.read_text(encoding="utf-8"))
    assert m, f"{path.name} needs a '; LLVM: <major>|none' header line"
    if m.group(1) == "none":
        pytest.skip("syntax newer than any installed LLVM")
    _check_round_trip(path, m.group(1), tmp_path)
