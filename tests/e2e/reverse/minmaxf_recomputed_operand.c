/* minmax_recomputed_operand.c in float: fminf/fmaxf whose operand is an
 * llvm.fmuladd.f32 computed again in the reverse sweep while the result
 * comes from the tape.  With compares_alike always yes, the reverse
 * gradient is wrong at clang 14 -O2/-O3 and clang 19 -O3.  Central
 * differences in float: a wider step and tolerance. */
#define REAL float
#define STEP 1e-3f
#define E2E_TOLERANCE 5e-3
#include "minmax_recomputed_operand.c"
