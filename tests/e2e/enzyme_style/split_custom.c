// Split mode around a function that calls a helper with a custom gradient,
// registered via __enzyme_register_gradient_*:
//   softclip(x) = c * tanh(x / c) (custom gradient returns the exact value)
//   loss(w, n) = sum_i softclip(w_i)^2
//   augmentfwd returns the tape, reverse takes (w, dw, n, dret, tape).
#include <math.h>
#include <stdio.h>

extern int enzyme_const;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
double __enzyme_autodiff(void *, ...);

static int custom_used;
__attribute__((noinline)) double softclip(double x) { return 3.0 * tanh(x / 3.0); }
void *softclip_aug(double x) { (void)x; return NULL; }
double softclip_rev(double x, double dret, void *tape) {
  (void)tape;
  custom_used++;
  double t = tanh(x / 3.0);
  return dret * (1.0 - t * t);
}
void *__enzyme_register_gradient_softclip[3] = {(void *)softclip, (void *)softclip_aug,
                                                (void *)softclip_rev};

double loss(const double *w, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    double c = softclip(w[i]);
    s += c * c;
  }
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-13 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 4 };
  double w[N] = {0.5, -1.5, 2.5, 4.0}, dw[N] = {0}, dw2[N] = {0};
  void *tape = __enzyme_augmentfwd((void *)loss, w, dw, enzyme_const, N);
  __enzyme_reverse((void *)loss, w, dw, enzyme_const, N, 2.0, tape);
  __enzyme_autodiff((void *)loss, w, dw2, N);
  for (int i = 0; i < N; i++) {
    double t = tanh(w[i] / 3.0), want = 2.0 * 3.0 * t * (1.0 - t * t);
    check("split dloss/dw", i, dw[i], 2.0 * want);
    check("autodiff dloss/dw", i, dw2[i], want);
  }
  if (custom_used != 2 * N) {
    printf("MISMATCH custom gradient calls: got %d, want %d\n", custom_used, 2 * N);
    failures++;
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
