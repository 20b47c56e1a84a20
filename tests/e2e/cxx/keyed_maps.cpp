// Hash maps keyed by strings: the caller's std::unordered_map<const char *,
// double> and <std::string, double>, duplicated (the shadow map holds the
// adjoints under the same keys, built the same way so that the two tables
// have one shape), updated in place by the function.  Looking a key up
// stores the address of a string literal in a local, whose shadow is the
// literal's zeroed stand-in; the keys carry no derivative.
#include <cmath>
#include <cstdio>
#include <string>
#include <unordered_map>

extern int enzyme_dup;
template <typename T> void __enzyme_autodiff(void *, int, T &, T &);

template <typename Map> void update(Map &m) {
  double a = m["a"], b = m["b"];
  m["a"] = a * std::sin(b);
  m["c"] = a * b;
  m["b"] = b * b;
}

template <typename Map> int check(const char *what) {
  Map m, dm;
  m["a"] = 1.5, m["b"] = 0.7, m["c"] = 0;
  // seeds: d/da and d/db of  sa * a sin(b) + sc * a b + sb * b^2
  const double sa = 1.0, sb = 2.0, sc = 3.0;
  dm["a"] = sa, dm["b"] = sb, dm["c"] = sc;
  __enzyme_autodiff<Map>((void *)update<Map>, enzyme_dup, m, dm);
  double a = 1.5, b = 0.7;
  double want_a = sa * std::sin(b) + sc * b;
  double want_b = sa * a * std::cos(b) + sc * a + sb * 2 * b;
  int bad = 0;
  if (std::fabs(dm["a"] - want_a) > 1e-12 || std::fabs(dm["b"] - want_b) > 1e-12) {
    std::printf("MISMATCH %s: got (%.17g, %.17g), want (%.17g, %.17g)\n", what, dm["a"],
                dm["b"], want_a, want_b);
    bad = 1;
  }
  return bad;
}

int main() {
  return check<std::unordered_map<const char *, double>>("const char* keys") |
         check<std::unordered_map<std::string, double>>("std::string keys");
}
