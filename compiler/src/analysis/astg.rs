//! Dependence analysis: abstract state transition graphs (paper section 4.1).
//!
//! In: a checked `hir::Program`. Out: one `Astg` per class whose objects are
//! task objects (allocated with an allocation block, or the
//! `StartupObject`), in class id order.
//!
//! An abstract state is an object's flag word plus a 1-limited count (zero,
//! one, many) of the tag instances of each tag type bound to it. The
//! analysis starts from the allocation states (each allocation block's
//! flags and tags) and the `StartupObject`'s `initialstate`, and follows
//! every task that can fire: a state may be parameter `i` of task `T` when
//! it satisfies that parameter's flag guard and tag requirements, and every
//! other parameter of `T` is satisfiable by some reachable state (iterated
//! to a fixpoint, since new states can enable tasks). Each reachable exit
//! of `T` (the implicit end of the body only when the body can complete
//! normally) applies its flag changes and tag actions, giving an edge.
//!
//! Invariants after it: every state of an `Astg` belongs to its class;
//! `tags` is sorted by tag type with zero counts omitted; edges are unique
//! and sorted by (from, task, exit, param, to); state order is discovery
//! order, which depends only on the program. The exploration stops at
//! `MAX_STATES` states, then `truncated` is set (and the graph is only a
//! part of the truth, so checks built on it must stay silent).

mod tags;

use super::callgraph::call_targets;
use crate::hir::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
pub(crate) use tags::TagTypes;

/// The most abstract states the analysis explores before giving up.
pub const MAX_STATES: usize = 20_000;

/// A 1-limited count of bound tag instances of one tag type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TagCount {
    Zero,
    One,
    Many,
}

/// An object's abstract state: flags and counts of bound tags.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbstractState {
    pub class: ClassId,
    /// The flag word, over the class's flag bits (inherited flags first).
    pub flags: u64,
    /// Sorted by tag type; `Zero` counts are omitted.
    pub tags: Vec<(TagTypeId, TagCount)>,
}

impl AbstractState {
    /// `Text{submit}`, `Node{waiting}{group:1, color:many}`: the class, the
    /// flags that are set in bit order, then the bound tags if any.
    pub fn label(&self, p: &Program) -> String {
        let class = p.class(self.class);
        let flags: Vec<&str> = class
            .flags
            .iter()
            .enumerate()
            .filter(|(i, _)| self.flags & (1u64 << i) != 0)
            .map(|(_, f)| f.name.as_str())
            .collect();
        let mut s = format!("{}{{{}}}", class.name, flags.join(", "));
        if !self.tags.is_empty() {
            let tags: Vec<String> = self
                .tags
                .iter()
                .map(|(tt, c)| {
                    let n = match c {
                        TagCount::Zero => "0",
                        TagCount::One => "1",
                        TagCount::Many => "many",
                    };
                    format!("{}:{n}", p.tag_types[tt.0 as usize])
                })
                .collect();
            s.push_str(&format!("{{{}}}", tags.join(", ")));
        }
        s
    }

    pub fn tag_count(&self, tt: TagTypeId) -> TagCount {
        self.tags
            .iter()
            .find(|(t, _)| *t == tt)
            .map_or(TagCount::Zero, |(_, c)| *c)
    }

    fn with_tag_count(&self, tt: TagTypeId, count: TagCount) -> AbstractState {
        let mut s = self.clone();
        s.tags.retain(|(t, _)| *t != tt);
        if count != TagCount::Zero {
            s.tags.push((tt, count));
            s.tags.sort();
        }
        s
    }
}

/// The abstract state transition graph of one class.
#[derive(Clone, Debug)]
pub struct Astg {
    pub class: ClassId,
    pub states: Vec<AbstractState>,
    /// Allocation states: state index and the allocation site producing it.
    pub initial: Vec<(usize, AllocSiteId)>,
    pub edges: Vec<AstgEdge>,
    /// The index of the `StartupObject`'s initial state (in its class's
    /// graph only).
    pub startup: Option<usize>,
    /// Whether the exploration hit `MAX_STATES` (the graph is incomplete).
    pub truncated: bool,
}

/// A task exit moving an object, as parameter `param`, between two states.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AstgEdge {
    pub from: usize,
    pub to: usize,
    pub task: TaskId,
    pub exit: ExitId,
    pub param: u32,
}

/// Whether an object in `state` may be parameter `param` of `task`: its
/// class fits, its flags satisfy the guard, and it is bound to a tag of
/// every type the parameter's `with` clause names.
pub fn satisfies(p: &Program, task: TaskId, param: u32, state: &AbstractState) -> bool {
    let tp = &p.task(task).params[param as usize];
    p.is_subclass(state.class, tp.class)
        && tp.guard.eval(state.flags)
        && tp
            .tags
            .iter()
            .all(|(tt, _)| state.tag_count(*tt) != TagCount::Zero)
}

/// The number the runtime (profiles, statistics, traces) gives an exit:
/// 0 for the end of the body, k for the k-th `taskexit` statement.
pub fn runtime_exit_number(task: &Task, exit: ExitId) -> u32 {
    if task.exits[exit.0 as usize].implicit {
        0
    } else {
        exit.0 + 1
    }
}

/// Builds the ASTG of every class whose objects are task objects.
pub fn build(p: &Program) -> Vec<Astg> {
    let tags = TagTypes::infer(p);
    let mut ex = Explorer::new(p, &tags);
    ex.run();
    ex.into_astgs()
}

/// Every statement of a block, nested ones included, outermost first.
fn collect_stmts<'p>(b: &'p Block, out: &mut Vec<&'p Stmt>) {
    for s in &b.stmts {
        visit_stmt(s, &mut |x| out.push(x));
    }
}

/// The allocation blocks of every body: site, owner and initial state.
fn allocation_blocks(p: &Program) -> Vec<(AllocSiteId, BodyOwner, AllocState)> {
    let mut out = Vec::new();
    let mut scan = |owner: BodyOwner, b: &Block| {
        let mut exprs = Vec::new();
        collect_block_exprs(b, &mut exprs);
        for e in exprs {
            visit_expr(e, &mut |x| {
                if let ExprKind::New { alloc: Some(a), .. } = &x.kind {
                    out.push((a.site, owner, a.clone()));
                }
            });
        }
    };
    for (i, m) in p.methods.iter().enumerate() {
        if let Some(b) = &m.body {
            scan(BodyOwner::Method(MethodId(i as u32)), b);
        }
    }
    for (i, t) in p.tasks.iter().enumerate() {
        scan(BodyOwner::Task(TaskId(i as u32)), &t.body);
    }
    out.sort_by_key(|(site, ..)| *site);
    out
}

/// Binds one more tag of type `tt`. `same_instance` says the tag is surely
/// one the object already holds (a tag the task's guard bound to it).
fn add_tag(s: &AbstractState, tt: TagTypeId, same_instance: bool) -> Vec<AbstractState> {
    match s.tag_count(tt) {
        TagCount::Zero => vec![s.with_tag_count(tt, TagCount::One)],
        TagCount::One if same_instance => vec![s.clone()],
        TagCount::One => vec![
            s.with_tag_count(tt, TagCount::One),
            s.with_tag_count(tt, TagCount::Many),
        ],
        TagCount::Many => vec![s.clone()],
    }
}

/// Unbinds a tag of type `tt`; `surely_bound` says the object holds it.
fn clear_tag(s: &AbstractState, tt: TagTypeId, surely_bound: bool) -> Vec<AbstractState> {
    match s.tag_count(tt) {
        TagCount::Zero => vec![s.clone()],
        TagCount::One if surely_bound => vec![s.with_tag_count(tt, TagCount::Zero)],
        TagCount::One => vec![s.with_tag_count(tt, TagCount::Zero), s.clone()],
        TagCount::Many => vec![
            s.with_tag_count(tt, TagCount::One),
            s.with_tag_count(tt, TagCount::Many),
        ],
    }
}

/// Applies a tag action to every state of a set for every tag type the tag
/// variable may hold, collecting the distinct results in order. A variable
/// that holds no tag type (it is never given a tag) changes nothing.
fn each(
    states: Vec<AbstractState>,
    types: &BTreeSet<TagTypeId>,
    f: impl Fn(&AbstractState, TagTypeId) -> Vec<AbstractState>,
) -> Vec<AbstractState> {
    if types.is_empty() {
        return states;
    }
    let mut out: Vec<AbstractState> = Vec::new();
    for s in &states {
        for n in types.iter().flat_map(|&tt| f(s, tt)) {
            if !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

struct Explorer<'a> {
    p: &'a Program,
    tags: &'a TagTypes,
    states: Vec<AbstractState>,
    index: HashMap<AbstractState, usize>,
    initial: Vec<(usize, AllocSiteId)>,
    startup: usize,
    edges: BTreeSet<AstgEdge>,
    truncated: bool,
}

impl<'a> Explorer<'a> {
    fn new(p: &'a Program, tags: &'a TagTypes) -> Explorer<'a> {
        let mut ex = Explorer {
            p,
            tags,
            states: Vec::new(),
            index: HashMap::new(),
            initial: Vec::new(),
            startup: 0,
            edges: BTreeSet::new(),
            truncated: false,
        };
        ex.startup = ex
            .intern(AbstractState {
                class: p.well_known.startup,
                flags: 1u64 << p.well_known.initial_state.0,
                tags: Vec::new(),
            })
            .expect("the first state always fits");
        for (site, owner, a) in allocation_blocks(p) {
            let mut states = vec![AbstractState {
                class: p.alloc_site(site).class,
                flags: a.flags,
                tags: Vec::new(),
            }];
            for &local in &a.tags {
                let types = tags.local(owner, local);
                states = each(states, &types, |s, tt| add_tag(s, tt, false));
            }
            for s in states {
                let Some(i) = ex.intern(s) else { break };
                if !ex.initial.contains(&(i, site)) {
                    ex.initial.push((i, site));
                }
            }
        }
        ex
    }

    /// The index of a state, added if new; `None` (and `truncated`) when
    /// the graph is full.
    fn intern(&mut self, s: AbstractState) -> Option<usize> {
        if let Some(&i) = self.index.get(&s) {
            return Some(i);
        }
        if self.states.len() >= MAX_STATES {
            self.truncated = true;
            return None;
        }
        self.states.push(s.clone());
        self.index.insert(s, self.states.len() - 1);
        Some(self.states.len() - 1)
    }

    /// Explores until no task can fire on a new state. States are
    /// processed in discovery order; a task that becomes able to fire (its
    /// last unsatisfied parameter found a state) is first applied to every
    /// state processed before. So each (state, task, parameter) is fired
    /// exactly once.
    fn run(&mut self) {
        let p = self.p;
        let mut param_ok: Vec<Vec<bool>> = p
            .tasks
            .iter()
            .map(|t| vec![false; t.params.len()])
            .collect();
        let mut fireable = vec![false; p.tasks.len()];
        let mut next = 0;
        while next < self.states.len() && !self.truncated {
            let s = next;
            next += 1;
            let mut newly = Vec::new();
            for (ti, oks) in param_ok.iter_mut().enumerate() {
                let task = TaskId(ti as u32);
                for (i, ok) in oks.iter_mut().enumerate() {
                    if !*ok && satisfies(p, task, i as u32, &self.states[s]) {
                        *ok = true;
                    }
                }
                if !fireable[ti] && oks.iter().all(|&ok| ok) {
                    fireable[ti] = true;
                    newly.push(task);
                }
            }
            for task in newly {
                for earlier in 0..s {
                    self.fire_all_params(earlier, task);
                }
            }
            for (ti, &f) in fireable.iter().enumerate() {
                if f {
                    self.fire_all_params(s, TaskId(ti as u32));
                }
            }
        }
    }

    /// Fires `task` on `state` as every parameter whose guard it satisfies.
    fn fire_all_params(&mut self, state: usize, task: TaskId) {
        for param in 0..self.p.task(task).params.len() as u32 {
            if satisfies(self.p, task, param, &self.states[state]) {
                self.fire(state, task, param);
            }
        }
    }

    /// Adds the edges of every reachable exit of `task` taking state `from`
    /// as parameter `param`.
    fn fire(&mut self, from: usize, task: TaskId, param: u32) {
        let t = self.p.task(task);
        let tp = &t.params[param as usize];
        let owner = BodyOwner::Task(task);
        for (ei, exit) in t.exits.iter().enumerate() {
            if !exit.reachable {
                continue;
            }
            let change = &exit.changes[param as usize];
            let s = &self.states[from];
            let mut next = vec![AbstractState {
                class: s.class,
                flags: (s.flags & !change.clear) | change.set,
                tags: s.tags.clone(),
            }];
            // A tag variable the guard bound to this parameter, and that the
            // body never reassigns, is surely bound to the object.
            let own = |l: LocalId| {
                tp.tags.iter().any(|(_, v)| *v == l) && !self.tags.is_reassigned(owner, l)
            };
            for &l in &change.add_tags {
                let types = self.tags.local(owner, l);
                next = each(next, &types, |s, tt| add_tag(s, tt, own(l)));
            }
            for &l in &change.clear_tags {
                let types = self.tags.local(owner, l);
                next = each(next, &types, |s, tt| clear_tag(s, tt, own(l)));
            }
            for n in next {
                let Some(to) = self.intern(n) else { return };
                self.edges.insert(AstgEdge {
                    from,
                    to,
                    task,
                    exit: ExitId(ei as u32),
                    param,
                });
            }
        }
    }

    fn into_astgs(self) -> Vec<Astg> {
        let mut classes: BTreeMap<ClassId, Astg> = BTreeMap::new();
        let mut local = vec![0usize; self.states.len()];
        for (i, s) in self.states.iter().enumerate() {
            let g = classes.entry(s.class).or_insert_with(|| Astg {
                class: s.class,
                states: Vec::new(),
                initial: Vec::new(),
                edges: Vec::new(),
                startup: None,
                truncated: self.truncated,
            });
            local[i] = g.states.len();
            g.states.push(s.clone());
        }
        for &(i, site) in &self.initial {
            let g = classes.get_mut(&self.states[i].class).expect("interned");
            g.initial.push((local[i], site));
        }
        let startup = &self.states[self.startup];
        classes.get_mut(&startup.class).expect("interned").startup = Some(local[self.startup]);
        for e in &self.edges {
            let g = classes
                .get_mut(&self.states[e.from].class)
                .expect("interned");
            g.edges.push(AstgEdge {
                from: local[e.from],
                to: local[e.to],
                ..*e
            });
        }
        let mut out: Vec<Astg> = classes.into_values().collect();
        for g in &mut out {
            g.edges
                .sort_by_key(|e| (e.from, e.task, e.exit, e.param, e.to));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn describe(p: &Program, gs: &[Astg]) -> String {
        let mut s = String::new();
        for g in gs {
            for (i, st) in g.states.iter().enumerate() {
                let init: Vec<String> = g
                    .initial
                    .iter()
                    .filter(|(j, _)| *j == i)
                    .map(|(_, site)| format!(" new#{}", site.0))
                    .collect();
                s.push_str(&format!("{}{}\n", st.label(p), init.concat()));
            }
            for e in &g.edges {
                let t = p.task(e.task);
                s.push_str(&format!(
                    "  {} -{}:{}/{}-> {}\n",
                    g.states[e.from].label(p),
                    t.name,
                    runtime_exit_number(t, e.exit),
                    e.param,
                    g.states[e.to].label(p)
                ));
            }
        }
        s
    }

    #[test]
    fn keyword_example() {
        let src = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/keyword.bb"
        ))
        .unwrap();
        let p = crate::test_support::program(&src);
        let gs = build(&p);
        let d = describe(&p, &gs);
        let expected = "\
StartupObject{initialstate}
StartupObject{}
  StartupObject{initialstate} -startup:1/0-> StartupObject{}
Text{process} new#0
Text{submit}
Text{}
  Text{process} -processText:1/0-> Text{submit}
  Text{submit} -mergeIntermediateResult:1/1-> Text{}
  Text{submit} -mergeIntermediateResult:2/1-> Text{}
Results{} new#1
Results{finished}
  Results{} -mergeIntermediateResult:1/0-> Results{finished}
  Results{} -mergeIntermediateResult:2/0-> Results{}
";
        assert_eq!(d, expected);
    }

    #[test]
    fn multi_parameter_task_waits_for_its_other_parameter() {
        // `join` needs a B in `ready`, which only `prep` produces; `prep`
        // itself needs an A in `go`, produced by `start`.
        let p = crate::test_support::program(
            "class A { flag go; flag done; }\n\
             class B { flag ready; }\n\
             task startup(StartupObject s in initialstate) { new A() { go := true }; new B() {}; taskexit(s: initialstate := false); }\n\
             task prep(B b in !ready, A a in go) { taskexit(b: ready := true; a: go := false); }\n\
             task join(A a in !go and !done, B b in ready) { taskexit(a: done := true); }\n",
        );
        let d = describe(&p, &build(&p));
        assert!(d.contains("A{} -join:1/0-> A{done}"), "{d}");
        assert!(d.contains("B{} -prep:1/0-> B{ready}"), "{d}");
    }

    #[test]
    fn tags_are_counted_one_limited() {
        let p = crate::test_support::program(
            "class N { flag w; }\n\
             task startup(StartupObject s in initialstate) { tag t = new tag(link); new N() { w := true, add t }; taskexit(s: initialstate := false); }\n\
             task more(N n in w with link t) { tag u = new tag(link); taskexit(n: w := false, add u); }\n\
             task drop(N n in !w with link t) { taskexit(n: clear t); }\n",
        );
        let d = describe(&p, &build(&p));
        assert!(d.contains("N{w}{link:1} new#0"), "{d}");
        assert!(d.contains("N{w}{link:1} -more:1/0-> N{}{link:1}"), "{d}");
        assert!(d.contains("N{w}{link:1} -more:1/0-> N{}{link:many}"), "{d}");
        assert!(d.contains("N{}{link:1} -drop:1/0-> N{}"), "{d}");
        assert!(d.contains("N{}{link:many} -drop:1/0-> N{}{link:1}"), "{d}");
    }

    #[test]
    fn tag_types_flow_through_methods() {
        let p = crate::test_support::program(
            "class N { flag w; }\n\
             class M { static tag make() { return new tag(red); } static void put(tag t) { new N() { w := true, add t }; } }\n\
             task startup(StartupObject s in initialstate) { tag t = M.make(); M.put(t); taskexit(s: initialstate := false); }\n\
             task use(N n in w with red t) { taskexit(n: w := false); }\n",
        );
        let d = describe(&p, &build(&p));
        assert!(d.contains("N{w}{red:1} new#0"), "{d}");
        assert!(d.contains("-use:1/0-> N{}{red:1}"), "{d}");
    }

    #[test]
    fn state_explosion_is_cut_off() {
        // Every subset of 16 flags is reachable: 65536 states.
        let flags: String = (0..16).map(|i| format!("flag f{i}; ")).collect();
        let exits: String = (0..16)
            .map(|i| format!("if (c.hashCode() == {i}) taskexit(c: f{i} := true); "))
            .collect();
        let src = format!(
            "class C {{ {flags} }}\n\
             task startup(StartupObject s in initialstate) {{ new C() {{}}; taskexit(s: initialstate := false); }}\n\
             task t(C c in true) {{ {exits} }}\n"
        );
        let p = crate::test_support::program(&src);
        let start = std::time::Instant::now();
        let gs = build(&p);
        assert!(gs.iter().all(|g| g.truncated));
        assert_eq!(gs.iter().map(|g| g.states.len()).sum::<usize>(), MAX_STATES);
        // Only the flags f1..f15 draw W0004 (nothing reads them); no W0001/W0002.
        let w = crate::analysis::checks::check(&p, &gs);
        assert!(
            w.iter()
                .all(|w| matches!(w, crate::analysis::checks::GraphWarning::FlagUnused { .. })),
            "{w:?}"
        );
        // Generous: the cut-off exists so that this stays fast.
        assert!(start.elapsed().as_secs() < 60);
    }

    #[test]
    fn unreachable_end_of_body_is_no_edge() {
        let p = crate::test_support::program(
            "class A { flag f; }\n\
             task startup(StartupObject s in initialstate) { new A() { f := true }; taskexit(s: initialstate := false); }\n\
             task t(A a in f) { if (a.hashCode() > 0) taskexit(a: f := false); }\n",
        );
        let d = describe(&p, &build(&p));
        assert!(d.contains("A{f} -t:0/0-> A{f}"), "{d}");
        assert!(!d.contains("startup:0"), "{d}");
    }
}
