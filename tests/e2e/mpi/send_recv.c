// MPI_Send and MPI_Recv between two ranks (each sends to the other, in
// opposite orders), and an MPI_FLOAT allreduce, inside the differentiated
// function, in reverse and forward mode, checked by central differences
// (central.h).
// MPI_RANKS: 2
#include "central.h"

void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 3 };

double swap(double *x, int n) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int other = 1 - rank;
  double out[2] = {x[0] * x[1], sin(x[2])}, in[2];
  if (rank == 0) {
    MPI_Send(out, 2, MPI_DOUBLE, other, 7, MPI_COMM_WORLD);
    MPI_Recv(in, 2, MPI_DOUBLE, other, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(in, 2, MPI_DOUBLE, other, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(out, 2, MPI_DOUBLE, other, 7, MPI_COMM_WORLD);
  }
  float mine = (float)x[n - 1], sum;
  MPI_Allreduce(&mine, &sum, 1, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  return in[0] * x[0] + in[1] * in[1] * x[1] + (double)sum * sum;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double x[N], dx[N] = {0}, v[N];
  starting_point(x, v, N);
  __enzyme_autodiff((void *)swap, x, dx, N);
  int bad = check_gradient(swap, x, dx, N, 1e-3, 2e-3);
  double t = __enzyme_fwddiff((void *)swap, x, v, N);
  bad |= check_tangent(swap, x, v, t, N, 1e-3, 2e-3);
  MPI_Finalize();
  return bad;
}
