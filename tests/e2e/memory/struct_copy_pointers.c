// Structs holding a double and a pointer, copied by assignment.
//   walk: copies n nodes {w, next} into a local array (clang -O1+: one
//         memcpy of n*16 bytes) and returns sum w_i * next_i->w, reading
//         the copies' pointers: shadow pointers must be copied along at
//         bytes 8, 24, ..., and adjoints moved back only at bytes 0, 16, ...
//         df/dw_i = w_{i+1} + w_{i-1} for a ring.
//   vsum: *out = *in for {double *data; long n}, then sum data_i^2 through
//         out: the copied shadow pointer leads to d data_i = 2 data_i.
#include <math.h>
#include <stdio.h>

typedef struct Node { double w; struct Node *next; } Node;
typedef struct { double *data; long n; } Vec;
void __enzyme_autodiff(void *, ...);

double walk(const Node *nodes, int n) {
  Node local[8];
  for (int i = 0; i < n; i++) local[i] = nodes[i];
  double s = 0;
  for (int i = 0; i < n; i++) s += local[i].w * local[i].next->w;
  return s;
}

double vsum(Vec *out, const Vec *in) {
  *out = *in;
  double s = 0;
  for (long i = 0; i < out->n; i++) s += out->data[i] * out->data[i];
  return s;
}

static int failures;
static void check(const char *what, int i, double got, double want) {
  if (!(fabs(got - want) <= 1e-14 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

int main(void) {
  enum { N = 5 };
  Node nodes[N], dnodes[N];
  for (int i = 0; i < N; i++) {
    nodes[i].w = 1.0 + 0.5 * i, nodes[i].next = &nodes[(i + 1) % N];
    dnodes[i].w = 0.0, dnodes[i].next = &dnodes[(i + 1) % N];
  }
  __enzyme_autodiff((void *)walk, nodes, dnodes, N);
  for (int i = 0; i < N; i++) {
    check("walk dw", i, dnodes[i].w, nodes[(i + 1) % N].w + nodes[(i + N - 1) % N].w);
    check("walk shadow pointer kept", i, dnodes[i].next == &dnodes[(i + 1) % N], 1);
  }
  double data[3] = {1.0, -2.0, 0.5}, ddata[3] = {0.0};
  Vec in = {data, 3}, din = {ddata, 3}, out, dout;
  __enzyme_autodiff((void *)vsum, &out, &dout, &in, &din);
  for (int i = 0; i < 3; i++) check("vsum ddata", i, ddata[i], 2.0 * data[i]);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
