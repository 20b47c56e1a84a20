"""Errors users see, located in their source: `file:line:col: error: ...`."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from typing import Optional


class EnzymeOptError(Exception):
    """An error reported to the user (never shown as a traceback)."""

    severity = "error"

    def __init__(self, message: str, filename: Optional[str] = None, line: Optional[int] = None,
                 column: Optional[int] = None, source_line: Optional[str] = None):
        super().__init__(message)
        self.message = message
        self.filename = filename
        self.line = line
        self.column = column
        self.source_line = source_line

    def render(self, default_filename: str = "<stdin>") -> str:
        name = self.filename or default_filename
        message = readable_names(self.message)
        if self.line is None:
            head = f"{name}: {self.severity}: {message}"
        else:
            head = f"{name}:{self.line}:{self.column or 1}: {self.severity}: {message}"
        if self.source_line is None or self.line is None:
            return head
        caret = " " * max((self.column or 1) - 1, 0) + "^"
        return f"{head}\n{self.source_line}\n{caret}"


class ParseError(EnzymeOptError):
    pass


class DifferentiationError(EnzymeOptError):
    """Something the AD cannot differentiate; names function, instruction, source."""

    def __init__(self, message: str, function=None, instruction=None, call=None):
        where = []
        if function is not None:
            where.append(f"in function '{function.name}'")
        text = message + (" " + " ".join(where) if where else "")
        super().__init__(text)
        self.function = function
        self.instruction = instruction
        self.notes = []
        self._place(instruction, call)

    def _place(self, instruction, call) -> None:
        in_source = source_location(instruction) or source_location(call)
        loc = in_source or ir_location(instruction) or ir_location(call)
        if loc is not None:
            self.filename, self.line, self.column = loc
            self.source_line = read_source_line(self.filename, self.line)
        if instruction is not None and (in_source is not None or self.source_line is None
                                        or ir_location(instruction) is None):
            # The quoted source line does not already show the instruction.
            self.notes.append(f"instruction: {describe_instruction(instruction)}")

    def locate(self, instruction) -> "DifferentiationError":
        """An error raised where no instruction was at hand (the shadow of an
        argument, say) takes the place of the instruction being worked on."""
        if self.line is None and instruction is not None:
            self.instruction = instruction
            self._place(instruction, None)
        return self

    def add_note(self, note: str) -> None:
        self.notes.append(note)

    def render(self, default_filename: str = "<stdin>") -> str:
        text = super().render(default_filename)
        return "\n".join([text] + [f"note: {readable_names(n)}" for n in self.notes])


class DifferentiationWarning(DifferentiationError):
    """An assumption the AD made that may not hold, located like an error;
    collected in the run's options["warnings"], printed, never raised."""

    severity = "warning"


# A quoted C++ or Rust symbol name ('_ZN5Model6recordEd', '_RNv...'): shown as
# the source spells it, as clang's own diagnostics do.
_MANGLED = re.compile(r"'((?:_Z|_R)[A-Za-z0-9_$.]+)'")
# Names already asked for: one demangler run per new name, not per message
# (a C++ module's warnings name the same functions again and again).
_DEMANGLED: dict = {}


def readable_names(text: str) -> str:
    """`text` with its quoted mangled names demangled (kept as they are when
    no demangler is installed or it does not know them)."""
    names = sorted(set(_MANGLED.findall(text)) - _DEMANGLED.keys())
    if names:
        known = _demangled(names)
        _DEMANGLED.update((n, known.get(n, n)) for n in names)
    return _MANGLED.sub(lambda m: f"'{_DEMANGLED.get(m.group(1), m.group(1))}'", text)


def _demangled(names: list) -> dict:
    for tool in ("llvm-cxxfilt", "llvm-cxxfilt-19", "c++filt"):
        exe = shutil.which(tool)
        if exe is None:
            continue
        try:
            out = subprocess.run([exe], input="\n".join(names) + "\n", capture_output=True,
                                 text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            continue
        lines = out.stdout.splitlines()
        if out.returncode == 0 and len(lines) == len(names):
            return {n: d for n, d in zip(names, lines) if d.strip() and d != n}
    return {}


def ir_location(inst):
    """Where `inst` stands in the input .ll (used when there is no debug info)."""
    return getattr(inst, "location", None) if inst is not None else None


# Texts that exist only in memory under a name of the input's (disassembled
# bitcode, linked inputs): their lines are quoted from here, not from disk.
_IN_MEMORY: dict = {}


def register_source(name: str, text: str) -> None:
    _IN_MEMORY[name] = text


def read_source_line(path: str, line: int):
    """The text of `line` in `path` if the file is readable (for the caret display)."""
    if path in _IN_MEMORY:
        lines = _IN_MEMORY[path].split("\n")
        return lines[line - 1] if 0 < line <= len(lines) else None
    try:
        with open(path, errors="replace") as f:
            for number, text in enumerate(f, 1):
                if number == line:
                    return text.rstrip("\n")
    except OSError:
        pass
    return None


def describe_instruction(inst) -> str:
    """The instruction as printed (Instruction.text; diagnostics sit below the
    IR model and do not import its printer)."""
    try:
        return inst.text()
    except Exception:  # a half-built function may not print; the opcode still helps
        return inst.opcode


_FIELD = re.compile(r"(\w+):\s*(!\d+|\d+|\"[^\"]*\")")


def source_location(inst):
    """(file, line, column) from an instruction's `!dbg` attachment, if any."""
    if inst is None or not hasattr(inst, "get_metadata"):
        return None
    ref = inst.get_metadata("dbg")
    fn = inst.function
    if ref is None or fn is None or fn.module is None:
        return None
    md = fn.module.metadata
    loc = _fields(md.get(ref.lstrip("!"), ""))
    if "line" not in loc:
        return None
    filename = _scope_file(md, loc.get("scope"))
    return filename, int(loc["line"]), int(loc.get("column", "1"))


def at_line(inst) -> str:
    """" at FILE:LINE" of `inst` (source, else the input .ll), or "" when
    it has no place: for a message naming an instruction besides the one
    it is located at."""
    loc = source_location(inst) or ir_location(inst)
    return f" at {loc[0]}:{loc[1]}" if loc else ""


def callee_named(call) -> str:
    """'name' of the function `call` calls, or "an indirect call"."""
    fn = call.called_function
    return f"'{fn.name}'" if fn is not None else "an indirect call"


def _file_path(md, file_ref: str) -> Optional[str]:
    fields = _fields(md.get(file_ref.lstrip("!"), ""))
    name = fields.get("filename", "").strip('"')
    directory = fields.get("directory", "").strip('"')
    if not name:
        return None
    if directory and not os.path.isabs(name) and os.path.exists(os.path.join(directory, name)) \
            and not os.path.exists(name):
        return os.path.join(directory, name)
    return name


def _fields(text: str) -> dict:
    return {k: v for k, v in _FIELD.findall(text)}


def _scope_file(md, scope: Optional[str], depth: int = 0) -> Optional[str]:
    if scope is None or depth > 20:
        return None
    fields = _fields(md.get(scope.lstrip("!"), ""))
    if "filename" in fields:
        return _file_path(md, scope)
    if "file" in fields:
        return _file_path(md, fields["file"])
    return _scope_file(md, fields.get("scope"), depth + 1)


_GLOBAL_DBG = re.compile(r"!dbg\s+!(\d+)")


def global_source_location(gv):
    """(file, line, 1) of a global variable's C definition, from the
    `!dbg` DIGlobalVariableExpression that -g attaches to it."""
    m = _GLOBAL_DBG.search(getattr(gv, "attrs", "") or "")
    if m is None or gv.module is None:
        return None
    md = gv.module.metadata
    expression = _fields(md.get(m.group(1), ""))
    variable = _fields(md.get(expression.get("var", "").lstrip("!"), ""))
    if "line" not in variable:
        return None
    filename = _file_path(md, variable["file"]) if "file" in variable else \
        _scope_file(md, variable.get("scope"))
    return (filename, int(variable["line"]), 1) if filename else None
