// A Vec built inside the differentiated function (collect, then push:
// __rust_alloc and __rust_realloc), a closure capturing an argument, and
// println! of an active value; the gradient against central differences.
use std::process::exit;

extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    static enzyme_out: i32;
    fn __enzyme_autodiff(f: extern "C" fn(*const f64, usize, f64) -> f64, ...) -> f64;
}

extern "C" fn spread(x: *const f64, n: usize, scale: f64) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let shift = |v: &f64| scale * v + 0.25;
    let mut shifted: Vec<f64> = x.iter().map(shift).collect();
    for k in 0..3 {
        shifted.push(scale * (k as f64) * x[k]);
    }
    let mean = shifted.iter().sum::<f64>() / shifted.len() as f64;
    println!("mean = {:.6}", mean);
    shifted.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>()
}

fn main() {
    let n = 5;
    let x: Vec<f64> = (0..n).map(|i| 0.1 * (i * i) as f64 - 0.3).collect();
    let scale = 1.3;
    let mut dx = vec![0.0f64; n];
    let dscale = unsafe {
        __enzyme_autodiff(spread, enzyme_dup, x.as_ptr(), dx.as_mut_ptr(), enzyme_const, n,
                          enzyme_out, scale)
    };
    let h = 1e-6;
    let mut bad = false;
    let mut check = |what: String, got: f64, want: f64| {
        if (got - want).abs() > 1e-6 * (1.0 + want.abs()) {
            println!("MISMATCH {}: got {}, want {}", what, got, want);
            bad = true;
        }
    };
    for i in 0..n {
        let (mut up, mut down) = (x.clone(), x.clone());
        up[i] += h;
        down[i] -= h;
        let want = (spread(up.as_ptr(), n, scale) - spread(down.as_ptr(), n, scale)) / (2.0 * h);
        check(format!("dx[{}]", i), dx[i], want);
    }
    let want = (spread(x.as_ptr(), n, scale + h) - spread(x.as_ptr(), n, scale - h)) / (2.0 * h);
    check("dscale".to_string(), dscale, want);
    exit(if bad { 1 } else { 0 });
}
