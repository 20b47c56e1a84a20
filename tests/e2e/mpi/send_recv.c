// MPI_Send and MPI_Recv between two ranks (each sends to the other, in
// opposite orders), and an MPI_FLOAT allreduce, inside the differentiated
// function, in reverse and forward mode.  Checked by central differences of
// the sum of both ranks' results, one rank's input moved at a time.
// MPI_RANKS: 2
#include <math.h>
#include <mpi.h>
#include <stdio.h>

void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 3 };

double swap(const double *x, int n) {
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

static double all_ranks(double mine) {
  double total;
  MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

static int close_to(double got, double want) {
  return fabs(got - want) <= 2e-3 * (1 + fabs(want));    // a float in the path
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double x[N], dx[N] = {0}, v[N], h = 1e-3;
  for (int i = 0; i < N; i++) {
    x[i] = 0.4 + 0.3 * i + 0.2 * rank;
    v[i] = 0.7 - 0.2 * i - 0.3 * rank;
  }
  __enzyme_autodiff((void *)swap, x, dx, N);
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < N; i++) {      // both ranks call, rank r moves x[i]
      double keep = x[i], step = rank == r ? h : 0;
      x[i] = keep + step;
      double up = all_ranks(swap(x, N));
      x[i] = keep - step;
      double down = all_ranks(swap(x, N));
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
  double t = __enzyme_fwddiff((void *)swap, x, v, N);
  double want = (swap(xp, N) - swap(xm, N)) / (2 * h);
  if (!close_to(t, want)) {
    printf("MISMATCH rank %d tangent: got %.12g, want %.12g\n", rank, t, want);
    bad = 1;
  }
  MPI_Finalize();
  return bad;
}
