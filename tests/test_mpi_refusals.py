"""MPI calls without a derivative rule, or with arguments the rules do not
cover, are refused, located, in both modes: enzyme-opt exits 1 with a
`file.c:LINE:COL: error:` saying what, never a derivative without them.
The differentiated calls are tested numerically by tests/e2e/mpi/."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

FUNCTIONS = """\
#include <mpi.h>
void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
static void my_op(void *in, void *inout, int *len, MPI_Datatype *t) {}
double with_max(double *x) {
  double m;
  MPI_Allreduce(x, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return m;
}
double with_user_op(double *x) {
  MPI_Op op;
  MPI_Op_create(my_op, 1, &op);
  double m;
  MPI_Allreduce(x, &m, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
  return m;
}
double with_bytes(double *x) {
  MPI_Bcast(x, 8, MPI_BYTE, 0, MPI_COMM_WORLD);
  return x[0] * x[0];
}
double with_in_place(double *x) {
  MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return x[0] * x[0];
}
double from_anyone(double *x) {
  MPI_Recv(x, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return x[0] * x[0];
}
double gathered(double *x) {
  double all[4];
  MPI_Allgather(x, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, MPI_COMM_WORLD);
  return all[0] * all[1];
}
double sent_synchronously(double *x) {
  MPI_Ssend(x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  return x[0];
}
double exchanged(double *x) {
  MPI_Request r[2];
  double in;
  MPI_Irecv(&in, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  return in * x[0];
}
double x[4], dx[4];
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  CALL;
  MPI_Finalize();
  return 0;
}
"""

# function: what the message says
CASES = {
    "with_max": r"'MPI_Allreduce': the reduction MPI_MAX has no derivative rule here",
    "with_user_op": r"'MPI_Allreduce': its reduction operation is not a predefined one",
    "with_bytes": r"'MPI_Bcast': its datatype 'ompi_mpi_byte' is not one whose derivative",
    "with_in_place": r"'MPI_Allreduce': MPI_IN_PLACE \(its sendbuf\) is not differentiated",
    "from_anyone": r"'MPI_Recv': MPI_ANY_SOURCE",
    "gathered": r"'MPI_Allgather' \(no derivative rule yet\), which implements an MPI",
    "sent_synchronously": r"'MPI_Ssend' \(no derivative rule yet\), which implements an MPI",
    "exchanged": r"'MPI_(Irecv|Isend|Waitall)' \(no derivative rule yet\), which implements",
}


@pytest.mark.parametrize("version,opt", [("19", "-O0"), ("19", "-O2"), ("14", "-O1")])
@pytest.mark.parametrize("mode", ["autodiff", "fwddiff"])
@pytest.mark.parametrize("function", sorted(CASES))
def test_mpi_call_is_refused(function, mode, version, opt, tmp_path):
    clang, mpicc = shutil.which(f"clang-{version}"), shutil.which("mpicc")
    if clang is None or mpicc is None:
        pytest.skip(f"clang-{version} or MPI (mpicc) is not installed")
    include = subprocess.run([mpicc, "-showme:compile"], capture_output=True, text=True,
                             check=True).stdout.split()
    source = tmp_path / "calls.c"
    source.write_text(FUNCTIONS.replace("CALL", f"__enzyme_{mode}((void *){function}, x, dx)"))
    ll, out = tmp_path / "calls.ll", tmp_path / "out.ll"
    subprocess.run([clang, opt, "-g", *include, "-S", "-emit-llvm", str(source), "-o", str(ll)],
                   check=True, capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert re.search(r"calls\.c:\d+:\d+: error: cannot differentiate call to " + CASES[function],
                     proc.stderr), proc.stderr
    assert not out.exists()
