// Inline assembly: outputs/inputs/clobbers, volatile, memory clobbers, asm goto (callbr),
// register variables, intel syntax and file-scope asm.
__asm__(".globl file_scope_symbol\nfile_scope_symbol:\n\tret");

unsigned long rdtsc(void) {
    unsigned hi, lo;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((unsigned long)hi << 32) | lo;
}

int add_asm(int a, int b) {
    int r;
    __asm__("addl %2, %0" : "=r"(r) : "0"(a), "r"(b) : "cc");
    return r;
}

void barrier(void) { __asm__ __volatile__("" ::: "memory"); }

int bit_test(unsigned long x, int bit) {
    __asm__ goto("btq %1, %0\n\tjc %l[set]" : : "r"(x), "r"((long)bit) : "cc" : set);
    return 0;
set:
    return 1;
}

int intel(int x) {
    int r;
    __asm__(".intel_syntax noprefix\n\tlea %0, [%1 + 1]\n\t.att_syntax" : "=r"(r) : "r"(x));
    return r;
}

double sqrt_asm(double x) { double r; __asm__("sqrtsd %1, %0" : "=x"(r) : "x"(x)); return r; }
