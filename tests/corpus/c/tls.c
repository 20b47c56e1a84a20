// Thread-local storage with different TLS models.
_Thread_local int tl_counter;
__thread double tl_sum = 1.0;
static _Thread_local int tl_static[4];
__attribute__((tls_model("initial-exec"))) _Thread_local int tl_ie;
__attribute__((tls_model("local-exec"))) _Thread_local int tl_le;
__attribute__((tls_model("local-dynamic"))) _Thread_local int tl_ld;
extern _Thread_local int tl_extern;

int bump(int i) {
    tl_counter += i;
    tl_sum *= 1.5;
    tl_static[i & 3]++;
    return tl_counter + tl_ie + tl_le + tl_ld + tl_extern + (int)tl_sum;
}
int *addr(void) { return &tl_counter; }
