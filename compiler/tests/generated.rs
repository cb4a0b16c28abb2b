//! Property tests on generated programs.
//!
//! A typed generator (below) builds Bamboo programs that are syntactically
//! valid and well typed by construction: classes with flags, `static final`
//! constants, fields, constructors (with `super(..)`/`this(..)`), instance,
//! static, private, abstract and overriding methods; statements of every
//! kind (`if`, `while`, `do`, `for`, for-each, `switch` with fall-through,
//! labelled loops, `break`/`continue`/`return`); expressions over
//! `boolean byte short char int long float double`, `String`, classes and
//! arrays with every operator, casts, `instanceof`, `?:`, compound
//! assignment and calls; and the task language: a startup task, task
//! objects made by allocation blocks, tags, and consuming tasks with guards
//! and `taskexit`, each in the paper's and the original spelling.
//!
//! Properties:
//! - (a) `check_source` accepts every generated program: no error, no panic;
//! - (b) deleting a run of tokens from a generated program never makes
//!   `check_source` (or the rendering of its diagnostics) panic.
//!
//! Where the generator's decisions come from: a vector of numbers that
//! proptest makes and shrinks (`Choices`). Every decision maps 0 to its
//! simplest outcome and an exhausted vector answers 0, so shrinking the
//! vector shrinks the program. The shrunk failure is then reduced further
//! by deleting lines (tokens, for (b)) while the same error (panic) stays,
//! and reported with that small program. Shrinking and reduction are each
//! bounded to a minute.
//!
//! Generated programs never recurse and their loops are bounded (bodies
//! only call bodies declared earlier; see `Slot::rank`), so they can be run
//! as well as checked.
//!
//! `PROPTEST_CASES` sets the number of cases per property (default 64).
//! `GENERATED_DUMP=DIR cargo test --test generated dump -- --ignored`
//! writes `GENERATED_COUNT` (default 100) sample programs to DIR
//! (`GENERATED_JAVA=1`: the Java-only subset, without the task language,
//! which javac must accept: a cross-check of the generator itself).

use bambooc::driver::{check_source, render, ErrorFormat};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::panic::{catch_unwind, AssertUnwindSafe};

// ------------------------------------------------------------------ choices

/// The generator's source of decisions (see the module comment).
/// One parameter of a generated exit: its name, flag changes and tag
/// changes.
type ExitPart = (String, Vec<(String, bool)>, Vec<(String, bool)>);

struct Choices<'a> {
    data: &'a [u32],
    pos: usize,
}

impl Choices<'_> {
    /// A number in `0..n` (0 when `n <= 1` or when the data is used up).
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let v = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        v as usize % n
    }

    /// True with about `percent`% probability; false for 0.
    fn chance(&mut self, percent: usize) -> bool {
        percent > 0 && self.below(100) >= 100 - percent
    }
}

// -------------------------------------------------------------------- types

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum P {
    Boolean,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
}

const NUMERIC: [P; 7] = [
    P::Int,
    P::Long,
    P::Double,
    P::Char,
    P::Byte,
    P::Short,
    P::Float,
];

impl P {
    fn name(self) -> &'static str {
        match self {
            P::Boolean => "boolean",
            P::Byte => "byte",
            P::Short => "short",
            P::Char => "char",
            P::Int => "int",
            P::Long => "long",
            P::Float => "float",
            P::Double => "double",
        }
    }
    fn integral(self) -> bool {
        matches!(self, P::Byte | P::Short | P::Char | P::Int | P::Long)
    }
    /// At least `int` after promotion: arithmetic results can have this type.
    fn arith(self) -> bool {
        matches!(self, P::Int | P::Long | P::Float | P::Double)
    }
}

/// Java's widening primitive conversion (and identity).
fn widens(from: P, to: P) -> bool {
    use P::*;
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

fn promote(p: P) -> P {
    match p {
        P::Byte | P::Short | P::Char => P::Int,
        _ => p,
    }
}

fn promote2(a: P, b: P) -> P {
    use P::*;
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

/// A static type. For primitives the generator tracks an upper bound (the
/// real type may be narrower, which never hurts); reference types are
/// exact, because casts, `instanceof` and `==` depend on them.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Ty {
    P(P),
    Str,
    Object,
    Class(usize),
    Arr(Box<Ty>),
    Null,
    Tag,
}

impl Ty {
    fn is_ref(&self) -> bool {
        matches!(
            self,
            Ty::Str | Ty::Object | Ty::Class(_) | Ty::Arr(_) | Ty::Null
        )
    }
    fn arr(t: Ty) -> Ty {
        Ty::Arr(Box::new(t))
    }
}

// --------------------------------------------------------------- expressions

const P_ASSIGN: u8 = 0;
const P_COND: u8 = 1;
const P_OR: u8 = 2;
const P_AND: u8 = 3;
const P_BOR: u8 = 4;
const P_XOR: u8 = 5;
const P_BAND: u8 = 6;
const P_EQ: u8 = 7;
const P_REL: u8 = 8;
const P_SHIFT: u8 = 9;
const P_ADD: u8 = 10;
const P_MUL: u8 = 11;
const P_UNARY: u8 = 12;
const P_PRIMARY: u8 = 13;

/// A generated expression: its text (tokens separated by spaces), the
/// precedence of its outermost operator, and its static type.
#[derive(Clone, Debug)]
struct E {
    s: String,
    prec: u8,
    ty: Ty,
}

impl E {
    fn atom(s: impl Into<String>, ty: Ty) -> E {
        E {
            s: s.into(),
            prec: P_PRIMARY,
            ty,
        }
    }
    /// The text, parenthesised unless its precedence is at least `min`.
    fn at(&self, min: u8) -> String {
        if self.prec >= min {
            self.s.clone()
        } else {
            format!("( {} )", self.s)
        }
    }
}

/// A left-associative binary operator at precedence `prec`.
fn bin(l: &E, op: &str, r: &E, prec: u8, ty: Ty) -> E {
    E {
        s: format!("{} {} {}", l.at(prec), op, r.at(prec + 1)),
        prec,
        ty,
    }
}

// --------------------------------------------------------------- the model

struct Param {
    name: String,
    ty: Ty,
    fin: bool,
}

struct Ctor {
    params: Vec<Param>,
    rank: usize,
    /// The default constructor of a class that declares none.
    implicit: bool,
}

struct Class {
    name: String,
    sup: Option<usize>,
    is_abstract: bool,
    /// The library's `StartupObject`: not printed, not instantiated.
    stdlib: bool,
    flags: Vec<String>,
    ctors: Vec<Ctor>,
    /// Method slots declared or overridden here, and whether abstract here.
    own: Vec<(usize, bool)>,
}

struct Field {
    name: String,
    ty: Ty,
    owner: usize,
    private: bool,
    fin: bool,
}

struct Const {
    name: String,
    ty: Ty,
    owner: usize,
}

/// A method and all its overrides.
struct Slot {
    name: String,
    params: Vec<Param>,
    ret: Option<Ty>,
    owner: usize,
    is_static: bool,
    private: bool,
    /// `public `, `protected ` or nothing: overrides keep it (Java forbids
    /// weaker access in an override).
    vis: &'static str,
    /// Bodies may only call bodies of lower rank, so generated programs
    /// never recurse (they are meant to terminate when run).
    rank: usize,
}

#[derive(Clone)]
struct Local {
    name: String,
    ty: Ty,
    assignable: bool,
}

#[derive(Clone, PartialEq)]
enum Ret {
    Task,
    Void,
    Value(Ty),
}

#[derive(Clone, Debug)]
enum Guard {
    Flag(String),
    Lit(bool),
    Not(Box<Guard>),
    And(Box<Guard>, Box<Guard>),
    Or(Box<Guard>, Box<Guard>),
}

impl Guard {
    fn eval(&self, on: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Guard::Flag(f) => on(f),
            Guard::Lit(b) => *b,
            Guard::Not(g) => !g.eval(on),
            Guard::And(a, b) => a.eval(on) && b.eval(on),
            Guard::Or(a, b) => a.eval(on) || b.eval(on),
        }
    }
    fn flags(&self, out: &mut Vec<String>) {
        match self {
            Guard::Flag(f) => {
                if !out.contains(f) {
                    out.push(f.clone())
                }
            }
            Guard::Lit(_) => {}
            Guard::Not(g) => g.flags(out),
            Guard::And(a, b) | Guard::Or(a, b) => {
                a.flags(out);
                b.flags(out)
            }
        }
    }
    /// Assignments of the guard's flags that make it false, or None when no
    /// assignment does or none makes it true (constant guards are avoided).
    fn falsifier(&self) -> Option<Vec<(String, bool)>> {
        let mut fl = Vec::new();
        self.flags(&mut fl);
        let mut falsify = None;
        let mut satisfiable = false;
        for bits in 0u32..(1 << fl.len()) {
            let on = |f: &str| {
                fl.iter()
                    .position(|x| x == f)
                    .is_some_and(|i| bits & (1 << i) != 0)
            };
            if self.eval(&on) {
                satisfiable = true;
            } else if falsify.is_none() {
                falsify = Some(
                    fl.iter()
                        .enumerate()
                        .map(|(i, f)| (f.clone(), bits & (1 << i) != 0))
                        .collect(),
                );
            }
        }
        if satisfiable {
            falsify
        } else {
            None
        }
    }
    /// `brace`: the original spelling (`&&`, `||`); else the paper's.
    fn render(&self, brace: bool, min: u8) -> String {
        let (s, prec) = match self {
            Guard::Flag(f) => (f.clone(), 4),
            Guard::Lit(b) => (b.to_string(), 4),
            Guard::Not(g) => (format!("! {}", g.render(brace, 3)), 3),
            Guard::And(a, b) => (
                format!(
                    "{} {} {}",
                    a.render(brace, 2),
                    if brace { "&&" } else { "and" },
                    b.render(brace, 3)
                ),
                2,
            ),
            Guard::Or(a, b) => (
                format!(
                    "{} {} {}",
                    a.render(brace, 1),
                    if brace { "||" } else { "or" },
                    b.render(brace, 2)
                ),
                1,
            ),
        };
        if prec >= min {
            s
        } else {
            format!("( {s} )")
        }
    }
}

#[derive(Clone)]
struct TaskParam {
    name: String,
    class: usize,
    guard: Guard,
}

struct Ctx {
    class: Option<usize>,
    /// `this` is available.
    instance: bool,
    rank: usize,
    ret: Ret,
    task: Vec<TaskParam>,
    scopes: Vec<Vec<Local>>,
    /// Enclosing loops, with their labels.
    loops: Vec<Option<String>>,
    /// Enclosing loops and switches (`break` targets).
    breakable: usize,
    /// Allocation blocks (`new C(){..}`) are allowed.
    alloc: bool,
}

impl Ctx {
    fn new(class: Option<usize>, instance: bool, rank: usize, ret: Ret) -> Ctx {
        Ctx {
            class,
            instance,
            rank,
            ret,
            task: Vec::new(),
            scopes: vec![Vec::new()],
            loops: Vec::new(),
            breakable: 0,
            alloc: false,
        }
    }
    fn locals(&self) -> impl Iterator<Item = &Local> {
        self.scopes.iter().flatten()
    }
    fn declare(&mut self, name: &str, ty: Ty, assignable: bool) {
        self.scopes.last_mut().unwrap().push(Local {
            name: name.to_string(),
            ty,
            assignable,
        });
    }
}

/// A readable (and maybe writable) expression: a variable, field or
/// constant, always of primary precedence.
struct Place {
    s: String,
    ty: Ty,
    writable: bool,
}

const STARTUP: usize = 0;
const TAG_TYPES: [&str; 2] = ["link", "pair"];

struct Gen<'a> {
    ch: Choices<'a>,
    /// Java only: no task language (for cross-checking with javac).
    java: bool,
    classes: Vec<Class>,
    fields: Vec<Field>,
    consts: Vec<Const>,
    slots: Vec<Slot>,
    next_name: usize,
    next_rank: usize,
    out: String,
    indent: usize,
}

/// Generates one program from `data`.
fn generate(data: &[u32], java: bool) -> String {
    generate_counting(data, java).0
}

/// Also says how many choices the program used.
fn generate_counting(data: &[u32], java: bool) -> (String, usize) {
    let mut g = Gen::new(data, java);
    g.program();
    (g.out, g.ch.pos)
}

impl<'a> Gen<'a> {
    fn new(data: &'a [u32], java: bool) -> Gen<'a> {
        let mut g = Gen {
            ch: Choices { data, pos: 0 },
            java,
            classes: Vec::new(),
            fields: Vec::new(),
            consts: Vec::new(),
            slots: Vec::new(),
            next_name: 0,
            next_rank: 1,
            out: String::new(),
            indent: 0,
        };
        g.classes.push(Class {
            name: "StartupObject".into(),
            sup: None,
            is_abstract: false,
            stdlib: true,
            flags: if java {
                vec![]
            } else {
                vec!["initialstate".into()]
            },
            ctors: Vec::new(),
            own: Vec::new(),
        });
        for name in ["args", "parameters"] {
            g.fields.push(Field {
                name: name.into(),
                ty: Ty::arr(Ty::Str),
                owner: STARTUP,
                private: false,
                fin: false,
            });
        }
        g
    }

    fn below(&mut self, n: usize) -> usize {
        self.ch.below(n)
    }
    fn chance(&mut self, p: usize) -> bool {
        self.ch.chance(p)
    }
    fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())].clone()
    }
    fn fresh(&mut self, prefix: &str) -> String {
        self.next_name += 1;
        format!("{prefix}{}", self.next_name)
    }
    fn rank(&mut self) -> usize {
        self.next_rank += 1;
        self.next_rank
    }
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }
    fn open(&mut self, s: &str) {
        self.line(s);
        self.indent += 1;
    }
    fn close(&mut self, s: &str) {
        self.indent -= 1;
        self.line(s);
    }

    // ------------------------------------------------------ class queries

    fn user_classes(&self) -> Vec<usize> {
        (0..self.classes.len())
            .filter(|&c| !self.classes[c].stdlib)
            .collect()
    }
    fn chain(&self, c: usize) -> Vec<usize> {
        let mut v = vec![c];
        let mut cur = c;
        while let Some(s) = self.classes[cur].sup {
            v.push(s);
            cur = s;
        }
        v
    }
    fn is_sub(&self, a: usize, b: usize) -> bool {
        self.chain(a).contains(&b)
    }
    fn all_flags(&self, c: usize) -> Vec<String> {
        self.chain(c)
            .iter()
            .flat_map(|&k| self.classes[k].flags.clone())
            .collect()
    }
    /// Whether the implementation of `slot` that class `c` has is abstract
    /// (None: `c` does not have the slot).
    fn slot_abstract_in(&self, c: usize, slot: usize) -> Option<bool> {
        for k in self.chain(c) {
            if let Some(&(_, a)) = self.classes[k].own.iter().find(|(s, _)| *s == slot) {
                return Some(a);
            }
        }
        None
    }
    fn assignable(&self, from: &Ty, to: &Ty) -> bool {
        match (from, to) {
            (Ty::P(a), Ty::P(b)) => widens(*a, *b),
            (Ty::Null, t) => t.is_ref(),
            (Ty::Str, Ty::Str) | (Ty::Tag, Ty::Tag) => true,
            (Ty::Class(a), Ty::Class(b)) => self.is_sub(*a, *b),
            (Ty::Arr(a), Ty::Arr(b)) => a == b,
            (f, Ty::Object) => f.is_ref(),
            _ => false,
        }
    }
    fn castable(&self, from: &Ty, to: &Ty) -> bool {
        match (from, to) {
            (Ty::Class(a), Ty::Class(b)) => self.is_sub(*a, *b) || self.is_sub(*b, *a),
            (Ty::Object, t) => t.is_ref(),
            _ => self.assignable(from, to),
        }
    }
    fn ty_str(&self, t: &Ty) -> String {
        match t {
            Ty::P(p) => p.name().into(),
            Ty::Str => "String".into(),
            Ty::Object => "Object".into(),
            Ty::Class(c) => self.classes[*c].name.clone(),
            Ty::Arr(e) => format!("{} [ ]", self.ty_str(e)),
            Ty::Null => "Object".into(),
            Ty::Tag => "tag".into(),
        }
    }
    /// The element type and dimension count of an array type.
    fn base_dims(t: &Ty) -> (Ty, usize) {
        match t {
            Ty::Arr(e) => {
                let (b, d) = Self::base_dims(e);
                (b, d + 1)
            }
            _ => (t.clone(), 0),
        }
    }
    fn field_visible(&self, f: &Field, recv: usize, from: Option<usize>) -> bool {
        self.chain(recv).contains(&f.owner)
            && (!f.private || (f.owner == recv && from == Some(recv)))
    }
    fn slot_visible(&self, s: &Slot, recv: usize, from: Option<usize>) -> bool {
        self.chain(recv).contains(&s.owner)
            && (!s.private || (s.owner == recv && from == Some(recv)))
    }
    /// Constructors of `c` callable from a body of rank `rank`.
    fn ctors_below(&self, c: usize, rank: usize) -> Vec<usize> {
        let k = &self.classes[c];
        if k.stdlib || k.is_abstract {
            return Vec::new();
        }
        (0..k.ctors.len())
            .filter(|&i| k.ctors[i].rank < rank)
            .collect()
    }
    /// Constructors of `c` usable in an expression of depth `d` (at depth 0
    /// only those without parameters, so generation terminates).
    fn ctors_at(&self, c: usize, rank: usize, d: u32) -> Vec<usize> {
        self.ctors_below(c, rank)
            .into_iter()
            .filter(|&i| d > 0 || self.classes[c].ctors[i].params.is_empty())
            .collect()
    }
    /// Concrete classes that are `c` or below it, constructible at `rank`.
    fn constructible(&self, c: usize, rank: usize, d: u32) -> Vec<usize> {
        self.user_classes()
            .into_iter()
            .filter(|&k| self.is_sub(k, c) && !self.ctors_at(k, rank, d).is_empty())
            .collect()
    }

    // -------------------------------------------------------------- types

    fn pick_class(&mut self) -> usize {
        let cs = self.user_classes();
        self.pick(&cs)
    }

    fn pick_prim(&mut self) -> P {
        match self.below(10) {
            0..=2 => P::Int,
            3 => P::Boolean,
            4 => P::Long,
            5 => P::Double,
            6 => P::Char,
            7 => P::Byte,
            8 => P::Short,
            _ => P::Float,
        }
    }

    /// A type for a variable, field or parameter.
    fn pick_type(&mut self, tags: bool) -> Ty {
        match self.below(12) {
            0..=2 => Ty::P(self.pick_prim()),
            3 => Ty::P(P::Int),
            4 | 5 => Ty::Str,
            6 | 7 => Ty::Class(self.pick_class()),
            8 => Ty::Object,
            9 => {
                let e = match self.below(5) {
                    0 => Ty::P(P::Int),
                    1 => Ty::P(P::Double),
                    2 => Ty::Str,
                    3 => Ty::Class(self.pick_class()),
                    _ => Ty::P(self.pick_prim()),
                };
                if self.chance(25) {
                    Ty::arr(Ty::arr(e))
                } else {
                    Ty::arr(e)
                }
            }
            10 if tags && !self.java => Ty::Tag,
            _ => Ty::P(P::Boolean),
        }
    }

    // ------------------------------------------------------------ places

    fn places(&self, cx: &Ctx) -> Vec<Place> {
        let mut v = Vec::new();
        for l in cx.locals() {
            v.push(Place {
                s: l.name.clone(),
                ty: l.ty.clone(),
                writable: l.assignable,
            });
            if let Ty::Class(k) = l.ty {
                for f in &self.fields {
                    if self.field_visible(f, k, cx.class) {
                        v.push(Place {
                            s: format!("{} . {}", l.name, f.name),
                            ty: f.ty.clone(),
                            writable: !f.fin,
                        });
                    }
                }
            }
        }
        if let (true, Some(c)) = (cx.instance, cx.class) {
            for (i, f) in self.fields.iter().enumerate() {
                if self.field_visible(f, c, Some(c)) {
                    v.push(Place {
                        s: if i % 2 == 0 {
                            format!("this . {}", f.name)
                        } else {
                            f.name.clone()
                        },
                        ty: f.ty.clone(),
                        writable: !f.fin,
                    });
                }
            }
        }
        for (i, k) in self.consts.iter().enumerate() {
            let bare = cx.class.is_some_and(|c| self.chain(c).contains(&k.owner)) && i % 2 == 0;
            v.push(Place {
                s: if bare {
                    k.name.clone()
                } else {
                    format!("{} . {}", self.classes[k.owner].name, k.name)
                },
                ty: k.ty.clone(),
                writable: false,
            });
        }
        for (s, p) in [
            ("Integer . MAX_VALUE", P::Int),
            ("Integer . MIN_VALUE", P::Int),
            ("Long . MAX_VALUE", P::Long),
            ("Math . PI", P::Double),
            ("Character . MAX_VALUE", P::Char),
        ] {
            v.push(Place {
                s: s.into(),
                ty: Ty::P(p),
                writable: false,
            });
        }
        v
    }

    /// Places whose type fits `want`; None if there are none.
    fn place_of(&mut self, cx: &Ctx, want: &Ty, writable: bool) -> Option<Place> {
        let mut ps: Vec<Place> = self
            .places(cx)
            .into_iter()
            .filter(|p| (!writable || p.writable) && self.assignable(&p.ty, want))
            .collect();
        if ps.is_empty() {
            None
        } else {
            let i = self.below(ps.len());
            Some(ps.swap_remove(i))
        }
    }

    /// A writable place of any type satisfying `ok`: a variable, a field or
    /// an array element.
    fn lvalue(&mut self, cx: &Ctx, ok: &dyn Fn(&Ty) -> bool, d: u32) -> Option<Place> {
        let all = self.places(cx);
        let mut cands: Vec<(String, Ty, bool)> = Vec::new();
        for p in &all {
            if p.writable && ok(&p.ty) {
                cands.push((p.s.clone(), p.ty.clone(), false));
            }
            if let Ty::Arr(e) = &p.ty {
                if ok(e) {
                    cands.push((p.s.clone(), (**e).clone(), true));
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (s, ty, elem) = cands.swap_remove(self.below(cands.len()));
        if elem {
            let i = self.index(cx, d);
            Some(Place {
                s: format!("{s} [ {} ]", i.s),
                ty,
                writable: true,
            })
        } else {
            Some(Place {
                s,
                ty,
                writable: true,
            })
        }
    }

    fn index(&mut self, cx: &Ctx, d: u32) -> E {
        if d == 0 || !self.chance(50) {
            E::atom(self.below(3).to_string(), Ty::P(P::Int))
        } else {
            self.expr(cx, &Ty::P(P::Int), d - 1)
        }
    }

    // -------------------------------------------------------- expressions

    fn expr(&mut self, cx: &Ctx, want: &Ty, d: u32) -> E {
        match want {
            Ty::P(P::Boolean) => self.boolean(cx, d),
            Ty::P(p) => self.numeric(cx, *p, d),
            Ty::Str => self.string(cx, d),
            Ty::Class(c) => self.object_of(cx, *c, d),
            Ty::Object => self.object(cx, d),
            Ty::Arr(e) => self.array(cx, e, d),
            Ty::Tag => self.tag(cx),
            Ty::Null => E::atom("null", Ty::Null),
        }
    }

    /// Like `expr`, but never the bare `null` literal (where overloading
    /// or string concatenation needs a type).
    fn typed(&mut self, cx: &Ctx, want: &Ty, d: u32) -> E {
        let e = self.expr(cx, want, d);
        if e.ty == Ty::Null {
            let t = if *want == Ty::Null {
                Ty::Object
            } else {
                want.clone()
            };
            E {
                s: format!("( {} ) null", self.ty_str(&t)),
                prec: P_UNARY,
                ty: t,
            }
        } else {
            e
        }
    }

    /// An expression of some type other than `tag` and `void`.
    fn any(&mut self, cx: &Ctx, d: u32) -> E {
        let t = self.pick_type(false);
        self.expr(cx, &t, d)
    }

    fn lit(&mut self, p: P) -> E {
        let s: &str = match p {
            P::Boolean => ["true", "false"][self.below(2)],
            P::Int => {
                if !self.chance(30) {
                    return E::atom(self.below(100).to_string(), Ty::P(P::Int));
                }
                match self.below(10) {
                    0 => "2147483647",
                    1 => "0x7fffffff",
                    2 => "0xFFFFFFFF",
                    3 => "0x80000000",
                    4 => "017",
                    5 => "0b1011",
                    6 => "0",
                    7 => "0XaB",
                    8 => {
                        return E {
                            s: "- 2147483648".into(),
                            prec: P_UNARY,
                            ty: Ty::P(P::Int),
                        }
                    }
                    _ => "'a'",
                }
            }
            P::Long => {
                if !self.chance(40) {
                    return E::atom(format!("{}L", self.below(1000)), Ty::P(P::Long));
                }
                match self.below(8) {
                    0 => "9223372036854775807L",
                    1 => "0x7fffffffffffffffL",
                    2 => "0xFFFFFFFFFFFFFFFFL",
                    3 => "077L",
                    4 => "0b1l",
                    5 => "4294967296L",
                    6 => {
                        return E {
                            s: "- 9223372036854775808L".into(),
                            prec: P_UNARY,
                            ty: Ty::P(P::Long),
                        }
                    }
                    _ => "12345678901L",
                }
            }
            P::Float => [
                "1.5f",
                "0f",
                "3.4028235E38f",
                "1e-3f",
                ".5f",
                "1.4E-45f",
                "2F",
                "100.0f",
            ][self.below(8)],
            P::Double => [
                "1.5",
                "0.0",
                "1e10",
                "1.0E-3",
                ".25",
                "2d",
                "1.7976931348623157E308",
                "4.9E-324",
                "3D",
                "6.02e+23",
                "1.5e-7d",
            ][self.below(11)],
            P::Char => [
                "'a'",
                "'Z'",
                "'\\n'",
                "'\\t'",
                "'\\''",
                "'\\\\'",
                "'\\u0041'",
                "'\\\"'",
                "'\\u00e9'",
                "'0'",
                "'\\0'",
                "'\\r'",
            ][self.below(12)],
            P::Byte => {
                return E {
                    s: format!("( byte ) {}", self.below(300)),
                    prec: P_UNARY,
                    ty: Ty::P(P::Byte),
                }
            }
            P::Short => {
                return E {
                    s: format!("( short ) {}", self.below(70000)),
                    prec: P_UNARY,
                    ty: Ty::P(P::Short),
                }
            }
        };
        E::atom(s, Ty::P(p))
    }

    fn str_lit(&mut self) -> E {
        let s = [
            "\"\"",
            "\"abc\"",
            "\"a\\tb\"",
            "\"q\\\"x\"",
            "\"\\\\\"",
            "\"\\u00e9t\\u00e9\"",
            "\"été\"",
            "\"x\\ny\"",
            "\"Hello,\"",
            "\"1,2,3\"",
            "\"中文\"",
            "\"\\101\"",
        ];
        E::atom(s[self.below(s.len())], Ty::Str)
    }

    /// `( c ) ? a : b` with both branches fitting `want`.
    fn conditional(&mut self, cx: &Ctx, want: &Ty, d: u32) -> E {
        let c = self.boolean(cx, d - 1);
        let a = self.expr(cx, want, d - 1);
        let bt = if a.ty == Ty::Null {
            want.clone()
        } else {
            a.ty.clone()
        };
        let b = self.expr(cx, &bt, d - 1);
        let ty = if a.ty == Ty::Null {
            b.ty.clone()
        } else {
            a.ty.clone()
        };
        E {
            s: format!("{} ? {} : {}", c.at(P_OR), a.at(P_COND), b.at(P_COND)),
            prec: P_COND,
            ty,
        }
    }

    /// A call of a user method whose result fits `ok` (None: void wanted or
    /// allowed), or None if there is no such method callable here.
    fn call(&mut self, cx: &Ctx, ok: &dyn Fn(&Gen, Option<&Ty>) -> bool, d: u32) -> Option<E> {
        #[derive(Clone)]
        enum R {
            Bare,
            This,
            Super,
            Static(usize),
            Var(String),
            New(usize),
        }
        let mut cands: Vec<(R, usize)> = Vec::new();
        let vars: Vec<(String, usize)> = cx
            .locals()
            .filter_map(|l| match l.ty {
                Ty::Class(k) => Some((l.name.clone(), k)),
                _ => None,
            })
            .collect();
        for (i, s) in self.slots.iter().enumerate() {
            if s.rank >= cx.rank || !ok(self, s.ret.as_ref()) {
                continue;
            }
            if s.is_static {
                if s.private && cx.class != Some(s.owner) {
                    continue;
                }
                cands.push((R::Static(s.owner), i));
                if cx.class.is_some_and(|c| self.chain(c).contains(&s.owner)) {
                    cands.push((R::Bare, i));
                }
                continue;
            }
            if let (true, Some(c)) = (cx.instance, cx.class) {
                if self.slot_visible(s, c, Some(c)) {
                    cands.push((R::Bare, i));
                    cands.push((R::This, i));
                }
                if let Some(sup) = self.classes[c].sup {
                    if self.slot_visible(s, sup, Some(c))
                        && self.slot_abstract_in(sup, i) == Some(false)
                    {
                        cands.push((R::Super, i));
                    }
                }
            }
            for (v, k) in &vars {
                if self.slot_visible(s, *k, cx.class) {
                    cands.push((R::Var(v.clone()), i));
                }
            }
            if d > 0 {
                for k in self.user_classes() {
                    if self.slot_visible(s, k, cx.class)
                        && !self.ctors_at(k, cx.rank, d - 1).is_empty()
                        && s.owner == k
                    {
                        cands.push((R::New(k), i));
                    }
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (r, i) = cands.swap_remove(self.below(cands.len()));
        let name = self.slots[i].name.clone();
        let ptys: Vec<Ty> = self.slots[i].params.iter().map(|p| p.ty.clone()).collect();
        let recv = match r {
            R::Bare => String::new(),
            R::This => "this . ".into(),
            R::Super => "super . ".into(),
            R::Static(c) => format!("{} . ", self.classes[c].name),
            R::Var(v) => format!("{v} . "),
            R::New(k) => format!(
                "{} . ",
                self.new_object(cx, k, d.saturating_sub(1)).unwrap().s
            ),
        };
        let args = self.args(cx, &ptys, d);
        let ty = self.slots[i].ret.clone().unwrap_or(Ty::Null);
        Some(E::atom(format!("{recv}{name} ( {args} )"), ty))
    }

    fn args(&mut self, cx: &Ctx, tys: &[Ty], d: u32) -> String {
        let mut v = Vec::new();
        for t in tys {
            let e = self.expr(cx, t, d.saturating_sub(1));
            v.push(e.at(P_COND));
        }
        v.join(" , ")
    }

    /// `new K ( args )` with a constructor callable at this rank.
    fn new_object(&mut self, cx: &Ctx, k: usize, d: u32) -> Option<E> {
        let cs = self.ctors_at(k, cx.rank, d);
        if cs.is_empty() {
            return None;
        }
        let ci = self.pick(&cs);
        let ptys: Vec<Ty> = self.classes[k].ctors[ci]
            .params
            .iter()
            .map(|p| p.ty.clone())
            .collect();
        let args = self.args(cx, &ptys, d);
        Some(E::atom(
            format!("new {} ( {args} )", self.classes[k].name),
            Ty::Class(k),
        ))
    }

    fn boolean(&mut self, cx: &Ctx, d: u32) -> E {
        let want = Ty::P(P::Boolean);
        if d == 0 || !self.chance(80) {
            return match self.place_of(cx, &want, false) {
                Some(p) if self.chance(60) => E::atom(p.s, want),
                _ => self.lit(P::Boolean),
            };
        }
        let d1 = d - 1;
        match self.below(14) {
            0 => self.lit(P::Boolean),
            1 | 2 => {
                let q = self.pick(&NUMERIC);
                let l = self.numeric(cx, q, d1);
                let r = self.numeric(cx, q, d1);
                let op = self.pick(&["<", "<=", ">", ">="]);
                bin(&l, op, &r, P_REL, want)
            }
            3 => {
                let op = self.pick(&["==", "!="]);
                match self.below(3) {
                    0 => {
                        let q = self.pick(&NUMERIC);
                        let l = self.numeric(cx, q, d1);
                        let r = self.numeric(cx, q, d1);
                        bin(&l, op, &r, P_EQ, want)
                    }
                    1 => {
                        let l = self.boolean(cx, d1);
                        let r = self.boolean(cx, d1);
                        bin(&l, op, &r, P_EQ, want)
                    }
                    _ => {
                        let t = match self.below(4) {
                            0 => Ty::Str,
                            1 => Ty::Object,
                            2 => Ty::arr(Ty::P(P::Int)),
                            _ => Ty::Class(self.pick_class()),
                        };
                        let l = self.expr(cx, &t, d1);
                        let rt = if l.ty == Ty::Null { t } else { l.ty.clone() };
                        let r = self.expr(cx, &rt, d1);
                        bin(&l, op, &r, P_EQ, want)
                    }
                }
            }
            4 | 5 => {
                let l = self.boolean(cx, d1);
                let r = self.boolean(cx, d1);
                let (op, prec) = self.pick(&[
                    ("&&", P_AND),
                    ("||", P_OR),
                    ("&", P_BAND),
                    ("|", P_BOR),
                    ("^", P_XOR),
                ]);
                bin(&l, op, &r, prec, want)
            }
            6 => {
                let e = self.boolean(cx, d1);
                E {
                    s: format!("! {}", e.at(P_UNARY)),
                    prec: P_UNARY,
                    ty: want,
                }
            }
            7 => self.conditional(cx, &want, d),
            8 => {
                let r = self.string(cx, d1);
                let call = match self.below(5) {
                    0 => {
                        let a = self.typed(cx, &Ty::Object, d1);
                        format!("equals ( {} )", a.s)
                    }
                    1 => format!("startsWith ( {} )", self.string(cx, d1).s),
                    2 => format!("endsWith ( {} )", self.string(cx, d1).s),
                    3 => format!("contains ( {} )", self.string(cx, d1).s),
                    _ => "isEmpty ( )".into(),
                };
                E::atom(format!("{} . {call}", r.at(P_PRIMARY)), want)
            }
            9 => {
                // instanceof: a class type related to the operand's.
                let c = self.pick_class();
                let e = self.expr(cx, &Ty::Class(c), d1);
                let cands: Vec<usize> = match e.ty {
                    Ty::Class(k) => self
                        .user_classes()
                        .into_iter()
                        .filter(|&x| self.is_sub(x, k) || self.is_sub(k, x))
                        .collect(),
                    _ => self.user_classes(),
                };
                let k = self.pick(&cands);
                E {
                    s: format!("{} instanceof {}", e.at(P_SHIFT), self.classes[k].name),
                    prec: P_REL,
                    ty: want,
                }
            }
            10 => {
                let e = self.object(cx, d1);
                let t = self.pick(&["String", "Object"]);
                let t = if e.ty == Ty::Str || e.ty == Ty::Object || e.ty == Ty::Null {
                    t
                } else {
                    "Object"
                };
                E {
                    s: format!("{} instanceof {t}", e.at(P_SHIFT)),
                    prec: P_REL,
                    ty: want,
                }
            }
            11 => match self.call(cx, &|_, t| t == Some(&Ty::P(P::Boolean)), d1) {
                Some(e) => e,
                None => self.lit(P::Boolean),
            },
            12 => {
                let e = self.boolean(cx, d1);
                E::atom(format!("( {} )", e.s), want)
            }
            _ => match self.place_of(cx, &want, false) {
                Some(p) => E::atom(p.s, want),
                None => self.lit(P::Boolean),
            },
        }
    }

    fn numeric(&mut self, cx: &Ctx, p: P, d: u32) -> E {
        let want = Ty::P(p);
        if d == 0 || !self.chance(80) {
            return match self.place_of(cx, &want, false) {
                Some(pl) if self.chance(60) => E::atom(pl.s, pl.ty),
                _ => self.lit(p),
            };
        }
        let d1 = d - 1;
        let narrower: Vec<P> = NUMERIC
            .iter()
            .copied()
            .filter(|&q| q != p && widens(q, p))
            .collect();
        match self.below(20) {
            0 => self.lit(p),
            1 if !narrower.is_empty() => {
                let q = self.pick(&narrower);
                self.numeric(cx, q, d1)
            }
            2..=4 if p.arith() => {
                let l = self.numeric(cx, p, d1);
                let r = self.numeric(cx, p, d1);
                let (op, prec) = self.pick(&[
                    ("+", P_ADD),
                    ("-", P_ADD),
                    ("*", P_MUL),
                    ("/", P_MUL),
                    ("%", P_MUL),
                ]);
                let ty = match (&l.ty, &r.ty) {
                    (Ty::P(a), Ty::P(b)) => Ty::P(promote2(*a, *b)),
                    _ => want.clone(),
                };
                bin(&l, op, &r, prec, ty)
            }
            5 if p == P::Int || p == P::Long => {
                let l = self.numeric(cx, p, d1);
                let r = self.numeric(cx, p, d1);
                let (op, prec) = self.pick(&[("&", P_BAND), ("|", P_BOR), ("^", P_XOR)]);
                bin(&l, op, &r, prec, want)
            }
            6 if p == P::Int || p == P::Long => {
                let l = self.numeric(cx, p, d1);
                let rp = if self.chance(30) { P::Long } else { P::Int };
                let r = self.numeric(cx, rp, d1);
                let op = self.pick(&["<<", ">>", ">>>"]);
                let ty = match l.ty {
                    Ty::P(a) => Ty::P(promote(a)),
                    _ => want.clone(),
                };
                bin(&l, op, &r, P_SHIFT, ty)
            }
            7 if p.arith() => {
                let ops: &[&str] = if p == P::Int || p == P::Long {
                    &["-", "+", "~"]
                } else {
                    &["-", "+"]
                };
                let op = self.pick(ops);
                let e = self.numeric(cx, p, d1);
                let ty = match e.ty {
                    Ty::P(a) => Ty::P(promote(a)),
                    _ => want.clone(),
                };
                E {
                    s: format!("{op} {}", e.at(P_UNARY)),
                    prec: P_UNARY,
                    ty,
                }
            }
            8 | 9 => {
                let q = self.pick(&NUMERIC);
                let e = self.numeric(cx, q, d1);
                E {
                    s: format!("( {} ) {}", p.name(), e.at(P_UNARY)),
                    prec: P_UNARY,
                    ty: want,
                }
            }
            10 => self.conditional(cx, &want, d),
            11 => match self.call(
                cx,
                &|_, t| matches!(t, Some(Ty::P(q)) if *q != P::Boolean && widens(*q, p)),
                d1,
            ) {
                Some(e) => e,
                None => self.lit(p),
            },
            12 => {
                // ++ and -- on a variable, field or array element.
                let ok = |t: &Ty| matches!(t, Ty::P(q) if *q != P::Boolean && widens(*q, p));
                match self.lvalue(cx, &ok, d1) {
                    Some(pl) => {
                        let op = self.pick(&["++", "--"]);
                        if self.chance(50) {
                            E {
                                s: format!("{op} {}", pl.s),
                                prec: P_UNARY,
                                ty: pl.ty,
                            }
                        } else {
                            E {
                                s: format!("{} {op}", pl.s),
                                prec: P_PRIMARY,
                                ty: pl.ty,
                            }
                        }
                    }
                    None => self.lit(p),
                }
            }
            13 if p.arith() => {
                let s = self.string(cx, d1);
                let m = match self.below(5) {
                    0 => "length ( )".to_string(),
                    1 => format!("indexOf ( {} )", self.string(cx, d1).s),
                    2 => format!("compareTo ( {} )", self.string(cx, d1).s),
                    3 => "hashCode ( )".to_string(),
                    _ => format!("lastIndexOf ( {} )", self.numeric(cx, P::Char, d1).s),
                };
                E::atom(format!("{} . {m}", s.at(P_PRIMARY)), Ty::P(P::Int))
            }
            14 if widens(P::Char, p) => {
                let s = self.string(cx, d1);
                let i = self.index(cx, d1);
                E::atom(
                    format!("{} . charAt ( {} )", s.at(P_PRIMARY), i.s),
                    Ty::P(P::Char),
                )
            }
            15 if p.arith() => {
                // An array's length, or one of its elements.
                let ok = |t: &Ty| matches!(t, Ty::Arr(_));
                match self.place_of_pred(cx, &ok) {
                    Some(pl) => match &pl.ty {
                        Ty::Arr(e)
                            if matches!(**e, Ty::P(q) if q != P::Boolean && widens(q, p))
                                && self.chance(60) =>
                        {
                            let i = self.index(cx, d1);
                            E::atom(format!("{} [ {} ]", pl.s, i.s), (**e).clone())
                        }
                        _ => E::atom(format!("{} . length", pl.s), Ty::P(P::Int)),
                    },
                    None => self.lit(p),
                }
            }
            16 if matches!(p, P::Int | P::Long | P::Double) => {
                let a = self.numeric(cx, p, d1);
                let b = self.numeric(cx, p, d1);
                let s = match (p, self.below(4)) {
                    (_, 0) => format!("Math . max ( {} , {} )", a.s, b.s),
                    (_, 1) => format!("Math . min ( {} , {} )", a.s, b.s),
                    (_, 2) => format!("Math . abs ( {} )", a.s),
                    (P::Double, _) => format!(
                        "Math . {} ( {} )",
                        self.pick(&["sqrt", "floor", "ceil", "sin", "exp"]),
                        a.s
                    ),
                    (P::Int, _) => format!("Integer . parseInt ( {} )", self.string(cx, d1).s),
                    _ => format!("Math . round ( {} )", self.numeric(cx, P::Double, d1).s),
                };
                E::atom(s, want)
            }
            17 => {
                // An assignment used as an expression.
                let ok = |t: &Ty| matches!(t, Ty::P(q) if *q != P::Boolean && widens(*q, p));
                match self.lvalue(cx, &ok, d1) {
                    Some(pl) => {
                        let op = if pl.ty == Ty::P(P::Float) || pl.ty == Ty::P(P::Double) {
                            self.pick(&["=", "+=", "*=", "-="])
                        } else {
                            self.pick(&["=", "+=", "*=", "-=", "|=", "<<="])
                        };
                        let rt = if op == "=" {
                            pl.ty.clone()
                        } else if op == "|=" || op == "<<=" {
                            Ty::P(P::Int)
                        } else {
                            Ty::P(P::Double)
                        };
                        let r = self.expr(cx, &rt, d1);
                        E::atom(format!("( {} {op} {} )", pl.s, r.at(P_ASSIGN)), pl.ty)
                    }
                    None => self.lit(p),
                }
            }
            18 => {
                let e = self.numeric(cx, p, d1);
                E::atom(format!("( {} )", e.s), e.ty)
            }
            _ => match self.place_of(cx, &want, false) {
                Some(pl) => E::atom(pl.s, pl.ty),
                None => self.lit(p),
            },
        }
    }

    fn place_of_pred(&mut self, cx: &Ctx, ok: &dyn Fn(&Ty) -> bool) -> Option<Place> {
        let mut ps: Vec<Place> = self.places(cx).into_iter().filter(|p| ok(&p.ty)).collect();
        if ps.is_empty() {
            None
        } else {
            let i = self.below(ps.len());
            Some(ps.swap_remove(i))
        }
    }

    fn string(&mut self, cx: &Ctx, d: u32) -> E {
        let want = Ty::Str;
        if d == 0 || !self.chance(80) {
            return match self.place_of(cx, &want, false) {
                Some(p) if self.chance(60) => E::atom(p.s, want),
                _ => self.str_lit(),
            };
        }
        let d1 = d - 1;
        match self.below(13) {
            0 => self.str_lit(),
            1..=3 => {
                let s = self.typed(cx, &Ty::Str, d1);
                let a = self.any(cx, d1);
                if self.chance(50) {
                    bin(&s, "+", &a, P_ADD, want)
                } else {
                    bin(&a, "+", &s, P_ADD, want)
                }
            }
            4 => {
                let t = match self.below(3) {
                    0 => Ty::P(self.pick_prim()),
                    1 => Ty::Object,
                    _ => Ty::arr(Ty::P(P::Char)),
                };
                let a = self.typed(cx, &t, d1);
                E::atom(format!("String . valueOf ( {} )", a.s), want)
            }
            5 => {
                let s = self.string(cx, d1);
                let m = match self.below(6) {
                    0 => format!("substring ( {} )", self.index(cx, d1).s),
                    1 => format!(
                        "substring ( {} , {} )",
                        self.index(cx, d1).s,
                        self.index(cx, d1).s
                    ),
                    2 => "toUpperCase ( )".into(),
                    3 => "trim ( )".into(),
                    4 => format!("concat ( {} )", self.string(cx, d1).s),
                    _ => "toLowerCase ( )".into(),
                };
                E::atom(format!("{} . {m}", s.at(P_PRIMARY)), want)
            }
            6 => self.conditional(cx, &want, d),
            7 => match self.call(cx, &|_, t| t == Some(&Ty::Str), d1) {
                Some(e) => e,
                None => self.str_lit(),
            },
            8 => {
                let mut s = "new StringBuilder ( )".to_string();
                for _ in 0..1 + self.below(3) {
                    let t = self.pick_type(false);
                    let a = self.typed(cx, &t, d1);
                    s = format!("{s} . append ( {} )", a.s);
                }
                E::atom(format!("{s} . toString ( )"), want)
            }
            9 => {
                // toString() on some object.
                let c = self.pick_class();
                match self.receiver(cx, c, d1) {
                    Some(r) => E::atom(format!("{} . toString ( )", r.s), want),
                    None => self.str_lit(),
                }
            }
            10 => {
                let e = self.string(cx, d1);
                E::atom(format!("( {} )", e.s), want)
            }
            11 => E {
                s: "( String ) null".into(),
                prec: P_UNARY,
                ty: want,
            },
            _ => {
                let ok = |t: &Ty| *t == Ty::arr(Ty::Str);
                match self.place_of_pred(cx, &ok) {
                    Some(pl) => {
                        let i = self.index(cx, d1);
                        E::atom(format!("{} [ {} ]", pl.s, i.s), want)
                    }
                    None => self.str_lit(),
                }
            }
        }
    }

    /// A non-null expression of class `c` (or below) usable before `.`.
    fn receiver(&mut self, cx: &Ctx, c: usize, d: u32) -> Option<E> {
        if let (true, Some(k)) = (cx.instance, cx.class) {
            if self.is_sub(k, c) && self.chance(30) {
                return Some(E::atom("this", Ty::Class(k)));
            }
        }
        let ok = |t: &Ty| matches!(t, Ty::Class(k) if self.is_sub(*k, c));
        let ps: Vec<Place> = self.places(cx).into_iter().filter(|p| ok(&p.ty)).collect();
        if !ps.is_empty() && self.chance(70) {
            let i = self.below(ps.len());
            let p = &ps[i];
            return Some(E::atom(p.s.clone(), p.ty.clone()));
        }
        let ks = self.constructible(c, cx.rank, d);
        if ks.is_empty() {
            return None;
        }
        let k = self.pick(&ks);
        self.new_object(cx, k, d)
    }

    fn object_of(&mut self, cx: &Ctx, c: usize, d: u32) -> E {
        let want = Ty::Class(c);
        if d == 0 || !self.chance(80) {
            if let Some(p) = self.place_of(cx, &want, false) {
                if self.chance(60) {
                    return E::atom(p.s, p.ty);
                }
            }
            let ks = self.constructible(c, cx.rank, 0);
            if !ks.is_empty() && self.chance(70) {
                let k = self.pick(&ks);
                return self.new_object(cx, k, 0).unwrap();
            }
            return E::atom("null", Ty::Null);
        }
        let ks = self.constructible(c, cx.rank, d - 1);
        let d1 = d - 1;
        match self.below(8) {
            0 | 1 if !ks.is_empty() => {
                let k = self.pick(&ks);
                self.new_object(cx, k, d1).unwrap()
            }
            2 => match self.place_of(cx, &want, false) {
                Some(p) => E::atom(p.s, p.ty),
                None => E::atom("null", Ty::Null),
            },
            3 => {
                if let (true, Some(k)) = (cx.instance, cx.class) {
                    if self.is_sub(k, c) {
                        return E::atom("this", Ty::Class(k));
                    }
                }
                E::atom("null", Ty::Null)
            }
            4 => self.conditional(cx, &want, d),
            5 => match self.call(
                cx,
                &|g, t| matches!(t, Some(t) if g.assignable(t, &Ty::Class(c)) && *t != Ty::Null),
                d1,
            ) {
                Some(e) => e,
                None => E::atom("null", Ty::Null),
            },
            6 => {
                // A downcast from an ancestor (or Object).
                let anc = self.chain(c);
                let a = self.pick(&anc);
                let from = if a == c || self.chance(30) {
                    Ty::Object
                } else {
                    Ty::Class(a)
                };
                let e = self.expr(cx, &from, d1);
                let name = self.classes[c].name.clone();
                if self.castable(&e.ty, &want) {
                    E {
                        s: format!("( {name} ) {}", e.at(P_UNARY)),
                        prec: P_UNARY,
                        ty: want,
                    }
                } else {
                    E {
                        s: format!("( {name} ) ( Object ) {}", e.at(P_UNARY)),
                        prec: P_UNARY,
                        ty: want,
                    }
                }
            }
            _ => E::atom("null", Ty::Null),
        }
    }

    fn object(&mut self, cx: &Ctx, d: u32) -> E {
        match self.below(7) {
            0 => E::atom("null", Ty::Null),
            1 | 2 => {
                let c = self.pick_class();
                self.object_of(cx, c, d)
            }
            3 => self.string(cx, d),
            4 => {
                let t = self.pick_type(false);
                if t.is_ref() || d == 0 {
                    let e = self.expr(cx, &t, d.saturating_sub(1));
                    if e.ty.is_ref() {
                        return E {
                            s: format!("( Object ) {}", e.at(P_UNARY)),
                            prec: P_UNARY,
                            ty: Ty::Object,
                        };
                    }
                }
                self.string(cx, d)
            }
            5 => match self.place_of(cx, &Ty::Object, false) {
                Some(p) => E::atom(p.s, p.ty),
                None => self.str_lit(),
            },
            _ => {
                let e = self.array(cx, &Ty::P(P::Int), d);
                if e.ty == Ty::Null {
                    self.str_lit()
                } else {
                    e
                }
            }
        }
    }

    fn array(&mut self, cx: &Ctx, elem: &Ty, d: u32) -> E {
        let want = Ty::arr(elem.clone());
        let (base, dims) = Self::base_dims(&want);
        let bs = self.ty_str(&base);
        let d1 = d.saturating_sub(1);
        match self.below(8) {
            0 | 1 => {
                let mut s = format!("new {bs}");
                let given = if dims > 1 && self.chance(50) { 1 } else { dims };
                for i in 0..dims {
                    if i < given {
                        let n = if d == 0 || !self.chance(40) {
                            self.below(5).to_string()
                        } else {
                            format!("{} & 7", self.numeric(cx, P::Int, d1).at(P_BAND))
                        };
                        s.push_str(&format!(" [ {n} ]"));
                    } else {
                        s.push_str(" [ ]");
                    }
                }
                E::atom(s, want)
            }
            2 => {
                let init = self.array_init(cx, elem, d1);
                E::atom(format!("new {} {init}", self.ty_str(&want)), want)
            }
            3 | 4 => match self.place_of(cx, &want, false) {
                Some(p) => E::atom(p.s, want),
                None => E::atom("null", Ty::Null),
            },
            5 if d > 0 => self.conditional(cx, &want, d),
            6 if d > 0 => match self.call(cx, &|_, t| t == Some(&want), d1) {
                Some(e) => e,
                None => E::atom("null", Ty::Null),
            },
            _ => {
                if *elem == Ty::P(P::Char) && d > 0 {
                    let s = self.string(cx, d1);
                    return E::atom(format!("{} . toCharArray ( )", s.at(P_PRIMARY)), want);
                }
                if *elem == Ty::Str && d > 0 {
                    let s = self.string(cx, d1);
                    let sep = self.pick(&["\",\"", "\"\"", "\"ab\""]);
                    return E::atom(format!("{} . split ( {sep} )", s.at(P_PRIMARY)), want);
                }
                E::atom("null", Ty::Null)
            }
        }
    }

    /// `{ e , e }` for an array of `elem`.
    fn array_init(&mut self, cx: &Ctx, elem: &Ty, d: u32) -> String {
        let n = self.below(4);
        let mut v = Vec::new();
        for _ in 0..n {
            match elem {
                Ty::Arr(inner) if self.chance(60) => {
                    v.push(self.array_init(cx, inner, d.saturating_sub(1)))
                }
                _ => v.push(self.expr(cx, elem, d).at(P_COND)),
            }
        }
        if v.is_empty() {
            "{ }".into()
        } else if self.chance(20) {
            format!("{{ {} , }}", v.join(" , "))
        } else {
            format!("{{ {} }}", v.join(" , "))
        }
    }

    fn tag(&mut self, cx: &Ctx) -> E {
        let tags: Vec<String> = cx
            .locals()
            .filter(|l| l.ty == Ty::Tag)
            .map(|l| l.name.clone())
            .collect();
        if !tags.is_empty() && self.chance(40) {
            E::atom(self.pick(&tags), Ty::Tag)
        } else {
            E::atom(format!("new tag ( {} )", self.pick(&TAG_TYPES)), Ty::Tag)
        }
    }

    /// An initial value: an expression, or, where the task language allows
    /// it, an allocation block making a task object.
    fn value(&mut self, cx: &Ctx, want: &Ty, d: u32) -> E {
        if let Ty::Class(c) = want {
            if cx.alloc && !self.java && self.chance(30) {
                let ks = self.constructible(*c, cx.rank, d);
                if !ks.is_empty() {
                    let k = self.pick(&ks);
                    return self.allocation(cx, k, d);
                }
            }
        }
        self.expr(cx, want, d)
    }

    /// `new K ( args ) { flag actions }`, in either spelling.
    fn allocation(&mut self, cx: &Ctx, k: usize, d: u32) -> E {
        let e = self.new_object(cx, k, d).unwrap();
        let flags = self.all_flags(k);
        let mut acts: Vec<(String, bool)> = Vec::new();
        for f in flags {
            if self.chance(50) {
                let on = self.chance(70);
                acts.push((f, on));
            }
        }
        let tags: Vec<String> = cx
            .locals()
            .filter(|l| l.ty == Ty::Tag)
            .map(|l| l.name.clone())
            .collect();
        let mut adds: Vec<String> = Vec::new();
        for t in tags {
            if self.chance(30) {
                adds.push(t);
            }
        }
        let brace = self.chance(50) && (adds.is_empty() || !acts.is_empty());
        let s = if brace {
            let fl: Vec<String> = acts
                .iter()
                .map(|(f, on)| if *on { f.clone() } else { format!("! {f}") })
                .collect();
            let mut s = format!("{} {{ {} }}", e.s, fl.join(" , "));
            if !adds.is_empty() {
                s.push_str(&format!(" {{ {} }}", adds.join(" , ")));
            }
            s
        } else {
            let mut items: Vec<String> =
                acts.iter().map(|(f, on)| format!("{f} := {on}")).collect();
            items.extend(adds.iter().map(|t| format!("add {t}")));
            format!("{} {{ {} }}", e.s, items.join(" , "))
        };
        E::atom(s.replace("{  }", "{ }"), Ty::Class(k))
    }

    // --------------------------------------------------------- statements

    fn block(&mut self, cx: &mut Ctx, d: u32) {
        self.open("{");
        cx.scopes.push(Vec::new());
        self.stmts(cx, d, 3);
        cx.scopes.pop();
        self.close("}");
    }

    fn stmts(&mut self, cx: &mut Ctx, d: u32, max: usize) {
        let n = self.below(max + 1);
        for _ in 0..n {
            self.stmt(cx, d);
        }
    }

    /// A statement body: a block, or (sometimes) a single simple statement.
    fn body(&mut self, cx: &mut Ctx, d: u32) {
        if self.chance(15) {
            self.indent += 1;
            cx.scopes.push(Vec::new());
            self.simple_stmt(cx, d, false);
            cx.scopes.pop();
            self.indent -= 1;
        } else {
            self.block(cx, d);
        }
    }

    fn ed(&self, d: u32) -> u32 {
        d.min(3)
    }

    fn stmt(&mut self, cx: &mut Ctx, d: u32) {
        if d == 0 {
            return self.simple_stmt(cx, 0, true);
        }
        let e = self.ed(d);
        match self.below(16) {
            0..=5 => self.simple_stmt(cx, d, true),
            6 => {
                let c = self.boolean(cx, e);
                self.open(&format!("if ( {} )", c.s));
                self.indent -= 1;
                self.body(cx, d - 1);
                if self.chance(40) {
                    self.line("else");
                    self.body(cx, d - 1);
                }
            }
            7 => self.jump(cx, d),
            8 => self.for_loop(cx, d),
            9 => {
                let w = self.fresh("w");
                let bound = self.bound(cx);
                self.line(&format!("int {w} = 0 ;"));
                cx.declare(&w, Ty::P(P::Int), false);
                let extra = if self.chance(30) {
                    format!(" && {}", self.boolean(cx, 1).at(P_OR))
                } else {
                    String::new()
                };
                let (label, ltext) = self.label();
                self.open(&format!("{ltext}while ( {w} < {bound}{extra} ) {{"));
                self.line(&format!("{w} ++ ;"));
                self.loop_body(cx, d, label);
                self.close("}");
            }
            10 => {
                let w = self.fresh("w");
                let bound = self.bound(cx);
                self.line(&format!("int {w} = 0 ;"));
                cx.declare(&w, Ty::P(P::Int), false);
                self.open("do {");
                self.line(&format!("{w} ++ ;"));
                self.loop_body(cx, d, None);
                self.close(&format!("}} while ( {w} < {bound} ) ;"));
            }
            11 => {
                // for-each over an array.
                let t = match self.pick_type(false) {
                    Ty::P(p) => Ty::P(p),
                    Ty::Str => Ty::Str,
                    Ty::Class(c) => Ty::Class(c),
                    _ => Ty::P(P::Int),
                };
                let arr = self.typed(cx, &Ty::arr(t.clone()), e);
                let x = self.fresh("x");
                let fin = if self.chance(30) { "final " } else { "" };
                let (label, ltext) = self.label();
                self.line(&format!(
                    "{ltext}for ( {fin}{} {x} : {} )",
                    self.ty_str(&t),
                    arr.s
                ));
                cx.scopes.push(vec![Local {
                    name: x,
                    ty: t,
                    assignable: false,
                }]);
                cx.loops.push(label);
                cx.breakable += 1;
                self.block(cx, d - 1);
                cx.breakable -= 1;
                cx.loops.pop();
                cx.scopes.pop();
            }
            12 => self.switch(cx, d),
            13 => self.block(cx, d - 1),
            14 if cx.ret == Ret::Task && !self.java => {
                let c = self.boolean(cx, e);
                self.line(&format!("if ( {} )", c.s));
                self.indent += 1;
                let s = self.taskexit(cx, false);
                self.line(&s);
                self.indent -= 1;
            }
            _ => self.simple_stmt(cx, d, true),
        }
    }

    /// A label for a loop (sometimes): its name, and the text to put
    /// before the loop (`L7 : `).
    fn label(&mut self) -> (Option<String>, String) {
        if self.chance(20) {
            let l = self.fresh("L");
            let text = format!("{l} : ");
            (Some(l), text)
        } else {
            (None, String::new())
        }
    }

    fn loop_body(&mut self, cx: &mut Ctx, d: u32, label: Option<String>) {
        cx.loops.push(label);
        cx.breakable += 1;
        cx.scopes.push(Vec::new());
        self.stmts(cx, d - 1, 3);
        cx.scopes.pop();
        cx.breakable -= 1;
        cx.loops.pop();
    }

    /// A loop bound: small, and never a constant expression's partner (the
    /// loop variable keeps the condition non-constant).
    fn bound(&mut self, cx: &Ctx) -> String {
        if self.chance(30) {
            if let Some(p) = self.place_of_pred(cx, &|t| matches!(t, Ty::Arr(_))) {
                return format!("{} . length", p.s);
            }
        }
        (1 + self.below(4)).to_string()
    }

    fn for_loop(&mut self, cx: &mut Ctx, d: u32) {
        let i = self.fresh("i");
        let bound = self.bound(cx);
        let (label, ltext) = self.label();
        if self.chance(25) {
            let j = self.fresh("j");
            self.line(&format!(
                "{ltext}for ( int {i} = 0 , {j} = {bound} ; {i} < {j} ; {i} ++ , {j} -- )"
            ));
            cx.scopes.push(vec![
                Local {
                    name: i,
                    ty: Ty::P(P::Int),
                    assignable: false,
                },
                Local {
                    name: j,
                    ty: Ty::P(P::Int),
                    assignable: false,
                },
            ]);
        } else {
            let (init, cond, step) = match self.below(3) {
                0 => (
                    format!("int {i} = 0"),
                    format!("{i} < {bound}"),
                    format!("{i} ++"),
                ),
                1 => (
                    format!("int {i} = {bound}"),
                    format!("{i} > 0"),
                    format!("-- {i}"),
                ),
                _ => (
                    format!("long {i} = 0L"),
                    format!("{i} <= {bound}"),
                    format!("{i} += 1"),
                ),
            };
            let ty = if init.starts_with("long") {
                Ty::P(P::Long)
            } else {
                Ty::P(P::Int)
            };
            self.line(&format!("{ltext}for ( {init} ; {cond} ; {step} )"));
            cx.scopes.push(vec![Local {
                name: i,
                ty,
                assignable: false,
            }]);
        }
        cx.loops.push(label);
        cx.breakable += 1;
        self.body(cx, d - 1);
        cx.breakable -= 1;
        cx.loops.pop();
        cx.scopes.pop();
    }

    fn switch(&mut self, cx: &mut Ctx, d: u32) {
        let chars = self.chance(30);
        let sel = if chars {
            self.numeric(cx, P::Char, self.ed(d))
        } else {
            self.numeric(cx, P::Int, self.ed(d))
        };
        self.open(&format!("switch ( {} ) {{", sel.s));
        let groups = self.below(4);
        let default_at = if self.chance(70) {
            Some(self.below(groups + 1))
        } else {
            None
        };
        let mut used: Vec<u32> = Vec::new();
        cx.breakable += 1;
        for g in 0..=groups {
            let mut labels = Vec::new();
            if default_at == Some(g) {
                labels.push("default :".to_string());
            }
            if g < groups {
                for _ in 0..1 + self.below(2) {
                    let v = if chars {
                        97 + self.below(26) as u32
                    } else {
                        self.below(128) as u32
                    };
                    if used.contains(&v) {
                        continue;
                    }
                    used.push(v);
                    let text = if chars || self.chance(20) {
                        format!("'{}'", char::from_u32(v).unwrap())
                    } else {
                        v.to_string()
                    };
                    if !chars && text.starts_with('\'') && !(v as u8).is_ascii_alphanumeric() {
                        labels.push(format!("case {v} :"));
                    } else {
                        labels.push(format!("case {text} :"));
                    }
                }
            }
            if labels.is_empty() {
                continue;
            }
            for l in labels {
                self.line(&l);
            }
            self.indent += 1;
            cx.scopes.push(Vec::new());
            self.stmts(cx, d - 1, 2);
            if self.chance(60) {
                self.line("break ;");
            }
            cx.scopes.pop();
            self.indent -= 1;
        }
        cx.breakable -= 1;
        self.close("}");
    }

    /// `if ( c ) { ... ; jump }` with a jump allowed here.
    fn jump(&mut self, cx: &mut Ctx, d: u32) {
        let mut jumps: Vec<String> = Vec::new();
        if cx.breakable > 0 {
            jumps.push("break ;".into());
        }
        if !cx.loops.is_empty() {
            jumps.push("continue ;".into());
        }
        for l in cx.loops.iter().flatten() {
            jumps.push(format!("break {l} ;"));
            jumps.push(format!("continue {l} ;"));
        }
        let e = self.ed(d);
        match cx.ret.clone() {
            Ret::Void => jumps.push("return ;".into()),
            Ret::Value(t) => {
                let v = self.value(cx, &t, e);
                jumps.push(format!("return {} ;", v.s));
            }
            Ret::Task => {
                if self.java {
                    jumps.push("return ;".into());
                } else {
                    let s = self.taskexit(cx, false);
                    jumps.push(s);
                }
            }
        }
        let j = self.pick(&jumps);
        let c = self.boolean(cx, e);
        self.open(&format!("if ( {} ) {{", c.s));
        cx.scopes.push(Vec::new());
        self.stmts(cx, d - 1, 2);
        cx.scopes.pop();
        self.line(&j);
        self.close("}");
    }

    /// A declaration, or (where a declaration is not allowed, as the
    /// whole body of an `if` or a loop) a print statement.
    fn fallback(&mut self, cx: &mut Ctx, d: u32, decl: bool) {
        if decl {
            self.declaration(cx, d)
        } else {
            let a = self.typed(cx, &Ty::P(P::Int), d);
            self.line(&format!("System . out . println ( {} ) ;", a.s));
        }
    }

    fn simple_stmt(&mut self, cx: &mut Ctx, d: u32, decl: bool) {
        let e = self.ed(d);
        match self.below(12) {
            0..=2 => self.fallback(cx, e, decl),
            3 | 4 => {
                // Assignment.
                match self.lvalue(cx, &|t| *t != Ty::Null, e) {
                    Some(p) => {
                        let v = self.value(cx, &p.ty, e);
                        self.line(&format!("{} = {} ;", p.s, v.s));
                    }
                    None => self.fallback(cx, e, decl),
                }
            }
            5 => self.compound(cx, e, decl),
            6 => {
                let ok = |t: &Ty| matches!(t, Ty::P(q) if *q != P::Boolean);
                match self.lvalue(cx, &ok, e) {
                    Some(p) => {
                        let s = match self.below(4) {
                            0 => format!("{} ++ ;", p.s),
                            1 => format!("{} -- ;", p.s),
                            2 => format!("++ {} ;", p.s),
                            _ => format!("-- {} ;", p.s),
                        };
                        self.line(&s);
                    }
                    None => self.fallback(cx, e, decl),
                }
            }
            7 => {
                let ms: &[&str] = if self.java {
                    &["System . out . println", "System . out . print"]
                } else {
                    &[
                        "System . out . println",
                        "System . out . print",
                        "System . println",
                        "System . print",
                    ]
                };
                let m = self.pick(ms);
                if self.chance(15) && m.ends_with("println") {
                    self.line(&format!("{m} ( ) ;"));
                } else {
                    let t = self.pick_type(false);
                    let a = self.typed(cx, &t, e);
                    self.line(&format!("{m} ( {} ) ;", a.s));
                }
            }
            8 => match self.call(cx, &|_, _| true, e) {
                Some(c) => self.line(&format!("{} ;", c.s)),
                None => self.fallback(cx, e, decl),
            },
            9 => {
                let c = self.pick_class();
                let ks = self.constructible(c, cx.rank, e);
                if ks.is_empty() {
                    return self.fallback(cx, e, decl);
                }
                let k = self.pick(&ks);
                let v = if cx.alloc && !self.java && self.chance(60) {
                    self.allocation(cx, k, e)
                } else {
                    self.new_object(cx, k, e).unwrap()
                };
                self.line(&format!("{} ;", v.s));
            }
            10 => {
                // A method call on an object.
                let c = self.pick_class();
                match self.receiver(cx, c, e) {
                    Some(r) if matches!(r.ty, Ty::Class(_)) => {
                        let s = format!("{} . hashCode ( ) ;", r.s);
                        self.line(&s);
                    }
                    _ => self.fallback(cx, e, decl),
                }
            }
            _ => self.fallback(cx, e, decl),
        }
    }

    fn compound(&mut self, cx: &mut Ctx, d: u32, decl: bool) {
        let p = match self.lvalue(cx, &|t| matches!(t, Ty::P(_) | Ty::Str), d) {
            Some(p) => p,
            None => return self.fallback(cx, d, decl),
        };
        let (op, rt) = match &p.ty {
            Ty::Str => ("+=", self.pick_type(false)),
            Ty::P(P::Boolean) => (self.pick(&["&=", "|=", "^="]), Ty::P(P::Boolean)),
            Ty::P(q) if q.integral() => match self.below(3) {
                0 => (
                    self.pick(&["&=", "|=", "^="]),
                    Ty::P(self.pick(&[P::Int, P::Long, P::Char, P::Byte])),
                ),
                1 => (
                    self.pick(&["<<=", ">>=", ">>>="]),
                    Ty::P(self.pick(&[P::Int, P::Long])),
                ),
                _ => (
                    self.pick(&["+=", "-=", "*=", "/=", "%="]),
                    Ty::P(self.pick(&NUMERIC)),
                ),
            },
            _ => (
                self.pick(&["+=", "-=", "*=", "/=", "%="]),
                Ty::P(self.pick(&NUMERIC)),
            ),
        };
        let v = self.expr(cx, &rt, d);
        self.line(&format!("{} {op} {} ;", p.s, v.s));
    }

    fn declaration(&mut self, cx: &mut Ctx, d: u32) {
        let t = self.pick_type(true);
        let name = self.fresh("v");
        let ts = self.ty_str(&t);
        let fin = self.chance(10);
        let fin_s = if fin { "final " } else { "" };
        match &t {
            Ty::Arr(elem) if self.chance(40) => {
                let init = self.array_init(cx, elem, d);
                if self.chance(40) {
                    // The original distribution's C-style declarator.
                    let (base, dims) = Self::base_dims(&t);
                    let brackets = " [ ]".repeat(dims);
                    self.line(&format!(
                        "{fin_s}{} {name}{brackets} = {init} ;",
                        self.ty_str(&base)
                    ));
                } else {
                    self.line(&format!("{fin_s}{ts} {name} = {init} ;"));
                }
            }
            Ty::P(P::Byte) | Ty::P(P::Short) | Ty::P(P::Char) if self.chance(30) => {
                // A constant narrowed in an assignment context.
                let v = if t == Ty::P(P::Char) {
                    65 + self.below(26)
                } else {
                    self.below(128)
                };
                self.line(&format!("{fin_s}{ts} {name} = {v} ;"));
            }
            _ => {
                let v = self.value(cx, &t, d);
                if !fin && self.chance(15) && matches!(t, Ty::P(_) | Ty::Str) {
                    let name2 = self.fresh("v");
                    let v2 = self.expr(cx, &t, d);
                    self.line(&format!("{ts} {name} = {} , {name2} = {} ;", v.s, v2.s));
                    cx.declare(&name2, t.clone(), true);
                } else {
                    self.line(&format!("{fin_s}{ts} {name} = {} ;", v.s));
                }
            }
        }
        cx.declare(&name, t, !fin);
    }

    // -------------------------------------------------------- task language

    /// A `taskexit` statement; `last`: the one that ends the task body, which
    /// falsifies the first parameter's guard.
    fn taskexit(&mut self, cx: &Ctx, last: bool) -> String {
        let params = cx.task.clone();
        let tags: Vec<String> = cx
            .locals()
            .filter(|l| l.ty == Ty::Tag)
            .map(|l| l.name.clone())
            .collect();
        let mut parts: Vec<ExitPart> = Vec::new();
        let mut used_tags: Vec<String> = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let mut flags: Vec<(String, bool)> = Vec::new();
            if i == 0 && last {
                flags = p.guard.falsifier().unwrap_or_default();
            } else if !self.chance(50) {
                continue;
            }
            for f in self.all_flags(p.class) {
                if !flags.iter().any(|(g, _)| *g == f) && self.chance(25) {
                    let on = self.chance(50);
                    flags.push((f, on));
                }
            }
            let mut tagacts = Vec::new();
            for t in &tags {
                if !used_tags.contains(t) && self.chance(20) {
                    used_tags.push(t.clone());
                    let add = self.chance(50);
                    tagacts.push((t.clone(), add));
                }
            }
            if flags.is_empty() && tagacts.is_empty() {
                continue;
            }
            if self.chance(50) {
                flags.reverse();
            }
            parts.push((p.name.clone(), flags, tagacts));
        }
        let brace = self.chance(50) && parts.iter().all(|(_, f, _)| !f.is_empty());
        let body: Vec<String> = parts
            .iter()
            .map(|(name, flags, tagacts)| {
                if brace {
                    let fl: Vec<String> = flags
                        .iter()
                        .map(|(f, on)| if *on { f.clone() } else { format!("! {f}") })
                        .collect();
                    let mut s = format!("{name} {{ {} }}", fl.join(" , "));
                    if !tagacts.is_empty() {
                        let tl: Vec<String> = tagacts
                            .iter()
                            .map(|(t, add)| if *add { t.clone() } else { format!("! {t}") })
                            .collect();
                        s.push_str(&format!(" {{ {} }}", tl.join(" , ")));
                    }
                    s
                } else {
                    let mut items: Vec<String> =
                        flags.iter().map(|(f, on)| format!("{f} := {on}")).collect();
                    items.extend(
                        tagacts
                            .iter()
                            .map(|(t, add)| format!("{} {t}", if *add { "add" } else { "clear" })),
                    );
                    format!("{name} : {}", items.join(" , "))
                }
            })
            .collect();
        let sep = if brace { " , " } else { " ; " };
        if body.is_empty() {
            "taskexit ( ) ;".into()
        } else {
            format!("taskexit ( {} ) ;", body.join(sep))
        }
    }

    fn guard(&mut self, flags: &[String], d: u32) -> Guard {
        if d == 0 || !self.chance(60) {
            return Guard::Flag(self.pick(flags));
        }
        match self.below(5) {
            0 => Guard::Not(Box::new(self.guard(flags, d - 1))),
            1 | 2 => Guard::And(
                Box::new(self.guard(flags, d - 1)),
                Box::new(self.guard(flags, d - 1)),
            ),
            3 => Guard::Or(
                Box::new(self.guard(flags, d - 1)),
                Box::new(self.guard(flags, d - 1)),
            ),
            _ => Guard::Lit(self.chance(50)),
        }
    }

    fn has_lit(g: &Guard) -> bool {
        match g {
            Guard::Lit(_) => true,
            Guard::Flag(_) => false,
            Guard::Not(a) => Self::has_lit(a),
            Guard::And(a, b) | Guard::Or(a, b) => Self::has_lit(a) || Self::has_lit(b),
        }
    }

    /// A guard over `flags` that some state satisfies and some does not.
    fn good_guard(&mut self, flags: &[String]) -> Guard {
        for _ in 0..4 {
            let g = self.guard(flags, 2);
            if g.falsifier().is_some() {
                return g;
            }
        }
        Guard::Flag(flags[0].clone())
    }

    fn task(
        &mut self,
        name: &str,
        params: Vec<TaskParam>,
        tag_guards: Vec<Option<(String, String)>>,
    ) {
        let brace = self.chance(50) && !params.iter().any(|p| Self::has_lit(&p.guard));
        let ps: Vec<String> = params
            .iter()
            .zip(&tag_guards)
            .map(|(p, tg)| {
                let cls = &self.classes[p.class].name;
                if brace {
                    let mut s = format!("{cls} {} {{ {} }}", p.name, p.guard.render(true, 0));
                    if let Some((tt, t)) = tg {
                        s.push_str(&format!(" {{ {tt} {t} }}"));
                    }
                    s
                } else {
                    let mut s = format!("{cls} {} in {}", p.name, p.guard.render(false, 0));
                    if let Some((tt, t)) = tg {
                        s.push_str(&format!(" with {tt} {t}"));
                    }
                    s
                }
            })
            .collect();
        self.open(&format!("task {name} ( {} ) {{", ps.join(" , ")));
        let mut cx = Ctx::new(None, false, usize::MAX, Ret::Task);
        cx.alloc = true;
        for p in &params {
            cx.declare(&p.name, Ty::Class(p.class), false);
        }
        for (_, t) in tag_guards.iter().flatten() {
            if !cx.locals().any(|l| l.name == *t) {
                cx.declare(t, Ty::Tag, false);
            }
        }
        cx.task = params;
        self.stmts(&mut cx, 3, 5);
        if name == "startup" {
            // Make task objects of every class that has flags.
            for c in self.user_classes() {
                if !self.all_flags(c).is_empty()
                    && !self.constructible(c, usize::MAX, 1).is_empty()
                    && self.chance(80)
                {
                    let ks = self.constructible(c, usize::MAX, 1);
                    let k = self.pick(&ks);
                    let a = self.allocation(&cx, k, 1);
                    if self.chance(50) {
                        self.line(&format!("{} ;", a.s));
                    } else {
                        let v = self.fresh("t");
                        self.line(&format!("{} {v} = {} ;", self.classes[k].name, a.s));
                        cx.declare(&v, Ty::Class(k), true);
                    }
                }
            }
        }
        let s = self.taskexit(&cx, true);
        self.line(&s);
        self.close("}");
    }

    // ------------------------------------------------------------ programs

    fn program(&mut self) {
        self.signatures();
        let mut items: Vec<String> = Vec::new();
        for c in self.user_classes() {
            self.class_decl(c);
            items.push(std::mem::take(&mut self.out));
        }
        if self.java {
            // The startup task as a static method, and a stand-in for the
            // library's StartupObject.
            self.out.push_str(
                "class StartupObject {\n    String [ ] args ;\n    String [ ] parameters ;\n}\n",
            );
            self.open("class Tasks {");
            self.open("static void startup ( StartupObject s ) {");
            let mut cx = Ctx::new(None, false, usize::MAX, Ret::Void);
            cx.declare("s", Ty::Class(STARTUP), false);
            self.stmts(&mut cx, 3, 6);
            self.close("}");
            self.close("}");
            items.push(std::mem::take(&mut self.out));
        } else {
            self.tasks(&mut items);
        }
        // Declaration order does not matter: shuffle.
        let mut order: Vec<String> = Vec::new();
        while !items.is_empty() {
            let i = self.below(items.len());
            order.push(items.remove(i));
        }
        self.out = order.join("\n");
    }

    fn tasks(&mut self, items: &mut Vec<String>) {
        let guard = Guard::Flag("initialstate".into());
        let startup = TaskParam {
            name: "s".into(),
            class: STARTUP,
            guard,
        };
        self.task("startup", vec![startup], vec![None]);
        items.push(std::mem::take(&mut self.out));
        let flagged: Vec<usize> = self
            .user_classes()
            .into_iter()
            .filter(|&c| !self.all_flags(c).is_empty())
            .collect();
        if flagged.is_empty() {
            return;
        }
        let n = 1 + self.below(3);
        for t in 0..n {
            let np = 1 + usize::from(self.chance(30)) + usize::from(self.chance(10));
            let mut params = Vec::new();
            let mut tgs = Vec::new();
            let shared_tag = format!("tg{t}");
            let tt = self.pick(&TAG_TYPES);
            for i in 0..np {
                let c = self.pick(&flagged);
                let flags = self.all_flags(c);
                let guard = self.good_guard(&flags);
                params.push(TaskParam {
                    name: format!("p{i}"),
                    class: c,
                    guard,
                });
                tgs.push(if self.chance(20) {
                    Some((tt.to_string(), shared_tag.clone()))
                } else {
                    None
                });
            }
            self.task(&format!("consume{t}"), params, tgs);
            items.push(std::mem::take(&mut self.out));
        }
    }

    /// Declares classes, flags, constants, fields, constructors and methods
    /// (bodies come later, so any body can use any declaration).
    fn signatures(&mut self) {
        let n = 1 + self.below(4);
        for i in 0..n {
            let c = self.classes.len();
            let sup = if i > 0 && self.chance(45) {
                Some(1 + self.below(i))
            } else {
                None
            };
            let is_abstract = self.chance(15);
            let nflags = if self.java { 0 } else { self.below(4) };
            let flags = (0..nflags).map(|k| format!("fl{c}_{k}")).collect();
            self.classes.push(Class {
                name: format!("C{c}"),
                sup,
                is_abstract,
                stdlib: false,
                flags,
                ctors: Vec::new(),
                own: Vec::new(),
            });
            for k in 0..self.below(3) {
                let ty = Ty::P(self.pick(&[
                    P::Int,
                    P::Long,
                    P::Double,
                    P::Boolean,
                    P::Char,
                    P::Int,
                    P::Byte,
                ]));
                let ty = if self.chance(25) { Ty::Str } else { ty };
                self.consts.push(Const {
                    name: format!("K{c}_{k}"),
                    ty,
                    owner: c,
                });
            }
            for k in 0..self.below(5) {
                let ty = self.pick_type(false);
                let private = self.chance(20);
                let fin = self.chance(15);
                self.fields.push(Field {
                    name: format!("f{c}_{k}"),
                    ty,
                    owner: c,
                    private,
                    fin,
                });
            }
            // Constructors: distinct arities; at least one unless the
            // superclass has a no-argument constructor.
            let sup_noarg =
                sup.is_none_or(|s| self.classes[s].ctors.iter().any(|k| k.params.is_empty()));
            let mut n_ctors = self.below(3);
            if n_ctors == 0 && !sup_noarg {
                n_ctors = 1;
            }
            if n_ctors == 0 {
                let rank = self.rank();
                self.classes[c].ctors.push(Ctor {
                    params: Vec::new(),
                    rank,
                    implicit: true,
                });
            }
            let mut arities: Vec<usize> = Vec::new();
            for _ in 0..n_ctors {
                let a = self.below(3);
                if arities.contains(&a) {
                    continue;
                }
                arities.push(a);
                let params = self.params(a);
                let rank = self.rank();
                self.classes[c].ctors.push(Ctor {
                    params,
                    rank,
                    implicit: false,
                });
            }
            // Overrides of inherited methods (required for abstract ones in
            // a concrete class).
            if let Some(s) = sup {
                for slot in 0..self.slots.len() {
                    let sl = &self.slots[slot];
                    if sl.is_static || sl.private || !self.chain(s).contains(&sl.owner) {
                        continue;
                    }
                    let abs = self.slot_abstract_in(s, slot) == Some(true);
                    if (abs && !is_abstract) || self.chance(25) {
                        self.classes[c].own.push((slot, false));
                    }
                }
            }
            // New methods.
            for _ in 0..self.below(5) {
                let is_static = self.chance(25);
                let is_abs = is_abstract && !is_static && self.chance(40);
                let private = !is_abs && self.chance(10);
                let arity = self.below(4);
                // Overload an existing name when the arity differs from every
                // method of that name this class sees.
                let mut name = self.fresh("m");
                let seen: Vec<usize> = (0..self.slots.len())
                    .filter(|&s| self.chain(c).contains(&self.slots[s].owner))
                    .collect();
                if !seen.is_empty() && self.chance(25) {
                    let s = self.pick(&seen);
                    let cand = self.slots[s].name.clone();
                    if !self
                        .slots
                        .iter()
                        .any(|x| x.name == cand && x.params.len() == arity)
                    {
                        name = cand;
                    }
                }
                let ret = if self.chance(30) {
                    None
                } else {
                    Some(self.pick_type(false))
                };
                let params = self.params(arity);
                let rank = self.rank();
                let vis = if private {
                    "private "
                } else {
                    self.pick(&["", "public ", "protected "])
                };
                self.slots.push(Slot {
                    name,
                    params,
                    ret,
                    owner: c,
                    is_static,
                    private,
                    vis,
                    rank,
                });
                self.classes[c].own.push((self.slots.len() - 1, is_abs));
            }
        }
    }

    fn params(&mut self, n: usize) -> Vec<Param> {
        (0..n)
            .map(|i| {
                let tags = self.chance(5);
                let ty = self.pick_type(tags);
                Param {
                    name: format!("a{i}"),
                    ty,
                    fin: self.chance(15),
                }
            })
            .collect()
    }

    fn param_list(&self, ps: &[Param]) -> String {
        ps.iter()
            .map(|p| {
                format!(
                    "{}{} {}",
                    if p.fin { "final " } else { "" },
                    self.ty_str(&p.ty),
                    p.name
                )
            })
            .collect::<Vec<_>>()
            .join(" , ")
    }

    fn declare_params(cx: &mut Ctx, ps: &[Param]) {
        for p in ps {
            cx.declare(&p.name, p.ty.clone(), !p.fin);
        }
    }

    /// A constant expression of type `t` (for `static final` constants).
    /// `before`: only constants declared before this index may be named
    /// (so constants never depend on themselves).
    fn const_expr(&mut self, before: usize, t: &Ty, d: u32) -> E {
        let refs: Vec<(String, Ty)> = self.consts[..before]
            .iter()
            .filter(|k| self.assignable(&k.ty, t))
            .map(|k| {
                (
                    format!("{} . {}", self.classes[k.owner].name, k.name),
                    k.ty.clone(),
                )
            })
            .collect();
        if d == 0 || !self.chance(70) {
            if !refs.is_empty() && self.chance(40) {
                let (s, kt) = self.pick(&refs);
                return E::atom(s, kt);
            }
            return match t {
                Ty::Str => self.str_lit(),
                Ty::P(p) => self.lit(*p),
                _ => unreachable!(),
            };
        }
        let d1 = d - 1;
        match t {
            Ty::Str => {
                let other = Ty::P(self.pick(&[P::Int, P::Boolean, P::Char, P::Long, P::Double]));
                let l = self.const_expr(before, &Ty::Str, d1);
                let r = if self.chance(50) {
                    self.const_expr(before, &other, d1)
                } else {
                    self.const_expr(before, &Ty::Str, d1)
                };
                bin(&l, "+", &r, P_ADD, Ty::Str)
            }
            Ty::P(P::Boolean) => match self.below(3) {
                0 => {
                    let l = self.const_expr(before, &Ty::P(P::Int), d1);
                    let r = self.const_expr(before, &Ty::P(P::Int), d1);
                    let op = self.pick(&["<", "==", ">=", "!="]);
                    bin(
                        &l,
                        op,
                        &r,
                        if op.contains('=') && op.len() == 2 && op != ">=" {
                            P_EQ
                        } else {
                            P_REL
                        },
                        Ty::P(P::Boolean),
                    )
                }
                1 => {
                    let l = self.const_expr(before, t, d1);
                    let r = self.const_expr(before, t, d1);
                    let (op, prec) = self.pick(&[("&&", P_AND), ("||", P_OR), ("^", P_XOR)]);
                    bin(&l, op, &r, prec, t.clone())
                }
                _ => {
                    let e = self.const_expr(before, t, d1);
                    E {
                        s: format!("! {}", e.at(P_UNARY)),
                        prec: P_UNARY,
                        ty: t.clone(),
                    }
                }
            },
            Ty::P(p) if matches!(p, P::Int | P::Long | P::Double) => match self.below(5) {
                0 | 1 => {
                    let l = self.const_expr(before, t, d1);
                    let r = self.const_expr(before, t, d1);
                    let ops: &[(&str, u8)] = if *p == P::Double {
                        // No `/` here: integral operands could divide by zero, which
                        // is not a constant. (Division by a literal is below.)
                        &[("+", P_ADD), ("-", P_ADD), ("*", P_MUL)]
                    } else {
                        &[
                            ("+", P_ADD),
                            ("-", P_ADD),
                            ("*", P_MUL),
                            ("&", P_BAND),
                            ("|", P_BOR),
                            ("^", P_XOR),
                            ("<<", P_SHIFT),
                            (">>>", P_SHIFT),
                        ]
                    };
                    let (op, prec) = self.pick(ops);
                    bin(&l, op, &r, prec, t.clone())
                }
                2 => {
                    let l = self.const_expr(before, t, d1);
                    let r = E::atom((1 + self.below(9)).to_string(), Ty::P(P::Int));
                    let op = self.pick(&["/", "%"]);
                    bin(&l, op, &r, P_MUL, t.clone())
                }
                3 => {
                    let q = self.pick(&[P::Int, P::Long, P::Double, P::Char]);
                    let e = self.const_expr(before, &Ty::P(q), d1);
                    E {
                        s: format!("( {} ) {}", p.name(), e.at(P_UNARY)),
                        prec: P_UNARY,
                        ty: t.clone(),
                    }
                }
                _ => {
                    let cnd = self.const_expr(before, &Ty::P(P::Boolean), d1);
                    let a = self.const_expr(before, t, d1);
                    let b = self.const_expr(before, t, d1);
                    E {
                        s: format!("{} ? {} : {}", cnd.at(P_OR), a.at(P_COND), b.at(P_COND)),
                        prec: P_COND,
                        ty: t.clone(),
                    }
                }
            },
            Ty::P(p) => {
                // char, byte: a cast of an int constant.
                let e = self.const_expr(before, &Ty::P(P::Int), d1);
                E {
                    s: format!("( {} ) {}", p.name(), e.at(P_UNARY)),
                    prec: P_UNARY,
                    ty: t.clone(),
                }
            }
            _ => unreachable!(),
        }
    }

    fn class_decl(&mut self, c: usize) {
        let public = self.chance(20) && !self.java;
        let k = &self.classes[c];
        let mut head = String::new();
        if public {
            head.push_str("public ");
        }
        if k.is_abstract {
            head.push_str("abstract ");
        }
        head.push_str(&format!("class {}", k.name));
        if let Some(s) = k.sup {
            head.push_str(&format!(" extends {}", self.classes[s].name));
        }
        self.open(&format!("{head} {{"));
        for f in self.classes[c].flags.clone() {
            self.line(&format!("flag {f} ;"));
        }
        // Constants.
        let consts: Vec<usize> = (0..self.consts.len())
            .filter(|&i| self.consts[i].owner == c)
            .collect();
        for before in consts {
            let (name, ty) = (
                self.consts[before].name.clone(),
                self.consts[before].ty.clone(),
            );
            let e = if ty == Ty::P(P::Byte) {
                E::atom(self.below(128).to_string(), ty.clone())
            } else {
                self.const_expr(before, &ty, 2)
            };
            let vis = self.pick(&["", "public ", "private "]);
            let vis = if vis == "private " { "" } else { vis };
            self.line(&format!(
                "{vis}static final {} {name} = {} ;",
                self.ty_str(&ty),
                e.s
            ));
        }
        // Fields.
        let fields: Vec<usize> = (0..self.fields.len())
            .filter(|&i| self.fields[i].owner == c)
            .collect();
        for fi in fields {
            let (name, ty, private, fin) = {
                let f = &self.fields[fi];
                (f.name.clone(), f.ty.clone(), f.private, f.fin)
            };
            let vis = if private {
                "private "
            } else {
                self.pick(&["", "public ", "protected "])
            };
            let fin_s = if fin { "final " } else { "" };
            if fin || self.chance(30) {
                let init = match &ty {
                    Ty::P(P::Byte) | Ty::P(P::Short) | Ty::P(P::Char) => {
                        format!("( {} ) {}", ty_name(&ty), self.below(100))
                    }
                    Ty::P(_) | Ty::Str => self.const_expr(self.consts.len(), &ty, 1).s,
                    Ty::Arr(e) => {
                        let cx = Ctx::new(Some(c), false, 0, Ret::Void);
                        let e = (**e).clone();
                        self.array_init(&cx, &e, 0)
                    }
                    _ => "null".into(),
                };
                self.line(&format!(
                    "{vis}{fin_s}{} {name} = {init} ;",
                    self.ty_str(&ty)
                ));
            } else {
                self.line(&format!("{vis}{} {name} ;", self.ty_str(&ty)));
            }
        }
        // Constructors.
        for ci in 0..self.classes[c].ctors.len() {
            if self.classes[c].ctors[ci].implicit {
                continue;
            }
            self.ctor_decl(c, ci);
        }
        // Methods and overrides.
        for (slot, abs) in self.classes[c].own.clone() {
            self.method_decl(c, slot, abs);
        }
        self.close("}");
    }

    fn ctor_decl(&mut self, c: usize, ci: usize) {
        let rank = self.classes[c].ctors[ci].rank;
        let params = std::mem::take(&mut self.classes[c].ctors[ci].params);
        let vis = self.pick(&["", "public ", "protected "]);
        self.open(&format!(
            "{vis}{} ( {} ) {{",
            self.classes[c].name,
            self.param_list(&params)
        ));
        // The arguments of `super(..)`/`this(..)` may not use `this`.
        let mut scx = Ctx::new(Some(c), false, rank, Ret::Void);
        Self::declare_params(&mut scx, &params);
        let others: Vec<usize> = (0..self.classes[c].ctors.len())
            .filter(|&o| {
                o != ci
                    && !self.classes[c].ctors[o].implicit
                    && self.classes[c].ctors[o].rank < rank
            })
            .collect();
        if !others.is_empty() && self.chance(30) {
            let o = self.pick(&others);
            let ptys: Vec<Ty> = self.classes[c].ctors[o]
                .params
                .iter()
                .map(|p| p.ty.clone())
                .collect();
            let a = self.args(&scx, &ptys, 2);
            self.line(&format!("this ( {a} ) ;"));
        } else if let Some(s) = self.classes[c].sup {
            let sup_ctors: Vec<usize> = (0..self.classes[s].ctors.len()).collect();
            let noarg = self.classes[s]
                .ctors
                .iter()
                .position(|k| k.params.is_empty());
            if noarg.is_none() || self.chance(50) {
                let o = self.pick(&sup_ctors);
                let ptys: Vec<Ty> = self.classes[s].ctors[o]
                    .params
                    .iter()
                    .map(|p| p.ty.clone())
                    .collect();
                let a = self.args(&scx, &ptys, 2);
                self.line(&format!("super ( {a} ) ;"));
            }
        }
        let mut cx = Ctx::new(Some(c), true, rank, Ret::Void);
        Self::declare_params(&mut cx, &params);
        // Initialise some fields, then other statements.
        let fields: Vec<usize> = (0..self.fields.len())
            .filter(|&i| self.fields[i].owner == c && !self.fields[i].fin)
            .collect();
        for fi in fields {
            if self.chance(60) {
                let (name, ty) = (self.fields[fi].name.clone(), self.fields[fi].ty.clone());
                let v = self.expr(&cx, &ty, 2);
                let this = if self.chance(60) { "this . " } else { "" };
                self.line(&format!("{this}{name} = {} ;", v.s));
            }
        }
        self.stmts(&mut cx, 2, 3);
        self.classes[c].ctors[ci].params = params;
        self.close("}");
    }

    fn method_decl(&mut self, c: usize, slot: usize, abs: bool) {
        let (name, ret, is_static, vis, rank) = {
            let s = &self.slots[slot];
            (s.name.clone(), s.ret.clone(), s.is_static, s.vis, s.rank)
        };
        let params = std::mem::take(&mut self.slots[slot].params);
        let mut mods = vis.to_string();
        if abs {
            mods.push_str("abstract ");
        }
        if is_static {
            mods.push_str("static ");
        }
        // `final` only where no other class overrides the method.
        let overridden = (0..self.classes.len())
            .any(|k| k != c && self.classes[k].own.iter().any(|&(s, _)| s == slot));
        if !abs && !overridden && self.chance(10) {
            mods.push_str("final ");
        }
        let rs = match &ret {
            None => "void".to_string(),
            Some(t) => self.ty_str(t),
        };
        let head = format!("{mods}{rs} {name} ( {} )", self.param_list(&params));
        if abs {
            self.line(&format!("{head} ;"));
        } else {
            self.open(&format!("{head} {{"));
            let r = match &ret {
                None => Ret::Void,
                Some(t) => Ret::Value(t.clone()),
            };
            let mut cx = Ctx::new(Some(c), !is_static, rank, r);
            cx.alloc = true;
            Self::declare_params(&mut cx, &params);
            self.stmts(&mut cx, 3, 5);
            match &ret {
                Some(t) => {
                    let v = self.value(&cx, t, 2);
                    self.line(&format!("return {} ;", v.s));
                }
                None => {
                    if self.chance(20) {
                        self.line("return ;");
                    }
                }
            }
            self.close("}");
        }
        self.slots[slot].params = params;
    }
}

fn ty_name(t: &Ty) -> &'static str {
    match t {
        Ty::P(p) => p.name(),
        _ => "Object",
    }
}

// ------------------------------------------------------------------- tests

const STACK_SIZE: usize = 256 * 1024 * 1024;

/// Runs `f` on a thread with a large stack, like the `bambooc` binary does.
fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2048,
        // Shrinking re-checks the program each time: bound it.
        max_shrink_time: 60_000,
        ..Config::default()
    }
}

fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..3000)
}

fn numbered(text: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| format!("{:4} | {l}\n", i + 1))
        .collect()
}

fn panic_message(e: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = e.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = e.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic)".into()
    }
}

/// Checks `text` and renders its diagnostics; Err on a panic.
fn check_no_panic(text: &str) -> Result<bambooc::driver::Frontend, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let fe = check_source("generated.bb", text);
        let _ = render(&fe, ErrorFormat::Human, false);
        let _ = render(&fe, ErrorFormat::Json, false);
        fe
    }))
    .map_err(|e| panic_message(&*e))
}

/// The first error of a check as `code: message (label)`, the identity a
/// reduced program must keep.
fn first_error(fe: &bambooc::driver::Frontend) -> Option<String> {
    fe.diagnostics.iter().find(|d| d.is_error()).map(|d| {
        let label = d.primary.as_ref().map(|l| l.message.as_str()).unwrap_or("");
        format!("{}: {} ({label})", d.code, d.message)
    })
}

/// All errors of a check, as `first_error` spells them.
fn errors(fe: &bambooc::driver::Frontend) -> Vec<String> {
    fe.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let label = d.primary.as_ref().map(|l| l.message.as_str()).unwrap_or("");
            format!("{}: {} ({label})", d.code, d.message)
        })
        .collect()
}

/// Deletes runs of units (lines, or tokens) from `units` as long as
/// `keep` holds for the units joined with `sep` (delta debugging), so a
/// failure is shown on a small input. Bounded in time.
fn reduce(units: Vec<&str>, sep: &str, keep: &dyn Fn(&str) -> bool) -> String {
    let start = std::time::Instant::now();
    let mut units = units;
    let mut chunk = units.len().max(1).next_power_of_two();
    while chunk >= 1 && start.elapsed().as_secs() < 60 {
        let mut i = 0;
        let mut progress = false;
        while i < units.len() {
            let end = (i + chunk).min(units.len());
            let candidate: Vec<&str> = units[..i].iter().chain(&units[end..]).copied().collect();
            if keep(&candidate.join(sep)) {
                units = candidate;
                progress = true;
            } else {
                i += chunk;
            }
        }
        if !progress {
            chunk /= 2;
        }
    }
    units.join(sep)
}

/// A panic message's first line (what a reduced input must reproduce).
fn panic_key(msg: &str) -> String {
    msg.lines().next().unwrap_or("").to_string()
}

/// Runs `f` with the panic hook silenced (reduction panics many times).
fn quietly<T>(f: impl FnOnce() -> T) -> T {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = f();
    std::panic::set_hook(hook);
    r
}

type Case = (Vec<u32>, u32, u32);

/// Runs a property; on failure, `explain` describes the (shrunk) failing
/// case, with its input reduced further by `reduce`.
fn run(
    strategy: impl Strategy<Value = Case> + Send + 'static,
    test: fn(&[u32], u32, u32) -> Result<(), TestCaseError>,
    explain: fn(&[u32], u32, u32) -> String,
) {
    with_big_stack(move || {
        let mut runner = TestRunner::new(config());
        match runner.run(&strategy, |(data, a, b)| test(&data, a, b)) {
            Ok(()) => {}
            Err(TestError::Fail(reason, (data, a, b))) => {
                panic!("{reason}\n\n{}", quietly(|| explain(&data, a, b)))
            }
            Err(e) => panic!("{e}"),
        }
    })
}

/// (a) Every generated program is accepted.
#[test]
fn generated_programs_check_cleanly() {
    run(
        (choices(), Just(0u32), Just(0u32)),
        accepted,
        |data, _, _| {
            let text = generate(data, false);
            match check_no_panic(&text) {
                Err(msg) => {
                    let key = panic_key(&msg);
                    let small = reduce(text.lines().collect(), "\n", &|t| {
                        check_no_panic(t).is_err_and(|m| panic_key(&m) == key)
                    });
                    format!(
                        "check_source panics ({msg}); reduced program:\n{}",
                        numbered(&small)
                    )
                }
                Ok(fe) => {
                    let Some(first) = first_error(&fe) else {
                        return "(passes now)".into();
                    };
                    // Keep the first error; allow no error the original had not.
                    let all = errors(&fe);
                    let keep = |t: &str| {
                        check_no_panic(t).is_ok_and(|fe| {
                            let errs = errors(&fe);
                            errs.contains(&first) && errs.iter().all(|e| all.contains(e))
                        })
                    };
                    let small = reduce(text.lines().collect(), "\n", &keep);
                    let fe = check_source("reduced.bb", &small);
                    format!(
                        "reduced to a program that keeps the first error ({first}):\n{}\n{}",
                        numbered(&small),
                        render(&fe, ErrorFormat::Human, false)
                    )
                }
            }
        },
    );
}

fn accepted(data: &[u32], _: u32, _: u32) -> Result<(), TestCaseError> {
    let text = generate(data, false);
    match check_no_panic(&text) {
        Err(msg) => Err(TestCaseError::fail(format!(
            "check_source panicked ({msg}) on\n{}",
            numbered(&text)
        ))),
        Ok(fe) if fe.has_errors() => Err(TestCaseError::fail(format!(
            "a valid generated program was rejected:\n{}\n{}",
            numbered(&text),
            render(&fe, ErrorFormat::Human, false)
        ))),
        Ok(_) => Ok(()),
    }
}

/// The program of a deletion case: the generated one less a run of tokens.
fn with_deletion(data: &[u32], a: u32, b: u32) -> (String, String) {
    let text = generate(data, false);
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let n = tokens.len();
    let start = a as usize % n;
    let len = if b.is_multiple_of(4) {
        1 + (b as usize / 4) % n
    } else {
        1 + (b as usize / 4) % 8
    };
    let end = (start + len).min(n);
    let deleted = format!("tokens {start}..{end} ({:?})", tokens[start..end].join(" "));
    (
        [&tokens[..start], &tokens[end..]].concat().join(" "),
        deleted,
    )
}

/// (b) Deleting a run of tokens never makes the front end panic.
#[test]
fn deleting_tokens_never_panics() {
    run(
        (choices(), any::<u32>(), any::<u32>()),
        |data, a, b| {
            let (mutated, deleted) = with_deletion(data, a, b);
            match check_no_panic(&mutated) {
                Err(msg) => Err(TestCaseError::fail(format!(
                    "check_source panicked ({msg}) after deleting {deleted}:\n{mutated}"
                ))),
                Ok(_) => Ok(()),
            }
        },
        |data, a, b| {
            let (mutated, _) = with_deletion(data, a, b);
            match check_no_panic(&mutated) {
                Ok(_) => "(passes now)".into(),
                Err(msg) => {
                    let key = panic_key(&msg);
                    let small = reduce(mutated.split(' ').collect(), " ", &|t| {
                        check_no_panic(t).is_err_and(|m| panic_key(&m) == key)
                    });
                    format!("reduced input that panics the same way:\n{small}")
                }
            }
        },
    );
}

/// The generator's output for the empty choice vector: the smallest
/// program, which must be accepted too.
#[test]
fn smallest_program_checks_cleanly() {
    with_big_stack(|| {
        let text = generate(&[], false);
        let fe = check_source("generated.bb", &text);
        assert!(
            !fe.has_errors(),
            "{}\n{}",
            numbered(&text),
            render(&fe, ErrorFormat::Human, false)
        );
    });
}

/// Writes sample programs to `$GENERATED_DUMP` (see the module comment).
#[test]
#[ignore]
fn dump() {
    let Some(dir) = std::env::var_os("GENERATED_DUMP") else {
        return;
    };
    let java = std::env::var_os("GENERATED_JAVA").is_some();
    let count: usize = std::env::var("GENERATED_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    std::fs::create_dir_all(&dir).unwrap();
    let mut runner = TestRunner::deterministic();
    for i in 0..count {
        let data =
            proptest::strategy::ValueTree::current(&choices().new_tree(&mut runner).unwrap());
        let (text, used) = generate_counting(&data, java);
        eprintln!(
            "program {i}: {} lines, {used} of {} choices used",
            text.lines().count(),
            data.len()
        );
        let name = if java {
            format!("g{i}/Gen.java")
        } else {
            format!("gen{i}.bb")
        };
        let path = std::path::Path::new(&dir).join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}
