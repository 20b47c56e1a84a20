/* What rooted_reload.c and rooted_reload_refused.c share: the API they call
 * and hand's matrix, a struct whose data the derivative reads through it. */
#ifndef ROOTED_MATRIX_H
#define ROOTED_MATRIX_H
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
typedef struct { int nrows, ncols; double *data; } Matrix;
#define BONES 3
#endif
