"""Tests for the Lark grammar of textual LLVM IR (grammar/llvm.lark).

* every corpus program compiled by clang-19 and clang-14 at -O0..-O3 and
  -O2 -g parses (the IR is compiled on demand, see tools/build_corpus.py);
* every hand-written file in tests/corpus/ir/ parses, and is valid for the
  llvm-as named in its `; LLVM: NN` header line;
* the grammar is LALR(1) without conflicts;
* a few trees have the documented shape (the interface to the Transformer);
* malformed input raises a Lark error at the offending line and column.

The parser is built once per process (and cached on disk by Lark).
"""

from __future__ import annotations

import io
import logging
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from lark import Lark, Token, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

REPO_ROOT = Path(__file__).resolve().parent.parent
GRAMMAR_PATH = REPO_ROOT / "grammar" / "llvm.lark"
LARK_OPTIONS = dict(parser="lalr", lexer="contextual", start=["module", "function_body"],
                    maybe_placeholders=True)


import build_corpus  # tools/build_corpus.py, on sys.path through conftest.py

_PARSER: Lark | None = None


def parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        _PARSER = Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), cache=True, **LARK_OPTIONS)
    return _PARSER


def parse(text: str) -> Tree:
    return parser().parse(text, start="module")


# ----------------------------------------------------------------- corpus

CORPUS_JOBS = build_corpus.jobs()


@pytest.mark.parametrize("job", CORPUS_JOBS, ids=[j.id for j in CORPUS_JOBS])
def test_compiled_corpus_parses(job):
    compiler = build_corpus.COMPILERS[job.compiler][2 if job.source.is_cpp else 1]
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} is not installed")
    path = build_corpus.build(job)
    tree = parse(path.read_text(encoding="utf-8"))
    assert tree.data == "module"
    assert any(c.data == "function_def" for c in tree.children), "no function parsed"


def test_corpus_skips_are_explained():
    """SKIP directives must carry a reason (they are reported, never silent)."""
    for src, comp, reason in build_corpus.skipped():
        assert reason.strip(), f"{src.path}: SKIP for {comp} without a reason"


HAND_WRITTEN = build_corpus.hand_written_ir()
HAND_WRITTEN_DIR = build_corpus.HAND_WRITTEN_IR_DIR
LLVM_HEADER_RE = re.compile(r"^;\s*LLVM:\s*(\S+)", re.MULTILINE)


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=[p.name for p in HAND_WRITTEN])
def test_hand_written_ir_parses(path):
    parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=[p.name for p in HAND_WRITTEN])
def test_hand_written_ir_is_valid_llvm(path):
    m = LLVM_HEADER_RE.search(path.read_text(encoding="utf-8"))
    assert m, f"{path.name} needs a '; LLVM: <major>|none' header line"
    version = m.group(1)
    if version == "none":
        pytest.skip("syntax newer than any installed llvm-as (grammar-only file)")
    llvm_as = Path(f"/usr/lib/llvm-{version}/bin/llvm-as")
    if not llvm_as.exists():
        pytest.skip(f"{llvm_as} is not installed")
    proc = subprocess.run([str(llvm_as), str(path), "-o", "/dev/null"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_grammar_has_no_conflicts():
    """Lark resolves shift/reduce conflicts silently; debug mode logs them."""
    lark_logger = logging.getLogger("lark")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    old_level = lark_logger.level
    lark_logger.addHandler(handler)
    lark_logger.setLevel(logging.WARNING)
    try:
        Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), debug=True, **LARK_OPTIONS)
    finally:
        lark_logger.removeHandler(handler)
        lark_logger.setLevel(old_level)
    assert "conflict" not in stream.getvalue().lower(), stream.getvalue()[:2000]


# ----------------------------------------------------------------- tree shape

def _only_function_blocks(text: str) -> list[Tree]:
    tree = parse(text)
    fn = next(c for c in tree.children if c.data == "function_def")
    body = next(c for c in fn.children if isinstance(c, Tree) and c.data == "function_body")
    return [c for c in body.children if isinstance(c, Tree) and c.data == "basic_block"]


def _body(instr: Tree) -> Tree:
    assert instr.data == "instruction"
    return instr.children[1]


def test_tree_shape_instructions():
    blocks = _only_function_blocks(
        "define i32 @f(ptr noundef %p, i32 %n) {\n"
        "entry:\n"
        "  %x = load i32, ptr %p, align 4, !tbaa !1\n"
        "  %y = add nuw nsw i32 %x, 1\n"
        "  store volatile i32 %y, ptr %p\n"
        "  %c = call fast double @g(double noundef 1.0) #0\n"
        "  br label %exit\n"
        "exit:\n"
        "  ret i32 %y\n"
        "}\n"
    )
    assert len(blocks) == 2
    entry, exit_ = blocks
    assert entry.children[0] == Token("LABEL", "entry:")
    load_i, add_i, store_i, call_i, br_i = entry.children[1:]

    # instruction: [RESULT] body [MD_ATTACHMENTS]
    assert load_i.children[0].type == "RESULT" and load_i.children[0].startswith("%x")
    assert load_i.children[2].type == "MD_ATTACHMENTS"
    load = _body(load_i)
    # load: [ATOMIC] [VOLATILE] type pointer [SYNCSCOPE] [ORDERING] [ALIGN]
    assert load.data == "load"
    atomic, volatile, ty, ptr, scope, ordering, align = load.children
    assert (atomic, volatile, scope, ordering) == (None, None, None, None)
    assert ty == Token("INT_TYPE", "i32")
    assert ptr.data == "typed_value" and ptr.children == [Token("PTR", "ptr"), Token("LOCAL_VAR", "%p")]
    assert align.type == "ALIGN" and align.split()[-1] == "4"

    add = _body(add_i)
    assert add.data == "binop"
    assert add.children[0] == Token("BINOP", "add")
    assert add.children[1].type == "FLAGS" and add.children[1].split() == ["nuw", "nsw"]
    assert add.children[2].data == "typed_value"
    assert add.children[3] == Token("INT", "1")

    assert store_i.children[0] is None and store_i.children[2] is None
    store = _body(store_i)
    assert store.data == "store" and store.children[1] == Token("VOLATILE", "volatile")

    call = _body(call_i)
    # call: [TAIL] [FLAGS] [call_attrs] return_type callee call_args [call_fn_attrs] [operand_bundles]
    tail, flags, call_attrs, ret_ty, callee, args, fn_attrs, bundles = call.children
    assert tail is None and flags == Token("FLAGS", "fast") and call_attrs is None
    assert ret_ty == Token("FP_TYPE", "double") and callee == Token("GLOBAL_VAR", "@g")
    assert args.data == "call_args"
    (arg,) = args.children
    assert arg.data == "call_arg"
    assert arg.children == [Token("FP_TYPE", "double"), Token("PARAM_ATTRS", "noundef"), Token("FLOAT", "1.0")]
    assert fn_attrs.data == "call_fn_attrs" and fn_attrs.children == [Token("ATTR_GROUP_REF", "#0")]
    assert bundles is None

    br = _body(br_i)
    assert br.data == "br" and br.children[0].type == "LABEL_REF"
    ret = _body(exit_.children[1])
    assert ret.data == "ret" and ret.children[0].data == "typed_value"


def test_tree_shape_types_and_constants():
    tree = parse(
        "%T = type { i32, [4 x i8*], <2 x double>, %T addrspace(1)*, void (i32, ...)* }\n"
        '@s = private unnamed_addr constant [4 x i8] c"abc\\00", align 1\n'
        "@p = global ptr getelementptr inbounds ([4 x i8], ptr @s, i64 0, i64 1)\n"
        "@e = external global ptr addrspace(3)\n"
    )
    type_def, s, p, e = tree.children
    assert type_def.data == "type_def" and type_def.children[0].type == "RESULT"
    struct = type_def.children[1]
    assert struct.data == "struct_type"
    i32, arr, vec, asptr, fnptr = struct.children
    assert i32 == Token("INT_TYPE", "i32")
    assert arr.data == "array_type" and arr.children[0] == Token("INT", "4")
    assert arr.children[1].data == "pointer_type"
    assert vec.data == "vector_type" and vec.children[0] is None  # [VSCALE] slot
    assert asptr.data == "pointer_type" and asptr.children == [Token("LOCAL_VAR", "%T"), Token("INT", "1")]
    assert fnptr.data == "pointer_type" and fnptr.children[0].data == "function_type"
    assert fnptr.children[0].children[-1] == Token("VARARGS", "...")

    # global_var: name [gv_flags] GLOBAL_KIND type initializer options...
    assert s.data == "global_var"
    name, flags, kind, ty, init, align = s.children
    assert flags.data == "gv_flags" and [t.type for t in flags.children] == ["LINKAGE", "UNNAMED_ADDR"]
    assert kind == Token("GLOBAL_KIND", "constant") and init.type == "CSTRING"
    assert align.type == "ALIGN"
    gep = p.children[4]
    assert gep.data == "const_gep" and gep.children[0] == Token("FLAGS", "inbounds")
    assert e.data == "global_decl" and e.children[3].data == "ptr_type"


def test_tree_shape_metadata_and_debug_records():
    tree = parse(
        "define void @f(i32 %x) !dbg !3 {\n"
        "    #dbg_value(i32 %x, !4, !DIExpression(), !5)\n"
        "  call void @llvm.dbg.value(metadata i32 %x, metadata !4, metadata !DIExpression()), !dbg !5\n"
        "  ret void, !dbg !5\n"
        "}\n"
        "!llvm.dbg.cu = !{!0, !1}\n"
        "!5 = !DILocation(line: 1, scope: !3)\n"
        "!6 = distinct !{!6, !7}\n"
    )
    fn, named, md5, md6 = tree.children
    header = fn.children[0]
    assert header.children[-1].data == "fn_attrs"
    assert header.children[-1].children == [Token("FN_MD_ATTACHMENT", "!dbg !3")]
    (body,) = fn.children[1:]
    (block,) = body.children
    rec = block.children[1]
    assert rec.data == "dbg_record" and rec.children[0] == Token("DBG_RECORD", "#dbg_value")
    assert rec.children[1].data == "typed_value"
    assert [c.type for c in rec.children[2:]] == ["MD_REF", "MD_NODE", "MD_REF"]
    call = _body(block.children[2])
    md_args = call.children[5].children
    assert [a.data for a in md_args] == ["metadata_arg"] * 3
    assert md_args[0].children[1].data == "typed_value"
    assert named.data == "named_metadata" and named.children[1:] == [Token("MD_REF", "!0"), Token("MD_REF", "!1")]
    assert md5.data == "metadata_def" and md5.children[0].type == "METADATA_DEF"
    assert md6.children[0].startswith("!6 = distinct")


# ----------------------------------------------------------------- errors

def _error(text: str) -> UnexpectedInput:
    with pytest.raises(UnexpectedInput) as info:
        parse(text)
    return info.value


def test_error_not_llvm():
    err = _error("; comment\n\n; another\nthis is not llvm\n")
    assert (err.line, err.column) == (4, 1)


def test_error_unknown_instruction():
    text = (
        "; header\n"
        "\n"
        "define i32 @f(i32 %x) {\n"
        "entry:\n"
        "  %y = frobnicate i32 %x, 1\n"
        "  ret i32 %y\n"
        "}\n"
    )
    err = _error(text)
    assert isinstance(err, UnexpectedToken)
    assert (err.line, err.column) == (5, 8)
    assert err.token == "frobnicate"


def test_error_missing_comma():
    err = _error("define i32 @f(i32 %x) {\n  %y = add i32 %x 1\n  ret i32 %y\n}\n")
    assert (err.line, err.column) == (2, 19)


def test_error_bad_type():
    err = _error("define void @f(ptr %p) {\n  %y = load i33x, ptr %p\n  ret void\n}\n")
    assert (err.line, err.column) == (2, 13)


def test_error_stray_character():
    err = _error("define i32 @f(i32 %a) {\n  %x = add i32 %a, ^1\n  ret i32 %x\n}\n")
    assert isinstance(err, UnexpectedCharacters)
    assert (err.line, err.column) == (2, 20)


def test_error_unbalanced_metadata_node():
    err = _error("!0 = !{}\n!1 = !DILocation(line: 1, scope: !0\n!2 = !{}\n")
    assert (err.line, err.column) == (2, 1)


def test_error_line_after_multiline_constructs():
    text = (
        "define void @f(i32 %x) personality ptr @p {\n"   # 1
        "  switch i32 %x, label %a [\n"                    # 2
        "    i32 0, label %a\n"                            # 3
        "    i32 1, label %a\n"                            # 4
        "  ]\n"                                            # 5
        "a:\n"                                             # 6
        "  %lp = landingpad { ptr, i32 }\n"                # 7
        "          cleanup\n"                              # 8
        "  %z = add i32 %x, 1, !dbg !3, !foo !{i32 1}\n"   # 9
        "  %w = sub i32 %x %z\n"                           # 10
        "  ret void\n"
        "}\n"
    )
    err = _error(text)
    assert (err.line, err.column) == (10, 19)


def test_error_unterminated_function():
    err = _error("define void @f() {\n  ret void\n")
    assert isinstance(err, UnexpectedToken) and err.token.type == "$END"


def test_compound_token_recipes():
    """The splitting recipes documented in grammar/README.md work."""
    text = (HAND_WRITTEN_DIR / "instructions.ll").read_text(encoding="utf-8")
    tokens = list(parse(text).scan_values(lambda v: isinstance(v, Token)))
    one_md = re.compile(parser().get_terminal("FN_MD_ATTACHMENT").pattern.to_regexp())
    attr_re = re.compile(r'align\s+\d+|\w+(?:\((?:[^()]|\([^()]*\))*\))?|"[^"]*"(?:\s*=\s*"[^"]*")?')
    seen = set()
    for tok in tokens:
        seen.add(tok.type)
        if tok.type == "MD_ATTACHMENTS":
            parts = [m.group(0).split(None, 1) for m in one_md.finditer(tok)]
            assert parts and all(k.startswith("!") and v.startswith("!") for k, v in parts)
            assert re.sub(r"[\s,]", "", tok) == "".join(re.sub(r"[\s,]", "", k + v) for k, v in parts)
        elif tok.type == "PARAM_ATTRS":
            assert "".join(attr_re.findall(tok)).replace(" ", "") == re.sub(r"\s", "", tok)
        elif tok.type == "RESULT":
            assert re.fullmatch(r'%[-\w$.]+|%"[^"]*"', tok.split("=")[0].strip())
        elif tok.type == "LABEL_REF":
            assert tok.split(None, 1)[1].startswith("%")
        elif tok.type == "ALIGN":
            assert int(tok.split()[-1]) > 0
        elif tok.type == "FLAGS":
            assert "".join(re.findall(r"inrange\s*\([^)]*\)|\w+", tok)) == re.sub(r"\s", "", tok)
    assert {"MD_ATTACHMENTS", "PARAM_ATTRS", "RESULT", "LABEL_REF", "ALIGN", "FLAGS"} <= seen
