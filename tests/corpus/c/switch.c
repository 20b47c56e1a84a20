// Switch statements: dense (jump/lookup tables), sparse, fallthrough, string of cases.
int dense(int x) {
    switch (x) {
    case 0: return 10;
    case 1: return 11;
    case 2: return 13;
    case 3: return 17;
    case 4: return 19;
    case 5: return 23;
    case 6: return 29;
    default: return -1;
    }
}

const char *name(int x) {
    switch (x) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    case 3: return "three";
    default: return "many";
    }
}

int sparse(long x) {
    int r = 0;
    switch (x) {
    case -5: r += 1;
    case 100: r += 2; break;
    case 1000000: r = 7; break;
    case 1L << 40: r = 9; break;
    default: r = (int)x;
    }
    return r;
}

double by_char(char c, double v) {
    switch (c) {
    case '+': return v + 1;
    case '-': return v - 1;
    case '*': return v * 2;
    case '/': return v / 2;
    }
    return v;
}
