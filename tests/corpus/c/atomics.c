// C11 atomics and GNU __atomic builtins: every ordering, rmw ops, cmpxchg, fences.
#include <stdatomic.h>
#include <stdbool.h>

_Atomic int ai;
_Atomic long al;
_Atomic double ad;
atomic_flag flag = ATOMIC_FLAG_INIT;
int plain;

int rmw(int v) {
    int r = atomic_fetch_add(&ai, v);
    r += atomic_fetch_sub_explicit(&ai, 1, memory_order_relaxed);
    r += atomic_fetch_and_explicit(&ai, 0xff, memory_order_acquire);
    r += atomic_fetch_or_explicit(&ai, 0x100, memory_order_release);
    r += atomic_fetch_xor_explicit(&ai, 3, memory_order_acq_rel);
    r += atomic_exchange(&ai, 7);
    r += __atomic_fetch_nand(&plain, 5, __ATOMIC_SEQ_CST);
    r += __atomic_fetch_max(&plain, v, __ATOMIC_RELAXED);
    r += __atomic_fetch_min(&plain, v, __ATOMIC_RELAXED);
    r += __atomic_fetch_max((unsigned *)&plain, (unsigned)v, __ATOMIC_RELAXED);
    return r;
}

bool cas(long expected, long desired) {
    bool a = atomic_compare_exchange_strong(&al, &expected, desired);
    bool b = atomic_compare_exchange_weak_explicit(&al, &expected, desired, memory_order_acq_rel, memory_order_acquire);
    return a && b;
}

double fadd(double v) { ad += v; return atomic_load_explicit(&ad, memory_order_consume); }
#if defined(__clang_major__) && __clang_major__ >= 15
float fmaxf_atomic(float *p, float v) { return __atomic_fetch_max(p, v, __ATOMIC_SEQ_CST); }
#endif

void fences(void) {
    atomic_thread_fence(memory_order_seq_cst);
    atomic_thread_fence(memory_order_acquire);
    atomic_signal_fence(memory_order_release);
    while (atomic_flag_test_and_set(&flag)) {}
    atomic_flag_clear(&flag);
    atomic_store_explicit(&ai, 1, memory_order_release);
    __atomic_store_n(&plain, 2, __ATOMIC_RELAXED);
    (void)__atomic_load_n(&plain, __ATOMIC_ACQUIRE);
}

int volatile_ops(volatile int *p) { *p = 3; return *p + __sync_fetch_and_add(p, 1) + __sync_val_compare_and_swap(p, 1, 2); }
