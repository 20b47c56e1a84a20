"""A dozen e2e programs whose *output* runs under AddressSanitizer and LeakSanitizer.

test_e2e.py checks the gradients; this checks the memory the emitted code
touches: a tape read past its end, a shadow read after its free, a shadow
freed by the wrong deallocator, or a tape or shadow never freed (a gradient
called a million times would eat memory).  Each program is built as
test_e2e.py builds it at clang-19 -O2 (its CFLAGS; INPUT_OPT), differentiated, and the
output compiled with -fsanitize=address,undefined (at -O1, with -fno-inline:
a report names the generated function) and run with detect_leaks=1.

The selection covers reverse mode (tapes in loops, heap temporaries, a
recursion), forward mode (a vector width, C++ operator new and delete), split
mode (a heap tape, enzyme_nofree) and an OpenMP region (run with 2 threads).
The whole corpus runs with tools/memcheck_corpus.py (and valgrind too).
Skipped, with the reason, where clang-19 or its sanitizer runtime
(libclang-rt-19-dev) is absent or LeakSanitizer cannot run here (ptrace).
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from test_e2e import (CFLAGS_RE, COMPILE_TIMEOUT, E2E_DIR, INCLUDE_DIR, OPENMP_LINK, RUN_TIMEOUT,
                      TOOL_TIMEOUT, _compiler, _require_success, _run, _tool_env)

CLANG = "19"
PROGRAMS = [
    "reverse/loop_tape_shapes.c",         # tapes of loops, nested and with exits
    "reverse/reserve_loop_with_break.c",  # a reserved tape left early
    "reverse/temp_buffer.c",              # a heap temporary: shadow freed in the reverse
    "reverse/recursive_vla.c",            # a recursion with variable-length arrays
    "memory/realloc_grow.c",              # shadows grown with realloc
    "memory/calloc_temp.c",
    "modes/fwd_width4.c",                 # forward mode, vector width 4
    "cxx/vector_resize.cpp",              # forward shadows of operator new, freed by delete
    "modes/split_heap_tape.c",            # split mode: the tape on the heap
    "modes/split_nofree_freed_memory.c",  # enzyme_nofree, then the last reverse frees
    "modes/split_nofree_own_memory.c",    # enzyme_nofree: a custom rule's own scratch is freed
    "enzyme_style/split_tape_branchy.c",
    "enzyme_style/allocation_like_header_free.c",  # a declared allocator and its deallocator
    "openmp/omp_tape_pool.c",             # thread tapes from a pool
]
# Built at another level than -O2, where LLVM drops the blocks of their old
# faults (a forward shadow freed at shadow - 16; a custom rule's scratch).
INPUT_OPT = {"enzyme_style/allocation_like_header_free.c": "-O0",
             "modes/split_nofree_own_memory.c": "-O0"}
SANITIZE = ["-O1", "-g", "-fno-inline", "-fsanitize=address,undefined", "-fno-omit-frame-pointer"]
ENV = {"ASAN_OPTIONS": "detect_leaks=1", "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}


@lru_cache(maxsize=None)
def _sanitizer_missing(tmp: str) -> str:
    """Why a leaking program built with the sanitizers cannot be checked here, or ''."""
    src = Path(tmp) / "probe.c"
    src.write_text("#include <stdlib.h>\nint main(void) { void *volatile p = malloc(7);"
                   " p = 0; return 0; }\n")
    exe = Path(tmp) / "probe"
    cc = _compiler(CLANG, False)
    built = subprocess.run([cc, *SANITIZE, str(src), "-o", str(exe)], capture_output=True, text=True)
    if built.returncode != 0:
        return "clang-19 cannot link -fsanitize=address,undefined (libclang-rt-19-dev)"
    ran = subprocess.run([str(exe)], capture_output=True, text=True, env=dict(os.environ, **ENV))
    if "detected memory leaks" not in ran.stderr:
        return "LeakSanitizer does not run here: " + (ran.stderr.strip()[-200:] or "no report")
    return ""


@pytest.mark.parametrize("rel", PROGRAMS)
def test_sanitized_output(rel: str, tmp_path: Path, tmp_path_factory):
    missing = _sanitizer_missing(str(tmp_path_factory.getbasetemp()))
    if missing:
        pytest.skip(missing)
    prog = E2E_DIR / rel
    cxx = prog.suffix == ".cpp"
    cc = _compiler(CLANG, cxx)
    cflags = CFLAGS_RE.search(prog.read_text())
    cflags = cflags.group(1).split() if cflags else []
    ll, out_ll, exe = tmp_path / "in.ll", tmp_path / "out.ll", tmp_path / prog.stem

    cmd = [cc, INPUT_OPT.get(rel, "-O2"), *cflags, "-I", str(INCLUDE_DIR), "-S", "-emit-llvm",
           str(prog), "-o", str(ll)]
    _require_success("clang -emit-llvm", cmd, _run(cmd, "clang -emit-llvm", COMPILE_TIMEOUT))
    cmd = [sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out_ll)]
    _require_success("enzyme-opt", cmd, _run(cmd, "enzyme-opt", TOOL_TIMEOUT, env=_tool_env()))

    openmp = "-fopenmp" in cflags
    cmd = [cc, *SANITIZE, str(out_ll), "-o", str(exe), "-lm", *(["-lstdc++"] if cxx else []),
           *(OPENMP_LINK if openmp else [])]
    _require_success("clang -fsanitize=address,undefined", cmd,
                     _run(cmd, "clang (sanitized build)", COMPILE_TIMEOUT))
    env = dict(os.environ, **ENV, **({"OMP_NUM_THREADS": "2"} if openmp else {}))
    cmd = [str(exe)]
    _require_success(f"{rel} under ASan/LSan", cmd,
                     _run(cmd, "the sanitized program", RUN_TIMEOUT, cwd=tmp_path, env=env))
