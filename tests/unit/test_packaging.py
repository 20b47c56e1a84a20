"""A regular install (`pip install .`, not editable) ships only the packages
pyproject.toml lists.  enzyme_opt.analysis.library was left out once: the
installed tool stopped with "No module named 'enzyme_opt.analysis.library'"
on every input with an API call, while the editable install the tests use
worked."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _listed_packages():
    text = (ROOT / "pyproject.toml").read_text()
    block = re.search(r"^packages = \[(.*?)\]", text, re.S | re.M)
    assert block, "pyproject.toml lists no packages"
    return set(re.findall(r'"([\w.]+)"', block.group(1)))


def _packages_on_disk():
    found = {"enzyme_opt.grammar"}            # grammar/ is mapped to enzyme_opt.grammar
    for init in (ROOT / "enzyme_opt").rglob("__init__.py"):
        parts = init.parent.relative_to(ROOT).parts
        if "__pycache__" not in parts:
            found.add(".".join(parts))
    return found


def test_every_package_is_listed():
    assert _packages_on_disk() - _listed_packages() == set()


def test_every_listed_package_exists():
    assert _listed_packages() - _packages_on_disk() == set()
