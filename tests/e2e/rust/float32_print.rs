// f32 throughout, println! inside the differentiated function.  Rust cannot
// pass an f32 through `...`, so each use of the API has an exact prototype
// (any name starting with `__enzyme_autodiff` is the entry point); markers
// are passed by value.
use std::process::exit;

extern "C" {
    static enzyme_const: i32;
    static enzyme_dup: i32;
    fn __enzyme_autodiff_dx(f: extern "C" fn(f32, f32) -> f32, x: f32, c: i32, y: f32) -> f32;
    fn __enzyme_autodiff_dy(f: extern "C" fn(f32, f32) -> f32, c: i32, x: f32, y: f32) -> f32;
    fn __enzyme_fwddiff_f32(f: extern "C" fn(f32, f32) -> f32, x: f32, dx: f32, y: f32,
                            dy: f32) -> f32;
    fn __enzyme_autodiff_slice(f: extern "C" fn(*const f32, usize) -> f32, d: i32,
                               x: *const f32, dx: *mut f32, c: i32, n: usize);
}

extern "C" fn model(x: f32, y: f32) -> f32 {
    let r = x * y.exp() + (x * x + 1.0).sqrt() * y;
    println!("model({}, {}) = {}", x, y, r);
    r
}

extern "C" fn norm(x: *const f32, n: usize) -> f32 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let s: f32 = x.iter().map(|v| v * v).sum();
    println!("|x|^2 = {}", s);
    s.sqrt()
}

fn main() {
    let (x, y) = (1.5f32, 0.4f32);
    let r = (x * x + 1.0).sqrt();
    let (want_dx, want_dy) = (y.exp() + x / r * y, x * y.exp() + r);
    let mut bad = false;
    let mut check = |what: &str, got: f32, want: f32| {
        if (got - want).abs() > 1e-5 * (1.0 + want.abs()) {
            println!("MISMATCH {}: got {}, want {}", what, got, want);
            bad = true;
        }
    };
    unsafe {
        check("dx", __enzyme_autodiff_dx(model, x, enzyme_const, y), want_dx);
        check("dy", __enzyme_autodiff_dy(model, enzyme_const, x, y), want_dy);
        check("tangent", __enzyme_fwddiff_f32(model, x, 1.0, y, 2.0), want_dx + 2.0 * want_dy);
        let v = [0.5f32, -1.0, 2.0];
        let mut dv = [0.0f32; 3];
        __enzyme_autodiff_slice(norm, enzyme_dup, v.as_ptr(), dv.as_mut_ptr(), enzyme_const, 3);
        let len = v.iter().map(|a| a * a).sum::<f32>().sqrt();
        for i in 0..3 {
            check(&format!("dv[{}]", i), dv[i], v[i] / len);
        }
    }
    exit(if bad { 1 } else { 0 });
}
