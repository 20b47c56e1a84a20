// ADBench's hand tracking, written from its definition: a skinned hand mesh
// (22 bones, 10000 vertices, generated deterministically) posed by 26
// parameters theta, matched to 10000 observed points.
//
//   pose:      bone b gets Euler angles (a, c, 0) from theta: the proximal
//              bone of finger f (abduction theta[6 + 4f], flexion
//              theta[7 + 4f]), its middle and distal bones (flexion
//              theta[8 + 4f], theta[9 + 4f]); wrist, palm and metacarpals none.
//   transform: relative_b = base_relative_b * rotation(angles_b),
//              absolute_b = absolute_parent(b) * relative_b,
//              skinning_b = absolute_b * inverse_base_absolute_b
//              (3x4 affine matrices: rotation | translation).
//   vertex v:  p_v = sum_b weight_vb skinning_b [base_v; 1], then the global
//              pose: rotate by the angle-axis theta[0..2] (Rodrigues), add
//              theta[3..5].
//   residual:  point_i - p_(correspondence i); objective 0.5 |residual|^2.
//
// ADBench asks for the Jacobian of the residuals; this benchmark measures
// the gradient of the least-squares objective (J^T r: one reverse sweep),
// w.r.t. theta.  The mesh and the points are constant.
#include "bench.h"

void __enzyme_autodiff(void *, ...);

enum { NB = 22, NV = 10000, NP = 10000, NTHETA = 26 };

// Bone 0 the wrist, 1 the palm, then per finger: metacarpal, proximal,
// middle, distal (parents come before their children).
static const int parent[NB] = {-1, 0, 1, 2, 3, 4, 1, 6, 7, 8, 1, 10, 11, 12,
                               1, 14, 15, 16, 1, 18, 19, 20};

// out = a * b for affine 3x4 matrices (row-major, [R | t]).
static void affine_mul(const double *a, const double *b, double *out) {
  for (int r = 0; r < 3; r++) {
    for (int c = 0; c < 4; c++) {
      double s = c == 3 ? a[r * 4 + 3] : 0.0;
      for (int k = 0; k < 3; k++) s += a[r * 4 + k] * b[k * 4 + c];
      out[r * 4 + c] = s;
    }
  }
}

// Rotation about x by a (flexion), then about z by c (abduction): Rz(c) Rx(a).
static void euler_rotation(double a, double c, double *m) {
  double ca = cos(a), sa = sin(a), cc = cos(c), sc = sin(c);
  double r[12] = {cc, -sc * ca, sc * sa, 0.0, sc, cc * ca, -cc * sa, 0.0, 0.0, sa, ca, 0.0};
  for (int k = 0; k < 12; k++) m[k] = r[k];
}

static void bone_angles(const double *theta, int b, double *a, double *c) {
  *a = *c = 0.0;
  if (b < 2) return;
  int f = (b - 2) / 4, j = (b - 2) % 4;
  if (j == 1) *c = theta[6 + 4 * f], *a = theta[7 + 4 * f];
  if (j >= 2) *a = theta[6 + 4 * f + j];
}

__attribute__((noinline)) double hand_objective(const double *theta, const double *base_rel,
                                                const double *inv_base_abs,
                                                const double *weights, const double *base_pos,
                                                const double *points, const int *corr) {
  double absolute[NB * 12], skin[NB * 12];
  for (int b = 0; b < NB; b++) {
    double rot[12], rel[12], a, c;
    bone_angles(theta, b, &a, &c);
    euler_rotation(a, c, rot);
    affine_mul(base_rel + b * 12, rot, rel);
    if (parent[b] < 0)
      for (int k = 0; k < 12; k++) absolute[b * 12 + k] = rel[k];
    else
      affine_mul(absolute + parent[b] * 12, rel, absolute + b * 12);
    affine_mul(absolute + b * 12, inv_base_abs + b * 12, skin + b * 12);
  }
  double t2 = theta[0] * theta[0] + theta[1] * theta[1] + theta[2] * theta[2];
  double t = sqrt(t2 + 1e-300), ct = cos(t), st = sin(t);
  double k[3] = {theta[0] / t, theta[1] / t, theta[2] / t};
  double total = 0.0;
  for (int i = 0; i < NP; i++) {
    const double *x = base_pos + 3 * corr[i], *w = weights + (long)corr[i] * NB;
    double p[3] = {0.0, 0.0, 0.0};
    for (int b = 0; b < NB; b++) {
      const double *s = skin + b * 12;
      for (int r = 0; r < 3; r++)
        p[r] += w[b] * (s[r * 4] * x[0] + s[r * 4 + 1] * x[1] + s[r * 4 + 2] * x[2] +
                        s[r * 4 + 3]);
    }
    double kp = (k[0] * p[0] + k[1] * p[1] + k[2] * p[2]) * (1.0 - ct);
    double kxp[3] = {k[1] * p[2] - k[2] * p[1], k[2] * p[0] - k[0] * p[2],
                     k[0] * p[1] - k[1] * p[0]};
    for (int r = 0; r < 3; r++) {
      double q = p[r] * ct + kxp[r] * st + k[r] * kp + theta[3 + r];
      double e = points[3 * i + r] - q;
      total += 0.5 * e * e;
    }
  }
  return total;
}

static double *theta, *dtheta, *base_rel, *inv_base_abs, *weights, *base_pos, *points;
static int *corr;

static double objective(void) {
  return hand_objective(theta, base_rel, inv_base_abs, weights, base_pos, points, corr);
}

static void zero_shadows(void) { memset(dtheta, 0, NTHETA * sizeof *dtheta); }

static void gradient(void) {
  __enzyme_autodiff((void *)hand_objective, enzyme_dup, theta, dtheta, enzyme_const, base_rel,
                    enzyme_const, inv_base_abs, enzyme_const, weights, enzyme_const, base_pos,
                    enzyme_const, points, enzyme_const, corr);
}

static int check(void) {
  static const int entries[] = {1, 4, 6, 11, 17, 25};   // rotation, translation, fingers
  int ok = 1;
  for (int e = 0; e < 6; e++) {
    char what[40];
    snprintf(what, sizeof what, "d f/d theta[%d]", entries[e]);
    ok &= bench_check_param(what, theta + entries[e], dtheta[entries[e]], objective, 1e-5,
                            1e-5, 1e-4);
  }
  return ok;
}

// A rest pose: each bone a small random rotation and an offset from its
// parent; the inverse base absolute transforms invert the composed rest
// transforms (rigid, so the inverse is [R^T | -R^T t]).
static void generate(void) {
  for (int b = 0; b < NB; b++) {
    double *m = base_rel + b * 12;
    euler_rotation(bench_uniform(-0.3, 0.3), bench_uniform(-0.3, 0.3), m);
    for (int r = 0; r < 3; r++) m[r * 4 + 3] = b == 0 ? 0.0 : bench_uniform(-1.0, 1.0);
  }
  double rest[NB * 12];
  for (int b = 0; b < NB; b++) {
    if (parent[b] < 0)
      memcpy(rest, base_rel, 12 * sizeof *rest);
    else
      affine_mul(rest + parent[b] * 12, base_rel + b * 12, rest + b * 12);
    const double *m = rest + b * 12;
    double *inv = inv_base_abs + b * 12;
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) inv[r * 4 + c] = m[c * 4 + r];
      inv[r * 4 + 3] = -(m[r] * m[3] + m[4 + r] * m[7] + m[8 + r] * m[11]);
    }
  }
  for (int v = 0; v < NV; v++) {  // a bone and its parent share each vertex
    double *w = weights + (long)v * NB;
    int b = (int)bench_uniform(0.0, NB);
    double share = parent[b] < 0 ? 1.0 : bench_uniform(0.5, 1.0);
    w[b] = share;
    if (parent[b] >= 0) w[parent[b]] = 1.0 - share;
  }
  bench_fill(base_pos, 3 * NV, -3.0, 3.0);
  bench_fill(points, 3 * NP, -4.0, 4.0);
  for (int i = 0; i < NP; i++) corr[i] = (int)(((long)i * 7919) % NV);
  bench_fill(theta, NTHETA, -0.4, 0.4);
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  theta = bench_alloc(NTHETA), dtheta = bench_alloc(NTHETA);
  base_rel = bench_alloc(NB * 12), inv_base_abs = bench_alloc(NB * 12);
  weights = bench_alloc((long)NV * NB), base_pos = bench_alloc(3 * NV);
  points = bench_alloc(3 * NP), corr = calloc(NP, sizeof *corr);
  generate();
  bench_program p = {"adbench_hand", NTHETA, objective, zero_shadows, gradient, check};
  return bench_main(mode, &p);
}
