// CFLAGS: -ffast-math
// struct_pointer_lanes.c under -ffast-math.
#include "struct_pointer_lanes.c"
