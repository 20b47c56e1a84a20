// A message received into memory without derivatives (an enzyme_const
// argument's), then an exchange of active values on the same source and tag:
// the sender's derivative message for the first must be matched by the first
// receive's own derivative receive, not by the second's.  Reverse and
// forward mode, checked by central differences (central.h).
// MPI_RANKS: 2
#include "central.h"

extern int enzyme_const;
void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 3 };
static double unused[2];

double relay(double *x, double *inactive, int n) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double out[2] = {x[0] * x[1], x[2]}, in[2];
  if (rank == 0) {
    MPI_Send(out, 2, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD);
    MPI_Send(out, 2, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD);
    MPI_Recv(in, 2, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(inactive, 2, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(in, 2, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    out[0] += in[0] * in[1];
    MPI_Send(out, 2, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD);
  }
  return in[0] * in[1] + sin(x[n - 1]);
}

static double relay_only(double *x, int n) { return relay(x, unused, n); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double x[N], dx[N] = {0}, v[N];
  starting_point(x, v, N);
  __enzyme_autodiff((void *)relay, x, dx, enzyme_const, unused, N);
  int bad = check_gradient(relay_only, x, dx, N, 1e-6, 1e-6);
  double t = __enzyme_fwddiff((void *)relay, x, v, enzyme_const, unused, N);
  bad |= check_tangent(relay_only, x, v, t, N, 1e-6, 1e-6);
  MPI_Finalize();
  return bad;
}
