"""LLVM's own tools, of the version that made the input: bitcode and linking.

The output must compile with the toolchain that made the input, so bitcode
is read with the `llvm-dis-N` of its producer (LLVM records it in the
bitcode; an older reader's refusal names it), written with `llvm-as-N` of
the same N, and several modules are linked with `llvm-link-N`.  Debian
installs these as `llvm-dis-19` and so on (packages llvm-14, llvm-19).  For
text input the version is read from the pointer dialect: typed pointers
(`i8*`) are LLVM 14's, opaque ones (`ptr`) the newest installed LLVM's.
"""
from __future__ import annotations

import os
from typing import List, Optional, Tuple

from .diagnostics import EnzymeOptError
from .ir.compiled_regex import LazyPattern

BITCODE_MAGIC = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")    # raw, and the wrapper's
_PRODUCER = LazyPattern(r"Producer: 'LLVM(\d+)")
_OPAQUE_POINTER = LazyPattern(r"\bptr\b")
_TYPED_POINTER = LazyPattern(r"[\w\]}>]\*")
_KNOWN = range(12, 30)


def is_bitcode(data: bytes) -> bool:
    return data[:4] in BITCODE_MAGIC


def _which(command: str) -> Optional[str]:
    import shutil           # here: only bitcode and linking need it (with its archive modules)
    return shutil.which(command)


def installed_versions(tool: str) -> List[int]:
    return [n for n in _KNOWN if _which(f"{tool}-{n}")]


def _tool(tool: str, version: int, why: str) -> str:
    path = _which(f"{tool}-{version}")
    if path is None:
        raise EnzymeOptError(f"{why} needs {tool}-{version} from LLVM {version} (Debian package "
                             f"llvm-{version}), which is not installed")
    return path


def _run(command: list, what: str, data: Optional[bytes] = None) -> bytes:
    import subprocess       # here: most runs read and write text, and never need it
    proc = subprocess.run(command, input=data, capture_output=True)
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip() or f"exit status {proc.returncode}"
        raise EnzymeOptError(f"{what}: {message}")
    return proc.stdout


def disassemble(data: bytes, filename: str) -> Tuple[str, int]:
    """The text of bitcode `data`, and its producer's LLVM version."""
    versions = installed_versions("llvm-dis")
    if not versions:
        raise EnzymeOptError("reading bitcode needs llvm-dis of the LLVM that wrote it (Debian "
                             "package llvm-19 or llvm-14), and none is installed", filename)
    version = versions[0]
    import subprocess
    proc = subprocess.run([_which(f"llvm-dis-{version}"), "-o", "-"], input=data,
                          capture_output=True)
    if proc.returncode != 0:
        complaint = proc.stderr.decode("utf-8", "replace")
        producer = _PRODUCER.search(complaint)
        if producer is None:
            raise EnzymeOptError(f"cannot read bitcode: {complaint.strip()}", filename)
        version = int(producer.group(1))
        reader = _tool("llvm-dis", version, "bitcode written by LLVM "
                       f"{version} ('{filename}')")
        proc = subprocess.run([reader, "-o", "-"], input=data, capture_output=True)
        if proc.returncode != 0:
            raise EnzymeOptError("cannot read bitcode: "
                                 + proc.stderr.decode("utf-8", "replace").strip(), filename)
    return proc.stdout.decode("utf-8", "surrogateescape"), version


def text_version(text: str) -> Optional[int]:
    """The LLVM a textual module is for, as far as its pointers tell; None
    for a module without pointers."""
    if _OPAQUE_POINTER.search(text):
        newer = [n for n in installed_versions("llvm-as") if n >= 15]
        return newer[-1] if newer else 19
    return 14 if _TYPED_POINTER.search(text) else None


def assemble(text: str, version: int) -> bytes:
    tool = _tool("llvm-as", version, f"writing bitcode for LLVM {version}")
    return _run([tool, "-o", "-"], "cannot write bitcode",
                text.encode("utf-8", "surrogateescape"))


def link(texts: List[Tuple[str, str]], version: int) -> str:
    """One module of the (name, text) modules, as llvm-link makes it."""
    tool = _tool("llvm-link", version, f"linking modules for LLVM {version}")
    import tempfile         # here: only linking needs it (with random and shutil's archives)
    with tempfile.TemporaryDirectory(prefix="enzyme-opt-link-") as directory:
        paths = []
        for index, (name, text) in enumerate(texts):
            path = os.path.join(directory, f"{index}-{os.path.basename(name) or 'stdin'}.ll")
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
            paths.append(path)
        try:
            out = _run([tool, "-S", *paths, "-o", "-"], "cannot link the inputs")
        except EnzymeOptError as e:
            for path, (name, _) in zip(paths, texts):       # say the user's names
                e.message = e.message.replace(path, name)
            raise
    return out.decode("utf-8", "surrogateescape")
