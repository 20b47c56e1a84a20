# A minimal lit configuration for a project's own enzyme-opt tests.
# `enzyme-opt` and `FileCheck` must be on PATH: `pip install enzyme-opt
# filecheck` gives both (the filecheck package's command is `filecheck`; with
# Debian's llvm-19-tools, use FileCheck-19 instead).
import shutil

import lit.formats

config.name = "my-gradients"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll"]
config.excludes = ["lit.cfg.py"]
filecheck = shutil.which("FileCheck-19") or shutil.which("filecheck") or "FileCheck"
config.substitutions.append(("FileCheck", filecheck))
