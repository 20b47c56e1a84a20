// MPI_Allreduce (MPI_SUM, MPI_DOUBLE) inside the differentiated function, in
// reverse and forward mode.  Each rank's result is seeded with 1, so a rank's
// gradient is that of the sum of all ranks' results: checked by central
// differences of that sum, one rank's input moved at a time.
// MPI_RANKS: 1 2
#include <math.h>
#include <mpi.h>
#include <stdio.h>

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

static double all_ranks(double mine) {
  double total;
  MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

static int close_to(double got, double want) {
  return fabs(got - want) <= 1e-6 * (1 + fabs(want));
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double x[N], dx[N] = {0}, m[2], dm[2] = {0}, v[N], h = 1e-6;
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 + 0.2 * i + 0.1 * rank;
    v[i] = 0.5 - 0.1 * i + 0.2 * rank;
  }
  __enzyme_autodiff((void *)energy, x, dx, m, dm, N);
  for (int r = 0; r < size; r++)
    for (int i = 0; i < N; i++) {      // every rank calls, rank r moves x[i]
      double keep = x[i], step = rank == r ? h : 0;
      x[i] = keep + step;
      double up = all_ranks(energy(x, m, N));
      x[i] = keep - step;
      double down = all_ranks(energy(x, m, N));
      x[i] = keep;
      double want = (up - down) / (2 * h);
      if (rank == r && !close_to(dx[i], want)) {
        printf("MISMATCH rank %d dx[%d]: got %.12g, want %.12g\n", rank, i, dx[i], want);
        bad = 1;
      }
    }
  // forward: every rank moves its input along its own v at once
  double xp[N], xm[N];
  for (int i = 0; i < N; i++) {
    xp[i] = x[i] + h * v[i];
    xm[i] = x[i] - h * v[i];
  }
  double dm2[2] = {0}, t = __enzyme_fwddiff((void *)energy, x, v, m, dm2, N);
  double want = (energy(xp, m, N) - energy(xm, m, N)) / (2 * h);
  if (!close_to(t, want)) {
    printf("MISMATCH rank %d tangent: got %.12g, want %.12g\n", rank, t, want);
    bad = 1;
  }
  MPI_Finalize();
  return bad;
}
