"""The RUN-line reader of tools/run_reference_suite.py, on small samples.

These need no checkout of the reference project: each sample is a RUN line
(or a file's text) in the forms that project's integration programs use.
"""
import pytest

import run_reference_suite as rs

SOURCE = "int main() { return 0; }\n"


def parse(line, version=19, source=SOURCE, cxx=False):
    return rs.parse_run_line(line, source, cxx, version)


def test_plugin_pipeline_into_lli():
    spec = parse("%clang -std=c11 -O2 %s -S -emit-llvm -o - | %opt - %OPloadEnzyme %enzyme "
                 "-enzyme-inline=1 -S | %lli -")
    assert spec == rs.RunSpec(cxx=False, cflags=("-std=c11", "-O2"), mode="run",
                              reoptimize=False)
    # lli runs the plugin's output as it is: no IR optimization after AD.
    assert spec.output_flags() == ["-O2", "-Xclang", "-disable-llvm-optzns"]


def test_o0tbaa_expands_and_cxx_driver():
    spec = parse("%clang++ -fno-exceptions %O0TBAA %s -S -emit-llvm -o - | %opt - "
                 "%OPloadEnzyme %enzyme -S | %lli - ", cxx=True)
    assert spec.cxx
    assert spec.cflags == ("-fno-exceptions", "-O1", "-Xclang", "-disable-llvm-passes")
    assert spec.link_flags() == ["-fno-exceptions", "-O1"]


# What stands in for the plugin in clang: our header of its attributes.
ATTRIBUTES = ("-include", f"{rs.OUR_INCLUDE_DIR}/enzyme/attributes.h")


def test_clang_plugin_flags_are_dropped_and_enzyme_mllvm_too():
    spec = parse("if [ %llvmver -ge 12 ]; then %clang -std=c11 -O3 %s -S -emit-llvm -o - "
                 "%newLoadClangEnzyme -mllvm -enzyme-inline=1 -mllvm -force-vector-width=1 "
                 "-Xclang -load -Xclang /x/ClangEnzyme-19.so -fpass-plugin=/x/p.so -S "
                 "| %lli - ; fi")
    assert spec.cflags == ("-std=c11", "-O3", *ATTRIBUTES, "-mllvm", "-force-vector-width=1")
    assert spec.mode == "run"
    # The plugin inside clang: clang's pipeline optimizes on after AD.
    assert spec.reoptimize
    assert spec.output_flags() == ["-O3", "-mllvm", "-force-vector-width=1"]


def test_condition_on_llvm_version():
    line = "if [ %llvmver -ne 14 ] && [ %llvmver -ge 12 ]; then %clang -O1 %s | %lli - ; fi"
    assert parse(line, version=19).cflags == ("-O1",)
    with pytest.raises(rs.NotApplicable):
        parse(line, version=14)


@pytest.mark.parametrize("installed", [True, False])
def test_mpfr_condition_is_a_build_skip_only_without_mpfr(installed, monkeypatch):
    monkeypatch.setattr(rs, "have_mpfr", lambda: installed)
    spec = parse('if [ %llvmver -ge 12 ] && [ %hasMPFR == "yes" ] ; then %clang -O0 %s '
                 '-o %s.a.out %newLoadClangEnzyme -include enzyme/fprt/mpfr.h -lm -lmpfr '
                 '&& %s.a.out ; fi')
    assert spec.needs == (None if installed else "needs MPFR")
    assert spec.ldflags == ("-lm", "-lmpfr")
    assert spec.mode == "run"          # compile-and-run: `&& %s.a.out`


def test_truncate_all_goes_to_enzyme_opt():
    spec = parse('%clang -O3 %s -S -emit-llvm -o - %newLoadClangEnzyme -S -mllvm '
                 '--enzyme-truncate-all="64to32" | %lli - | FileCheck %s')
    assert spec.cflags == ("-O3", *ATTRIBUTES)
    assert spec.tool_flags == ("--enzyme-truncate-all=64to32",)


def test_verify_with_expected_error_must_be_refused():
    source = "f(x); // expected-error {{Enzyme: No reverse pass found}}\n"
    spec = parse("%clang -g -O0 %s -S -emit-llvm -o - %loadClangEnzyme -Xclang -verify",
                 source=source)
    assert spec.mode == "verify-error"
    assert "-Xclang" not in spec.cflags


def test_rejected_by_clang_through_our_header(tmp_path):
    prog = tmp_path / "p.cpp"
    prog.write_text("a(); // expected-error {{x}}\nb(); // expected-error {{y}}\n")
    header = f"{rs.OUR_INCLUDE_DIR}/enzyme/enzyme"
    two = f"{header}:1:2: error: static assertion failed\n{prog}:2:1: error: no member\n"
    assert rs.rejected_as_expected(prog, two)
    assert not rs.rejected_as_expected(prog, f"{header}:1:2: error: one only\n")
    assert not rs.rejected_as_expected(prog, f"{header}:1:2: error: a\n/usr/x.h:3:4: error: b\n")


def test_verify_with_remarks_only_is_accepted_code():
    source = "x = in[i]; // expected-remark {{Load may need caching}}\n"
    spec = parse("%clang -g -O1 %s -S -emit-llvm -o /dev/null %loadClangEnzyme -Xclang "
                 "-verify -Rpass=enzyme -mllvm -enzyme-postopt=0", source=source)
    assert spec.mode == "verify-ok"
    assert spec.cflags == ("-g", "-O1", *ATTRIBUTES)


def test_compile_only_and_filecheck():
    assert parse("%clang++ -O3 %s -S -emit-llvm -o - | %opt - %OPloadEnzyme %enzyme -S",
                 cxx=True).mode == "compile"
    spec = parse("%clang -O3 %s -S -emit-llvm -o - %newLoadClangEnzyme -S | %lli - | "
                 "FileCheck --check-prefix BASELINE %s")
    assert spec.filecheck == ("--check-prefix", "BASELINE", "%s")


def test_openmp_link_stage_keeps_its_flags():
    spec = parse("%clang -fopenmp -std=c11 -O2 %s -S -emit-llvm -o - | %opt - %OPloadEnzyme "
                 "%enzyme -S | %clang -fopenmp -x ir - -o %s.out && %s.out")
    assert spec.mode == "run"
    assert "-fopenmp" in spec.cflags and "-fopenmp" in spec.link_flags()


def test_run_lines_join_continuations_and_skip_other_comments():
    text = ("// RUN: %clang -O0 %s \\\n"
            "// RUN:   -S -emit-llvm -o - | %lli -\n"
            "// not a run line\n"
            "  // RUN: %clang -O2 %s | %lli -\n")
    assert rs.run_lines(text) == [(1, "%clang -O0 %s -S -emit-llvm -o - | %lli -"),
                                  (4, "%clang -O2 %s | %lli -")]


def test_lines_that_build_nothing():
    assert parse("not %opt %s") is None


def test_first_error_line():
    assert rs.first_error_line("warning: w\nx.ll:3:4: error: bad\nmore") == "x.ll:3:4: error: bad"
    tb = "Traceback (most recent call last):\n  File x\nKeyError: 'k'\n"
    assert rs.first_error_line(tb) == "KeyError: 'k'"


def test_tool_failures():
    located = rs.tool_failure(1, "x.ll:12:3: error: cannot differentiate\n  store ...\n")
    assert (located.cls, located.located) == ("refused", True)
    assert located.reason == "x.ll:12:3: error: cannot differentiate"
    unlocated = rs.tool_failure(1, "x.ll: error: function never returns in function 'f'\n")
    assert (unlocated.cls, unlocated.located) == ("refused", False)
    assert unlocated.reason.startswith("(no location) x.ll: error: function never returns")
    internal = rs.tool_failure(1, "error: internal error while running the pass pipeline: boom\n")
    assert internal.cls == "tool-crash"
    traceback = rs.tool_failure(1, "Traceback (most recent call last):\n  File y\nKeyError: 3\n")
    assert (traceback.cls, traceback.reason) == ("tool-crash", "enzyme-opt exit 1: KeyError: 3")
    assert rs.tool_failure(-9, "").cls == "tool-crash"


def test_report_counts_by_folder():
    spec = rs.RunSpec(cxx=False, cflags=("-O0",))
    jobs = [rs.Job(None, "ReverseMode/a.c", [1], spec), rs.Job(None, "ReverseMode/b.c", [2], spec),
            rs.Job(None, "Sparse/c.c", [3], spec)]
    outcomes = [rs.Outcome("pass"), rs.Outcome("wrong", "Assertion Failed: x"),
                rs.Outcome("build-skip", "no eigen")]
    text = rs.report(list(zip(jobs, outcomes)), 0, "19")
    assert "| ReverseMode | 1    | 0       | 1     |" in text
    total = "| total       | 1    | 0       | 1     | 0     | 0          | 1          | 3    |"
    assert total in text
    assert "- wrong: ReverseMode/b.c:2 [-O0]: Assertion Failed: x" in text


def test_themes_follow_the_issues_tables():
    """Each program is counted in one row: the API's programs first, then the
    first library it uses, else the core C programs."""
    spec = rs.RunSpec(cxx=True, cflags=("-O0",))
    verify = rs.RunSpec(cxx=False, cflags=("-O0",), mode="verify-error")
    assert rs.theme_of("Truncate/a.cpp", "", spec) == rs.THEME_ORDER[1]
    assert rs.theme_of("ReverseMode/e.c", "", verify) == rs.THEME_ORDER[1]
    assert rs.theme_of("ReverseMode/o.c", "#pragma omp parallel for\n", spec) == "OpenMP"
    assert rs.theme_of("ReverseMode/g.cpp", "#include <eigen3/Eigen/Dense>\n#include <vector>",
                       spec) == "Eigen"
    assert rs.theme_of("ReverseMode/m.cpp", "#include <map>\n", spec) == "STL containers"
    assert rs.theme_of("ReverseMode/s.c", "#include <math.h>\n", spec) == rs.THEME_ORDER[0]
    jobs = [rs.Job(None, "ReverseMode/o.c", [1], spec, "OpenMP"),
            rs.Job(None, "ReverseMode/p.c", [2], spec, "OpenMP")]
    table = rs.theme_table(list(zip(jobs, [rs.Outcome("pass"), rs.Outcome("build-skip")])))
    assert "| OpenMP | 1 | 1 | 1 |" in table


def test_mpi_programs_and_nested_groups(tmp_path):
    nested = tmp_path / "Integration" / "ForwardMode" / "mpi" / "p.c"
    nested.parent.mkdir(parents=True)
    nested.write_text('#include "../test_utils.h"\n#include <mpi.h>\nint main() { return 0; }\n')
    flat = tmp_path / "Integration" / "ReverseMode" / "q.c"
    flat.parent.mkdir(parents=True)
    flat.write_text("#include <stdio.h>\n// not <mpi.h> in a comment at the line's start\n")
    assert rs.group_dirs(nested) == [tmp_path / "Integration" / "ForwardMode"]
    assert rs.group_dirs(flat) == []
    assert rs.uses_mpi(nested) and not rs.uses_mpi(flat)
