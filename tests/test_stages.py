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
    for stage in ("parsing the input", "running pass 'enzyme'", "printing the output",
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
