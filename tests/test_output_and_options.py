"""Where the output goes, as opt would put it there, and LLVM's option syntax.

Devices are made with mknod in a temporary directory (never the real
/dev/null); the null device keeps what it is, the full device's ENOSPC is a
plain error.  Symbolic links are written through, hard links stay linked,
modes follow the umask or the replaced file, a read-only file is refused,
and a fatal signal during the write leaves no temporary file behind.
"""
from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from enzyme_opt import cli
from enzyme_opt.passes import REGISTRY

from test_cli import VALID

REPO_ROOT = Path(__file__).resolve().parent.parent


def _run(*args):
    result = CliRunner().invoke(cli.main, [str(a) for a in args])
    return result.exit_code, result.output


@pytest.fixture
def source(tmp_path):
    path = tmp_path / "in.ll"
    path.write_text(VALID)
    return path


def _is_ir(text: str) -> bool:
    return "define double @square" in text and cli.llvm_check(text) is None


def _device(tmp_path, name, minor):
    path = tmp_path / name
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except PermissionError:
        pytest.skip("mknod needs root")
    return path


def test_a_device_is_written_in_place_never_replaced(source, tmp_path):
    null = _device(tmp_path, "null", 3)
    code, out = _run(source, "-o", null)
    assert code == 0, out
    assert stat.S_ISCHR(os.stat(null).st_mode), "the device was replaced by a file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.ll", "null"]


def test_a_full_device_is_a_plain_error(source, tmp_path):
    full = _device(tmp_path, "full", 7)
    code, out = _run(source, "-o", full)
    assert code == 1
    assert f"error: cannot write output file '{full}': No space left on device" in out
    assert "internal error" not in out and stat.S_ISCHR(os.stat(full).st_mode)


def test_a_fifo_is_written_in_place(source, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    code, out = _run(source, "-o", fifo)
    reader.join(timeout=60)
    assert code == 0, out
    assert _is_ir(received[0]) and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_symbolic_link_is_written_through(source, tmp_path):
    target = tmp_path / "real.ll"
    target.write_text("old\n")
    link = tmp_path / "link.ll"
    link.symlink_to(target)
    code, out = _run(source, "-o", link)
    assert code == 0, out
    assert link.is_symlink() and _is_ir(target.read_text())


def test_a_hard_linked_file_stays_linked(source, tmp_path):
    first, second = tmp_path / "a.ll", tmp_path / "b.ll"
    first.write_text("old\n")
    os.link(first, second)
    code, out = _run(source, "-o", first)
    assert code == 0, out
    assert _is_ir(second.read_text()) and os.stat(first).st_nlink == 2


def test_a_new_file_gets_the_umask_mode_and_a_replaced_file_keeps_its_mode(source, tmp_path):
    old = os.umask(0o027)
    try:
        code, out = _run(source, "-o", tmp_path / "new.ll")
    finally:
        os.umask(old)
    assert code == 0, out
    assert stat.S_IMODE(os.stat(tmp_path / "new.ll").st_mode) == 0o640
    kept = tmp_path / "kept.ll"
    kept.write_text("old\n")
    os.chmod(kept, 0o604)
    code, out = _run(source, "-o", kept)
    assert code == 0 and stat.S_IMODE(os.stat(kept).st_mode) == 0o604


def test_a_read_only_file_is_refused_and_kept(source, tmp_path):
    locked = tmp_path / "locked.ll"
    locked.write_text("old\n")
    os.chmod(locked, 0o444)
    code, out = _run(source, "-o", locked)
    assert code == 1 and f"cannot write output file '{locked}': the file is read-only" in out
    assert locked.read_text() == "old\n"


@pytest.mark.parametrize("where, reason", [("missing/out.ll", "no such directory"),
                                           (".", "Is a directory")])
def test_a_bad_output_path_is_a_plain_error(source, tmp_path, where, reason):
    code, out = _run(source, "-o", tmp_path / where)
    assert code == 1 and "error: cannot write output file" in out and reason in out, out
    assert "internal error" not in out


_SIGNAL_DURING_WRITE = """
import os, signal, sys
from enzyme_opt import cli, output
real_replace = os.replace
def replace(src, dst):
    os.kill(os.getpid(), signal.{name})
    real_replace(src, dst)
output.os.replace = replace
sys.argv = ["enzyme-opt", sys.argv[1], "-o", sys.argv[2]]
cli.main()
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_during_the_write_leaves_no_temporary(source, tmp_path, name):
    out = tmp_path / "out.ll"
    out.write_text("previous\n")
    proc = subprocess.run([sys.executable, "-c", _SIGNAL_DURING_WRITE.format(name=name),
                           str(source), str(out)], cwd=REPO_ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == -getattr(signal, name), proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.ll", "out.ll"]
    assert out.read_text() == "previous\n"


# --- LLVM's option syntax -----------------------------------------------------------------

def test_equals_after_o_names_the_output(source, tmp_path):
    code, out = _run(source, f"-o={tmp_path / 'eq.ll'}")
    assert code == 0, out
    assert _is_ir((tmp_path / "eq.ll").read_text()) and not (Path.cwd() / "=").exists()


@pytest.mark.parametrize("args", [["-passes=", "-print-activity"], ["--passes=", "-verify"],
                                  ["-passes=mem2reg", "-print-type-analysis", "-no-verify"]])
def test_long_options_take_one_dash(source, tmp_path, args):
    code, out = _run(source, *args, "-o", tmp_path / "o.ll")
    assert code == 0, out
    assert "define double @square" in (tmp_path / "o.ll").read_text()


def test_version_with_one_dash():
    code, out = _run("-version")
    assert code == 0 and out.startswith("enzyme-opt ")


@pytest.mark.parametrize("args", [["-bogus"], ["--bogus"], ["-passes"], ["-o"]])
def test_usage_errors_exit_1_as_opt_does(args):
    code, out = _run(*args)
    assert code == 1 and "Error:" in out, out


def test_help_lists_every_registered_pass():
    code, out = _run("--help")
    assert code == 0
    for p in REGISTRY.values():
        assert re.search(rf"^\s+{p.name}\s+{re.escape(p.help)}$", out, re.M), p.name
