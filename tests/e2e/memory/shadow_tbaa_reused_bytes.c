/* Shadow loads and stores copy the TBAA tag of the access they mirror
 * (ad/adjoints.py `_typed_like`).  Here one buffer is used as a double and
 * then as floats over the same bytes in one differentiated function, so the
 * reverse pass clears a float shadow (float tag) and then adds to the same
 * bytes as a double (double tag): an order the primal never has (it writes
 * the float after reading the double).  If LLVM moved the double's shadow
 * load above the float's clearing store on the strength of the tags, the
 * double's adjoint would read the float's adjoint bits.  The scratch buffer
 * is the caller's (enzyme_dup), so the shadow accesses are not promoted to
 * registers; helpers (noinline, inlined again after differentiation) and
 * direct accesses; the float slots left as seeded outputs.  Central
 * differences with steps of 1e-3 (floats round at 6e-8). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;
enum { N = 2 };

__attribute__((noinline)) double read_double(double *p) { return sin(*p); }
__attribute__((noinline)) double read_float(float *p, double y) { return *p * y; }
__attribute__((noinline)) void write_float(float *p, double v) { *p = (float)v; }
__attribute__((noinline)) void write_double(double *p, double v) { *p = v; }

double straight(double *x, char *s) {
  *(double *)s = x[0] * x[1];
  double a = read_double((double *)s);
  *(float *)s = (float)(x[0] + a);
  double b = read_float((float *)s, x[1]);
  return a + b;
}

double direct(double *x, char *s) {
  *(double *)s = x[0] * x[1];
  double a = sin(*(volatile double *)s);
  *(float *)s = (float)(x[0] + a);
  double b = *(volatile float *)s * x[1];
  *(double *)s = b * x[0];
  double c = sin(*(double *)s);
  return a + b + c;
}

double all_helpers(double *x, char *s) {
  write_double((double *)s, x[0] * x[1]);
  double a = read_double((double *)s);
  write_float((float *)s, x[0] + a);
  double b = read_float((float *)s, x[1]);
  write_double((double *)s, b * x[0]);
  double c = read_double((double *)s);
  return a + b + c;
}

double in_loop(double *x, char *s) {
  double t = 0;
  for (int k = 0; k < 3; k++) {
    write_double((double *)s, x[0] * x[1] + t);
    t += read_double((double *)s);
    write_float((float *)s, x[1] - t);
    t += read_float((float *)s, x[0]);
  }
  return t;
}

static char scratch[16] __attribute__((aligned(16)));
static int failures;
static void check(const char *name, double (*f)(double *, char *), double *x, double *dx,
                  int n) {
  for (int i = 0; i < n; i++) {
    double h = 1e-3, s = x[i];
    x[i] = s + h; double p = f(x, scratch);
    x[i] = s - h; double m = f(x, scratch);
    x[i] = s;
    double want = (p - m) / (2 * h);
    if (!(fabs(dx[i] - want) <= 2e-3 * (1 + fabs(want)))) {
      printf("MISMATCH %s[%d]: got %.10g, want %.10g\n", name, i, dx[i], want);
      failures++;
    }
  }
}

enum { NO = 3, M = 4 };
static const int slot_of[M] = {2, 0, 1, 2};

void reuse(double *x, char *s, const int *slots) {
  for (int k = 0; k < M; k++) {
    char *p = s + 8 * slots[k];
    *(double *)p = x[k % NO] * x[(k + 1) % NO];
    double a = sin(*(double *)p);
    ((float *)p)[0] = (float)(x[k % NO] + a);
    ((float *)p)[1] = (float)(a * x[(k + 2) % NO]);
  }
}

static float out_weight(int j) { return 0.5f + 0.25f * j; }
static double objective(double *x, char *unused) {
  char s[8 * NO] __attribute__((aligned(8)));
  memset(s, 0, sizeof s);
  reuse(x, s, slot_of);
  double J = 0;
  for (int j = 0; j < 2 * NO; j++) J += out_weight(j) * ((float *)s)[j];
  return J;
}

static void check_outputs(void) {
  double x[NO] = {0.3, -0.7, 1.2}, dx[NO] = {0, 0, 0};
  char s[8 * NO] __attribute__((aligned(8))), ds[8 * NO] __attribute__((aligned(8)));
  memset(s, 0, sizeof s);
  for (int j = 0; j < 2 * NO; j++) ((float *)ds)[j] = out_weight(j);
  __enzyme_autodiff((void *)reuse, enzyme_dup, x, dx, enzyme_dup, s, ds, enzyme_const, slot_of);
  check("reuse", objective, x, dx, NO);
}

#define RUN(f) do { double dx[N] = {0, 0}; char ds[16] __attribute__((aligned(16))); \
  memset(ds, 0, sizeof ds); char sc[16] __attribute__((aligned(16))); \
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, sc, ds); check(#f, f, x, dx, N); } while (0)
int main(void) {
  double x[N] = {0.3, -0.7};
  RUN(straight);
  RUN(direct);
  RUN(all_helpers);
  RUN(in_loop);
  check_outputs();
  return failures != 0;
}
