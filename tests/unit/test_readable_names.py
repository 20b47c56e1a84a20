"""Errors name C++ and Rust functions as their source spells them."""
import shutil

import pytest

from enzyme_opt.diagnostics import DifferentiationError, EnzymeOptError, readable_names

HAS_DEMANGLER = any(shutil.which(t) for t in ("llvm-cxxfilt", "llvm-cxxfilt-19", "c++filt"))


@pytest.mark.skipif(not HAS_DEMANGLER, reason="no demangler installed")
def test_quoted_mangled_names_are_demangled():
    text = "cannot differentiate '_ZN5Model6recordEd' in function '_Z1fPdP5Model'"
    assert readable_names(text) == ("cannot differentiate 'Model::record(double)' in "
                                    "function 'f(double*, Model*)'")


def test_other_names_and_unquoted_symbols_stay():
    text = "in function 'f' at @_ZN5Model6recordEd ('diffe_Z1fPd', '_Zbogus')"
    # '_Zbogus' is no mangling: a demangler leaves it, and so do we.
    assert readable_names(text) == text


@pytest.mark.skipif(not HAS_DEMANGLER, reason="no demangler installed")
def test_render_demangles_message_and_notes():
    err = DifferentiationError("cannot differentiate '_Z3addRdd'")
    err.add_note("while differentiating '_Z3addRdd' for the call in 'main'")
    text = err.render("x.ll")
    assert "'add(double&, double)'" in text and "_Z3add" not in text, text
    assert EnzymeOptError("plain 'main'").render("x.ll") == "x.ll: error: plain 'main'"
