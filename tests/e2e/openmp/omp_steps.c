// CFLAGS: -fopenmp
// Time steps, each two parallel regions: a chunked static schedule with a
// firstprivate coefficient (active: its gradient sums the threads') and a private temporary, then a default one that
// overwrites u in place.  Every region runs once per step, so each fork
// records its own tapes and the reverse pops them step by step.
#include <math.h>
#include <stdio.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 23, STEPS = 3 };

void steps(double *u, double *tmp, int n, double c) {
  for (int s = 0; s < STEPS; s++) {
    double t;
#pragma omp parallel for schedule(static, 3) firstprivate(c) private(t)
    for (int i = 0; i < n; i++) {
      t = sin(u[(i + 1) % n]);
      tmp[i] = u[i] + c * t * u[i];
    }
#pragma omp parallel for
    for (int i = 0; i < n; i++) u[i] = tmp[i] * cos(0.5 * tmp[i]);
  }
}

static double loss(const double *u0, const double *w, double c) {
  double u[N], tmp[N], s = 0;
  for (int i = 0; i < N; i++) u[i] = u0[i];
  steps(u, tmp, N, c);
  for (int i = 0; i < N; i++) s += w[i] * u[i];
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-6 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  double x[N], w[N], u[N], du[N], tmp[N], dtmp[N], v[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.2 + 0.05 * i;
    w[i] = 1.0 - 0.03 * i;
    v[i] = cos(1.3 * i);
  }
  for (int i = 0; i < N; i++) { u[i] = x[i]; du[i] = w[i]; dtmp[i] = 0; }
  // c is active: each thread's share of its gradient is summed.
  double dc = __enzyme_autodiff((void *)steps, enzyme_dup, u, du, enzyme_dup, tmp, dtmp,
                                enzyme_const, N, 0.3);
  double h = 1e-6, directional = 0;
  check("dc", 0, dc, (loss(x, w, 0.3 + h) - loss(x, w, 0.3 - h)) / (2 * h));
  for (int i = 0; i < N; i++) {
    double keep = x[i];
    x[i] = keep + h; double up = loss(x, w, 0.3);
    x[i] = keep - h; double down = loss(x, w, 0.3);
    x[i] = keep;
    check("du", i, du[i], (up - down) / (2 * h));
  }
  for (int i = 0; i < N; i++) { u[i] = x[i]; du[i] = v[i]; }
  __enzyme_fwddiff((void *)steps, enzyme_dup, u, du, enzyme_dup, tmp, dtmp,
                   enzyme_const, N, enzyme_const, 0.3);
  for (int i = 0; i < N; i++) directional += w[i] * du[i];
  double xp[N], xm[N];
  for (int i = 0; i < N; i++) { xp[i] = x[i] + h * v[i]; xm[i] = x[i] - h * v[i]; }
  check("forward", 0, directional, (loss(xp, w, 0.3) - loss(xm, w, 0.3)) / (2 * h));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
