//! Static cost estimates of task bodies, for layouts chosen without a
//! profile (paper 4.3 weighs a layout by each task's time; without a
//! profile the compiler can only read it off the code).
//!
//! In: a checked `hir::Program`. Out: per task, [`TaskCost`]: an estimate
//! of one invocation's work in abstract operations (an expression node is
//! one, a native call [`NATIVE_OPS`]; a loop's body counts its trip count
//! when the loop runs from a constant to a constant, else
//! [`UNKNOWN_TRIPS`] times; a method call counts the callee's body, every
//! override of a virtual one taken at its largest), and whether it is
//! unbounded (a loop or recursion whose trip count the code does not give).
//! The figures only rank tasks against the cost of handing an object to
//! another core; they are not times.

use crate::hir::{
    Block, CallKind, ConstValue, Expr, ExprKind, LocalId, MethodId, Program, Stmt, StmtKind,
};
use bambooc_syntax::ast::BinOp;
use std::collections::HashMap;

/// Trips assumed for a loop whose bounds the code does not give.
pub const UNKNOWN_TRIPS: f64 = 16.0;
/// The operations a native method (the C runtime's) is taken to cost.
pub const NATIVE_OPS: f64 = 20.0;
/// The operations a recursive call is taken to cost: recursion is work
/// whose size the code does not give, as an unbounded loop's.
pub const RECURSION_OPS: f64 = 1000.0;
/// No estimate grows past this (deep nests of constant loops).
const MAX_OPS: f64 = 1e12;

/// One task's estimate.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TaskCost {
    /// Operations of one invocation, taking every branch.
    pub ops: f64,
    /// The body loops or recurses a number of times the code does not
    /// give: its real cost may be any multiple of the estimate.
    pub unbounded: bool,
}

/// The estimate of every task, indexed like `p.tasks`.
pub fn task_costs(p: &Program) -> Vec<TaskCost> {
    let mut est = Estimator {
        p,
        methods: HashMap::new(),
        unbounded: false,
    };
    p.tasks
        .iter()
        .map(|t| {
            est.unbounded = false;
            let ops = est.block(&t.body).min(MAX_OPS);
            TaskCost {
                ops,
                unbounded: est.unbounded,
            }
        })
        .collect()
}

struct Estimator<'p> {
    p: &'p Program,
    /// Per method: `None` while its body is being estimated (a recursive
    /// call), then its cost and whether it is unbounded.
    methods: HashMap<MethodId, Option<(f64, bool)>>,
    unbounded: bool,
}

impl Estimator<'_> {
    fn block(&mut self, b: &Block) -> f64 {
        b.stmts.iter().map(|s| self.stmt(s)).sum()
    }

    fn stmts(&mut self, ss: &[Stmt]) -> f64 {
        ss.iter().map(|s| self.stmt(s)).sum()
    }

    fn stmt(&mut self, s: &Stmt) -> f64 {
        let ops = match &s.kind {
            StmtKind::Local { init, .. } => 1.0 + init.as_ref().map_or(0.0, |e| self.expr(e)),
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::Block(b) => self.block(b),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.expr(cond)
                    + self.stmt(then_branch)
                    + else_branch.as_ref().map_or(0.0, |e| self.stmt(e))
            }
            StmtKind::While { cond, body, .. } | StmtKind::DoWhile { body, cond, .. } => {
                self.unbounded = true;
                UNKNOWN_TRIPS * (self.expr(cond) + self.stmt(body))
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
                ..
            } => {
                let trips = constant_trips(init, cond.as_ref()).unwrap_or_else(|| {
                    self.unbounded = true;
                    UNKNOWN_TRIPS
                });
                let each = cond.as_ref().map_or(0.0, |c| self.expr(c))
                    + update.iter().map(|u| self.expr(u)).sum::<f64>()
                    + self.stmt(body);
                self.stmts(init) + trips * each
            }
            StmtKind::ForEach { array, body, .. } => {
                self.unbounded = true;
                self.expr(array) + UNKNOWN_TRIPS * (2.0 + self.stmt(body))
            }
            StmtKind::Switch {
                scrutinee, cases, ..
            } => self.expr(scrutinee) + cases.iter().map(|c| self.stmts(&c.body)).sum::<f64>(),
            StmtKind::Labeled { body, .. } => self.stmt(body),
            StmtKind::CtorCall { ctor, args } => {
                args.iter().map(|a| self.expr(a)).sum::<f64>() + self.call(CallKind::Direct, *ctor)
            }
            StmtKind::Return(None)
            | StmtKind::Break(_)
            | StmtKind::Continue(_)
            | StmtKind::TaskExit(_)
            | StmtKind::Empty => 1.0,
        };
        ops.min(MAX_OPS)
    }

    fn expr(&mut self, e: &Expr) -> f64 {
        let mut ops = 0.0;
        let mut calls = Vec::new();
        crate::hir::visit_expr(e, &mut |x| {
            ops += 1.0;
            match &x.kind {
                ExprKind::Call { kind, method, .. } => calls.push((*kind, *method)),
                ExprKind::New { ctor, .. } => calls.push((CallKind::Direct, *ctor)),
                // A chain counts an operation per operator, as the nested
                // `Binary` nodes it stands for would.
                ExprKind::Chain { steps, .. } => ops += steps.len().saturating_sub(1) as f64,
                _ => {}
            }
        });
        ops + calls
            .into_iter()
            .map(|(kind, m)| self.call(kind, m))
            .sum::<f64>()
    }

    /// A call: the largest body of the methods it may run
    /// (`callgraph::call_targets`, every override of a virtual one).
    fn call(&mut self, kind: CallKind, m: MethodId) -> f64 {
        crate::analysis::callgraph::call_targets(self.p, kind, m)
            .into_iter()
            .map(|t| self.body(t))
            .fold(0.0, f64::max)
    }

    fn body(&mut self, m: MethodId) -> f64 {
        match self.methods.get(&m) {
            Some(Some((ops, unbounded))) => {
                self.unbounded |= *unbounded;
                return *ops;
            }
            Some(None) => {
                self.unbounded = true;
                return RECURSION_OPS;
            }
            None => {}
        }
        let method = self.p.method(m);
        let Some(body) = &method.body else {
            return NATIVE_OPS;
        };
        self.methods.insert(m, None);
        let outer = std::mem::replace(&mut self.unbounded, false);
        let ops = (2.0 + self.block(body)).min(MAX_OPS);
        let unbounded = self.unbounded;
        self.unbounded |= outer;
        self.methods.insert(m, Some((ops, unbounded)));
        ops
    }
}

/// The trips of `for (int i = A; i < B; i++)` (or `<=`) with constant
/// `A` and `B`.
fn constant_trips(init: &[Stmt], cond: Option<&Expr>) -> Option<f64> {
    let [Stmt {
        kind: StmtKind::Local {
            local,
            init: Some(start),
        },
        ..
    }] = init
    else {
        return None;
    };
    let ExprKind::Binary { op, lhs, rhs } = &cond?.kind else {
        return None;
    };
    let is_var = |e: &Expr, l: LocalId| matches!(e.kind, ExprKind::Local(x) if x == l);
    if !is_var(lhs, *local) {
        return None;
    }
    let (a, b) = (int_const(start)?, int_const(rhs)?);
    let trips = match op {
        BinOp::Lt => b - a,
        BinOp::Le => b - a + 1,
        _ => return None,
    };
    Some(trips.max(0) as f64)
}

fn int_const(e: &Expr) -> Option<i64> {
    match &e.kind {
        ExprKind::Const(ConstValue::Int(v)) => Some(i64::from(*v)),
        ExprKind::Const(ConstValue::Long(v)) => Some(*v),
        ExprKind::Convert(x) | ExprKind::Widen(x) => int_const(x),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::program;

    fn cost_of(src: &str, task: &str) -> TaskCost {
        let p = program(src);
        let t = p.tasks.iter().position(|t| t.name == task).unwrap();
        task_costs(&p)[t]
    }

    const PINGPONG: &str = "class P { flag ping; flag pong; int n; }
task startup(StartupObject s in initialstate) {
  for (int i = 0; i < 4; i++) new P() { ping := true };
  taskexit(s: initialstate := false);
}
task a(P p in ping) { p.n++; taskexit(p: ping := false, pong := true); }
task b(P p in pong) {
  int x = 0;
  for (int i = 0; i < 1000; i++) x += i;
  p.n += x;
  taskexit(p: pong := false, ping := true);
}
task c(P p in ping) {
  int x = 0;
  while (x < p.n) x++;
  taskexit(p: ping := false);
}
";

    #[test]
    fn straight_line_bodies_are_small_and_bounded() {
        let a = cost_of(PINGPONG, "a");
        assert!(a.ops < 20.0 && !a.unbounded, "{a:?}");
    }

    #[test]
    fn constant_loops_count_their_trips() {
        let b = cost_of(PINGPONG, "b");
        assert!(b.ops > 3000.0 && !b.unbounded, "{b:?}");
    }

    #[test]
    fn loops_without_constant_bounds_are_unbounded() {
        let c = cost_of(PINGPONG, "c");
        assert!(c.unbounded && c.ops < 1000.0, "{c:?}");
    }
}
