"""The passes `-passes=` names, as objects in one registry.

Each pass is a name, a line of help (what `--help` lists) and where its code
lives, `module:function`, taking (module, options) or, with `per_function`,
each function with a body.  The code is imported when the pass runs, so
that a run without passes, or `--help`, does not load the AD.  The registry
sits above the layers whose code the passes run, below the command line.
"""
from __future__ import annotations

import importlib
from typing import Dict, List

from .diagnostics import EnzymeOptError


class Pass:
    """One pass: a name, a line of help and where its code lives.

    `target` is "package.module:function" (empty: nothing to run).
    `needs_name` is text that some global value's name must hold for the
    pass to have anything to do (empty: always runs); else neither its code
    is loaded (most of a small run's start-up) nor the module walked.
    `wanted_by_option` is an option that gives the pass work whatever the
    names (`truncate_all`: every function of the module is truncated).
    `reads_lazily`: the pass reads the bodies it needs itself
    (Module.read_bodies_naming, Function.blocks), so a lazily read module's
    other bodies stay text.  (A plain class: `dataclasses` took a few
    milliseconds of every start-up.)
    """

    __slots__ = ("name", "help", "target", "per_function", "needs_name", "wanted_by_option",
                 "reads_lazily")

    def __init__(self, name: str, help: str, target: str, per_function: bool = False,
                 needs_name: str = "", wanted_by_option: str = "", reads_lazily: bool = False):
        self.name, self.help, self.target = name, help, target
        self.per_function, self.needs_name = per_function, needs_name
        self.wanted_by_option, self.reads_lazily = wanted_by_option, reads_lazily

    def run(self, module, options) -> None:
        if not self.target or not self.applies_to(module, options):
            return
        where, _, name = self.target.partition(":")
        transform = getattr(importlib.import_module(where), name)
        if not self.per_function:
            transform(module, options)
            return
        for fn in module.functions:
            if fn.blocks:
                transform(fn)

    def applies_to(self, module, options=None) -> bool:
        if self.wanted_by_option and (options or {}).get(self.wanted_by_option):
            return True
        return not self.needs_name or any(self.needs_name in name for name in module.symbols)


REGISTRY: Dict[str, Pass] = {p.name: p for p in (
    # Every API function, marker and registration global is named `enzyme_*`
    # or `__enzyme_*` (C++ mangles the name around it).
    Pass("enzyme", "replace Enzyme API calls with derivatives (the default)",
         "enzyme_opt.ad.api:lower_api_calls", needs_name="enzyme_",
         wanted_by_option="truncate_all", reads_lazily=True),
    Pass("interchange", "interchange reduction nests that walk a stride (as gradients do)",
         "enzyme_opt.transforms.interchange:interchange_reduction_nests", per_function=True),
    Pass("materialize", "read every body into the model (else verified bodies are copied)",
         ""),
    Pass("mem2reg", "promote stack slots to SSA values",
         "enzyme_opt.transforms.mem2reg:promote_allocas", per_function=True),
)}
DEFAULT_PIPELINE = "enzyme"


def parse_pipeline(text: str) -> List[str]:
    names = [p.strip() for p in text.split(",") if p.strip()]
    for name in names:
        if name not in REGISTRY:
            known = ", ".join(sorted(REGISTRY))
            raise EnzymeOptError(f"unknown pass '{name}' in -passes (known passes: {known})")
    return names


def reads_lazily(names: List[str]) -> bool:
    """May the module the passes `names` run on keep its bodies as text?"""
    return all(REGISTRY[name].reads_lazily for name in names)


def run_pipeline(module, names: List[str], options=None, stages=None) -> None:
    """Run the named passes; `options` carries flags in and printouts out;
    `stages` (stages.Stages) is told what runs when."""
    options = {} if options is None else options
    if not reads_lazily(names):
        # Bodies kept as text (a lazy parse) hide the uses of globals that
        # these passes look up: they start from a fully read module.
        if stages is not None:
            stages.enter("reading every function body")
        module.materialize_all()
    for name in names:
        if stages is not None:
            stages.enter(f"running pass '{name}'")
        REGISTRY[name].run(module, options)


def passes_help() -> str:
    """The registry as `--help` shows it (click keeps the lines after \\b)."""
    width = max(len(name) for name in REGISTRY)
    lines = [f"  {p.name:<{width}}  {p.help}" for p in REGISTRY.values()]
    return "Passes (-passes=NAME,NAME,...):\n\n\b\n" + "\n".join(lines)
