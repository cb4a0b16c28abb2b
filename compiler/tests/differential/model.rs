//! The program model the generator fills in (variables, fields, classes,
//! virtual-method families, static methods) and the generator's state with
//! its random choices.

use super::*;

#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub(crate) name: String,
    pub(crate) ty: T,
    pub(crate) mutable: bool,
    /// A Java constant variable (a `static final` constant, or a `final`
    /// local with a constant initialiser).
    pub(crate) konst: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Field {
    pub(crate) name: String,
    pub(crate) ty: T,
}

#[derive(Clone, Debug)]
pub(crate) struct Class {
    pub(crate) name: String,
    pub(crate) parent: Option<usize>,
    pub(crate) is_abstract: bool,
    pub(crate) fields: Vec<Field>,
    pub(crate) ctor_params: Vec<T>,
    pub(crate) noarg_ctor: bool,
}

/// A virtual method: declared once, implemented in `impls`.
#[derive(Clone, Debug)]
pub(crate) struct Family {
    pub(crate) name: String,
    pub(crate) params: Vec<T>,
    pub(crate) ret: Option<T>,
    pub(crate) decl: usize,
    pub(crate) order: usize,
    pub(crate) is_abstract: bool,
    pub(crate) impls: Vec<usize>,
}

#[derive(Clone, Debug)]
pub(crate) struct Static {
    pub(crate) name: String,
    pub(crate) params: Vec<T>,
    pub(crate) ret: Option<T>,
    pub(crate) order: usize,
}

pub(crate) const INF: usize = usize::MAX;

pub(crate) struct Gen {
    pub(crate) rng: StdRng,
    pub(crate) main: String,
    pub(crate) classes: Vec<Class>,
    pub(crate) fams: Vec<Family>,
    pub(crate) statics: Vec<Static>,
    /// `static final` constants of the main class.
    pub(crate) consts: Vec<Var>,
    // ---- state of the body being generated
    pub(crate) scopes: Vec<Vec<Var>>,
    pub(crate) this_class: Option<usize>,
    pub(crate) cur_order: usize,
    pub(crate) allow_new: bool,
    pub(crate) allow_print: bool,
    pub(crate) pure_only: bool,
    pub(crate) const_only: bool,
    /// Labels of the enclosing loops (innermost last); `None` if unlabeled.
    pub(crate) loops: Vec<Option<String>>,
    pub(crate) in_switch: u32,
    pub(crate) loop_budget: u32,
    pub(crate) cur_family: Option<usize>,
    pub(crate) ret: Option<T>,
    pub(crate) out: String,
    pub(crate) indent: usize,
    pub(crate) counter: usize,
    pub(crate) stmts_left: i32,
    /// The order of the first static method that may allocate objects.
    pub(crate) lvl2: usize,
}

impl Gen {
    pub(crate) fn new(seed: u64) -> Gen {
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

    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }
    pub(crate) fn pick<X: Clone>(&mut self, xs: &[X]) -> X {
        xs[self.below(xs.len())].clone()
    }
    /// Picks an index by weight.
    pub(crate) fn weighted(&mut self, ws: &[u32]) -> usize {
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
    pub(crate) fn fresh(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}{}", self.counter)
    }
}
