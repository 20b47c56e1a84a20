// std::bind of a virtual member function and of a plain one, called inside
// the differentiated function, in reverse and forward mode.  The shadow
// object's vtable pointer is set to __enzyme_virtualreverse of its vtable, as
// for any virtual call in reverse mode (left as the primal's, the program
// stops naming the call: its slot holds no derivative table).  At -O0
// clang keeps the member-function pointer as an integer, called through a
// phi of the vtable's slot and `inttoptr` of the integer; forward mode was
// refused there ("has no shadow"), though it picks the tangent function by
// the primal pointer and needs no shadow of it.  Checked against central
// differences.
#include <cmath>
#include <functional>

#include "../check.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;
template <typename T> T __enzyme_virtualreverse(T);

struct Law {
    double k;
    virtual double rate(double x) const { return -k * x * x; }
    double damp(double x) const { return x * (1.0 - 0.1 * k); }
    virtual ~Law() {}
};
struct Wave : Law {
    double rate(double x) const override { return std::sin(k * x) + k; }
};

template <class G>
__attribute__((noinline)) double settle(G g, double x, int n) {
    for (int i = 0; i < n; ++i) x = x + 0.1 * g(x);
    return x;
}

__attribute__((noinline)) double run(Law *law, double x) {
    using namespace std::placeholders;
    x = settle(std::bind(&Law::rate, law, _1), x, 3);
    return settle(std::bind(&Law::damp, law, _1), x, 2);
}

template <class L> static int check(double k0, double x) {
    L law, shadow, tangent;
    law.k = k0;
    shadow.k = 0;
    *(void **)&shadow = __enzyme_virtualreverse(*(void **)&shadow);
    double wx = CENTRAL_DIFFERENCE(x, 1e-6, run(&law, x));
    double wk = CENTRAL_DIFFERENCE(law.k, 1e-6, run(&law, x));
    double dx = __enzyme_autodiff((void *)run, enzyme_dup, &law, &shadow, x);
    int bad = !check_close("reverse dx", 0, dx, wx) + !check_close("reverse dk", 0, shadow.k, wk);
    tangent.k = 1;
    double tk = __enzyme_fwddiff((void *)run, enzyme_dup, &law, &tangent, x, 0.0);
    tangent.k = 0;
    double tx = __enzyme_fwddiff((void *)run, enzyme_dup, &law, &tangent, x, 1.0);
    return bad + !check_close("forward dk", 0, tk, wk) + !check_close("forward dx", 0, tx, wx);
}

int main() {
    int bad = 0;
    for (double k = 0.3; k < 1.5; k += 0.5)
        bad += check<Law>(k, 0.9) + check<Wave>(k, 0.7);
    return bad != 0;
}
