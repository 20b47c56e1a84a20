// Pointer chasing through a heap-allocated binary tree with a shadow tree of
// the same shape (the usual way to differentiate w.r.t. data in nodes).
//   eval(t) = t->w * (eval(t->l) + eval(t->r)) for inner nodes, leaf value w
//   => product of weights along each root-to-leaf path, summed.
// Also a depth-first recursion with an accumulator pointer (void return).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct Node { double w; struct Node *l, *r; } Node;
void __enzyme_autodiff(void *, ...);

double eval(const Node *t) {
  if (!t->l) return t->w;
  return t->w * (eval(t->l) + eval(t->r));
}

void sumsq(const Node *t, double *acc) {
  if (!t) return;
  *acc += t->w * t->w;
  sumsq(t->l, acc);
  sumsq(t->r, acc);
}

static Node *build(Node *pool, int *next, int depth, double seed) {
  Node *n = &pool[(*next)++];
  n->w = seed;
  n->l = n->r = NULL;
  if (depth > 0) {
    n->l = build(pool, next, depth - 1, seed * 0.9 + 0.1);
    n->r = build(pool, next, depth - 1, seed * 1.1 - 0.2);
  }
  return n;
}

static void zero_copy_shape(const Node *t, Node *s) {  // s mirrors t
  s->w = 0.0;
  s->l = t->l ? s + (t->l - t) : NULL;
  s->r = t->r ? s + (t->r - t) : NULL;
}

static int failures;
static void check(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { M = 15 };
  Node *t = malloc(M * sizeof(Node)), *s = malloc(M * sizeof(Node));
  int next = 0;
  build(t, &next, 3, 1.3);
  for (int i = 0; i < M; i++) zero_copy_shape(&t[i], &s[i]);
  __enzyme_autodiff((void *)eval, t, s);
  for (int i = 0; i < M; i++) {
    double h = 1e-6, w = t[i].w;
    t[i].w = w + h; double fp = eval(t);
    t[i].w = w - h; double fm = eval(t);
    t[i].w = w;
    check("d eval/dw", i, s[i].w, (fp - fm) / (2 * h), 1e-6);
  }
  for (int i = 0; i < M; i++) s[i].w = 0.0;
  double acc = 0.0, dacc = 1.0;
  __enzyme_autodiff((void *)sumsq, t, s, &acc, &dacc);
  for (int i = 0; i < M; i++) check("d sumsq/dw", i, s[i].w, 2.0 * t[i].w, 1e-14);
  check("dacc kept", 0, dacc, 1.0, 0.0);
  free(t);
  free(s);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
