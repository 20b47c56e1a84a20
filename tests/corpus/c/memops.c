// memcpy / memmove / memset, struct copies and zero initialisation.
#include <string.h>

struct blob { char name[24]; double vals[8]; int n; };

void copy_blob(struct blob *dst, const struct blob *src) { *dst = *src; }
void clear(struct blob *b) { memset(b, 0, sizeof *b); }
void shift(char *buf, size_t n) { memmove(buf + 1, buf, n - 1); }
void fill(double *d, int n) { for (int i = 0; i < n; i++) d[i] = 0.0; }
struct blob make(void) { struct blob b = { "name", { 1, 2, 3 }, 3 }; return b; }
void copy_array(int *restrict d, const int *restrict s, int n) { memcpy(d, s, n * sizeof *d); }
int cmp_blobs(const struct blob *a, const struct blob *b) { return memcmp(a, b, sizeof *a); }
void init_large(void) { static char big[4096]; memset(big, 0xab, sizeof big); }
