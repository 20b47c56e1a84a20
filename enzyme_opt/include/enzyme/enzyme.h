/* enzyme/enzyme.h: the Enzyme C API, as enzyme-opt reads it.
 *
 * Include it with -I$(enzyme-opt --print-include-dir).  It declares the
 * entry points with their most common return types and the activity
 * markers.  A call whose result has another type (a struct of gradients,
 * void) uses a prototype of its own whose name starts with the entry
 * point's name, e.g.
 *
 *     typedef struct { double dx, dy; } Grad2;
 *     Grad2 __enzyme_autodiff_xy(void *, ...);
 *
 * enzyme-opt replaces every call of these functions; nothing here is linked.
 */
#ifndef ENZYME_OPT_ENZYME_H
#define ENZYME_OPT_ENZYME_H

#include <stddef.h>
#include "attributes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reverse mode: the gradients of the active scalar arguments (one double
   here); pointer arguments get their adjoints added to their shadows. */
double __enzyme_autodiff(void *fn, ...);
/* Forward mode: the tangent of fn's result along the tangents passed. */
double __enzyme_fwddiff(void *fn, ...);
/* Split reverse mode: the augmented forward pass returns its tape (a
   pointer, or written where enzyme_allocated says); the reverse pass takes
   it back.  __enzyme_augmentsize is the tape's size in bytes. */
void *__enzyme_augmentfwd(void *fn, ...);
void __enzyme_reverse(void *fn, ...);
size_t __enzyme_augmentsize(void *fn, ...);

/* Markers: pass one before the argument(s) it describes. */
extern int enzyme_dup;           /* pointer, then its shadow */
extern int enzyme_dupnoneed;     /* the same; the primal output is not needed */
extern int enzyme_const;         /* no derivative for this argument */
extern int enzyme_out;           /* an active scalar (reverse mode) */
extern int enzyme_width;         /* batch width N, then N shadows or tangents */
extern int enzyme_allocated;     /* split mode: tape size, then where it is */
extern int enzyme_tape;          /* split mode: the tape */
extern int enzyme_nofree;        /* split mode: the reverse pass keeps the tape */

#ifdef __cplusplus
}
#endif

#endif /* ENZYME_OPT_ENZYME_H */
