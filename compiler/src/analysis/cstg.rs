//! The combined state transition graph (paper section 4.3.1, Figure 3).
//!
//! In: a checked `hir::Program` and its ASTGs (`astg::build`). Out: a
//! `Cstg`, a petgraph `DiGraph` whose nodes are the abstract states of every
//! ASTG (allocation states carry their allocation sites) and whose edges
//! are the ASTGs' transitions plus *new-object* edges: when task `T` can
//! reach allocation site `s` (in its body or in any method it may call,
//! virtual calls resolved to every override), every state from which `T`
//! fires with the object as parameter 0 gets, for each reachable exit of
//! `T`, a dashed edge to the allocation state of `s`.
//!
//! Invariants after it: nodes are in ASTG order (class id, then state
//! order), edges in ASTG order then new-object edges by (task, exit, source,
//! site); no duplicate edges; `startup` is the `StartupObject`'s initial
//! state. Later stages (profile, synth) annotate and transform this graph.

use super::astg::{runtime_exit_number, satisfies, AbstractState, Astg};
use super::callgraph::reachable_methods;
use crate::hir::*;
use crate::source::SourceMap;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use std::collections::BTreeSet;
use std::fmt::Write;

#[derive(Clone, Debug)]
pub struct Cstg {
    pub graph: DiGraph<StateNode, CstgEdge>,
    pub startup: NodeIndex,
    /// Per task: the allocation sites it can reach and their states.
    task_sites: Vec<Vec<(AllocSiteId, NodeIndex)>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StateNode {
    pub state: AbstractState,
    /// The allocation sites creating objects in this state (non-empty for
    /// an allocation state).
    pub alloc_sites: Vec<AllocSiteId>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CstgEdge {
    /// The object, as parameter `param` of `task`, leaves through `exit`.
    Transition {
        task: TaskId,
        exit: ExitId,
        param: u32,
    },
    /// `task` leaving through `exit` may have allocated objects at `site`.
    /// Source: each state node from which `task` can fire with the object
    /// as parameter 0 (the paper's "task node on the transition edge");
    /// target: the allocation state of the new object.
    NewObject {
        task: TaskId,
        exit: ExitId,
        site: AllocSiteId,
    },
}

/// Combines the ASTGs and adds the new-object edges.
pub fn build(p: &Program, astgs: &[Astg]) -> Cstg {
    let mut graph = DiGraph::new();
    let mut startup = None;
    let mut site_nodes: Vec<Vec<NodeIndex>> = vec![Vec::new(); p.alloc_sites.len()];
    let mut offsets = Vec::new();
    for g in astgs {
        let base = graph.node_count();
        offsets.push(base);
        for (i, s) in g.states.iter().enumerate() {
            let mut alloc_sites: Vec<AllocSiteId> = g
                .initial
                .iter()
                .filter(|(j, _)| *j == i)
                .map(|(_, site)| *site)
                .collect();
            alloc_sites.sort();
            alloc_sites.dedup();
            let n = graph.add_node(StateNode {
                state: s.clone(),
                alloc_sites: alloc_sites.clone(),
            });
            for site in alloc_sites {
                site_nodes[site.0 as usize].push(n);
            }
        }
        if let Some(i) = g.startup {
            startup = Some(NodeIndex::new(base + i));
        }
    }
    for (g, &base) in astgs.iter().zip(&offsets) {
        for e in &g.edges {
            graph.add_edge(
                NodeIndex::new(base + e.from),
                NodeIndex::new(base + e.to),
                CstgEdge::Transition {
                    task: e.task,
                    exit: e.exit,
                    param: e.param,
                },
            );
        }
    }
    let mut task_sites = Vec::new();
    for (ti, t) in p.tasks.iter().enumerate() {
        let task = TaskId(ti as u32);
        let sites = reachable_sites(p, task);
        let mut pairs = Vec::new();
        for &site in &sites {
            for &n in &site_nodes[site.0 as usize] {
                pairs.push((site, n));
            }
        }
        // States from which the task fires with the object as parameter 0.
        let sources: BTreeSet<NodeIndex> = graph
            .edge_references()
            .filter(|e| {
                matches!(*e.weight(), CstgEdge::Transition { task: et, param: 0, .. } if et == task)
            })
            .map(|e| e.source())
            .collect();
        for (ei, exit) in t.exits.iter().enumerate() {
            if !exit.reachable {
                continue;
            }
            for &src in &sources {
                for &(site, target) in &pairs {
                    graph.add_edge(
                        src,
                        target,
                        CstgEdge::NewObject {
                            task,
                            exit: ExitId(ei as u32),
                            site,
                        },
                    );
                }
            }
        }
        task_sites.push(pairs);
    }
    Cstg {
        graph,
        startup: startup.expect("the StartupObject's state is always in the ASTGs"),
        task_sites,
    }
}

/// The allocation sites in a task's body or in any method it may call.
fn reachable_sites(p: &Program, task: TaskId) -> Vec<AllocSiteId> {
    let methods: BTreeSet<MethodId> = reachable_methods(p, &p.task(task).body)
        .into_iter()
        .collect();
    p.alloc_sites
        .iter()
        .enumerate()
        .filter(|(_, s)| match s.owner {
            Some(BodyOwner::Task(t)) => t == task,
            Some(BodyOwner::Method(m)) => methods.contains(&m),
            None => false,
        })
        .map(|(i, _)| AllocSiteId(i as u32))
        .collect()
}

impl Cstg {
    /// (task, param) pairs whose guard (flags and tag requirement) the
    /// state satisfies.
    pub fn consumers(&self, p: &Program, n: NodeIndex) -> Vec<(TaskId, u32)> {
        let state = &self.graph[n].state;
        let mut out = Vec::new();
        for (ti, t) in p.tasks.iter().enumerate() {
            for param in 0..t.params.len() as u32 {
                if satisfies(p, TaskId(ti as u32), param, state) {
                    out.push((TaskId(ti as u32), param));
                }
            }
        }
        out
    }

    /// Destination of the object in state `n` as parameter `param` of
    /// `task` through `exit` (the first, when tag counts make it ambiguous).
    pub fn successor(
        &self,
        n: NodeIndex,
        task: TaskId,
        param: u32,
        exit: ExitId,
    ) -> Option<NodeIndex> {
        let want = CstgEdge::Transition { task, exit, param };
        self.graph
            .edges(n)
            .filter(|e| *e.weight() == want)
            .map(|e| e.target())
            .min()
    }

    /// Allocation sites `task` can reach (its body and every method it may
    /// call, virtual calls resolved to all overriders) and the
    /// allocation-state node of each.
    pub fn sites_of(&self, task: TaskId) -> Vec<(AllocSiteId, NodeIndex)> {
        self.task_sites[task.0 as usize].clone()
    }

    /// Graphviz dot in the style of the paper's Figure 3: allocation states
    /// (and the `StartupObject`'s initial state) as double ellipses, solid
    /// edges for transitions labelled `task:exit` (runtime exit numbers: 0
    /// is the end of the body, k the k-th `taskexit`; multi-parameter tasks
    /// add the parameter's name), dashed edges for new objects labelled
    /// with the allocation site and its line. Parallel edges of one kind
    /// are drawn as one edge with a label line each, so no two labels
    /// overlap; a legend cluster explains the shapes.
    pub fn to_dot(&self, p: &Program, sources: &SourceMap) -> String {
        let mut s = String::from("digraph cstg {\n");
        s.push_str("  node [shape=ellipse, fontname=\"Helvetica\"];\n");
        s.push_str("  edge [fontname=\"Helvetica\", fontsize=10];\n");
        s.push_str(LEGEND);
        for n in self.graph.node_indices() {
            let node = &self.graph[n];
            let double = !node.alloc_sites.is_empty() || n == self.startup;
            let _ = writeln!(
                s,
                "  n{} [label=\"{}\"{}];",
                n.index(),
                escape(&node.state.label(p)),
                if double { ", peripheries=2" } else { "" }
            );
        }
        // (source, target, dashed) -> label lines, in first-edge order.
        let mut merged: Vec<((usize, usize, bool), Vec<String>)> = Vec::new();
        let mut slot = std::collections::HashMap::new();
        for e in self.graph.edge_references() {
            let (label, dashed) = match *e.weight() {
                CstgEdge::Transition { task, exit, param } => {
                    (transition_label(p, task, exit, param), false)
                }
                CstgEdge::NewObject { site, .. } => (site_label(p, sources, site), true),
            };
            let key = (e.source().index(), e.target().index(), dashed);
            let i = *slot.entry(key).or_insert_with(|| {
                merged.push((key, Vec::new()));
                merged.len() - 1
            });
            merged[i].1.push(escape(&label));
        }
        for ((from, to, dashed), lines) in merged {
            let _ = writeln!(
                s,
                "  n{from} -> n{to} [label=\"{}\"{}];",
                lines.join("\\n"),
                if dashed { ", style=dashed" } else { "" }
            );
        }
        s.push_str("}\n");
        s
    }
}

/// The key to a CSTG drawing, as a cluster of example nodes and edges.
const LEGEND: &str = r#"  subgraph cluster_legend {
    label="Legend"; fontname="Helvetica"; fontsize=10; style=rounded; color=gray;
    node [fontsize=10]; edge [fontsize=9];
    legend_new [label="allocation or startup state\nClass{flags}", peripheries=2];
    legend_state [label="abstract state\nClass{flags, tag counts}"];
    legend_alloc [label="state of a new object", peripheries=2];
    legend_new -> legend_state [label="task:exit (parameter)\nthe task moves the object;\none line per transition"];
    legend_state -> legend_alloc [label="new #site (line N)\nthe task allocates an object", style=dashed];
  }
"#;

/// `task:exit`, with the parameter's name for multi-parameter tasks.
pub fn transition_label(p: &Program, task: TaskId, exit: ExitId, param: u32) -> String {
    let t = p.task(task);
    let mut l = format!("{}:{}", t.name, runtime_exit_number(t, exit));
    if t.params.len() > 1 {
        let _ = write!(l, " ({})", t.params[param as usize].name);
    }
    l
}

/// `new #3 (line 198)`.
pub fn site_label(p: &Program, sources: &SourceMap, site: AllocSiteId) -> String {
    let line = sources.line(p.alloc_site(site).span);
    format!("new #{} (line {line})", site.0)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The ASTGs as Graphviz dot: one cluster per class, transitions only.
pub fn astgs_to_dot(p: &Program, astgs: &[Astg]) -> String {
    let mut s = String::from("digraph astg {\n");
    s.push_str("  node [shape=ellipse, fontname=\"Helvetica\"];\n");
    s.push_str("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for (gi, g) in astgs.iter().enumerate() {
        let _ = writeln!(s, "  subgraph cluster_{gi} {{");
        let _ = writeln!(s, "    label=\"{}\";", escape(&p.class(g.class).name));
        for (i, st) in g.states.iter().enumerate() {
            let double = g.initial.iter().any(|(j, _)| *j == i) || g.startup == Some(i);
            let _ = writeln!(
                s,
                "    c{gi}s{i} [label=\"{}\"{}];",
                escape(&st.label(p)),
                if double { ", peripheries=2" } else { "" }
            );
        }
        for e in &g.edges {
            let _ = writeln!(
                s,
                "    c{gi}s{} -> c{gi}s{} [label=\"{}\"];",
                e.from,
                e.to,
                escape(&transition_label(p, e.task, e.exit, e.param))
            );
        }
        s.push_str("  }\n");
    }
    s.push_str("}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::astg;

    fn keyword() -> Program {
        let src = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/keyword.bb"
        ))
        .unwrap();
        crate::test_support::program(&src)
    }

    #[test]
    fn keyword_new_object_edges_leave_startup() {
        let p = keyword();
        let g = build(&p, &astg::build(&p));
        let startup = &p.tasks.iter().position(|t| t.name == "startup").unwrap();
        let task = TaskId(*startup as u32);
        let labels: Vec<String> = g
            .graph
            .edge_references()
            .filter(|e| matches!(e.weight(), CstgEdge::NewObject { .. }))
            .map(|e| {
                format!(
                    "{} -> {}",
                    g.graph[e.source()].state.label(&p),
                    g.graph[e.target()].state.label(&p)
                )
            })
            .collect();
        assert_eq!(
            labels,
            [
                "StartupObject{initialstate} -> Text{process}",
                "StartupObject{initialstate} -> Results{}"
            ]
        );
        assert_eq!(g.sites_of(task).len(), 2);
        assert_eq!(
            g.graph[g.startup].state.label(&p),
            "StartupObject{initialstate}"
        );
        let consumers = g.consumers(&p, g.startup);
        assert_eq!(consumers, [(task, 0)]);
        let next = g.successor(g.startup, task, 0, ExitId(0)).unwrap();
        assert_eq!(g.graph[next].state.label(&p), "StartupObject{}");
    }

    #[test]
    fn sites_reached_through_virtual_calls() {
        let p = crate::test_support::program(
            "class W { flag go; }\n\
             class Maker { void make() {} }\n\
             class Real extends Maker { void make() { new W() { go := true }; } }\n\
             task startup(StartupObject s in initialstate) { Maker m = new Real(); m.make(); taskexit(s: initialstate := false); }\n\
             task work(W w in go) { taskexit(w: go := false); }\n",
        );
        let g = build(&p, &astg::build(&p));
        assert_eq!(g.sites_of(TaskId(0)).len(), 1);
        assert!(g.sites_of(TaskId(1)).is_empty());
    }
}
