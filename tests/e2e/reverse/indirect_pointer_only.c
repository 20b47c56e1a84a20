// A call through a function pointer that passes only a pointer (no active
// float): the callee squares or cubes the value behind it in place.  The
// derivative must flow through that memory in both modes; it used to be
// dropped (gradient 1, exit 0).  The table is filled at run time, so clang
// cannot see which function is called.
#include <math.h>
#include <stdio.h>

double __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) void square(double *p) { *p = *p * *p; }
__attribute__((noinline)) void cube(double *p) { *p = *p * *p * *p; }
typedef void (*op_t)(double *);
op_t ops[2];

double apply(double *x, int k) {
  ops[k](x);
  return *x;
}

void apply_twice(double *x, int k) {
  ops[k](x);
  ops[1 - k](x);
}

static int failures;
static void check(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-12 * (1.0 + fabs(want)))) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

int main(int argc, char **argv) {
  (void)argv;
  ops[0] = argc > 7 ? cube : square;
  ops[1] = argc > 7 ? square : cube;
  for (int k = 0; k < 2; k++) {
    double x = 1.3, dx = 0;
    __enzyme_autodiff((void *)apply, &x, &dx, k);
    check(k ? "reverse d cube" : "reverse d square", dx, k ? 3 * 1.3 * 1.3 : 2 * 1.3);
    x = 1.3, dx = 1;
    __enzyme_fwddiff((void *)apply_twice, &x, &dx, k);
    // (x^2)^3 and (x^3)^2 are both x^6
    check("forward d x^6", dx, 6 * pow(1.3, 5));
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
