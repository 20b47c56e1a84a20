// Arrays of structs with mixed int/double fields copied with memcpy; the int
// field chooses the operation on the double field.
#include <string.h>
#include "../check.h"
typedef struct { int tag; double w; long id; double z; } Rec;
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) double eval(Rec *r, int n) {
  Rec tmp[8];
  memcpy(tmp, r, n * sizeof(Rec));
  for (int i = 0; i < n; i++) { tmp[i].tag = (tmp[i].tag + i) % 3; tmp[i].id += i; }
  memcpy(r + 1, tmp, (n - 1) * sizeof(Rec));    /* shift by one record */
  double s = 0;
  for (int i = 0; i < n; i++) {
    switch (r[i].tag) {
    case 0: s += r[i].w * r[i].z; break;
    case 1: s += sin(r[i].w) + r[i].id * r[i].z; break;
    default: s += r[i].z * r[i].z * r[i].w;
    }
  }
  return s;
}
static double run(const Rec *x) { Rec t[4]; memcpy(t, x, sizeof t); return eval(t, 4); }
int main(void) {
  Rec x[4] = {{0, 0.5, 1, 1.1}, {1, -0.3, 2, 0.7}, {2, 0.9, 3, -0.2}, {1, 0.4, 4, 0.6}};
  Rec v[4], dv[4];
  memcpy(v, x, sizeof v); memset(dv, 0, sizeof dv);
  __enzyme_autodiff((void *)eval, v, dv, 4);
  int bad = 0;
  for (int i = 0; i < 4; i++) {
    bad += !check_close("dw", i, dv[i].w, CENTRAL_DIFFERENCE(x[i].w, 1e-6, run(x)));
    bad += !check_close("dz", i, dv[i].z, CENTRAL_DIFFERENCE(x[i].z, 1e-6, run(x)));
  }
  return bad != 0;
}
