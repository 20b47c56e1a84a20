// CFLAGS: -ffast-math -march=haswell
// struct_pointer_lanes.c with AVX2: the structs are stored as <8 x ptr>, and
// `copied` reads its copy back as <8 x double>, the pointers' bits shuffled
// out of the double lanes and gathered through (refused before: the copy's
// memcpy saw pointers typed as doubles; a pointer read through a double
// lane lost its shadow, tests/lit/pointer-lanes-loads.ll).
#include "struct_pointer_lanes.c"
