"""Imports Lark without the `regex` module.

Lark imports `regex` when it is installed, for grammars that use Unicode
categories (`\\p{L}`); ours uses none.  Loading `regex` took about half of
Lark's import time, which every run of the tool pays at start-up.  Other code
of the process may still import `regex` afterwards: only Lark's own try of
it is turned away.  Import this module before anything of Lark.
"""
from __future__ import annotations

import sys


def _import_lark_alone() -> None:
    if "lark" in sys.modules:
        return
    turned_away = "regex" not in sys.modules
    if turned_away:
        sys.modules["regex"] = None         # `import regex` raises ImportError
    try:
        import lark     # noqa: F401  (what importing this module is for)
    finally:
        if turned_away and sys.modules.get("regex", False) is None:
            del sys.modules["regex"]


_import_lark_alone()
