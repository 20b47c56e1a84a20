// Lambdas: captures by value/reference, mutable lambdas, generic lambdas, std::function.
#include <functional>

double apply(const std::function<double(double)> &f, double x) { return f(x); }

template <typename F> double apply_tmpl(F f, double x) { return f(x); }

double lambdas(double x) {
    double k = 3;
    int counter = 0;
    auto by_value = [k](double v) { return v * k; };
    auto by_ref = [&counter](double v) { counter++; return v + counter; };
    auto generic = [](auto a, auto b) { return a * b; };
    auto mut = [n = 0]() mutable { return ++n; };
    std::function<double(double)> stored = [=](double v) { return v - k; };
    mut();
    return apply(by_value, x) + apply_tmpl(by_ref, x) + generic(2, x) + mut() + stored(x) +
           apply([](double v) { return v / 2; }, x);
}

std::function<int(int)> make_adder(int n) { return [n](int v) { return v + n; }; }
