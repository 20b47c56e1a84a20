"""Lark grammars for textual LLVM IR, installed as the package enzyme_opt.grammar."""
