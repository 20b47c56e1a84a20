"""Indirect calls without a derivative table are refused, never run wrong.

A call through a function pointer that derivatives reach dispatches through
the pointer's shadow, which must be the function's derivative table
(`__enzyme_virtualreverse(f)`).  A shadow that is the function itself or
null (the program gave no table) stops the program with a message instead
of jumping into code as if it were a table; a function pointer without any
shadow when no function of the module with its type has its address taken
(it can only be one defined elsewhere, which the error names), or one whose
signature no table covers, is a located error.  A pointer that may be a
function of the module or one defined elsewhere runs the derivative of the
former and stops the program on the latter.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

PROGRAM = r"""
#include <stdio.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void *__enzyme_virtualreverse(void *);
typedef struct { double (*f)(double); double k; } Model;
double sq(double x) { return x * x; }
double *pick(double *p) { return p + 1; }
double energy(Model *m, double x) { return m->f(x) * m->k; }
double elsewhere(double, double, double);
double call_const(double (*f)(double, double, double), double x) { return f(x, x, x); }
int main(void) {
  Model m = {sq, 2.0}, dm = {SHADOW, 0.0};
  double r = 0;
#ifdef CONST_POINTER
  r = __enzyme_autodiff((void *)call_const, enzyme_const, elsewhere, 1.5); // HERE
#elif defined(CONST_POINTER_FORWARD)
  r = __enzyme_fwddiff((void *)call_const, enzyme_const, elsewhere, 1.5, 1.0); // HERE
#elif defined(NO_TABLE_SIGNATURE)
  void *t = __enzyme_virtualreverse((void *)pick); // HERE
  r = t != 0;
#else
  r = __enzyme_autodiff((void *)energy, enzyme_dup, &m, &dm, 1.5);
#endif
  printf("%g %g\n", r, dm.k);
  return 0;
}
"""


def _build(tmp_path, clang, opt, defines):
    source = tmp_path / "prog.c"
    source.write_text(PROGRAM)
    ll, out, exe = tmp_path / "prog.ll", tmp_path / "out.ll", tmp_path / "prog"
    subprocess.run([f"clang-{clang}", opt, "-g", *defines, "-S", "-emit-llvm", str(source),
                    "-o", str(ll)], check=True, capture_output=True)
    tool = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=600)
    return source, out, exe, tool


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("clang", ["19", "14"])
@pytest.mark.parametrize("shadow", ["sq", "0"])
def test_a_shadow_that_is_no_table_stops_the_program(tmp_path, clang, opt, shadow):
    _, out, exe, tool = _build(tmp_path, clang, opt, [f"-DSHADOW={shadow}"])
    assert tool.returncode == 0, tool.stderr
    subprocess.run([f"clang-{clang}", opt, str(out), "-o", str(exe), "-lm"], check=True,
                   capture_output=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode != 0, run.stdout
    assert "has no derivative table" in run.stderr, (run.stdout, run.stderr)


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("clang", ["19", "14"])
@pytest.mark.parametrize("case,pattern", [
    ("CONST_POINTER", r"cannot differentiate an indirect call with active arguments .*; "
                      r"it may be 'elsewhere', defined outside this module"),
    ("CONST_POINTER_FORWARD", r"cannot differentiate an indirect call with active arguments "
                              r".*; it may be 'elsewhere', defined outside this module"),
    ("NO_TABLE_SIGNATURE", r"'pick' cannot have a derivative table: it returns a"),
])
def test_unsupported_indirect_calls_are_located(tmp_path, clang, opt, case, pattern):
    source, out, _, tool = _build(tmp_path, clang, opt, ["-DSHADOW=sq", f"-D{case}"])
    assert tool.returncode == 1 and not out.exists(), tool.stderr
    assert "Traceback" not in tool.stderr and "internal error" not in tool.stderr, tool.stderr
    first = tool.stderr.splitlines()[0]
    if case.startswith("CONST_POINTER"):      # the call is in call_const, at its C line
        line = next(n for n, l in enumerate(PROGRAM.splitlines(), 1) if "return f(x, x, x)" in l)
    else:
        line = next(n for n, l in enumerate(PROGRAM.splitlines(), 1) if "// HERE" in l
                    and "virtualreverse" in l)
    assert re.match(rf"{re.escape(str(source))}:{line}:\d+: error: {pattern}", first), \
        tool.stderr


# A pointer that may be a function of this module or one defined elsewhere:
# the module's candidates are differentiated, and a pointer to the other
# stops the program (it has no derivative here) instead of running on.
MIXED = r"""
#include <stdio.h>
extern int enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern double defined_elsewhere(double);
typedef double (*fn_t)(double);
double local_sq(double x) { return x * x; }
fn_t table[2] = {local_sq, defined_elsewhere};
__attribute__((noinline)) double through(double x, fn_t f) { return f(x) * x; }
int main(int argc, char **argv) {
  fn_t f = table[argc - 1];
  double r = MODE;
  printf("%g\n", r);
  return r == 12.0 ? 0 : 2;   /* d/dx x^3 at 2 */
}
"""
ELSEWHERE = "double defined_elsewhere(double x) { return x * x; }\n"


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("clang", ["19", "14"])
@pytest.mark.parametrize("mode", [
    "__enzyme_autodiff((void *)through, 2.0, enzyme_const, f)",
    "__enzyme_fwddiff((void *)through, 2.0, 1.0, enzyme_const, f)"])
def test_a_pointer_to_a_function_defined_elsewhere_stops_the_program(tmp_path, clang, opt,
                                                                     mode):
    source, other = tmp_path / "prog.c", tmp_path / "other.c"
    source.write_text(MIXED.replace("MODE", mode))
    other.write_text(ELSEWHERE)
    ll, out, exe = tmp_path / "prog.ll", tmp_path / "out.ll", tmp_path / "prog"
    subprocess.run([f"clang-{clang}", opt, "-g", "-S", "-emit-llvm", str(source), "-o", str(ll)],
                   check=True, capture_output=True)
    tool = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=600)
    assert tool.returncode == 0, tool.stderr
    subprocess.run([f"clang-{clang}", opt, str(out), str(other), "-o", str(exe), "-lm"],
                   check=True, capture_output=True)
    local = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert local.returncode == 0, (local.stdout, local.stderr)       # local_sq: 3 x^2
    outside = subprocess.run([str(exe), "x"], capture_output=True, text=True, timeout=60)
    assert outside.returncode != 0, outside.stdout
    assert "is none of the functions of this module it could be" in outside.stderr, \
        (outside.stdout, outside.stderr)


# A virtual call on an object whose constructor derivatives do not see: only
# the primal object gets its vtable pointer, the shadow's stays null.  The
# call stops the program naming its line instead of faulting on the shadow's
# vtable slot; with the constructor seen, the derivative is 2 k x.
VIRTUAL = r"""
#include <stdio.h>
#include <new>
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);
struct Shape {
  double k;
  Shape(double k) : k(k) {}
  virtual double area(double x) const { return k * x * x; }
};
__attribute__((noinline BUILD)) void build(void *memory) { new (memory) Shape(2.0); }
double energy(double *memory, double x) {
  build(memory);
  return ((Shape *)memory)->area(x); // HERE
}
int main() {
  alignas(16) double memory[4] = {0}, shadow[4] = {0};
  double r = __enzyme_autodiff((void *)energy, enzyme_dup, memory, shadow, 1.5);
  printf("%g\n", r);
  return r == 6.0 ? 0 : 2;
}
"""


def _differentiate_and_run(tmp_path, text, clang, opt, flags=()):
    """(the source's path, the run of its program): the C++ `text` compiled
    with -g, differentiated (which must succeed), built and run."""
    source = tmp_path / "prog.cpp"
    source.write_text(text)
    ll, out, exe = tmp_path / "prog.ll", tmp_path / "out.ll", tmp_path / "prog"
    subprocess.run([f"clang++-{clang}", opt, "-g", *flags, "-S", "-emit-llvm", str(source),
                    "-o", str(ll)], check=True, capture_output=True)
    tool = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=600)
    assert tool.returncode == 0, tool.stderr
    subprocess.run([f"clang++-{clang}", opt, str(out), "-o", str(exe), "-lm"], check=True,
                   capture_output=True)
    return source, subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("opt", ["-O0", "-O1", "-O2"])
@pytest.mark.parametrize("clang", ["19", "14"])
@pytest.mark.parametrize("inactive", [False, True])
def test_a_virtual_call_on_a_shadow_without_vtable_stops_the_program(tmp_path, clang, opt,
                                                                     inactive):
    build = ', annotate("enzyme_inactive")' if inactive else ""
    source, run = _differentiate_and_run(tmp_path, VIRTUAL.replace("BUILD", build), clang, opt,
                                         ["-fno-exceptions"])
    if not inactive:
        assert run.returncode == 0, (run.stdout, run.stderr)
        return
    line = next(n for n, l in enumerate(VIRTUAL.splitlines(), 1) if "// HERE" in l)
    assert run.returncode != 0, run.stdout
    assert f"indirect call at {source}:{line} has no derivative table" in run.stderr, \
        run.stderr
    assert "the object's shadow must have a vtable" in run.stderr, run.stderr


# A C++ member-function pointer at -O0: an integer, called through a phi of
# the vtable's slot and `inttoptr` of the integer.  Its shadow is the table
# of the function the integer is, among the module's; a member defined
# elsewhere has none, and a call through it stops the program.
MEMBER = r"""
#include <stdio.h>
extern int enzyme_const;
double __enzyme_autodiff(void *, ...);
struct Model {
  double k;
  virtual ~Model() {}
  void scale(double *y) const { y[0] *= k; }
  void scale_elsewhere(double *y) const;
};
typedef void (Model::*Op)(double *) const;
double energy(double x, int which) {
  Model m;
  m.k = x;
  Op ops[2] = {&Model::scale, &Model::scale_elsewhere};
  double y[1] = {x};
  (m.*ops[which])(y); // HERE
  return y[0];
}
int main(int argc, char **argv) {
  double r = __enzyme_autodiff((void *)energy, 1.5, enzyme_const, argc - 1);
  printf("%g\n", r);
  return r == 3.0 ? 0 : 2;   /* d/dx x^2 at 1.5 */
}
"""
MEMBER_ELSEWHERE = r"""
struct Model {
  double k;
  virtual ~Model() {}
  void scale_elsewhere(double *y) const;
};
void Model::scale_elsewhere(double *y) const { y[0] *= k; }
"""


@pytest.mark.parametrize("clang", ["19", "14"])
def test_a_member_pointer_to_a_member_defined_elsewhere_stops_the_program(tmp_path, clang):
    source, other = tmp_path / "prog.cpp", tmp_path / "other.cpp"
    source.write_text(MEMBER)
    other.write_text(MEMBER_ELSEWHERE)
    ll, out, exe = tmp_path / "prog.ll", tmp_path / "out.ll", tmp_path / "prog"
    subprocess.run([f"clang++-{clang}", "-O0", "-g", "-S", "-emit-llvm", str(source), "-o",
                    str(ll)], check=True, capture_output=True)
    tool = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=600)
    assert tool.returncode == 0, tool.stderr
    subprocess.run([f"clang++-{clang}", "-O0", str(out), str(other), "-o", str(exe), "-lm"],
                   check=True, capture_output=True)
    local = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert local.returncode == 0, (local.stdout, local.stderr)       # scale: 2 x
    line = next(n for n, l in enumerate(MEMBER.splitlines(), 1) if "// HERE" in l)
    outside = subprocess.run([str(exe), "x"], capture_output=True, text=True, timeout=60)
    assert outside.returncode != 0, outside.stdout
    assert f"indirect call at {source}:{line} has no derivative table" in outside.stderr, \
        (outside.stdout, outside.stderr)


# A virtual member called through a member-function pointer (what std::bind
# holds): the callee is a phi of the vtable's slot and the pointer's own
# word.  The user's shadow object keeps the primal's vtable, so its slot
# holds no derivative table: the program stops, and the message says what a
# virtual call needs, which it said only where the callee was the slot's load.
VIRTUAL_MEMBER_POINTER = r"""
#include <stdio.h>
extern int enzyme_dup;
double __enzyme_autodiff(void *, ...);
struct Law {
  double k;
  virtual double rate(double x) const { return k * x * x; }
  virtual ~Law() {}
};
typedef double (Law::*Rate)(double) const;
__attribute__((noinline)) double call(const Law *law, Rate rate, double x) {
  return (law->*rate)(x); // HERE
}
double energy(Law *law, double x) { return call(law, &Law::rate, x); }
int main() {
  Law law, shadow;
  law.k = 2;
  shadow.k = 0;
  double r = __enzyme_autodiff((void *)energy, enzyme_dup, &law, &shadow, 1.5);
  printf("%g %g\n", r, shadow.k);
  return 0;
}
"""


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("clang", ["19", "14"])
def test_a_virtual_member_pointer_without_shadow_vtable_says_what_is_needed(tmp_path, clang,
                                                                             opt):
    source, run = _differentiate_and_run(tmp_path, VIRTUAL_MEMBER_POINTER, clang, opt)
    line = next(n for n, l in enumerate(VIRTUAL_MEMBER_POINTER.splitlines(), 1)
                if "// HERE" in l)
    assert run.returncode != 0, run.stdout
    assert f"indirect call at {source}:{line} has no derivative table" in run.stderr, \
        run.stderr
    assert "its vtable pointer set to Enzyme's virtualreverse of the object's vtable" \
        in run.stderr, run.stderr
