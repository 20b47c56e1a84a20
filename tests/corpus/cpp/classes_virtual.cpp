// Classes with virtual methods, pure virtuals, virtual destructors, RTTI and dynamic_cast.
#include <typeinfo>

struct Shape {
    virtual ~Shape() {}
    virtual double area() const = 0;
    virtual const char *name() const { return "shape"; }
    int id = 0;
};

struct Circle : Shape {
    double r;
    explicit Circle(double r) : r(r) {}
    double area() const override { return 3.14159 * r * r; }
    const char *name() const override { return "circle"; }
};

struct Rect : Shape {
    double w, h;
    Rect(double w, double h) : w(w), h(h) {}
    double area() const override { return w * h; }
};

struct Square final : Rect {
    explicit Square(double s) : Rect(s, s) {}
    const char *name() const override { return "square"; }
};

double total_area(Shape **shapes, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += shapes[i]->area();
    return s;
}

int count_rects(Shape **shapes, int n) {
    int c = 0;
    for (int i = 0; i < n; i++)
        if (dynamic_cast<Rect *>(shapes[i])) c++;
    return c;
}

bool same_type(const Shape &a, const Shape &b) { return typeid(a) == typeid(b); }

double demo() {
    Circle c(1.0);
    Square s(2.0);
    Shape *v[] = { &c, &s };
    Shape *heap = new Rect(1, 2);
    double r = total_area(v, 2) + count_rects(v, 2) + same_type(c, s) + heap->area();
    delete heap;
    return r;
}
