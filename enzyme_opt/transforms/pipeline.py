"""Named passes and the pipelines built from them (`-passes=a,b`)."""
from __future__ import annotations

from typing import Callable, Dict, List

from ..diagnostics import EnzymeOptError


def _enzyme(module, options) -> None:
    from ..ad.api import lower_api_calls
    lower_api_calls(module, options)


def _mem2reg(module, options) -> None:
    from .mem2reg import promote_allocas
    for fn in module.functions:
        if fn.blocks:
            promote_allocas(fn)


def _interchange(module, options) -> None:
    from .interchange import interchange_reduction_nests
    for fn in module.functions:
        if fn.blocks:
            interchange_reduction_nests(fn)


def _materialize(module, options) -> None:
    """Nothing more: `run_pipeline` has read every body into the model."""


PASSES: Dict[str, Callable] = {
    "enzyme": _enzyme,
    "interchange": _interchange,
    "materialize": _materialize,
    "mem2reg": _mem2reg,
}
DEFAULT_PIPELINE = "enzyme"


def parse_pipeline(text: str) -> List[str]:
    names = [p.strip() for p in text.split(",") if p.strip()]
    for name in names:
        if name not in PASSES:
            known = ", ".join(sorted(PASSES))
            raise EnzymeOptError(f"unknown pass '{name}' in -passes (known passes: {known})")
    return names


def run_pipeline(module, names: List[str], options=None) -> None:
    """Run the named passes; `options` carries flags in and printouts out."""
    options = {} if options is None else options
    if names:
        # Bodies kept as text (a lazy parse) hide the uses of globals that
        # passes look up, so every pass starts from a fully read module.
        module.materialize_all()
    for name in names:
        PASSES[name](module, options)
