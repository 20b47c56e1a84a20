/* A global reached only through a pointer another global's initializer
 * holds: the only uses of its own are loads, yet code stores into it through
 * the pointer.  Its derivative must travel too (it was taken as a constant:
 * gradient and tangent without the path through it, exit 0). */
#include <math.h>
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double cell;
struct mixed { double w; double *p; double v[3]; int n; } st = {1.0, &cell, {0, 0, 0}, 3};
__attribute__((noinline)) double struct_mix(double x) {
  st.v[0] = x; st.v[1] = x * x; st.v[2] = sin(x);
  double s = 0;
  for (int i = 0; i < st.n; i++) s += st.v[i] * st.w;
  *st.p = s;                        /* into cell, through the struct's pointer */
  return s + cell * x;
}
double row[4];
struct view { double scale; double *at; } views[2] = {{1.0, &row[1]}, {2.0, &row[3]}};
__attribute__((noinline)) double through_views(double x, int k) {
  views[k].scale = x;
  views[k].at[0] = views[k].scale * x;     /* into row[1] or row[3] */
  return row[1] * row[1] + row[3];
}

int main(void) {
  int bad = 0;
  double xs[] = {0.5, 1.25, -0.75, 2.0};
  for (int i = 0; i < 4; i++) {
    double x = xs[i];
    st.w = 1 + i;
    /* s = w (x + x^2 + sin x); f = s + s x */
    double s = st.w * (x + x * x + sin(x)), ds = st.w * (1 + 2 * x + cos(x));
    double g = i % 2 ? __enzyme_fwddiff((void *)struct_mix, x, 1.0)
                     : __enzyme_autodiff((void *)struct_mix, x);
    bad += !check_close("struct_mix", i, g, ds + ds * x + s);
  }
  for (int i = 0; i < 4; i++) {
    double x = xs[i];
    int k = i / 2;
    /* k = 0: f = x^4 + row[3]; k = 1: f = row[1]^2 + x^2 */
    double want = k == 0 ? 4 * x * x * x : 2 * x;
    double g = i % 2 ? __enzyme_fwddiff((void *)through_views, x, 1.0, k)
                     : __enzyme_autodiff((void *)through_views, x, k);
    bad += !check_close("through_views", i, g, want);
  }
  return bad != 0;
}
