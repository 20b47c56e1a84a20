// Exceptions: throw/catch by type, catch(...), rethrow, nested try, cleanups during unwinding,
// noexcept functions (terminate), exception objects with destructors.
#include <stdexcept>
#include <cstdio>

struct Guard {
    int *counter;
    explicit Guard(int *c) : counter(c) { ++*counter; }
    ~Guard() { --*counter; }
};

struct MyError {
    int code;
    explicit MyError(int c) : code(c) {}
    virtual ~MyError() {}
};

int may_throw(int x) {
    if (x < 0) throw std::invalid_argument("negative");
    if (x == 0) throw MyError(42);
    if (x > 1000) throw 3.5;
    return x * 2;
}

int catcher(int x) {
    int live = 0;
    try {
        Guard g(&live);
        return may_throw(x);
    } catch (const std::invalid_argument &e) {
        return -1;
    } catch (MyError &e) {
        return e.code;
    } catch (...) {
        return -99;
    }
}

int rethrower(int x) {
    try {
        try {
            return may_throw(x);
        } catch (MyError &) {
            std::puts("rethrowing");
            throw;
        }
    } catch (const MyError &e) {
        return e.code + 1;
    } catch (double d) {
        return (int)d;
    }
}

int no_throw(int x) noexcept { return may_throw(x); }

void cleanup_only(int x) {
    Guard a(&x), b(&x);
    may_throw(x);
}
