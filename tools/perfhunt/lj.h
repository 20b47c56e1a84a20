// The pair loop of lennard_jones.c and fwd_lj_sigmoid.c: Lennard-Jones
// energy 4 (r^-12 - r^-6) with pow(r2, -3) for r^-6, plus LJ_EXTRA(r2) per
// pair (0 unless the kernel defines it).
#ifndef LJ_EXTRA
#define LJ_EXTRA(r2) 0
#endif
double energy(const double *p, int n) {
  double e = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
      double r2 = dx * dx + dy * dy + dz * dz;
      double s6 = pow(r2, -3.0);
      e += 4 * (s6 * s6 - s6) + LJ_EXTRA(r2);
    }
  return e;
}
