// A function instrumented by MemorySanitizer is refused where it is
// differentiated, naming the sanitizer and the attribute that takes the
// instrumentation off it: its shadow propagation reads and writes memory of
// its own at addresses made by integer arithmetic (`p ^ C`), which a
// derivative's shadows cannot follow (before: a located error about a
// pointer made of an integer).  Both modes, clang 14 and 19.  At -O0 it
// writes its shadow of a local even in a function it does not instrument
// (no_sanitize on it: -DOK -DSAN): refused, naming it and -O1.
// ThreadSanitizer's C11 atomics (`__tsan_atomic64_load` of a double's bits,
// -DATOMIC) are refused, naming it (before: a call without a rule).
// AddressSanitizer's and ThreadSanitizer's plain instrumentation is
// differentiated (-DFWD or not, its checks stay in the derivative;
// tests/e2e/memory/[at]san_instrumented.c run it; before: '__tsan_read8'
// without a derivative).  With the differentiated function left out
// (no_sanitize on it: -DOK), the caller stays instrumented: its check of the
// marker load keeps the marker's address, so the check gets an int of its
// own to look at (before: an undefined reference to 'enzyme_dup' at link
// time).
// RUN: %clang -O0 -fsanitize=address -S -emit-llvm %s -o %t.a0.ll
// RUN: enzyme-opt %t.a0.ll -o %t.a0.out.ll
// RUN: FileCheck --check-prefix=ASAN %s < %t.a0.out.ll
// RUN: %clang14 -O1 -DFWD -fsanitize=address -S -emit-llvm %s -o %t.a14.ll
// RUN: enzyme-opt %t.a14.ll -o %t.a14.out.ll
// RUN: FileCheck --check-prefix=ASAN %s < %t.a14.out.ll
// RUN: %clang -O0 -fsanitize=memory -S -emit-llvm %s -o %t.m0.ll
// RUN: not enzyme-opt %t.m0.ll -o %t.m0.out.ll 2>&1 | FileCheck --check-prefix=MSAN %s
// RUN: %clang14 -O2 -DFWD -fsanitize=memory -S -emit-llvm %s -o %t.m14.ll
// RUN: not enzyme-opt %t.m14.ll -o %t.m14.out.ll 2>&1 | FileCheck --check-prefix=MSAN %s
// RUN: %clang -O0 -DOK -DSAN=memory -fsanitize=memory -S -emit-llvm %s -o %t.mok.ll
// RUN: not enzyme-opt %t.mok.ll -o %t.mok.out.ll 2>&1 | FileCheck --check-prefix=MSAN0 %s
// RUN: %clang -O0 -fsanitize=thread -S -emit-llvm %s -o %t.t0.ll
// RUN: enzyme-opt %t.t0.ll -o %t.t0.out.ll
// RUN: FileCheck --check-prefix=TSAN %s < %t.t0.out.ll
// RUN: %clang14 -O2 -DFWD -fsanitize=thread -S -emit-llvm %s -o %t.t14.ll
// RUN: enzyme-opt %t.t14.ll -o %t.t14.out.ll
// RUN: FileCheck --check-prefix=TSAN %s < %t.t14.out.ll
// RUN: %clang -O2 -DATOMIC -fsanitize=thread -S -emit-llvm %s -o %t.ta.ll
// RUN: not enzyme-opt %t.ta.ll -o %t.ta.out.ll 2>&1 | FileCheck --check-prefix=TATOMIC %s
// RUN: %clang14 -O0 -DATOMIC -DFWD -fsanitize=thread -S -emit-llvm %s -o %t.ta14.ll
// RUN: not enzyme-opt %t.ta14.ll -o %t.ta14.out.ll 2>&1 | FileCheck --check-prefix=TATOMIC %s
// RUN: %clang -O0 -DOK -fsanitize=address -S -emit-llvm %s -o %t.ok.ll
// RUN: enzyme-opt %t.ok.ll -o %t.ok.out.ll
// RUN: FileCheck --check-prefix=KEPT %s < %t.ok.out.ll
// RUN: %clang14 -O2 -DOK -DFWD -fsanitize=thread -S -emit-llvm %s -o %t.okt.ll
// RUN: enzyme-opt %t.okt.ll -o %t.okt.out.ll
// RUN: FileCheck --check-prefix=KEPTT %s < %t.okt.out.ll

// ASAN: @enzyme_opt.checked_marker = internal global i32 0
// ASAN: define {{.*}} @{{diffe|fwddiffe}}_f(
// ASAN: call void @__asan_report_load8(
// MSAN: error: cannot differentiate 'f': it is instrumented by MemorySanitizer (-fsanitize=memory), {{.*}}no_sanitize("memory"){{.*}} in function 'f'
// MSAN0: error: cannot differentiate 'f': it is instrumented by MemorySanitizer (-fsanitize=memory), {{.*}}at -O1 or higher: at -O0 it still clears its shadow of their locals) in function 'f'
// TSAN: define {{.*}} @{{diffe|fwddiffe}}_f(
// TSAN: call void @__tsan_read8(
// TATOMIC: error: cannot differentiate 'f': it is instrumented by ThreadSanitizer (-fsanitize=thread), {{.*}}(__attribute__((no_sanitize("thread"))) on the functions differentiated) in function 'f'
// TATOMIC-NEXT: call {{.*}}@__tsan_atomic64_load(
// KEPT: @enzyme_opt.checked_marker = internal global i32 0
// KEPT: call void @__asan_report_load4(i64 ptrtoint (ptr @enzyme_opt.checked_marker to i64))
// KEPTT: @enzyme_opt.checked_marker = internal global i32 0
// KEPTT: call void @__tsan_read4(i8* bitcast (i32* @enzyme_opt.checked_marker to i8*))

extern int enzyme_dup;
extern void __enzyme_autodiff(void *, ...);
extern void __enzyme_fwddiff(void *, ...);

#ifdef OK
#if defined(SAN)
__attribute__((no_sanitize("memory")))
#elif defined(FWD)
__attribute__((no_sanitize("thread")))
#else
__attribute__((no_sanitize("address")))
#endif
#endif
#ifdef ATOMIC
double f(_Atomic double *x, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i] * x[i];
    return s;
}
#else
double f(double *x, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i] * x[i];
    return s;
}
#endif

#ifdef ATOMIC
void grad(_Atomic double *x, _Atomic double *d, int n) {
#else
void grad(double *x, double *d, int n) {
#endif
#ifdef FWD
    __enzyme_fwddiff((void *)f, enzyme_dup, x, d, n);
#else
    __enzyme_autodiff((void *)f, enzyme_dup, x, d, n);
#endif
}
