// Batched forward mode (enzyme_width 4): a tanh MLP layer pair over a batch,
// the full gradient with respect to the first layer's bias, 4 directions
// per call (fwd_mlp: one direction per call).
#define PH_REPS 2
#include "ph.h"
#include "fwd_mlp.h"
static double DB1[4][H];
typedef struct { double d[4]; } T4;
extern int enzyme_width;
T4 __enzyme_fwddiff(void *, ...);
static void ph_grad(void) {
  for (int d = 0; d < H; d += 4) {
    memset(DB1, 0, sizeof DB1);
    for (int k = 0; k < 4; k++) DB1[k][d + k] = 1;
    T4 t = __enzyme_fwddiff((void *)net, enzyme_width, 4, enzyme_const, W1, enzyme_dup, B1, DB1[0], DB1[1], DB1[2], DB1[3],
                            enzyme_const, W2, enzyme_const, in, enzyme_const, NB);
    for (int k = 0; k < 4; k++) G[d + k] = t.d[k];
  }
}
