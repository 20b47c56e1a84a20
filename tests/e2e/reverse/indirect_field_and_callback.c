// Calls through function pointers in reverse mode.  The shadow of a function
// pointer is its derivative table: __enzyme_virtualreverse(f) makes it, or
// the program writes one from __enzyme_augmentfwd / __enzyme_reverse
// (`{augmented, reverse}`, the ABI of those calls with unmarked arguments).
//   energy(m, x) = m->f(x, m->k) * x     (a struct field; the shadow struct
//                                          holds the table; dk lands in dm.k)
//   integrate(f, k, n) = sum_i f(x_i, k) h  (a callback passed with its table)
//   twice(g, x) = g(g(x))                  (a hand-written table)
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const, enzyme_out;
void *__enzyme_virtualreverse(void *);
double __enzyme_autodiff(void *, ...);
typedef struct { double value; void *tape; } ValueAndTape;
ValueAndTape __enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);

typedef double (*Pot)(double, double);
typedef struct { Pot f; double k; } Model;

double quad(double x, double k) { return k * x * x; }
double wave(double x, double k) { return sin(k * x) / k; }
double energy(Model *m, double x) { return m->f(x, m->k) * x; }

double integrate(Pot f, double k, int n) {
  double s = 0.0, h = 1.0 / n;
  for (int i = 0; i < n; i++) s += f((i + 0.5) * h, k) * h;
  return s;
}

double cube(double x) { return x * x * x; }
ValueAndTape cube_aug(double x) { return __enzyme_augmentfwd((void *)cube, x); }
double cube_rev(double x, double d, void *tape) { return __enzyme_reverse((void *)cube, x, d, tape); }
void *cube_table[2] = {(void *)cube_aug, (void *)cube_rev};
double twice(double (*g)(double), double x) { return g(g(x)); }

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-10 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(void) {
  double x = 0.7, k = 1.3;
  Model m = {quad, k}, dm = {(Pot)__enzyme_virtualreverse((void *)quad), 0.0};
  check("d energy/dx quad", __enzyme_autodiff((void *)energy, enzyme_dup, &m, &dm, x), 3 * k * x * x);
  check("d energy/dk quad", dm.k, x * x * x);

  Model w = {wave, k}, dw = {(Pot)__enzyme_virtualreverse((void *)wave), 0.0};
  double got = __enzyme_autodiff((void *)energy, enzyme_dup, &w, &dw, x);
  check("d energy/dx wave", got, cos(k * x) * x + sin(k * x) / k);
  check("d energy/dk wave", dw.k, x * (x * cos(k * x) / k - sin(k * x) / (k * k)));

  int n = 50;
  double want = 0.0;
  for (int i = 0; i < n; i++) { double xi = (i + 0.5) / n; want += xi * xi / n; }
  check("d integrate/dk", __enzyme_autodiff((void *)integrate, enzyme_dup, (void *)quad,
                                            __enzyme_virtualreverse((void *)quad), k,
                                            enzyme_const, n), want);

  double c = x * x * x;
  check("d twice(cube)/dx", __enzyme_autodiff((void *)twice, enzyme_dup, (void *)cube,
                                              (void *)cube_table, x),
        3 * c * c * 3 * x * x);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
