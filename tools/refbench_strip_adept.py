"""Remove the adept parts of a C++ source, keeping everything else.

The reference Enzyme benchmarks time three AD tools in one program: Enzyme,
Tapenade (plain C, whose runtime ships with the reference) and adept, a C++
operator-overloading library Debian does not package.  We only need the
Enzyme figures and gradients (and Tapenade's, as a third opinion), so the
adept code is cut out before compiling:

  * `#include <adept...>` lines and namespace-level statements that mention
    adept's types (`using adept::aVector;`, a global `adept::Stack`) go;
  * a function whose signature mentions adept's types goes;
  * a function whose body (only) mentions them keeps its signature and gets
    an empty body (`{}`, or `{ return {}; }` when it returns a value), so
    the program's `main` still links: it then prints "Adept ..." lines with
    meaningless numbers, which tools/run_reference_benchmarks.py ignores.

The scan is lexical: comments and string literals are masked, braces are
matched, and a `{` at namespace level preceded by `)` (and not by a control
keyword) opens a function body.  It is enough for these programs; anything
it cannot parse makes the compile fail loudly, never a wrong gradient.
"""

from __future__ import annotations

import re

ADEPT_TOKEN = re.compile(
    r"\badept\w*::|\badouble\b|\baVector\b|\baMatrix\b|\baReal\b|\badeptTest\b"
    r"|\bActiveReference\b")
ADEPT_INCLUDE = re.compile(r"^[ \t]*#[ \t]*include[ \t]*[<\"]adept[^\n]*$", re.M)
CONTROL_HEAD = re.compile(r"\b(if|for|while|switch|catch)\s*\(.*\)\s*$", re.S)
RETURNS_VOID = re.compile(
    r"^\s*(template\s*<[^>]*>\s*)?((static|inline|extern|__attribute__\s*\(\([^)]*\)\))\s+)*void\b")


def mask(text: str) -> str:
    """The text with comments, string and char literals blanked (same length)."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        two = text[i:i + 2]
        if two == "//":
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif two == "/*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif text[i] in "\"'":
            j = i + 1
            while j < n and text[j] != text[i]:
                j += 2 if text[j] == "\\" else 1
            j += 1
        elif text[i] == "#" and (i == 0 or text[i - 1] == "\n"):
            j = text.find("\n", i)          # preprocessor lines are no code
            while j > 0 and text[j - 1] == "\\":
                j = text.find("\n", j + 1)
            j = n if j < 0 else j
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != "\n":
                out[k] = " "
        i = j
    return "".join(out)


def _matching_brace(masked: str, open_at: int) -> int:
    depth = 0
    for k in range(open_at, len(masked)):
        if masked[k] == "{":
            depth += 1
        elif masked[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    raise ValueError("unbalanced braces")


def _code_start(masked: str, lo: int, hi: int) -> int:
    """Where code starts in [lo, hi): comments and # lines before it stay."""
    m = re.compile(r"\S").search(masked, lo, hi)
    return m.start() if m else lo


def _edits(text: str, masked: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """Replacements (from, to, new text) for the namespace-level span [start, end)."""
    edits: list[tuple[int, int, str]] = []
    head_start = start
    k = start
    while k < end:
        ch = masked[k]
        if ch == ";":
            if ADEPT_TOKEN.search(masked[head_start:k]):
                edits.append((_code_start(masked, head_start, k), k + 1, ""))
            head_start = k + 1
        elif ch == "}":              # a stray close (end of class, etc.)
            head_start = k + 1
        elif ch == "{":
            close = _matching_brace(masked, k)
            head = masked[head_start:k]
            stripped = re.sub(r"\s+(const|noexcept|override)\s*$", "", head.rstrip())
            is_function = (stripped.endswith(")") or re.search(r"\)\s*:\s*[^;]*$", head, re.S)) \
                and not CONTROL_HEAD.search(stripped)
            if is_function:
                if ADEPT_TOKEN.search(head):
                    edits.append((_code_start(masked, head_start, k), close + 1, ""))
                elif ADEPT_TOKEN.search(masked[k:close]):
                    body = "{}" if RETURNS_VOID.search(head) else "{ return {}; }"
                    edits.append((k, close + 1, body))
            elif re.search(r"\b(namespace|extern)\b[^;]*$", head) and "=" not in head:
                edits.extend(_edits(text, masked, k + 1, close))
            elif ADEPT_TOKEN.search(masked[head_start:close]):
                # a class or initialised global holding adept values
                end_stmt = masked.find(";", close)
                edits.append((_code_start(masked, head_start, k), end_stmt + 1 if end_stmt >= 0 else close + 1, ""))
                k = end_stmt if end_stmt >= 0 else close
                head_start = k + 1
                k += 1
                continue
            k = close
            head_start = close + 1
        k += 1
    return edits


def strip_adept(text: str) -> str:
    text = ADEPT_INCLUDE.sub("", text)
    masked = mask(text)
    for lo, hi, new in sorted(_edits(text, masked, 0, len(text)), reverse=True):
        text = text[:lo] + new + text[hi:]
    return text


if __name__ == "__main__":
    import sys
    sys.stdout.write(strip_adept(open(sys.argv[1]).read()))
