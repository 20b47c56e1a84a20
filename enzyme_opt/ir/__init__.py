"""The SSA model of LLVM IR: types, values, instructions, module, builder, printer."""

from .builder import Builder
from .module import BasicBlock, Function, GlobalAlias, GlobalValue, GlobalVariable, Module
from .printer import print_module
from .values import Argument, User, Value

__all__ = ["Argument", "BasicBlock", "Builder", "Function", "GlobalAlias", "GlobalValue",
           "GlobalVariable", "Module", "User", "Value", "print_module"]
