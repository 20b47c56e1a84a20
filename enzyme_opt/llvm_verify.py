"""LLVM's own reading and verification of IR text, through llvmlite.

LLVM does not always return its complaint: a module that carries the
"Debug Info Version" flag (everything clang -g writes) and fails the
verifier makes LLVM's parser call `report_fatal_error`, which aborts the
process.  So the check runs in a forked child whose stderr is captured: a
child that dies still leaves LLVM's message behind, and the tool lives on
to report it.
"""
from __future__ import annotations

import os
import re
import signal
from typing import Optional

# LLVM 14 marks a constant GEP index `inrange i32 0`; LLVM 19 moved the marker
# after the flags and the LLVM inside llvmlite no longer reads the old spot.
# It only guards against out-of-range vtable accesses, so verification can
# do without it.
_OLD_INRANGE = re.compile(r"(?<=, )inrange (?=i\d+ )")

# What LLVM prints last when it gives up on the whole process.
_FATAL = re.compile(r"^LLVM ERROR: .*$", re.MULTILINE)

# Separates anything LLVM printed to stderr from the child's own answer.
_ANSWER = b"\0enzyme-opt-answer\0"


def llvm_check(text: str) -> Optional[str]:
    """None when LLVM reads and verifies `text`, else LLVM's message."""
    return PendingCheck(text).result()


class PendingCheck:
    """An `llvm_check` running in a forked child while the caller goes on."""

    def __init__(self, text: str):
        self._answer: Optional[str] = None
        self._pid = None
        if not hasattr(os, "fork"):
            self._answer = _check_here(text)
            return
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:                                   # the child: answer, then vanish
            status = 1
            try:
                os.close(read_end)
                os.dup2(write_end, 2)
                problem = _check_here(text)
                os.write(write_end, _ANSWER + (problem or "").encode("utf-8", "replace"))
                status = 0
            finally:
                os._exit(status)
        os.close(write_end)
        self._pid, self._pipe = pid, os.fdopen(read_end, "rb")

    def result(self) -> Optional[str]:
        """Waits for the child: None when LLVM accepts, else its message."""
        if self._pid is None:
            return self._answer
        with self._pipe as pipe:
            data = pipe.read()
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        printed, answered, answer = data.partition(_ANSWER)
        if answered and os.waitstatus_to_exitcode(status) == 0:
            self._answer = answer.decode("utf-8", "replace") or None
        else:
            message = _FATAL.sub("", printed.decode("utf-8", "replace")).strip()
            self._answer = message or "LLVM stopped while reading the module"
        return self._answer

    def cancel(self) -> None:
        """The answer is not wanted any more."""
        if self._pid is not None:
            os.kill(self._pid, signal.SIGKILL)
            os.waitpid(self._pid, 0)
            self._pipe.close()
            self._pid = None


class _RawText(str):
    """Text that llvmlite encodes back into the bytes it was read from: a
    string constant may hold bytes that are not UTF-8 (kept as surrogates)."""

    def encode(self, encoding="utf-8", errors="strict"):
        return str.encode(self, "utf-8", "surrogateescape")


def _check_here(text: str) -> Optional[str]:
    import llvmlite.binding as llvm
    try:
        llvm.parse_assembly(_RawText(_OLD_INRANGE.sub("", text))).verify()
    except RuntimeError as e:
        return str(e).strip()
    return None
