// Vec<f64> and a struct holding Vecs and an f64 passed by reference, each
// with a shadow of the same shape (a Vec of zeros, a struct of zeroed
// Vecs): the derivative reads the data through the shadow's own pointers.
// Also &mut Vec updated in place.  Closed forms.
use std::process::exit;

extern "C" {
    static enzyme_dup: i32;
    fn __enzyme_autodiff(f: *const u8, ...) -> f64;
}

pub struct Layer { w: Vec<f64>, b: f64, scale: Box<f64> }

extern "C" fn norm(v: &Vec<f64>) -> f64 { v.iter().map(|x| x * x).sum::<f64>() + v[0] * v[v.len() - 1] }

extern "C" fn layer(l: &Layer, x: &Vec<f64>) -> f64 {
    let z: f64 = l.w.iter().zip(x.iter()).map(|(w, x)| w * x).sum::<f64>() + l.b;
    z.tanh() * *l.scale
}

extern "C" fn update(v: &mut Vec<f64>) -> f64 {
    for i in 0..v.len() { v[i] = v[i] * v[i] + 1.0; }
    v.iter().sum::<f64>()
}

fn close(what: &str, got: f64, want: f64) -> bool {
    let ok = (got - want).abs() <= 1e-12 * (1.0 + want.abs());
    if !ok { println!("MISMATCH {}: got {}, want {}", what, got, want); }
    ok
}

fn main() {
    let mut ok = true;
    let v = vec![0.5, -1.5, 2.0, 0.25];
    let mut dv = vec![0.0; 4];
    unsafe { __enzyme_autodiff(norm as *const u8, enzyme_dup, &v, &mut dv); }
    for i in 0..4 {
        let extra = if i == 0 { v[3] } else if i == 3 { v[0] } else { 0.0 };
        ok &= close("norm", dv[i], 2.0 * v[i] + extra);
    }
    let l = Layer { w: vec![0.3, -0.2, 0.5, 0.1], b: 0.05, scale: Box::new(1.5) };
    let mut dl = Layer { w: vec![0.0; 4], b: 0.0, scale: Box::new(0.0) };
    let x = vec![1.0, 0.5, -0.75, 2.0];
    let mut dx = vec![0.0; 4];
    unsafe { __enzyme_autodiff(layer as *const u8, enzyme_dup, &l, &mut dl, enzyme_dup, &x, &mut dx); }
    let z: f64 = (0..4).map(|i| l.w[i] * x[i]).sum::<f64>() + l.b;
    let g = (1.0 - z.tanh().powi(2)) * 1.5;
    for i in 0..4 {
        ok &= close("layer dw", dl.w[i], g * x[i]);
        ok &= close("layer dx", dx[i], g * l.w[i]);
    }
    ok &= close("layer db", dl.b, g);
    ok &= close("layer dscale", *dl.scale, z.tanh());
    let mut u = vec![0.5, -1.0, 1.5];
    let u0 = u.clone();
    let mut du = vec![0.0; 3];
    unsafe { __enzyme_autodiff(update as *const u8, enzyme_dup, &mut u, &mut du); }
    for i in 0..3 {
        ok &= close("update value", u[i], u0[i] * u0[i] + 1.0);
        ok &= close("update grad", du[i], 2.0 * u0[i]);
    }
    exit(if ok { 0 } else { 1 });
}
