//! Which methods may call themselves, directly or through other methods.
//!
//! In: a checked `hir::Program` and the live methods (`reachable_methods`).
//! Out: per method, whether it lies on a cycle of the call graph. A direct
//! or static call is an edge to the named method; a virtual call is also an
//! edge to every method filling the same vtable slot in a subclass, since
//! it may run any of them.
//!
//! Codegen uses the answer twice: such methods are never forced inline, and
//! they are compiled without sibling calls (`BB_NO_TAIL_CALLS`), so that
//! unbounded recursion overflows the stack and reports it, as Java's does,
//! instead of the C compiler turning it into a loop that spins. Every other
//! function keeps the C compiler's tail calls: a cycle of calls is the only
//! way a program's stack grows without bound, and on a cycle every method
//! keeps its frame.

use crate::hir::*;
use petgraph::graph::{DiGraph, NodeIndex};

/// Methods on a cycle of the call graph, indexed by method.
pub(super) fn recursive_methods(p: &Program, live: &[bool]) -> Vec<bool> {
    let mut graph: DiGraph<(), ()> = DiGraph::new();
    let nodes: Vec<NodeIndex> = p.methods.iter().map(|_| graph.add_node(())).collect();
    for (i, m) in p.methods.iter().enumerate() {
        let (true, Some(body)) = (live[i], &m.body) else {
            continue;
        };
        let mut exprs = Vec::new();
        collect_block_exprs(body, &mut exprs);
        let mut callees = Vec::new();
        for e in exprs {
            visit_expr(e, &mut |x| match &x.kind {
                ExprKind::Call { kind, method, .. } => {
                    callees.push(*method);
                    if let (CallKind::Virtual, Some(slot)) = (kind, p.method(*method).vtable_slot) {
                        let class = p.method(*method).class;
                        callees
                            .extend(super::methods::slot_fillers(p, class, slot).map(|(_, m)| m));
                    }
                }
                ExprKind::New { ctor, .. } => callees.push(*ctor),
                _ => {}
            });
        }
        // A constructor's first statement may call another constructor.
        if let Some(Stmt {
            kind: StmtKind::CtorCall { ctor, .. },
            ..
        }) = body.stmts.first()
        {
            callees.push(*ctor);
        }
        for c in callees {
            graph.update_edge(nodes[i], nodes[c.0 as usize], ());
        }
    }
    let mut recursive = vec![false; p.methods.len()];
    for scc in petgraph::algo::tarjan_scc(&graph) {
        let cyclic = scc.len() > 1 || graph.contains_edge(scc[0], scc[0]);
        for n in scc {
            recursive[n.index()] |= cyclic;
        }
    }
    recursive
}
