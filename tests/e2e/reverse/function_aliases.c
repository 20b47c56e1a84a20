/* Functions named through aliases: clang -O0 keeps the alias where the
 * source names it.  The API's function argument, a direct call inside the
 * differentiated code, and a function pointer handed to a callee may each
 * be an alias of the function; an alias of an alias too; and a pointer read
 * from a constant table (no shadow: the derivative is picked at run time
 * among the functions whose address is taken).  Before, the API call and
 * the direct call were refused ("must be a function known at compile
 * time", "indirect call"), and the table's call stopped the program at run
 * time.  Both modes, closed forms. */
#include "../check.h"
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
double cube(double x) { return x * x * x; }
extern double cube_alias(double) __attribute__((alias("cube")));
extern double cube_alias2(double) __attribute__((alias("cube_alias")));
__attribute__((noinline)) double apply(double (*h)(double), double x) { return h(x) * 2; }
double through_pointer(double x) { return apply(cube_alias2, x); }       /* 2 x^3 */
double direct(double x) { return cube_alias(x) * x; }                   /* x^4 */
double square(double x) { return x * x; }
struct op { double (*h)(double); };
const struct op table[2] = {{cube_alias}, {square}};
int which;
__attribute__((noinline)) double apply_op(const struct op *o, double x) { return o->h(x); }
double from_table(double x) { return apply_op(&table[which], x); }       /* x^3 or x^2 */

int main(void) {
  int bad = 0;
  double xs[] = {1.5, -0.7, 2.0};
  for (int i = 0; i < 3; i++) {
    double x = xs[i];
    bad += !check_close("api", i, __enzyme_autodiff((void *)cube_alias, x), 3 * x * x);
    bad += !check_close("api fwd", i, __enzyme_fwddiff((void *)cube_alias2, x, 1.0), 3 * x * x);
    bad += !check_close("pointer", i, __enzyme_autodiff((void *)through_pointer, x), 6 * x * x);
    bad += !check_close("direct", i, __enzyme_autodiff((void *)direct, x), 4 * x * x * x);
    bad += !check_close("direct fwd", i, __enzyme_fwddiff((void *)direct, x, 1.0), 4 * x * x * x);
    which = 0;
    bad += !check_close("table", i, __enzyme_autodiff((void *)from_table, x), 3 * x * x);
    which = 1;
    bad += !check_close("table", i, __enzyme_autodiff((void *)from_table, x), 2 * x);
  }
  return bad != 0;
}
