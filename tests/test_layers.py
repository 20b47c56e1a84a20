"""The layers show in the imports: nothing imports upward, not even inside a
function, no import cycle spans two layers, and every import of the
package's own modules stands at the top of its module (a few that close a
true cycle excepted, each with its reason).

    base (diagnostics, stages) <- ir <- analysis <- transforms <- ad <- top
    (cli, passes, output, llvm_tools, llvm_verify)

Every `import` and `from ... import` of the package's own modules is read
from the source with `ast`, wherever it stands.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "enzyme_opt"
LAYERS = {"diagnostics": 0, "stages": 0, "grammar": 0, "ir": 1, "analysis": 2,
          "transforms": 3, "ad": 4}
TOP = 5


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS.get(parts[1], TOP) if len(parts) > 1 else 0


# (importing module, imported module) -> why the import waits inside a function.
IN_FUNCTION_IMPORTS = {
    ("enzyme_opt.ir.instructions", "enzyme_opt.ir.printer"):
        "Instruction.text prints itself; the printer imports the instructions",
    ("enzyme_opt.ir.values", "enzyme_opt.ir.printer"):
        "Value.__repr__ prints its name; the printer imports the values",
    # Start-up (issue 21): a run parses from cached tables without Lark; Lark
    # and the regex analysis load only to build the tables or to report an
    # error in input the table parser rejects.
    ("enzyme_opt.ir.parser", "enzyme_opt.ir.lark_parser"):
        "Lark's parser, only for building tables or locating a rejected input",
    ("enzyme_opt.ir.lalr", "enzyme_opt.ir.regex_first"):
        "the terminals' first characters, only when the tables are built",
    # BLAS and MPI calls are differentiated by the AD's largest modules,
    # loaded at the first such call.
    ("enzyme_opt.ad.adjoints", "enzyme_opt.ad.blas"): "BLAS calls only",
    ("enzyme_opt.ad.adjoints", "enzyme_opt.ad.mpi"): "MPI calls only",
    ("enzyme_opt.ad.forward_rules", "enzyme_opt.ad.blas"): "BLAS calls only",
    ("enzyme_opt.ad.forward_rules", "enzyme_opt.ad.mpi"): "MPI calls only",
    ("enzyme_opt.ad.reverse", "enzyme_opt.ad.blas"): "BLAS calls only",
    # A run in the plain forms of the command line does without click.
    ("enzyme_opt.cli", "enzyme_opt.command"):
        "click's command, for the command lines only click reads, and cli.main",
}


def _imports(path: Path, in_functions_only: bool = False):
    """(line, imported module) of each import of the package's own modules
    (only those inside a function, if asked)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text())
    nodes = ast.walk(tree)
    if in_functions_only:
        nodes = (node for fn in ast.walk(tree)
                 if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                 for node in ast.walk(fn))
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("enzyme_opt"):
                continue
            if node.module is None or target.count(".") < 1:
                for alias in node.names:         # `from . import tape`: modules
                    yield node.lineno, f"{target}.{alias.name}"
            else:
                yield node.lineno, target
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("enzyme_opt"):
                    yield node.lineno, alias.name


def _graph():
    graph = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        graph[_module_name(path)] = (path, list(_imports(path)))
    return graph


def test_no_module_imports_from_a_layer_above_its_own():
    upward = [f"{path.relative_to(PACKAGE.parent)}:{line}: {module} imports {target}"
              for module, (path, imports) in _graph().items()
              for line, target in imports if _layer(target) > _layer(module)]
    assert not upward, "\n".join(upward)


def test_no_import_cycle_spans_two_layers():
    graph = _graph()
    edges = {m: {t for _, t in imports if t in graph} for m, (_, imports) in graph.items()}
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []

    def visit(v):                                     # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len({_layer(m) for m in component}) > 1:
                cycles.append(sorted(component))

    for module in graph:
        if module not in index:
            visit(module)
    assert not cycles, cycles


def _in_function_imports():
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        found |= {(module, target, line) for line, target in _imports(path, True)}
    return found


def test_imports_stand_at_the_top_of_their_module():
    found = _in_function_imports()
    hidden = sorted(f"{m}:{line}: imports {t} inside a function" for m, t, line in found
                    if (m, t) not in IN_FUNCTION_IMPORTS)
    assert not hidden, "\n".join(hidden)
    stale = set(IN_FUNCTION_IMPORTS) - {(m, t) for m, t, _ in found}
    assert not stale, f"no longer imported inside a function, drop the exception: {stale}"


def test_the_checks_see_an_upward_import(tmp_path, monkeypatch):
    """A module of ir that imports the AD is caught, also inside a function."""
    fake = tmp_path / "enzyme_opt"
    (fake / "ir").mkdir(parents=True)
    (fake / "ad").mkdir()
    (fake / "ir" / "bad.py").write_text("def f():\n    from ..ad import api\n")
    (fake / "ad" / "api.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    graph = _graph()
    assert any(_layer(t) > _layer(m) for m, (_, imports) in graph.items() for _, t in imports)


def test_the_checks_see_an_import_inside_a_function(tmp_path, monkeypatch):
    fake = tmp_path / "enzyme_opt"
    (fake / "ir").mkdir(parents=True)
    (fake / "ir" / "a.py").write_text("from . import b\n")
    (fake / "ir" / "b.py").write_text("class C:\n    def f(self):\n        from . import a\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    assert {(m, t) for m, t, _ in _in_function_imports()} == {("enzyme_opt.ir.b",
                                                               "enzyme_opt.ir.a")}
