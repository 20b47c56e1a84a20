// CFLAGS: -std=gnu89 -Wno-deprecated-non-prototype
// Old-style (K&R) definitions and unprototyped calls; implicit int.
int twice();
double old_style(a, b) int a; double b; { return a * b + twice(a); }
int twice(x) int x; { return 2 * x; }
int call_unprototyped() { extern int mystery(); return mystery(1, 2.0, "three") + twice(4, 5); }
static unused_implicit(x) { return x; }
