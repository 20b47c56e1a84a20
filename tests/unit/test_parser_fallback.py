"""When the fused parser's tables cannot be read off Lark (a Lark release that
moved its internals), Lark's own parser reads the module: same model, no error."""
import pytest

from enzyme_opt.diagnostics import ParseError
from enzyme_opt.ir import parser, print_module

MODULE = """define double @f(double %x) {
entry:
  %y = fmul double %x, %x
  ret double %y
}
"""


def _without_tables(monkeypatch):
    def broken():
        raise AttributeError("'LALR_Parser' object has no attribute 'parse_table'")
    monkeypatch.setattr(parser, "_cached_tables", broken)
    parser.fused_parser_available.cache_clear()


def test_lark_reads_the_module_when_the_tables_cannot_be_built(monkeypatch):
    expected = print_module(parser.parse_module(MODULE, "f.ll"))
    _without_tables(monkeypatch)
    try:
        assert not parser.fused_parser_available()
        assert print_module(parser.parse_module(MODULE, "f.ll")) == expected
        lazy = parser.parse_module(MODULE, "f.ll", lazy=True)
        assert all(fn.lazy_body is None for fn in lazy.functions)
        assert print_module(lazy) == expected
    finally:
        monkeypatch.undo()
        parser.fused_parser_available.cache_clear()
    assert parser.fused_parser_available()


def test_errors_stay_located_without_the_fused_parser(monkeypatch):
    _without_tables(monkeypatch)
    try:
        with pytest.raises(ParseError) as err:
            parser.parse_module(MODULE.replace("%x, %x", "%x, %nope"), "f.ll")
        assert err.value.render().startswith("f.ll:3:"), err.value.render()
    finally:
        monkeypatch.undo()
        parser.fused_parser_available.cache_clear()
