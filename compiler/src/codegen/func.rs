//! Function bodies: HIR statements and expressions lowered to C statements
//! over temporaries, so that Java's left-to-right evaluation order and its
//! run-time checks hold exactly whatever the C compiler does.

mod assign;
mod calls;
mod chain;
mod exprs;
mod stmts;

use super::natives::{self, Located, NativeTable};
use super::{c_type, elem_c_type, field_name, method_name, object_size, struct_name, Ids, Options};
use crate::analysis::disjoint::{ExitLocks, LockPlan};
use crate::hir::*;
use crate::source::SourceMap;
use bambooc_syntax::ast::BinOp;
use bambooc_syntax::span::Span;
use std::collections::HashMap;
use std::fmt::Write;

/// The program's string literals, interned.
#[derive(Default)]
pub(crate) struct StringTable {
    pub literals: Vec<Vec<u16>>,
    index: HashMap<Vec<u16>, usize>,
}

impl StringTable {
    fn intern(&mut self, s: &[u16]) -> usize {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        self.literals.push(s.to_vec());
        self.index.insert(s.to_vec(), self.literals.len() - 1);
        self.literals.len() - 1
    }
}

pub(crate) fn file_line(sources: &SourceMap, span: Span) -> (u32, usize) {
    if (span.file.0 as usize) < sources.files().count() {
        (span.file.0, sources.line(span))
    } else {
        (0, 0)
    }
}

/// The tag variables of a task in slot order (first appearance in the
/// parameter list).
pub(crate) fn tag_slots(t: &Task) -> Vec<LocalId> {
    let mut slots = Vec::new();
    for p in &t.params {
        for (_, var) in &p.tags {
            if !slots.contains(var) {
                slots.push(*var);
            }
        }
    }
    slots
}

pub(crate) fn signature(p: &Program, id: MethodId) -> String {
    let m = p.method(id);
    let mut s = format!("{} {}(bb_ctx *ctx", c_type(&m.ret), method_name(id));
    if !m.is_static {
        s.push_str(", void *self");
    }
    for &l in &m.params {
        write!(s, ", {} l{}", c_type(&m.locals[l.0 as usize].ty), l.0).unwrap();
    }
    s.push(')');
    s
}

/// What every generated function needs from the program being generated.
pub(crate) struct Unit<'a> {
    pub p: &'a Program,
    pub sources: &'a SourceMap,
    pub opts: &'a Options,
    pub ids: &'a mut Ids,
    pub strings: &'a mut StringTable,
    pub natives: &'a NativeTable,
    /// Virtual methods some subclass overrides, by method id; calls to the
    /// others go direct.
    pub overridden: &'a [bool],
    /// Methods called from one place only, emitted `always_inline`.
    pub inline_always: &'a [bool],
    /// Methods on a cycle of calls, emitted without sibling calls.
    pub recursive: &'a [bool],
    /// Where task exits merge locks (paper 4.2).
    pub locks: &'a LockPlan,
}

struct Gen<'a> {
    p: &'a Program,
    sources: &'a SourceMap,
    opts: &'a Options,
    ids: &'a mut Ids,
    strings: &'a mut StringTable,
    natives: &'a NativeTable,
    overridden: &'a [bool],
    locals: &'a [Local],
    /// Declarations of temporaries, emitted at the top of the function.
    temps: Vec<(String, &'static str)>,
    out: String,
    indent: usize,
    /// The task being generated, for its exits.
    task: Option<&'a Task>,
    /// Its exits' lock merges (empty outside tasks).
    exit_locks: &'a [ExitLocks],
    /// Library code does not record locations: errors inside the library
    /// point at the user's line that called it.
    in_stdlib: bool,
    loops: Loops,
}

/// What loop versioning ([`Gen::versioned_loop`]) keeps track of.
#[derive(Default)]
struct Loops {
    /// The C name of each label in scope (copies of a loop rename theirs).
    labels: HashMap<u32, String>,
    /// Appended to the labels defined now.
    suffix: String,
    /// Loops versioned so far.
    count: u32,
    /// Inside a slow copy: no further versioning.
    slow: bool,
    /// Locals known to be non-null here (a fast copy's condition).
    nonnull: Vec<u32>,
    /// Set for the fast copy of a [`CountedLoop`]: the next `for` loop
    /// emitted (that loop) tests its strict condition.
    strict: Option<CountedLoop>,
}

pub(crate) fn method(u: &mut Unit<'_>, id: MethodId, out: &mut String) {
    let p = u.p;
    let m = p.method(id);
    let Some(body) = &m.body else { return };
    let mut g = Gen {
        p,
        sources: u.sources,
        opts: u.opts,
        ids: &mut *u.ids,
        strings: &mut *u.strings,
        natives: u.natives,
        overridden: u.overridden,
        locals: &m.locals,
        temps: Vec::new(),
        out: String::new(),
        indent: 1,
        task: None,
        exit_locks: &[],
        in_stdlib: p.class(m.class).is_stdlib,
        loops: Loops::default(),
    };
    g.block(body);
    if m.ret != Type::Void {
        // Java's flow rules make this unreachable; the original dialect lets
        // a method's end be reached, and then it returns the default value.
        let default = if m.ret.is_primitive() { "0" } else { "NULL" };
        g.line(&format!("return {default};"));
    }
    writeln!(out, "/* {}.{} */", p.class(m.class).name, m.name).unwrap();
    // `inline` raises the C compiler's size limit for inlining a method
    // into its callers (at -O2 from about 15 to 70 instructions): small
    // methods such as a distance or a comparison, whose call sites loop
    // versioning doubles, are then inlined as C's static functions are.
    // A method called from one place only is always inlined (see
    // `single_call_site_methods`).
    // A method on a cycle of calls keeps its frames (`recursion`), so that
    // unbounded recursion overflows the stack as in Java.
    let attribute = if u.inline_always[id.0 as usize] {
        "__attribute__((always_inline)) "
    } else if u.recursive[id.0 as usize] {
        "BB_NO_TAIL_CALLS "
    } else {
        ""
    };
    writeln!(out, "static inline {attribute}{} {{", signature(p, id)).unwrap();
    if !m.is_static {
        out.push_str("  (void)self;\n");
    }
    g.finish(out, m.params.len());
}

pub(crate) fn task(u: &mut Unit<'_>, id: TaskId, out: &mut String) {
    let p = u.p;
    let t = p.task(id);
    let mut g = Gen {
        p,
        sources: u.sources,
        opts: u.opts,
        ids: &mut *u.ids,
        strings: &mut *u.strings,
        natives: u.natives,
        overridden: u.overridden,
        locals: &t.locals,
        temps: Vec::new(),
        out: String::new(),
        indent: 1,
        task: Some(t),
        exit_locks: &u.locks.tasks[id.0 as usize].exits,
        in_stdlib: false,
        loops: Loops::default(),
    };
    for (i, prm) in t.params.iter().enumerate() {
        g.line(&format!("l{} = params[{i}];", prm.local.0));
    }
    for (slot, var) in tag_slots(t).iter().enumerate() {
        g.line(&format!("l{} = tagvars[{slot}];", var.0));
    }
    g.block(&t.body);
    // The end of the body is the implicit (last) exit.
    g.lock_merges(t.exits.len() - 1);
    writeln!(out, "/* task {} */", t.name).unwrap();
    writeln!(
        out,
        "static void T{}(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {{",
        id.0
    )
    .unwrap();
    out.push_str("  (void)params; (void)tagvars;\n");
    g.finish(out, 0);
}

/// `INIT`: creates the library's singletons before the program starts.
pub(crate) fn init_function(u: &mut Unit<'_>, singletons: &[usize], out: &mut String) {
    let p = u.p;
    let mut g = Gen {
        p,
        sources: u.sources,
        opts: u.opts,
        ids: &mut *u.ids,
        strings: &mut *u.strings,
        natives: u.natives,
        overridden: u.overridden,
        locals: &[],
        temps: Vec::new(),
        out: String::new(),
        indent: 1,
        task: None,
        exit_locks: &[],
        in_stdlib: true,
        loops: Loops::default(),
    };
    for &i in singletons {
        if let Some(init) = &p.fields[i].singleton_init {
            let v = g.expr(init);
            g.line(&format!("G{i} = {v};"));
        }
    }
    out.push_str("static void INIT(bb_ctx *ctx) {\n");
    g.finish(out, 0);
}

fn has_effects(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Const(_)
        | ExprKind::Local(_)
        | ExprKind::This
        | ExprKind::StaticField(_)
        | ExprKind::NewTag(_) => false,
        ExprKind::Call { .. }
        | ExprKind::New { .. }
        | ExprKind::Assign { .. }
        | ExprKind::CompoundAssign { .. }
        | ExprKind::ConcatAssign { .. }
        | ExprKind::IncDec { .. } => true,
        ExprKind::Field { object, .. } => has_effects(object),
        ExprKind::ArrayLength(x)
        | ExprKind::Convert(x)
        | ExprKind::Widen(x)
        | ExprKind::CheckedCast(x) => has_effects(x),
        ExprKind::InstanceOf { operand, .. } | ExprKind::Unary { operand, .. } => {
            has_effects(operand)
        }
        ExprKind::Index { array, index } => has_effects(array) || has_effects(index),
        ExprKind::NewArray { dims } => dims.iter().any(has_effects),
        // Allocation and concatenation allocate; treat as effects so operands
        // before them are read first.
        ExprKind::ArrayLiteral(_) | ExprKind::Concat(_) => true,
        ExprKind::Binary { lhs, rhs, .. } => has_effects(lhs) || has_effects(rhs),
        ExprKind::Chain { first, steps } => {
            has_effects(first) || steps.iter().any(|s| has_effects(&s.rhs))
        }
        ExprKind::Conditional {
            cond,
            then_expr,
            else_expr,
        } => has_effects(cond) || has_effects(then_expr) || has_effects(else_expr),
    }
}

/// The reference locals a loop dereferences (fields, elements, lengths,
/// calls) and never assigns, sorted.
fn invariant_derefs(s: &Stmt, locals: &[Local]) -> Vec<u32> {
    let mut assigned = Vec::new();
    visit_stmt(s, &mut |st| match &st.kind {
        StmtKind::Local { local, .. } => assigned.push(local.0),
        StmtKind::ForEach {
            var,
            array_local,
            index,
            ..
        } => assigned.extend([var.0, array_local.0, index.0]),
        _ => {}
    });
    let mut derefs = Vec::new();
    let mut exprs = Vec::new();
    collect_stmt_exprs(s, &mut exprs);
    for e in exprs {
        visit_expr(e, &mut |x| {
            let (ExprKind::Field { object: r, .. }
            | ExprKind::Index { array: r, .. }
            | ExprKind::ArrayLength(r)
            | ExprKind::Call {
                receiver: Some(r), ..
            }) = &x.kind
            else {
                assigned.extend(assigned_local(x).map(|l| l.0));
                return;
            };
            if let ExprKind::Local(l) = r.kind {
                derefs.push(l.0);
            }
        });
    }
    derefs.sort_unstable();
    derefs.dedup();
    derefs.retain(|l| !assigned.contains(l) && locals[*l as usize].ty.is_reference());
    derefs
}

/// A `for` loop that counts an int local by one towards a bound it may
/// reach: `k <= b` with `k++` (or `k >= b` with `k--`), `b` an int local.
/// Java's `k` wraps past `b` when `b` is `Integer.MAX_VALUE` (or
/// `MIN_VALUE`), so under `-fwrapv` the C compiler cannot treat `k` as an
/// affine 64-bit value and sign-extends it at every use as an index; with
/// `b` below the extreme the same loop is `k < b + 1` (or `k > b - 1`),
/// which it can ([`Gen::counted_loop`]).
#[derive(Clone, Copy)]
struct CountedLoop {
    counter: u32,
    bound: u32,
    up: bool,
}

impl CountedLoop {
    /// The condition under which the strict form is the same loop.
    fn guard(&self) -> String {
        let b = self.bound;
        if self.up {
            format!("l{b} < INT32_MAX")
        } else {
            format!("l{b} > INT32_MIN")
        }
    }

    /// The loop's condition in the strict form.
    fn strict_cond(&self) -> String {
        let (k, b) = (self.counter, self.bound);
        if self.up {
            format!("((l{k}) < ((bb_int)(l{b} + 1)))")
        } else {
            format!("((l{k}) > ((bb_int)(l{b} - 1)))")
        }
    }
}

/// `s` as a [`CountedLoop`]: an innermost `for` loop (its body has no
/// loop, so that copies do not multiply) whose condition compares the
/// counter with the bound, whose only update steps the counter by one
/// towards the bound, and whose body assigns neither.
fn counted_loop(s: &Stmt) -> Option<CountedLoop> {
    let StmtKind::For {
        cond: Some(cond),
        update,
        body,
        ..
    } = &s.kind
    else {
        return None;
    };
    let ExprKind::Binary { op, lhs, rhs } = &cond.kind else {
        return None;
    };
    let (ExprKind::Local(k), ExprKind::Local(b)) = (&lhs.kind, &rhs.kind) else {
        return None;
    };
    let up = match op {
        BinOp::Le => true,
        BinOp::Ge => false,
        _ => return None,
    };
    if lhs.ty != Type::Int || rhs.ty != Type::Int || k == b {
        return None;
    }
    let steps_counter = |e: &Expr| match &e.kind {
        ExprKind::IncDec { op, target } => {
            matches!(target.kind, ExprKind::Local(t) if t == *k)
                && match op {
                    IncDec::PreInc | IncDec::PostInc => up,
                    IncDec::PreDec | IncDec::PostDec => !up,
                }
        }
        ExprKind::CompoundAssign {
            op,
            op_type: Type::Int,
            target,
            value,
        } => {
            matches!(target.kind, ExprKind::Local(t) if t == *k)
                && matches!(value.kind, ExprKind::Const(ConstValue::Int(1)))
                && *op == if up { BinOp::Add } else { BinOp::Sub }
        }
        _ => false,
    };
    let [step] = update.as_slice() else {
        return None;
    };
    if !steps_counter(step) {
        return None;
    }
    let mut nested_loop = false;
    visit_stmt(body, &mut |st| {
        nested_loop |= matches!(
            st.kind,
            StmtKind::While { .. }
                | StmtKind::DoWhile { .. }
                | StmtKind::For { .. }
                | StmtKind::ForEach { .. }
        )
    });
    let assigned = assigned_locals(body);
    if nested_loop || assigned.contains(k) || assigned.contains(b) {
        return None;
    }
    Some(CountedLoop {
        counter: k.0,
        bound: b.0,
        up,
    })
}

/// An array index as C: a wrapped `int32_t`, or int arithmetic computed
/// exactly in `int64_t` ([`Gen::wide`]). Both select the same element:
/// Java's index is the exact value modulo 2^32, so an exact value within
/// the array's bounds is Java's index, and one outside them falls back to
/// the wrapped value when bounds are checked (`bb_index64`); without
/// bounds checks an index whose arithmetic overflows is, like one out of
/// bounds, undefined.
enum Index {
    Int(String),
    Wide(String),
}

/// The largest magnitude of a 64-bit index computation.
const WIDE_LIMIT: u128 = 1 << 62;

/// When `e` is an int `+`, `-` or `*` whose exact value cannot overflow
/// the 64-bit computation of [`Gen::wide`]: a bound of its magnitude.
fn wide_bound(e: &Expr) -> Option<u128> {
    let ExprKind::Binary { op, lhs, rhs } = &e.kind else {
        return None;
    };
    if e.ty != Type::Int || !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) {
        return None;
    }
    let (l, r) = (operand_bound(lhs), operand_bound(rhs));
    let b = if *op == BinOp::Mul { l * r } else { l + r };
    (b <= WIDE_LIMIT).then_some(b)
}

/// A bound of the magnitude of an operand of a [`wide_bound`] node.
fn operand_bound(e: &Expr) -> u128 {
    match &e.kind {
        ExprKind::Const(ConstValue::Int(c)) => u128::from(c.unsigned_abs()),
        _ => wide_bound(e).unwrap_or(1 << 31),
    }
}

fn wide_node(e: &Expr) -> bool {
    wide_bound(e).is_some()
}

fn is_simple(s: &str) -> bool {
    s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn c_double(v: f64) -> String {
    if v.is_nan() {
        "(0.0/0.0)".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "(1.0/0.0)".into()
        } else {
            "(-1.0/0.0)".into()
        }
    } else if v == 0.0 && v.is_sign_negative() {
        "(-0.0)".into()
    } else {
        // Hex float literals are exact.
        hexf(v)
    }
}

fn hexf(v: f64) -> String {
    let bits = v.to_bits();
    let sign = if bits >> 63 == 1 { "-" } else { "" };
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let mant = bits & ((1u64 << 52) - 1);
    if exp == 0 {
        if mant == 0 {
            return format!("{sign}0.0");
        }
        return format!("{sign}0x0.{mant:013x}p-1022");
    }
    format!("{sign}0x1.{mant:013x}p{}", exp - 1023)
}

fn c_float(v: f32) -> String {
    if v.is_nan() {
        "(0.0f/0.0f)".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "(1.0f/0.0f)".into()
        } else {
            "(-1.0f/0.0f)".into()
        }
    } else if v == 0.0 && v.is_sign_negative() {
        "(-0.0f)".into()
    } else {
        format!("{}f", hexf(v as f64))
    }
}

impl Gen<'_> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn finish(self, out: &mut String, nparams: usize) {
        for (i, l) in self.locals.iter().enumerate().skip(nparams) {
            let init = if l.ty.is_primitive() { "0" } else { "NULL" };
            writeln!(out, "  {} l{i} = {init}; /* {} */", c_type(&l.ty), l.name).unwrap();
        }
        for (name, ty) in &self.temps {
            let init = if *ty == "void *" { "NULL" } else { "0" };
            writeln!(out, "  {ty} {name} = {init};").unwrap();
        }
        out.push_str(&self.out);
        out.push_str("}\n\n");
    }

    fn temp(&mut self, ty: &Type) -> String {
        let name = format!("t{}", self.temps.len());
        self.temps.push((name.clone(), c_type(ty)));
        name
    }

    /// Stores a C expression into a new temporary.
    fn materialize(&mut self, value: String, ty: &Type) -> String {
        if is_simple(&value) && value.starts_with('t') {
            return value;
        }
        let t = self.temp(ty);
        self.line(&format!("{t} = {value};"));
        t
    }

    fn loc(&self, span: Span) -> String {
        let (file, line) = file_line(self.sources, span);
        format!("BB_LOC({file}, {line})")
    }

    fn nn(&self, v: &str, span: Span) -> String {
        format!("bb_nn(ctx, {v}, {})", self.loc(span))
    }
}
