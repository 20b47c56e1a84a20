// CFLAGS: -std=c++14 -Wno-deprecated-dynamic-exception-spec -Wno-dynamic-exception-spec
// Dynamic exception specifications produce landingpad `filter` clauses.
struct E1 {};
struct E2 {};
void thrower(int x) { if (x) throw E1(); }
void limited(int x) throw(E1, int) { thrower(x); }
void nothing(int x) throw() { thrower(x); }
int call_both(int x) {
    try { limited(x); nothing(0); } catch (E1 &) { return 1; } catch (...) { return 2; }
    return 0;
}
