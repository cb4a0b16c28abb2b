//! Function bodies: HIR statements and expressions lowered to C statements
//! over temporaries, so that Java's left-to-right evaluation order and its
//! run-time checks hold exactly whatever the C compiler does.

mod chain;

use super::natives::{self, Located, NativeTable};
use super::{c_type, elem_c_type, field_name, method_name, struct_name, Ids, Options};
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

    // ----- Statements ----------------------------------------------------

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        let is_loop = matches!(
            s.kind,
            StmtKind::While { .. }
                | StmtKind::DoWhile { .. }
                | StmtKind::For { .. }
                | StmtKind::ForEach { .. }
        );
        if is_loop && !self.loops.slow {
            let mut vars = invariant_derefs(s, self.locals);
            vars.retain(|l| !self.loops.nonnull.contains(l));
            if !vars.is_empty() {
                self.versioned_loop(s, &vars);
                return;
            }
        }
        self.stmt_here(s);
    }

    /// A loop twice: a fast copy for when `vars` are all non-null, where the
    /// C compiler drops their null checks (they are not assigned in the
    /// loop), and the loop as it is for the other case. Both copies are
    /// the same code, so either behaves exactly as Java.
    fn versioned_loop(&mut self, s: &Stmt, vars: &[u32]) {
        let cond: Vec<String> = vars.iter().map(|l| format!("l{l} != NULL")).collect();
        self.two_copies(&cond.join(" && "), |g, fast| {
            let known = g.loops.nonnull.len();
            if fast {
                g.loops.nonnull.extend_from_slice(vars);
            }
            g.stmt_here(s);
            g.loops.nonnull.truncate(known);
        });
    }

    /// A counted loop twice: with its strict condition when the bound is
    /// not the extreme int (the C compiler then sees the counter as an
    /// affine value that does not wrap), and as it is for the other case.
    fn counted_loop(&mut self, s: &Stmt, counted: CountedLoop) {
        self.two_copies(&counted.guard(), |g, fast| {
            g.loops.strict = fast.then_some(counted);
            g.stmt_here(s);
            g.loops.strict = None;
        });
    }

    /// `if (BB_LIKELY(cond)) { fast copy } else { slow copy }`: `emit`
    /// writes a copy (told which), the labels each defines are renamed
    /// apart, and no loop in the slow copy is versioned again.
    fn two_copies(&mut self, cond: &str, mut emit: impl FnMut(&mut Self, bool)) {
        self.loops.count += 1;
        let n = self.loops.count;
        let outer = std::mem::take(&mut self.loops.suffix);
        self.line(&format!("if (BB_LIKELY({cond})) {{"));
        self.indent += 1;
        self.loops.suffix = format!("{outer}_{n}a");
        emit(self, true);
        self.indent -= 1;
        self.line("} else {");
        self.indent += 1;
        self.loops.suffix = format!("{outer}_{n}b");
        let slow = std::mem::replace(&mut self.loops.slow, true);
        emit(self, false);
        self.loops.slow = slow;
        self.loops.suffix = outer;
        self.indent -= 1;
        self.line("}");
    }

    /// The C name of label `l`, defined here.
    fn define_label(&mut self, l: u32) -> String {
        let name = format!("{l}{}", self.loops.suffix);
        self.loops.labels.insert(l, name.clone());
        name
    }

    /// The C name of label `l`, in scope.
    fn label(&self, l: u32) -> String {
        self.loops
            .labels
            .get(&l)
            .cloned()
            .unwrap_or_else(|| l.to_string())
    }

    fn stmt_here(&mut self, s: &Stmt) {
        match &s.kind {
            // Under Java's rules a local declared without a value is
            // assigned before it is read, and the C compiler drops the reset;
            // the original dialect lets it be read, and each time it is
            // declared it holds the default value.
            StmtKind::Local { local, init } => {
                let v = match init {
                    Some(e) => self.expr(e),
                    None if self.locals[local.0 as usize].ty.is_primitive() => "0".into(),
                    None => "NULL".into(),
                };
                self.line(&format!("l{} = {v};", local.0));
            }
            StmtKind::Expr(e) => {
                let v = self.expr_discard(e);
                if !v.is_empty() {
                    self.line(&format!("(void)({v});"));
                }
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let c = self.expr(cond);
                self.line(&format!("if ({c}) {{"));
                self.indent += 1;
                self.stmt(then_branch);
                self.indent -= 1;
                if let Some(e) = else_branch {
                    self.line("} else {");
                    self.indent += 1;
                    self.stmt(e);
                    self.indent -= 1;
                }
                self.line("}");
            }
            StmtKind::While { label, cond, body } => {
                let l = self.define_label(label.map_or(u32::MAX, |l| l.0));
                self.line("for (;;) {");
                self.indent += 1;
                let c = self.expr(cond);
                self.line(&format!("if (!({c})) break;"));
                self.stmt(body);
                self.line(&format!("cont{l}:;"));
                self.indent -= 1;
                self.line("}");
                self.line(&format!("brk{l}:;"));
            }
            StmtKind::DoWhile { label, body, cond } => {
                let l = self.define_label(label.map_or(u32::MAX, |l| l.0));
                self.line("for (;;) {");
                self.indent += 1;
                self.stmt(body);
                self.line(&format!("cont{l}:;"));
                let c = self.expr(cond);
                self.line(&format!("if (!({c})) break;"));
                self.indent -= 1;
                self.line("}");
                self.line(&format!("brk{l}:;"));
            }
            StmtKind::For {
                label,
                init,
                cond,
                update,
                body,
            } => {
                let strict = self.loops.strict.take();
                if strict.is_none() && !self.loops.slow {
                    if let Some(counted) = counted_loop(s) {
                        self.counted_loop(s, counted);
                        return;
                    }
                }
                let l = self.define_label(label.map_or(u32::MAX, |l| l.0));
                for i in init {
                    self.stmt(i);
                }
                self.line("for (;;) {");
                self.indent += 1;
                if let Some(c) = strict.map(|counted| counted.strict_cond()) {
                    self.line(&format!("if (!{c}) break;"));
                } else if let Some(c) = cond {
                    let c = self.expr(c);
                    self.line(&format!("if (!({c})) break;"));
                }
                self.stmt(body);
                self.line(&format!("cont{l}:;"));
                for u in update {
                    let v = self.expr_discard(u);
                    if !v.is_empty() {
                        self.line(&format!("(void)({v});"));
                    }
                }
                self.indent -= 1;
                self.line("}");
                self.line(&format!("brk{l}:;"));
            }
            StmtKind::ForEach {
                label,
                var,
                array,
                array_local,
                index,
                body,
            } => {
                let l = self.define_label(label.map_or(u32::MAX, |l| l.0));
                let a = self.expr(array);
                let (al, il) = (array_local.0, index.0);
                self.line(&format!("l{al} = {};", self.nn(&a, array.span)));
                let elem = array.ty.element().cloned().unwrap_or(Type::Error);
                let vty = self.locals[var.0 as usize].ty.clone();
                self.line(&format!(
                    "for (l{il} = 0; l{il} < ((bb_array *)l{al})->length; l{il}++) {{"
                ));
                self.indent += 1;
                let read = format!(
                    "((({} *)bb_array_data((bb_array *)l{al}))[l{il}])",
                    elem_c_type(&elem)
                );
                let read = self.convert(read, &elem, &vty);
                self.line(&format!("l{} = {read};", var.0));
                self.stmt(body);
                self.line(&format!("cont{l}:;"));
                self.indent -= 1;
                self.line("}");
                self.line(&format!("brk{l}:;"));
            }
            StmtKind::Switch {
                label,
                scrutinee,
                cases,
            } => {
                let l = self.define_label(label.map_or(u32::MAX, |l| l.0));
                let v = self.expr(scrutinee);
                self.line(&format!("switch ({v}) {{"));
                for c in cases {
                    for v in &c.values {
                        self.line(&format!("case {v}:"));
                    }
                    if c.is_default {
                        self.line("default:");
                    }
                    self.indent += 1;
                    self.line("{");
                    for st in &c.body {
                        self.stmt(st);
                    }
                    self.line("}");
                    self.indent -= 1;
                }
                self.line("}");
                self.line(&format!("brk{l}:;"));
            }
            StmtKind::Labeled { label, body } => {
                let l = self.define_label(label.0);
                self.stmt(body);
                self.line(&format!("brk{l}:;"));
            }
            StmtKind::Break(l) => {
                let l = self.label(l.0);
                self.line(&format!("goto brk{l};"));
            }
            StmtKind::Continue(l) => {
                let l = self.label(l.0);
                self.line(&format!("goto cont{l};"));
            }
            StmtKind::Return(v) => match v {
                Some(e) => {
                    let x = self.expr(e);
                    self.line(&format!("return {x};"));
                }
                None => self.line("return;"),
            },
            StmtKind::TaskExit(e) => self.task_exit(*e, s.span),
            StmtKind::CtorCall { ctor, args } => {
                let mut call = format!("{}(ctx, self", method_name(*ctor));
                let vals = self.args(args);
                for v in vals {
                    write!(call, ", {v}").unwrap();
                }
                call.push(')');
                if self.p.method(*ctor).class == self.p.well_known.object
                    || self.natives.is_runtime_constructor(*ctor)
                {
                    // Object's constructor does nothing.
                    return;
                }
                self.line(&format!("{call};"));
            }
            StmtKind::Empty => {}
        }
    }

    fn task_exit(&mut self, exit: ExitId, span: Span) {
        let Some(task) = self.task else { return };
        let e = &task.exits[exit.0 as usize];
        // Runtime exit 0 is the end of the body; explicit exits follow.
        let runtime_exit = if e.implicit { 0 } else { exit.0 as usize + 1 };
        for (param, ch) in e.changes.iter().enumerate() {
            for var in &ch.add_tags {
                let loc = self.loc(span);
                self.line(&format!(
                    "bb_exit_add_tag(ctx, {param}, l{}, {loc});",
                    var.0
                ));
            }
            for var in &ch.clear_tags {
                let loc = self.loc(span);
                self.line(&format!(
                    "bb_exit_clear_tag(ctx, {param}, l{}, {loc});",
                    var.0
                ));
            }
        }
        self.lock_merges(exit.0 as usize);
        self.line(&format!("BB_TASKEXIT(ctx, {runtime_exit});"));
    }

    /// The lock merges the disjointness analysis asks of exit `exit`:
    /// parameters whose regions may now share, and this invocation's new
    /// task objects that may share with a parameter or with each other.
    fn lock_merges(&mut self, exit: usize) {
        let Some(l) = self.exit_locks.get(exit) else {
            return;
        };
        for &(i, j) in &l.params {
            self.line(&format!("bb_lock_merge(ctx, params[{i}], params[{j}]);"));
        }
        for &(site, i) in &l.new_with_param {
            self.line(&format!("bb_lock_merge_new(ctx, {}, params[{i}]);", site.0));
        }
        for &(a, b) in &l.new_with_new {
            self.line(&format!("bb_lock_merge_sites(ctx, {}, {});", a.0, b.0));
        }
    }

    // ----- Expressions ---------------------------------------------------

    /// Evaluates for effects only; returns a C expression to discard (or
    /// nothing).
    fn expr_discard(&mut self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Assign { .. }
            | ExprKind::CompoundAssign { .. }
            | ExprKind::ConcatAssign { .. } => {
                self.assign_like(e, false);
                String::new()
            }
            ExprKind::IncDec { op, target } => {
                // Pre and post are the same when the value is unused.
                let pre = match op {
                    IncDec::PostInc | IncDec::PreInc => IncDec::PreInc,
                    _ => IncDec::PreDec,
                };
                self.incdec(pre, target, &e.ty);
                String::new()
            }
            _ => self.expr(e),
        }
    }

    fn args(&mut self, args: &[Expr]) -> Vec<String> {
        let mut vals = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let v = self.expr(a);
            let later_effects = args[i + 1..].iter().any(has_effects);
            vals.push(if later_effects {
                self.materialize(v, &a.ty)
            } else {
                v
            });
        }
        vals
    }

    fn expr(&mut self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Const(c) => self.constant(c),
            ExprKind::Local(l) => format!("l{}", l.0),
            ExprKind::This => "self".into(),
            ExprKind::StaticField(f) if self.p.field(*f).global => format!("G{}", f.0),
            ExprKind::StaticField(f) => format!("((void *)G{})", f.0),
            ExprKind::Field { object, field } => {
                let o = self.expr(object);
                let f = self.p.field(*field);
                let nn = if matches!(object.kind, ExprKind::This) {
                    o
                } else {
                    self.nn(&o, e.span)
                };
                format!(
                    "(({} *)({nn}))->{}",
                    struct_name(f.class),
                    field_name(*field)
                )
            }
            ExprKind::ArrayLength(a) => {
                let v = self.expr(a);
                format!("bb_length(ctx, {v}, {})", self.loc(e.span))
            }
            ExprKind::Index { array, index } => {
                let (a, i) = self.index_parts(array, index);
                let elem = array.ty.element().cloned().unwrap_or(Type::Error);
                let idx = self.checked_index(&a, &i, e.span);
                let v = format!(
                    "(({} *)bb_array_data((bb_array *)({a})))[{idx}]",
                    elem_c_type(&elem)
                );
                self.materialize(v, &e.ty)
            }
            ExprKind::Call {
                kind,
                method,
                receiver,
                args,
            } => self.call(*kind, *method, receiver.as_deref(), args, e),
            ExprKind::New {
                class,
                ctor,
                args,
                alloc,
            } => self.new_object(*class, *ctor, args, alloc.as_ref(), e),
            ExprKind::NewArray { dims } => {
                let cls = self.ids.of_type(self.p, &e.ty);
                let vals = self.args(dims);
                let loc = self.loc(e.span);
                let t = self.temp(&e.ty);
                if vals.len() == 1 {
                    self.line(&format!(
                        "{t} = bb_new_array(ctx, {cls}, {}, {loc});",
                        vals[0]
                    ));
                } else {
                    self.line(&format!("{{ int32_t dims[] = {{{}}}; {t} = bb_new_multiarray(ctx, {cls}, {}, dims, {loc}); }}", vals.join(", "), vals.len()));
                }
                t
            }
            ExprKind::ArrayLiteral(elems) => {
                let cls = self.ids.of_type(self.p, &e.ty);
                let loc = self.loc(e.span);
                let t = self.temp(&e.ty);
                self.line(&format!(
                    "{t} = bb_new_array(ctx, {cls}, {}, {loc});",
                    elems.len()
                ));
                let elem = e.ty.element().cloned().unwrap_or(Type::Error);
                for (i, x) in elems.iter().enumerate() {
                    let v = self.expr(x);
                    self.line(&format!(
                        "(({} *)bb_array_data((bb_array *){t}))[{i}] = {v};",
                        elem_c_type(&elem)
                    ));
                }
                t
            }
            ExprKind::NewTag(tt) => {
                let t = self.temp(&Type::Tag);
                self.line(&format!("{t} = bb_tag_new(ctx, {});", tt.0));
                t
            }
            ExprKind::Unary { op, operand } => {
                let v = self.expr(operand);
                match op {
                    UnOp::Neg => format!("(-({v}))"),
                    UnOp::Not => format!("(!({v}))"),
                    UnOp::BitNot => format!("(~({v}))"),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, e),
            ExprKind::Chain { first, steps } => self.chain(first, steps),
            ExprKind::Concat(parts) if parts.len() > chain::CONCAT_CHUNK => {
                self.concat(parts, &e.ty)
            }
            ExprKind::Concat(parts) => {
                let mut vals = Vec::new();
                for (i, part) in parts.iter().enumerate() {
                    let s = self.string_of(part);
                    // Every part but the last is held while later ones are
                    // evaluated (their conversions allocate).
                    let later = i + 1 < parts.len();
                    vals.push(if later {
                        self.materialize(s, &Type::Class(self.p.well_known.string))
                    } else {
                        s
                    });
                }
                let t = self.temp(&e.ty);
                self.line(&format!(
                    "{{ bb_string *parts[] = {{{}}}; {t} = bb_concatn(ctx, {}, parts); }}",
                    vals.join(", "),
                    vals.len()
                ));
                t
            }
            ExprKind::Assign { .. }
            | ExprKind::CompoundAssign { .. }
            | ExprKind::ConcatAssign { .. } => self.assign_like(e, true),
            ExprKind::IncDec { op, target } => self.incdec(*op, target, &e.ty),
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => {
                let c = self.expr(cond);
                let t = self.temp(&e.ty);
                self.line(&format!("if ({c}) {{"));
                self.indent += 1;
                let x = self.expr(then_expr);
                self.line(&format!("{t} = {x};"));
                self.indent -= 1;
                self.line("} else {");
                self.indent += 1;
                let y = self.expr(else_expr);
                self.line(&format!("{t} = {y};"));
                self.indent -= 1;
                self.line("}");
                t
            }
            ExprKind::Convert(x) => {
                let v = self.expr(x);
                self.convert(v, &x.ty, &e.ty)
            }
            ExprKind::Widen(x) => self.expr(x),
            ExprKind::CheckedCast(x) => {
                let v = self.expr(x);
                let cls = self.ids.of_type(self.p, &e.ty);
                format!("bb_checkcast(ctx, {v}, {cls}, {})", self.loc(e.span))
            }
            ExprKind::InstanceOf { operand, target } => {
                let v = self.expr(operand);
                let cls = self.ids.of_type(self.p, target);
                format!("bb_instanceof(ctx, {v}, {cls})")
            }
        }
    }

    fn constant(&mut self, c: &ConstValue) -> String {
        match c {
            ConstValue::Bool(b) => if *b { "1" } else { "0" }.into(),
            ConstValue::Char(c) => format!("((bb_char){c})"),
            ConstValue::Byte(b) => format!("((bb_byte){b})"),
            ConstValue::Short(s) => format!("((bb_short){s})"),
            ConstValue::Int(i) => {
                if *i == i32::MIN {
                    "((bb_int)(-2147483647 - 1))".into()
                } else {
                    format!("((bb_int){i})")
                }
            }
            ConstValue::Long(l) => {
                if *l == i64::MIN {
                    "((bb_long)(-9223372036854775807LL - 1))".into()
                } else {
                    format!("((bb_long){l}LL)")
                }
            }
            ConstValue::Float(f) => c_float(*f),
            ConstValue::Double(d) => c_double(*d),
            ConstValue::String(s) => {
                let i = self.strings.intern(s);
                format!("((void *)BB_STR(ctx, {i}))")
            }
            ConstValue::Null => "NULL".into(),
        }
    }

    /// Java's primitive conversion of a C value from one type to another.
    fn convert(&mut self, v: String, from: &Type, to: &Type) -> String {
        if from == to || !to.is_primitive() {
            return v;
        }
        let ct = c_type(to);
        match (from, to) {
            (Type::Float, Type::Int) => format!("bb_f2i({v})"),
            (Type::Double, Type::Int) => format!("bb_d2i({v})"),
            (Type::Float, Type::Long) => format!("bb_f2l({v})"),
            (Type::Double, Type::Long) => format!("bb_d2l({v})"),
            (Type::Float, Type::Byte | Type::Short | Type::Char) => format!("(({ct})bb_f2i({v}))"),
            (Type::Double, Type::Byte | Type::Short | Type::Char) => format!("(({ct})bb_d2i({v}))"),
            _ => format!("(({ct})({v}))"),
        }
    }

    /// An array and its index, evaluated in Java's order. The index is
    /// computed in 64 bits when it is int arithmetic ([`wide_index`]).
    fn index_parts(&mut self, array: &Expr, index: &Expr) -> (String, Index) {
        let a = self.expr(array);
        let a = if has_effects(index) {
            self.materialize(a, &array.ty)
        } else {
            a
        };
        let i = self.index(index);
        (a, i)
    }

    /// An index expression: int arithmetic in 64 bits (so that the C
    /// compiler, under `-fwrapv`, still sees array addresses as affine in
    /// the loop variables), anything else as an int.
    fn index(&mut self, e: &Expr) -> Index {
        if wide_node(e) {
            Index::Wide(self.wide(e))
        } else {
            Index::Int(self.expr(e))
        }
    }

    /// `e` computed exactly in 64 bits where [`wide_node`] allows, as a
    /// wrapped int elsewhere. Operands are evaluated in Java's order, as
    /// [`Gen::binary`] does.
    fn wide(&mut self, e: &Expr) -> String {
        if let (true, ExprKind::Binary { op, lhs, rhs }) = (wide_node(e), &e.kind) {
            let l = self.wide(lhs);
            let l = if has_effects(rhs) {
                self.materialize(l, &Type::Long)
            } else {
                l
            };
            let r = self.wide(rhs);
            return format!("(({l}) {} ({r}))", op.symbol());
        }
        let v = self.expr(e);
        format!("((int64_t)({v}))")
    }

    /// The index to use in `a[...]` after the null check and, when bounds
    /// checks are on, the bounds check.
    fn checked_index(&mut self, a: &str, i: &Index, span: Span) -> String {
        let loc = self.loc(span);
        match (self.opts.bounds_checks, i) {
            (true, Index::Int(i)) => format!("bb_index(ctx, bb_nn(ctx, {a}, {loc}), {i}, {loc})"),
            (true, Index::Wide(i)) => {
                format!("bb_index64(ctx, bb_nn(ctx, {a}, {loc}), {i}, {loc})")
            }
            (false, Index::Int(i) | Index::Wide(i)) => {
                self.line(&format!("(void)bb_nn(ctx, {a}, {loc});"));
                i.clone()
            }
        }
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr, e: &Expr) -> String {
        use BinOp::*;
        if matches!(op, And | Or) {
            let l = self.expr(lhs);
            return self.short_circuit(op, l, rhs, |g| g.temp(&Type::Boolean));
        }
        let l = self.expr(lhs);
        let l = if has_effects(rhs) {
            self.materialize(l, &lhs.ty)
        } else {
            l
        };
        let r = self.expr(rhs);
        self.binary_values(op, &l, &r, &lhs.ty, e.span)
    }

    /// A binary operation on evaluated operands of (promoted) type `ty`.
    fn binary_values(&mut self, op: BinOp, l: &str, r: &str, ty: &Type, span: Span) -> String {
        use BinOp::*;
        let loc = self.loc(span);
        match op {
            Div | Rem if ty.is_integral() => {
                let f = match (op, ty) {
                    (Div, Type::Long) => "bb_ldiv",
                    (Rem, Type::Long) => "bb_lrem",
                    (Div, _) => "bb_idiv",
                    _ => "bb_irem",
                };
                format!("{f}(ctx, {l}, {r}, {loc})")
            }
            Rem if *ty == Type::Float => format!("fmodf({l}, {r})"),
            Rem => format!("fmod({l}, {r})"),
            Shl | Shr | UShr => {
                let (bits, ut, st) = if *ty == Type::Long {
                    (63, "uint64_t", "bb_long")
                } else {
                    (31, "uint32_t", "bb_int")
                };
                match op {
                    Shl => format!("(({st})(({ut})({l}) << (({r}) & {bits})))"),
                    Shr => format!("(({st})({l}) >> (({r}) & {bits}))"),
                    _ => format!("(({st})(({ut})({l}) >> (({r}) & {bits})))"),
                }
            }
            _ => {
                let sym = op.symbol();
                if matches!(op, Eq | Ne) && (ty.is_reference() || *ty == Type::Tag) {
                    format!("((void *)({l}) {sym} (void *)({r}))")
                } else {
                    format!("(({l}) {sym} ({r}))")
                }
            }
        }
    }

    /// A value converted to a String for concatenation, by Java's rules.
    fn string_of(&mut self, e: &Expr) -> String {
        if let ExprKind::Const(ConstValue::String(s)) = &e.kind {
            let i = self.strings.intern(s);
            return format!("BB_STR(ctx, {i})");
        }
        let v = self.expr(e);
        match &e.ty {
            Type::Boolean => format!("bb_String_valueOfBoolean(ctx, {v})"),
            Type::Char => format!("bb_String_valueOfChar(ctx, {v})"),
            Type::Byte | Type::Short | Type::Int => format!("bb_String_valueOfInt(ctx, {v})"),
            Type::Long => format!("bb_String_valueOfLong(ctx, {v})"),
            Type::Float => format!("bb_String_valueOfFloat(ctx, {v})"),
            Type::Double => format!("bb_String_valueOfDouble(ctx, {v})"),
            Type::Class(c) if *c == self.p.well_known.string => {
                format!("bb_String_valueOfString(ctx, {v})")
            }
            Type::Null => "bb_String_valueOfString(ctx, NULL)".into(),
            _ => match self.natives.string_value_of_object {
                Some(m) => format!("{}(ctx, {v})", method_name(m)),
                None => format!("bb_String_valueOfString(ctx, {v})"),
            },
        }
    }

    fn call(
        &mut self,
        kind: CallKind,
        m: MethodId,
        receiver: Option<&Expr>,
        args: &[Expr],
        e: &Expr,
    ) -> String {
        if let Some(v) = self.parse_of_new_string(m, args, e) {
            return v;
        }
        let md = self.p.method(m);
        let recv = match receiver {
            Some(r) => {
                let v = self.expr(r);
                let v = if args.iter().any(has_effects) {
                    self.materialize(v, &r.ty)
                } else {
                    v
                };
                Some((v, matches!(r.kind, ExprKind::This), r.ty.clone()))
            }
            None => None,
        };
        let mut vals = self.args(args);
        let loc = self.loc(e.span);
        let callee_class = &self.p.class(md.class);
        // Calls on final classes (String), non-virtual calls and calls to
        // methods no subclass overrides (class-hierarchy analysis) go direct.
        let receiver_final = recv
            .as_ref()
            .is_some_and(|(_, _, t)| *t == Type::Class(self.p.well_known.string));
        let monomorphic = !md.is_abstract && !self.overridden[m.0 as usize];
        let direct =
            kind != CallKind::Virtual || receiver_final || monomorphic || md.vtable_slot.is_none();
        let mut native = md.is_native.then(|| self.natives.symbol(m).to_string());
        let how = match &native {
            Some(sym) if direct => natives::located(sym),
            _ => Located::Store,
        };
        // Library methods that may fail report the caller's line; the pure
        // math functions and the natives of `natives::located` keep hot
        // loops free of the store.
        if let Located::Argument(variant) = how {
            // The library's own calls pass no location (BB_LOC_NONE): its
            // errors keep the user's line already stored.
            vals.push(if self.in_stdlib {
                "BB_LOC_NONE".into()
            } else {
                loc.clone()
            });
            native = Some(variant);
        } else if !self.in_stdlib
            && callee_class.is_stdlib
            && !matches!(callee_class.name.as_str(), "Math" | "StrictMath")
            && !matches!(how, Located::Never)
        {
            self.line(&format!("ctx->loc = {loc};"));
        }
        let recv_s = recv.as_ref().map(|(v, is_this, _)| {
            if *is_this {
                v.clone()
            } else {
                format!("bb_nn(ctx, {v}, {loc})")
            }
        });
        let mut argv = vec!["ctx".to_string()];
        if !md.is_static {
            argv.push(recv_s.clone().unwrap_or_else(|| "self".into()));
        }
        argv.extend(vals);
        let call = if direct {
            let name = native.unwrap_or_else(|| method_name(m));
            format!("{name}({})", argv.join(", "))
        } else {
            let slot = md.vtable_slot.unwrap_or(0);
            let r = self.materialize(
                recv_s.unwrap_or_else(|| "self".into()),
                &Type::Class(md.class),
            );
            argv[1] = r.clone();
            let mut fty = format!("{} (*)(bb_ctx *, void *", c_type(&md.ret));
            for &l in &md.params {
                write!(fty, ", {}", c_type(&md.locals[l.0 as usize].ty)).unwrap();
            }
            fty.push(')');
            format!(
                "(({fty})(ctx->classes[((bb_object *){r})->cls]->vtable[{slot}]))({})",
                argv.join(", ")
            )
        };
        if md.ret == Type::Void {
            self.line(&format!("{call};"));
            String::new()
        } else {
            self.materialize(call, &md.ret)
        }
    }

    /// `Double.parseDouble(new String(chars, offset, count))` parses the
    /// chars where they are: the String, garbage as soon as it is parsed,
    /// is not made (the runtime makes it only for an exception's message).
    /// Programs that read numbers out of their input this way (KMeans)
    /// would otherwise allocate one String per number.
    fn parse_of_new_string(&mut self, m: MethodId, args: &[Expr], e: &Expr) -> Option<String> {
        if !self.p.method(m).is_native || self.natives.symbol(m) != "bb_Double_parseDouble" {
            return None;
        }
        let [Expr {
            kind:
                ExprKind::New {
                    ctor,
                    args: inner,
                    alloc: None,
                    ..
                },
            ..
        }] = args
        else {
            return None;
        };
        if self.natives.runtime_constructor(*ctor) != Some("bb_String_newFromChars3") {
            return None;
        }
        let vals = self.args(inner);
        if !self.in_stdlib {
            let loc = self.loc(e.span);
            self.line(&format!("ctx->loc = {loc};"));
        }
        Some(self.materialize(
            format!("bb_Double_parseDouble_chars(ctx, {})", vals.join(", ")),
            &Type::Double,
        ))
    }

    fn new_object(
        &mut self,
        class: ClassId,
        ctor: MethodId,
        args: &[Expr],
        alloc: Option<&AllocState>,
        e: &Expr,
    ) -> String {
        let vals = self.args(args);
        let t = self.temp(&e.ty);
        if !self.in_stdlib && self.p.class(class).is_stdlib {
            let loc = self.loc(e.span);
            self.line(&format!("ctx->loc = {loc};"));
        }
        if let Some(sym) = self.natives.runtime_constructor(ctor) {
            let mut argv = vec!["ctx".to_string()];
            argv.extend(vals);
            self.line(&format!("{t} = {sym}({});", argv.join(", ")));
            return t;
        }
        let cls = self.ids.class(class);
        self.line(&format!(
            "{t} = bb_new(ctx, {cls}, sizeof({}));",
            struct_name(class)
        ));
        let mut argv = vec!["ctx".to_string(), t.clone()];
        argv.extend(vals);
        if self
            .p
            .method(ctor)
            .body
            .as_ref()
            .is_some_and(|b| !b.stmts.is_empty())
        {
            self.line(&format!("{}({});", method_name(ctor), argv.join(", ")));
        }
        if let Some(a) = alloc {
            let loc = self.loc(e.span);
            for tag in &a.tags {
                self.line(&format!("bb_tag_bind(ctx, {t}, l{}, {loc});", tag.0));
            }
            self.line(&format!(
                "bb_task_object(ctx, {t}, {:#x}ull, {});",
                a.flags, a.site.0
            ));
        }
        t
    }

    /// The place an assignment writes: a C lvalue, after evaluating its
    /// parts (and checking them when `check_now`).
    fn place(
        &mut self,
        target: &Expr,
        value_has_effects: bool,
    ) -> (String, Option<(String, Span)>) {
        match &target.kind {
            ExprKind::Local(l) => (format!("l{}", l.0), None),
            ExprKind::StaticField(f) => (format!("G{}", f.0), None),
            ExprKind::Field { object, field } => {
                let o = self.expr(object);
                let o = if value_has_effects {
                    self.materialize(o, &object.ty)
                } else {
                    o
                };
                let f = self.p.field(*field);
                let is_this = matches!(object.kind, ExprKind::This);
                let lv = format!(
                    "(({} *)({o}))->{}",
                    struct_name(f.class),
                    field_name(*field)
                );
                (lv, (!is_this).then_some((o, target.span)))
            }
            ExprKind::Index { array, index } => {
                let a = self.expr(array);
                let a = self.materialize(a, &array.ty);
                let (i, check) = match self.index(index) {
                    Index::Int(i) => (self.materialize(i, &Type::Int), "bb_index"),
                    Index::Wide(i) => (self.materialize(i, &Type::Long), "bb_index64"),
                };
                let elem = array.ty.element().cloned().unwrap_or(Type::Error);
                let loc = self.loc(target.span);
                let idx = if self.opts.bounds_checks {
                    // The check happens after the value is evaluated (JLS
                    // 15.26.1); the index is recomputed by the caller.
                    format!("{check}(ctx, bb_nn(ctx, {a}, {loc}), {i}, {loc})")
                } else {
                    format!("(bb_nn(ctx, {a}, {loc}), {i})")
                };
                (
                    format!(
                        "(({} *)bb_array_data((bb_array *)({a})))[{idx}]",
                        elem_c_type(&elem)
                    ),
                    None,
                )
            }
            _ => ("/* unassignable */ (void)0".into(), None),
        }
    }

    fn assign_like(&mut self, e: &Expr, want_value: bool) -> String {
        match &e.kind {
            ExprKind::Assign { target, value } => {
                let (lv, check) = self.place(target, has_effects(value));
                let v = self.expr(value);
                let v = if want_value || check.is_some() {
                    self.materialize(v, &value.ty)
                } else {
                    v
                };
                if let Some((o, span)) = check {
                    let loc = self.loc(span);
                    self.line(&format!("(void)bb_nn(ctx, {o}, {loc});"));
                }
                if let (ExprKind::Index { array, .. }, true) =
                    (&target.kind, value.ty.is_reference())
                {
                    if array.ty.element().is_some_and(
                        |t| matches!(t, Type::Class(c) if *c != self.p.well_known.object),
                    ) {
                        let a = self.expr(array);
                        let loc = self.loc(target.span);
                        self.line(&format!("bb_storecheck(ctx, {a}, {v}, {loc});"));
                    }
                }
                self.line(&format!("{lv} = {v};"));
                v
            }
            ExprKind::CompoundAssign {
                op,
                op_type,
                target,
                value,
            } => {
                let (lv, check) = self.place(target, true);
                if let Some((o, span)) = &check {
                    let loc = self.loc(*span);
                    self.line(&format!("(void)bb_nn(ctx, {o}, {loc});"));
                }
                // Read the old value first (the place may be an element).
                let ptr = self.temp(&Type::Error);
                self.temps.last_mut().unwrap().1 = "void *";
                self.line(&format!("{ptr} = (void *)&{lv};"));
                let tty = target.ty.clone();
                let old = self.materialize(format!("*({} *){ptr}", c_type(&tty)), &tty);
                let oldc = self.convert(old, &tty, op_type);
                let oldc = self.materialize(oldc, op_type);
                let v = self.expr(value);
                let r = self.binary_values(*op, &oldc, &v, op_type, e.span);
                let res = self.convert(r, op_type, &tty);
                let res = self.materialize(res, &tty);
                self.line(&format!("*({} *){ptr} = {res};", c_type(&tty)));
                res
            }
            ExprKind::ConcatAssign { target, value } => {
                let (lv, check) = self.place(target, true);
                if let Some((o, span)) = &check {
                    let loc = self.loc(*span);
                    self.line(&format!("(void)bb_nn(ctx, {o}, {loc});"));
                }
                let ptr = self.temp(&Type::Error);
                self.temps.last_mut().unwrap().1 = "void *";
                self.line(&format!("{ptr} = (void *)&{lv};"));
                let string = Type::Class(self.p.well_known.string);
                let old = self.materialize(
                    format!("bb_String_valueOfString(ctx, *(void **){ptr})"),
                    &string,
                );
                let v = self.string_of(value);
                let res = self.materialize(format!("bb_concat(ctx, {old}, {v})"), &string);
                self.line(&format!("*(void **){ptr} = {res};"));
                res
            }
            _ => self.expr(e),
        }
    }

    fn incdec(&mut self, op: IncDec, target: &Expr, ty: &Type) -> String {
        let (lv, check) = self.place(target, false);
        if let Some((o, span)) = &check {
            let loc = self.loc(*span);
            self.line(&format!("(void)bb_nn(ctx, {o}, {loc});"));
        }
        let ptr = self.temp(&Type::Error);
        self.temps.last_mut().unwrap().1 = "void *";
        self.line(&format!("{ptr} = (void *)&{lv};"));
        let ct = c_type(ty);
        let old = self.materialize(format!("*({ct} *){ptr}"), ty);
        let delta = if matches!(op, IncDec::PreInc | IncDec::PostInc) {
            "+ 1"
        } else {
            "- 1"
        };
        let new = self.materialize(format!("({ct})({old} {delta})"), ty);
        self.line(&format!("*({ct} *){ptr} = {new};"));
        match op {
            IncDec::PreInc | IncDec::PreDec => new,
            _ => old,
        }
    }
}
