"""The `enzyme-opt` command as click reads it: every form of the command
line, --help (with the pass registry), --version, --print-include-dir and
the usage errors.  `cli.entry` reads the plain forms itself (click's import
was a fifth of a small module's whole run) and comes here for the rest;
`cli.main` is this command, for programs and tests that call it."""
from __future__ import annotations

import os

import click

from . import __version__
from . import passes
from .cli import DEFAULTS, run_command


def _print_include_dir(ctx, param, value) -> None:
    if value:
        click.echo(os.path.join(os.path.dirname(os.path.abspath(__file__)), "include"))
        ctx.exit(0)


class LLVMStyleCommand(click.Command):
    """Reads options as LLVM's tools do, besides click's own forms: `-o=FILE`,
    and long options with one dash (`-passes=enzyme`, `-print-activity`,
    `-version`).  A usage error exits with status 1, as opt's do."""

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, self._llvm_style(ctx, args))
        except click.UsageError as e:
            e.exit_code = 1
            raise

    def _llvm_style(self, ctx, args):
        long_names = {opt[2:] for param in self.params for opt in
                      list(param.opts) + list(param.secondary_opts) if opt.startswith("--")}
        long_names.add("help")
        short_names = {opt for param in self.params for opt in param.opts
                       if len(opt) == 2 and opt[0] == "-" and opt[1] != "-"} | {"-h"}
        out = []
        for arg in args:
            if arg == "--":
                out.append(arg)
                out.extend(args[len(out):])
                break
            if arg.startswith("-o="):
                out += ["-o", arg[3:]]
            elif arg.startswith("-") and not arg.startswith("--") and \
                    arg[1:].partition("=")[0] in long_names:
                out.append("-" + arg)
            elif arg.startswith("-") and not arg.startswith("--") and len(arg) > 2 and \
                    "-" + arg[1] not in short_names:
                raise click.NoSuchOption(arg.partition("=")[0], ctx=ctx)
            else:
                out.append(arg)
        return out


@click.command(cls=LLVMStyleCommand, context_settings={"help_option_names": ["-h", "--help"]},
               epilog=passes.passes_help())
@click.argument("input_paths", metavar="INPUT...", nargs=-1)
@click.option("-o", "output", default=DEFAULTS["output"], metavar="OUTPUT",
              help="Output file ('-' for standard output, the default). Written like opt "
                   "writes: a regular file is replaced whole or not at all (keeping its mode, "
                   "and through a symbolic link); a device or FIFO is written in place.")
@click.option("-S", "text_output", is_flag=True,
              help="Write textual IR (the default unless OUTPUT ends in .bc; accepted for "
                   "opt compatibility).")
@click.option("--bitcode", "bitcode", is_flag=True,
              help="Write bitcode, with llvm-as of the LLVM that made the input (also when "
                   "OUTPUT ends in .bc).")
@click.option("-passes", "--passes", "pipeline", default=None, metavar="PIPELINE",
              help="Comma-separated passes to run (default: 'enzyme'; empty: parse and print "
                   "only); the passes are listed below.")
@click.option("--verify/--no-verify", default=True, show_default=True,
              help="Check the output with LLVM's verifier (through llvmlite) before writing.")
@click.option("--print-activity", is_flag=True,
              help="Print, for each differentiated function, which values are active, "
                   "which pointers have shadows and which are constant (to stderr).")
@click.option("--print-type-analysis", is_flag=True,
              help="Print, for each differentiated function, the types found at each byte "
                   "offset behind its pointers (to stderr).")
@click.option("--check-derivatives", is_flag=True,
              help="Make the output program check each derivative call against central "
                   "differences, printing the relative error per call site to stderr.")
@click.option("--stats", is_flag=True,
              help="Print what the run counted to stderr: functions differentiated per mode, "
                   "values kept for or recomputed in reverse passes, tape bytes, per "
                   "derivative and in all.")
@click.option("--time-passes", is_flag=True,
              help="Print how long each stage took (reading, parsing, each pass and each "
                   "derivative, printing, verifying) to stderr.")
@click.option("--enzyme-truncate-all", "truncate_all", default="", metavar="FROMtoTO",
              help="Compute every floating-point operation of the module at a lower "
                   "precision: '64to32', or exponent-significand widths '11-52to8-23' "
                   "(several joined by ';').  Formats other than half and float need the "
                   "runtime enzyme/fprt/mpfr.h included and -lmpfr.")
@click.option("--debug", is_flag=True, help="Show Python tracebacks of internal errors.")
@click.option("--print-include-dir", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_include_dir,
              help="Print the directory that holds enzyme/enzyme.h (for -I) and exit.")
@click.version_option(__version__, "--version", prog_name="enzyme-opt",
                      message="%(prog)s %(version)s")
def main(input_paths, output, text_output, bitcode, pipeline, verify, print_activity,
         print_type_analysis, check_derivatives, stats, time_passes, truncate_all, debug):
    """Differentiate LLVM IR: replace calls to the Enzyme C API
    (__enzyme_autodiff, ...) in INPUT (.ll text or .bc bitcode, '-' or none
    for standard input) with synthesized derivative functions, and write the
    module as .ll (or bitcode).  Several inputs are linked into one module
    first, as llvm-link does, so derivatives may cross files."""
    return run_command(input_paths, output, text_output, bitcode, pipeline, verify,
                       print_activity, print_type_analysis, check_derivatives, stats,
                       time_passes, truncate_all, debug)
