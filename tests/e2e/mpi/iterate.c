// MPI calls in a loop: an allreduce of a state every step needs, and a
// broadcast of a heap buffer from a root that changes with the step, so the
// reverse pass needs each step's root back.  Reverse and forward mode,
// checked by central differences (central.h).
// MPI_RANKS: 1 2
#include <stdlib.h>

#include "central.h"

void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 3 };

double iterate(double *x, int n) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double state[2] = {x[0], x[1] * x[2]}, sum[2];
  for (int step = 0; step < n; step++) {
    MPI_Allreduce(state, sum, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    state[0] = sin(sum[0]) * x[step];
    state[1] = sum[1] * sum[0] * 0.5;
    double *buf = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++) buf[i] = state[0] * i + x[i];
    MPI_Bcast(buf, n, MPI_DOUBLE, step % size, MPI_COMM_WORLD);
    state[1] += buf[n - 1];
    free(buf);
  }
  return state[0] * state[1];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double x[N], dx[N] = {0}, v[N];
  starting_point(x, v, N);
  __enzyme_autodiff((void *)iterate, x, dx, N);
  int bad = check_gradient(iterate, x, dx, N, 1e-6, 1e-6);
  double t = __enzyme_fwddiff((void *)iterate, x, v, N);
  bad |= check_tangent(iterate, x, v, t, N, 1e-6, 1e-6);
  MPI_Finalize();
  return bad;
}
