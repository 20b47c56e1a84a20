// f32 kernels and mixed f32/f64: active scalars through exact prototypes,
// one at a time with the other enzyme_const (rustc returns a #[repr(C)]
// struct of two f32 as one `double`, and of an f32 and an f64 as
// `{double, double}`: both refused, since a double may equally be a
// double), an f32 slice with ln/max/fold and an f64 accumulator.  Closed
// forms.
use std::process::exit;


extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    fn __enzyme_autodiff_two(f: extern "C" fn(f32, f32) -> f32, x: f32, m: i32, y: f32) -> f32;
    fn __enzyme_autodiff_two_y(f: extern "C" fn(f32, f32) -> f32, m: i32, x: f32, y: f32) -> f32;
    fn __enzyme_autodiff_mixed(f: extern "C" fn(f32, f64) -> f64, x: f32, m: i32, y: f64) -> f32;
    fn __enzyme_autodiff_mixed_y(f: extern "C" fn(f32, f64) -> f64, m: i32, x: f32, y: f64) -> f64;
    fn __enzyme_autodiff(f: extern "C" fn(*const f32, usize) -> f64, ...) -> f64;
}

extern "C" fn two(x: f32, y: f32) -> f32 { x.powi(3) * y.sqrt() + x.mul_add(y, 1.0).exp() + x.max(y) }

extern "C" fn mixed(x: f32, y: f64) -> f64 { (x as f64) * y.sin() + (x * x) as f64 * y }

extern "C" fn slice_sum(x: *const f32, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    x.iter().map(|&v| (v * v + 1.0).ln() as f64).sum::<f64>() + x.iter().fold(0.0f32, |a, &v| a.max(v * 2.0)) as f64
}

fn close(what: &str, got: f64, want: f64) -> bool {
    let ok = (got - want).abs() <= 1e-5 * (1.0 + want.abs());
    if !ok { println!("MISMATCH {}: got {}, want {}", what, got, want); }
    ok
}

fn main() {
    let mut ok = true;
    let (x, y) = (0.8f32, 1.7f32);
    let e = x.mul_add(y, 1.0).exp();
    let gx = unsafe { __enzyme_autodiff_two(two, x, enzyme_const, y) };
    ok &= close("two dx", gx as f64, (3.0 * x * x * y.sqrt() + y * e + 0.0) as f64);
    let gy = unsafe { __enzyme_autodiff_two_y(two, enzyme_const, x, y) };
    ok &= close("two dy", gy as f64, (x.powi(3) * 0.5 / y.sqrt() + x * e + 1.0) as f64);
    let ym = 0.6f64;
    let mx = unsafe { __enzyme_autodiff_mixed(mixed, x, enzyme_const, ym) };
    ok &= close("mixed dx", mx as f64, ym.sin() + 2.0 * (x as f64) * ym);
    let my = unsafe { __enzyme_autodiff_mixed_y(mixed, enzyme_const, x, ym) };
    ok &= close("mixed dy", my, (x as f64) * ym.cos() + (x * x) as f64);
    let v: Vec<f32> = vec![0.3, -1.2, 0.9, 2.2, -0.4];
    let mut dv = vec![0.0f32; v.len()];
    unsafe { __enzyme_autodiff(slice_sum, enzyme_dup, v.as_ptr(), dv.as_mut_ptr(), enzyme_const, v.len()); }
    for i in 0..v.len() {
        let want = 2.0 * v[i] as f64 / (v[i] as f64 * v[i] as f64 + 1.0) + if i == 3 { 2.0 } else { 0.0 };
        ok &= close("slice", dv[i] as f64, want);
    }
    exit(if ok { 0 } else { 1 });
}
