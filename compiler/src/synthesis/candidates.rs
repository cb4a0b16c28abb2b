//! Candidate layouts (paper 4.3.2-4.3.4).
//!
//! In: a [`Model`] (the CSTG with the profile's Markov model), a core
//! count and a seeded RNG. Out: core groups arranged as a tree
//! ([`core_groups`]), replicated by the data-parallelisation and
//! rate-matching rules ([`parallelise`]), and the mapping problem
//! ([`Mapping`]: the copies of the group instances to place on cores;
//! random or all non-isomorphic assignments, [`Mapping::random`],
//! [`Mapping::enumerate`]), whose host assignments [`layout_from_hosts`]
//! turns into validated [`Layout`]s. The annealing (`anneal`) searches the
//! same space.
//!
//! 4.3.2: the graph has a node per state and a conceptual task node per
//! (state, task) where the task takes the object as parameter 0; state to
//! task node to next state are transition edges (a later parameter's
//! object goes from its state straight to its next state), task node to
//! allocated state are new-object edges. Its strongly connected components
//! (petgraph's Tarjan) joined along transition edges form core groups,
//! except that a state objects are allocated in starts a group of its own
//! (data locality: an object's tasks stay together unless new objects
//! start new work). The groups are unfolded from the startup group into a
//! tree: a group fed by new-object edges from several groups is
//! duplicated, one copy per feeding group. Groups no new-object edge
//! reaches hang off the root.
//!
//! 4.3.3: a group fed by task A allocating m objects per invocation is
//! replicated: with n = ceil(m * t_process / t_cycle) when A lies on a
//! cycle (t_cycle: A's time plus the shortest way back to A's state;
//! t_process: the group's work per object, from the profile), the group
//! gets max(m, n) copies (data parallelisation when m is larger, rate
//! matching when n is), else ceil(m); never more than the cores.
//!
//! 4.3.4: a backtracking enumeration assigns the group instances, root
//! first, to cores in restricted-growth order (core k is used only after
//! core k-1) with copies of one group in non-decreasing core order, so no
//! two assignments differ by renaming cores or swapping copies; each
//! choice is skipped with a probability (never the last one left), which
//! samples the space. [`Mapping::canonical`] puts any assignment in this
//! form (cores renamed in order of first use, copies sorted), so moves
//! made by the optimiser stay in the enumerated space. [`layout_from_hosts`] turns an assignment into a
//! layout: a task with several instances is round-robin (one parameter),
//! tag-hashed (parameters sharing a tag) or reduced to its lowest-core
//! instance; the startup task runs on core 0; routes send objects of
//! tasks fed from elsewhere (by allocations, or handed over by a task
//! of another group: [`fed_from_elsewhere`]), and of tag-hashed tasks, to
//! every instance and keep other objects on their core when it hosts the
//! next task. [`default_layout`] is the default layout of the model,
//! which the optimiser always scores too.

use crate::hir::TaskId;
use crate::synthesis::layout::{Layout, Policy};
use crate::synthesis::sim::Model;
use petgraph::algo::{dijkstra, tarjan_scc};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::unionfind::UnionFind;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};

/// A core group of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Tasks whose parameter-0 objects live in the group, in id order.
    pub tasks: Vec<u32>,
    /// The group instance whose allocations feed this one (`None`: the
    /// root, the startup object's group).
    pub parent: Option<usize>,
    /// The allocating task of the parent and its expected objects per
    /// invocation into this group.
    pub feeder: Option<(u32, f64)>,
    /// Which group of the graph this is a copy of.
    pub origin: usize,
    /// Copies after 4.3.3 (1 before).
    pub copies: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Node {
    State(u32),
    Task(u32),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Edge {
    Transition,
    NewObject,
}

struct Graph {
    g: DiGraph<Node, Edge>,
    states: Vec<NodeIndex>,
    /// Task nodes: (task, source state) -> node.
    task_nodes: BTreeMap<(u32, u32), NodeIndex>,
}

fn build_graph(m: &Model) -> Graph {
    let mut g = DiGraph::new();
    let states: Vec<NodeIndex> = (0..m.states.len() as u32)
        .map(|s| g.add_node(Node::State(s)))
        .collect();
    let mut task_nodes = BTreeMap::new();
    for (s, st) in m.states.iter().enumerate() {
        for &(t, p) in &st.consumers {
            let task = &m.tasks[t as usize];
            if p != 0 {
                for e in &task.exits {
                    if let Some(n) = e.successor(p as usize, s as u32) {
                        g.add_edge(states[s], states[n as usize], Edge::Transition);
                    }
                }
                continue;
            }
            let tn = g.add_node(Node::Task(t));
            task_nodes.insert((t, s as u32), tn);
            g.add_edge(states[s], tn, Edge::Transition);
            for e in &task.exits {
                if let Some(n) = e.successor(0, s as u32) {
                    g.add_edge(tn, states[n as usize], Edge::Transition);
                }
                for a in &e.allocs {
                    g.add_edge(tn, states[a.state as usize], Edge::NewObject);
                }
            }
        }
    }
    Graph {
        g,
        states,
        task_nodes,
    }
}

/// The most group instances the tree may unfold to (a guard against
/// exponential duplication).
const MAX_INSTANCES: usize = 512;

/// The tree of core groups (4.3.2), root first, every instance after its
/// parent.
pub fn core_groups(m: &Model) -> Vec<Group> {
    let gr = build_graph(m);
    let g = &gr.g;
    let sccs = tarjan_scc(g);
    let mut scc_of = vec![0usize; g.node_count()];
    for (i, c) in sccs.iter().enumerate() {
        for n in c {
            scc_of[n.index()] = i;
        }
    }
    let alloc_state: BTreeSet<usize> = g
        .edge_indices()
        .filter(|&e| g[e] == Edge::NewObject)
        .map(|e| g.edge_endpoints(e).expect("edge exists").1.index())
        .collect();
    let mut uf = UnionFind::<usize>::new(sccs.len());
    for e in g.edge_indices() {
        let (u, v) = g.edge_endpoints(e).expect("edge exists");
        if g[e] == Edge::Transition
            && scc_of[u.index()] != scc_of[v.index()]
            && !alloc_state.contains(&v.index())
        {
            uf.union(scc_of[u.index()], scc_of[v.index()]);
        }
    }
    // Number the groups in node order so the result is deterministic.
    let mut group_id: BTreeMap<usize, usize> = BTreeMap::new();
    let mut group_of = vec![0usize; g.node_count()];
    for n in g.node_indices() {
        let rep = uf.find(scc_of[n.index()]);
        let next = group_id.len();
        group_of[n.index()] = *group_id.entry(rep).or_insert(next);
    }
    let ngroups = group_id.len();
    let mut tasks: Vec<BTreeSet<u32>> = vec![BTreeSet::new(); ngroups];
    for (&(t, _), &tn) in &gr.task_nodes {
        tasks[group_of[tn.index()]].insert(t);
    }
    // New-object edges between groups: (from, to) -> (task, expected count).
    let mut feeds: BTreeMap<(usize, usize), (u32, f64)> = BTreeMap::new();
    for e in g.edge_indices() {
        if g[e] != Edge::NewObject {
            continue;
        }
        let (u, v) = g.edge_endpoints(e).expect("edge exists");
        let (gu, gv) = (group_of[u.index()], group_of[v.index()]);
        if gu == gv {
            continue;
        }
        let Node::Task(t) = g[u] else { continue };
        let Node::State(s) = g[v] else { continue };
        let mean = m
            .expected_allocs(t as usize)
            .iter()
            .find(|(st, _)| *st == s)
            .map_or(0.0, |&(_, c)| c);
        let slot = feeds.entry((gu, gv)).or_insert((t, 0.0));
        // The feeding task is the one allocating most.
        if mean > slot.1 {
            *slot = (t, mean);
        }
    }
    let root = group_of[gr.states[m.startup as usize].index()];
    let mut out = vec![Group {
        tasks: tasks[root].iter().copied().collect(),
        parent: None,
        feeder: None,
        origin: root,
        copies: 1,
    }];
    let mut reached = vec![false; ngroups];
    reached[root] = true;
    // Unfold depth first; a group on the path from the root is not
    // re-entered (a cycle of allocations stays in its first copy).
    let mut stack = vec![(0usize, vec![root])];
    while let Some((inst, path)) = stack.pop() {
        let from = out[inst].origin;
        let children: Vec<(usize, (u32, f64))> = feeds
            .range((from, 0)..(from + 1, 0))
            .map(|(&(_, to), &f)| (to, f))
            .filter(|(to, _)| !path.contains(to))
            .collect();
        for (to, feeder) in children.into_iter().rev() {
            if out.len() >= MAX_INSTANCES {
                break;
            }
            reached[to] = true;
            out.push(Group {
                tasks: tasks[to].iter().copied().collect(),
                parent: Some(inst),
                feeder: Some(feeder),
                origin: to,
                copies: 1,
            });
            let mut p = path.clone();
            p.push(to);
            stack.push((out.len() - 1, p));
        }
    }
    for (gid, ts) in tasks.iter().enumerate() {
        if !reached[gid] && !ts.is_empty() {
            out.push(Group {
                tasks: ts.iter().copied().collect(),
                parent: Some(0),
                feeder: None,
                origin: gid,
                copies: 1,
            });
        }
    }
    out.retain(|gr| !gr.tasks.is_empty() || gr.parent.is_none());
    out
}

/// Work per object entering a group (t_process): the profiled time of its
/// tasks over the objects its feeders allocate.
fn process_time(m: &Model, group: &Group) -> f64 {
    let work: f64 = group
        .tasks
        .iter()
        .map(|&t| m.tasks[t as usize].invocations as f64 * m.mean_time(t as usize))
        .sum();
    let Some((feeder, mean)) = group.feeder else {
        return work;
    };
    let objects = m.tasks[feeder as usize].invocations as f64 * mean;
    if objects > 0.0 {
        work / objects
    } else {
        group.tasks.iter().map(|&t| m.mean_time(t as usize)).sum()
    }
}

/// The shortest time around a cycle through task `t` (t_cycle), if `t`
/// lies on one.
fn cycle_time(m: &Model, gr: &Graph, t: u32) -> Option<f64> {
    let g = &gr.g;
    let weight = |e: petgraph::graph::EdgeReference<Edge>| {
        use petgraph::visit::EdgeRef;
        match g[e.target()] {
            Node::Task(t) => m.mean_time(t as usize),
            Node::State(_) => 0.0,
        }
    };
    let mut best: Option<f64> = None;
    for (&(task, s), &tn) in &gr.task_nodes {
        if task != t {
            continue;
        }
        let dist = dijkstra(g, tn, Some(gr.states[s as usize]), weight);
        if let Some(&d) = dist.get(&gr.states[s as usize]) {
            let c = m.mean_time(t as usize) + d;
            best = Some(best.map_or(c, |b: f64| b.min(c)));
        }
    }
    best
}

/// The replication rules of 4.3.3: sets `copies` of every group instance.
pub fn parallelise(m: &Model, groups: &mut [Group], cores: u32) {
    let gr = build_graph(m);
    for group in groups.iter_mut() {
        let Some((feeder, mean)) = group.feeder else {
            continue;
        };
        let mm = (mean - 1e-9).ceil().max(1.0);
        let copies = match cycle_time(m, &gr, feeder) {
            Some(t_cycle) if t_cycle > 0.0 => {
                let n = (mean * process_time(m, group) / t_cycle - 1e-9).ceil();
                mm.max(n)
            }
            _ => mm,
        };
        group.copies = copies.min(f64::from(cores.max(1))) as u32;
    }
}

/// One item of the mapping: a copy of a group instance.
#[derive(Clone, Debug)]
struct Item {
    tasks: Vec<u32>,
    /// Copies of one instance are interchangeable.
    instance: usize,
}

/// Host assignments: per core, the tasks it hosts in id order.
pub type Hosts = Vec<Vec<u32>>;

/// The mapping problem of 4.3.4: the copies of the group instances
/// (items, root first, the copies of one instance adjacent) to place on
/// `cores` cores. An assignment gives each item a core; it is in
/// restricted-growth form when the root is on core 0, every item's core is
/// at most one more than the largest core before it, and the copies of an
/// instance are in non-decreasing core order. Every layout of the search
/// space (the synthesis candidates and everything the optimiser derives
/// from them) is the [`Mapping::hosts`] of such an assignment.
#[derive(Clone, Debug)]
pub struct Mapping {
    items: Vec<Item>,
    pub cores: u32,
    ntasks: usize,
}

impl Mapping {
    /// The tree, the replication rules, then the items.
    pub fn new(m: &Model, cores: u32) -> Mapping {
        let mut groups = core_groups(m);
        parallelise(m, &mut groups, cores);
        Mapping::of_groups(m, &groups, cores)
    }

    pub fn of_groups(m: &Model, groups: &[Group], cores: u32) -> Mapping {
        let mut items = Vec::new();
        for (i, g) in groups.iter().enumerate() {
            for _ in 0..g.copies.max(1) {
                items.push(Item {
                    tasks: g.tasks.clone(),
                    instance: i,
                });
            }
        }
        Mapping {
            items,
            cores: cores.max(1),
            ntasks: m.tasks.len(),
        }
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The tasks of item `k`.
    pub fn tasks(&self, k: usize) -> &[u32] {
        &self.items[k].tasks
    }

    /// The group instance item `k` is a copy of.
    pub fn instance(&self, k: usize) -> usize {
        self.items[k].instance
    }

    /// The tasks each core hosts under `assign`; tasks no item holds
    /// (never fired in the profile) stay on core 0.
    pub fn hosts(&self, assign: &[u32]) -> Hosts {
        let mut hosts = vec![Vec::new(); self.cores as usize];
        for (k, it) in self.items.iter().enumerate() {
            hosts[assign[k] as usize].extend(it.tasks.iter().copied());
        }
        for h in hosts.iter_mut() {
            h.sort_unstable();
            h.dedup();
        }
        for t in 0..self.ntasks as u32 {
            if !hosts.iter().any(|h| h.contains(&t)) {
                hosts[0].push(t);
                hosts[0].sort_unstable();
            }
        }
        hosts
    }

    /// Renames the cores of any assignment so it is in restricted-growth
    /// form (see the type): cores numbered in the order items first use
    /// them, then each instance's copies sorted. The result hosts the same
    /// tasks together, so it is the same layout up to renaming cores.
    pub fn canonical(&self, assign: &mut [u32]) {
        let mut label = vec![u32::MAX; self.cores as usize];
        let mut next = 0;
        let mut i = 0;
        while i < assign.len() {
            let mut j = i + 1;
            while j < assign.len() && self.items[j].instance == self.items[i].instance {
                j += 1;
            }
            for a in &mut assign[i..j] {
                let l = &mut label[*a as usize];
                if *l == u32::MAX {
                    *l = next;
                    next += 1;
                }
                *a = *l;
            }
            assign[i..j].sort_unstable();
            i = j;
        }
    }

    /// Backtracking enumeration of the restricted-growth assignments
    /// (4.3.4), as (assignment, hosts) with distinct hosts.
    pub fn enumerate<R: Rng>(&self, e: &Enumeration, rng: &mut R) -> Vec<(Vec<u32>, Hosts)> {
        self.enumerate_counted(e, rng).0
    }

    /// Every distinct layout of the space (no skipping), or `None` when
    /// there are more than `limit` or the walk would visit more than
    /// `node_budget` search nodes (many assignments can give the same
    /// hosts, so the nodes can far outnumber the layouts).
    pub fn enumerate_all(&self, limit: usize, node_budget: u64) -> Option<Vec<(Vec<u32>, Hosts)>> {
        let e = Enumeration {
            skip: 0.0,
            limit: limit + 1,
            node_budget,
        };
        // Without skipping the enumeration draws no random numbers.
        let (all, nodes) = self.enumerate_counted(&e, &mut rand::rngs::StdRng::seed_from_u64(0));
        (all.len() <= limit && nodes < node_budget).then_some(all)
    }

    /// [`Mapping::enumerate`] and the number of search nodes it visited.
    fn enumerate_counted<R: Rng>(
        &self,
        e: &Enumeration,
        rng: &mut R,
    ) -> (Vec<(Vec<u32>, Hosts)>, u64) {
        struct Ctx<'a, R> {
            map: &'a Mapping,
            e: &'a Enumeration,
            rng: &'a mut R,
            nodes: u64,
            seen: BTreeSet<Hosts>,
            out: Vec<(Vec<u32>, Hosts)>,
        }
        fn go<R: Rng>(c: &mut Ctx<R>, assign: &mut Vec<u32>, i: usize, used: u32) {
            if c.out.len() >= c.e.limit || c.nodes >= c.e.node_budget {
                return;
            }
            c.nodes += 1;
            let items = &c.map.items;
            if i == items.len() {
                let hosts = c.map.hosts(assign);
                if c.seen.insert(hosts.clone()) {
                    c.out.push((assign.clone(), hosts));
                }
                return;
            }
            // The root starts on core 0.
            let lo = if i > 0 && items[i - 1].instance == items[i].instance {
                assign[i - 1]
            } else {
                0
            };
            let hi = if i == 0 {
                1
            } else {
                (used + 1).min(c.map.cores)
            };
            let mut taken = false;
            for b in lo..hi {
                let last = b + 1 == hi;
                if (taken || !last) && c.e.skip > 0.0 && c.rng.random::<f64>() < c.e.skip {
                    continue;
                }
                taken = true;
                assign[i] = b;
                go(c, assign, i + 1, used.max(b + 1));
            }
        }
        let mut ctx = Ctx {
            map: self,
            e,
            rng,
            nodes: 0,
            seen: BTreeSet::new(),
            out: Vec::new(),
        };
        go(&mut ctx, &mut vec![0; self.items.len()], 0, 0);
        (ctx.out, ctx.nodes)
    }

    /// `count` random distinct assignments (random skipping).
    pub fn random<R: Rng>(&self, count: usize, rng: &mut R) -> Vec<(Vec<u32>, Hosts)> {
        let mut all: Vec<(Vec<u32>, Hosts)> = Vec::new();
        for _ in 0..4 {
            let e = Enumeration {
                skip: 0.5,
                limit: count - all.len(),
                node_budget: 200_000,
            };
            for x in self.enumerate(&e, rng) {
                if !all.iter().any(|y| y.1 == x.1) {
                    all.push(x);
                }
            }
            if all.len() >= count {
                break;
            }
        }
        all
    }
}

/// Limits of one enumeration.
pub struct Enumeration {
    /// Probability of skipping a choice (0: exhaustive).
    pub skip: f64,
    /// Stop after this many distinct layouts.
    pub limit: usize,
    /// Stop after visiting this many search nodes.
    pub node_budget: u64,
}

/// Backtracking enumeration of non-isomorphic mappings of the group
/// instances to `cores` cores (4.3.4), as distinct host assignments.
pub fn enumerate<R: Rng>(
    m: &Model,
    groups: &[Group],
    cores: u32,
    e: &Enumeration,
    rng: &mut R,
) -> Vec<Hosts> {
    Mapping::of_groups(m, groups, cores)
        .enumerate(e, rng)
        .into_iter()
        .map(|(_, h)| h)
        .collect()
}

/// Per task, whether objects reach it from elsewhere, so that spreading
/// them over all its instances is the point: by allocation, or moved by a
/// task that takes them as a later parameter (such a task lives with its
/// first parameter's core group, so it hands the objects over from
/// another group's core, as kmeans' `distribute` hands partitions to
/// `assign`). Otherwise objects reach the task only through their own
/// group's transitions, and stay on a core that hosts it.
pub fn fed_from_elsewhere(m: &Model) -> Vec<bool> {
    let mut entry = vec![false; m.states.len()];
    entry[m.startup as usize] = true;
    for t in &m.tasks {
        for e in &t.exits {
            for a in &e.allocs {
                entry[a.state as usize] = true;
            }
            for pairs in e.next.iter().skip(1) {
                for &(_, to) in pairs {
                    entry[to as usize] = true;
                }
            }
        }
    }
    let mut fed = vec![false; m.tasks.len()];
    for (s, st) in m.states.iter().enumerate() {
        if entry[s] {
            for &(t, _) in &st.consumers {
                fed[t as usize] = true;
            }
        }
    }
    fed
}

/// The layout for a host assignment (see the module documentation).
pub fn layout_from_hosts(m: &Model, machine: &str, mut hosts: Vec<Vec<TaskId>>) -> Layout {
    if hosts.is_empty() {
        hosts.push(Vec::new());
    }
    let ncores = hosts.len();
    let mut policies = Vec::with_capacity(m.tasks.len());
    for (t, tm) in m.tasks.iter().enumerate() {
        let task = TaskId(t as u32);
        let on: Vec<usize> = (0..ncores).filter(|&c| hosts[c].contains(&task)).collect();
        let policy = if tm.single_on_core0() {
            for h in hosts.iter_mut() {
                h.retain(|&x| x != task);
            }
            hosts[0].push(task);
            Policy::Single
        } else if on.is_empty() {
            hosts[0].push(task);
            Policy::Single
        } else if on.len() == 1 {
            Policy::Single
        } else if tm.params == 1 {
            Policy::RoundRobin
        } else if tm.tag_shared() {
            Policy::TagHash
        } else {
            for &c in &on[1..] {
                hosts[c].retain(|&x| x != task);
            }
            Policy::Single
        };
        policies.push(policy);
    }
    for h in hosts.iter_mut() {
        h.sort();
        h.dedup();
    }
    let fed = fed_from_elsewhere(m);
    let instances: Vec<Vec<u32>> = (0..m.tasks.len())
        .map(|t| {
            (0..ncores as u32)
                .filter(|&c| hosts[c as usize].contains(&TaskId(t as u32)))
                .collect()
        })
        .collect();
    make_local(m, &instances, &mut policies);
    let routes = (0..ncores)
        .map(|c| {
            (0..m.tasks.len())
                .map(|t| {
                    // Tag-routed objects must all go where the tag says.
                    if !fed[t]
                        && !matches!(policies[t], Policy::TagHash | Policy::TagHome)
                        && hosts[c].contains(&TaskId(t as u32))
                    {
                        vec![c as u32]
                    } else {
                        instances[t].clone()
                    }
                })
                .collect()
        })
        .collect();
    Layout {
        program: m.program.clone(),
        machine: machine.to_string(),
        policies,
        hosts,
        routes,
    }
}

/// The default layout ([`Layout::default_for`]) from the model: every
/// data-parallel task on every core. The search always scores it, and
/// [`hashed_default_layout`] when that differs.
pub fn default_layout(m: &Model, machine: &str, cores: u32) -> Layout {
    default_layout_routed(m, machine, cores, true)
}

/// [`default_layout`] with every tag-paired task routed by a hash of its
/// tag (`TagHash`) rather than to its tag's maker, if any is; `None` when
/// that is the default layout itself.
pub fn hashed_default_layout(m: &Model, machine: &str, cores: u32) -> Option<Layout> {
    m.tasks
        .iter()
        .any(|t| t.tag_home)
        .then(|| default_layout_routed(m, machine, cores, false))
}

fn default_layout_routed(m: &Model, machine: &str, cores: u32, tag_home: bool) -> Layout {
    let mut policies: Vec<Policy> = m
        .tasks
        .iter()
        .map(|t| {
            crate::synthesis::layout::default_policy(
                cores,
                t.single_on_core0(),
                t.params as usize,
                t.tag_shared(),
            )
        })
        .collect();
    for (policy, tm) in policies.iter_mut().zip(&m.tasks) {
        if *policy == Policy::TagHash && tm.tag_home && tag_home {
            *policy = Policy::TagHome;
        }
    }
    let mut layout = Layout::everywhere(&m.program, machine, cores, policies.clone());
    let instances: Vec<Vec<u32>> = (0..m.tasks.len() as u32)
        .map(|t| layout.instances(TaskId(t)))
        .collect();
    make_local(m, &instances, &mut policies);
    layout.policies = policies;
    layout
}

/// Per task, the tasks whose exits hand a parameter object on to it (its
/// sources in the CSTG, new objects aside).
pub fn handed_from(m: &Model) -> Vec<Vec<u32>> {
    let mut from = vec![Vec::new(); m.tasks.len()];
    for (s, tm) in m.tasks.iter().enumerate() {
        for e in &tm.exits {
            for pairs in &e.next {
                for &(_, to) in pairs {
                    for &(t, _) in &m.states[to as usize].consumers {
                        if !from[t as usize].contains(&(s as u32)) {
                            from[t as usize].push(s as u32);
                        }
                    }
                }
            }
        }
    }
    from
}

/// Round-robin tasks become [`Policy::Local`] when every task handing
/// objects on to them runs on exactly the same cores: the work is already
/// spread as the task's instances are, so an object stays on its core
/// (4.3.2: a core group's transitions never leave the core) and a chain
/// of tasks on one object never pays a hop. Objects from a task on fewer
/// cores are still spread round-robin.
fn make_local(m: &Model, instances: &[Vec<u32>], policies: &mut [Policy]) {
    let from = handed_from(m);
    for t in 0..m.tasks.len() {
        if policies[t] == Policy::RoundRobin
            && m.tasks[t].params == 1
            && !from[t].is_empty()
            && from[t]
                .iter()
                .all(|&s| instances[s as usize] == instances[t])
        {
            policies[t] = Policy::Local;
        }
    }
}

#[cfg(test)]
mod tests;
