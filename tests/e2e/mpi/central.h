// Central differences for the MPI programs of this group.  In reverse mode
// every rank's result is seeded with 1, so a rank's gradient is that of the
// sum of all ranks' results; in forward mode each rank's tangent is that of
// its own result, every rank moving its input along its direction at once.
#include <math.h>
#include <mpi.h>
#include <stdio.h>

typedef double (*objective)(double *x, int n);

// A point x and a direction v that differ from rank to rank.
static void starting_point(double *x, double *v, int n) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < n; i++) {
    x[i] = 0.4 + 0.3 * i + 0.2 * rank;
    v[i] = 0.7 - 0.2 * i - 0.3 * rank;
  }
}

static double all_ranks(double mine) {
  double total;
  MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

static int mismatch(const char *what, int i, double got, double want, double tol) {
  if (fabs(got - want) <= tol * (1 + fabs(want)))
    return 0;
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("MISMATCH rank %d %s[%d]: got %.12g, want %.12g\n", rank, what, i, got, want);
  return 1;
}

// dx against the sum's central differences, one rank's x[i] moved at a time
// (every rank calls f each time: it communicates).
static int check_gradient(objective f, double *x, const double *dx, int n, double h,
                          double tol) {
  int rank, size, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int r = 0; r < size; r++)
    for (int i = 0; i < n; i++) {
      double keep = x[i], step = rank == r ? h : 0;
      x[i] = keep + step;
      double up = all_ranks(f(x, n));
      x[i] = keep - step;
      double down = all_ranks(f(x, n));
      x[i] = keep;
      if (rank == r)
        bad |= mismatch("dx", i, dx[i], (up - down) / (2 * h), tol);
    }
  return bad;
}

// tangent t of f at x along v against central differences (n <= 16)
static int check_tangent(objective f, const double *x, const double *v, double t, int n,
                         double h, double tol) {
  double xp[16], xm[16];
  for (int i = 0; i < n; i++) {
    xp[i] = x[i] + h * v[i];
    xm[i] = x[i] - h * v[i];
  }
  double up = f(xp, n), down = f(xm, n);
  return mismatch("tangent", 0, t, (up - down) / (2 * h), tol);
}
