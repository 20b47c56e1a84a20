// CFLAGS: -fopenmp
// Copies out of memory the threads share, inside a parallel region: a
// struct assigned whole (a memcpy at -O0), a struct returned by a helper (a
// whole-struct load at -O0), a struct holding a pointer and a double, and
// memcpy of rows whose length is known only at run time (a memcpy at every
// level) into a thread's buffer and into the output.  Several threads copy
// from one source, so the reverse must add into its shadow atomically.
// Reverse and forward mode against central differences of
// L = sum wy[i] * y[i] + sum wo[k] * out[k].
#include <math.h>
#include <stdio.h>
#include <string.h>

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

typedef struct { double a, b; } Pair;
typedef struct { const double *row; double scale; } View;
enum { N = 23, K = 3, M = 4, P = 2 * K + K + 2 * K * M };

static Pair pick(const Pair *p, int i) { return p[i % K]; }

void model(const Pair *p, const View *views, const double *x, double *y, double *out, int m) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    Pair q = p[(i + 1) % K], r = pick(p, i);
    View v = views[i % K];
    double buf[M], s = 0;
    memcpy(buf, x + (i % K) * m, m * sizeof(double));
    memcpy(out + i * m, v.row, m * sizeof(double));
    for (int j = 0; j < m; j++) s += buf[j] * v.row[j];
    y[i] = q.a * r.b + sin(q.b) * s * v.scale + r.a;
  }
}

// All inputs in one vector u: p's fields, the scales, x, the rows.
static double loss(const double *u, const double *wy, const double *wo) {
  Pair p[K]; View views[K]; double y[N], out[N * M], s = 0;
  for (int k = 0; k < K; k++) {
    p[k] = (Pair){u[2 * k], u[2 * k + 1]};
    views[k] = (View){u + 3 * K + K * M + k * M, u[2 * K + k]};
  }
  model(p, views, u + 3 * K, y, out, M);
  for (int i = 0; i < N; i++) s += wy[i] * y[i];
  for (int i = 0; i < N * M; i++) s += wo[i] * out[i];
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
  double u[P], g[P] = {0}, t[P], wy[N], wo[N * M], y[N], dy[N], out[N * M], dout[N * M];
  double ty[N], tout[N * M], h = 1e-6, directional = 0;
  for (int k = 0; k < P; k++) { u[k] = 0.4 + 0.3 * sin(1.7 * k); t[k] = cos(0.9 * k); }
  for (int i = 0; i < N; i++) dy[i] = wy[i] = 1.0 + 0.25 * cos(i);
  for (int i = 0; i < N * M; i++) dout[i] = wo[i] = 0.5 - 0.1 * (i % 7);
  Pair p[K], dp[K] = {{0}}, tp[K]; View v[K], dv[K], tv[K];
  double *rows = u + 3 * K + K * M, *drows = g + 3 * K + K * M;
  for (int k = 0; k < K; k++) {
    p[k] = (Pair){u[2 * k], u[2 * k + 1]}; tp[k] = (Pair){t[2 * k], t[2 * k + 1]};
    v[k] = (View){rows + k * M, u[2 * K + k]}; dv[k] = (View){drows + k * M, 0};
    tv[k] = (View){t + 3 * K + K * M + k * M, t[2 * K + k]};
  }
  __enzyme_autodiff((void *)model, enzyme_dup, p, dp, enzyme_dup, v, dv, enzyme_dup, u + 3 * K,
                    g + 3 * K, enzyme_dup, y, dy, enzyme_dup, out, dout, enzyme_const, M);
  __enzyme_fwddiff((void *)model, enzyme_dup, p, tp, enzyme_dup, v, tv, enzyme_dup, u + 3 * K,
                   t + 3 * K, enzyme_dup, y, ty, enzyme_dup, out, tout, enzyme_const, M);
  for (int k = 0; k < K; k++) { g[2 * k] = dp[k].a; g[2 * k + 1] = dp[k].b; g[2 * K + k] = dv[k].scale; }
  for (int k = 0; k < P; k++) {
    double keep = u[k];
    u[k] = keep + h; double up = loss(u, wy, wo);
    u[k] = keep - h; double down = loss(u, wy, wo);
    u[k] = keep;
    check("gradient", k, g[k], (up - down) / (2 * h));
  }
  for (int i = 0; i < N; i++) { check("dy consumed", i, dy[i], 0.0); directional += wy[i] * ty[i]; }
  for (int i = 0; i < N * M; i++) directional += wo[i] * tout[i];
  double up[P], down[P];
  for (int k = 0; k < P; k++) { up[k] = u[k] + h * t[k]; down[k] = u[k] - h * t[k]; }
  check("forward", 0, directional, (loss(up, wy, wo) - loss(down, wy, wo)) / (2 * h));
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
