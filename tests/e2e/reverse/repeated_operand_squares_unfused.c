// CFLAGS: -ffp-contract=off
// repeated_operand_squares.c without fused multiply-adds: its sums stay
// fadd, so the squares of rosen, scaled_rosen and sum_of_squares merge too.
#include "repeated_operand_squares.c"
