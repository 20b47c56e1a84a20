// MPI_Allreduce (MPI_SUM, MPI_DOUBLE) inside the differentiated function, in
// reverse and forward mode, checked by central differences (central.h).
// MPI_RANKS: 1 2
#include "central.h"

void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 3 };

double energy(const double *x, double *moments, int n) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double local[2] = {0, 0};
  for (int i = 0; i < n; i++) {
    local[0] += sin(x[i]) * (rank + 1);
    local[1] += x[i] * x[i];
  }
  MPI_Allreduce(local, moments, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return moments[0] * moments[1] + x[0] * moments[0];
}

static double energy_only(double *x, int n) {
  double moments[2];
  return energy(x, moments, n);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double x[N], dx[N] = {0}, m[2], dm[2] = {0}, v[N], dm2[2] = {0};
  starting_point(x, v, N);
  __enzyme_autodiff((void *)energy, x, dx, m, dm, N);
  int bad = check_gradient(energy_only, x, dx, N, 1e-6, 1e-6);
  double t = __enzyme_fwddiff((void *)energy, x, v, m, dm2, N);
  bad |= check_tangent(energy_only, x, v, t, N, 1e-6, 1e-6);
  MPI_Finalize();
  return bad;
}
