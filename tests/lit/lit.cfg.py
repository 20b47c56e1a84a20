# -*- Python -*-
# lit configuration for enzyme-opt's command-line tests.
#
# Run with `make lit`, or from anywhere with `lit -sv tests/lit` (PyPI's lit
# has no `python3 -m lit`; the Makefile calls lit.main.main() instead).
# `enzyme-opt` in a RUN line is `python3 -m enzyme_opt` with the repository on
# PYTHONPATH, so the tests exercise the working tree, installed or not.

import os
import shutil
import sys
import tempfile

import lit.formats

config.name = "enzyme-opt"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c"]
config.excludes = ["Inputs", "Output", "lit.cfg.py", "lit.site.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(os.path.dirname(config.test_source_root))
# Keep lit's scratch files out of the source tree.
config.test_exec_root = os.environ.get(
    "ENZYME_LIT_OUTPUT", os.path.join(tempfile.gettempdir(), "enzyme-opt-lit")
)

pythonpath = [repo_root]
if os.environ.get("PYTHONPATH"):
    pythonpath.append(os.environ["PYTHONPATH"])
config.environment["PYTHONPATH"] = os.pathsep.join(pythonpath)
for var in ("HOME", "TMPDIR", "LANG", "LC_ALL"):
    if var in os.environ:
        config.environment[var] = os.environ[var]


def first_existing(*candidates):
    for cand in candidates:
        if cand is None:
            continue
        path = cand if os.path.isabs(cand) else shutil.which(cand)
        if path and os.path.exists(path):
            return path
    return None


python = sys.executable or "python3"

# Substitution patterns are regular expressions; the look-arounds keep a
# tool name from matching inside a longer word or a path.
def tool(name):
    return r"(?<![\w/.%-])" + name + r"(?![\w.-])"


filecheck = first_existing("/usr/lib/llvm-19/bin/FileCheck", "FileCheck-19", "filecheck")
not_tool = first_existing("/usr/lib/llvm-19/bin/not")
lli = first_existing("/usr/lib/llvm-19/bin/lli", "lli-19")
opt = first_existing("/usr/lib/llvm-19/bin/opt", "opt-19")
clang19 = first_existing("/usr/bin/clang-19", "clang-19")
clang14 = first_existing("/usr/bin/clang-14", "clang-14")

config.substitutions.append(("%python", '"%s"' % python))
config.substitutions.append(("%clang14", clang14 or "clang-14"))
config.substitutions.append((r"%clang(?![\w+])", clang19 or "clang-19"))
config.substitutions.append(("%lli", lli or "lli-19"))
config.substitutions.append((r"%opt(?![\w-])", opt or "opt-19"))
if filecheck:
    config.substitutions.append((tool("FileCheck"), filecheck))
if not_tool:
    # Otherwise lit's internal shell provides `not` itself.
    config.substitutions.append((tool("not"), not_tool))
# Last, so that the names substituted above are not rewritten inside it.
config.substitutions.append((tool("enzyme-opt"), '"%s" -m enzyme_opt' % python))

if clang19:
    config.available_features.add("clang19")
if clang14:
    config.available_features.add("clang14")
if lli:
    config.available_features.add("lli")
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if " avx2" in cpuinfo.read():
            config.available_features.add("avx2")
except OSError:
    pass
