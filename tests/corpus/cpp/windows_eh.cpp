// CFLAGS: --target=x86_64-pc-windows-msvc -fexceptions -fcxx-exceptions -fms-extensions
// MSVC C++ EH: catchswitch/catchpad/catchret/cleanuppad/cleanupret, funclet operand bundles,
// dllexport/dllimport and mangled quoted names.
struct Res { int *p; explicit Res(int *q) : p(q) {} ~Res() { ++*p; } };
__declspec(dllimport) int imported(int);
__declspec(dllexport) int exported(int x) { return x + 1; }
void may_throw(int x) { if (x) throw x; }

__declspec(dllexport) int handler(int x) {
    int n = 0;
    try {
        Res r(&n);
        may_throw(x);
    } catch (int e) {
        return e + imported(n);
    } catch (...) {
        return -1;
    }
    return n;
}

int seh_filter(int x) {
    __try {
        may_throw(x);
    } __finally {
        x++;
    }
    return x;
}
