// Arrays returned by value (sret) from non-inlined functions, closures
// returned as impl Fn and as Box<dyn Fn> capturing an active value, scan
// over a slice, split_at_mut writing both halves of a local buffer,
// chunks_exact with its remainder, and swap/rotate of a local copy: each
// gradient against central differences.  At opt-level=0 the Box<dyn Fn>
// came back from `boxed` as {data, vtable} taken for memory without
// derivatives: the captured x[2]'s gradient was 0 (analysis/activity.py).
use std::process::exit;

extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    fn __enzyme_autodiff(f: extern "C" fn(*const f64, usize) -> f64, ...) -> f64;
}

#[inline(never)]
fn spread(a: f64, b: f64) -> [f64; 5] { [a, a * b, b.exp(), a - b, a * a] }

fn maker(k: f64) -> impl Fn(f64) -> f64 { move |t| (k * t).sin() + t }
fn boxed(k: f64) -> Box<dyn Fn(f64) -> f64> { Box::new(move |t| t * t * k) }

extern "C" fn arrays_closures(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let s = spread(x[0], x[1]);
    let f = maker(0.5);
    let g = boxed(x[2]);
    s.iter().sum::<f64>() * f(x[3]) + g(x[4]) + g(s[2])
}

extern "C" fn buffers(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let running: Vec<f64> = x.iter().scan(1.0, |acc, v| { *acc = *acc * 0.5 + v * v; Some(*acc) }).collect();
    let mut buf = x.to_vec();
    {
        let (lo, hi) = buf.split_at_mut(n / 2);
        for (a, b) in lo.iter_mut().zip(hi.iter_mut()) { let t = *a; *a = *a * *b; *b = t + *b; }
    }
    buf.swap(0, n - 1);
    buf.rotate_left(2);
    let chunks = x.chunks_exact(2);
    let rest: f64 = chunks.remainder().iter().map(|v| v.cos()).sum();
    let pairs: f64 = chunks.map(|c| c[0] * c[1]).sum();
    running.iter().zip(buf.iter()).map(|(r, b)| r * b).sum::<f64>() + pairs * rest
}

include!("central_check.inc");

fn main() {
    let x = vec![0.6, -0.9, 1.1, 0.4, -1.3, 0.8, 1.7];
    let mut ok = true;
    ok &= grad!(arrays_closures, x);
    ok &= grad!(buffers, x);
    exit(if ok { 0 } else { 1 });
}
