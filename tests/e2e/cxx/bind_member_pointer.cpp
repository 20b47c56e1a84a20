// CFLAGS: -fno-inline
// std::bind of member functions, called inside the differentiated function.
// At -O3 -fno-inline clang copies the bound member-function pointer
// ({ function address or vtable offset, this-adjustment }) into the _Bind
// object as one <2 x i64>; the pointer's shadow must travel with it.  Checked
// against central differences, reverse and forward mode.  (At -O0 forward
// mode was refused: `__invoke_impl` calls through an inttoptr without a
// shadow.  A virtual member bound so: bind_virtual_member.cpp.)
#include <cmath>
#include <cstdio>
#include <functional>

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;

struct Model {
    double k;
    double rhs(double x, double t) const { return -k * x * x + std::sin(t); }
    double damp(double x) const { return x * (1.0 - 0.1 * k); }
};

template <class F>
__attribute__((noinline)) double integrate(F f, double x, int n, double dt) {
    for (int i = 0; i < n; ++i) x += dt * f(x, i * dt);
    return x;
}

template <class G>
__attribute__((noinline)) double settle(G g, double x, int n) {
    for (int i = 0; i < n; ++i) x = g(x);
    return x;
}

__attribute__((noinline)) double run(Model *m, double x) {
    using namespace std::placeholders;
    x = integrate(std::bind(&Model::rhs, m, _1, _2), x, 20, 0.05);
    return settle(std::bind(&Model::damp, m, _1), x, 3);
}

static int close(const char *what, double got, double want) {
    if (std::fabs(got - want) <= 1e-6 * (1 + std::fabs(want))) return 1;
    printf("MISMATCH %s: got %.12g, want %.12g\n", what, got, want);
    return 0;
}

int main() {
    int bad = 0;
    for (double k = 0.3; k < 1.5; k += 0.5) {
        double x = 0.9, h = 1e-6;
        Model mp{k + h}, mm{k - h}, m0{k};
        double wk = (run(&mp, x) - run(&mm, x)) / (2 * h);
        double wx = (run(&m0, x + h) - run(&m0, x - h)) / (2 * h);
        Model m{k}, dm{0.0};
        double dx = __enzyme_autodiff((void *)run, enzyme_dup, &m, &dm, x);
        bad |= !close("reverse dx", dx, wx) | !close("reverse dk", dm.k, wk);
        Model tk{1.0}, tx{0.0};
        bad |= !close("forward dk", __enzyme_fwddiff((void *)run, enzyme_dup, &m, &tk, x, 0.0), wk);
        bad |= !close("forward dx", __enzyme_fwddiff((void *)run, enzyme_dup, &m, &tx, x, 1.0), wx);
    }
    return bad;
}
