// Vecs that start empty and grow several times inside the differentiated
// function (push in a loop: capacity 0 -> 4 -> 8 -> 16 -> 32, so
// __rust_alloc, then __rust_realloc, or at opt-level 0 RawVec's growth
// code), of f64 and of f32; reverse mode against the closed form, and
// forward mode against reverse.  Every element is read after the last
// growth, so the adjoints must survive each move of the buffer.
use std::process::exit;

extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    fn __enzyme_autodiff(f: extern "C" fn(*const f64, usize) -> f64, ...) -> f64;
    fn __enzyme_fwddiff(f: extern "C" fn(*const f64, usize) -> f64, ...) -> f64;
    fn __enzyme_autodiff_f32(f: extern "C" fn(*const f32, usize) -> f32, d: i32, x: *const f32,
                             dx: *mut f32, c: i32, n: usize);
}

const N: usize = 5;
const M: usize = 23; // pushes: the Vec grows four times

// s = sum_k w_k * (x[k % N] * x[(k + 1) % N] + k), w_k = 1 + k / 8
extern "C" fn grown(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let mut v: Vec<f64> = Vec::new();
    for k in 0..M {
        v.push(x[k % n] * x[(k + 1) % n] + k as f64);
    }
    v.iter().enumerate().map(|(k, t)| (1.0 + k as f64 / 8.0) * t).sum()
}

extern "C" fn grown_f32(x: *const f32, n: usize) -> f32 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let mut v: Vec<f32> = Vec::new();
    for k in 0..M {
        v.push(x[k % n] * x[k % n]);
    }
    v.iter().enumerate().map(|(k, t)| (1.0 + k as f32 / 8.0) * t).sum()
}

fn main() {
    let x: Vec<f64> = (0..N).map(|i| 0.3 * i as f64 - 0.4).collect();
    let mut want = vec![0.0f64; N];
    for k in 0..M {
        let w = 1.0 + k as f64 / 8.0;
        want[k % N] += w * x[(k + 1) % N];
        want[(k + 1) % N] += w * x[k % N];
    }
    let mut bad = false;
    let mut dx = vec![0.0f64; N];
    unsafe { __enzyme_autodiff(grown, enzyme_dup, x.as_ptr(), dx.as_mut_ptr(), enzyme_const, N) };
    for i in 0..N {
        if (dx[i] - want[i]).abs() > 1e-12 * (1.0 + want[i].abs()) {
            println!("MISMATCH dx[{}]: got {}, want {}", i, dx[i], want[i]);
            bad = true;
        }
        let mut e = vec![0.0f64; N];
        e[i] = 1.0;
        let t = unsafe {
            __enzyme_fwddiff(grown, enzyme_dup, x.as_ptr(), e.as_ptr(), enzyme_const, N)
        };
        if (t - want[i]).abs() > 1e-12 * (1.0 + want[i].abs()) {
            println!("MISMATCH forward d/dx[{}]: got {}, want {}", i, t, want[i]);
            bad = true;
        }
    }
    let xf: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let mut dxf = vec![0.0f32; N];
    unsafe { __enzyme_autodiff_f32(grown_f32, enzyme_dup, xf.as_ptr(), dxf.as_mut_ptr(),
                                   enzyme_const, N) };
    for i in 0..N {
        let w: f32 = (0..M).filter(|k| k % N == i).map(|k| 1.0 + k as f32 / 8.0).sum();
        let want = 2.0 * w * xf[i];
        if (dxf[i] - want).abs() > 1e-5 * (1.0 + want.abs()) {
            println!("MISMATCH f32 dx[{}]: got {}, want {}", i, dxf[i], want);
            bad = true;
        }
    }
    exit(if bad { 1 } else { 0 });
}
