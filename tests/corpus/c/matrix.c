// Dense linear algebra kernels: matmul, transpose, LU without pivoting.
void matmul(int n, const double *A, const double *B, double *C) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += A[i * n + k] * B[k * n + j];
            C[i * n + j] = s;
        }
}

void transpose(int n, double M[n][n]) {
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) { double t = M[i][j]; M[i][j] = M[j][i]; M[j][i] = t; }
}

void lu(int n, double *A) {
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) {
            A[i * n + k] /= A[k * n + k];
            for (int j = k + 1; j < n; j++) A[i * n + j] -= A[i * n + k] * A[k * n + j];
        }
}

static float fixed[4][4] = { { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 }, { 0, 0, 0, 1 } };
float trace(void) { float t = 0; for (int i = 0; i < 4; i++) t += fixed[i][i]; return t; }
