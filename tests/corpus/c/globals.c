// Globals with assorted linkage, visibility, sections, aliases, weak symbols, constructors.
#include <stddef.h>

int counter;
static int hidden_counter = 5;
const double pi_table[4] = { 3.14159, 2.71828, 1.41421, 1.73205 };
extern int external_value;
__attribute__((weak)) int weak_value = 3;
__attribute__((visibility("hidden"))) int hidden_value = 4;
__attribute__((visibility("protected"))) int protected_value = 4;
__attribute__((section(".mydata"))) int in_section = 9;
__attribute__((aligned(64))) char aligned_buf[128];
__attribute__((used)) static int used_static = 1;
int *ptr_to_counter = &counter;
const char *const names[] = { "alpha", "beta", "gamma" };
int matrix[3][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
struct pair { int a; double b; } pairs[2] = { { 1, 2.0 }, { 3, 4.0 } };
void (*handler)(int);
char *end_of_buf = aligned_buf + 128;
long addr_diff = (long)((char *)&pairs[1] - (char *)&pairs[0]);

int real_function(int x) { return x + counter + hidden_counter + external_value; }
int alias_function(int) __attribute__((alias("real_function")));
extern int counter_alias __attribute__((alias("counter")));

__attribute__((weak)) int weak_function(void) { return 1; }
__attribute__((constructor)) static void init(void) { counter = 1; }
__attribute__((destructor(200))) static void fini(void) { counter = 0; }
__attribute__((noinline, cold)) int cold_path(int x) { return x * 3; }
__attribute__((always_inline)) static inline int hot_path(int x) { return x * 2; }
__attribute__((noreturn)) void die(void) { __builtin_trap(); }

int use_all(int i) {
    used_static++;
    if (i > 100) die();
    return real_function(i) + alias_function(i) + weak_value + hidden_value + in_section +
           aligned_buf[i & 127] + *ptr_to_counter + names[i % 3][0] + matrix[i % 3][i % 2] +
           (int)pairs[i & 1].b + cold_path(i) + hot_path(i) + (int)pi_table[i & 3] + (int)addr_diff;
}
