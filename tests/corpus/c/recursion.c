// Recursion: direct, mutual, tail recursion, recursion over a tree.
#include <stdlib.h>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
long ack(long m, long n) { return m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1)); }
int is_even(unsigned n);
int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
long gcd(long a, long b) { return b == 0 ? a : gcd(b, a % b); }
double power(double x, unsigned n) { if (n == 0) return 1; double h = power(x, n / 2); return n & 1 ? h * h * x : h * h; }

struct node { int key; struct node *left, *right; };
struct node *insert(struct node *t, int k) {
    if (!t) { t = calloc(1, sizeof *t); t->key = k; return t; }
    if (k < t->key) t->left = insert(t->left, k); else t->right = insert(t->right, k);
    return t;
}
int depth(const struct node *t) { if (!t) return 0; int l = depth(t->left), r = depth(t->right); return 1 + (l > r ? l : r); }
void free_tree(struct node *t) { if (t) { free_tree(t->left); free_tree(t->right); free(t); } }
