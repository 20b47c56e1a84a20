// small_calls.c with a short loop in the small gradient: a tape per call.
#define SMALL_CALLS_LOOP
#include "small_calls.c"
