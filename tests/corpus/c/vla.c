// Variable length arrays, alloca and dynamic stack allocation (stacksave/stackrestore).
#include <alloca.h>
#include <string.h>

double vla_sum(int n, int m, double a[n][m]) {
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) s += a[i][j];
    return s;
}

int local_vla(int n) {
    int buf[n];
    for (int i = 0; i < n; i++) buf[i] = i * i;
    int s = 0;
    for (int k = 0; k < 3; k++) {
        char tmp[n + k];
        memset(tmp, k, sizeof tmp);
        s += tmp[n - 1];
    }
    return s + buf[n / 2];
}

char *use_alloca(int n) {
    char *p = alloca(n);
    memset(p, 'a', n);
    return p[0] == 'a' ? "ok" : "bad";
}
