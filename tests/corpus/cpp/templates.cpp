// Templates: function and class templates, specialisation, CRTP, variadic templates, constexpr.
#include <cstddef>

template <typename T> T max_of(T a, T b) { return a > b ? a : b; }

template <typename T, std::size_t N> struct Array {
    T data[N];
    constexpr std::size_t size() const { return N; }
    T &operator[](std::size_t i) { return data[i]; }
    T sum() const { T s{}; for (std::size_t i = 0; i < N; i++) s += data[i]; return s; }
};

template <> struct Array<bool, 0> { static constexpr int special = 1; };

template <typename Derived> struct Base {
    double run(double x) { return static_cast<Derived *>(this)->impl(x) * 2; }
};
struct Impl : Base<Impl> { double impl(double x) { return x + 1; } };

template <typename... Ts> auto sum_all(Ts... xs) { return (xs + ... + 0); }

constexpr long factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }
static_assert(factorial(5) == 120, "");

template <int N> struct Fib { static constexpr long value = Fib<N - 1>::value + Fib<N - 2>::value; };
template <> struct Fib<0> { static constexpr long value = 0; };
template <> struct Fib<1> { static constexpr long value = 1; };

double use_templates(double x) {
    Array<double, 4> a{ { 1, 2, 3, 4 } };
    Array<int, 3> b{ { 1, 2, 3 } };
    Impl impl;
    return max_of(x, 2.0) + max_of<int>(3, 4) + a.sum() + b.sum() + impl.run(x) + sum_all(1, 2.5, 3L) +
           Fib<20>::value + factorial(10) + Array<bool, 0>::special + a[1];
}
