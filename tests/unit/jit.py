"""Compile a printed module in-process with llvmlite and call its functions."""
from __future__ import annotations

import ctypes

import llvmlite.binding as llvm

_initialized = False


def _init():
    global _initialized
    if not _initialized:
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        _initialized = True


class Jit:
    def __init__(self, text: str):
        _init()
        self.module = llvm.parse_assembly(text)
        self.module.verify()
        machine = llvm.Target.from_default_triple().create_target_machine()
        self.engine = llvm.create_mcjit_compiler(self.module, machine)
        self.engine.finalize_object()

    def function(self, name: str, restype, *argtypes):
        address = self.engine.get_function_address(name)
        assert address, f"no function {name}"
        return ctypes.CFUNCTYPE(restype, *argtypes)(address)
