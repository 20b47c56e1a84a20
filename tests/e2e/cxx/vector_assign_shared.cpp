// std::vector<double>::assign(first, last) into a member of a struct held by
// std::make_shared, through each of assign's ways: a new block, a shrink
// in place, and a growth within the capacity.  The last copies the tail
// from `first + (finish - start)`: at clang 19 -O1..-O3 libstdc++'s
// _M_assign_aux is a function of its own, and that source is a byte offset
// from `first` computed from two addresses.  Its bytes are doubles if the
// offset is a whole number of doubles, which the reverse pass checks at run
// time (tests/lit/copy-from-moved-array-runtime-check.c: one that is not).
// Reverse and forward mode, checked against central differences.
#include <memory>
#include <vector>

#include "../check.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;

struct Mesh {
    std::vector<double> nodes;
    double scale;
};

static double bending(const Mesh &m) {
    double e = 0;
    for (size_t i = 0; i + 1 < m.nodes.size(); ++i) {
        double d = m.nodes[i + 1] - m.nodes[i];
        e += m.scale * d * d * std::sin(m.nodes[i]) + m.nodes[i + 1];
    }
    return e;
}

__attribute__((noinline)) double energy(double *x, int n) {
    auto mesh = std::make_shared<Mesh>();
    mesh->scale = 0.5 * x[0];
    mesh->nodes.assign(x, x + 3);           // a new block
    double e = bending(*mesh);
    mesh->nodes.reserve(n);
    mesh->nodes.assign(x + 1, x + n);       // grows within the capacity
    e += bending(*mesh);
    mesh->nodes.assign(x + 2, x + 4);       // shrinks in place
    return e + bending(*mesh) * x[n - 1];
}

static double energy5(double *x) { return energy(x, 5); }

int main() {
    double x[5] = {0.3, 0.9, 1.4, 2.2, 2.9}, dx[5] = {0};
    __enzyme_autodiff((void *)energy, enzyme_dup, x, dx, enzyme_const, 5);
    int bad = check_gradient("reverse", x, dx, 5, energy5);
    for (int k = 0; k < 5; ++k) {
        double t[5] = {0};
        t[k] = 1;
        bad += !check_close("forward", k, __enzyme_fwddiff((void *)energy, enzyme_dup, x, t,
                                                           enzyme_const, 5),
                            CENTRAL_DIFFERENCE(x[k], 1e-6, energy5(x)));
    }
    return bad != 0;
}
