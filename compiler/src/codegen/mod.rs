//! C code generation: typed HIR → one C11 translation unit for the runtime
//! in `runtime-c/` (its README is the ABI this module follows).
//!
//! In: a checked `hir::Program` and the source map (for file names in
//! run-time error locations). Out: C source text. The paper's section 4.7
//! describes the runtime the code targets; classes become structs with the
//! runtime's object header, methods become C functions taking the core's
//! context, virtual calls go through per-class vtables unless no subclass
//! overrides the method (class-hierarchy analysis over the closed program:
//! those calls go direct, so the C compiler can inline them), tasks become
//! functions plus descriptor tables (guards in disjunctive normal form over
//! the flag word, exits as and/or masks).
//!
//! Invariants of the output: Java evaluation order is kept by lowering every
//! expression into statements over temporaries (`func`); every possible
//! run-time error is a call into the runtime with the source location; the
//! output depends only on the program (no hash-map order leaks in).
//!
//! `generate` is the sequence of steps: `methods` decides which methods are
//! emitted and how they are called, `func` lowers the bodies, `tables`
//! writes everything around them in the unit's order, `natives` maps
//! library natives to runtime functions.

mod func;
mod methods;
pub mod natives;
mod recursion;
mod tables;

use crate::analysis::disjoint::LockPlan;
use crate::hir::*;
use crate::source::SourceMap;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// Options that change the generated code.
#[derive(Clone, Debug)]
pub struct Options {
    /// Array bounds checks (on by default; `--no-bounds-checks` for
    /// measurements).
    pub bounds_checks: bool,
    /// The program's name, for diagnostics printed by the runtime.
    pub program_name: String,
    /// A profiling build (`--profile-gen`): the program's
    /// `profile::fingerprint`, which the runtime writes into the profile.
    pub profile_fingerprint: Option<String>,
    /// Where tasks run (paper 4.3.4, 4.7): a given layout, or `None` for the
    /// default layout on `cores` cores (which `BAMBOO_CORES` may change at
    /// run time, since the runtime rebuilds the default layout itself).
    pub layout: Option<crate::synthesis::layout::Layout>,
    /// Cores of the default layout (ignored with a given layout).
    pub cores: u32,
    /// The default layout spreads every data-parallel task round-robin
    /// ([`crate::synthesis::layout::Layout::spread_for`]) instead of following the
    /// static estimate ([`crate::synthesis::layout::Layout::default_for`]).
    pub spread: bool,
    /// MPI builds: per task, whether it meets its two objects on the larger
    /// one's rank (`driver::mpi::meeting_tasks`; runtime-c/src/meet.c);
    /// empty for none.
    pub meets: Vec<bool>,
    /// MPI builds: per task, whether it must stay `single` on global core
    /// 0 (`driver::mpi::pinned_tasks`; a run-time layout may not move it,
    /// runtime-c/src/layout.c); empty for none.
    pub pinned: Vec<bool>,
}

/// A problem that stops code generation (the front end accepts the
/// program, but the back end cannot represent it).
#[derive(Clone, Debug)]
pub enum CodegenError {
    /// A guard whose disjunctive normal form would be too large.
    GuardTooComplex { task: String, param: String },
    /// A native method the runtime does not provide.
    MissingNative { class: String, method: String },
    /// More parameters or tag variables than the runtime supports.
    TaskTooWide {
        task: String,
        what: &'static str,
        limit: usize,
    },
}

impl std::fmt::Display for CodegenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodegenError::GuardTooComplex { task, param } => write!(f, "the guard of parameter `{param}` of task `{task}` is too complex to compile (more than 4096 terms in disjunctive normal form)"),
            CodegenError::MissingNative { class, method } => write!(f, "the runtime provides no native `{class}.{method}`"),
            CodegenError::TaskTooWide { task, what, limit } => write!(f, "task `{task}` has more than {limit} {what}"),
        }
    }
}

/// Fixed class ids of the runtime (`runtime-c/include/bb/types.h`).
const CLASS_OBJECT: u32 = 1;
const CLASS_STRING: u32 = 2;
const FIRST_USER: u32 = 15;
const MAX_PARAMS: usize = 16;
const MAX_TAGSLOTS: usize = 16;

/// Runtime class ids for classes and array types.
pub(crate) struct Ids {
    classes: Vec<u32>,
    /// Array types beyond the runtime's built-in ones, with their ids.
    arrays: BTreeMap<String, (u32, Type)>,
    next: u32,
}

impl Ids {
    fn new(p: &Program) -> Ids {
        let mut classes = vec![0; p.classes.len()];
        let mut next = FIRST_USER;
        for (i, slot) in classes.iter_mut().enumerate() {
            let id = ClassId(i as u32);
            *slot = if id == p.well_known.object {
                CLASS_OBJECT
            } else if id == p.well_known.string {
                CLASS_STRING
            } else {
                next += 1;
                next - 1
            };
        }
        Ids {
            classes,
            arrays: BTreeMap::new(),
            next,
        }
    }

    pub(crate) fn class(&self, c: ClassId) -> u32 {
        self.classes[c.0 as usize]
    }

    /// The runtime class id of a reference type (arrays get ids on first
    /// use).
    pub(crate) fn of_type(&mut self, p: &Program, t: &Type) -> u32 {
        match t {
            Type::Class(c) => self.class(*c),
            Type::Array(e) => {
                let builtin = match &**e {
                    Type::Boolean => Some(5),
                    Type::Byte => Some(6),
                    Type::Char => Some(7),
                    Type::Short => Some(8),
                    Type::Int => Some(9),
                    Type::Long => Some(10),
                    Type::Float => Some(11),
                    Type::Double => Some(12),
                    Type::Class(c) if *c == p.well_known.object => Some(13),
                    Type::Class(c) if *c == p.well_known.string => Some(14),
                    _ => None,
                };
                if let Some(id) = builtin {
                    return id;
                }
                // Element ids first, so they exist when the table is written.
                if e.is_reference() {
                    self.of_type(p, e);
                }
                let name = p.type_name(t);
                if let Some((id, _)) = self.arrays.get(&name) {
                    return *id;
                }
                let id = self.next;
                self.next += 1;
                self.arrays.insert(name, (id, t.clone()));
                id
            }
            _ => CLASS_OBJECT,
        }
    }
}

/// The C type of a Bamboo type. References are `void *` so that
/// conversions between them need no casts; accesses cast to the struct.
pub(crate) fn c_type(t: &Type) -> &'static str {
    match t {
        Type::Void => "void",
        Type::Boolean => "bb_boolean",
        Type::Byte => "bb_byte",
        Type::Char => "bb_char",
        Type::Short => "bb_short",
        Type::Int => "bb_int",
        Type::Long => "bb_long",
        Type::Float => "bb_float",
        Type::Double => "bb_double",
        _ => "void *",
    }
}

/// The array element kind and C element type of an array type's elements.
pub(crate) fn elem_c_type(t: &Type) -> &'static str {
    c_type(t)
}

pub(crate) fn method_name(m: MethodId) -> String {
    format!("M{}", m.0)
}

pub(crate) fn field_name(f: FieldId) -> String {
    format!("f{}", f.0)
}

pub(crate) fn struct_name(c: ClassId) -> String {
    format!("struct O{}", c.0)
}

/// The C expression for the bytes an instance of `c` is allocated with: a
/// class with flags, whose objects tasks take and cores hand to each other,
/// takes whole cache lines (`BB_LINES`), so that objects one core made side
/// by side do not share a line when two cores work on them.
pub(crate) fn object_size(p: &Program, c: ClassId) -> String {
    if p.class(c).flags.is_empty() {
        format!("sizeof({})", struct_name(c))
    } else {
        format!("BB_LINES(sizeof({}))", struct_name(c))
    }
}

/// Generates the whole program; task exits merge locks as `locks` says.
pub fn generate(
    p: &Program,
    sources: &SourceMap,
    opts: &Options,
    locks: &LockPlan,
) -> Result<String, CodegenError> {
    let mut ids = Ids::new(p);
    let mut strings = func::StringTable::default();
    let natives = natives::NativeTable::new(p)?;
    let live = methods::reachable_methods(p, &natives);
    let overridden = methods::overridden_methods(p);
    let recursive = recursion::recursive_methods(p, &live);
    let inline_always = methods::single_call_site_methods(p, &live, &recursive);
    let mut unit = func::Unit {
        p,
        sources,
        opts,
        ids: &mut ids,
        strings: &mut strings,
        natives: &natives,
        overridden: &overridden,
        inline_always: &inline_always,
        recursive: &recursive,
        locks,
    };
    let bodies = tables::function_bodies(&mut unit, &live);
    let mut out = tables::header(opts);
    tables::structs(p, &mut out);
    tables::prototypes(p, &live, &natives, &mut out);
    let singletons = tables::globals(p, &mut out);
    tables::class_descriptors(p, &live, &natives, unit.ids, &mut out);
    tables::string_literals(unit.strings, &mut out);
    out.push_str(&bodies);
    func::init_function(&mut unit, &singletons, &mut out);
    tables::task_tables(p, sources, unit.ids, &mut out)?;
    tables::program(
        p,
        sources,
        opts,
        unit.ids,
        unit.strings,
        singletons.len(),
        &mut out,
    );
    Ok(out)
}

/// A guard as (mask, value) terms: the flag word satisfies the guard when
/// any term has `word & mask == value`. `None` when it would exceed 4096
/// terms.
pub fn dnf(g: &Guard) -> Option<Vec<(u64, u64)>> {
    const LIMIT: usize = 4096;
    fn go(g: &Guard, negate: bool) -> Option<Vec<(u64, u64)>> {
        match (g, negate) {
            (Guard::Const(b), n) => Some(if *b != n { vec![(0, 0)] } else { vec![] }),
            (Guard::Flag(bit), n) => {
                let m = 1u64 << bit.0;
                Some(vec![(m, if n { 0 } else { m })])
            }
            (Guard::Not(x), n) => go(x, !n),
            (Guard::Or(a, b), false) | (Guard::And(a, b), true) => {
                let mut v = go(a, negate)?;
                v.extend(go(b, negate)?);
                (v.len() <= LIMIT).then_some(v)
            }
            (Guard::And(a, b), false) | (Guard::Or(a, b), true) => {
                let (x, y) = (go(a, negate)?, go(b, negate)?);
                let mut v = Vec::new();
                for &(m1, v1) in &x {
                    for &(m2, v2) in &y {
                        // Contradictory terms (a flag both set and clear) vanish.
                        if (v1 ^ v2) & (m1 & m2) != 0 {
                            continue;
                        }
                        v.push((m1 | m2, v1 | v2));
                        if v.len() > LIMIT {
                            return None;
                        }
                    }
                }
                Some(v)
            }
        }
    }
    let mut terms = go(g, false)?;
    terms.sort();
    terms.dedup();
    Some(terms)
}

#[cfg(test)]
mod tests;
