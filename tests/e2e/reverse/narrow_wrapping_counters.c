// CFLAGS: -fno-unroll-loops
// 8- and 16-bit counters that wrap on purpose and meet their bound: the
// reverse's tape room is counted in the counter's own width
// (loops._wrapping_counter_bound, instrument._bytes_of_run).  Unsigned
// and signed, steps of 1, 2 and 4, runs that wrap all the way round (a
// do-while meeting its start again: 256 and 65536 iterations, 128 by 2),
// and counters stepping down through 0.  With the span taken in 64 bits
// the room is refused and the program aborts at clang 19 -O1..-O3.  Both modes,
// central differences.
#include "../check.h"

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 8 };
/* name(x, end): s carried from 0.5 through the loop LOOP, whose counter is
 * i (of type T, as end is) */
#define COUNTED(name, T, LOOP) \
  __attribute__((noinline)) double name(double *x, T end) { \
    double s = 0.5; \
    LOOP; \
    return s; \
  }
#define STEP_S(i, k) s = sin(s * x[(i) & 7]) + x[(k) & 7] * 0.25

unsigned char lo8 = 250;     /* globals, not constants: the loops stay loops */
COUNTED(up8, unsigned char, for (unsigned char i = lo8; i != end; i++) STEP_S(i, i >> 3))
COUNTED(up8_by2, unsigned char, for (unsigned char i = 251; i != end; i += 2) STEP_S(i, i >> 2))
COUNTED(up8_signed, signed char,
        for (signed char i = 120; i != end; i++) s = cos(s + x[i & 7]) * x[(i >> 1) & 7])
COUNTED(up16, unsigned short, for (unsigned short i = 65530; i != end; i++) STEP_S(i, i >> 3))
COUNTED(up16_by4, unsigned short,
        for (unsigned short i = 65524; i != end; i += 4) STEP_S(i >> 2, i))
COUNTED(up16_signed, short, for (short i = 32760; i != end; i++) STEP_S(i, i >> 3))
COUNTED(round8, unsigned char, unsigned char i = end; do STEP_S(i, i >> 5); while (++i != end))
COUNTED(round8_by2, unsigned char,
        unsigned char i = end; do { STEP_S(i >> 1, i >> 5); i += 2; } while (i != end))
COUNTED(round16, unsigned short,
        unsigned short i = end; do STEP_S(i, i >> 13); while (++i != end))
COUNTED(down8, unsigned char, for (unsigned char i = 5; i != end; i--) STEP_S(i, i >> 3))
COUNTED(down16, unsigned short,
        for (unsigned short i = 3; i != end; i--) s = cos(s * x[i & 7]) * x[(i >> 2) & 7])

static const double X0[N] = {0.3, -0.7, 1.1, 0.45, -0.2, 0.9, 0.62, -1.3};
unsigned char hi8 = 5, hi8_by2 = 9, start8 = 7, stop8_down = 250;
signed char hi8_signed = -120;
unsigned short hi16 = 20, hi16_by4 = 8, start16 = 40000, stop16_down = 65520;
short hi16_signed = -32750;

static double g_up8(double *x) { return up8(x, hi8); }
static double g_up8_by2(double *x) { return up8_by2(x, hi8_by2); }
static double g_up8_signed(double *x) { return up8_signed(x, hi8_signed); }
static double g_up16(double *x) { return up16(x, hi16); }
static double g_up16_by4(double *x) { return up16_by4(x, hi16_by4); }
static double g_up16_signed(double *x) { return up16_signed(x, hi16_signed); }
static double g_round8(double *x) { return round8(x, start8); }
static double g_round8_by2(double *x) { return round8_by2(x, start8); }
static double g_round16(double *x) { return round16(x, start16); }
static double g_down8(double *x) { return down8(x, stop8_down); }
static double g_down16(double *x) { return down16(x, stop16_down); }

/* Both modes of one function f with integer arguments ARGS, g its plain call. */
#define CHECK_BOTH(name, f, g, ...) do { \
    double x[N], dx[N] = {0}; \
    for (int i = 0; i < N; i++) x[i] = X0[i]; \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx, __VA_ARGS__); \
    bad += check_gradient(name, x, dx, N, g); \
    for (int i = 0; i < N; i++) { \
      double t[N] = {0}; \
      t[i] = 1; \
      double ty = __enzyme_fwddiff((void *)f, enzyme_dup, x, t, __VA_ARGS__); \
      bad += !check_close(name " forward", i, ty, CENTRAL_DIFFERENCE(x[i], 1e-6, g(x))); \
    } \
  } while (0)

int main(void) {
  int bad = 0;
  CHECK_BOTH("up8", up8, g_up8, enzyme_const, hi8);
  CHECK_BOTH("up8_by2", up8_by2, g_up8_by2, enzyme_const, hi8_by2);
  CHECK_BOTH("up8_signed", up8_signed, g_up8_signed, enzyme_const, hi8_signed);
  CHECK_BOTH("up16", up16, g_up16, enzyme_const, hi16);
  CHECK_BOTH("up16_by4", up16_by4, g_up16_by4, enzyme_const, hi16_by4);
  CHECK_BOTH("up16_signed", up16_signed, g_up16_signed, enzyme_const, hi16_signed);
  CHECK_BOTH("round8", round8, g_round8, enzyme_const, start8);
  CHECK_BOTH("round8_by2", round8_by2, g_round8_by2, enzyme_const, start8);
  CHECK_BOTH("round16", round16, g_round16, enzyme_const, start16);
  CHECK_BOTH("down8", down8, g_down8, enzyme_const, stop8_down);
  CHECK_BOTH("down16", down16, g_down16, enzyme_const, stop16_down);
  return bad != 0;
}
