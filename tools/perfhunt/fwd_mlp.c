// Forward mode: a tanh MLP layer pair over a batch, the full gradient with
// respect to the first layer's bias by one tangent call per direction
// (H calls of one direction; fwd_mlp_width: H/4 calls of width 4).
#define PH_REPS 2
#include "ph.h"
#include "fwd_mlp.h"
static double DB1[H];
double __enzyme_fwddiff(void *, ...);
static void ph_grad(void) {
  for (int d = 0; d < H; d++) {
    memset(DB1, 0, sizeof DB1);
    DB1[d] = 1;
    G[d] = __enzyme_fwddiff((void *)net, enzyme_const, W1, enzyme_dup, B1, DB1, enzyme_const, W2, enzyme_const, in, enzyme_const, NB);
  }
}
