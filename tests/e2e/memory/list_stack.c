// A linked list built on the stack, with a shadow list that mirrors it (each
// shadow node's next points to the next shadow node).
//   sumlist = sum val_i^2                  d/dval_i = 2 val_i
//   horner(t) = (..(val_0 t + val_1) t + ..) + val_{n-1}
//     d/dval_i = t^(n-1-i),  d/dt = sum_i (n-1-i) val_i t^(n-2-i)
#include <math.h>
#include <stdio.h>

struct node { double val; struct node *next; };
double __enzyme_autodiff(void *, ...);

double sumlist(const struct node *n) {
  double s = 0.0;
  for (; n; n = n->next) s += n->val * n->val;
  return s;
}

double horner(const struct node *n, double t) {
  double s = 0.0;
  for (; n; n = n->next) s = s * t + n->val;
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 7 };
  struct node list[N], shadow[N];
  for (int i = 0; i < N; i++) {
    list[i].val = 0.5 * i - 1.25;
    list[i].next = i + 1 < N ? &list[i + 1] : NULL;
    shadow[i].val = 0.0;
    shadow[i].next = i + 1 < N ? &shadow[i + 1] : NULL;
  }
  __enzyme_autodiff((void *)sumlist, list, shadow);
  for (int i = 0; i < N; i++) {
    check("d sumlist/dval", i, shadow[i].val, 2.0 * list[i].val, 1e-15);
    check("shadow next unchanged", i, shadow[i].next == (i + 1 < N ? &shadow[i + 1] : NULL), 1, 0);
    shadow[i].val = 0.0;
  }
  const double t = 0.8;
  double dt = __enzyme_autodiff((void *)horner, list, shadow, t), want_dt = 0.0;
  for (int i = 0; i < N; i++) {
    int p = N - 1 - i;
    check("d horner/dval", i, shadow[i].val, pow(t, p), 1e-14);
    if (p > 0) want_dt += p * list[i].val * pow(t, p - 1);
  }
  check("d horner/dt", 0, dt, want_dt, 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
