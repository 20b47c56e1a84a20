// Static initialisation: function-local statics (guard variables), dynamic global initialisers,
// thread_local objects with constructors (TLS wrappers), inline variables, namespaces.
#include <cmath>

namespace cfg {
inline int inline_var = 42;
double dynamic_init = std::sqrt(2.0);
struct Registry { int n; Registry() : n(inline_var) {} ~Registry() { n = 0; } };
Registry registry;
}

int &singleton() { static int value = cfg::inline_var * 2; return value; }

struct Counter { int n; Counter() : n(1) {} ~Counter() {} };
thread_local Counter tl_counter;
thread_local int tl_plain = 5;

int bump() { return ++tl_counter.n + tl_plain + singleton() + cfg::registry.n + (int)cfg::dynamic_init; }

namespace { int anon_helper(int x) { return x + 1; } }
int use_anon(int x) { return anon_helper(x); }
