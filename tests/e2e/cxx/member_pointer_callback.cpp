// An integrator that calls its system through C++ member-function pointers,
// as boost::odeint calls its resizer: `(obj.*f)(...)`.  One pointer names a
// plain member (the pointer is the function's address as an integer), the
// other a virtual one (an offset into the vtable, resolved at the call).
// The gradient of the final state with respect to the decay rate is checked
// against central differences.
// At -O0 the member pointer stays a { i64, i64 } in memory and is called
// through `inttoptr` of its integer, merged with the vtable's slot by a phi.
#include <cmath>
#include <cstdio>

extern "C" double __enzyme_autodiff(void *, ...);

struct Decay {
    double rate;
    void rhs(const double *x, double *dxdt) const { dxdt[0] = -rate * x[0] * x[1]; dxdt[1] = rate * x[0]; }
    virtual void damp(double *x) const { x[1] *= 1.0 - 0.01 * rate; }
    virtual ~Decay() {}
};

struct Stiffer : Decay {
    void damp(double *x) const override { x[1] *= 1.0 - 0.02 * rate; }
};

typedef void (Decay::*Rhs)(const double *, double *) const;
typedef void (Decay::*Damp)(double *) const;

struct Euler {
    Rhs rhs;
    Damp damp;
    // The loop runs a whole number of steps: no float comparison decides it.
    void integrate(const Decay &sys, double *x, int steps, double dt) const {
        double dxdt[2];
        for (int i = 0; i < steps; ++i) {
            (sys.*rhs)(x, dxdt);
            x[0] += dt * dxdt[0];
            x[1] += dt * dxdt[1];
            (sys.*damp)(x);
        }
    }
};

__attribute__((noinline)) double final_state(double rate, int kind) {
    Decay plain;
    Stiffer stiff;
    const Decay &sys = kind ? static_cast<const Decay &>(stiff) : plain;
    plain.rate = rate;
    stiff.rate = rate;
    Euler stepper = {&Decay::rhs, &Decay::damp};
    double x[2] = {1.0, 0.5};
    stepper.integrate(sys, x, 20, 0.05);
    return x[0] + 2.0 * x[1];
}

int main() {
    int bad = 0;
    for (int kind = 0; kind < 2; ++kind) {
        for (double rate = 0.3; rate < 2.0; rate += 0.55) {
            double got = __enzyme_autodiff((void *)final_state, rate, kind);
            double h = 1e-6;
            double want = (final_state(rate + h, kind) - final_state(rate - h, kind)) / (2 * h);
            if (!(std::fabs(got - want) <= 1e-6 + 1e-6 * std::fabs(want))) {
                printf("MISMATCH kind %d rate %g: got %.12g, want %.12g\n", kind, rate, got, want);
                bad = 1;
            }
        }
    }
    return bad;
}
