"""The gradient fuzzer (tools/fuzz_gradients.py, tools/fuzz_runner.py) on a fixed slice.

Eight seeds at clang 19 -O2 and clang 14 -O0 must each pass or be refused
with a located error: no wrong derivative, no crash of the program or of
enzyme-opt.  The other tests show that the generator is deterministic and
that a wrong derivative is caught (the check is able to fail).
"""
from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))
import fuzz_gradients  # noqa: E402
import fuzz_runner  # noqa: E402

SLICE_SEEDS = range(8)
CONFIGS = [("19", "-O2"), ("14", "-O0")]


def _need(clang: str) -> None:
    if shutil.which(f"clang-{clang}") is None:
        pytest.skip(f"clang-{clang} is not installed")


@pytest.mark.parametrize("clang,opt", CONFIGS)
@pytest.mark.parametrize("seed", SLICE_SEEDS)
def test_slice(seed: int, clang: str, opt: str, tmp_path: Path):
    _need(clang)
    source = fuzz_gradients.generate(seed)
    cls, message = fuzz_runner.check_source(source, clang, opt, tmp_path)
    assert cls in ("pass", "refused"), f"seed {seed} clang-{clang} {opt}: {cls}\n{message}"


def test_same_seed_same_program():
    for seed in (0, 1, 123):
        assert fuzz_gradients.generate(seed) == fuzz_gradients.generate(seed)
    assert fuzz_gradients.generate(1) != fuzz_gradients.generate(2)


def test_dropping_a_feature_keeps_the_others():
    feats = ["helper", "loop_fixed", "struct"]
    whole = fuzz_gradients.generate(5, feats)
    part = fuzz_gradients.generate(5, feats[:1] + feats[2:])
    assert "loop_fixed" not in part.splitlines()[0]
    # The helper (feature 0) is drawn the same either way.
    helper = re.search(r"double help0\(.*?\n}\n", whole, re.S).group(0)
    assert helper in part


def test_every_feature_compiles(tmp_path: Path):
    _need("19")
    for name in sorted(fuzz_gradients.FEATURES):
        (tmp_path / f"{name}.c").write_text(fuzz_gradients.generate(7, ["arith", name]))
        rc, _, err = fuzz_runner._run(["clang-19", "-fsyntax-only", "-Wall", "-Werror",
                                       "-Wno-unused-function", "-Wno-unused-variable",
                                       f"{name}.c"], 60, cwd=tmp_path)
        assert rc == 0, f"{name}:\n{err}"


def test_a_wrong_derivative_in_the_check_is_caught(tmp_path: Path):
    _need("19")
    source = fuzz_gradients.build(3, bias=1e-3)[0]
    cls, message = fuzz_runner.check_source(source, "19", "-O2", tmp_path)
    assert cls == "silent-wrong", message
    assert "MISMATCH" in message


def test_a_derivative_below_the_differences_resolution_is_not_a_mismatch(tmp_path: Path):
    """Seed 1356's kernel adds `a` to a sum of about 1e18: every difference
    quotient of it is 0 while d/da is 3.566 (right: the a-terms alone give
    it).  The check allows the differences' rounding floor, eps*|f|/h."""
    _need("19")
    source = fuzz_gradients.generate(1356)
    cls, message = fuzz_runner.check_source(source, "19", "-O2", tmp_path)
    assert cls == "pass", message


def _skew_tangent(ir: str) -> str:
    """Add 0.01 to what the forward derivative of the kernel returns."""
    start = re.search(r"^define [^\n]*@fwddiffe_kernel\(", ir, re.M)
    assert start, "no forward derivative of the kernel in the output"
    head, rest = ir[:start.start()], ir[start.start():]
    body, end, tail = rest.partition("\n}\n")
    body, n = re.subn(r"ret double (%[\w.]+)", r"%skew = fadd double \1, 1.0e-2\n  ret double %skew",
                      body, count=1)
    assert n == 1
    return head + body + end + tail


def test_a_wrong_derivative_in_the_output_is_caught(tmp_path: Path):
    _need("19")
    source = fuzz_gradients.generate(3)
    cls, message = fuzz_runner.check_source(source, "19", "-O0", tmp_path, mutate_ir=_skew_tangent)
    assert cls == "silent-wrong", message
    assert "MISMATCH forward tangent" in message


@pytest.mark.parametrize("rc,stderr,cls", [
    (1, "prog.ll:12:3: error: indirect call with active arguments", "refused"),
    (1, "error: internal error while differentiating: boom", "tool-crash"),
    (1, "Traceback (most recent call last):", "tool-crash"),
    (1, "error: no location", "tool-crash"),
    (None, "", "tool-crash"),
    (2, "Usage: ...", "tool-crash"),
])
def test_tool_outcomes(rc, stderr, cls):
    assert fuzz_runner.classify_tool(rc, stderr, False) == cls


def test_run_outcomes():
    assert fuzz_runner.classify_run(0, "ok") == "pass"
    assert fuzz_runner.classify_run(1, "MISMATCH reverse da[0]: ...") == "silent-wrong"
    assert fuzz_runner.classify_run(-11, "") == "crash"
    assert fuzz_runner.classify_run(None, "") == "crash"


def test_seeds_before_the_extension_keep_their_features():
    """Seeds below EXTENDED_FROM draw from the features they were run with."""
    for seed in range(0, fuzz_gradients.EXTENDED_FROM, 97):
        assert set(fuzz_gradients.draw_features(seed)) <= set(fuzz_gradients.ORIGINAL)
    drawn = {f for s in range(3000, 3100) for f in fuzz_gradients.draw_features(s)}
    assert drawn & set(fuzz_gradients.EXTENDED)


def _skew_return(ir: str, header: str, field: int | None = None) -> str:
    """Add 0.01 to what the first function whose `define` line matches
    `header` returns: a double, or field `field` of a {double, double}."""
    start = re.search(rf"^define [^\n]*{header}", ir, re.M)
    assert start, f"no function matching {header!r} in the output"
    head, rest = ir[:start.start()], ir[start.start():]
    body, end, tail = rest.partition("\n}\n")
    if field is None:
        new = r"%skew = fadd double \1, 1.0e-2\n  ret double %skew"
        body, n = re.subn(r"ret double (%[\w.\"']+)", new, body)
    else:
        new = (rf"%skew.f = extractvalue {{ double, double }} \1, {field}\n"
               r"  %skew.s = fadd double %skew.f, 1.0e-2\n"
               rf"  %skew = insertvalue {{ double, double }} \1, double %skew.s, {field}\n"
               r"  ret { double, double } %skew")
        body, n = re.subn(r"ret \{ double, double \} (%[\w.\"']+)", new, body)
    assert n >= 1
    return head + body + end + tail


def test_a_wrong_split_reverse_is_caught(tmp_path: Path):
    """Seed 10036 checks split mode (x changed between the calls; a active):
    the reverse pass's gradient of a is checked."""
    _need("19")
    source = fuzz_gradients.generate(10036)
    assert "split mode (changed)" in source.splitlines()[1]
    skew = lambda ir: _skew_return(ir, r"@diffe_kernel[.\d]*\(ptr %tape")
    cls, message = fuzz_runner.check_source(source, "19", "-O0", tmp_path, mutate_ir=skew)
    assert cls == "silent-wrong", message
    assert "MISMATCH split reverse (changed) da" in message
    assert "MISMATCH split reverse (changed) vs autodiff" in message


def test_a_wrong_second_order_is_caught(tmp_path: Path):
    """Seed 10021 checks a Hessian-vector product (a active, x dup): the
    tangent of the gradient of a is checked."""
    _need("19")
    source = fuzz_gradients.generate(10021)
    assert "second order too" in source.splitlines()[1]
    skew = lambda ir: _skew_return(ir, r"@fwddiffe_diffe_kernel\(", field=1)
    cls, message = fuzz_runner.check_source(source, "19", "-O0", tmp_path, mutate_ir=skew)
    assert cls == "silent-wrong", message
    assert "MISMATCH second order Hv" in message
    assert "MISMATCH reverse" not in message and "gradient()" not in message


ALIAS_SEEDS = [12001, 12005]   # ya dupnoneed at offset 1 (hidden); ya dup at 1


def test_alias_seeds_from_12000_only():
    """Seeds below ALIAS_FROM keep their programs; from it, some pass ya."""
    for seed in range(fuzz_gradients.ALIAS_FROM - 200, fuzz_gradients.ALIAS_FROM, 7):
        assert fuzz_gradients.draw_family(seed) == "plain"
        assert "double *ya" not in fuzz_gradients.generate(seed)
    kinds = {fuzz_gradients.draw_alias(s, 4).ya for s in range(12000, 12100)
             if fuzz_gradients.draw_family(s) == "alias"}
    assert kinds == {"dup", "dupnoneed", "const"}


@pytest.mark.parametrize("seed", ALIAS_SEEDS)
def test_alias_slice(seed: int, tmp_path: Path):
    _need("19")
    cls, message = fuzz_runner.check_source(fuzz_gradients.generate(seed), "19", "-O2", tmp_path)
    assert cls in ("pass", "refused"), f"seed {seed}: {cls}\n{message}"


def test_a_wrong_derivative_in_an_alias_seed_is_caught(tmp_path: Path):
    _need("19")
    source = fuzz_gradients.build(ALIAS_SEEDS[1], bias=1e-3)[0]
    assert "double *ya" in source
    cls, message = fuzz_runner.check_source(source, "19", "-O2", tmp_path)
    assert cls == "silent-wrong", message


MERGE_SEEDS = [13004, 13009]   # kernel / kernel_twin merged; x dupnoneed / dup


def test_merged_calls_from_13000_only():
    """Seeds below MERGE_FROM keep their programs; from it, some write the
    reverse call in arms, of both kinds, and draw the new shapes."""
    for seed in range(fuzz_gradients.MERGE_FROM - 200, fuzz_gradients.MERGE_FROM, 7):
        source = fuzz_gradients.generate(seed)
        assert "merge_pick" not in source and "sincos(" not in source.split("\n", 2)[0]
    plans = [fuzz_gradients.draw_merge(s, fuzz_gradients.Activity(True, True, "dupnoneed"))
             for s in range(13000, 13100)]
    assert any(p and len(set(p.functions)) > 1 for p in plans)
    assert any(p and len(set(p.markers)) > 1 for p in plans)
    assert any(p and p.switch for p in plans)
    firsts = " ".join(fuzz_gradients.generate(s).split("\n", 1)[0] for s in range(13000, 13040))
    assert "struct_pointer_copy" in firsts and "sincos_call" in firsts


@pytest.mark.parametrize("seed", MERGE_SEEDS)
def test_merge_slice(seed: int, tmp_path: Path):
    _need("19")
    source = fuzz_gradients.generate(seed)
    assert "merge_pick()" in source
    cls, message = fuzz_runner.check_source(source, "19", "-O2", tmp_path)
    assert cls in ("pass", "refused"), f"seed {seed}: {cls}\n{message}"


def test_a_wrong_derivative_in_a_merged_call_is_caught(tmp_path: Path):
    _need("19")
    source = fuzz_gradients.build(MERGE_SEEDS[0], bias=1e-3)[0]
    cls, message = fuzz_runner.check_source(source, "19", "-O2", tmp_path)
    assert cls == "silent-wrong", message


def test_stop50_shapes_from_13400_only():
    """Seeds below STOP50_FROM keep their features; from it every seed, plain
    or alias, draws one or two of the new shapes, and each shape appears."""
    new = set(fuzz_gradients.STOP50_SHAPES)
    for seed in range(fuzz_gradients.STOP50_FROM - 300, fuzz_gradients.STOP50_FROM, 3):
        assert not new & set(fuzz_gradients.draw_features(seed))
    drawn = [set(fuzz_gradients.draw_features(s)) & new for s in range(13400, 13440)]
    assert all(drawn) and set().union(*drawn) == new
    assert any(fuzz_gradients.draw_family(s) == "alias" for s in range(13400, 13440))


@pytest.mark.parametrize("shape", sorted(fuzz_gradients.STOP50_SHAPES))
def test_stop50_shape_slice(shape: str, tmp_path: Path):
    _need("19")
    source = fuzz_gradients.generate(1, ["arith", shape])
    cls, message = fuzz_runner.check_source(source, "19", "-O2", tmp_path)
    assert cls in ("pass", "refused"), f"{shape}: {cls}\n{message}"
