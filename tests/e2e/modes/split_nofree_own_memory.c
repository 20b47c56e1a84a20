// enzyme_nofree keeps what the augmented forward allocated for the next
// reverse pass, but memory a reverse pass allocates and frees itself is its
// own: here a custom gradient's scratch block.  The enzyme_nofree copy of the
// reverse pass dropped every free it reached, that one too, and leaked it at
// each call (memcheck47: 32 bytes per element per call at clang -O0).  The
// rule's tape, allocated by its augmented rule and freed by its reverse rule,
// must still outlive the enzyme_nofree passes: the second reverse reads it.
//   loss(w) = sum_i softclip(w_i)^2,  softclip(x) = 3 tanh(x / 3)
//   dloss/dw_i = 2 softclip(w_i) (1 - tanh(w_i / 3)^2)
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int enzyme_const, enzyme_dup, enzyme_nofree;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

__attribute__((noinline)) double softclip(double x) { return 3.0 * tanh(x / 3.0); }
void *softclip_aug(double x) {              // the rule's tape: tanh(x / 3)
  double *t = malloc(sizeof(double));
  *t = tanh(x / 3.0);
  return t;
}
double softclip_rev(double x, double dret, void *tape) {
  (void)x;
  double *scratch = malloc(4 * sizeof(double));   // the rule's own, freed here
  scratch[0] = *(double *)tape;
  scratch[1] = 1.0 - scratch[0] * scratch[0];
  double r = dret * 3.0 * scratch[1] / 3.0;
  free(scratch);
  free(tape);
  return r;
}
void *__enzyme_register_gradient_softclip[3] = {(void *)softclip, (void *)softclip_aug,
                                                (void *)softclip_rev};

double loss(double *w, int n) {
  double *h = malloc(n * sizeof(double));   // its free waits for the reverse pass
  for (int i = 0; i < n; i++) h[i] = softclip(w[i]);
  double s = 0.0;
  for (int i = 0; i < n; i++) s += h[i] * h[i];
  free(h);
  return s;
}

enum { N = 4, PASSES = 2000 };

static int check(const char *what, const double *w, const double *dw) {
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double t = tanh(w[i] / 3.0), want = 2.0 * 3.0 * t * (1.0 - t * t);
    if (!(fabs(dw[i] - want) <= 1e-13 * (1.0 + fabs(want))))
      bad++, printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, dw[i], want);
  }
  return bad;
}

int main(void) {
  double w[N] = {0.5, -1.5, 2.5, 4.0}, dw[N] = {0};
  int bad = 0;
  void *tape = __enzyme_augmentfwd((void *)loss, enzyme_dup, w, dw, enzyme_const, N);
  memset(dw, 0, sizeof dw);
  __enzyme_reverse((void *)loss, enzyme_nofree, enzyme_dup, w, dw, enzyme_const, N, 1.0, tape);
  bad += check("first reverse (enzyme_nofree)", w, dw);
  size_t before = mallinfo2().uordblks;
  for (int k = 0; k < PASSES; k++) {
    memset(dw, 0, sizeof dw);
    __enzyme_reverse((void *)loss, enzyme_nofree, enzyme_dup, w, dw, enzyme_const, N, 1.0, tape);
  }
  size_t grown = mallinfo2().uordblks - before;
  bad += check("repeated reverse (enzyme_nofree)", w, dw);
  if (grown > 4096)
    bad++, printf("MISMATCH %d enzyme_nofree reverse passes kept %zu bytes\n", PASSES, grown);
  memset(dw, 0, sizeof dw);
  __enzyme_reverse((void *)loss, enzyme_dup, w, dw, enzyme_const, N, 1.0, tape);
  bad += check("last reverse", w, dw);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
