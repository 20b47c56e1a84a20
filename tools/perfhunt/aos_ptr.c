// aos.c with its loops walking pointers (for (a = p; a < p + n; a++)), as C
// programmers often write them: no integer counter in the IR.
#define AOS_POINTERS
#include "aos.c"
