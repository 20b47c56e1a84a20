// CFLAGS: -fsanitize=thread
// LDFLAGS: -fsanitize=thread
// The program of asan_instrumented.c built with ThreadSanitizer: its
// records of each access and call (`__tsan_read8`, `__tsan_func_entry`)
// pass no derivative, its `__tsan_memcpy` is a memcpy.  Reverse, forward
// and split mode; no report, and the gradient is right.  (Before: refused
// at '__tsan_read8', no derivative rule.)
#include "asan_instrumented.c"
