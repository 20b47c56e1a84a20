// Bitfields: packed flags, signed fields, wide fields, __attribute__((packed)).
struct flags { unsigned a : 1, b : 3, c : 12; signed d : 5; unsigned long long wide : 40; };
struct __attribute__((packed)) header { char tag; int len; short kind : 7, urgent : 1; };

int get_b(struct flags *f) { return f->b; }
void set_all(struct flags *f, int v) { f->a = v; f->b = v; f->c = v; f->d = v; f->wide = (unsigned long long)v << 20; }
int signed_d(const struct flags *f) { return f->d; }
long total(const struct header *h, int n) {
    long s = 0;
    for (int i = 0; i < n; i++) s += h[i].len + h[i].kind + h[i].urgent;
    return s;
}
struct flags make(void) { struct flags f = { 1, 5, 100, -3, 12345 }; return f; }
