//! Disjointness analysis (paper section 4.2, after Jenista and Demsky's
//! reachability-graph analysis): which task exits may leave two task
//! objects' heap regions sharing an object, so that their locks must be
//! merged.
//!
//! In: a checked `hir::Program`. Out: a [`LockPlan`]: per task and exit, the
//! pairs of parameters whose regions may have become shared, and for the task
//! objects the invocation allocated, which parameters (or which other new
//! task objects) they may share with.
//!
//! The analysis interprets each task body abstractly, flow-sensitively,
//! over a reachability graph:
//! - nodes are the region of each parameter object at entry (everything the
//!   parameter could reach when the task started: regions of unmerged
//!   parameters are disjoint then, which is what the locks maintain), and per
//!   allocation site of the invocation a *recent* node (the one object the
//!   site made last) and a *summary* node (all older ones), so objects of one
//!   site stored into different parameters stay apart;
//! - edges are references by field (or array element);
//! - each fresh node counts its referencing objects (none, one, many): an
//!   object referenced by one object is reachable from exactly the roots that
//!   reach that object, which is what the reachability states below use.
//!
//! Calls are analysed in their calling context (the callee body runs on the
//! caller's graph, so summaries are per call site); virtual calls go to every
//! implementation the receiver's nodes allow. Recursive calls (and calls past
//! a depth or work budget) take a conservative summary: every object
//! reachable from the receiver and the arguments may reference every other
//! and is multiply referenced. Library code is analysed like user code;
//! natives have hand-written effects (`System.arraycopy` copies references;
//! others return a fresh object or nothing). Strings and tags are immutable
//! for this purpose and carry no nodes; library singletons (`System.out`)
//! neither.
//!
//! At each exit, every node gets its *reachability states* (Jenista and
//! Demsky): the possible sets of roots (parameters; allocation sites of new
//! task objects, with a count one/many) from which one object of the node is
//! reachable. Two roots share when some state holds both, a new-object site
//! shares with itself when a state counts it many.
//!
//! Invariants of the output: deterministic (ordered collections only); a
//! pair is reported for every exit whose concrete execution may make an
//! object reachable from both (sound up to the budget, which falls back to
//! the conservative summary, never to silence).
//!
//! Cost: a task's analysis interprets at most `BUDGET` statements with
//! calls inlined, then summarises the rest of its calls. Graphs are
//! persistent: edges (`graph::Edges`: per-node edge lists in shared
//! chunks) and the per-node reference counts and generations
//! (`pvec::PVec`, chunks with cached hashes) are copied for a pointer at
//! branches, loop heads and inlined calls, and a change copies one chunk
//! and the chunk pointers; joins, hashes and comparisons skip shared
//! chunks, and a summary's dense `Any` edges are one target list shared by
//! its sources. A call already analysed in the same context (edges,
//! counts, which recent nodes exist) is replayed (`memo`). A join that
//! folds a recent node in both states shares the renamed chunks between
//! them (`graph::Renamed`), so its union skips them, and a union compares
//! lists before merging them. So a statement costs the lengths of the
//! edge lists it reads or merges plus the graph's chunk count; folding a
//! referenced recent node still looks at every edge list once. At each
//! exit the reachability states cost, per round, the parents of the nodes
//! that changed times the roots per state.
//!
//! What the whole analysis grows with: the sum over tasks of (statements
//! interpreted, at most `BUDGET` plus the summarised rest) times
//! (edge-list length), plus per exit (nodes times parents times roots).
//! Both factors grow with the part of the program a task's calls reach,
//! which is bounded by `MAX_DEPTH` and `BUDGET`, not by the program: on
//! generated programs (`tools/scale.py`) the cost per line rises while
//! the call chains lengthen (5k to 50k lines) and stays level after (50k
//! to 100k); measurements in `benchmarks/logs/2026-12-07-disjoint-scale.md`,
//! counts per task: `BAMBOOC_DISJOINT_STATS=1`.
//!
//! Modules: `graph` (edge sets),
//! `pvec` (per-node values), `heap` (graphs and states), `interp`
//! (statements and expressions), `calls`, `memo`, `reach` (the
//! reachability states at exits), `stats` (work counts); bodies are walked
//! with `hir`'s walkers.

mod calls;
mod graph;
mod heap;
mod interp;
mod memo;
mod pvec;
mod reach;
mod stats;

use crate::hir::*;
use bambooc_syntax::ast::BinOp;
use heap::*;
pub use stats::{render as render_stats, Stats};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Calls nested deeper than this take the conservative summary.
const MAX_DEPTH: usize = 10;
/// Statements interpreted per task before further calls take the
/// conservative summary.
const BUDGET: u64 = 20_000;
/// Statements interpreted per task (or iterations of one loop, times 1000)
/// before the analysis gives up on the task and merges everything it may
/// touch.
const HARD_LIMIT: u64 = 100_000;
/// Reachability states kept per node before they are collapsed into one.
const MAX_STATES: usize = 24;

/// Who may reach an object: a task parameter or the new task objects of an
/// allocation block.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Root {
    Param(u32),
    Site(AllocSiteId),
}

/// What one exit of a task must merge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExitLocks {
    /// Whether the analysis found a path to the exit at all.
    pub reachable: bool,
    /// Parameter pairs `(i, j)`, `i < j`, whose regions may share.
    pub params: Vec<(u32, u32)>,
    /// New task objects of a site that may share with parameter `p`: the
    /// runtime merges each such object's lock with `p`'s before publishing it.
    pub new_with_param: Vec<(AllocSiteId, u32)>,
    /// New task objects of two sites (`a <= b`; `a == b`: objects of the same
    /// site with each other) that may share: the runtime merges the locks of
    /// all of this invocation's new objects of both sites.
    pub new_with_new: Vec<(AllocSiteId, AllocSiteId)>,
}

impl ExitLocks {
    pub fn is_empty(&self) -> bool {
        self.params.is_empty() && self.new_with_param.is_empty() && self.new_with_new.is_empty()
    }

    /// Number of lock-merge operations code generation emits for this exit.
    pub fn merge_count(&self) -> usize {
        self.params.len() + self.new_with_param.len() + self.new_with_new.len()
    }
}

/// The analysis result: `tasks[t].exits[e]` for `TaskId(t)`, `ExitId(e)`.
#[derive(Clone, Debug, Default)]
pub struct LockPlan {
    pub tasks: Vec<TaskLocks>,
}

#[derive(Clone, Debug, Default)]
pub struct TaskLocks {
    pub exits: Vec<ExitLocks>,
    /// Whether the analysis of this task ran out of budget (its calls were
    /// then summarised conservatively).
    pub budget_exceeded: bool,
    /// The work the analysis did.
    pub stats: Stats,
}

impl LockPlan {
    /// A plan that merges nothing (every exit reported disjoint).
    pub fn none(p: &Program) -> LockPlan {
        LockPlan {
            tasks: p
                .tasks
                .iter()
                .map(|t| TaskLocks {
                    exits: vec![ExitLocks::default(); t.exits.len()],
                    ..Default::default()
                })
                .collect(),
        }
    }

    pub fn exit(&self, t: TaskId, e: ExitId) -> &ExitLocks {
        &self.tasks[t.0 as usize].exits[e.0 as usize]
    }

    /// Total lock-merge operations over every exit.
    pub fn merge_count(&self) -> usize {
        self.tasks
            .iter()
            .flat_map(|t| &t.exits)
            .map(ExitLocks::merge_count)
            .sum()
    }

    /// A readable dump (`--emit locks`): one block per task, one line per
    /// exit. `line_of` turns a span into a line number.
    pub fn dump(&self, p: &Program, line_of: &dyn Fn(bambooc_syntax::span::Span) -> u32) -> String {
        let mut s = String::new();
        for (ti, tl) in self.tasks.iter().enumerate() {
            let t = p.task(TaskId(ti as u32));
            s.push_str(&format!("task {}", t.name));
            if tl.budget_exceeded {
                s.push_str(" (budget exceeded: calls summarised)");
            }
            s.push('\n');
            for (ei, el) in tl.exits.iter().enumerate() {
                let ex = &t.exits[ei];
                let name = if ex.implicit {
                    "end of body".to_string()
                } else {
                    format!("taskexit at line {}", line_of(ex.span))
                };
                if !el.reachable {
                    s.push_str(&format!("  {name}: unreachable\n"));
                    continue;
                }
                if el.is_empty() {
                    s.push_str(&format!("  {name}: disjoint\n"));
                    continue;
                }
                s.push_str(&format!("  {name}:\n"));
                let pname = |i: u32| t.params[i as usize].name.clone();
                let site = |a: AllocSiteId| {
                    let st = p.alloc_site(a);
                    format!(
                        "new {} (site {}, line {})",
                        p.class(st.class).name,
                        a.0,
                        line_of(st.span)
                    )
                };
                for &(i, j) in &el.params {
                    s.push_str(&format!("    merge {} {}\n", pname(i), pname(j)));
                }
                for &(a, i) in &el.new_with_param {
                    s.push_str(&format!("    merge {} with {}\n", site(a), pname(i)));
                }
                for &(a, b) in &el.new_with_new {
                    if a == b {
                        s.push_str(&format!("    merge all {}\n", site(a)));
                    } else {
                        s.push_str(&format!("    merge {} with {}\n", site(a), site(b)));
                    }
                }
            }
        }
        s
    }
}

/// Runs the analysis on every task.
pub fn analyze(p: &Program) -> LockPlan {
    let mut shared = Shared::default();
    let tasks = (0..p.tasks.len())
        .map(|t| analyze_task(p, &mut shared, TaskId(t as u32)))
        .collect();
    LockPlan { tasks }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum NodeKind {
    Param(u32),
    Recent(u32),
    Summary(u32),
    /// Objects made by a conservatively summarised call (per call site, or
    /// per method for implicit calls).
    Havoc(usize),
}

#[derive(Clone, Debug)]
struct Node {
    kind: NodeKind,
    /// Exact class for dispatch (objects of class type made here).
    class: Option<ClassId>,
    root: Option<Root>,
    holds_refs: bool,
}

#[derive(Clone, Debug)]
struct SiteInfo {
    class: Option<ClassId>,
    root: Option<Root>,
    holds_refs: bool,
}

/// An allocation site: a task-object allocation block, or any other
/// allocating expression (by address, with the level of a multi-dimensional
/// array).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum SiteKey {
    Block(AllocSiteId),
    Expr(usize, u32),
}

fn expr_key(e: &Expr, level: u32) -> SiteKey {
    SiteKey::Expr(e as *const Expr as usize, level)
}

/// Caches shared by the analyses of all tasks.
#[derive(Default)]
struct Shared {
    /// Implementations of a virtual method over every subclass.
    dispatch_all: HashMap<MethodId, Vec<MethodId>>,
    /// Task-object allocation expressions a method may reach (for summaries).
    task_allocs: HashMap<MethodId, Vec<(AllocSiteId, ClassId)>>,
}

/// Whether values of this type are tracked (references other than strings).
fn tracked(p: &Program, t: &Type) -> bool {
    match t {
        Type::Class(c) => *c != p.well_known.string,
        Type::Array(_) => true,
        _ => false,
    }
}

fn holds_refs(p: &Program, t: &Type) -> bool {
    match t {
        Type::Class(c) => p
            .class(*c)
            .layout
            .iter()
            .any(|f| tracked(p, &p.field(*f).ty)),
        Type::Array(e) => tracked(p, e),
        _ => false,
    }
}

#[derive(Default)]
struct Frame {
    breaks: BTreeMap<LabelId, State>,
    continues: BTreeMap<LabelId, State>,
    ret: Option<State>,
    ret_val: Vals,
}

struct Analyzer<'p, 's> {
    p: &'p Program,
    shared: &'s mut Shared,
    nodes: Vec<Node>,
    node_ids: fnv::FnvHashMap<NodeKind, u32>,
    sites: Vec<SiteInfo>,
    site_ids: fnv::FnvHashMap<SiteKey, u32>,
    frames: Vec<Frame>,
    stack: Vec<MethodId>,
    /// Recent nodes in the order their sites allocated (for refreshing
    /// values held across an allocation).
    log: Vec<u32>,
    exits: Vec<Option<Heap>>,
    steps: u64,
    budget_exceeded: bool,
    /// The analysis gave up (see `HARD_LIMIT`).
    aborted: bool,
    /// Inlined calls by calling context (see `memo`).
    memo: fnv::FnvHashMap<memo::CallKey, memo::CallEffect>,
    /// Counts of the work done.
    stats: Stats,
    /// Conservative summaries taken (see `calls::HavocKey`).
    havocs: fnv::FnvHashMap<calls::HavocKey, calls::HavocDone>,
}

fn analyze_task(p: &Program, shared: &mut Shared, t: TaskId) -> TaskLocks {
    let task = p.task(t);
    let mut a = Analyzer {
        p,
        shared,
        nodes: Vec::new(),
        node_ids: Default::default(),
        sites: Vec::new(),
        site_ids: Default::default(),
        frames: vec![Frame::default()],
        stack: Vec::new(),
        log: Vec::new(),
        exits: vec![None; task.exits.len()],
        steps: 0,
        budget_exceeded: false,
        aborted: false,
        memo: Default::default(),
        stats: Stats::default(),
        havocs: Default::default(),
    };
    let mut st = State {
        locals: vec![Vec::new(); task.locals.len()],
        this: Vec::new(),
        heap: Heap::default(),
    };
    for (i, prm) in task.params.iter().enumerate() {
        let n = a.node(NodeKind::Param(i as u32), || Node {
            kind: NodeKind::Param(i as u32),
            class: None,
            root: Some(Root::Param(i as u32)),
            holds_refs: true,
        });
        st.locals[prm.local.0 as usize] = vec![n];
    }
    let end = a.block(&task.body, st);
    if let Some(end) = end {
        let implicit = task.exits.len() - 1;
        a.record_exit(implicit, &end.heap);
    }
    a.stats.statements = a.steps;
    a.stats.nodes = a.nodes.len() as u64;
    if a.aborted {
        let stats = a.stats;
        return TaskLocks {
            stats,
            ..give_up(p, &mut a, t)
        };
    }
    let exits = (0..task.exits.len())
        .map(|e| match &a.exits[e] {
            None => ExitLocks::default(),
            Some(h) => a.sharing(h),
        })
        .collect();
    TaskLocks {
        exits,
        budget_exceeded: a.budget_exceeded,
        stats: a.stats,
    }
}

/// The sound answer when the analysis gives up: every exit merges every
/// parameter pair and every new task object it may make with everything.
fn give_up(p: &Program, a: &mut Analyzer<'_, '_>, t: TaskId) -> TaskLocks {
    let task = p.task(t);
    let mut sites = BTreeSet::new();
    let mut calls = Vec::new();
    visit_block_exprs_in_order(&task.body, &mut |e| match &e.kind {
        ExprKind::New { ctor, alloc, .. } => {
            calls.push(*ctor);
            if let Some(al) = alloc {
                sites.insert(al.site);
            }
        }
        ExprKind::Call { method, .. } => calls.push(*method),
        _ => {}
    });
    for c in calls {
        for m in a.dispatch(c, &[]) {
            sites.extend(a.task_allocs(m).into_iter().map(|(s, _)| s));
        }
    }
    let n = task.params.len() as u32;
    let mut l = ExitLocks {
        reachable: true,
        ..Default::default()
    };
    for i in 0..n {
        for j in i + 1..n {
            l.params.push((i, j));
        }
    }
    for &s in &sites {
        for i in 0..n {
            l.new_with_param.push((s, i));
        }
        for &s2 in sites.range(s..) {
            l.new_with_new.push((s, s2));
        }
    }
    TaskLocks {
        exits: vec![l; task.exits.len()],
        budget_exceeded: true,
        stats: Stats::default(),
    }
}

impl<'p, 's> Analyzer<'p, 's> {
    fn node(&mut self, kind: NodeKind, make: impl FnOnce() -> Node) -> u32 {
        if let Some(&n) = self.node_ids.get(&kind) {
            return n;
        }
        let n = self.nodes.len() as u32;
        self.nodes.push(make());
        self.node_ids.insert(kind, n);
        n
    }

    fn site(&mut self, key: SiteKey, info: impl FnOnce() -> SiteInfo) -> u32 {
        if let Some(&s) = self.site_ids.get(&key) {
            return s;
        }
        let s = self.sites.len() as u32;
        self.sites.push(info());
        self.site_ids.insert(key, s);
        s
    }

    fn site_node(&mut self, site: u32, recent: bool) -> u32 {
        let info = self.sites[site as usize].clone();
        let kind = if recent {
            NodeKind::Recent(site)
        } else {
            NodeKind::Summary(site)
        };
        self.node(kind, || Node {
            kind,
            class: info.class,
            root: info.root,
            holds_refs: info.holds_refs,
        })
    }

    fn summary_of(&self, n: u32) -> Option<u32> {
        match self.nodes[n as usize].kind {
            NodeKind::Recent(s) => self.node_ids.get(&NodeKind::Summary(s)).copied(),
            _ => None,
        }
    }

    /// A new object of `site`: the previous recent object joins the summary.
    fn alloc(&mut self, st: &mut State, site: u32) -> u32 {
        let r = self.site_node(site, true);
        let s = self.site_node(site, false);
        self.stats.allocations += 1;
        st.fold(r, s, &mut Renamed::default());
        st.heap.gen.set(r, Some((self.log.len() as u64, s)));
        self.log.push(r);
        r
    }

    /// Values held across evaluation that allocated: recent nodes of sites
    /// that allocated since `mark` now denote summary objects.
    fn refresh(&self, v: &mut Vals, mark: usize) {
        if self.log.len() == mark {
            return;
        }
        for &r in &self.log[mark..] {
            if v.contains(&r) {
                if let Some(s) = self.summary_of(r) {
                    rename(v, r, s);
                }
            }
        }
    }

    fn load(&self, st: &State, objs: &[u32], key: Key) -> Vals {
        let mut out: Vals = objs
            .iter()
            .copied()
            .filter(|&o| {
                matches!(
                    self.nodes[o as usize].kind,
                    NodeKind::Param(_) | NodeKind::Havoc(_)
                )
            })
            .collect();
        st.heap.edges.targets(objs, key, &mut out);
        // Sorted runs, one per list read: the stable sort merges runs.
        out.sort();
        out.dedup();
        out
    }

    fn store(&self, st: &mut State, objs: &[u32], key: Key, vals: &[u32]) {
        if objs.is_empty() || vals.is_empty() {
            return;
        }
        st.heap.edges.insert_all(objs, key, vals);
        let from = match objs {
            [o] if matches!(self.nodes[*o as usize].kind, NodeKind::Recent(_)) => Some(*o),
            _ => None,
        };
        for &v in vals {
            let r = match st.heap.refs(v) {
                Refs::Zero => Refs::One(from),
                Refs::One(Some(x)) if from == Some(x) => Refs::One(Some(x)),
                _ => Refs::Many,
            };
            st.heap.set_refs(v, r);
        }
    }

    fn record_exit(&mut self, e: usize, h: &Heap) {
        match &mut self.exits[e] {
            Some(x) => x.join(h),
            slot => *slot = Some(h.clone()),
        }
    }
}
