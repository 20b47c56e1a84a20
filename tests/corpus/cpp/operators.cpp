// Operator overloading, references, rvalue references, move/copy constructors, conversions.
#include <utility>

struct Vec2 {
    double x = 0, y = 0;
    Vec2() = default;
    Vec2(double x, double y) : x(x), y(y) {}
    Vec2 operator+(const Vec2 &o) const { return { x + o.x, y + o.y }; }
    Vec2 operator*(double s) const { return { x * s, y * s }; }
    Vec2 &operator+=(const Vec2 &o) { x += o.x; y += o.y; return *this; }
    bool operator==(const Vec2 &o) const { return x == o.x && y == o.y; }
    double operator[](int i) const { return i ? y : x; }
    explicit operator bool() const { return x != 0 || y != 0; }
};

struct Buffer {
    double *data;
    int n;
    explicit Buffer(int n) : data(new double[n]()), n(n) {}
    Buffer(const Buffer &o) : data(new double[o.n]), n(o.n) { for (int i = 0; i < n; i++) data[i] = o.data[i]; }
    Buffer(Buffer &&o) noexcept : data(o.data), n(o.n) { o.data = nullptr; o.n = 0; }
    Buffer &operator=(Buffer o) { std::swap(data, o.data); std::swap(n, o.n); return *this; }
    ~Buffer() { delete[] data; }
};

double ops(double a) {
    Vec2 v(a, 2), w(3, a);
    v += w * 2;
    Buffer b(4), c(b);
    Buffer d(std::move(c));
    b = d;
    return (v + w)[1] + (v == w) + (bool)v + b.n + d.n;
}
