"""-time-passes reports every stage; the progress line shows on a terminal
only, only after its delay, and is erased at the end."""
import io
import time

from click.testing import CliRunner

from enzyme_opt import cli
from enzyme_opt.stages import ProgressLine, Stages

from test_cli import VALID


def test_time_passes_names_each_stage(tmp_path):
    src = tmp_path / "in.ll"
    src.write_text(VALID)
    result = CliRunner().invoke(cli.main, [str(src), "-time-passes", "-o", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    report = result.stderr
    for stage in ("parsing the input", "running pass 'enzyme'",
                  "differentiating 'square' for the call to '__enzyme_autodiff' in 'dsquare'",
                  "printing the output",
                  "verifying the output", "writing the output", "Total"):
        assert stage in report, stage
    total = float(report.split("Total Execution Time: ")[1].split()[0])
    assert total > 0


class _Terminal(io.StringIO):
    def __init__(self, tty):
        super().__init__()
        self.tty = tty

    def isatty(self):
        return self.tty


def _run_with_progress(tty, seconds, delay=0.05):
    stages, stream = Stages(), _Terminal(tty)
    line = ProgressLine(stages, stream)
    line.DELAY, line.PERIOD = delay, 0.01
    with line:
        stages.enter("differentiating 'f'")
        time.sleep(seconds)
    return stream.getvalue()


def test_the_progress_line_shows_the_stage_and_is_erased():
    shown = _run_with_progress(tty=True, seconds=0.3)
    assert "enzyme-opt: differentiating 'f'" in shown
    assert shown.endswith("\r\033[K")


def test_no_progress_line_off_a_terminal_or_before_the_delay():
    assert _run_with_progress(tty=False, seconds=0.3) == ""
    assert _run_with_progress(tty=True, seconds=0.0, delay=5.0) == ""


LOOP = """
define double @sum(ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %s = call double @llvm.sin.f64(double %v)
  %sq = fmul double %s, %acc
  %acc.next = fadd double %sq, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %acc.next
}
declare double @llvm.sin.f64(double)
declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
define void @grads(ptr %x, ptr %dx, i64 %n) {
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @sum, ptr %x, ptr %dx, i64 %n)
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @sum, ptr %x, ptr %dx, i64 %n)
  ret void
}
"""


def test_stats_count_derivatives_and_what_they_tape(tmp_path):
    src = tmp_path / "in.ll"
    src.write_text(LOOP)
    result = CliRunner().invoke(cli.main, [str(src), "-stats", "-o", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    counts = {line.split(" enzyme - ")[1]: int(line.split()[0])
              for line in result.stderr.splitlines() if " enzyme - " in line}
    assert counts["functions differentiated in reverse mode"] == 1
    assert counts["functions differentiated in forward mode"] == 1
    # The reverse pass needs acc and sin(v) of every iteration: the loop tapes them.
    assert counts["tape bytes per run of the blocks that repeat"] >= 8
    assert "diffe_sum: " in result.stderr and "fwddiffe_sum: forward mode" in result.stderr
