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

use crate::hir::*;
use bambooc_syntax::ast::BinOp;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Calls nested deeper than this take the conservative summary.
const MAX_DEPTH: usize = 24;
/// Statements interpreted per task before further calls take the
/// conservative summary.
const BUDGET: u64 = 4_000_000;
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
                    budget_exceeded: false,
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

// ----- The abstract heap --------------------------------------------------------

type Vals = Vec<u32>;

fn union(a: &mut Vals, b: &[u32]) {
    if b.is_empty() {
        return;
    }
    a.extend_from_slice(b);
    a.sort_unstable();
    a.dedup();
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Key {
    Field(FieldId),
    Elem,
    /// Any field or element (from a conservative summary).
    Any,
}

/// How many objects reference one object of a node.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Refs {
    Zero,
    /// At most one referencing object; `Some(r)`: that object is the one of
    /// the recent node `r` (so further stores from it keep this state).
    One(Option<u32>),
    Many,
}

impl Refs {
    fn join(self, o: Refs) -> Refs {
        match (self, o) {
            (Refs::Zero, x) | (x, Refs::Zero) => x,
            (Refs::One(a), Refs::One(b)) => Refs::One(if a == b { a } else { None }),
            _ => Refs::Many,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Heap {
    edges: BTreeSet<(u32, Key, u32)>,
    refs: Vec<Refs>,
}

impl Heap {
    fn refs(&self, n: u32) -> Refs {
        self.refs.get(n as usize).copied().unwrap_or(Refs::Zero)
    }
    fn set_refs(&mut self, n: u32, r: Refs) {
        let i = n as usize;
        if self.refs.len() <= i {
            self.refs.resize(i + 1, Refs::Zero);
        }
        self.refs[i] = r;
    }
    fn join(&mut self, o: &Heap) {
        self.edges.extend(o.edges.iter().copied());
        for (i, r) in o.refs.iter().enumerate() {
            let n = i as u32;
            let j = self.refs(n).join(*r);
            self.set_refs(n, j);
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    locals: Vec<Vals>,
    this: Vals,
    heap: Heap,
}

impl State {
    fn join(&mut self, o: &State) {
        for (a, b) in self.locals.iter_mut().zip(&o.locals) {
            union(a, b);
        }
        union(&mut self.this, &o.this);
        self.heap.join(&o.heap);
    }
}

fn join_opt(acc: &mut Option<State>, s: Option<State>) {
    match (acc.as_mut(), s) {
        (_, None) => {}
        (None, Some(s)) => *acc = Some(s),
        (Some(a), Some(s)) => a.join(&s),
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum NodeKind {
    Param(u32),
    Recent(u32),
    Summary(u32),
    /// Objects made or touched by a conservatively summarised call.
    Havoc,
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
    node_ids: HashMap<NodeKind, u32>,
    sites: Vec<SiteInfo>,
    site_ids: HashMap<SiteKey, u32>,
    frames: Vec<Frame>,
    stack: Vec<MethodId>,
    /// Recent nodes in the order their sites allocated (for refreshing
    /// values held across an allocation).
    log: Vec<u32>,
    exits: Vec<Option<Heap>>,
    steps: u64,
    budget_exceeded: bool,
    havoc_node: Option<u32>,
}

fn analyze_task(p: &Program, shared: &mut Shared, t: TaskId) -> TaskLocks {
    let task = p.task(t);
    let mut a = Analyzer {
        p,
        shared,
        nodes: Vec::new(),
        node_ids: HashMap::new(),
        sites: Vec::new(),
        site_ids: HashMap::new(),
        frames: vec![Frame::default()],
        stack: Vec::new(),
        log: Vec::new(),
        exits: vec![None; task.exits.len()],
        steps: 0,
        budget_exceeded: false,
        havoc_node: None,
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
    let exits = (0..task.exits.len())
        .map(|e| match &a.exits[e] {
            None => ExitLocks::default(),
            Some(h) => a.sharing(h),
        })
        .collect();
    TaskLocks {
        exits,
        budget_exceeded: a.budget_exceeded,
    }
}

type RState = Vec<(Root, u8)>;

fn plus(a: &RState, b: &RState) -> RState {
    let mut m: BTreeMap<Root, u8> = a.iter().copied().collect();
    for &(r, n) in b {
        let e = m.entry(r).or_insert(0);
        *e = (*e + n).min(2);
    }
    m.into_iter().collect()
}

fn many(a: &RState) -> RState {
    a.iter()
        .map(|&(r, n)| (r, if matches!(r, Root::Site(_)) { 2 } else { n }))
        .collect()
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
        let touched = st.heap.refs(r) != Refs::Zero
            || st.heap.edges.iter().any(|&(a, _, b)| a == r || b == r)
            || st.this.contains(&r)
            || st.locals.iter().any(|l| l.contains(&r));
        if touched {
            let edges = std::mem::take(&mut st.heap.edges);
            let ren = |x: u32| if x == r { s } else { x };
            st.heap.edges = edges
                .into_iter()
                .map(|(a, k, b)| (ren(a), k, ren(b)))
                .collect();
            let j = st.heap.refs(s).join(match st.heap.refs(r) {
                Refs::One(_) => Refs::One(None),
                x => x,
            });
            st.heap.set_refs(s, j);
            for x in st.heap.refs.iter_mut() {
                if *x == Refs::One(Some(r)) {
                    *x = Refs::One(None);
                }
            }
            for v in st.locals.iter_mut().chain(std::iter::once(&mut st.this)) {
                rename(v, r, s);
            }
        }
        st.heap.set_refs(r, Refs::Zero);
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
        let mut out = Vec::new();
        for &o in objs {
            if matches!(
                self.nodes[o as usize].kind,
                NodeKind::Param(_) | NodeKind::Havoc
            ) {
                out.push(o);
            }
            for &(_, k, m) in st
                .heap
                .edges
                .range((o, Key::Field(FieldId(0)), 0)..=(o, Key::Any, u32::MAX))
            {
                if k == key || k == Key::Any || key == Key::Any {
                    out.push(m);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn store(&self, st: &mut State, objs: &[u32], key: Key, vals: &[u32]) {
        if objs.is_empty() || vals.is_empty() {
            return;
        }
        for &o in objs {
            for &v in vals {
                st.heap.edges.insert((o, key, v));
            }
        }
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

    // ----- Statements -------------------------------------------------------------

    fn block(&mut self, b: &Block, st: State) -> Option<State> {
        self.stmts(&b.stmts, Some(st))
    }

    fn stmts(&mut self, ss: &[Stmt], mut st: Option<State>) -> Option<State> {
        for s in ss {
            let cur = st?;
            st = self.stmt(s, cur);
        }
        st
    }

    fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a frame")
    }

    fn stmt(&mut self, s: &Stmt, mut st: State) -> Option<State> {
        self.steps += 1;
        match &s.kind {
            StmtKind::Local { local, init } => {
                let v = match init {
                    Some(e) => self.expr(e, &mut st),
                    None => Vec::new(),
                };
                st.locals[local.0 as usize] = v;
                Some(st)
            }
            StmtKind::Expr(e) => {
                self.expr(e, &mut st);
                Some(st)
            }
            StmtKind::Block(b) => self.block(b, st),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.expr(cond, &mut st);
                let other = st.clone();
                let mut out = self.stmt(then_branch, st);
                let e = match else_branch {
                    Some(eb) => self.stmt(eb, other),
                    None => Some(other),
                };
                join_opt(&mut out, e);
                out
            }
            StmtKind::While { label, cond, body } => {
                self.looping(*label, Some(cond), body, &[], st, false)
            }
            StmtKind::DoWhile { label, body, cond } => {
                self.looping(*label, Some(cond), body, &[], st, true)
            }
            StmtKind::For {
                label,
                init,
                cond,
                update,
                body,
            } => {
                let st = self.stmts(init, Some(st))?;
                self.looping(*label, cond.as_ref(), body, update, st, false)
            }
            StmtKind::ForEach {
                label,
                var,
                array,
                array_local,
                index: _,
                body,
            } => {
                let a = self.expr(array, &mut st);
                st.locals[array_local.0 as usize] = a;
                self.foreach(*label, *var, *array_local, body, st)
            }
            StmtKind::Switch {
                label,
                scrutinee,
                cases,
            } => {
                self.expr(scrutinee, &mut st);
                let mut fall: Option<State> = None;
                for c in cases {
                    let mut entry = Some(st.clone());
                    join_opt(&mut entry, fall);
                    fall = self.stmts(&c.body, entry);
                }
                let mut out = fall;
                if !cases.iter().any(|c| c.is_default) {
                    join_opt(&mut out, Some(st));
                }
                if let Some(l) = label {
                    let b = self.frame().breaks.remove(l);
                    join_opt(&mut out, b);
                }
                out
            }
            StmtKind::Labeled { label, body } => {
                let mut out = self.stmt(body, st);
                let b = self.frame().breaks.remove(label);
                join_opt(&mut out, b);
                out
            }
            StmtKind::Break(l) => {
                let f = self.frame();
                match f.breaks.get_mut(l) {
                    Some(x) => x.join(&st),
                    None => {
                        f.breaks.insert(*l, st);
                    }
                }
                None
            }
            StmtKind::Continue(l) => {
                let f = self.frame();
                match f.continues.get_mut(l) {
                    Some(x) => x.join(&st),
                    None => {
                        f.continues.insert(*l, st);
                    }
                }
                None
            }
            StmtKind::Return(v) => {
                let val = match v {
                    Some(e) => self.expr(e, &mut st),
                    None => Vec::new(),
                };
                let f = self.frame();
                union(&mut f.ret_val, &val);
                join_opt(&mut f.ret, Some(st));
                None
            }
            StmtKind::TaskExit(e) => {
                if self.stack.is_empty() {
                    self.record_exit(e.0 as usize, &st.heap);
                }
                None
            }
            StmtKind::CtorCall { ctor, args } => {
                let (mut vals, mark) = self.args(args, &mut st);
                let mut this = st.this.clone();
                self.refresh(&mut this, mark);
                for v in &mut vals {
                    self.refresh(v, mark);
                }
                self.call(&mut st, None, CallKind::Direct, *ctor, Some(this), vals);
                Some(st)
            }
            StmtKind::Empty => Some(st),
        }
    }

    /// A loop: iterate the body until the state at the head is stable.
    fn looping(
        &mut self,
        label: Option<LabelId>,
        cond: Option<&Expr>,
        body: &Stmt,
        update: &[Expr],
        st: State,
        body_first: bool,
    ) -> Option<State> {
        let always = |c: Option<&Expr>| match c {
            None => true,
            Some(e) => matches!(e.kind, ExprKind::Const(ConstValue::Bool(true))),
        };
        let mut head = st;
        let mut out: Option<State> = None;
        loop {
            if let Some(l) = label {
                self.frame().breaks.remove(&l);
                self.frame().continues.remove(&l);
            }
            let mut s = head.clone();
            let mut back: Option<State>;
            if body_first {
                back = self.stmt(body, s);
                if let Some(l) = label {
                    let c = self.frame().continues.remove(&l);
                    join_opt(&mut back, c);
                }
                if let Some(b) = back.as_mut() {
                    if let Some(c) = cond {
                        self.expr(c, b);
                    }
                    if !always(cond) {
                        join_opt(&mut out, Some(b.clone()));
                    }
                }
            } else {
                if let Some(c) = cond {
                    self.expr(c, &mut s);
                }
                if !always(cond) {
                    join_opt(&mut out, Some(s.clone()));
                }
                back = self.stmt(body, s);
                if let Some(l) = label {
                    let c = self.frame().continues.remove(&l);
                    join_opt(&mut back, c);
                }
                if let Some(b) = back.as_mut() {
                    for u in update {
                        self.expr(u, b);
                    }
                }
            }
            let mut next = head.clone();
            if let Some(b) = &back {
                next.join(b);
            }
            if next == head {
                break;
            }
            head = next;
        }
        if let Some(l) = label {
            let b = self.frame().breaks.remove(&l);
            join_opt(&mut out, b);
            self.frame().continues.remove(&l);
        }
        out
    }

    fn foreach(
        &mut self,
        label: Option<LabelId>,
        var: LocalId,
        array_local: LocalId,
        body: &Stmt,
        st: State,
    ) -> Option<State> {
        let mut head = st;
        let mut out: Option<State> = None;
        loop {
            if let Some(l) = label {
                self.frame().breaks.remove(&l);
                self.frame().continues.remove(&l);
            }
            join_opt(&mut out, Some(head.clone()));
            let mut s = head.clone();
            let a = s.locals[array_local.0 as usize].clone();
            s.locals[var.0 as usize] = self.load(&s, &a, Key::Elem);
            let mut back = self.stmt(body, s);
            if let Some(l) = label {
                let c = self.frame().continues.remove(&l);
                join_opt(&mut back, c);
            }
            let mut next = head.clone();
            if let Some(b) = &back {
                next.join(b);
            }
            if next == head {
                break;
            }
            head = next;
        }
        if let Some(l) = label {
            let b = self.frame().breaks.remove(&l);
            join_opt(&mut out, b);
        }
        out
    }

    // ----- Expressions ------------------------------------------------------------

    /// Evaluates arguments left to right; returns them and the allocation
    /// mark taken before the first, for refreshing.
    fn args(&mut self, args: &[Expr], st: &mut State) -> (Vec<Vals>, usize) {
        let mark = self.log.len();
        let mut vals: Vec<Vals> = Vec::with_capacity(args.len());
        for a in args {
            let m = self.log.len();
            let v = self.expr(a, st);
            for prev in vals.iter_mut() {
                self.refresh(prev, m);
            }
            vals.push(v);
        }
        (vals, mark)
    }

    fn expr(&mut self, e: &Expr, st: &mut State) -> Vals {
        let v = self.expr_inner(e, st);
        if tracked(self.p, &e.ty) {
            v
        } else {
            Vec::new()
        }
    }

    fn expr_inner(&mut self, e: &Expr, st: &mut State) -> Vals {
        let p = self.p;
        match &e.kind {
            ExprKind::Const(_) | ExprKind::StaticField(_) | ExprKind::NewTag(_) => Vec::new(),
            ExprKind::Local(l) => st.locals[l.0 as usize].clone(),
            ExprKind::This => st.this.clone(),
            ExprKind::Field { object, field } => {
                let o = self.expr(object, st);
                if tracked(p, &p.field(*field).ty) {
                    self.load(st, &o, Key::Field(*field))
                } else {
                    Vec::new()
                }
            }
            ExprKind::ArrayLength(a) => {
                self.expr(a, st);
                Vec::new()
            }
            ExprKind::Index { array, index } => {
                let mut a = self.expr(array, st);
                let m = self.log.len();
                self.expr(index, st);
                self.refresh(&mut a, m);
                self.load(st, &a, Key::Elem)
            }
            ExprKind::Call {
                kind,
                method,
                receiver,
                args,
            } => {
                let mut r = receiver.as_ref().map(|r| self.expr(r, st));
                let (vals, mark) = self.args(args, st);
                if let Some(r) = r.as_mut() {
                    self.refresh(r, mark);
                }
                self.call(st, Some(e), *kind, *method, r, vals)
            }
            ExprKind::New {
                class,
                ctor,
                args,
                alloc,
            } => {
                let (vals, _) = self.args(args, st);
                if *class == p.well_known.string {
                    return Vec::new();
                }
                let key = match alloc {
                    Some(a) => SiteKey::Block(a.site),
                    None => expr_key(e, 0),
                };
                let site = self.site(key, || SiteInfo {
                    class: Some(*class),
                    root: alloc.as_ref().map(|a| Root::Site(a.site)),
                    holds_refs: holds_refs(p, &Type::Class(*class)),
                });
                let n = self.alloc(st, site);
                let mut vals = vals;
                for v in &mut vals {
                    let len = self.log.len();
                    self.refresh(v, len - 1);
                }
                let mark = self.log.len();
                self.call(st, None, CallKind::Direct, *ctor, Some(vec![n]), vals);
                let mut out = vec![n];
                self.refresh(&mut out, mark);
                out
            }
            ExprKind::NewArray { dims } => {
                for d in dims {
                    self.expr(d, st);
                }
                // One node per created level; inner levels are owned by the
                // level above.
                let mut ty = e.ty.clone();
                let mut nodes = Vec::new();
                for level in 0..dims.len() as u32 {
                    let t = ty.clone();
                    let s = self.site(expr_key(e, level), || SiteInfo {
                        class: None,
                        root: None,
                        holds_refs: holds_refs(p, &t),
                    });
                    nodes.push(self.alloc(st, s));
                    ty = ty.element().cloned().unwrap_or(Type::Error);
                }
                for w in nodes.windows(2) {
                    self.store(st, &[w[0]], Key::Elem, &[w[1]]);
                }
                nodes.truncate(1);
                nodes
            }
            ExprKind::ArrayLiteral(elems) => {
                let (vals, _) = self.args(elems, st);
                let s = self.site(expr_key(e, 0), || SiteInfo {
                    class: None,
                    root: None,
                    holds_refs: holds_refs(p, &e.ty),
                });
                let n = self.alloc(st, s);
                for v in &vals {
                    self.store(st, &[n], Key::Elem, v);
                }
                vec![n]
            }
            ExprKind::Unary { operand, .. } => {
                self.expr(operand, st);
                Vec::new()
            }
            ExprKind::Binary { op, lhs, rhs } => {
                self.expr(lhs, st);
                if matches!(op, BinOp::And | BinOp::Or) {
                    let mut other = st.clone();
                    self.expr(rhs, &mut other);
                    st.join(&other);
                } else {
                    self.expr(rhs, st);
                }
                Vec::new()
            }
            ExprKind::Concat(parts) => {
                for part in parts {
                    let v = self.expr(part, st);
                    self.stringify(st, v);
                }
                Vec::new()
            }
            ExprKind::Assign { target, value } => match &target.kind {
                ExprKind::Local(l) => {
                    let v = self.expr(value, st);
                    st.locals[l.0 as usize] = if tracked(p, &target.ty) {
                        v.clone()
                    } else {
                        Vec::new()
                    };
                    v
                }
                ExprKind::Field { object, field } => {
                    let mut o = self.expr(object, st);
                    let m = self.log.len();
                    let v = self.expr(value, st);
                    self.refresh(&mut o, m);
                    if tracked(p, &p.field(*field).ty) {
                        self.store(st, &o, Key::Field(*field), &v);
                    }
                    v
                }
                ExprKind::Index { array, index } => {
                    let mut a = self.expr(array, st);
                    let m = self.log.len();
                    self.expr(index, st);
                    let v = self.expr(value, st);
                    self.refresh(&mut a, m);
                    if tracked(p, &value.ty) {
                        self.store(st, &a, Key::Elem, &v);
                    }
                    v
                }
                _ => {
                    self.expr(target, st);
                    self.expr(value, st)
                }
            },
            ExprKind::CompoundAssign { target, value, .. } => {
                self.expr(target, st);
                self.expr(value, st);
                Vec::new()
            }
            ExprKind::ConcatAssign { target, value } => {
                self.expr(target, st);
                let v = self.expr(value, st);
                self.stringify(st, v);
                Vec::new()
            }
            ExprKind::IncDec { target, .. } => {
                self.expr(target, st);
                Vec::new()
            }
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => {
                self.expr(cond, st);
                let mut other = st.clone();
                let mut a = self.expr(then_expr, st);
                let b = self.expr(else_expr, &mut other);
                st.join(&other);
                union(&mut a, &b);
                a
            }
            ExprKind::Convert(x) | ExprKind::Widen(x) | ExprKind::CheckedCast(x) => {
                self.expr(x, st)
            }
            ExprKind::InstanceOf { operand, .. } => {
                self.expr(operand, st);
                Vec::new()
            }
        }
    }

    /// String conversion of an object calls its `toString()`.
    fn stringify(&mut self, st: &mut State, v: Vals) {
        if v.is_empty() {
            return;
        }
        let p = self.p;
        let obj = p.class(p.well_known.object);
        let ts = obj
            .vtable
            .iter()
            .copied()
            .find(|&m| p.method(m).name == "toString" && p.method(m).params.is_empty());
        if let Some(m) = ts {
            self.call(st, None, CallKind::Virtual, m, Some(v), Vec::new());
        }
    }

    // ----- Calls ------------------------------------------------------------------

    fn dispatch(&mut self, m: MethodId, recv: &[u32]) -> Vec<MethodId> {
        let p = self.p;
        let md = p.method(m);
        let Some(slot) = md.vtable_slot else {
            return vec![m];
        };
        let slot = slot as usize;
        let exact: Option<Vec<ClassId>> = recv
            .iter()
            .map(|&n| {
                let node = &self.nodes[n as usize];
                match node.kind {
                    NodeKind::Recent(_) | NodeKind::Summary(_) => {
                        Some(node.class.unwrap_or(p.well_known.object))
                    }
                    _ => None,
                }
            })
            .collect();
        if let Some(classes) = exact.filter(|c| !c.is_empty()) {
            let mut out: Vec<MethodId> = classes
                .iter()
                .filter_map(|&c| p.class(c).vtable.get(slot).copied())
                .collect();
            out.sort_unstable();
            out.dedup();
            return out;
        }
        self.shared
            .dispatch_all
            .entry(m)
            .or_insert_with(|| {
                let mut out: Vec<MethodId> = (0..p.classes.len())
                    .map(|c| ClassId(c as u32))
                    .filter(|&c| p.is_subclass(c, md.class))
                    .filter_map(|c| p.class(c).vtable.get(slot).copied())
                    .collect();
                out.sort_unstable();
                out.dedup();
                out
            })
            .clone()
    }

    fn call(
        &mut self,
        st: &mut State,
        e: Option<&Expr>,
        kind: CallKind,
        m: MethodId,
        recv: Option<Vals>,
        args: Vec<Vals>,
    ) -> Vals {
        let targets = if kind == CallKind::Virtual {
            self.dispatch(m, recv.as_deref().unwrap_or(&[]))
        } else {
            vec![m]
        };
        let mark = self.log.len();
        let mut heap: Option<Heap> = None;
        let mut val = Vec::new();
        for t in targets {
            let md = self.p.method(t);
            let (h, v) = if md.is_native || md.body.is_none() {
                if md.is_abstract {
                    continue;
                }
                self.native(st, e, t, &args)
            } else if self.stack.contains(&t)
                || self.stack.len() >= MAX_DEPTH
                || self.steps > BUDGET
            {
                if self.steps > BUDGET {
                    self.budget_exceeded = true;
                }
                self.havoc(st, t, recv.as_deref(), &args)
            } else {
                self.inline(st, t, recv.as_deref(), &args)
            };
            match heap.as_mut() {
                Some(x) => x.join(&h),
                None => heap = Some(h),
            }
            union(&mut val, &v);
        }
        if let Some(h) = heap {
            st.heap = h;
        }
        // Caller locals that held a recent object of a site the callee
        // allocated at now hold an older one.
        if self.log.len() > mark {
            let log: Vec<u32> = self.log[mark..].to_vec();
            for r in log {
                if let Some(s) = self.summary_of(r) {
                    for v in st.locals.iter_mut().chain(std::iter::once(&mut st.this)) {
                        rename(v, r, s);
                    }
                }
            }
        }
        val
    }

    fn inline(
        &mut self,
        st: &State,
        m: MethodId,
        recv: Option<&[u32]>,
        args: &[Vals],
    ) -> (Heap, Vals) {
        let md = self.p.method(m);
        let body = md.body.as_ref().expect("a body");
        let mut locals = vec![Vec::new(); md.locals.len()];
        for (i, l) in md.params.iter().enumerate() {
            if let Some(a) = args.get(i) {
                locals[l.0 as usize] = a.clone();
            }
        }
        let callee = State {
            locals,
            this: recv.map(<[u32]>::to_vec).unwrap_or_default(),
            heap: st.heap.clone(),
        };
        self.stack.push(m);
        self.frames.push(Frame::default());
        let end = self.block(body, callee);
        let f = self.frames.pop().expect("the callee frame");
        self.stack.pop();
        let mut ret = f.ret;
        join_opt(&mut ret, end);
        match ret {
            Some(s) => (s.heap, f.ret_val),
            // The call never returns: what follows is unreachable, any
            // state will do.
            None => (st.heap.clone(), Vec::new()),
        }
    }

    /// The conservative summary of a call: everything reachable from the
    /// receiver and arguments (and any task object the callee may allocate)
    /// may reference everything else and be referenced many times.
    fn havoc(
        &mut self,
        st: &State,
        m: MethodId,
        recv: Option<&[u32]>,
        args: &[Vals],
    ) -> (Heap, Vals) {
        let p = self.p;
        let h = match self.havoc_node {
            Some(h) => h,
            None => {
                let h = self.node(NodeKind::Havoc, || Node {
                    kind: NodeKind::Havoc,
                    class: None,
                    root: None,
                    holds_refs: true,
                });
                self.havoc_node = Some(h);
                h
            }
        };
        let mut roots: BTreeSet<u32> = recv.unwrap_or(&[]).iter().copied().collect();
        for a in args {
            roots.extend(a.iter().copied());
        }
        roots.insert(h);
        for (a, class) in self.task_allocs(m) {
            let site = self.site(SiteKey::Block(a), || SiteInfo {
                class: Some(class),
                root: Some(Root::Site(a)),
                holds_refs: holds_refs(p, &Type::Class(class)),
            });
            let s = self.site_node(site, false);
            roots.insert(s);
        }
        let mut reach = roots.clone();
        let mut work: Vec<u32> = roots.into_iter().collect();
        while let Some(n) = work.pop() {
            let next: Vec<u32> = st
                .heap
                .edges
                .range((n, Key::Field(FieldId(0)), 0)..=(n, Key::Any, u32::MAX))
                .map(|&(_, _, m)| m)
                .collect();
            for m in next {
                if reach.insert(m) {
                    work.push(m);
                }
            }
        }
        let mut heap = st.heap.clone();
        for &a in &reach {
            if self.nodes[a as usize].holds_refs {
                for &b in &reach {
                    heap.edges.insert((a, Key::Any, b));
                }
            }
        }
        for &b in &reach {
            heap.set_refs(b, Refs::Many);
        }
        let ret = if tracked(p, &p.method(m).ret) {
            reach.into_iter().collect()
        } else {
            Vec::new()
        };
        (heap, ret)
    }

    /// Task-object allocation expressions `m` may reach through calls.
    fn task_allocs(&mut self, m: MethodId) -> Vec<(AllocSiteId, ClassId)> {
        if let Some(v) = self.shared.task_allocs.get(&m) {
            return v.clone();
        }
        let p = self.p;
        let mut seen = BTreeSet::new();
        let mut work = vec![m];
        let mut out = Vec::new();
        while let Some(x) = work.pop() {
            if !seen.insert(x) {
                continue;
            }
            let Some(body) = &p.method(x).body else {
                continue;
            };
            let mut calls = Vec::new();
            for_each_expr_in_block(body, &mut |e| match &e.kind {
                ExprKind::New {
                    class, ctor, alloc, ..
                } => {
                    calls.push(*ctor);
                    if let Some(a) = alloc {
                        out.push((a.site, *class));
                    }
                }
                ExprKind::Call { method, .. } => calls.push(*method),
                _ => {}
            });
            for_each_ctor_call(body, &mut |c| calls.push(c));
            for c in calls {
                let targets = self.dispatch(c, &[]);
                work.extend(targets);
            }
        }
        self.shared.task_allocs.insert(m, out.clone());
        out
    }

    fn native(
        &mut self,
        st: &mut State,
        e: Option<&Expr>,
        m: MethodId,
        args: &[Vals],
    ) -> (Heap, Vals) {
        let p = self.p;
        let md = p.method(m);
        let mut heap = st.heap.clone();
        if md.name == "arraycopy" && args.len() == 5 {
            // Copying primitives moves no references.
            if let Some(ExprKind::Call { args: a, .. }) = e.map(|e| &e.kind) {
                let src = unwiden(&a[0]);
                if matches!(src.element(), Some(t) if !tracked(p, t)) {
                    return (heap, Vec::new());
                }
            }
            let tmp = State {
                locals: Vec::new(),
                this: Vec::new(),
                heap: heap.clone(),
            };
            let elems = self.load(&tmp, &args[0], Key::Elem);
            for &d in &args[2] {
                for &v in &elems {
                    heap.edges.insert((d, Key::Elem, v));
                }
            }
            for &v in &elems {
                heap.set_refs(v, Refs::Many);
            }
            return (heap, Vec::new());
        }
        match e {
            Some(e) if tracked(p, &md.ret) => {
                let ret = md.ret.clone();
                let class = match &ret {
                    Type::Class(c) => Some(*c),
                    _ => None,
                };
                let s = self.site(expr_key(e, 0), || SiteInfo {
                    class,
                    root: None,
                    holds_refs: holds_refs(p, &ret),
                });
                let mut tmp = State {
                    locals: Vec::new(),
                    this: Vec::new(),
                    heap,
                };
                let n = self.alloc(&mut tmp, s);
                // `alloc` folded the state it was given; fold the caller's.
                for v in st.locals.iter_mut().chain(std::iter::once(&mut st.this)) {
                    if let Some(sum) = self.summary_of(n) {
                        rename(v, n, sum);
                    }
                }
                (tmp.heap, vec![n])
            }
            _ => (heap, Vec::new()),
        }
    }

    // ----- Reachability states at an exit ----------------------------------------

    fn sharing(&self, h: &Heap) -> ExitLocks {
        let n = self.nodes.len();
        let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &(a, _, b) in &h.edges {
            parents[b as usize].push(a);
        }
        for ps in parents.iter_mut() {
            ps.sort_unstable();
            ps.dedup();
        }
        let own = |i: usize| -> RState {
            match self.nodes[i].root {
                Some(r) => vec![(r, 1)],
                None => Vec::new(),
            }
        };
        let unique = |i: usize| -> bool {
            matches!(
                self.nodes[i].kind,
                NodeKind::Recent(_) | NodeKind::Summary(_)
            ) && h.refs(i as u32) != Refs::Many
        };
        let mut alpha: Vec<BTreeSet<RState>> = (0..n).map(|i| BTreeSet::from([own(i)])).collect();
        loop {
            let mut changed = false;
            for i in 0..n {
                let mut add: Vec<RState> = Vec::new();
                if unique(i) {
                    for &m in &parents[i] {
                        for s in &alpha[m as usize] {
                            add.push(plus(s, &own(i)));
                        }
                    }
                } else if !parents[i].is_empty() {
                    let mut big: RState = Vec::new();
                    for &m in &parents[i] {
                        for s in &alpha[m as usize] {
                            big = plus(&big, &many(s));
                        }
                    }
                    add.push(plus(&big, &own(i)));
                }
                for s in add {
                    if alpha[i].insert(s) {
                        changed = true;
                    }
                }
                if alpha[i].len() > MAX_STATES {
                    let mut all: RState = Vec::new();
                    for s in &alpha[i] {
                        all = plus(&all, &many(s));
                    }
                    alpha[i] = BTreeSet::from([all]);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut params = BTreeSet::new();
        let mut with_param = BTreeSet::new();
        let mut with_new = BTreeSet::new();
        for states in &alpha {
            for s in states {
                for (x, &(r1, c1)) in s.iter().enumerate() {
                    if let (Root::Site(a), 2) = (r1, c1) {
                        with_new.insert((a, a));
                    }
                    for &(r2, _) in &s[x + 1..] {
                        match (r1, r2) {
                            (Root::Param(i), Root::Param(j)) => {
                                params.insert((i.min(j), i.max(j)));
                            }
                            (Root::Param(i), Root::Site(a)) | (Root::Site(a), Root::Param(i)) => {
                                with_param.insert((a, i));
                            }
                            (Root::Site(a), Root::Site(b)) => {
                                with_new.insert((a.min(b), a.max(b)));
                            }
                        }
                    }
                }
            }
        }
        ExitLocks {
            reachable: true,
            params: params.into_iter().collect(),
            new_with_param: with_param.into_iter().collect(),
            new_with_new: with_new.into_iter().collect(),
        }
    }
}

/// The static type of an expression before widening conversions.
fn unwiden(e: &Expr) -> &Type {
    match &e.kind {
        ExprKind::Widen(x) => unwiden(x),
        _ => &e.ty,
    }
}

fn rename(v: &mut Vals, from: u32, to: u32) {
    if let Some(i) = v.iter().position(|&x| x == from) {
        v.remove(i);
        if let Err(j) = v.binary_search(&to) {
            v.insert(j, to);
        }
    }
}

/// Calls `f` on every expression of a block, outermost first.
fn for_each_expr_in_block<'a>(b: &'a Block, f: &mut dyn FnMut(&'a Expr)) {
    for s in &b.stmts {
        for_each_expr_in_stmt(s, f);
    }
}

fn for_each_expr_in_stmt<'a>(s: &'a Stmt, f: &mut dyn FnMut(&'a Expr)) {
    match &s.kind {
        StmtKind::Local { init, .. } => {
            if let Some(e) = init {
                for_each_expr(e, f);
            }
        }
        StmtKind::Expr(e) => for_each_expr(e, f),
        StmtKind::Block(b) => for_each_expr_in_block(b, f),
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            for_each_expr(cond, f);
            for_each_expr_in_stmt(then_branch, f);
            if let Some(e) = else_branch {
                for_each_expr_in_stmt(e, f);
            }
        }
        StmtKind::While { cond, body, .. } | StmtKind::DoWhile { cond, body, .. } => {
            for_each_expr(cond, f);
            for_each_expr_in_stmt(body, f);
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
            ..
        } => {
            for s in init {
                for_each_expr_in_stmt(s, f);
            }
            if let Some(c) = cond {
                for_each_expr(c, f);
            }
            for u in update {
                for_each_expr(u, f);
            }
            for_each_expr_in_stmt(body, f);
        }
        StmtKind::ForEach { array, body, .. } => {
            for_each_expr(array, f);
            for_each_expr_in_stmt(body, f);
        }
        StmtKind::Switch {
            scrutinee, cases, ..
        } => {
            for_each_expr(scrutinee, f);
            for c in cases {
                for s in &c.body {
                    for_each_expr_in_stmt(s, f);
                }
            }
        }
        StmtKind::Labeled { body, .. } => for_each_expr_in_stmt(body, f),
        StmtKind::Return(Some(e)) => for_each_expr(e, f),
        StmtKind::CtorCall { args, .. } => {
            for a in args {
                for_each_expr(a, f);
            }
        }
        StmtKind::Return(None)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::TaskExit(_)
        | StmtKind::Empty => {}
    }
}

fn for_each_expr<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Const(_)
        | ExprKind::Local(_)
        | ExprKind::This
        | ExprKind::StaticField(_)
        | ExprKind::NewTag(_) => {}
        ExprKind::Field { object: x, .. }
        | ExprKind::ArrayLength(x)
        | ExprKind::Unary { operand: x, .. }
        | ExprKind::IncDec { target: x, .. }
        | ExprKind::Convert(x)
        | ExprKind::Widen(x)
        | ExprKind::CheckedCast(x)
        | ExprKind::InstanceOf { operand: x, .. } => for_each_expr(x, f),
        ExprKind::Index { array: a, index: b }
        | ExprKind::Binary { lhs: a, rhs: b, .. }
        | ExprKind::Assign {
            target: a,
            value: b,
        }
        | ExprKind::CompoundAssign {
            target: a,
            value: b,
            ..
        }
        | ExprKind::ConcatAssign {
            target: a,
            value: b,
        } => {
            for_each_expr(a, f);
            for_each_expr(b, f);
        }
        ExprKind::Call { receiver, args, .. } => {
            if let Some(r) = receiver {
                for_each_expr(r, f);
            }
            for a in args {
                for_each_expr(a, f);
            }
        }
        ExprKind::New { args, .. } | ExprKind::ArrayLiteral(args) | ExprKind::Concat(args) => {
            for a in args {
                for_each_expr(a, f);
            }
        }
        ExprKind::NewArray { dims } => {
            for d in dims {
                for_each_expr(d, f);
            }
        }
        ExprKind::Conditional {
            cond,
            then_expr,
            else_expr,
        } => {
            for_each_expr(cond, f);
            for_each_expr(then_expr, f);
            for_each_expr(else_expr, f);
        }
    }
}

/// Calls `f` on the constructor of every `this(...)`/`super(...)` call.
fn for_each_ctor_call(b: &Block, f: &mut dyn FnMut(MethodId)) {
    fn stmt(s: &Stmt, f: &mut dyn FnMut(MethodId)) {
        match &s.kind {
            StmtKind::CtorCall { ctor, .. } => f(*ctor),
            StmtKind::Block(b) => for_each_ctor_call(b, f),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                stmt(then_branch, f);
                if let Some(e) = else_branch {
                    stmt(e, f);
                }
            }
            StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. }
            | StmtKind::ForEach { body, .. }
            | StmtKind::Labeled { body, .. } => stmt(body, f),
            _ => {}
        }
    }
    for s in &b.stmts {
        stmt(s, f);
    }
}
