"""The plain forms of the command line are read without click (issue 21:
click's import was a fifth of a small module's run), exactly as click reads
them; anything else is left to click.

`cli.plain_arguments` is held to click's own reading of each command line
(`make_context`): the same parameters, or None (click reads it, and refuses
what it refuses).  A whole run in the plain forms does not import click and
writes what a run through click writes.
"""
from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import click
import pytest

from enzyme_opt import cli

REPO_ROOT = Path(__file__).resolve().parent.parent

# Command lines a build writes: each must be read without click.
PLAIN = [
    [], ["in.ll"], ["-"], ["a.ll", "b.ll"], ["in.ll", "-o", "out.ll"], ["in.ll", "-o=out.ll"],
    ["-o", "-", "in.ll"], ["in.ll", "-o", "out.bc", "-S"], ["--bitcode", "in.ll"],
    ["-passes=enzyme", "in.ll"], ["--passes=", "in.ll"], ["-passes", "mem2reg,enzyme", "x"],
    ["--passes", "", "in.ll"], ["--no-verify", "in.ll"], ["-no-verify", "--verify", "in.ll"],
    ["-print-activity", "--print-type-analysis", "in.ll"], ["-check-derivatives", "in.ll"],
    ["--stats", "-time-passes", "-debug", "in.ll"], ["--enzyme-truncate-all=64to32", "f.ll"],
    ["-enzyme-truncate-all", "11-52to8-23", "f.ll"], ["in.ll", "-o", "a", "-o", "b"],
    ["--verify", "--no-verify", "in.ll", "--verify"], ["", "in.ll"], ["-o="],
]
# Left to click: help, version, `--`, unknown or misspelt options, attached
# or missing values, values that look like options, flags given a value.
FOR_CLICK = [
    ["--help"], ["-h"], ["-help"], ["--version"], ["-version"], ["--print-include-dir"],
    ["--", "-o"], ["-x"], ["--bogus"], ["-oout.ll"], ["-o"], ["in.ll", "-passes"],
    ["-o", "-S"], ["--passes", "--stats"], ["-S=1"], ["--verify=no"], ["-So", "x"],
    ["--o", "x"], ["-stat"], ["--no-verify=", "x"], ["-print-include-dir"],
]


def _click_reads(args):
    """The parameters click's command reads from `args`, or None if it
    stops (a usage error, or an eager option such as --help that exits)."""
    try:
        with cli.main.make_context("enzyme-opt", list(args)) as ctx:
            return dict(ctx.params)
    except (click.exceptions.Exit, click.exceptions.ClickException):
        return None


@pytest.mark.parametrize("args", PLAIN, ids=" ".join)
def test_plain_forms_are_read_as_click_reads_them(args):
    plain = cli.plain_arguments(args)
    assert plain is not None, "a plain form left to click"
    assert plain == _click_reads(args)


@pytest.mark.parametrize("args", FOR_CLICK, ids=" ".join)
def test_other_forms_are_left_to_click(args):
    assert cli.plain_arguments(args) is None


def test_every_pair_of_tokens_is_read_as_click_reads_it_or_left_to_it():
    """The tokens above in every order of two (and the options taking a
    value, in every order of three): whatever the plain reading accepts,
    click reads alike (never a line click refuses)."""
    tokens = sorted({t for args in PLAIN + FOR_CLICK for t in args})
    valued = ["-o", "-o=", "-passes", "--passes=", "-", "", "x", "-S", "--", "-stats"]
    lines = itertools.chain(itertools.product(tokens, repeat=2),
                            itertools.product(valued, repeat=3))
    for args in lines:
        plain = cli.plain_arguments(list(args))
        if plain is not None:
            assert plain == _click_reads(args), args


def test_the_defaults_are_click_commands_defaults():
    assert {**cli.DEFAULTS, "input_paths": ()} == _click_reads([])


# A forward-mode derivative of x * sin(x).
VALID = """\
declare double @llvm.sin.f64(double)
declare double @__enzyme_fwddiff(ptr, ...)

define double @f(double %x) {
  %s = call double @llvm.sin.f64(double %x)
  %y = fmul double %x, %s
  ret double %y
}

define double @df(double %x) {
  %d = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, double %x, double 1.0)
  ret double %d
}
"""


@pytest.mark.parametrize("case", ["valid", "parse error", "stats"])
def test_a_plain_run_does_without_click_and_writes_what_click_would(case, tmp_path):
    src = tmp_path / "in.ll"
    src.write_text(VALID if case != "parse error" else VALID.replace("%x, %s", "%x, %nope"))
    extra = ["--stats"] if case == "stats" else []
    plain = subprocess.run([sys.executable, "-X", "importtime", "-m", "enzyme_opt", src,
                            "-o", "-", *extra], cwd=REPO_ROOT, capture_output=True, text=True)
    imported = [line for line in plain.stderr.splitlines() if line.startswith("import time:")]
    assert imported and not any(line.split("|")[-1].strip().startswith("click")
                                for line in imported)
    # `-o -` spelt `-o-`, a form only click reads.
    assert cli.plain_arguments(["-o-"]) is None
    through_click = subprocess.run([sys.executable, "-m", "enzyme_opt", src, "-o-", *extra],
                                   cwd=REPO_ROOT, capture_output=True, text=True)
    messages = [line for line in plain.stderr.splitlines() if not line.startswith("import time:")]
    assert (plain.returncode, plain.stdout) == (through_click.returncode, through_click.stdout)
    assert messages == through_click.stderr.splitlines()
    assert plain.returncode == (1 if case == "parse error" else 0)
