// Address-space qualified pointers (ptr addrspace(N) / T addrspace(N)*).
#define AS1 __attribute__((address_space(1)))
#define AS3 __attribute__((address_space(3)))

AS1 int global_in_as1 = 5;
int AS1 *as1_ptr = &global_in_as1;

int load_as1(AS1 int *p) { return *p; }
void store_as3(AS3 float *p, float v) { p[2] = v; }
long cast_back(AS1 char *p) { return (long)p; }
AS1 int *from_int(long x) { return (AS1 int *)x; }
int sum_as1(AS1 const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
