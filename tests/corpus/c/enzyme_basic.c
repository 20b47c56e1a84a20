// Enzyme-style reverse and forward mode calls on scalar functions.
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static double square(double x) { return x * x; }
static double poly(double x, double a) { return a * x * x * x + 2.0 * x + 1.0; }

double dsquare(double x) { return __enzyme_autodiff((void *)square, x); }
double dpoly(double x, double a) { return __enzyme_autodiff((void *)poly, enzyme_out, x, enzyme_const, a); }
double fwd_square(double x, double dx) { return __enzyme_fwddiff((void *)square, x, dx); }
