// Split mode (__enzyme_augmentfwd, then __enzyme_reverse) on loops whose
// joins the reverse tells apart by the dominating branch's condition
// (join_paths.deciding_branch): a condition read from memory the
// iteration then overwrites, kept on the tape between the two calls; and
// a buffer grown when full, its count against its room.  Central
// differences of the same functions.
#include <stdlib.h>
#include <string.h>
#include "../check.h"

extern int enzyme_dup, enzyme_const, enzyme_tape;
void *__enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
enum { N = 9 };
static const int FLAG[N] = {1, -2, 0, 3, -1, 2, 0, -3, 1};

void flagged(const double *x, int *flag, double *out, int n) {
  double acc = 1;
  for (int i = 0; i < n; i++) {
    double y = x[i] * 0.7;
    if (flag[i] >= 0) y = atan(y) + x[(i + 1) % n];
    else {
      y = x[(i + 3) % n] > 0.1 ? expm1(y) : sinh(y) * y;
      flag[i] += 2;
      y = y * y / (1 + x[(i + 4) % n] * x[(i + 4) % n]);
    }
    acc = acc * 0.9 + y * x[(i + 2) % n];
    flag[(i + 2) % n] -= flag[i] == 1;
  }
  *out = acc;
}

void pushed(const double *x, double *out, int n) {
  double *buf = 0;
  long used = 0, room = 0;
  for (int i = 0; i < n; i++) {
    double v = x[i] * cos(x[(i + 2) % n]);
    if (used == room) {
      room = 2 * room + 1;
      double *more = malloc(room * sizeof(double));
      if (used) memcpy(more, buf, used * sizeof(double));
      free(buf);
      buf = more;
      more[used] = v * v;
    } else {
      buf[used] = v + sin(v);
    }
    used++;
  }
  double e = 0;
  for (long k = 1; k < used; k++) e += buf[k] * buf[k - 1] - buf[k];
  free(buf);
  *out = e;
}

static double f_flagged(double *x) {
  int fl[N];
  double out;
  for (int i = 0; i < N; i++) fl[i] = FLAG[i];
  flagged(x, fl, &out, N);
  return out;
}
static double f_pushed(double *x) { double out; pushed(x, &out, N); return out; }

int main(void) {
  double x[N], d1[N] = {0}, d2[N] = {0}, out, dout;
  int fl[N];
  for (int i = 0; i < N; i++) x[i] = 0.6 * sin(1.7 * i + 0.3), fl[i] = FLAG[i];
  void *tape = __enzyme_augmentfwd((void *)flagged, enzyme_dup, x, d1, enzyme_const, fl,
                                   enzyme_dup, &out, &dout, enzyme_const, N);
  for (int i = 0; i < N; i++) fl[i] = 7;          // the reverse must not read it again
  dout = 1;
  __enzyme_reverse((void *)flagged, enzyme_dup, x, d1, enzyme_const, fl, enzyme_dup, &out,
                   &dout, enzyme_const, N, enzyme_tape, tape);
  tape = __enzyme_augmentfwd((void *)pushed, enzyme_dup, x, d2, enzyme_dup, &out, &dout,
                             enzyme_const, N);
  dout = 1;
  __enzyme_reverse((void *)pushed, enzyme_dup, x, d2, enzyme_dup, &out, &dout, enzyme_const, N,
                   enzyme_tape, tape);
  int bad = check_gradient("flagged", x, d1, N, f_flagged) +
            check_gradient("pushed", x, d2, N, f_pushed);
  if (bad) return 1;
  printf("ok\n");
  return 0;
}
