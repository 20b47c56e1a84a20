/* Running maxima and minima without fast-math flags: `fmax(A, x[i])` may
 * return either zero of a tie (+0 beside -0), so its value stays taped.
 * The programs and their checks: ../minmax_loops.h. */
#include "../minmax_loops.h"

int main(void) { return minmax_checks() != 0; }
