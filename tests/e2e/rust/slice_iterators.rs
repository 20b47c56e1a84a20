// A slice walked by iterators and closures: sum of w_i * sin(x_i)^2 over
// a zip, plus a fold.  Reverse mode through `enzyme_dup` on the slice's
// pointer, the length constant.
use std::process::exit;

extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    fn __enzyme_autodiff(f: extern "C" fn(*const f64, usize) -> f64, ...) -> f64;
}

extern "C" fn energy(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let weight = |i: usize| 1.0 + 0.5 * i as f64;
    let squares: f64 = x.iter().enumerate().map(|(i, v)| weight(i) * v.sin().powi(2)).sum();
    let product = x.iter().fold(1.0, |acc, v| acc * (1.0 + 0.1 * v));
    squares + product
}

fn main() {
    let x: Vec<f64> = (0..6).map(|i| 0.2 + 0.3 * i as f64).collect();
    let mut dx = vec![0.0f64; x.len()];
    unsafe {
        __enzyme_autodiff(energy, enzyme_dup, x.as_ptr(), dx.as_mut_ptr(), enzyme_const, x.len());
    }
    let product: f64 = x.iter().map(|v| 1.0 + 0.1 * v).product();
    let mut bad = false;
    for i in 0..x.len() {
        let want = (1.0 + 0.5 * i as f64) * 2.0 * x[i].sin() * x[i].cos()
            + product * 0.1 / (1.0 + 0.1 * x[i]);
        if (dx[i] - want).abs() > 1e-12 * (1.0 + want.abs()) {
            println!("MISMATCH dx[{}]: got {}, want {}", i, dx[i], want);
            bad = true;
        }
    }
    exit(if bad { 1 } else { 0 });
}
