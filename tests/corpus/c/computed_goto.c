// Labels as values (GNU computed goto): blockaddress and indirectbr.
int interp(const unsigned char *code, int n) {
    static void *dispatch[] = { &&op_inc, &&op_dec, &&op_dbl, &&op_halt };
    int acc = 0, pc = 0;
#define NEXT do { if (pc >= n) return acc; goto *dispatch[code[pc++] & 3]; } while (0)
    NEXT;
op_inc:
    acc++;
    NEXT;
op_dec:
    acc--;
    NEXT;
op_dbl:
    acc *= 2;
    NEXT;
op_halt:
    return acc;
}

void *label_addr(int i) {
    void *p = i ? &&yes : &&no;
    goto *p;
yes:
    return &&yes;
no:
    return &&no;
}
