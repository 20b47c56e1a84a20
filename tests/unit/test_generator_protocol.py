"""The generators have what ad/generator.py says rules may ask of them, and
the rule modules ask for nothing else."""
import ast
from pathlib import Path

import pytest

from enzyme_opt.ad import generator
from enzyme_opt.ad.context import DerivativeContext
from enzyme_opt.ad.forward import ForwardGenerator
from enzyme_opt.ad.reverse import ReverseGenerator

from .test_reverse_builder import loop_module

AD = Path(generator.__file__).parent
RULE_MODULES = ["instruction_table", "forward_rules", "adjoints", "aggregates", "masked",
                "complex_calls", "typed_memory", "blas", "rule_fusion"]


def _members(protocol) -> set:
    names = set()
    for cls in protocol.__mro__:
        if cls.__module__ != generator.__name__:
            continue
        names |= set(getattr(cls, "__annotations__", {}))
        names |= {n for n, v in vars(cls).items() if callable(v) and not n.startswith("_")}
    return names


def _built(mode):
    m, f = loop_module(False)
    ctx = DerivativeContext(m)
    if mode == "forward":
        gen = ForwardGenerator(ctx, f, ("dup", "const"))
    else:
        gen = ReverseGenerator(ctx, f, ("out", "const"), True, split=False)
    gen.build(f.name)
    return gen


@pytest.mark.parametrize("mode,protocol", [("forward", generator.TangentGenerator),
                                           ("reverse", generator.AdjointGenerator)])
def test_generator_has_every_member_of_its_protocol(mode, protocol):
    gen = _built(mode)
    missing = sorted(n for n in _members(protocol) if not hasattr(gen, n))
    assert not missing, f"{type(gen).__name__} lacks {missing}"
    assert gen.mode == mode


def test_rule_modules_use_only_what_the_protocols_declare():
    allowed = _members(generator.TangentGenerator) | _members(generator.AdjointGenerator)
    used = set()
    for name in RULE_MODULES:
        tree = ast.parse((AD / f"{name}.py").read_text())
        used |= {(name, node.attr) for node in ast.walk(tree)
                 if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                 and node.value.id == "gen"}
    undeclared = sorted(f"{module}.py: gen.{attr}" for module, attr in used
                        if attr not in allowed)
    assert not undeclared, "\n".join(undeclared)
