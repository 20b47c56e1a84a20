// Linked lists on the heap.  The caller builds a list with malloc and a shadow
// list that mirrors it, in a different order of allocation.
//   sumlist = sum val_i^2                 d/dval_i = 2 val_i
//   scale_list(a): val_i *= a   seed s_i: dval_i = a s_i, d/da = sum val_i s_i
// build_and_sum mallocs its own list (pushing at the head), walks it and frees it:
//   f(x) = sum_i sin(x_i) / 2^i           df/dx_i = cos(x_i) / 2^i
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct node { double val; struct node *next; };
double __enzyme_autodiff(void *, ...);

double sumlist(const struct node *n) {
  double s = 0.0;
  for (; n; n = n->next) s += n->val * n->val;
  return s;
}

void scale_list(struct node *n, double a) {
  for (; n; n = n->next) n->val *= a;
}

double build_and_sum(const double *x, int n) {
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *e = malloc(sizeof *e);
    e->val = sin(x[i]);
    e->next = head;
    head = e;
  }
  double s = 0.0;
  for (struct node *e = head; e; e = e->next) s = 0.5 * s + e->val;
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
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
  enum { N = 6 };
  struct node *p[N], *d[N];
  for (int i = N - 1; i >= 0; i--) d[i] = calloc(1, sizeof(struct node));
  for (int i = 0; i < N; i++) p[i] = malloc(sizeof(struct node));
  for (int i = 0; i < N; i++) {
    p[i]->val = 1.5 - 0.6 * i;
    p[i]->next = i + 1 < N ? p[i + 1] : NULL;
    d[i]->next = i + 1 < N ? d[i + 1] : NULL;
  }
  __enzyme_autodiff((void *)sumlist, p[0], d[0]);
  for (int i = 0; i < N; i++) check("d sumlist/dval", i, d[i]->val, 2.0 * p[i]->val, 1e-15);
  double old[N], a = -1.75, want_da = 0.0;
  for (int i = 0; i < N; i++) {
    old[i] = p[i]->val;
    d[i]->val = 1.0 + i;
    want_da += old[i] * (1.0 + i);
  }
  double da = __enzyme_autodiff((void *)scale_list, p[0], d[0], a);
  for (int i = 0; i < N; i++) {
    check("primal scaled", i, p[i]->val, a * old[i], 1e-15);
    check("d scale_list/dval", i, d[i]->val, a * (1.0 + i), 1e-15);
  }
  check("d scale_list/da", 0, da, want_da, 1e-14);
  for (int i = 0; i < N; i++) free(p[i]), free(d[i]);

  enum { M = 9 };
  double x[M], dx[M] = {0};
  for (int i = 0; i < M; i++) x[i] = 0.35 * i - 1.1;
  __enzyme_autodiff((void *)build_and_sum, x, dx, M);
  for (int i = 0; i < M; i++) check("d build_and_sum/dx", i, dx[i], cos(x[i]) * pow(0.5, i), 1e-14);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
