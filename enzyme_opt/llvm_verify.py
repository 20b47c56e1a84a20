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
import sys

# LLVM 14 marks a constant GEP index `inrange i32 0`; LLVM 19 moved the marker
# after the flags and the LLVM inside llvmlite no longer reads the old spot.
# It only guards against out-of-range vtable accesses, so verification can
# do without it.
_OLD_INRANGE = re.compile(r"(?<=, )inrange (?=i\d+ )")

# What LLVM prints last when it gives up on the whole process.
_FATAL = re.compile(r"^LLVM ERROR: .*$", re.MULTILINE)

# Separates anything LLVM printed to stderr from the child's own answer.
_ANSWER = b"\0enzyme-opt-answer\0"


def llvm_check(text: str) -> str | None:
    """None when LLVM reads and verifies `text`, else LLVM's message."""
    return PendingCheck(text).result()


class PendingCheck:
    """An `llvm_check` running in a forked child while the caller goes on.

    Made without text, the child is forked at once, loads LLVM meanwhile and
    waits for the text (`send`): forked before the caller reads a large
    module, it does not carry the caller's memory as well as LLVM's."""

    def __init__(self, text: str | None = None):
        self._answer = None
        self._pid = None
        self._to_child = None
        if not hasattr(os, "fork"):
            self._answer = _check_here(text) if text is not None else None
            self._text_later = text is None
            return
        self._text_later = False
        read_end, write_end = os.pipe()
        text_in, text_out = os.pipe() if text is None else (None, None)
        pid = os.fork()
        if pid == 0:                                   # the child: answer, then vanish
            status = 1
            try:
                os.close(read_end)
                _let_go_of_the_output(write_end)
                if text is None:
                    os.close(text_out)
                    text = _received(text_in)
                    if text is None:                   # not wanted after all
                        os._exit(0)
                problem = _check_here(text)
                os.write(write_end, _ANSWER + (problem or "").encode("utf-8", "replace"))
                status = 0
            finally:
                os._exit(status)
        os.close(write_end)
        if text_in is not None:
            os.close(text_in)
            self._to_child = os.fdopen(text_out, "wb")
        self._pid, self._pipe = pid, os.fdopen(read_end, "rb")

    def send(self, text: str) -> "PendingCheck":
        """The text to check, for a check made without it."""
        if self._text_later:
            self._answer, self._text_later = _check_here(text), False
        if self._to_child is None:
            return self
        with self._to_child as pipe:
            for start in range(0, len(text), _CHUNK):     # not all of it encoded at once
                pipe.write(text[start:start + _CHUNK].encode("utf-8", "surrogateescape"))
        self._to_child = None
        return self

    def result(self) -> str | None:
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
        if self._to_child is not None:
            self._to_child.close()
            self._to_child = None
        if self._pid is not None:
            os.kill(self._pid, signal.SIGKILL)
            os.waitpid(self._pid, 0)
            self._pipe.close()
            self._pid = None


_CHUNK = 1 << 20


def _let_go_of_the_output(answer_fd: int) -> None:
    """In the child: what it (or LLVM, or an import) prints goes to the
    answer's pipe, and it holds neither the caller's stdin nor stdout, so
    that a reader of the tool's output never waits on the child.  LLVM
    aborting is an answer too, not for a fault handler to report."""
    os.dup2(answer_fd, 2)
    handler = sys.modules.get("faulthandler")
    if handler is not None and handler.is_enabled():
        handler.disable()
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)


# The check started by `start_early_check`, until `take_early_check`.
_EARLY = None

# Options after which the tool verifies nothing: no child for them.
_NO_CHECK_OPTIONS = {"--no-verify", "--help", "-h", "--version", "--print-include-dir"}


def start_early_check(args) -> None:
    """Forks the verifier's child now, for a process that will run the tool
    with the command-line arguments `args`: LLVM loads in the child while
    the caller imports and parses.  Nothing is forked when `args` ask for no
    verification (a guess by their spelling; the options as parsed decide:
    `take_early_check` or `cancel_early_check`)."""
    global _EARLY
    if _EARLY is not None or not hasattr(os, "fork"):
        return
    for arg in args:
        if arg == "--":
            break
        if arg in _NO_CHECK_OPTIONS or "-" + arg in _NO_CHECK_OPTIONS:
            return
    _EARLY = PendingCheck()


def take_early_check() -> PendingCheck | None:
    """The check `start_early_check` started, now the caller's; else None."""
    global _EARLY
    check, _EARLY = _EARLY, None
    return check


def cancel_early_check() -> None:
    """Ends the early check's child if nobody took it (an exit before
    verifying: an error, --help, --no-verify)."""
    check = take_early_check()
    if check is not None:
        check.cancel()


def _received(fd: int) -> str | None:
    """In a child waiting for text: LLVM loaded first, then all the text
    sent; None if none came (the pipe closed empty)."""
    _llvm()                                 # while the parent still works
    with os.fdopen(fd, "rb") as pipe:
        data = pipe.read()
    return data.decode("utf-8", "surrogateescape") if data else None


def _check_here(text: str) -> str | None:
    # A string constant may hold bytes that are not UTF-8, kept as surrogates.
    return _llvm()(_OLD_INRANGE.sub("", text).encode("utf-8", "surrogateescape"))


_CHECKER = None


def _llvm():
    """bytes of IR -> None if LLVM reads and verifies them, else LLVM's
    message, as llvmlite.binding words it; loaded once per process."""
    global _CHECKER
    if _CHECKER is None:
        try:
            _CHECKER = _DirectLLVM().check
        except (ImportError, OSError, AttributeError):
            _CHECKER = _check_with_binding
    return _CHECKER


def _check_with_binding(ir: bytes) -> str | None:
    import llvmlite.binding as llvm
    try:
        llvm.parse_assembly(_Encoded(ir)).verify()
    except RuntimeError as e:
        return str(e).strip()
    return None


class _Encoded(str):
    """Text that llvmlite encodes as the bytes it stands for."""

    def __new__(cls, data: bytes):
        text = str.__new__(cls, data.decode("utf-8", "surrogateescape"))
        text.data = data
        return text

    def encode(self, encoding="utf-8", errors="strict"):
        return self.data


# The llvmlite releases whose library's C functions `_DirectLLVM` declares as
# their llvmlite.binding does (a test compares the two on valid and invalid IR).
_DIRECT_RELEASES = ("0.50.",)


class _DirectLLVM:
    """Reads and verifies IR with the C functions of llvmlite's library,
    loaded through ctypes without llvmlite.binding.  The check needs nothing
    else of the binding, whose 16 modules took 35 ms to import against 11
    for the library itself, in a child that every run waits for."""

    def __init__(self):
        import ctypes
        import llvmlite
        from llvmlite.utils import get_library_name
        if not llvmlite.__version__.startswith(_DIRECT_RELEASES):
            raise ImportError(f"llvmlite {llvmlite.__version__} is not known to match")
        lib = ctypes.CDLL(os.path.join(os.path.dirname(llvmlite.__file__), "binding",
                                       get_library_name()))
        message = ctypes.POINTER(ctypes.c_char_p)
        pointer = ctypes.c_void_p
        lib.LLVMPY_GetGlobalContext.argtypes, lib.LLVMPY_GetGlobalContext.restype = [], pointer
        lib.LLVMPY_ParseAssembly.argtypes = [pointer, ctypes.c_char_p, message]
        lib.LLVMPY_ParseAssembly.restype = pointer
        lib.LLVMPY_VerifyModule.argtypes = [pointer, message]
        lib.LLVMPY_VerifyModule.restype = ctypes.c_bool
        lib.LLVMPY_DisposeModule.argtypes, lib.LLVMPY_DisposeModule.restype = [pointer], None
        lib.LLVMPY_DisposeString.argtypes = [ctypes.c_char_p]
        lib.LLVMPY_DisposeString.restype = None
        self._lib, self._ctypes = lib, ctypes

    def check(self, ir: bytes) -> str | None:
        lib, ctypes = self._lib, self._ctypes
        error = ctypes.c_char_p()
        module = lib.LLVMPY_ParseAssembly(lib.LLVMPY_GetGlobalContext(), ir, ctypes.byref(error))
        try:
            if error:
                return ("LLVM IR parsing error\n" + self._taken(error)).strip()
            broken = lib.LLVMPY_VerifyModule(module, ctypes.byref(error))
            found = self._taken(error) if error else ""
            return found.strip() if broken else None
        finally:
            if module:
                lib.LLVMPY_DisposeModule(module)

    def _taken(self, message) -> str:
        """The text of a message LLVM allocated, which is then freed."""
        try:
            return message.value.decode("utf-8")
        finally:
            self._lib.LLVMPY_DisposeString(message)
