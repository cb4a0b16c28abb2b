//! Directed simulated annealing (paper 4.5).
//!
//! In: a [`Model`], a [`Machine`], a core count and [`OptOptions`] (the
//! seed among them). Out: the best [`Layout`] found and its simulation.
//!
//! The search space is the one synthesis samples (4.3.4, "the algorithm
//! extends the core search algorithm"): a [`Mapping`] of the copies of
//! the core groups (items) to cores, every assignment put in
//! restricted-growth form ([`Mapping::canonical`]), so layouts that differ
//! only by renaming cores are one point, and [`exhaustive`] enumerates
//! exactly this space (what `bambooc sim --dsa-report` compares with).
//!
//! Each round simulates the candidates not simulated before, prunes them
//! probabilistically (the best kept with high probability, poor ones with
//! low), and derives new candidates from the critical path of each kept
//! one (4.5.2): the critical-path invocations are grouped by the time
//! their data was ready, one group is picked at random, and a delayed
//! invocation's item moves to each core that was idle while it waited;
//! in one combined move, every copy of its group that shares a core with
//! another copy goes to a spare core of its own (spreading data-parallel
//! work, which no single move improves when the objects are dealt
//! round-robin). Without spare cores, a non-key invocation (one whose
//! successor on the path waited for the core, not for its data) is moved
//! to other cores so it no longer delays the key one. Two random moves
//! per candidate are the annealing part.
//!
//! A round's best replaces the best layout when it is better or equally
//! good (within a relative 1e-9), so the search walks plateaus of equal
//! time. A round without improvement also takes unseen single-move
//! neighbours of the best layout; when there are none and no other
//! candidate is pending, two random moves from the best restart the
//! search. It stops after `patience` rounds without improvement, with
//! probability `stop_probability` per round, but only at a local optimum
//! (every single-move neighbour of the best simulated), or after
//! `max_rounds`, or once its simulations add up to `budget` invocations.
//! Every random choice comes from one `StdRng` seeded with `seed`, and
//! candidates are kept in vectors and ordered maps, so equal inputs give
//! equal output. [`optimise`] finally scores the default
//! layout (every data-parallel task on every core, outside the mapping's
//! space) and keeps it if it is estimated better than the search's best,
//! then the [`tag_home_variant`]s of the best and of the default layout,
//! kept when estimated no worse (4.3.3's data locality, which the
//! simulator's cache-less cores do not reward).

use crate::hir::TaskId;
use crate::synthesis::candidates::{Hosts, Mapping};
use crate::synthesis::layout::{Layout, Policy};
use crate::synthesis::machine::Machine;
use crate::synthesis::sim::{self, Model, PreparedModel, SimOptions, SimResult, Via};
use fnv::{FnvHashMap, FnvHashSet};
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

/// The default search budget in simulated invocations: under 2 s of
/// searching at the simulator's rate with recording and critical paths
/// (about 3 million invocations per CPU second on this project's
/// machines). Profiles of a few thousand invocations never reach it; a
/// long run's simulations stop at `sim::WINDOW` invocations, so the
/// search always simulates at least budget / window layouts.
pub const SEARCH_BUDGET: u64 = 3_000_000;

/// The most simulated invocations [`exhaustive`] spends (some 15 CPU
/// seconds): a larger space is reported as too large to enumerate.
pub const EXHAUSTIVE_BUDGET: u64 = 50_000_000;

/// The most search nodes [`exhaustive`] visits while enumerating the
/// space; a larger walk counts as a space too large to enumerate.
pub const EXHAUSTIVE_NODES: u64 = 1_000_000;

#[derive(Clone, Debug)]
pub struct OptOptions {
    pub seed: u64,
    /// Initial random candidates from `candidates`.
    pub initial: usize,
    /// New candidates derived from each kept one per round.
    pub children: usize,
    /// At most this many candidates survive pruning.
    pub keep: usize,
    /// Rounds without improvement before stopping becomes possible.
    pub patience: u32,
    /// Per round after that, the probability of stopping.
    pub stop_probability: f64,
    pub max_rounds: u32,
    /// Simulated invocations the search may spend: no further layout is
    /// simulated once those simulated so far add up to this many (so a
    /// long profile, whose every simulation is long, bounds the search's
    /// time; counted in invocations, not seconds, so the result stays
    /// deterministic).
    pub budget: u64,
    pub sim: SimOptions,
}

impl Default for OptOptions {
    fn default() -> Self {
        OptOptions {
            seed: 0x0bab_b00c,
            initial: 12,
            children: 6,
            keep: 8,
            patience: 3,
            stop_probability: 0.3,
            max_rounds: 100,
            budget: SEARCH_BUDGET,
            sim: SimOptions::default(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct OptResult {
    pub layout: Layout,
    pub result: SimResult,
    pub rounds: u32,
    /// Distinct layouts simulated.
    pub simulated: usize,
}

/// A point of the search space: an assignment of the mapping's items to
/// cores in restricted-growth form, and the layout's hosts.
#[derive(Clone, Debug)]
struct Cand {
    assign: Vec<u32>,
    hosts: Hosts,
}

struct Search<'a> {
    /// The model, prepared once for every layout the search simulates.
    prepared: &'a PreparedModel<'a>,
    machine: &'a Machine,
    map: &'a Mapping,
    sim: SimOptions,
    /// Simulated candidates: hosts -> cost.
    costs: FnvHashMap<Hosts, f64>,
    /// Invocations simulated so far.
    spent: u64,
}

impl Search<'_> {
    fn layout(&self, h: &Hosts) -> Layout {
        crate::synthesis::candidates::layout_from_hosts(
            self.prepared.model,
            &self.machine.name,
            h.iter()
                .map(|c| c.iter().map(|&t| TaskId(t)).collect())
                .collect(),
        )
    }

    fn simulate(&mut self, h: &Hosts) -> (f64, SimResult) {
        let r = sim::simulate_prepared(self.prepared, self.machine, &self.layout(h), self.sim);
        let c = r.cost();
        self.spent += r.invocations;
        self.costs.insert(h.clone(), c);
        (c, r)
    }

    /// Adds `assign`, put in canonical form, to `out` unless its layout is
    /// `from`'s, was simulated, or is already pending or in `out`.
    fn offer(&self, mut assign: Vec<u32>, from: &Cand, pending: &[Cand], out: &mut Vec<Cand>) {
        self.map.canonical(&mut assign);
        let hosts = self.map.hosts(&assign);
        if hosts != from.hosts
            && !self.costs.contains_key(&hosts)
            && !pending.iter().chain(out.iter()).any(|c| c.hosts == hosts)
        {
            out.push(Cand { assign, hosts });
        }
    }
}

/// Runs the search from random candidates of the mapping (4.3.4), then
/// scores the default layout ([`crate::synthesis::candidates::default_layout`]) too and
/// returns it when it is estimated strictly better than everything the
/// search found. `progress` is called after each round with the round and
/// the best cost so far.
pub fn optimise(
    model: &Model,
    machine: &Machine,
    cores: u32,
    opts: &OptOptions,
    progress: &mut dyn FnMut(u32, f64),
) -> OptResult {
    let mut rng = StdRng::seed_from_u64(opts.seed);
    let map = Mapping::new(model, cores);
    let start = map.random(opts.initial.max(1), &mut rng);
    let prepared = PreparedModel::new(model);
    let mut found = search(&prepared, machine, &map, start, opts, &mut rng, progress);
    // The default layout is always a candidate: what synthesis chooses is
    // never estimated worse than building without a profile.
    let mut bases = vec![found.layout.clone()];
    let defaults = [
        Some(crate::synthesis::candidates::default_layout(
            model,
            &machine.name,
            map.cores,
        )),
        crate::synthesis::candidates::hashed_default_layout(model, &machine.name, map.cores),
    ];
    for default in defaults.into_iter().flatten() {
        let result = sim::simulate_prepared(&prepared, machine, &default, opts.sim);
        found.simulated += 1;
        bases.push(default.clone());
        if result.cost() < found.result.cost() * (1.0 - 1e-9) {
            found.layout = default;
            found.result = result;
        }
    }
    // The tag-home variants of the layout the search found and of the
    // default ones: kept when estimated no worse than the best so far,
    // because
    // the simulator does not model the caches, where work that stays on
    // the core that made its data (4.3.3's data locality) is faster.
    for base in bases {
        let Some(variant) = tag_home_variant(model, &base) else {
            continue;
        };
        let result = sim::simulate_prepared(&prepared, machine, &variant, opts.sim);
        found.simulated += 1;
        if result.cost() <= found.result.cost() * (1.0 + 1e-9) {
            found.layout = variant;
            found.result = result;
        }
    }
    found
}

/// `layout` with every task that has several instances and a tag on its
/// parameters routed by [`Policy::TagHome`]: work goes to the core that
/// made its tag instance, if it hosts the task (so a piece of work made
/// on one core, such as one of Tracking's passes, stays there). Every
/// core routes such a task to all its instances, so the objects of one
/// invocation meet. `None` when no task qualifies.
pub fn tag_home_variant(model: &Model, layout: &Layout) -> Option<Layout> {
    let mut variant = layout.clone();
    let mut changed = false;
    for (t, tm) in model.tasks.iter().enumerate() {
        let instances = layout.instances(TaskId(t as u32));
        let tagged = match layout.policies[t] {
            Policy::TagHash => true,
            Policy::RoundRobin | Policy::Local | Policy::Here => {
                tm.params == 1 && tm.param_tags.first().is_some_and(|p| p.is_some())
            }
            _ => false,
        };
        if instances.len() < 2 || !tagged {
            continue;
        }
        variant.policies[t] = Policy::TagHome;
        for routes in &mut variant.routes {
            routes[t] = instances.clone();
        }
        changed = true;
    }
    changed.then_some(variant)
}

/// Directed simulated annealing over the assignments of `map` from the
/// given starting assignments (restricted-growth, with their hosts).
pub fn search(
    prepared: &PreparedModel,
    machine: &Machine,
    map: &Mapping,
    start: Vec<(Vec<u32>, Hosts)>,
    opts: &OptOptions,
    rng: &mut StdRng,
    progress: &mut dyn FnMut(u32, f64),
) -> OptResult {
    let mut s = Search {
        prepared,
        machine,
        map,
        sim: opts.sim,
        costs: FnvHashMap::default(),
        spent: 0,
    };
    let mut population: Vec<Cand> = Vec::new();
    for (assign, hosts) in start {
        if !population.iter().any(|c| c.hosts == hosts) {
            population.push(Cand { assign, hosts });
        }
    }
    let mut best: Option<(f64, Cand, SimResult)> = None;
    let mut stale = 0u32;
    let mut rounds = 0u32;
    while rounds < opts.max_rounds && !population.is_empty() && s.spent < opts.budget {
        rounds += 1;
        let before = best.as_ref().map_or(f64::INFINITY, |b| b.0);
        let mut scored: Vec<(f64, Cand, SimResult)> = Vec::new();
        for c in population.drain(..) {
            // Out of budget: the rest of the round is dropped.
            if s.spent >= opts.budget && (!scored.is_empty() || best.is_some()) {
                break;
            }
            let (cost, r) = s.simulate(&c.hosts);
            scored.push((cost, c, r));
        }
        if scored.is_empty() {
            break;
        }
        scored.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.hosts.cmp(&b.1.hosts)));
        let improved = scored[0].0 < before * (1.0 - 1e-9);
        // An equally good layout replaces the best too (without counting as
        // progress), so the search walks along plateaus of equal time.
        if improved || scored[0].0 <= before * (1.0 + 1e-9) {
            best = Some(scored[0].clone());
        }
        let best_cost = best.as_ref().map_or(f64::INFINITY, |b| b.0);
        // Probabilistic pruning: keep near-best candidates almost surely,
        // poor ones rarely; the round's best always survives.
        let kept: Vec<(f64, Cand, SimResult)> = scored
            .into_iter()
            .enumerate()
            .filter(|(i, (c, _, _))| {
                let ratio = if c.is_finite() && *c > 0.0 {
                    best_cost / c
                } else {
                    0.0
                };
                let p = 0.05 + 0.9 * ratio.powi(8);
                *i == 0 || rng.random::<f64>() < p
            })
            .map(|(_, x)| x)
            .take(opts.keep.max(1))
            .collect();
        for (_, c, r) in &kept {
            let children = derive(&s, c, r, opts.children, &population, rng);
            population.extend(children);
        }
        // Without progress, look at the best layout's unseen neighbours
        // (single moves); the search may end only where there are none.
        let (_, b, _) = best.as_ref().expect("a candidate was simulated");
        let mut local_optimum = false;
        if !improved {
            let more = neighbours(&s, b, opts.children, &population, rng);
            local_optimum = more.is_empty();
            population.extend(more);
        }
        if population.is_empty() {
            population = kick(&s, b, opts.children, rng);
        }
        progress(rounds, best_cost);
        if improved {
            stale = 0;
        } else {
            stale += 1;
            if local_optimum
                && stale >= opts.patience
                && rng.random::<f64>() < opts.stop_probability
            {
                break;
            }
        }
    }
    let (_, c, result) = best.expect("at least one candidate was simulated");
    OptResult {
        layout: s.layout(&c.hosts),
        result,
        rounds,
        simulated: s.costs.len(),
    }
}

/// Per core, the (start, end) of its invocations in `r`, sorted by start,
/// each end replaced by the latest end so far, so that [`idle`] answers in
/// logarithmic time (the critical path of a long run asks it for
/// thousands of windows).
fn busy_intervals(r: &SimResult, cores: u32) -> Vec<Vec<(f64, f64)>> {
    let mut out = vec![Vec::new(); cores as usize];
    for i in &r.trace {
        if let Some(v) = out.get_mut(i.core as usize) {
            v.push((i.start, i.end));
        }
    }
    for v in &mut out {
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut reach = f64::NEG_INFINITY;
        for x in v.iter_mut() {
            reach = reach.max(x.1);
            x.1 = reach;
        }
    }
    out
}

/// Whether a core with these busy intervals runs nothing during `[from, to)`.
fn idle(busy: &[(f64, f64)], from: f64, to: f64) -> bool {
    // Every interval before `first` ends by `from`; the one at `first` ends
    // after it, and no later one starts before it.
    let first = busy.partition_point(|&(_, reach)| reach <= from + 1e-9);
    busy.get(first).is_none_or(|&(start, _)| start >= to - 1e-9)
}

/// The cores an item of `c` may move to: the used ones and one fresh core
/// (fresh cores are all alike up to renaming).
fn destinations(s: &Search, c: &Cand) -> u32 {
    let used = c.assign.iter().max().map_or(0, |&u| u + 1);
    (used + 1).min(s.map.cores)
}

/// New candidates from the critical path of `r`, the simulation of `c`
/// (4.5.2): up to `limit` not seen before, then two random moves (the
/// annealing part, so the search can leave a layout the critical path
/// gives no advice for). A move takes an item (a copy of a core group
/// holding the invocation's task) from the invocation's core to another.
fn derive(
    s: &Search,
    c: &Cand,
    r: &SimResult,
    limit: usize,
    pending: &[Cand],
    rng: &mut StdRng,
) -> Vec<Cand> {
    let map = s.map;
    let mut out: Vec<Cand> = Vec::new();
    if map.cores < 2 || map.is_empty() {
        return out;
    }
    let dests = destinations(s, c);
    // Single moves, each (group, from, to) offered once, until `cap`
    // candidates are found: on hundreds of cores a long critical path's
    // moves to every core, built, compared and discarded, made most of the
    // search's time.
    let mut tried = FnvHashSet::default();
    let mut single = |k: usize, to: u32, out: &mut Vec<Cand>, cap: usize| {
        if tried.insert((map.instance(k), c.assign[k], to)) && out.len() < cap {
            let mut a = c.assign.clone();
            a[k] = to;
            s.offer(a, c, pending, out);
        }
    };
    let path = sim::critical_path(r);
    let busy = busy_intervals(r, map.cores);
    // Group the path's invocations by the time their data was ready.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (k, step) in path.iter().enumerate() {
        let ready = r.trace[step.inv as usize].ready;
        match groups.last_mut() {
            Some(g) if (r.trace[path[g[0]].inv as usize].ready - ready).abs() < 1e-6 => g.push(k),
            _ => groups.push(vec![k]),
        }
    }
    groups.shuffle(rng);
    // A long path repeats its (task, core) pairs: the items holding a task
    // on a core, and the doubled copies of a task, are computed once.
    let mut mine_of: FnvHashMap<(u32, u32), Vec<usize>> = FnvHashMap::default();
    let mut doubled_of: FnvHashMap<u32, Vec<usize>> = FnvHashMap::default();
    for g in groups {
        if out.len() >= limit {
            break;
        }
        for &k in &g {
            if out.len() >= limit {
                break;
            }
            let inv = &r.trace[path[k].inv as usize];
            if s.prepared.model.tasks[inv.task as usize].startup {
                continue;
            }
            let mine = mine_of.entry((inv.task, inv.core)).or_insert_with(|| {
                (0..map.len())
                    .filter(|&i| c.assign[i] == inv.core && map.tasks(i).contains(&inv.task))
                    .collect()
            });
            let Some(&item) = mine.choose(rng) else {
                continue;
            };
            if inv.start > inv.ready + 1e-9 {
                // Delayed by a resource conflict: migrate to the cores that
                // were idle meanwhile.
                let spare: Vec<u32> = (0..map.cores)
                    .filter(|&d| d != inv.core && idle(&busy[d as usize], inv.ready, inv.start))
                    .collect();
                // At once, every copy of the task that shares its core
                // with another copy of its group, each to a spare core of
                // its own (spreading work no single move would improve).
                let doubled = doubled_of.entry(inv.task).or_insert_with(|| {
                    let mut placed = FnvHashSet::default();
                    (0..map.len())
                        .filter(|&i| {
                            map.tasks(i).contains(&inv.task)
                                && !placed.insert((map.instance(i), c.assign[i]))
                        })
                        .collect()
                });
                if !doubled.is_empty() && !spare.is_empty() && out.len() < limit {
                    let mut a = c.assign.clone();
                    for (&i, &d) in doubled.iter().zip(&spare) {
                        a[i] = d;
                    }
                    s.offer(a, c, pending, &mut out);
                }
                let mut one: Vec<u32> = spare.into_iter().filter(|&d| d < dests).collect();
                one.shuffle(rng);
                for d in one {
                    if out.len() >= limit {
                        break;
                    }
                    single(item, d, &mut out, limit);
                }
            }
            // A non-key invocation (its successor waited for the core, not
            // for its data) delaying the next one: move it away.
            if k + 1 < path.len() && path[k + 1].via == Via::Core {
                let mut others: Vec<u32> = (0..dests).filter(|&d| d != inv.core).collect();
                others.shuffle(rng);
                for d in others {
                    if out.len() >= limit {
                        break;
                    }
                    single(item, d, &mut out, limit);
                }
            }
        }
    }
    out.truncate(limit);
    // Random moves: an item to another core.
    for _ in 0..8 {
        if out.len() >= limit + 2 {
            break;
        }
        let k = rng.random_range(0..map.len());
        let d = rng.random_range(0..dests);
        single(k, d, &mut out, limit + 2);
    }
    out
}

/// Up to `limit` unseen layouts one move away from `c` (not `pending`),
/// in random order.
fn neighbours(s: &Search, c: &Cand, limit: usize, pending: &[Cand], rng: &mut StdRng) -> Vec<Cand> {
    let map = s.map;
    let mut out = Vec::new();
    if map.cores < 2 || map.is_empty() {
        return out;
    }
    let dests = destinations(s, c);
    // Copies of one group on one core are interchangeable: move one.
    let mut from = FnvHashSet::default();
    let mut moves: Vec<(usize, u32)> = (0..map.len())
        .filter(|&k| from.insert((map.instance(k), c.assign[k])))
        .flat_map(|k| (0..dests).map(move |d| (k, d)))
        .filter(|&(k, d)| c.assign[k] != d)
        .collect();
    moves.shuffle(rng);
    for (k, d) in moves {
        if out.len() >= limit {
            break;
        }
        let mut a = c.assign.clone();
        a[k] = d;
        s.offer(a, c, pending, &mut out);
    }
    out
}

/// Up to `limit` unseen layouts two random moves away from `c` (the
/// annealing step out of a fully explored neighbourhood).
fn kick(s: &Search, c: &Cand, limit: usize, rng: &mut StdRng) -> Vec<Cand> {
    let map = s.map;
    let mut out = Vec::new();
    if map.cores < 2 || map.is_empty() {
        return out;
    }
    let dests = destinations(s, c);
    for _ in 0..4 * limit {
        if out.len() >= limit {
            break;
        }
        let mut a = c.assign.clone();
        for _ in 0..2 {
            let k = rng.random_range(0..map.len());
            a[k] = rng.random_range(0..dests);
        }
        s.offer(a, c, &[], &mut out);
    }
    out
}

/// The best layout of the whole search space (every restricted-growth
/// assignment of the mapping, no skipping), with the number of distinct
/// layouts; `None` if the space has more than `limit` layouts, its
/// enumeration visits more than [`EXHAUSTIVE_NODES`] search nodes, or its
/// simulation would take more than [`EXHAUSTIVE_BUDGET`] invocations.
pub fn exhaustive(
    model: &Model,
    machine: &Machine,
    cores: u32,
    limit: usize,
    sim: SimOptions,
) -> Option<(f64, Layout, usize)> {
    let map = Mapping::new(model, cores);
    let all = map.enumerate_all(limit, EXHAUSTIVE_NODES)?;
    let prepared = PreparedModel::new(model);
    let mut s = Search {
        prepared: &prepared,
        machine,
        map: &map,
        sim,
        costs: FnvHashMap::default(),
        spent: 0,
    };
    let mut best: Option<(f64, &Hosts)> = None;
    for (k, (_, h)) in all.iter().enumerate() {
        // Simulations of one model are about equally long: give up as soon
        // as the whole space would exceed the budget.
        if k > 0 && s.spent / k as u64 * all.len() as u64 > EXHAUSTIVE_BUDGET {
            return None;
        }
        let (c, _) = s.simulate(h);
        if best.is_none_or(|b| c < b.0) {
            best = Some((c, h));
        }
    }
    let (c, h) = best?;
    Some((c, s.layout(h), all.len()))
}

/// How often the search from one random candidate reaches the exhaustive
/// optimum (within a relative 1e-9, for rounding):
/// (runs reaching it, runs, exhaustive optimum, candidates, mean layouts
/// simulated per search).
pub fn dsa_vs_exhaustive(
    model: &Model,
    machine: &Machine,
    cores: u32,
    runs: u32,
    seed: u64,
) -> Option<(u32, u32, f64, usize, f64)> {
    let sim = SimOptions::default();
    let (opt, _, n) = exhaustive(model, machine, cores, 200_000, sim)?;
    let map = Mapping::new(model, cores);
    let opts = OptOptions {
        seed,
        sim,
        ..OptOptions::default()
    };
    let prepared = PreparedModel::new(model);
    let mut hits = 0;
    let mut simulated = 0usize;
    for run in 0..runs {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_add(u64::from(run)));
        let start = map.random(1, &mut rng);
        let r = search(
            &prepared,
            machine,
            &map,
            start,
            &opts,
            &mut rng,
            &mut |_, _| {},
        );
        simulated += r.simulated;
        if r.result.cost() <= opt * (1.0 + 1e-9) {
            hits += 1;
        }
    }
    Some((
        hits,
        runs,
        opt,
        n,
        simulated as f64 / f64::from(runs.max(1)),
    ))
}

#[cfg(test)]
mod tests;
