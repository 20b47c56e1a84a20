"""The fused LALR loop (ir/lalr.py) against Lark's own loop, and its pieces.

The fused loop must be Lark's parser, only faster: the same module for every
input Lark accepts, and for input it rejects, Lark's diagnosis (it hands
such input to Lark).  Its scanner tries only the terminals that can begin
with the character at hand, so the first-character analysis
(ir/regex_first.py) must never leave a character out.
"""
from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

import test_malformed
from enzyme_opt.diagnostics import ParseError
from enzyme_opt.ir import lalr, parser
from enzyme_opt.ir.printer import print_module
from enzyme_opt.ir.compiled_regex import compile_from, compiled_form
from enzyme_opt.ir.regex_first import first_chars

REPO_ROOT = Path(__file__).resolve().parents[2]
IR_FILES = sorted((REPO_ROOT / "tests" / "corpus" / "ir").glob("*.ll")) + \
    sorted((REPO_ROOT / "tests" / "lit").glob("*.ll"))


def _printed_or_error(text: str, fused: bool) -> str:
    try:
        return print_module(parser._parse(text, "input.ll", fused=fused))
    except ParseError as e:
        return "error: " + str(e)


@pytest.mark.parametrize("path", IR_FILES, ids=lambda p: p.name)
def test_fused_loop_builds_what_lark_builds(path):
    text = path.read_text(encoding="utf-8")
    assert _printed_or_error(text, True) == _printed_or_error(text, False)


@pytest.mark.parametrize("case", sorted(test_malformed.CASES) + sorted(test_malformed.CASES_14))
def test_malformed_input_gets_lark_diagnosis(case):
    """(Some cases parse, and fail LLVM's verifier later.)"""
    text = test_malformed.CASES.get(case) or test_malformed.CASES_14[case]
    assert _printed_or_error(text, True) == _printed_or_error(text, False)


@pytest.mark.parametrize("regex,chars", [
    (r"abc", "a"), (r"(?:a|b?)c", "abc"), (r"[x-z]+q", "xyz"), (r"a*b", "ab"),
    (r"\s*=", None), (r"(?=a)ab", "a"), (r"\bfoo\b", "f"), (r"[^x]", None),
    (r"(?i)abc", None), (r"a?", None), (r"\d+", None)])
def test_first_chars_of_small_patterns(regex, chars):
    first = first_chars(regex)
    if regex.startswith(r"\s"):
        assert first is not None and {" ", "\t", "\n", "="} <= first and "a" not in first
    elif chars is None:
        assert first is None
    else:
        assert first == frozenset(chars)


def test_first_chars_never_miss_a_match_of_a_grammar_terminal():
    """Every terminal, tried at every position of real IR: whatever matches
    there begins with one of the terminal's first characters."""
    tables = parser._cached_tables()
    text = "\n".join(p.read_text(encoding="utf-8") for p in IR_FILES[:12])
    positions = [m.start() for m in re.finditer(r"\S", text)]
    checked = 0
    for name, regex in tables.terminals.items():
        first = first_chars(regex)
        if first is None:
            continue
        match = re.compile(regex).match
        for pos in positions:
            m = match(text, pos)
            if m is not None and m.end() > pos:
                assert text[pos] in first, (name, text[pos:pos + 40])
                checked += 1
    assert checked > 1000


def _enzyme_opt(source: Path, **env):
    """Parse and print `source` in a process of its own, with `env` added."""
    env = dict(os.environ, **env)
    return subprocess.run([sys.executable, "-m", "enzyme_opt", str(source), "-passes=",
                           "--no-verify"], capture_output=True, text=True, env=env,
                          cwd=REPO_ROOT)


def test_a_damaged_table_cache_is_rebuilt(tmp_path):
    source = IR_FILES[0]
    first = _enzyme_opt(source, XDG_CACHE_HOME=str(tmp_path))
    assert first.returncode == 0, first.stderr
    (table,) = (tmp_path / "enzyme-opt").glob("*.tables")
    table.write_bytes(b"not a pickle")
    second = _enzyme_opt(source, XDG_CACHE_HOME=str(tmp_path))
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout
    assert table.read_bytes() != b"not a pickle"


def test_without_a_usable_cache_home_a_private_temporary_directory_serves(tmp_path):
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    proc = _enzyme_opt(IR_FILES[0], XDG_CACHE_HOME=str(not_a_directory), TMPDIR=str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    private = tmp_path / f"enzyme-opt-{os.getuid()}"
    assert list(private.glob("*.tables"))
    assert private.stat().st_mode & 0o777 == 0o700


def test_terminals_compiled_from_the_cached_form_are_what_re_compiles():
    """Pattern equality compares the compiled code: the cached form must give
    the very pattern re.compile does (on CPython, where there is a form)."""
    tables = parser._cached_tables()
    for name, regex in tables.terminals.items():
        form = tables.compiled[name]
        if sys.implementation.name == "cpython":
            assert form is not None, name
        assert compile_from(regex, form) == re.compile(regex), name


def test_a_compiled_form_that_does_not_fit_falls_back_to_re():
    form = compiled_form(r"[a-z]+\d")
    assert compile_from(r"[a-z]+\d", form) == re.compile(r"[a-z]+\d")
    assert compile_from(r"x+", form) == re.compile(r"x+")           # another regex's form
    invalid = (r"x+", 0, [1, 2, 3], 0, {}, ())                       # _sre refuses it
    assert compile_from(r"x+", invalid) == re.compile(r"x+")
    assert compile_from(r"x+", None) == re.compile(r"x+")


def test_tables_read_back_from_the_cache_are_the_tables_built():
    """The cache keeps rows, rules and scanners as marshal's bytes, each
    decoded when first used: decoded, they are what was built."""
    from enzyme_opt.ir.lark_parser import lark_parser
    built = lalr.Tables(lark_parser(), parser.STARTS)
    made_from, read = lalr.Tables.from_bytes(built.to_bytes("sources"))
    assert made_from == "sources"
    assert [read.rules[i].fields() for i in range(len(built.rules))] == \
        [rule.fields() for rule in built.rules]
    assert [read.scanners[i] for i in range(len(built.scanners))] == built.scanners
    assert {state: read.actions[state] for state in built.actions} == built.actions
    assert (read.starts, read.scanner_of, read.terminals) == \
        (built.starts, built.scanner_of, built.terminals)
    assert {name: read.compiled[name] for name in built.compiled} == built.compiled
    # Pickled (as a program using the package may), then written again, they
    # read back alike.
    again = pickle.loads(pickle.dumps(read, protocol=pickle.HIGHEST_PROTOCOL))
    assert {state: again.actions[state] for state in built.actions} == built.actions
    _, again = lalr.Tables.from_bytes(again.to_bytes(""))
    assert [again.scanners[i] for i in range(len(built.scanners))] == built.scanners
    assert {name: again.compiled[name] for name in built.compiled} == built.compiled


def test_a_lazy_pattern_compiles_when_first_used_and_answers_as_re():
    from enzyme_opt.ir.compiled_regex import LazyPattern
    lazy = LazyPattern(r"(\w+)=(\d+)", re.A)
    assert "match" not in vars(lazy)                    # nothing compiled yet
    eager = re.compile(r"(\w+)=(\d+)", re.A)
    text = "a=1, bb=22; c=x"
    assert lazy.match(text).groups() == eager.match(text).groups()
    assert vars(lazy)["search"].__self__ == eager       # the compiled pattern's own
    assert lazy.findall(text) == eager.findall(text)
    assert lazy.sub(r"\2", text) == eager.sub(r"\2", text)
    assert [m.span() for m in lazy.finditer(text, 3)] == [m.span() for m in eager.finditer(text, 3)]
    with pytest.raises(AttributeError):
        lazy.groups                                      # not a method: not pretended


def test_the_blank_fast_path_is_the_grammars_blank():
    """The loop skips a lone space, or no blank, without the blank's expression
    only for the blank whose starting characters it knows: the grammar's.
    (A changed _WS turns the fast path off; then change lalr.BLANK too.)"""
    tables = parser._cached_tables()
    assert tables.blank == lalr.BLANK
    assert parser._fused()._blank_starts == lalr.BLANK_STARTS
    blank = re.compile(lalr.BLANK)
    starts = {chr(i) for i in range(0x3000) if blank.match(chr(i))}
    assert starts == lalr.BLANK_STARTS
    for c in map(chr, range(0x3000)):
        if c not in lalr.BLANK_STARTS:
            assert blank.match(" " + c + "x ; y").end() == 1, repr(c)


@pytest.mark.parametrize("text", ["", " ", "\n", "  ;c\n", "x", " x", "x ", "x  y",
                                  " ;c", "x\t y", "x \r\n y", "x ;c\n y"])
def test_the_blank_fast_path_agrees_with_the_blanks_expression(text):
    """Each position of small texts: the fast path's verdict (no blank, or a
    blank of one space) is what the expression says."""
    blank = re.compile(lalr.BLANK)
    for pos in range(len(text)):
        c = text[pos]
        fast = c not in lalr.BLANK_STARTS or c == " " and (
            pos + 1 == len(text) or text[pos + 1] not in lalr.BLANK_STARTS)
        if fast:
            m = blank.match(text, pos)
            assert (m.end() - pos if m else 0) == (c == " "), (text, pos)


def test_cached_patterns_are_res_and_come_from_the_cache_file_in_the_next_process(
        tmp_path, monkeypatch):
    """compile_cached: the pattern re.compile makes (flags included), kept in
    the per-user cache; a process that finds it there compiles nothing, and
    a damaged or foreign file is compiled past."""
    from enzyme_opt.ir import compiled_regex
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(compiled_regex, "_forms", None)
    monkeypatch.setattr(compiled_regex, "_forms_path", None)
    cases = [(r"(\w+)=(\d+)", 0), (r"^x.$", re.M | re.S), (r"(?P<n>a)|b", re.A)]
    for regex, flags in cases:
        assert compiled_regex.compile_cached(regex, flags) == re.compile(regex, flags)
    path = compiled_regex._forms_file()
    assert path.startswith(str(tmp_path))
    # As the next process: the forms read from the file, no compiling.
    monkeypatch.setattr(compiled_regex, "_forms", None)
    real_compile, compiling = re.compile, []
    monkeypatch.setattr(re, "compile", lambda *a: compiling.append(a) or real_compile(*a))
    made = [compiled_regex.compile_cached(regex, flags) for regex, flags in cases]
    monkeypatch.setattr(re, "compile", real_compile)
    assert compiling == []
    assert made == [re.compile(regex, flags) for regex, flags in cases]
    # A damaged file: compiled as usual, and written anew.
    with open(path, "wb") as f:
        f.write(b"\x00garbage")
    monkeypatch.setattr(compiled_regex, "_forms", None)
    assert compiled_regex.compile_cached(*cases[1]) == re.compile(*cases[1])
    monkeypatch.setattr(compiled_regex, "_forms", None)
    assert (cases[1][0], int(cases[1][1])) in compiled_regex._known_forms()
    # An entry that does not make its pattern (another regex under the key).
    monkeypatch.setattr(compiled_regex, "_forms", {(r"a+", 0): compiled_regex.compiled_form("b")})
    assert compiled_regex.compile_cached(r"a+") == re.compile(r"a+")
    # No cache directory: compiled as re does, no form made for nothing.
    monkeypatch.setattr(compiled_regex, "_forms", None)
    monkeypatch.setattr(compiled_regex, "_forms_file", lambda: None)
    monkeypatch.setattr(compiled_regex, "compiled_form", lambda *a: pytest.fail("made a form"))
    assert compiled_regex.compile_cached(r"b+c", re.I) == re.compile(r"b+c", re.I)


def test_the_packages_module_level_patterns_are_those_re_compiles():
    """Every pattern a module of the package holds at its top level, made
    through the cache or not, equals re.compile's of its text and flags."""
    import importlib
    import pkgutil
    import enzyme_opt
    seen = 0
    for info in pkgutil.walk_packages(enzyme_opt.__path__, "enzyme_opt."):
        if info.name.endswith(("lark_parser", "lark_import", "command", "__main__")):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, re.Pattern):
                assert value == re.compile(value.pattern, value.flags), (info.name, value)
                seen += 1
    assert seen >= 20
