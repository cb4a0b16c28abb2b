//! Statements lowered to C: blocks, loops (versioned and counted copies),
//! labels and jumps, `taskexit` with its lock merges. In: HIR statements;
//! out: C lines appended to the function being generated.

use super::*;

impl Gen<'_> {
    pub(super) fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            self.stmt(s);
        }
    }

    pub(super) fn stmt(&mut self, s: &Stmt) {
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
    pub(super) fn versioned_loop(&mut self, s: &Stmt, vars: &[u32]) {
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
    pub(super) fn counted_loop(&mut self, s: &Stmt, counted: CountedLoop) {
        self.two_copies(&counted.guard(), |g, fast| {
            g.loops.strict = fast.then_some(counted);
            g.stmt_here(s);
            g.loops.strict = None;
        });
    }

    /// `if (BB_LIKELY(cond)) { fast copy } else { slow copy }`: `emit`
    /// writes a copy (told which), the labels each defines are renamed
    /// apart, and no loop in the slow copy is versioned again.
    pub(super) fn two_copies(&mut self, cond: &str, mut emit: impl FnMut(&mut Self, bool)) {
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
    pub(super) fn define_label(&mut self, l: u32) -> String {
        let name = format!("{l}{}", self.loops.suffix);
        self.loops.labels.insert(l, name.clone());
        name
    }

    /// The C name of label `l`, in scope.
    pub(super) fn label(&self, l: u32) -> String {
        self.loops
            .labels
            .get(&l)
            .cloned()
            .unwrap_or_else(|| l.to_string())
    }

    pub(super) fn stmt_here(&mut self, s: &Stmt) {
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

    pub(super) fn task_exit(&mut self, exit: ExitId, span: Span) {
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
    pub(super) fn lock_merges(&mut self, exit: usize) {
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
}
