// MPI_Reduce to a root, a nonlinear step on the root, MPI_Bcast of its result
// (and an MPI_INT broadcast, which carries no derivative), inside the
// differentiated function, in reverse and forward mode, checked by central
// differences (central.h).
// MPI_RANKS: 1 2
#include "central.h"

void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 3 };

double spread(double *x, int n) {
  int rank, last = n - 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast(&last, 1, MPI_INT, 0, MPI_COMM_WORLD);
  double mine[2] = {0, x[0]}, total[2], scale = x[1] * x[1];   // overwritten
  for (int i = 0; i < n; i++) mine[0] += x[i] * x[i] * (rank + 1);
  MPI_Reduce(mine, total, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) scale = sqrt(total[0]) + total[1] * total[1];
  MPI_Bcast(&scale, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return scale * x[last] + cos(x[0]);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double x[N], dx[N] = {0}, v[N];
  starting_point(x, v, N);
  __enzyme_autodiff((void *)spread, x, dx, N);
  int bad = check_gradient(spread, x, dx, N, 1e-6, 1e-6);
  double t = __enzyme_fwddiff((void *)spread, x, v, N);
  bad |= check_tangent(spread, x, v, t, N, 1e-6, 1e-6);
  MPI_Finalize();
  return bad;
}
