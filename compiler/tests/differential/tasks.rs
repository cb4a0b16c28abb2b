//! Generated task programs and their Java model.
//!
//! A program `P<seed>` has a few work classes with flags (a pipeline of
//! stage flags, `fin`, `mark`, pair roles), an accumulator class, and tasks:
//! one-parameter stage tasks (some split on `mark`, some with a detour),
//! tag-paired two-parameter join tasks, and two-parameter merge tasks that
//! fold every finished object into the accumulator. Objects are made in
//! `P<seed>.init()` and in stage tasks (allocation blocks, with tags), only
//! of later classes, so every run ends; the accumulator knows in advance
//! how many objects will reach it, and its `report` task prints one line
//! of commutative sums. So the output does not depend on the order of
//! invocations, and any scheduler must print the same line.
//!
//! The Java model is the same classes over `TaskObj` (flags as bits, tags
//! as a list) plus one `TaskDef` per task, run by `TaskSched`, a sequential
//! scheduler that invokes a random enabled task until none is
//! (`TASK_RT`). The Bamboo text mixes the paper's and the original
//! distribution's spellings of guards, exits and allocations.

use rand::rngs::StdRng;
use rand::Rng;
use std::fmt::Write as _;

#[path = "tasks_plan.rs"]
mod plan;
pub use plan::generate;

/// A flag expression over a class's flags (bit = index in its flag list).
#[derive(Clone)]
enum Fx {
    F(usize),
    Not(Box<Fx>),
    And(Box<Fx>, Box<Fx>),
    Or(Box<Fx>, Box<Fx>),
    Const(bool),
}

fn and(a: Fx, b: Fx) -> Fx {
    Fx::And(Box::new(a), Box::new(b))
}
fn or(a: Fx, b: Fx) -> Fx {
    Fx::Or(Box::new(a), Box::new(b))
}
fn not(a: Fx) -> Fx {
    Fx::Not(Box::new(a))
}

impl Fx {
    /// Paper syntax when `paper`, else the original `&&`/`||` spelling.
    fn bamboo(&self, flags: &[String], paper: bool) -> String {
        let (a, o) = if paper { ("and", "or") } else { ("&&", "||") };
        match self {
            Fx::F(i) => flags[*i].clone(),
            Fx::Not(x) => format!("!{}", x.bamboo_atom(flags, paper)),
            Fx::And(x, y) => format!(
                "{} {a} {}",
                x.bamboo_atom(flags, paper),
                y.bamboo_atom(flags, paper)
            ),
            Fx::Or(x, y) => format!(
                "{} {o} {}",
                x.bamboo_atom(flags, paper),
                y.bamboo_atom(flags, paper)
            ),
            Fx::Const(b) => b.to_string(),
        }
    }
    fn bamboo_atom(&self, flags: &[String], paper: bool) -> String {
        match self {
            Fx::F(_) | Fx::Const(_) | Fx::Not(_) => self.bamboo(flags, paper),
            _ => format!("({})", self.bamboo(flags, paper)),
        }
    }
    fn java(&self, v: &str) -> String {
        match self {
            Fx::F(i) => format!("{v}.has({i})"),
            Fx::Not(x) => format!("!({})", x.java(v)),
            Fx::And(x, y) => format!("({} && {})", x.java(v), y.java(v)),
            Fx::Or(x, y) => format!("({} || {})", x.java(v), y.java(v)),
            Fx::Const(b) => b.to_string(),
        }
    }
}

/// One task object class: `Acc` (index `ACC`) or a work class.
struct Cls {
    name: String,
    flags: Vec<String>,
}

impl Cls {
    fn bit(&self, f: &str) -> usize {
        self.flags
            .iter()
            .position(|x| x == f)
            .expect("declared flag")
    }
}

const ACC: usize = usize::MAX;

struct Param {
    var: String,
    cls: usize,
    guard: Fx,
    /// `with type var`.
    tag: Option<(String, String)>,
}

/// Flag and tag changes of one parameter at an exit.
struct Change {
    param: usize,
    flags: Vec<(String, bool)>,
    clear: Option<String>,
}

/// An object allocation: class, constructor arguments, flags set, tag var.
struct Alloc {
    cls: usize,
    args: String,
    flags: Vec<String>,
    tag: Option<String>,
}

/// Bamboo and Java text written side by side.
#[derive(Default)]
struct Dual {
    bb: String,
    java: String,
    ind: usize,
}

impl Dual {
    fn each(&mut self, bb: &str, java: &str) {
        let pad = "    ".repeat(self.ind);
        let _ = writeln!(self.bb, "{pad}{bb}");
        let _ = writeln!(self.java, "{pad}{java}");
    }
    fn both(&mut self, s: &str) {
        self.each(s, s);
    }
}

pub struct TaskCase {
    pub seed: u64,
    /// Bamboo classes and tasks, with `P<seed>.init()`.
    pub bamboo: String,
    /// Java classes, with `P<seed>.init(TaskSched)` and `P<seed>.TASKS`.
    pub java: String,
}

struct TGen {
    rng: StdRng,
    p: String,
    classes: Vec<Cls>,
    acc: Cls,
    tasks: Dual,
    /// How many objects of each work class a run makes.
    made: Vec<u64>,
    counter: usize,
    /// `(class a, class b, tag type)` of every join task to write.
    joins: Vec<(usize, usize, String)>,
}

impl TGen {
    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }
    fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }
    fn fresh(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}{}", self.counter)
    }
    fn cls(&self, i: usize) -> &Cls {
        if i == ACC {
            &self.acc
        } else {
            &self.classes[i]
        }
    }

    fn int_lit(&mut self) -> String {
        let v: i64 = match self.below(4) {
            0 => self.rng.random_range(-9..10),
            1 => [
                31,
                255,
                65535,
                0x7fffffff,
                -0x80000000,
                1 << 20,
                -559038737,
                1000003,
            ][self.below(8)],
            _ => self.rng.random_range(-1000..1000),
        };
        if v < 0 {
            format!("({v})")
        } else {
            v.to_string()
        }
    }

    /// An `int` expression over the `int` atoms `ints` and `long` atoms
    /// `longs`, fully parenthesised; never divides by zero.
    fn int_e(&mut self, d: u32, ints: &[String], longs: &[String]) -> String {
        if d == 0 || self.chance(0.25) {
            return match self.below(6) {
                0 | 1 if !ints.is_empty() => ints[self.below(ints.len())].clone(),
                2 if !longs.is_empty() => {
                    let l = longs[self.below(longs.len())].clone();
                    format!("((int) ({l} >>> {}))", self.below(40))
                }
                3 if !ints.is_empty() => ints[self.below(ints.len())].clone(),
                _ => self.int_lit(),
            };
        }
        let a = self.int_e(d - 1, ints, longs);
        let b = self.int_e(d - 1, ints, longs);
        match self.below(10) {
            0..=3 => {
                let op = ["+", "-", "*", "&", "|", "^"][self.below(6)];
                format!("({a} {op} {b})")
            }
            4 => format!("({a} / ({b} | 1))"),
            5 => format!("({a} % ({b} | 1))"),
            6 => {
                let op = ["<<", ">>", ">>>"][self.below(3)];
                format!("({a} {op} {})", self.below(40))
            }
            7 => {
                let c = self.int_e(d - 1, ints, longs);
                let op = ["<", "<=", "==", "!=", ">"][self.below(5)];
                format!("({a} {op} {b} ? {c} : {a})")
            }
            8 if !longs.is_empty() => {
                let l = longs[self.below(longs.len())].clone();
                format!(
                    "((int) ({l} * {}L + {a}))",
                    self.rng.random_range(1..100_000)
                )
            }
            _ => format!("({a} + {b} * {})", self.int_lit()),
        }
    }

    fn flag_names(&mut self, stages: usize, pairs: bool) -> Vec<String> {
        let mut f: Vec<String> = (0..stages).map(|j| format!("s{j}")).collect();
        f.extend(["fin", "mark"].map(String::from));
        // One detour flag per stage: a shared one would let a detour task
        // of one stage take an object of another, so the order would show.
        f.extend((0..stages).map(|j| format!("d{j}")));
        if pairs {
            f.extend(["ja", "jb"].map(String::from));
        }
        // Unused flags are legal (warning W0004): a few keep bit numbers
        // of the two sides apart.
        if self.chance(0.3) {
            f.insert(0, "idle".into());
        }
        f
    }

    /// The guard of stage `j`, in one of several equivalent shapes.
    fn stage_guard(&mut self, c: usize, j: usize) -> Fx {
        let cls = &self.classes[c];
        let s = Fx::F(cls.bit(&format!("s{j}")));
        let fin = Fx::F(cls.bit("fin"));
        let mark = Fx::F(cls.bit("mark"));
        match self.below(5) {
            0 => and(s, not(fin)),
            1 => not(not(s)),
            2 => or(and(s.clone(), mark.clone()), and(s, not(mark))),
            3 => or(s, Fx::Const(false)),
            _ => s,
        }
    }

    fn param_text(&self, p: &Param, paper: bool) -> String {
        let cls = self.cls(p.cls);
        let g = p.guard.bamboo(&cls.flags, paper);
        match (&p.tag, paper) {
            (None, true) => format!("{} {} in {g}", cls.name, p.var),
            (None, false) => format!("{} {}{{{g}}}", cls.name, p.var),
            (Some((ty, t)), true) => format!("{} {} in {g} with {ty} {t}", cls.name, p.var),
            (Some((ty, t)), false) => format!("{} {}{{{g}}}{{{ty} {t}}}", cls.name, p.var),
        }
    }

    /// Opens a task in both texts: the Bamboo header and the Java
    /// `TaskDef` up to the start of `run`'s body.
    fn open_task(&mut self, name: &str, params: &[Param]) -> bool {
        let paper = self.chance(0.7);
        let ps: Vec<String> = params.iter().map(|p| self.param_text(p, paper)).collect();
        let _ = writeln!(self.tasks.bb, "task {name}({}) {{", ps.join(", "));
        let j = &mut self.tasks.java;
        let _ = writeln!(j, "        new TaskDef(\"{name}\", {}) {{", params.len());
        j.push_str("            boolean guard(int i, TaskObj x) {\n");
        for (i, p) in params.iter().enumerate() {
            let cls = if p.cls == ACC {
                &self.acc
            } else {
                &self.classes[p.cls]
            };
            let mut cond = format!("x instanceof {} && {}", cls.name, p.guard.java("x"));
            if let Some((ty, _)) = &p.tag {
                let _ = write!(cond, " && x.tag(\"{ty}\") != null");
            }
            let _ = writeln!(j, "                if (i == {i}) return {cond};");
        }
        j.push_str("                return false;\n            }\n");
        // Parameters naming the same tag variable need the same instance.
        let mut checks = String::new();
        for (i, p) in params.iter().enumerate() {
            if let Some((ty, t)) = &p.tag {
                if let Some(k) = params[..i]
                    .iter()
                    .position(|q| q.tag.as_ref().is_some_and(|(_, u)| u == t))
                {
                    let _ = write!(checks, " && ps[{i}].tags.contains(ps[{k}].tag(\"{ty}\"))");
                }
            }
        }
        if !checks.is_empty() {
            let _ = writeln!(
                j,
                "            boolean tags(TaskObj[] ps) {{ return true{checks}; }}"
            );
        }
        j.push_str("            void run(TaskObj[] ps, TaskSched s) {\n");
        for (i, p) in params.iter().enumerate() {
            let n = if p.cls == ACC {
                &self.acc.name
            } else {
                &self.classes[p.cls].name
            };
            let _ = writeln!(j, "                {n} {} = ({n}) ps[{i}];", p.var);
        }
        for (i, p) in params.iter().enumerate() {
            if let Some((ty, t)) = &p.tag {
                if !params[..i]
                    .iter()
                    .any(|q| q.tag.as_ref().is_some_and(|(_, u)| u == t))
                {
                    let _ = writeln!(j, "                TaskTag {t} = ps[{i}].tag(\"{ty}\");");
                }
            }
        }
        self.tasks.ind = 1;
        paper
    }

    fn close_task(&mut self) {
        self.tasks.bb.push_str("}\n\n");
        self.tasks.java.push_str("            }\n        },\n");
        self.tasks.ind = 0;
    }

    /// A `taskexit` in both texts.
    fn exit(&mut self, params: &[Param], changes: &[Change], paper: bool) {
        let mut bb_parts = Vec::new();
        let mut java = String::from("{ ");
        for ch in changes {
            let p = &params[ch.param];
            let cls = self.cls(p.cls);
            let mut items: Vec<String> = Vec::new();
            for (f, v) in &ch.flags {
                let _ = write!(java, "{}.set({}, {v}); ", p.var, cls.bit(f));
                items.push(if paper {
                    format!("{f} := {v}")
                } else if *v {
                    f.clone()
                } else {
                    format!("!{f}")
                });
            }
            if let Some(t) = &ch.clear {
                let _ = write!(java, "{}.unbind({t}); ", p.var);
            }
            bb_parts.push(match (&ch.clear, paper) {
                (None, true) => format!("{}: {}", p.var, items.join(", ")),
                (Some(t), true) => format!("{}: {}, clear {t}", p.var, items.join(", ")),
                (None, false) => format!("{}{{{}}}", p.var, items.join(", ")),
                (Some(t), false) => format!("{}{{{}}}{{!{t}}}", p.var, items.join(", ")),
            });
        }
        java.push_str("return; }");
        let bb = if paper {
            format!("taskexit({});", bb_parts.join("; "))
        } else {
            format!("taskexit({});", bb_parts.join(", "))
        };
        self.tasks.each(&bb, &java);
    }

    /// An allocation statement in both texts (`out` is the writer).
    fn alloc(&mut self, a: &Alloc, out: Out) {
        let form = self.below(3);
        let cls = self.cls(a.cls);
        let bb = match form {
            0 => {
                let mut items: Vec<String> =
                    a.flags.iter().map(|f| format!("{f} := true")).collect();
                if let Some(t) = &a.tag {
                    items.push(format!("add {t}"));
                }
                format!("new {}({}) {{ {} }};", cls.name, a.args, items.join(", "))
            }
            // The original spellings, `new` and the distribution's final
            // grammar's `newflag`.
            _ => {
                let kw = if form == 1 { "new" } else { "newflag" };
                let tag = a
                    .tag
                    .as_ref()
                    .map(|t| format!("{{{t}}}"))
                    .unwrap_or_default();
                format!(
                    "{kw} {}({}){{{}}}{tag};",
                    cls.name,
                    a.args,
                    a.flags.join(", ")
                )
            }
        };
        let mut bits = 0u64;
        for f in &a.flags {
            bits |= 1 << cls.bit(f);
        }
        let mut java = format!(
            "{{ {n} n = new {n}({}); n.flags = {bits}L; ",
            a.args,
            n = cls.name
        );
        if let Some(t) = &a.tag {
            let _ = write!(java, "n.bind({t}); ");
        }
        java.push_str("s.alloc(n); }");
        match out {
            Out::Task => self.tasks.each(&bb, &java),
            Out::Init(d) => d.each(&bb, &java),
        }
    }
}

enum Out<'a> {
    Task,
    Init(&'a mut Dual),
}

/// The Java side of every task program: objects with flags and tags, and a
/// sequential scheduler that runs random enabled invocations until none is
/// left (new objects become visible when their task ends, as in Bamboo).
pub const TASK_RT: &str = include_str!("TaskMain.java");

/// One Bamboo program running the task programs `cases` (all of them, or
/// the one whose seed is the first command-line argument).
pub fn bamboo_program(cases: &[&TaskCase]) -> String {
    let mut s = String::new();
    for c in cases {
        s.push_str(&c.bamboo);
    }
    s.push_str("task startup(StartupObject s in initialstate) {\n");
    s.push_str("    String only = s.args.length > 0 ? s.args[0] : null;\n");
    for c in cases {
        let _ = writeln!(
            s,
            "    if (only == null || only.equals(\"{0}\"))\n        P{0}.init();",
            c.seed
        );
    }
    s.push_str("    taskexit(s: initialstate := false);\n}\n");
    s
}
