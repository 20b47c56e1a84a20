// Structs passed and returned by value (byval/sret), nested structs, arrays of structs.
#include <string.h>

struct vec3 { double x, y, z; };
struct big { double data[16]; int n; };
struct small { int a; char b; short c; };
struct nested { struct vec3 pos; struct small tag; float w[3]; };

struct vec3 vadd(struct vec3 a, struct vec3 b) {
    struct vec3 r = { a.x + b.x, a.y + b.y, a.z + b.z };
    return r;
}

double vdot(const struct vec3 *a, const struct vec3 *b) {
    return a->x * b->x + a->y * b->y + a->z * b->z;
}

struct big make_big(int n) {
    struct big b;
    memset(&b, 0, sizeof b);
    for (int i = 0; i < 16 && i < n; i++)
        b.data[i] = i * 0.5;
    b.n = n;
    return b;
}

double sum_big(struct big b) {
    double s = 0;
    for (int i = 0; i < b.n && i < 16; i++)
        s += b.data[i];
    return s;
}

struct small pack(int a, char b, short c) {
    struct small s = { a, b, c };
    return s;
}

double centroid(const struct nested *ns, int n) {
    struct vec3 acc = { 0, 0, 0 };
    for (int i = 0; i < n; i++)
        acc = vadd(acc, ns[i].pos);
    return acc.x / n + acc.y / n + acc.z / n + ns[0].w[2] + ns[0].tag.c;
}

static struct nested table[4] = {
    { { 1, 2, 3 }, { 1, 'a', 2 }, { 1.0f, 2.0f, 3.0f } },
    { { 4, 5, 6 }, { 2, 'b', 3 }, { 4.0f, 5.0f, 6.0f } },
};

double use_table(void) { return centroid(table, 2) + sum_big(make_big(8)) + pack(1, 2, 3).c; }
