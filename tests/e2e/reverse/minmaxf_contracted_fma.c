// CFLAGS: -ffp-contract=fast -mavx2 -mfma
// minmaxf_recomputed_operand.c with multiplies and adds contracted by the
// backend: it fuses x[i] * 0.7f + b into one FMA where the product has no
// other use, which may hold in the reverse sweep's copy of u and not in
// the forward one.
#include "minmaxf_recomputed_operand.c"
