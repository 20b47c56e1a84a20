"""Writing the output file as opt does, and safely.

- A regular file (new, or replaced) is written to a temporary file beside
  it and renamed over it: an error or a signal never leaves a partial file.
  The new file gets the mode the umask gives, a replaced one keeps its mode.
- A path that is a symbolic link is written through: the link's target is
  the file replaced, the link stays.
- A file with other hard links is rewritten in place (a rename would cut it
  off from them), once the whole text has been written to a temporary file,
  so that a full disk shows up before the file is touched.
- Anything else (a device such as /dev/null, a FIFO) is opened and written
  as it is, never replaced.
- A read-only file, a missing directory, a directory given as the output:
  a plain error naming the path.
"""
from __future__ import annotations

import errno
import os
import signal
import stat
import sys
from contextlib import contextmanager

from .diagnostics import EnzymeOptError

# Signals that end the process by default: while the output is written they
# first remove the temporary file, then end the process as they would have.
_FATAL_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT",
                                                          "SIGQUIT")
                       if hasattr(signal, name))


def write_output(path: str, data: bytes) -> None:
    """Write `data` to `path` ('-': standard output)."""
    if path == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    target = os.path.realpath(path)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as e:
        raise _cannot_write(path, e)
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise _cannot_write(path, OSError(errno.EISDIR, os.strerror(errno.EISDIR)))
    if info is not None and not stat.S_ISREG(info.st_mode):
        _write_in_place(path, target, data)
        return
    if info is not None and not info.st_mode & 0o222:
        raise EnzymeOptError(f"cannot write output file '{path}': the file is read-only")
    with _signals_clean_up() as temporaries:
        tmp = _write_temporary(path, target, data, temporaries)
        try:
            os.chmod(tmp, _mode_for(info))
            if info is not None and info.st_nlink > 1:
                _copy_into_linked_file(path, target, tmp)
                os.unlink(tmp)
            else:
                os.replace(tmp, target)
        except OSError as e:
            raise _cannot_write(path, e)
        finally:
            _remove_quietly(tmp)
            temporaries.clear()


def _create_temporary(directory: str):
    """(descriptor, path) of a new file in `directory` that only its owner
    may read, as tempfile.mkstemp makes one (importing tempfile, with random
    and shutil, was 5-10 ms of a run's start-up)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | \
        getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        path = os.path.join(directory, f".enzyme-opt-{os.urandom(6).hex()}.tmp")
        try:
            return os.open(path, flags, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused name for a temporary file", directory)


def _write_temporary(path, target, data, temporaries) -> str:
    directory = os.path.dirname(target)
    try:
        fd, tmp = _create_temporary(directory)
    except OSError as e:
        raise _cannot_write(path, e)
    temporaries.append(tmp)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except OSError as e:
        _remove_quietly(tmp)
        raise _cannot_write(path, e)
    return tmp


def _mode_for(info) -> int:
    """A replaced file keeps its mode; a new one gets what the umask allows."""
    if info is not None:
        return stat.S_IMODE(info.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _copy_into_linked_file(path, target, tmp) -> None:
    """Rewrite a hard-linked file in place from the finished temporary file.
    Should that fail midway, the output path is removed, as opt removes an
    output it could not finish, rather than left holding part of the text."""
    with open(tmp, "rb") as src:
        data = src.read()
    try:
        with open(target, "r+b") as f:
            f.truncate(0)
            f.write(data)
    except OSError:
        _remove_quietly(target)
        raise


def _write_in_place(path, target, data) -> None:
    """Devices and FIFOs: written as they are (never replaced by a file)."""
    try:
        with open(target, "wb", buffering=0) as f:
            view = memoryview(data)
            while view:
                view = view[f.write(view):]
    except OSError as e:
        raise _cannot_write(path, e)


def _cannot_write(path, error: OSError) -> EnzymeOptError:
    reason = error.strerror or str(error)
    if error.errno == errno.ENOENT and not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        reason = "no such directory"
    return EnzymeOptError(f"cannot write output file '{path}': {reason}")


def _remove_quietly(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


@contextmanager
def _signals_clean_up():
    """While the temporary file exists, a fatal signal removes it first, then
    ends the process with that signal as it would have."""
    temporaries: list = []

    def handler(signum, frame):
        for tmp in temporaries:
            _remove_quietly(tmp)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    previous = {}
    try:
        for signum in _FATAL_SIGNALS:
            previous[signum] = signal.signal(signum, handler)
    except ValueError:              # not the main thread: signals are not ours to catch
        previous.clear()
    try:
        yield temporaries
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)
