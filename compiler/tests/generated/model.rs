//! The program model (classes, fields, constants, method slots, locals,
//! guards, the context of a body), the generator's state with its basic
//! choices and output, and `generate`.

use super::*;

pub(crate) struct Param {
    pub(crate) name: String,
    pub(crate) ty: Ty,
    pub(crate) fin: bool,
}

pub(crate) struct Ctor {
    pub(crate) params: Vec<Param>,
    pub(crate) rank: usize,
    /// The default constructor of a class that declares none.
    pub(crate) implicit: bool,
}

pub(crate) struct Class {
    pub(crate) name: String,
    pub(crate) sup: Option<usize>,
    pub(crate) is_abstract: bool,
    /// The library's `StartupObject`: not printed, not instantiated.
    pub(crate) stdlib: bool,
    pub(crate) flags: Vec<String>,
    pub(crate) ctors: Vec<Ctor>,
    /// Method slots declared or overridden here, and whether abstract here.
    pub(crate) own: Vec<(usize, bool)>,
}

pub(crate) struct Field {
    pub(crate) name: String,
    pub(crate) ty: Ty,
    pub(crate) owner: usize,
    pub(crate) private: bool,
    pub(crate) fin: bool,
}

pub(crate) struct Const {
    pub(crate) name: String,
    pub(crate) ty: Ty,
    pub(crate) owner: usize,
}

/// A method and all its overrides.
pub(crate) struct Slot {
    pub(crate) name: String,
    pub(crate) params: Vec<Param>,
    pub(crate) ret: Option<Ty>,
    pub(crate) owner: usize,
    pub(crate) is_static: bool,
    pub(crate) private: bool,
    /// `public `, `protected ` or nothing: overrides keep it (Java forbids
    /// weaker access in an override).
    pub(crate) vis: &'static str,
    /// Bodies may only call bodies of lower rank, so generated programs
    /// never recurse (they are meant to terminate when run).
    pub(crate) rank: usize,
}

#[derive(Clone)]
pub(crate) struct Local {
    pub(crate) name: String,
    pub(crate) ty: Ty,
    pub(crate) assignable: bool,
}

#[derive(Clone, PartialEq)]
pub(crate) enum Ret {
    Task,
    Void,
    Value(Ty),
}

#[derive(Clone, Debug)]
pub(crate) enum Guard {
    Flag(String),
    Lit(bool),
    Not(Box<Guard>),
    And(Box<Guard>, Box<Guard>),
    Or(Box<Guard>, Box<Guard>),
}

impl Guard {
    pub(crate) fn eval(&self, on: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Guard::Flag(f) => on(f),
            Guard::Lit(b) => *b,
            Guard::Not(g) => !g.eval(on),
            Guard::And(a, b) => a.eval(on) && b.eval(on),
            Guard::Or(a, b) => a.eval(on) || b.eval(on),
        }
    }
    pub(crate) fn flags(&self, out: &mut Vec<String>) {
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
    pub(crate) fn falsifier(&self) -> Option<Vec<(String, bool)>> {
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
    pub(crate) fn render(&self, brace: bool, min: u8) -> String {
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
pub(crate) struct TaskParam {
    pub(crate) name: String,
    pub(crate) class: usize,
    pub(crate) guard: Guard,
}

pub(crate) struct Ctx {
    pub(crate) class: Option<usize>,
    /// `this` is available.
    pub(crate) instance: bool,
    pub(crate) rank: usize,
    pub(crate) ret: Ret,
    pub(crate) task: Vec<TaskParam>,
    pub(crate) scopes: Vec<Vec<Local>>,
    /// Enclosing loops, with their labels.
    pub(crate) loops: Vec<Option<String>>,
    /// Enclosing loops and switches (`break` targets).
    pub(crate) breakable: usize,
    /// Allocation blocks (`new C(){..}`) are allowed.
    pub(crate) alloc: bool,
}

impl Ctx {
    pub(crate) fn new(class: Option<usize>, instance: bool, rank: usize, ret: Ret) -> Ctx {
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
    pub(crate) fn locals(&self) -> impl Iterator<Item = &Local> {
        self.scopes.iter().flatten()
    }
    pub(crate) fn declare(&mut self, name: &str, ty: Ty, assignable: bool) {
        self.scopes.last_mut().unwrap().push(Local {
            name: name.to_string(),
            ty,
            assignable,
        });
    }
}

/// A readable (and maybe writable) expression: a variable, field or
/// constant, always of primary precedence.
pub(crate) struct Place {
    pub(crate) s: String,
    pub(crate) ty: Ty,
    pub(crate) writable: bool,
}

pub(crate) const STARTUP: usize = 0;
pub(crate) const TAG_TYPES: [&str; 2] = ["link", "pair"];

pub(crate) struct Gen<'a> {
    pub(crate) ch: Choices<'a>,
    /// Java only: no task language (for cross-checking with javac).
    pub(crate) java: bool,
    pub(crate) classes: Vec<Class>,
    pub(crate) fields: Vec<Field>,
    pub(crate) consts: Vec<Const>,
    pub(crate) slots: Vec<Slot>,
    pub(crate) next_name: usize,
    pub(crate) next_rank: usize,
    pub(crate) out: String,
    pub(crate) indent: usize,
}

/// Generates one program from `data`.
pub(crate) fn generate(data: &[u32], java: bool) -> String {
    generate_counting(data, java).0
}

/// Also says how many choices the program used.
pub(crate) fn generate_counting(data: &[u32], java: bool) -> (String, usize) {
    let mut g = Gen::new(data, java);
    g.program();
    (g.out, g.ch.pos)
}

impl<'a> Gen<'a> {
    pub(crate) fn new(data: &'a [u32], java: bool) -> Gen<'a> {
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

    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.ch.below(n)
    }
    pub(crate) fn chance(&mut self, p: usize) -> bool {
        self.ch.chance(p)
    }
    pub(crate) fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())].clone()
    }
    pub(crate) fn fresh(&mut self, prefix: &str) -> String {
        self.next_name += 1;
        format!("{prefix}{}", self.next_name)
    }
    pub(crate) fn rank(&mut self) -> usize {
        self.next_rank += 1;
        self.next_rank
    }
    pub(crate) fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }
    pub(crate) fn open(&mut self, s: &str) {
        self.line(s);
        self.indent += 1;
    }
    pub(crate) fn close(&mut self, s: &str) {
        self.indent -= 1;
        self.line(s);
    }
}
