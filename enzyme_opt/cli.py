"""The `enzyme-opt` command: read IR, run the pipeline, verify, write IR."""
from __future__ import annotations

import gc
import os
import re
import sys

from . import llvm_verify


def _started_as_the_tool() -> bool:
    """Is this process `python -m enzyme_opt` or the `enzyme-opt` console
    script, importing this module to run it (and not a test, or a program
    using the package)?"""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    if spec is not None:
        return spec.name == "enzyme_opt.__main__"
    return os.path.basename(getattr(main, "__file__", None) or "") == "enzyme-opt"


# Before anything else is imported: the verifier's child loads LLVM while
# this process imports the IR, the parser and the AD (their imports took as
# long as LLVM's, and the parent used to wait for the child at the end).
if _started_as_the_tool():
    llvm_verify.start_early_check(sys.argv[1:])
    # What the imports make (classes, functions, tables) lives as long as
    # the process, as nearly all a run makes does (see `_run`): the cyclic
    # collector's passes over it were 3-5 ms of start-up.
    gc.disable()

from .analysis.dominance import first_dominance_violation
from .diagnostics import EnzymeOptError, register_source
from .ir.compiled_regex import LazyPattern
from .ir.parser import parse_module
from .ir.printer import print_module
from . import llvm_tools
from .llvm_verify import PendingCheck, llvm_check, take_early_check
from .output import write_output
from . import passes
from .stages import ProgressLine, Stages, Statistics


def __getattr__(name: str):
    """`cli.main`, click's command (command.py), imported when first asked
    for: a run in the plain forms of the command line does without click."""
    if name == "main":
        from .command import main
        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _read_input(path: str):
    """(text, LLVM version or None) of one input: text as it is, bitcode
    disassembled by its producer's llvm-dis (whose version is returned)."""
    name = "<stdin>" if path == "-" else path
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise EnzymeOptError(f"could not open input file: {e.strerror}", filename=path)
    if llvm_tools.is_bitcode(data):
        return llvm_tools.disassemble(data, name)
    if b"\0" in data:
        raise EnzymeOptError("input is neither textual LLVM IR nor bitcode (it contains NUL "
                             "bytes)", filename=name)
    return data.decode("utf-8", "surrogateescape"), None


def _read_inputs(paths):
    """(text, filename, LLVM version or None) of the module to work on: the
    one input, or all of them linked by llvm-link as one module."""
    read = [(path, *_read_input(path)) for path in paths]
    if len(read) == 1:
        path, text, version = read[0]
        name = "<stdin>" if path == "-" else path
        if version is not None:
            register_source(name, text)      # errors quote the disassembly's lines
        return text, name, version
    versions = {v if v is not None else llvm_tools.text_version(text) for _, text, v in read}
    versions.discard(None)
    if len(versions) > 1:
        raise EnzymeOptError("the inputs come from different LLVM versions ("
                             + ", ".join(map(str, sorted(versions))) + "): link modules of one")
    version = versions.pop() if versions else llvm_tools.text_version("ptr")
    text = llvm_tools.link([(path, text) for path, text, _ in read], version)
    name = "+".join(os.path.basename(p) for p, _, _ in read)
    register_source(name, text)
    return text, name, version


_LLVM_POSITION = LazyPattern(r"<string>:(\d+):(\d+):\s*(?:error:\s*)?(.*)")


def verify_output(result: str, source: str, filename: str, options: dict,
                  pending: "PendingCheck" = None) -> None:
    """Refuse to write IR that LLVM rejects.

    When LLVM rejects the input as well, the input is at fault and LLVM's own
    diagnosis is reported at its position; otherwise the bug is ours.  The
    exception is input valid for the LLVM that wrote it (14 to 19) that
    llvmlite's newer LLVM no longer reads (`_newer_llvm_gap`): that output
    goes unverified, with a warning.  `pending`, if given, is a check
    already under way, waiting for `result`.
    """
    problem = pending.send(result).result() if pending is not None else llvm_check(result)
    if problem is None:
        return
    input_problem = llvm_check(source)
    if input_problem is not None and _newer_llvm_gap(input_problem, source):
        options.setdefault("warnings", []).append(
            f"{filename}: the output is not verified: the LLVM in llvmlite "
            f"({_llvmlite_llvm()}) cannot read this module either "
            f"({_without_position(_first_line(input_problem))})")
        return
    if input_problem is not None:
        _report_input_problem(input_problem, source, filename)
    raise InternalError("the generated IR failed LLVM verification:\n" + problem)


def _report_input_problem(input_problem: str, source: str, filename: str) -> None:
    """Raise LLVM's diagnosis of the input, at its position when it can be found."""
    m = _LLVM_POSITION.search(input_problem)
    if m:
        line, column = int(m.group(1)), int(m.group(2))
        raise EnzymeOptError(m.group(3).splitlines()[0], filename, line, column,
                             _source_line(source, line))
    located = _find_quoted_line(input_problem, source)
    if located is not None:
        line, column, text = located
        raise EnzymeOptError("invalid module: " + _first_line(input_problem), filename,
                             line, column, text)
    # LLVM gave no position (it stopped, as on expressions nested too
    # deeply): our parser, reading every body this time, may locate it.
    parse_module(source, filename)
    raise EnzymeOptError("invalid module: " + input_problem.splitlines()[0], filename)


def _blame_invalid_input(source: str, filename: str) -> None:
    """After a failure of ours: if LLVM rejects the input too (a phi whose
    blocks are not its block's predecessors, which our parser does not
    check), that is the error to report, as verify_output reports it."""
    input_problem = llvm_check(source)
    if input_problem is not None and not _newer_llvm_gap(input_problem, source):
        _report_input_problem(input_problem, source, filename)


# What llvmlite's LLVM (newer than the 14 to 19 that enzyme-opt reads) says of
# text those versions accept: constant expressions and types it removed,
# intrinsic signatures and attribute checks it changed, LLVM 14 text it
# cannot upgrade (the old `callbr` of `asm goto`), and its own assertions.
_NEWER_LLVM_GAPS = (
    "constexprs are no longer supported",
    "Intrinsic has incorrect",
    "must start with a '+' or '-'",
    "Number of label constraints does not match number of callbr dests",
    "Assertion `",
)
# Types LLVM removed after 19: "expected type" where one of them is written.
_REMOVED_TYPES = ("x86_mmx",)


def _newer_llvm_gap(problem: str, source: str) -> bool:
    """Is `problem`, LLVM's complaint about valid-looking input, one that only
    a newer LLVM than the input's has?"""
    if any(gap in problem for gap in _NEWER_LLVM_GAPS):
        return True
    m = _LLVM_POSITION.search(problem)
    if m and m.group(3).startswith("expected type"):
        line = _source_line(source, int(m.group(1))) or ""
        return line[int(m.group(2)) - 1:].startswith(_REMOVED_TYPES)
    return False


def _without_position(message: str) -> str:
    """`<string>:2:17: error: text` -> `line 2: text`."""
    m = _LLVM_POSITION.match(message)
    return f"line {m.group(1)}: {m.group(3)}" if m else message


def _llvmlite_llvm() -> str:
    import llvmlite.binding as llvm     # third-party and slow to load: only when asked
    return "LLVM " + ".".join(map(str, llvm.llvm_version_info))


def _find_quoted_line(message: str, source: str):
    """The verifier quotes the offending IR without a position; find the first
    quoted line in the source: (line, column, text), or None."""
    quoted = [q.strip() for q in message.splitlines()[1:]]
    quoted = [q for q in quoted if q and not q.startswith(("LLVM ERROR", "in function"))]
    if not quoted:
        return None
    lines = source.split("\n")
    stripped = [l.strip() for l in lines]
    for q in quoted:
        if q.startswith("label %"):                   # a block: find its label line
            q = q[len("label %"):] + ":"
        forms = _quoted_forms(q)
        for number, text in enumerate(stripped):
            if text in forms or (q.endswith(":") and text.startswith(q + " ")) or \
                    _ALIGN.sub("", text) in forms or \
                    any(text.startswith(f + " to label ") for f in forms):
                full = lines[number]
                return number + 1, len(full) - len(full.lstrip()) + 1, full
    return _find_definition(quoted, lines)


def _find_definition(quoted: list, lines: list):
    """The verifier prints constants its own way (`2.0` as `2.000000e+00`):
    a quoted `%name = opcode ...` is the source line that starts so, if only
    one does."""
    for q in quoted:
        m = re.match(r"(%[-\w.$\"]+ = [a-z]+) ", q)
        if m is None:
            continue
        found = [n for n, l in enumerate(lines) if l.strip().startswith(m.group(1) + " ")]
        if len(found) == 1:
            full = lines[found[0]]
            return found[0] + 1, len(full) - len(full.lstrip()) + 1, full
    return None


_ALIGN = LazyPattern(r", align \d+$")


def _quoted_forms(q: str) -> set:
    """The source text a quoted instruction may have been: as printed, without
    the `, align N` LLVM adds, and without a type printed before it
    (` double  %r = cmpxchg ...`).  An `invoke` is quoted on two lines, the
    first of which starts the source line."""
    forms = {q, _ALIGN.sub("", q)}
    m = re.search(r"(%[-\w.$\"]+ = .*)", q)
    if m is not None:
        forms |= {m.group(1), _ALIGN.sub("", m.group(1))}
    return forms


def _source_line(text: str, line: int):
    """Line `line` (from 1) of `text`, or None past its end."""
    lines = text.split("\n")
    return lines[line - 1] if 0 < line <= len(lines) else None


def _first_line(message: str) -> str:
    lines = [l for l in message.splitlines() if l.strip() and "parsing error" not in l]
    return (lines[0] if lines else message).strip()


class InternalError(Exception):
    pass


def run(input_paths, output: str, pipeline: str, verify: bool, stages: Stages,
        options: dict):
    """The output module's text, and the LLVM version it is for (None: as the
    input's text says)."""
    names = passes.parse_pipeline(passes.DEFAULT_PIPELINE if pipeline is None else pipeline)
    # The verifier's process, started with the process (`start_early_check`)
    # or now: it loads LLVM while this one works, and holds LLVM's copy of
    # the output without this one's memory.
    check = take_early_check()
    if check is not None and not verify:
        check.cancel()
        check = None
    elif check is None and verify:
        check = PendingCheck()
    try:
        return _run(input_paths, names, verify, stages, options, check)
    finally:
        if check is not None:
            check.cancel()


def _run(input_paths, names, verify: bool, stages: Stages, options: dict, check):
    stages.enter("reading the input")
    text, filename, version = _read_inputs(input_paths or ("-",))
    stages.enter("parsing the input")
    lazy = _keep_bodies_as_text(names, text)
    # With passes, the output is verified whole, the bodies copied as text
    # included; a module LLVM rejects is then checked and reported as input
    # (verify_output).  Without passes, LLVM checks the input meanwhile.
    module = _read_module(text, filename, lazy, checked_after=verify and bool(names))
    if _PROCESS_ENDS_AFTER_RUN:
        # Nearly everything allocated so far lives until the process ends:
        # the cyclic collector need not scan it again and again.
        gc.freeze()
        # The AD's objects too live to the end, nearly all of them: with the
        # default thresholds, full collections rescanning them took a sixth
        # of differentiating a 20k-instruction function, and even young and
        # middle collections, rare as they were, a twentieth of one of 20k
        # instructions in 2500 loops, for 2% more memory: none at all.
        gc.disable()
    stages.enter("checking the input")
    _check_dominance(module, text)
    stages.enter("running the pass pipeline")
    try:
        passes.run_pipeline(module, names, options, stages)
    except (EnzymeOptError, KeyboardInterrupt, SystemExit):
        raise
    except Exception:
        _blame_invalid_input(text, filename)
        raise
    stages.enter("printing the output")
    result = print_module(module)
    if verify:
        stages.enter("verifying the output")
        verify_output(result, text, filename, options, check)
    return result, version


# Below this size a module is read whole: reading it costs less than the
# child process that has LLVM check it first (which keeping text requires).
LAZY_MIN_CHARS = 1_000_000


def _keep_bodies_as_text(names, text: str) -> bool:
    """Keep the function bodies no pass asks for as text?  Always without
    passes; for passes that read the bodies they need, in a large module (the
    environment's ENZYME_OPT_LAZY_MIN_BYTES, if set, replaces the size)."""
    if not names:
        return True
    least = os.environ.get("ENZYME_OPT_LAZY_MIN_BYTES")
    least = int(least) if least and least.isdigit() else LAZY_MIN_CHARS
    return passes.reads_lazily(names) and len(text) >= least


# LLVM 14's `asm goto` (a `callbr` with block addresses for arguments) is
# not what the LLVM in llvmlite reads as a `callbr` any more.  A body holding
# one is read by our parser, and LLVM verifies the module without it.
_LLVM14_ASM_GOTO = LazyPattern(r"\bcallbr\b[^\n]*\bblockaddress\(")


def _llvm14_asm_goto(text: str) -> bool:
    return "callbr" in text and _LLVM14_ASM_GOTO.search(text) is not None


def _read_module(text: str, filename: str, lazy: bool, checked_after: bool = False):
    """The module in `text`; with `lazy`, function bodies stay text
    (Function.lazy_body) if LLVM reads and verifies the module, which it
    does in a child process meanwhile (`checked_after`: the output, bodies
    as text included, will be, which does as well).  Otherwise, every body
    is read, and any error is ours to report, located as our parser finds it."""
    if not lazy:
        return parse_module(text, filename)
    if checked_after:
        try:
            return parse_module(text, filename, lazy=True)
        except EnzymeOptError:
            return parse_module(text, filename)
    ours = _llvm14_asm_goto(text)
    check = None if ours else PendingCheck(text)
    try:
        module = parse_module(text, filename, lazy=True)
        if ours:
            check = PendingCheck(_read_bodies_llvm_cannot(module, text))
    except BaseException as e:
        if check is not None:
            check.cancel()
        if isinstance(e, EnzymeOptError):
            return parse_module(text, filename)
        raise
    if check.result() is not None:
        return parse_module(text, filename)
    return module


def _read_bodies_llvm_cannot(module, text: str) -> str:
    """Reads the bodies that hold an LLVM 14 `asm goto`; returns `text` with
    each of those bodies cut down to `unreachable`."""
    spans = []
    for fn in module.functions:
        body = fn.lazy_body
        if body is not None and _llvm14_asm_goto(body.text):
            spans.append(body.span)
            fn.materialize()
    pieces, done = [], 0
    for start, end in sorted(spans):
        pieces += [text[done:start], "unreachable\n"]
        done = end
    return "".join(pieces) + text[done:]


def _check_dominance(module, text: str) -> None:
    bad = first_dominance_violation(module)
    if bad is None:
        return
    message = ("instruction does not dominate all uses: an operand is defined after this use, "
               "or in a block that does not dominate it")
    if bad.location is None:
        raise EnzymeOptError(message, module.source_filename)
    filename, line, column = bad.location
    raise EnzymeOptError(message, filename, line, column, _source_line(text, line))


# The options' values when not given (click's command declares the same).
DEFAULTS = {"output": "-", "text_output": False, "bitcode": False, "pipeline": None,
            "verify": True, "print_activity": False, "print_type_analysis": False,
            "check_derivatives": False, "stats": False, "time_passes": False,
            "truncate_all": "", "debug": False}
# The plain forms of the options, as `plain_arguments` reads them: flags
# (option -> (parameter, value)) and options taking a value (option -> parameter).
_FLAGS = {"-S": ("text_output", True), "--bitcode": ("bitcode", True),
          "--verify": ("verify", True), "--no-verify": ("verify", False),
          "--print-activity": ("print_activity", True),
          "--print-type-analysis": ("print_type_analysis", True),
          "--check-derivatives": ("check_derivatives", True), "--stats": ("stats", True),
          "--time-passes": ("time_passes", True), "--debug": ("debug", True)}
_VALUED = {"-o": "output", "--passes": "pipeline", "--enzyme-truncate-all": "truncate_all"}


def plain_arguments(args):
    """The parameters of `run_command` for a command line in the plain forms
    (inputs, `-o FILE`, `-o=FILE`, `-passes=P`, `--flag` or `-flag`), read
    as click reads them; None for anything else (help, version, `--`, an
    unknown option, an option's value that starts with a dash), which click
    reads."""
    values, paths, rest = dict(DEFAULTS), [], iter(args)
    for arg in rest:
        if arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        name, equals, value = arg.partition("=")
        if not name.startswith("--") and "-" + name in _FLAGS.keys() | _VALUED.keys():
            name = "-" + name                    # LLVM's one-dash long options
        if name in _FLAGS and not equals:
            key, values[key] = _FLAGS[name][0], _FLAGS[name][1]
        elif name in _VALUED:
            if not equals:
                value = next(rest, None)
                if value is None or (value.startswith("-") and value != "-"):
                    return None
            values[_VALUED[name]] = value
        else:
            return None
    values["input_paths"] = tuple(paths)
    return values


def _echo_error(message: str) -> None:
    """A line to stderr, through click's echo when click reads the command
    line (its tests' runner captures that), else directly."""
    click = sys.modules.get("click")
    if click is not None:
        click.echo(message, err=True)
    else:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()


def run_command(input_paths, output, text_output, bitcode, pipeline, verify, print_activity,
                print_type_analysis, check_derivatives, stats, time_passes, truncate_all, debug):
    """The command, its options read: run, report, write; exits with status
    1 on an error."""
    stages = Stages()
    options = {"print_activity": print_activity, "print_type_analysis": print_type_analysis,
               "check_derivatives": check_derivatives, "stages": stages,
               "stats": Statistics(), "truncate_all": truncate_all}
    default = "enzyme-opt" if len(input_paths) > 1 else \
        "<stdin>" if not input_paths or input_paths[0] == "-" else input_paths[0]
    try:
        with ProgressLine(stages):
            result, version = run(input_paths, output, pipeline, verify, stages, options)
        for report in options.get("reports", []):
            _echo_error(report)
        _print_warnings(options, default)
        if bitcode or (output.endswith(".bc") and not text_output):
            stages.enter("writing bitcode")
            data = llvm_tools.assemble(result, version or llvm_tools.text_version(result)
                                       or llvm_tools.text_version("ptr"))
        else:
            data = result.encode("utf-8", "surrogateescape")
        stages.enter("writing the output")
        write_output(output, data)
        if stats:
            _echo_error(options["stats"].report())
        if time_passes:
            _echo_error(stages.report())
    except EnzymeOptError as e:
        # What was noticed before the error may explain it (a registered
        # derivative that clang inlined away).
        _print_warnings(options, default)
        _echo_error(e.render(default))
        sys.exit(1)
    except Exception as e:
        _report_internal_error(e, stages, debug)
        sys.exit(1)


def _report_internal_error(e: Exception, stages: Stages, debug: bool) -> None:
    click = sys.modules.get("click")
    if click is not None and isinstance(e, click.exceptions.Exit):
        raise e
    what = str(e) or type(e).__name__
    _echo_error(f"error: internal error while {stages.current}: {what}")
    if getattr(e, "enzyme_opt_note", None):
        _echo_error(f"note: {e.enzyme_opt_note}")
    if debug:
        import traceback
        traceback.print_exc()
    else:
        _echo_error("note: this is a bug in enzyme-opt; rerun with --debug for a traceback "
                    "and please report it with the input file")

def _print_warnings(options, default_filename: str = "<stdin>") -> None:
    for warning in options.get("warnings", []):
        _echo_error(warning.render(default_filename) if isinstance(warning, EnzymeOptError)
                    else f"warning: {warning}")


RECURSION_LIMIT = 20_000
# Set by `entry`: nothing outlives `run` (tests call `main` in their process).
_PROCESS_ENDS_AFTER_RUN = False


def _read_command_line(args) -> None:
    """Run the command: the plain forms of the command line read here, the
    rest by click (command.py), which also exits as click's commands do."""
    values = None if _COMPLETION_VARIABLE in os.environ else plain_arguments(args)
    if values is None:
        from .command import main
        main(args)
        return
    try:
        run_command(**values)
    except (KeyboardInterrupt, EOFError):
        _echo_error("\nAborted!")                # as click reports it
        sys.exit(1)
    except BrokenPipeError:                     # a reader gone: as click, status 1
        sys.exit(1)


# click's shell completion answers when this is set: click reads the command.
_COMPLETION_VARIABLE = "_ENZYME_OPT_COMPLETE"


def entry() -> None:
    """The process's entry point: `main`, then exit without tearing down.

    By then the output is written.  Freeing a large module object by object
    at interpreter exit took a fifth of a parse-and-print run; the operating
    system takes the memory back at once.
    """
    # The parser is a loop, but the printer and the analyses recurse into
    # nested constants, constant expressions and types, which LLVM text
    # nests as deep as its writer likes (Python stops at 1000 frames).
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    global _PROCESS_ENDS_AFTER_RUN
    _PROCESS_ENDS_AFTER_RUN = True
    try:
        _read_command_line(sys.argv[1:])
        status = 0
    except SystemExit as done:
        status = done.code
    finally:
        llvm_verify.cancel_early_check()      # not taken: no run, or not to verify
    if status is None:
        status = 0
    elif not isinstance(status, int):
        print(status, file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):      # a closed pipe: nothing more to say
            status = status or 1
    os._exit(status)


if __name__ == "__main__":
    entry()
