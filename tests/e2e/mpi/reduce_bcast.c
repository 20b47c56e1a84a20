// MPI_Reduce to a root, a nonlinear step on the root, MPI_Bcast of its result
// (and an MPI_INT broadcast, which carries no derivative), inside the
// differentiated function, in reverse and forward mode.  Checked by central
// differences of the sum of all ranks' results, one rank's input moved at a time.
// MPI_RANKS: 1 2
#include <math.h>
#include <mpi.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 3 };

double spread(const double *x, int n) {
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
  double x[N], dx[N] = {0}, v[N], h = 1e-6;
  for (int i = 0; i < N; i++) {
    x[i] = 0.4 + 0.3 * i + 0.2 * rank;
    v[i] = 0.7 - 0.2 * i - 0.3 * rank;
  }
  __enzyme_autodiff((void *)spread, x, dx, N);
  for (int r = 0; r < size; r++)
    for (int i = 0; i < N; i++) {      // every rank calls, rank r moves x[i]
      double keep = x[i], step = rank == r ? h : 0;
      x[i] = keep + step;
      double up = all_ranks(spread(x, N));
      x[i] = keep - step;
      double down = all_ranks(spread(x, N));
      x[i] = keep;
      double want = (up - down) / (2 * h);
      if (rank == r && !close_to(dx[i], want)) {
        printf("MISMATCH rank %d dx[%d]: got %.12g, want %.12g\n", rank, i, dx[i], want);
        bad = 1;
      }
    }
  double xp[N], xm[N];
  for (int i = 0; i < N; i++) {
    xp[i] = x[i] + h * v[i];
    xm[i] = x[i] - h * v[i];
  }
  double t = __enzyme_fwddiff((void *)spread, x, v, N);
  double want = (spread(xp, N) - spread(xm, N)) / (2 * h);
  if (!close_to(t, want)) {
    printf("MISMATCH rank %d tangent: got %.12g, want %.12g\n", rank, t, want);
    bad = 1;
  }
  MPI_Finalize();
  return bad;
}
