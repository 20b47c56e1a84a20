// CFLAGS: -ffast-math
/* Running maxima and minima under -ffast-math (the reference's logsumexp
 * benchmark): the reverse pass recomputes `max(A, x[i])` rather than tape
 * it.  The programs and their checks: ../minmax_loops.h. */
#include "../minmax_loops.h"

int main(void) { return minmax_checks() != 0; }
