// f64 methods (powf, hypot, mul_add, abs, ln, exp, powi, cbrt, log10,
// tanh), max/min against a NaN (the other operand's derivative), clamp,
// structs returned by value from non-inlined functions, a generic function
// monomorphized for two trait impls, bounds checks and an assert whose
// panics are not taken, a local Vec with windows/chunks/rev/step_by/zip/
// fold: each gradient against central differences.  (A helper returning
// the tuple of the active slice and the enzyme_const one is refused at
// opt-level=0: the constant pointer is stored beside the shadowed one.)
use std::process::exit;

extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    fn __enzyme_autodiff(f: extern "C" fn(*const f64, usize, *const f64) -> f64, ...) -> f64;
}

type Kernel = extern "C" fn(*const f64, usize, *const f64) -> f64;

extern "C" fn methods(x: *const f64, n: usize, _c: *const f64) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    x[0].powf(x[1]) + x[0].hypot(x[2]) + x[1].mul_add(x[2], x[3]).sqrt() + x[2].abs()
        + x[3].ln() * x[1].exp() + x[0].powi(-3) + x[1].cbrt() + x[3].log10() + x[2].tanh()
}

extern "C" fn max_min_nan(x: *const f64, n: usize, c: *const f64) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) }; let c = unsafe { std::slice::from_raw_parts(c, 4) };
    // c[0] is NaN: max and min return the other operand (IEEE maxNum).
    x[0].max(c[0]) * 2.0 + c[0].min(x[1]) * 3.0 + x[2].max(x[3]) + x[2].min(x[3]) * 5.0
        + x[0].clamp(0.0, 1.0)
}

#[derive(Clone, Copy)]
struct Trio { a: f64, b: f64, c: f64 }

#[inline(never)]
fn trio(u: f64, v: f64) -> Trio { Trio { a: u * v, b: u.sin() + v, c: u / v } }

#[derive(Clone, Copy)]
struct Pair { a: f64, b: f64 }

#[inline(never)]
fn pair(u: f64, v: f64) -> Pair { Pair { a: u * u * v, b: v.exp() - u } }

extern "C" fn structs_by_value(x: *const f64, n: usize, _c: *const f64) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let t = trio(x[0], x[1]);
    let p = pair(t.c, x[2]);
    t.a * p.b + t.b * p.a + p.a * x[3]
}

trait Shape { fn area(&self) -> f64; }
struct Circle(f64);
struct Rect { w: f64, h: f64 }
impl Shape for Circle { fn area(&self) -> f64 { 3.0 * self.0 * self.0 } }
impl Shape for Rect { fn area(&self) -> f64 { self.w * self.h } }

#[inline(never)]
fn total<S: Shape>(items: &[S]) -> f64 { items.iter().map(|s| s.area()).sum() }

extern "C" fn generics(x: *const f64, n: usize, _c: *const f64) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let circles = [Circle(x[0]), Circle(x[1])];
    let rects = [Rect { w: x[2], h: x[3] }, Rect { w: x[0], h: x[3] }];
    total(&circles) * total(&rects)
}

extern "C" fn bounds_checked(x: *const f64, n: usize, c: *const f64) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) }; let c = unsafe { std::slice::from_raw_parts(c, 4) };
    let k = c[1] as usize; // 2 at run time: every index is in bounds
    assert!(n > k, "short input");
    let y = x[k] * x[k + 1] + x[(k * 7) % n];
    let z = x.get(k + 10).copied().unwrap_or(x[0]);
    y * z + x.get(1).map_or(0.0, |v| v * v)
}

extern "C" fn local_vec(x: *const f64, n: usize, _c: *const f64) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let sq: Vec<f64> = x.iter().map(|v| v * v + 1.0).collect();
    let diffs: f64 = sq.windows(2).map(|w| (w[1] - w[0]) * w[0]).sum();
    let chunks: f64 = x.chunks(2).map(|ch| ch.iter().product::<f64>()).sum();
    let back: f64 = x.iter().rev().step_by(2).zip(sq.iter().skip(1)).fold(0.0, |a, (u, v)| a + u * v);
    diffs + chunks * back
}

fn check(name: &str, f: Kernel, got: &[f64], x: &[f64], c: &[f64]) -> bool {
    let mut ok = true;
    for i in 0..x.len() {
        let h = 1e-6 * (1.0 + x[i].abs());
        let mut xp = x.to_vec(); xp[i] += h;
        let mut xm = x.to_vec(); xm[i] -= h;
        let want = (f(xp.as_ptr(), x.len(), c.as_ptr()) - f(xm.as_ptr(), x.len(), c.as_ptr())) / (2.0 * h);
        if !((got[i] - want).abs() <= 1e-6 * (1.0 + want.abs())) {
            println!("MISMATCH {} dx[{}]: got {}, want {}", name, i, got[i], want);
            ok = false;
        }
    }
    ok
}

macro_rules! grad {
    ($f:ident, $x:expr, $c:expr) => {{
        let mut dx = vec![0.0f64; $x.len()];
        unsafe {
            __enzyme_autodiff($f, enzyme_dup, $x.as_ptr(), dx.as_mut_ptr(), enzyme_const, $x.len(),
                              enzyme_const, $c.as_ptr());
        }
        check(stringify!($f), $f, &dx, &$x, &$c)
    }};
}

fn main() {
    let x = vec![0.7, 1.3, -0.4, 2.1];
    let c = vec![f64::NAN, 2.0, 0.0, 0.0];
    let mut ok = true;
    ok &= grad!(methods, x, c);
    ok &= grad!(max_min_nan, x, c);
    ok &= grad!(structs_by_value, x, c);
    ok &= grad!(generics, x, c);
    ok &= grad!(bounds_checked, x, c);
    let x5 = vec![0.7, 1.3, -0.4, 2.1, 0.9];
    ok &= grad!(local_vec, x5, c);
    exit(if ok { 0 } else { 1 });
}
