// ADBench's bundle adjustment, written from its definition, at the size of
// its ba1 instance (49 cameras, 7776 points, 31843 observations; the data
// are generated here, deterministically).  A camera has 11 parameters:
// rotation as an angle-axis vector r, centre C, focal length f, principal
// point x0 and radial distortion k1, k2.  Observation i of point X by camera
// c, with weight w_i and measured feature m_i, has the residuals
//
//   reprojection: w_i (f distort(p) + x0 - m_i),  p = (Y_0 / Y_2, Y_1 / Y_2),
//                 Y = rotate(r, X - C),  distort(p) = p (1 + k1 |p|^2 + k2 |p|^4)
//   weight:       1 - w_i^2
//
// "Objective" computes every residual; "gradient" the sparse Jacobian, whose
// two reprojection rows of an observation (15 columns: camera, point, weight)
// are two reverse sweeps of a small gradient, called 2 x 31843 times, and the
// weight row one more (31843 calls).
#include "bench.h"

void __enzyme_autodiff(void *, ...);
double __enzyme_autodiff_scalar(void *, ...);

enum { NCAM = 49, NPT = 7776, NOBS = 31843, NCP = 11, NCOL = NCP + 3 + 1 };

static void cross(const double *a, const double *b, double *out) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

// Rodrigues' formula: X rotated by |r| about r / |r| (first order near 0).
static void rotate(const double *r, const double *v, double *out) {
  double t2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  double rxv[3];
  if (t2 > 1e-30) {
    double t = sqrt(t2), c = cos(t), s = sin(t);
    double k[3] = {r[0] / t, r[1] / t, r[2] / t};
    double kxv[3];
    cross(k, v, kxv);
    double kv = (k[0] * v[0] + k[1] * v[1] + k[2] * v[2]) * (1.0 - c);
    for (int j = 0; j < 3; j++) out[j] = v[j] * c + kxv[j] * s + k[j] * kv;
  } else {
    cross(r, v, rxv);
    for (int j = 0; j < 3; j++) out[j] = v[j] + rxv[j];
  }
}

__attribute__((noinline)) void reprojection_error(const double *cam, const double *X,
                                                  const double *w, const double *feat,
                                                  double *err) {
  double v[3], y[3];
  for (int j = 0; j < 3; j++) v[j] = X[j] - cam[3 + j];
  rotate(cam, v, y);
  double p0 = y[0] / y[2], p1 = y[1] / y[2];
  double rsq = p0 * p0 + p1 * p1;
  double l = 1.0 + cam[9] * rsq + cam[10] * rsq * rsq;
  err[0] = *w * (cam[6] * p0 * l + cam[7] - feat[0]);
  err[1] = *w * (cam[6] * p1 * l + cam[8] - feat[1]);
}

__attribute__((noinline)) double weight_error(double w) { return 1.0 - w * w; }

static double *cams, *pts, *ws, *feats, *err, *werr, *jac, *jacw;
static int *obs_cam, *obs_pt;

static double objective(void) {
  for (int i = 0; i < NOBS; i++)
    reprojection_error(cams + obs_cam[i] * NCP, pts + obs_pt[i] * 3, ws + i, feats + 2 * i,
                       err + 2 * i);
  for (int i = 0; i < NOBS; i++) werr[i] = weight_error(ws[i]);
  return err[5] + werr[5];
}

extern int enzyme_width;

// Row `row` of observation i's Jacobian block: the gradient of err[row].
static void jacobian_row(int i, int row, double *out) {
  double seed[2] = {row == 0, row == 1}, e[2];
  memset(out, 0, NCOL * sizeof *out);
  __enzyme_autodiff((void *)reprojection_error, enzyme_dup, cams + obs_cam[i] * NCP, out,
                    enzyme_dup, pts + obs_pt[i] * 3, out + NCP, enzyme_dup, ws + i,
                    out + NCP + 3, enzyme_const, feats + 2 * i, enzyme_dupnoneed, e, seed);
}

// Both rows at once (built with -DBA_BATCHED): one forward sweep and a
// reverse sweep of two lanes, seeded with the rows of the identity.
static void jacobian_block(int i, double *out) {
  double seed0[2] = {1.0, 0.0}, seed1[2] = {0.0, 1.0}, e[2];
  double *out1 = out + NCOL;
  memset(out, 0, 2 * NCOL * sizeof *out);
  __enzyme_autodiff((void *)reprojection_error, enzyme_width, 2, enzyme_dup,
                    cams + obs_cam[i] * NCP, out, out1, enzyme_dup, pts + obs_pt[i] * 3,
                    out + NCP, out1 + NCP, enzyme_dup, ws + i, out + NCP + 3, out1 + NCP + 3,
                    enzyme_const, feats + 2 * i, enzyme_dupnoneed, e, seed0, seed1);
}

static void jacobian(void) {
  for (int i = 0; i < NOBS; i++) {
#ifdef BA_BATCHED
    jacobian_block(i, jac + (2L * i) * NCOL);
#else
    jacobian_row(i, 0, jac + (2L * i) * NCOL);
    jacobian_row(i, 1, jac + (2L * i + 1) * NCOL);
#endif
  }
  for (int i = 0; i < NOBS; i++)
    jacw[i] = __enzyme_autodiff_scalar((void *)weight_error, ws[i]);
}

static void generate(void) {
  for (int c = 0; c < NCAM; c++) {
    double *cam = cams + c * NCP;
    bench_fill(cam, 3, -0.2, 0.2);        // rotation
    bench_fill(cam + 3, 2, -1.0, 1.0);    // centre, in front of the points
    cam[5] = -10.0 + bench_uniform(-1.0, 1.0);
    cam[6] = bench_uniform(400.0, 600.0); // focal length
    bench_fill(cam + 7, 2, -5.0, 5.0);    // principal point
    cam[9] = bench_uniform(-1e-2, 1e-2);
    cam[10] = bench_uniform(-1e-3, 1e-3);
  }
  bench_fill(pts, 3 * NPT, -1.0, 1.0);
  bench_fill(ws, NOBS, 0.5, 1.5);
  bench_fill(feats, 2 * NOBS, -50.0, 50.0);
  for (int i = 0; i < NOBS; i++) {
    obs_cam[i] = (int)(((long)i * NCAM) / NOBS);
    obs_pt[i] = (int)(((long)i * 7919) % NPT);
  }
}

// Central difference of err[2i + row] w.r.t. parameter `param` (a pointer
// into cams, pts or ws), against Jacobian entry `col` of that row.
static int check(const char *what, int i, int row, double *param, int col) {
  double v = *param, h = 1e-6 * (fabs(v) + 1.0), e[2];
  *param = v + h;
  reprojection_error(cams + obs_cam[i] * NCP, pts + obs_pt[i] * 3, ws + i, feats + 2 * i, e);
  double fp = e[row];
  *param = v - h;
  reprojection_error(cams + obs_cam[i] * NCP, pts + obs_pt[i] * 3, ws + i, feats + 2 * i, e);
  double fm = e[row];
  *param = v;
  return bench_check(what, jac[(2L * i + row) * NCOL + col], fp, fm, h, 1e-5, 1e-6);
}

static int check_all(void) {
  const int i = 12345, c = obs_cam[i];
  int ok = check("d err0/d rotation[1]", i, 0, cams + c * NCP + 1, 1);
  ok &= check("d err1/d centre[2]", i, 1, cams + c * NCP + 5, 5);
  ok &= check("d err0/d k1", i, 0, cams + c * NCP + 9, 9);
  ok &= check("d err1/d focal", i, 1, cams + c * NCP + 6, 6);
  ok &= check("d err1/d X[0]", i, 1, pts + obs_pt[i] * 3, NCP);
  ok &= check("d err0/d w", i, 0, ws + i, NCP + 3);
  ok &= bench_check("d werr/d w", jacw[i], weight_error(ws[i] + 1e-6),
                    weight_error(ws[i] - 1e-6), 1e-6, 1e-6, 1e-9);
  return ok;
}

int main(int argc, char **argv) {
  enum bench_mode mode = bench_parse_args(argc, argv);
  cams = bench_alloc(NCAM * NCP), pts = bench_alloc(3 * NPT), ws = bench_alloc(NOBS);
  feats = bench_alloc(2 * NOBS), err = bench_alloc(2 * NOBS), werr = bench_alloc(NOBS);
  jac = bench_alloc(2L * NOBS * NCOL), jacw = bench_alloc(NOBS);
  obs_cam = calloc(NOBS, sizeof *obs_cam), obs_pt = calloc(NOBS, sizeof *obs_pt);
  generate();
  bench_program p = {"adbench_ba", NCAM * NCP + 3 * NPT + NOBS, objective, NULL, jacobian,
                     check_all};
  return bench_main(mode, &p);
}
