// Records (structs of one double) stored back to back in byte buffers and
// moved by assignment, in functions that never compute with them.
// clang -O2 moves each double as an integer (`load i64` / `store i64`,
// or `<2 x i64>` vectors) at a byte offset into the buffer: only the TBAA
// tag on those accesses says the bytes are a double.  (When optimizing,
// main hides the buffers' identity from the analysis, as if they came from
// another file; at -O0, where there is no TBAA, what main stores in them
// tells the type.)  The derivative is right only because type analysis
// reads TBAA.
//   mirror: record i of dst = record n-1-i of src; dst's seeds flow back,
//           mirrored, to src, and are consumed.
//   rotate: records shift down by one in place, the first moving last.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { double v; } W;
void __enzyme_autodiff(void *, ...);

static W *rec(char *buf, long k) { return (W *)(buf + k * (long)sizeof(W)); }

void mirror(char *dst, char *src, int n) {
  for (int i = 0; i < n; i++) *rec(dst, i) = *rec(src, n - 1 - i);
}

void rotate(char *buf, int n) {
  W first = *rec(buf, 0);
  for (int i = 0; i + 1 < n; i++) *rec(buf, i) = *rec(buf, i + 1);
  *rec(buf, n - 1) = first;
}

static char *hidden(char *p) {
#ifdef __OPTIMIZE__
  __asm__ volatile("" : "+r"(p));
#endif
  return p;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-15 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 9 };
  char *a = malloc(N * sizeof(W)), *da = malloc(N * sizeof(W));
  char *b = malloc(N * sizeof(W)), *db = malloc(N * sizeof(W));
  for (int i = 0; i < N; i++) {
    rec(a, i)->v = 0.5 + i, rec(da, i)->v = 0.25;
    rec(b, i)->v = 0.0, rec(db, i)->v = 1.0 + i;
  }
  __enzyme_autodiff((void *)mirror, hidden(b), hidden(db), hidden(a), hidden(da), N);
  for (int i = 0; i < N; i++) {
    check("mirror b", i, rec(b, i)->v, 0.5 + (N - 1 - i));
    check("mirror da", i, rec(da, i)->v, 0.25 + (N - i));
    check("mirror db consumed", i, rec(db, i)->v, 0.0);
  }
  for (int i = 0; i < N; i++) rec(da, i)->v = 10.0 * i;
  __enzyme_autodiff((void *)rotate, hidden(a), hidden(da), N);
  for (int i = 0; i < N; i++) {
    check("rotate a", i, rec(a, i)->v, 0.5 + (i + 1) % N);
    check("rotate da", i, rec(da, i)->v, 10.0 * ((i + N - 1) % N));
  }
  free(a), free(da), free(b), free(db);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
