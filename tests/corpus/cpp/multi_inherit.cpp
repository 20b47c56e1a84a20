// Multiple and virtual inheritance: this-adjusting thunks, virtual base offsets, covariant returns,
// variadic virtual functions (musttail thunks).
struct A { virtual ~A() {} virtual int fa() { return 1; } int a = 1; };
struct B { virtual ~B() {} virtual int fb() { return 2; } virtual B *clone() { return new B(*this); } int b = 2; };
struct C : A, B { int fb() override { return 3; } C *clone() override { return new C(*this); } int c = 3; };

struct V { virtual int v() { return 4; } int x = 4; };
struct L : virtual V { int v() override { return 5; } };
struct R : virtual V { };
struct D : L, R { };

struct Var { virtual int f(const char *, ...) { return 0; } };
struct Var2 { virtual ~Var2() {} int z; };
struct VarD : Var2, Var { int f(const char *, ...) override { return 7; } };

int use(C &c, D &d, VarD &vd) {
    B *b = &c;
    A *a = &c;
    V *v = &d;
    Var *var = &vd;
    B *cl = b->clone();
    int r = b->fb() + a->fa() + v->v() + v->x + cl->fb() + var->f("x", 1, 2.0);
    delete cl;
    return r;
}

int make_and_use() { C c; D d; VarD vd; return use(c, d, vd); }
