// Shapes of Rust code beyond the other programs, each gradient against
// central differences (f32 parts against closed forms) and forward mode
// against reverse: closures through Box<dyn Fn> and &dyn Fn, trait methods
// returning f64, f32 and a struct by value, generics for f32 and f64,
// iterator chains (zip/map/fold/sum/windows/chunks/skip), Option and
// Result matched, enums with f64 payloads, Vec<[f64; 3]>, arrays of
// structs, Rc<RefCell<f64>>, mul_add/powi/powf/hypot/atan2/exp_m1/ln_1p, and
// f64::to_bits/from_bits.  At opt-level=0 to_bits and from_bits are calls
// (through const_eval_select, an invoke, and a closure) passing the f64 as
// i64 bits: the derivative through from_bits(x.to_bits()) was 0, and the
// sign-bit tricks on the bits (xor, and, or) lost it too, and so did bits
// kept in a Vec<u64> (collect, push) and read back with from_bits, exit
// status 0 (ad/bits_across_calls.py, transforms/typed_copies.py:
// fold_cast_pairs).
// (A trait method returning (f64, f64) through the vtable is refused at
// opt-level 0 and 1: an indirect call returning {double, double}.)
use std::process::exit;
use std::rc::Rc;
use std::cell::RefCell;
extern "C" {
    static enzyme_dup: i32;
    static enzyme_const: i32;
    fn __enzyme_autodiff(f: extern "C" fn(*const f64, usize) -> f64, ...) -> f64;
    fn __enzyme_fwddiff(f: extern "C" fn(*const f64, usize) -> f64, ...) -> f64;
}

#[inline(never)]
fn apply_ref(g: &dyn Fn(f64) -> f64, v: f64) -> f64 { g(v) }

extern "C" fn boxed_fns(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let c = x[2];
    let fs: Vec<Box<dyn Fn(f64) -> f64>> = vec![
        Box::new(|v| v.sin()), Box::new(move |v| v * c), Box::new(|v| v.exp() * 0.5)];
    let mut s = 0.0;
    for (i, f) in fs.iter().enumerate() { s += f(x[i + 1]); }
    let sq = |v: f64| v * v * c;
    s + apply_ref(&sq, x[0]) + apply_ref(&|v: f64| v.cos(), x[3])
}

#[derive(Clone, Copy)]
struct Pt { a: f64, b: f64, w: f64 }

trait Shape {
    fn area(&self) -> f64;
    fn half(&self) -> f32;
    fn pt(&self) -> Pt;
}
struct Circle(f64);
struct Rect(f64, f64);
impl Shape for Circle {
    fn area(&self) -> f64 { 3.0 * self.0 * self.0 }
    fn half(&self) -> f32 { (self.0 * 0.5) as f32 }
    fn pt(&self) -> Pt { Pt { a: self.0, b: self.0 * self.0, w: 1.5 } }
}
impl Shape for Rect {
    fn area(&self) -> f64 { self.0 * self.1 }
    fn half(&self) -> f32 { (self.0 - self.1) as f32 }
    fn pt(&self) -> Pt { Pt { a: self.1, b: self.0.cos(), w: self.0 } }
}

extern "C" fn trait_returns(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let shapes: Vec<Box<dyn Shape>> = vec![Box::new(Circle(x[0])), Box::new(Rect(x[1], x[2])),
                                           Box::new(Circle(x[3]))];
    let mut s = 0.0;
    for sh in shapes.iter() {
        let pt = sh.pt();
        s += sh.area() + pt.a * pt.b + pt.w;
    }
    s
}

extern "C" fn f32_parts(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let shapes: Vec<Box<dyn Shape>> = vec![Box::new(Circle(x[0])), Box::new(Rect(x[1], x[2]))];
    let h: f32 = shapes.iter().map(|s| s.half()).sum();
    h as f64 + poly(x[3] as f32, x[4] as f32) as f64
}

fn poly<T: Copy + std::ops::Mul<Output = T> + std::ops::Add<Output = T>>(a: T, b: T) -> T { a * a * b + b }

extern "C" fn generics(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let f = poly(x[0] as f32, x[1] as f32) as f64 * 0.0 + poly(x[0], x[1]);
    let d = poly(x[2], x[3]);
    f * 0.25 + d
}


extern "C" fn iter_chains(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let w = [0.5, -1.0, 2.0, 0.25, 1.5];
    let dot: f64 = x.iter().zip(w.iter()).map(|(a, b)| a * b).sum();
    let f = x.iter().fold(1.0, |acc, v| acc * (1.0 + 0.1 * v));
    let win: f64 = x.windows(2).map(|p| (p[1] - p[0]).powi(2)).sum();
    let ch: f64 = x.chunks(2).map(|c| c.iter().product::<f64>()).sum();
    let m = x.iter().map(|v| v.sin()).zip(x.iter().skip(1)).fold(0.0, |a, (s, t)| a + s * t);
    dot + f + win + ch + m
}

#[inline(never)]
fn safe_log(v: f64) -> Option<f64> { if v > 0.0 { Some(v.ln()) } else { None } }
#[inline(never)]
fn checked_div(a: f64, b: f64) -> Result<f64, String> {
    if b == 0.0 { Err(String::from("zero")) } else { Ok(a / b) }
}
#[derive(Debug)]
enum E { Neg(i32) }
#[inline(never)]
fn root(v: f64) -> Result<f64, E> { if v < 0.0 { Err(E::Neg(1)) } else { Ok(v.sqrt()) } }

enum Figure { Circle(f64), Rect { w: f64, h: f64 }, Tri(f64, f64, f64) }
#[inline(never)]
fn area(s: &Figure) -> f64 {
    match s { Figure::Circle(r) => 3.14 * r * r, Figure::Rect { w, h } => w * h,
              Figure::Tri(a, b, c) => a * b * c.sin() }
}

extern "C" fn options_enums(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let mut s = 0.0;
    for &v in x { s += match safe_log(v) { Some(l) => l * v, None => v * v }; }
    s += match checked_div(x[0], x[1]) { Ok(q) => q, Err(_) => 0.0 };
    s += match root(x[2]) { Ok(r) => r, Err(e) => e_val(e) };
    s += root(-x[2]).unwrap_or(x[4] * 2.0);
    let figures = [Figure::Circle(x[0]), Figure::Rect { w: x[1], h: x[2] }, Figure::Tri(x[3], x[4], x[0])];
    s + figures.iter().map(area).sum::<f64>()
}
fn e_val(e: E) -> f64 { match e { E::Neg(k) => k as f64 } }

#[derive(Clone, Copy)]
struct P { m: f64, v: [f64; 2] }

extern "C" fn bits_arrays(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let b = f64::from_bits(x[0].to_bits());
    let neg = f64::from_bits(x[1].to_bits() ^ (1u64 << 63));
    let pts: Vec<[f64; 3]> = (0..n - 2).map(|i| [x[i], x[i + 1] * 2.0, x[i + 2].cos()]).collect();
    let norm: f64 = pts.iter().map(|p| (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt()).sum();
    let mut ps = [P { m: 1.0, v: [0.0; 2] }; 3];
    for i in 0..3 { ps[i].m = x[i + 1]; ps[i].v = [x[i] * x[i], x[4]]; }
    let ke: f64 = ps.iter().map(|p| 0.5 * p.m * (p.v[0] * p.v[0] + p.v[1] * p.v[1])).sum();
    b * b + neg * 3.0 + norm + ke
}

extern "C" fn shared_cells(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let acc = Rc::new(RefCell::new(0.0f64));
    let other = Rc::clone(&acc);
    for &v in x { *other.borrow_mut() += v.sin() * v; }
    let a2 = acc.clone();
    let add = move |t: f64| { *a2.borrow_mut() *= t; };
    add(x[0]);
    let r = *acc.borrow();
    r
}

extern "C" fn math_fns(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    x[0].mul_add(x[1], x[2]) + x[3].powi(3) + x[1].powf(x[4]) + x[2].hypot(x[3])
        + x[3].atan2(x[4]) + x[0].exp_m1() + x[4].ln_1p() + x[1].powi(-2)
}

extern "C" fn roundtrip(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let b = f64::from_bits(x[0].to_bits());
    b * b
}
extern "C" fn signflip(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let neg = f64::from_bits(x[1].to_bits() ^ (1u64 << 63));
    neg * 3.0
}
extern "C" fn absbits(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let a = f64::from_bits(x[3].to_bits() & !(1u64 << 63));
    a * 3.0
}
#[inline(never)]
fn bits_of(v: f64) -> u64 { v.to_bits() }
#[inline(never)]
fn of_bits(b: u64) -> f64 { f64::from_bits(b) }
extern "C" fn more_bits(x: *const f64, n: usize) -> f64 {
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let a = of_bits(bits_of(x[0]));
    let f = f32::from_bits((x[1] as f32).to_bits());
    let sgn = if x[2].to_bits() >> 63 == 1 { -1.0 } else { 1.0 };
    let c = f64::from_bits(x[3].to_bits() | (1u64 << 63));
    let arr: Vec<u64> = x.iter().map(|v| v.to_bits()).collect();
    let back: f64 = arr.iter().map(|b| f64::from_bits(*b)).map(|v| v * v).sum();
    let mut pushed: Vec<u64> = Vec::new();
    for v in x { pushed.push((v * 0.5).to_bits()); }
    let halves = f64::from_bits(pushed[1]) * f64::from_bits(pushed[3]);
    a * a * 2.0 + if f > 1.0 { x[1] } else { 0.0 } + sgn * x[2] + c * x[4] + back + halves
}
include!("central_check.inc");
include!("forward_check.inc");

#[inline(never)]
fn closures_traits(x: &Vec<f64>) -> bool {
    let mut ok = both!(boxed_fns, x);
    ok &= both!(trait_returns, x);
    ok &= grad!(generics, x);
    let mut dx = vec![0.0f64; 5];
    unsafe { __enzyme_autodiff(f32_parts, enzyme_dup, x.as_ptr(), dx.as_mut_ptr(), enzyme_const, 5usize); }
    let want = [0.5, 1.0, -1.0, 2.0 * x[3] * x[4], x[3] * x[3] + 1.0];
    for i in 0..5 {
        if (dx[i] - want[i]).abs() > 1e-5 * (1.0 + want[i].abs()) {
            println!("MISMATCH f32_parts dx[{}]: got {}, want {}", i, dx[i], want[i]);
            ok = false;
        }
    }
    ok
}

#[inline(never)]
fn iterators_enums(x: &Vec<f64>) -> bool {
    both!(iter_chains, x) & both!(options_enums, x) & both!(bits_arrays, x) &
        both!(shared_cells, x) & both!(math_fns, x)
}

#[inline(never)]
fn float_bits(x: &Vec<f64>) -> bool {
    both!(roundtrip, x) & both!(signflip, x) & both!(absbits, x) & both!(more_bits, x)
}

fn main() {
    let x = vec![0.4, 1.3, 0.7, -0.9, 1.1];
    let ok = closures_traits(&x) & iterators_enums(&x) & float_bits(&x);
    exit(if ok { 0 } else { 1 });
}
