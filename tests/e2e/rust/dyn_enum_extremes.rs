// Trait objects (Box<dyn Term> called through their vtables, one nested in
// another), reduce(f64::max), fold(f64::min), max_by(total_cmp), an enum
// carrying f64 payloads matched per element, Option chains with unwrap on
// paths that are taken, and recursion: each gradient against central
// differences.  (Sorting active data with sort_by or sort_unstable_by is
// refused at opt-level 1..3: std's sort moves the f64s as i64s, untyped.)
use std::process::exit;

extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    fn __enzyme_autodiff(f: extern "C" fn(*const f64, usize) -> f64, ...) -> f64;
}

trait Term { fn eval(&self, x: &[f64]) -> f64; }
struct Square(usize);
struct Product(usize, usize);
struct Scaled(f64, Box<dyn Term>);
impl Term for Square { fn eval(&self, x: &[f64]) -> f64 { x[self.0] * x[self.0] } }
impl Term for Product { fn eval(&self, x: &[f64]) -> f64 { x[self.0] * x[self.1].sin() } }
impl Term for Scaled { fn eval(&self, x: &[f64]) -> f64 { self.0 * self.1.eval(x).exp() } }

extern "C" fn trait_objects(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let terms: Vec<Box<dyn Term>> = vec![Box::new(Square(1)), Box::new(Product(0, 3)),
        Box::new(Scaled(0.5, Box::new(Product(2, 4)))), Box::new(Square(4))];
    terms.iter().map(|t| t.eval(x)).sum()
}

extern "C" fn extremes(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let top = x.iter().copied().map(|a| a.cos()).reduce(f64::max).unwrap();
    let low = x.iter().copied().fold(f64::INFINITY, f64::min);
    let big = x.iter().max_by(|a, b| a.total_cmp(b)).unwrap();
    top * low + big * x[0]
}

enum Piece { Lin(f64), Quad(f64, f64), Nothing }

fn piece(i: usize, v: f64) -> Piece {
    match i % 3 { 0 => Piece::Lin(v), 1 => Piece::Quad(v, v * 0.5), _ => Piece::Nothing }
}

fn depth(v: f64, k: u32) -> f64 { if k == 0 { v } else { depth(v * 0.9 + v.sin(), k - 1) } }

extern "C" fn enums_options(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let mut s = 0.0;
    for (i, &v) in x.iter().enumerate() {
        s += match piece(i, v) { Piece::Lin(a) => 3.0 * a, Piece::Quad(a, b) => a * b, Piece::Nothing => 0.0 };
    }
    let first_positive = x.iter().find(|v| **v > 0.0).copied().unwrap_or(0.0);
    let last = x.last().unwrap();
    s + first_positive * last + depth(x[1], 4)
}

include!("central_check.inc");

fn main() {
    let x = vec![-0.4, 1.3, 0.7, 2.1, -1.6];
    let mut ok = true;
    ok &= grad!(trait_objects, x);
    ok &= grad!(extremes, x);
    ok &= grad!(enums_options, x);
    exit(if ok { 0 } else { 1 });
}
