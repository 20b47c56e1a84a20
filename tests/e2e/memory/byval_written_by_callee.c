// A struct passed by value (larger than two registers: LLVM's `byval`, the
// callee's own copy) that the callee writes: the caller's struct must stay
// as it was.  The derivative's calls pass the caller's object itself, so
// before the fix a callee squaring its copy's field squared the caller's:
// the second call saw the square (reverse and forward 30 for 7 at -O0 and
// -O1; `handed_on` 23 for 18 at -O2 and -O3 too; clang 14 and 19).  Shapes: doubles only, written and returned; a
// struct holding a pointer into x, stepped and read through by the callee;
// the callee's copy handed on by value to a callee that writes it again; a
// struct only read (not copied); an iterator struct from an enzyme_const
// argument, passed by value and run down by the callee (`walk`: the second
// call found the caller's count at 0, gradient 0 at -O0 and -O1).  Found
// by the gradient fuzzer (stop 47, feature ctx_byvalue).
#include "../check.h"
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
typedef struct { void *tape; double primal; } TapeAndDouble;
TapeAndDouble __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

typedef struct { double v, w, z; } Three;
typedef struct { const double *q; double s, t; } Walk;

__attribute__((noinline)) double square_own(Three p) { p.v = p.v * p.v; return p.v + p.w; }

__attribute__((noinline)) double step_own(Walk k) {
  k.s = k.s * k.q[0];
  k.q = k.q + 1;
  return k.s * k.q[0] + k.t;
}

__attribute__((noinline)) double twice_on(Three p) {
  p.w = p.w + p.v;   /* this copy's, handed on: square_own gets its own again */
  return square_own(p) + square_own(p) + p.w;
}

__attribute__((noinline)) double only_read(Three p) { return p.v * p.w + p.z; }

typedef struct { const double *q; double s; int k; } Cursor;

__attribute__((noinline)) double walk(Cursor w, double y) {
  double r = 0;
  for (; w.k > 0; w.k--, w.q++) r += *w.q * y;
  return r + w.s;
}

static const double DATA[3] = {1, 2, 3};
static Cursor CURSOR = {DATA, 0.5, 3};

__attribute__((noinline)) static double walked(double *x, Cursor *c) {
  return walk(*c, x[0]) + walk(*c, x[1] * x[1]);
}

static double walked_here(double *x) { return walked(x, &CURSOR); }

static double doubles(double *x) {
  Three p = {x[0], x[1], x[2]};
  return square_own(p) + square_own(p) + p.v;
}

static double pointer_inside(double *x) {
  Walk k = {x, x[2], 0.5};
  return step_own(k) + step_own(k) + k.s * k.q[1];
}

static double handed_on(double *x) {
  Three p = {x[0], x[1], x[2]};
  return twice_on(p) + twice_on(p) + p.w;
}

static double read_only(double *x) {
  Three p = {x[0], x[1], x[2]};
  return only_read(p) * only_read(p);
}

int main(void) {
  double x[3] = {1.5, 0.5, -0.75};
  int bad = CHECK_BOTH_MODES(doubles, x, 3) + CHECK_BOTH_MODES(pointer_inside, x, 3) +
            CHECK_BOTH_MODES(handed_on, x, 3) + CHECK_BOTH_MODES(read_only, x, 3);
  double dx[3] = {0, 0, 0}, t[3] = {0, 1, 0};   /* the cursor enzyme_const */
  __enzyme_autodiff((void *)walked, enzyme_dup, x, dx, enzyme_const, &CURSOR);
  bad += check_gradient("walked", x, dx, 2, walked_here);
  bad += !check_close("walked forward", 1,
                      __enzyme_fwddiff((void *)walked, enzyme_dup, x, t, enzyme_const, &CURSOR),
                      CENTRAL_DIFFERENCE(x[1], 1e-6, walked_here(x)));
  /* split mode: on main the augmented forward's primal was 13.375 for 7 at -O0 */
  double ds[3] = {0, 0, 0};
  TapeAndDouble r = __enzyme_augmentfwd((void *)doubles, enzyme_dup, x, ds);
  bad += !check_close("doubles split primal", 0, r.primal, doubles(x));
  __enzyme_reverse((void *)doubles, enzyme_dup, x, ds, 1.0, r.tape);
  bad += check_gradient("doubles split", x, ds, 3, doubles);
  if (!bad) printf("ok\n");
  return bad != 0;
}
