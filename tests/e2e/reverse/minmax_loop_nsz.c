// CFLAGS: -fno-signed-zeros
/* Running maxima and minima with `nsz` but NaNs allowed: the reverse pass
 * recomputes `fmax(A, x[i])`, which must skip the NaN elements as the
 * forward one did.  The programs and their checks: ../minmax_loops.h. */
#include "../minmax_loops.h"

int main(void) { return minmax_checks() != 0; }
