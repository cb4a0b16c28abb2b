//! Generated library programs: the collection classes (`ArrayList`,
//! `Vector`, `LinkedList`, `HashMap`, `HashSet`, `Hashtable`, iterators),
//! `StringBuffer`, the boxes, `Integer.parseInt`, and programs that end by
//! `System.exit` or by a run-time error.
//!
//! A program `L<seed>` is straight-line code in `run()` and helper
//! methods. Ordinary statements are safe at run time by construction
//! (indices are taken modulo the size, behind emptiness tests); a third of
//! the programs then end with `System.exit(k)`, a third with one statement
//! that fails (division by zero, null, array bounds, negative size, a bad
//! cast, a library exception), sometimes inside a helper, so the error and
//! the method and line it happens in are compared with Java's exception.
//! The source's first line is a comment that the Java text replaces with
//! its imports, so both texts number their lines alike.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;

pub struct LibCase {
    pub seed: u64,
    /// The program; Java's text comes from `java_text`.
    pub src: String,
    /// `(first line, last line, name)` of every method, for naming the
    /// method a Bamboo error's line falls in.
    pub methods: Vec<(usize, usize, String)>,
}

#[derive(Clone, Copy, PartialEq)]
enum Coll {
    ArrayList,
    Vector,
    LinkedList,
    HashMap,
    Hashtable,
    HashSet,
}

#[derive(Clone, Copy, PartialEq)]
enum Elem {
    Int,
    Str,
}

struct CVar {
    name: String,
    kind: Coll,
    elem: Elem,
}

struct LGen {
    rng: StdRng,
    seed: u64,
    lines: Vec<String>,
    ind: usize,
    vars: Vec<CVar>,
    sbs: Vec<String>,
    ints: Vec<String>,
    counter: usize,
}

impl LGen {
    fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }
    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }
    fn fresh(&mut self, p: &str) -> String {
        self.counter += 1;
        format!("{p}{}", self.counter)
    }
    fn line(&mut self, s: &str) {
        let pad = "    ".repeat(self.ind);
        self.lines.push(format!("{pad}{s}"));
    }
    /// A small `int` expression.
    fn int(&mut self) -> String {
        match self.below(5) {
            0 if !self.ints.is_empty() => {
                let i = self.below(self.ints.len());
                let v = self.ints[i].clone();
                format!("({v} % 7)")
            }
            1 => format!("{}", [-1, 0, 1, 7, 12, 100, 65536, -40][self.below(8)]),
            2 if !self.ints.is_empty() => {
                let i = self.below(self.ints.len());
                self.ints[i].clone()
            }
            _ => self.rng.random_range(0..12).to_string(),
        }
    }
    fn elem(&mut self, e: Elem) -> String {
        let i = self.int();
        match (e, self.below(3)) {
            (Elem::Int, 0) => format!("Integer.valueOf({i})"),
            (Elem::Int, _) => format!("new Integer({i})"),
            (Elem::Str, 0) => format!("\"s\" + {i}"),
            (Elem::Str, _) => format!("String.valueOf({i} * 3)"),
        }
    }
    /// The `int` an element (an `Object` expression) stands for.
    fn unbox(e: Elem, obj: &str) -> String {
        match e {
            Elem::Int => format!("((Integer) {obj}).intValue()"),
            Elem::Str => format!("((String) {obj}).length()"),
        }
    }
    fn is_list(k: Coll) -> bool {
        matches!(k, Coll::ArrayList | Coll::Vector | Coll::LinkedList)
    }
    fn is_map(k: Coll) -> bool {
        matches!(k, Coll::HashMap | Coll::Hashtable)
    }
    fn class(k: Coll) -> &'static str {
        match k {
            Coll::ArrayList => "ArrayList",
            Coll::Vector => "Vector",
            Coll::LinkedList => "LinkedList",
            Coll::HashMap => "HashMap",
            Coll::Hashtable => "Hashtable",
            Coll::HashSet => "HashSet",
        }
    }

    fn new_coll(&mut self) {
        let kind = [
            Coll::ArrayList,
            Coll::Vector,
            Coll::LinkedList,
            Coll::HashMap,
            Coll::Hashtable,
            Coll::HashSet,
        ][self.below(6)];
        let elem = if self.chance(0.6) {
            Elem::Int
        } else {
            Elem::Str
        };
        let name = self.fresh("c");
        let cls = Self::class(kind);
        self.line(&format!("{cls} {name} = new {cls}();"));
        let n = 1 + self.below(6);
        let q = self.fresh("q");
        self.line(&format!("for (int {q} = 0; {q} < {n}; {q}++) {{"));
        self.ind += 1;
        self.ints.push(q.clone());
        let e = self.elem(elem);
        let e2 = self.elem(elem);
        let add = if Self::is_map(kind) {
            format!("{name}.put({e}, {e2});")
        } else {
            format!("{name}.add({e});")
        };
        self.line(&add);
        self.ints.pop();
        self.ind -= 1;
        self.line("}");
        self.vars.push(CVar { name, kind, elem });
    }

    fn use_coll(&mut self) {
        let v = self.below(self.vars.len());
        let (name, kind, elem) = {
            let c = &self.vars[v];
            (c.name.clone(), c.kind, c.elem)
        };
        let e = self.elem(elem);
        let k = self.int();
        let r = self.fresh("r");
        let p = |s: &str| format!("System.out.println(\"{r} \" + {s});");
        let stmt = if Self::is_list(kind) {
            let idx = format!("({k} & 0x7fffffff) % {name}.size()");
            match self.below(12) {
                0 => format!("{name}.add({e});"),
                1 => format!("{name}.add(({k} & 0x7fffffff) % ({name}.size() + 1), {e});"),
                2 => format!(
                    "if (!{name}.isEmpty()) {}",
                    p(&Self::unbox(elem, &format!("{name}.get({idx})")))
                ),
                3 => format!("if ({name}.size() > 0) {}", p(&format!("{name}.remove({idx})"))),
                4 => format!("if ({name}.size() > 0) {}", p(&format!("{name}.set({idx}, {e})"))),
                5 => p(&format!("{name}.contains({e}) + \" \" + {name}.indexOf({e})")),
                6 => p(&name),
                7 => {
                    self.iter_sum(&name, elem, &r)
                }
                8 => p(&format!("{name}.remove({e}) + \" \" + {name}.size()")),
                9 => match kind {
                    Coll::Vector => match self.below(4) {
                        0 => format!("{name}.addElement({e});"),
                        1 => format!("if ({name}.size() > 0) {}", p(&Self::unbox(elem, &format!("{name}.elementAt({idx})")))),
                        2 => format!("if ({name}.size() > 0) {name}.removeElementAt({idx});"),
                        _ => format!("{name}.insertElementAt({e}, ({k} & 0x7fffffff) % ({name}.size() + 1));"),
                    },
                    Coll::LinkedList => match self.below(4) {
                        0 => format!("{name}.addFirst({e});"),
                        1 => format!("{name}.addLast({e});"),
                        2 => format!("if (!{name}.isEmpty()) {}", p(&format!("{name}.getFirst() + \" \" + {name}.getLast()"))),
                        _ => format!("if ({name}.size() > 1) {}", p(&format!("{name}.removeFirst() + \" \" + {name}.removeLast()"))),
                    },
                    _ => p(&format!("{name}.isEmpty()")),
                },
                10 => p(&format!("{name}.equals({name}) + \" \" + {name}.hashCode()")),
                _ => p(&format!("{name}.size()")),
            }
        } else if Self::is_map(kind) {
            let e2 = self.elem(elem);
            match self.below(8) {
                0 | 1 => p(&format!("{name}.put({e}, {e2})")),
                2 => p(&format!("{name}.get({e})")),
                3 => p(&format!(
                    "{name}.containsKey({e}) + \" \" + {name}.containsValue({e2})"
                )),
                4 => p(&format!("{name}.remove({e}) + \" \" + {name}.size()")),
                5 => p(&name),
                6 => {
                    let what = if self.chance(0.5) { "keySet" } else { "values" };
                    self.iter_sum(&format!("{name}.{what}()"), elem, &r)
                }
                _ => p(&format!(
                    "{name}.size() + \" \" + {name}.isEmpty() + \" \" + {name}.hashCode()"
                )),
            }
        } else {
            match self.below(6) {
                0 | 1 => p(&format!("{name}.add({e})")),
                2 => p(&format!("{name}.contains({e})")),
                3 => p(&format!("{name}.remove({e}) + \" \" + {name}.size()")),
                4 => p(&name),
                _ => self.iter_sum(&name, elem, &r),
            }
        };
        for (i, l) in stmt.split('\n').enumerate() {
            if i == 0 {
                self.line(l);
            } else {
                self.lines.push(l.to_string());
            }
        }
    }

    /// Sums the elements of `coll` (a collection expression) through an
    /// iterator, then prints the sum after `r`.
    fn iter_sum(&mut self, coll: &str, elem: Elem, r: &str) -> String {
        let it = self.fresh("it");
        let s = self.fresh("sum");
        let pad = "    ".repeat(self.ind);
        format!(
            "Iterator {it} = {coll}.iterator();\n{pad}int {s} = 0;\n{pad}while ({it}.hasNext())\n{pad}    {s} = {s} * 31 + {};\n{pad}System.out.println(\"{r} \" + {s});",
            Self::unbox(elem, &format!("{it}.next()")),
        )
    }

    fn string_buffer(&mut self) {
        if self.sbs.is_empty() || self.chance(0.3) {
            let n = self.fresh("sb");
            let init = if self.chance(0.5) {
                "new StringBuffer()".to_string()
            } else {
                format!("new StringBuffer(\"ab{}\")", self.below(100))
            };
            self.line(&format!("StringBuffer {n} = {init};"));
            self.sbs.push(n);
        }
        let i = self.below(self.sbs.len());
        let sb = self.sbs[i].clone();
        let k = self.int();
        let r = self.fresh("r");
        let arg = match self.below(6) {
            0 => k.clone(),
            1 => format!("\"x{}\"", self.below(10)),
            2 => format!("'{}'", (b'a' + self.below(26) as u8) as char),
            3 => format!("({k} > 3)"),
            4 => format!("(long) {k} * 1000000007L"),
            _ => format!("new Integer({k})"),
        };
        let at = format!("({k} & 0x7fffffff) % ({sb}.length() + 1)");
        let idx = format!("({k} & 0x7fffffff) % {sb}.length()");
        let s = match self.below(9) {
            0 | 1 => format!("{sb}.append({arg});"),
            2 => format!("{sb}.insert({at}, {arg});"),
            3 => format!("{sb}.reverse();"),
            4 => format!("if ({sb}.length() > 0) {sb}.deleteCharAt({idx});"),
            5 => format!("{sb}.setLength({at});"),
            6 => {
                format!("if ({sb}.length() > 0) System.out.println(\"{r} \" + {sb}.charAt({idx}));")
            }
            7 => format!(
                "System.out.println(\"{r} \" + {sb}.indexOf(\"a\") + \" \" + {sb}.length());"
            ),
            _ => format!("System.out.println(\"{r} \" + {sb}.toString());"),
        };
        self.line(&s);
    }

    fn boxes(&mut self) {
        let k = self.int();
        let k2 = self.int();
        let r = self.fresh("r");
        let s = match self.below(7) {
            0 => format!("new Integer({k}).equals(Integer.valueOf({k2})) + \" \" + new Integer({k}).compareTo(new Integer({k2}))"),
            1 => format!("new Integer({k}).hashCode() + new Integer({k2}).intValue()"),
            2 => format!("new Long((long) {k} << 33).longValue() + \" \" + new Long({k}).hashCode()"),
            3 => format!("new Double({k} / 4.0).doubleValue() + \" \" + new Double({k2}).toString()"),
            4 => format!("new Character((char) ('a' + ({k} & 15))).charValue() + \" \" + new Boolean({k} > {k2})"),
            5 => format!("Integer.parseInt(\"\" + {k}) + Integer.toString({k2}, 7)"),
            _ => format!("Integer.valueOf({k}).toString() + Double.valueOf({k2} * 0.5)"),
        };
        self.line(&format!("System.out.println(\"{r} \" + {s});"));
    }

    /// One statement that fails at run time (a Java exception).
    fn failing(&mut self) -> String {
        let j = self.below(4);
        let list = self
            .vars
            .iter()
            .find(|v| v.kind == Coll::ArrayList || v.kind == Coll::Vector)
            .map(|v| (v.name.clone(), v.kind, v.elem));
        match self.below(13) {
            0 => format!("int z = {j} - {j};\nSystem.out.println(100 / z);"),
            1 => format!("long z = {j}L * 0L;\nSystem.out.println(7L % z);"),
            2 => "ArrayList n = null;\nSystem.out.println(n.size());".into(),
            3 => "String n = null;\nSystem.out.println(n.length());".into(),
            4 => format!("int[] a = new int[{}];\nSystem.out.println(a[a.length + {j}]);", 1 + j),
            5 => format!("int[] a = new int[{j} - 4];\nSystem.out.println(a.length);"),
            6 => "Object o = new Integer(3);\nSystem.out.println(((String) o).length());".into(),
            7 => match list {
                Some((n, Coll::ArrayList, _)) => format!("System.out.println({n}.get({n}.size() + {j}));"),
                Some((n, _, _)) => format!("System.out.println({n}.elementAt({n}.size() + {j}));"),
                None => format!("ArrayList e = new ArrayList();\nSystem.out.println(e.get({j}));"),
            },
            8 => "LinkedList e = new LinkedList();\nSystem.out.println(e.getFirst());".into(),
            9 => format!("System.out.println(Integer.parseInt(\"x{j}\"));"),
            10 => match list {
                Some((n, _, e)) => {
                    let x = self.elem(e);
                    format!("Iterator it = {n}.iterator();\n{n}.add({x});\nSystem.out.println(it.next());")
                }
                None => "HashMap m = new HashMap();\nSystem.out.println(((Integer) m.get(\"k\")).intValue());".into(),
            },
            11 => format!("String s = \"abc\";\nSystem.out.println(s.charAt(s.length() + {j}));"),
            _ => "HashMap m = new HashMap();\nm.put(\"a\", \"b\");\nSystem.out.println(((Integer) m.get(\"a\")).intValue());".into(),
        }
    }
}

pub fn generate(seed: u64) -> LibCase {
    let mut g = LGen {
        rng: StdRng::seed_from_u64(seed ^ 0x11b0_0000_0000),
        seed,
        lines: Vec::new(),
        ind: 2,
        vars: Vec::new(),
        sbs: Vec::new(),
        ints: Vec::new(),
        counter: 0,
    };
    let n = 8 + g.below(20);
    for _ in 0..n {
        match g.below(10) {
            _ if g.vars.is_empty() => g.new_coll(),
            0 => g.new_coll(),
            1..=5 => g.use_coll(),
            6 | 7 => g.string_buffer(),
            _ => g.boxes(),
        }
    }
    // How it ends: normally, by System.exit, or by a run-time error,
    // sometimes in a helper method.
    let ending = g.below(3);
    let in_helper = g.chance(0.5);
    if in_helper {
        // A helper sees none of run()'s collections.
        g.vars.clear();
    }
    let body: Option<String> = match ending {
        1 => Some(format!(
            "System.out.println(\"exiting\");\nSystem.exit({});",
            g.below(4)
        )),
        2 => Some(g.failing()),
        _ => None,
    };
    let seed_ = g.seed;
    let mut src = format!("// case {seed_}\nclass L{seed_} {{\n");
    let mut methods = Vec::new();
    if let Some(b) = &body {
        if in_helper {
            let start = src.lines().count() + 1;
            src.push_str("    static void helper(int k) {\n");
            for l in b.lines() {
                let _ = writeln!(src, "        {l}");
            }
            src.push_str("    }\n\n");
            methods.push((start, src.lines().count(), "helper".to_string()));
            g.line("helper(3);");
        } else {
            for l in b.lines() {
                g.line(l);
            }
        }
        g.line("System.out.println(\"unreachable\");");
    }
    let start = src.lines().count() + 1;
    src.push_str("    static void run() {\n");
    for l in &g.lines {
        src.push_str(l);
        src.push('\n');
    }
    src.push_str("    }\n}\n");
    methods.push((start, src.lines().count(), "run".to_string()));
    LibCase { seed, src, methods }
}

/// The Java text: the first line (a comment) becomes the imports, and
/// `System.exit` a call that throws `LibExit` (caught by `LibMain`), so
/// one JVM runs every program.
pub fn java_text(c: &LibCase) -> String {
    let src = c.src.replace("System.exit(", "LibExit.exit(");
    let rest = src.split_once('\n').map_or("", |x| x.1);
    format!("import java.util.*; // case {}\n{rest}", c.seed)
}

/// Runs the programs named on the command line, each followed by how it
/// ended: `!!! ok`, `!!! exit N`, or `!!! error KIND: MESSAGE @ METHOD:LINE`
/// (the innermost frame in the program's own class).
pub const LIB_MAIN: &str = include_str!("LibMain.java");

/// Java's `end` (`error KIND lib|core[: MESSAGE] @ METHOD:LINE`) as the
/// Bamboo runtime words it: `(what, method, line)`.
pub fn expected_error(end: &str) -> Option<(String, String, usize)> {
    let rest = end.strip_prefix("error ")?;
    let (head, at) = rest.rsplit_once(" @ ")?;
    let (method, line) = at.split_once(':')?;
    let (kind_lib, msg) = match head.split_once(": ") {
        Some((k, m)) => (k, Some(m)),
        None => (head, None),
    };
    let (kind, place) = kind_lib.split_once(' ')?;
    let core = place == "core";
    let what = match (kind, msg) {
        ("ArithmeticException", _) => "division by zero".to_string(),
        ("NullPointerException", _) => "null pointer dereference".to_string(),
        ("ArrayIndexOutOfBoundsException", Some(m)) if core => {
            let m = m.strip_prefix("Index ").unwrap_or(m);
            format!("array index {m}")
        }
        ("NegativeArraySizeException", Some(m)) => format!("negative array size {m}"),
        ("ClassCastException", Some(m)) => {
            let m = m.split(" (").next().unwrap_or(m);
            m.replace("java.lang.", "").replace("java.util.", "")
        }
        (k, Some(m)) => format!("{k}: {m}"),
        (k, None) => k.to_string(),
    };
    Some((what, method.to_string(), line.parse().ok()?))
}
