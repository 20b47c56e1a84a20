// MPI calls in a split derivative (__enzyme_augmentfwd, then
// __enzyme_reverse after the input changed: the reverse reads its tape, not
// x) and in a batched tangent of two directions, checked by central
// differences (central.h).
// MPI_RANKS: 1 2
#include "central.h"

extern int enzyme_const, enzyme_width;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
typedef struct { double a, b; } D2;
D2 __enzyme_fwddiff(void *, ...);

enum { N = 3 };

double smooth(double *x, int n) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double acc = 0, sum;
  for (int step = 0; step < n; step++) {
    double mine = cos(x[step]) * (acc + 1);
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    acc += sum * x[(step + rank) % n];
  }
  return acc * acc;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double x[N], dx[N] = {0}, v[N], v2[2 * N];
  starting_point(x, v, N);
  void *tape = __enzyme_augmentfwd((void *)smooth, x, dx, enzyme_const, N);
  x[0] += 100;     // the reverse must not read x again
  __enzyme_reverse((void *)smooth, x, dx, enzyme_const, N, 1.0, tape);
  x[0] -= 100;
  int bad = check_gradient(smooth, x, dx, N, 1e-6, 1e-6);
  for (int i = 0; i < N; i++) {
    v2[i] = v[i];
    v2[N + i] = 2 * v[i];
  }
  D2 t = __enzyme_fwddiff((void *)smooth, enzyme_width, 2, x, v2, v2 + N, enzyme_const, N);
  bad |= check_tangent(smooth, x, v, t.a, N, 1e-6, 1e-6);
  bad |= check_tangent(smooth, x, v, t.b / 2, N, 1e-6, 1e-6);
  MPI_Finalize();
  return bad;
}
