"""The source filter and output reader of tools/run_reference_benchmarks.py.

Samples written here in the shapes the reference's benchmark programs use;
no checkout of the reference is needed.
"""
import run_reference_benchmarks as rb
from refbench_strip_adept import strip_adept

SAMPLE = '''#include <math.h>
#include <adept_source.h>
using adept::adouble;
// keeps this comment
double square(double x) { return x * x; }
static adouble asquare(adouble x) { return x * x; }
extern "C" {
void adept_grad(const double* x, double* dx) {
  adept::Stack stack;
  adouble ax = *x;
  stack.new_recording();
  asquare(ax).set_gradient(1.0);
  stack.compute_adjoint();
  *dx = ax.get_gradient();
}
double adept_value(double x) { adouble a = x; return a.value(); }
}
int main() { double d; adept_grad(0, &d); printf("adept {}\\n"); return square(2) > 0; }
'''


def test_strip_adept_keeps_plain_code_and_stubs_adept_bodies():
    out = strip_adept(SAMPLE)
    assert "adept::" not in out and "adouble" not in out and "<adept" not in out
    assert "double square(double x) { return x * x; }" in out
    assert "// keeps this comment" in out and "#include <math.h>" in out
    assert 'void adept_grad(const double* x, double* dx) {}' in out
    assert "double adept_value(double x) { return {}; }" in out
    assert 'printf("adept {}\\n")' in out            # strings are not code


def test_strip_adept_output_compiles(tmp_path):
    import subprocess
    src = tmp_path / "s.cpp"
    src.write_text("#include <stdio.h>\n" + strip_adept(SAMPLE))
    subprocess.run(["clang++-19", "-fsyntax-only", str(src)], check=True)


OUTPUT = """iters=100
Tapenade combined 0.5 res'=1.250000
Enzyme real 0.1 res=2.000000
Enzyme combined 0.25 res'=1.250000
enzyme forward and reverse 0.75 res'=3.000000
enzyme forward 0.2 res'=7.000000
"""


def test_parse_stdout_sums_gradient_timings_only():
    parsed = rb.parse_stdout(OUTPUT)
    assert parsed.gradient_seconds == {"tapenade": 0.5, "enzyme": 1.0}
    assert parsed.gradients["enzyme"] == [1.25, 3.0]
    assert parsed.values["enzyme"] == [2.0, 1.25, 3.0, 7.0]


def test_section_headers_and_bare_timings():
    parsed = rb.parse_stdout("Enzyme\nStep 0001\tLoss: 4.5\n12.5\nAdept\n3.0\n")
    assert parsed.gradient_seconds == {"enzyme": 12.5, "adept": 3.0}
    assert parsed.values["enzyme"] == [1.0, 4.5]     # the time is no result


def test_differ_catches_a_wrong_entry_and_accepts_printing_noise():
    assert rb.differ([1.0, 2.000001], [1.0, 2.0]) == ""
    assert "entry 1" in rb.differ([1.0, 2.01], [1.0, 2.0])
    assert rb.differ([1.0], [1.0, 2.0]) != ""
    assert rb.differ([], []) != ""                    # nothing printed is no pass


PROBED = '''#include <stdio.h>
static double twice(double x) { return 2 * x; }
int main() {
  double r = 0;
  for (int i = 0; i < 3; i++) {
    r = twice(r + i);
  }
  printf("%f\\n", r);
  return 0;
}
'''


def test_probe_times_the_call_and_leaves_stdout_alone(tmp_path):
    import subprocess
    src = tmp_path / "p.cpp"
    src.write_text(rb.add_probe(PROBED, r"r = twice\(r \+ i\);"))
    exe = tmp_path / "p"
    subprocess.run(["clang++-19", "-O2", str(src), "-o", str(exe)], check=True)
    proc = subprocess.run([str(exe)], capture_output=True, text=True, check=True)
    assert proc.stdout == "8.000000\n"
    found = rb.PROBE_LINE.search(proc.stderr)
    assert found and 0 <= float(found.group(1)) < 1


def test_probe_that_matches_nothing_stops_the_run():
    import pytest
    with pytest.raises(SystemExit):
        rb.add_probe(PROBED, r"no such call\(\);")


def test_report_without_the_reference_has_no_ratio():
    # Run without --plugin: no reference time, so no ratio and no worst one.
    bench = rb.Benchmark("taylorlog", ["taylorlog.cpp"])
    result = rb.Result(bench, built={"ours": ""}, seconds={"ours": 0.5})
    table = rb.report([result], "/tmp/out")
    assert "over 0 programs: -" in table


SLEEPER = r"""#include <stdio.h>
#include <sys/time.h>
#include <unistd.h>
int main(void) {
  struct timeval a, b;
  gettimeofday(&a, NULL);
  usleep(300000);
  gettimeofday(&b, NULL);
  printf("%f\n", (b.tv_sec - a.tv_sec) + 1e-6 * (b.tv_usec - a.tv_usec));
  return 0;
}
"""


def test_cpu_time_leaves_out_time_the_process_does_not_run(tmp_path):
    # A program's own gettimeofday timer around a sleep: wall-clock counts
    # the 0.3 s, the --cpu-time clock only the microseconds of CPU spent.
    import subprocess
    src, exe = tmp_path / "sleeper.c", tmp_path / "sleeper"
    src.write_text(SLEEPER)
    subprocess.run(["clang-19", str(src), "-o", str(exe)], check=True)
    with open(tmp_path / "shim.log", "w") as log:
        env = rb.cpu_clock_env(str(tmp_path), log)
    wall = float(subprocess.run([str(exe)], capture_output=True, text=True).stdout)
    cpu = float(subprocess.run([str(exe)], capture_output=True, text=True, env=env).stdout)
    assert wall >= 0.3
    assert 0.0 <= cpu < 0.1
