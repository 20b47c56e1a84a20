// errno read only inside the C library: snprintf's "%m" (glibc) formats
// strerror(errno), and the module never takes errno's address.
#include <string.h>
#include "../check.h"

double __enzyme_autodiff(void *, ...);

static double branch_on_message(double x) {
  char buf[64];
  (void)log(x - 2.0);
  snprintf(buf, sizeof buf, "%m");
  if (strstr(buf, "domain")) return -x * x;
  return x * x * x;
}

int main(void) {
  double x = 1.0;  // log(-1): EDOM, and errno stays EDOM (nothing clears it)
  return !check_close("d branch_on_message", 0, __enzyme_autodiff((void *)branch_on_message, x), -2 * x);
}
