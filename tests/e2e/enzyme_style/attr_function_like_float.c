// CFLAGS: -include enzyme/attributes.h
/* enzyme_function_like on float functions, named by the float spelling of
 * the math function ("log1pf", "sinf") and by the double one ("exp"):
 * every spelling selects the same rule, at the call's own type.  The
 * registration global names a float function too.  A float passed through
 * `...` arrives as a double and is narrowed to the parameter's type. */
#include <math.h>
#include <stdio.h>

extern int enzyme_const;
float __enzyme_autodiff(void *, ...);
float __enzyme_fwddiff(void *, ...);

/* The bodies are cheap approximations; the rules are the named functions'. */
__attribute__((enzyme_function_like("log1pf"))) float approx_log1p(float a) {
  return a - 0.5f * a * a;
}
__attribute__((enzyme_function_like("sinf"))) float approx_sin(float a) {
  return a - a * a * a / 6.0f;
}
/* exp's rule reuses the call's result: d/da is what the function returned. */
__attribute__((noinline)) float approx_exp(float a) { return 1.0f + a + 0.5f * a * a; }
void *__enzyme_function_like[2] = {(void *)approx_exp, (void *)"exp"};

float f(float x, float y) { return approx_log1p(x * y) + y * approx_sin(x) + approx_exp(2.0f * x); }

static int close_to(const char *what, float got, float want) {
  if (fabsf(got - want) <= 1e-5f * (1.0f + fabsf(want))) return 1;
  printf("MISMATCH %s: got %.9g, want %.9g\n", what, got, want);
  return 0;
}

int main(void) {
  int ok = 1;
  float pts[][2] = {{0.5f, 0.25f}, {-0.3f, 1.5f}, {1.25f, -0.75f}};
  for (int i = 0; i < 3; i++) {
    float x = pts[i][0], y = pts[i][1];
    float want = y / (1.0f + x * y) + y * cosf(x) + 2.0f * approx_exp(2.0f * x);
    ok &= close_to("reverse", __enzyme_autodiff((void *)f, x, enzyme_const, y), want);
    ok &= close_to("forward", __enzyme_fwddiff((void *)f, x, 1.0f, enzyme_const, y), want);
  }
  return ok ? 0 : 1;
}
