// Enzyme-style C++ usage: templated wrappers around __enzyme_autodiff, classes, std::vector data.
#include <vector>
#include <cmath>

extern int enzyme_dup, enzyme_const, enzyme_out;
template <typename RT, typename... Args> RT __enzyme_autodiff(void *, Args...);

struct Model {
    double w, b;
    double predict(double x) const { return std::tanh(w * x + b); }
};

static double loss(const Model *m, const double *xs, const double *ys, int n) {
    double l = 0;
    for (int i = 0; i < n; i++) {
        double d = m->predict(xs[i]) - ys[i];
        l += d * d;
    }
    return l / n;
}

Model gradient(const Model &m, const std::vector<double> &xs, const std::vector<double> &ys) {
    Model dm{ 0, 0 };
    __enzyme_autodiff<void>((void *)loss, enzyme_dup, &m, &dm, enzyme_const, xs.data(), enzyme_const, ys.data(),
                            enzyme_const, (int)xs.size());
    return dm;
}

template <typename T> T cube(T x) { return x * x * x; }
double dcube(double x) { return __enzyme_autodiff<double>((void *)cube<double>, enzyme_out, x); }
