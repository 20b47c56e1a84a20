// CFLAGS: -std=c++20
// C++20 coroutines: token-typed intrinsics (llvm.coro.*), `none` tokens.
#include <coroutine>

struct Gen {
    struct promise_type {
        int value = 0;
        Gen get_return_object() { return Gen{ std::coroutine_handle<promise_type>::from_promise(*this) }; }
        std::suspend_always initial_suspend() noexcept { return {}; }
        std::suspend_always final_suspend() noexcept { return {}; }
        std::suspend_always yield_value(int v) { value = v; return {}; }
        void return_void() {}
        void unhandled_exception() {}
    };
    std::coroutine_handle<promise_type> h;
    ~Gen() { if (h) h.destroy(); }
};

Gen counter(int n) {
    for (int i = 0; i < n; i++) co_yield i * i;
}

int drain(int n) {
    Gen g = counter(n);
    int s = 0;
    while (!g.h.done()) { g.h.resume(); s += g.h.promise().value; }
    return s;
}
