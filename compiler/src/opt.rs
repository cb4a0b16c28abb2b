//! Directed simulated annealing (paper 4.5).
//!
//! In: a [`Model`], a [`Machine`], a core count and [`OptOptions`] (the
//! seed among them). Out: the best [`Layout`] found and its simulation.
//!
//! Each round simulates the candidates not simulated before, prunes them
//! probabilistically (the best kept with high probability, poor ones with
//! low), and derives new candidates from the critical path of each kept
//! one (4.5.2): the critical-path invocations are grouped by the time
//! their data was ready, one group is picked at random, and a delayed
//! invocation gets an instance on each core that was idle while it waited;
//! without spare cores, a non-key invocation (one whose successor on the
//! path waited for the core, not for its data) is moved to other cores so
//! it no longer delays the key one. Rounds repeat while they improve the
//! best layout; after `patience` rounds without improvement the search
//! stops with probability `stop_probability` per round. Every random
//! choice comes from one `StdRng` seeded with `seed`, and candidates are
//! kept in vectors and ordered maps, so equal inputs give equal output.

use crate::hir::TaskId;
use crate::layout::Layout;
use crate::machine::Machine;
use crate::sim::{self, Model, SimOptions, SimResult, Via};
use crate::synth;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct OptOptions {
    pub seed: u64,
    /// Initial random candidates from `synth`.
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

type Hosts = Vec<Vec<u32>>;

fn hosts_of(l: &Layout) -> Hosts {
    l.hosts
        .iter()
        .map(|h| h.iter().map(|t| t.0).collect())
        .collect()
}

struct Search<'a> {
    model: &'a Model,
    machine: &'a Machine,
    opts: &'a OptOptions,
    /// Simulated candidates: hosts -> cost.
    costs: BTreeMap<Hosts, f64>,
}

impl Search<'_> {
    fn layout(&self, h: &Hosts) -> Layout {
        synth::layout_from_hosts(
            self.model,
            &self.machine.name,
            h.iter()
                .map(|c| c.iter().map(|&t| TaskId(t)).collect())
                .collect(),
        )
    }

    fn simulate(&mut self, h: &Hosts) -> (f64, SimResult) {
        let r = sim::simulate(self.model, self.machine, &self.layout(h), self.opts.sim);
        let c = r.cost();
        self.costs.insert(h.clone(), c);
        (c, r)
    }
}

/// Runs the search from `synth`'s random candidates. `progress` is called
/// after each round with the round and the best cost so far.
pub fn optimise(
    model: &Model,
    machine: &Machine,
    cores: u32,
    opts: &OptOptions,
    progress: &mut dyn FnMut(u32, f64),
) -> OptResult {
    let mut rng = StdRng::seed_from_u64(opts.seed);
    let start = synth::candidates(model, &machine.name, cores, opts.initial.max(1), &mut rng);
    search(model, machine, start, opts, &mut rng, progress)
}

/// Directed simulated annealing from the given starting layouts (all of
/// `cores` cores).
pub fn search(
    model: &Model,
    machine: &Machine,
    start: Vec<Layout>,
    opts: &OptOptions,
    rng: &mut StdRng,
    progress: &mut dyn FnMut(u32, f64),
) -> OptResult {
    let mut s = Search {
        model,
        machine,
        opts,
        costs: BTreeMap::new(),
    };
    let mut population: Vec<Hosts> = start.iter().map(hosts_of).collect();
    population.dedup();
    let mut best: Option<(f64, Hosts, SimResult)> = None;
    let mut stale = 0u32;
    let mut rounds = 0u32;
    while rounds < opts.max_rounds && !population.is_empty() {
        rounds += 1;
        let before = best.as_ref().map_or(f64::INFINITY, |b| b.0);
        let mut scored: Vec<(f64, Hosts, SimResult)> = Vec::new();
        for h in population.drain(..) {
            let (c, r) = s.simulate(&h);
            scored.push((c, h, r));
        }
        scored.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let improved = scored[0].0 < before * (1.0 - 1e-9);
        if improved || best.is_none() {
            best = Some(scored[0].clone());
        }
        let best_cost = best.as_ref().map_or(f64::INFINITY, |b| b.0);
        // Probabilistic pruning: keep near-best candidates almost surely,
        // poor ones rarely; the round's best always survives.
        let kept: Vec<(f64, Hosts, SimResult)> = scored
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
        for (_, h, r) in &kept {
            let seen = |c: &Hosts| s.costs.contains_key(c) || population.contains(c);
            let children = derive(model, h.len() as u32, h, r, opts.children, &seen, rng);
            population.extend(children);
        }
        progress(rounds, best_cost);
        if improved {
            stale = 0;
        } else {
            stale += 1;
            if stale >= opts.patience && rng.random::<f64>() < opts.stop_probability {
                break;
            }
        }
    }
    let (_, h, result) = best.expect("at least one candidate was simulated");
    OptResult {
        layout: s.layout(&h),
        result,
        rounds,
        simulated: s.costs.len(),
    }
}

/// Per core, the busy intervals of a simulation sorted by start, with the
/// running maximum of their ends, so that whether a core was idle during
/// a window is answered in logarithmic time (the critical path of a long
/// run asks it for thousands of windows).
struct BusyTimes(Vec<Vec<(f64, f64)>>);

impl BusyTimes {
    fn of(r: &SimResult, cores: u32) -> BusyTimes {
        let mut per_core: Vec<Vec<(f64, f64)>> = vec![Vec::new(); cores as usize];
        for i in &r.trace {
            if let Some(v) = per_core.get_mut(i.core as usize) {
                v.push((i.start, i.end));
            }
        }
        for v in &mut per_core {
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut reach = f64::NEG_INFINITY;
            for x in v.iter_mut() {
                reach = reach.max(x.1);
                x.1 = reach;
            }
        }
        BusyTimes(per_core)
    }

    /// Whether core `c` runs nothing during `[from, to)`.
    fn idle(&self, c: u32, from: f64, to: f64) -> bool {
        let v = &self.0[c as usize];
        // Every interval before `first` ends by `from`; the one at `first`
        // ends after it, and no later one starts before it.
        let first = v.partition_point(|&(_, reach)| reach <= from + 1e-9);
        v.get(first).is_none_or(|&(start, _)| start >= to - 1e-9)
    }
}

/// Hosts with `task` added on `to` and, when `from` is given, removed
/// from that core.
fn moved(h: &Hosts, task: u32, from: Option<u32>, to: u32) -> Hosts {
    let mut h = h.clone();
    if let Some(f) = from {
        h[f as usize].retain(|&t| t != task);
    }
    if !h[to as usize].contains(&task) {
        h[to as usize].push(task);
        h[to as usize].sort_unstable();
    }
    h
}

/// New candidates from the critical path of `r`, the simulation of `h`:
/// up to `limit` not `seen` before, then two random moves (the annealing
/// part, so the search can leave a layout the critical path gives no
/// advice for).
fn derive(
    model: &Model,
    cores: u32,
    h: &Hosts,
    r: &SimResult,
    limit: usize,
    seen: &dyn Fn(&Hosts) -> bool,
    rng: &mut StdRng,
) -> Vec<Hosts> {
    let mut out: Vec<Hosts> = Vec::new();
    if cores < 2 {
        return out;
    }
    let add = |c: Hosts, out: &mut Vec<Hosts>| {
        if !seen(&c) && !out.contains(&c) && &c != h {
            out.push(c);
        }
    };
    let path = sim::critical_path(r);
    let busy = BusyTimes::of(r, cores);
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
    let single = |t: u32| {
        let tm = &model.tasks[t as usize];
        tm.startup || (tm.params > 1 && !tm.tag_shared)
    };
    for g in groups {
        if out.len() >= limit {
            break;
        }
        for &k in &g {
            let inv = &r.trace[path[k].inv as usize];
            if model.tasks[inv.task as usize].startup {
                continue;
            }
            if inv.start > inv.ready + 1e-9 {
                // Delayed by a resource conflict: migrate to spare cores.
                let mut spare: Vec<u32> = (0..cores)
                    .filter(|&c| c != inv.core && busy.idle(c, inv.ready, inv.start))
                    .collect();
                spare.shuffle(rng);
                for c in spare {
                    let from = single(inv.task).then_some(inv.core);
                    add(moved(h, inv.task, from, c), &mut out);
                }
            }
            // A non-key invocation (its successor waited for the core, not
            // for its data) delaying the next one: move it away.
            if k + 1 < path.len() && path[k + 1].via == Via::Core {
                let mut others: Vec<u32> = (0..cores).filter(|&c| c != inv.core).collect();
                others.shuffle(rng);
                let copies = h.iter().filter(|x| x.contains(&inv.task)).count();
                for c in others {
                    add(moved(h, inv.task, Some(inv.core), c), &mut out);
                    if copies > 1 {
                        // Or just drop this core's copy.
                        let mut d = h.clone();
                        d[inv.core as usize].retain(|&t| t != inv.task);
                        add(d, &mut out);
                    }
                }
            }
        }
    }
    out.truncate(limit);
    // Random moves: an instance to another core, a new instance, or one
    // instance fewer.
    let tasks: Vec<u32> = (0..model.tasks.len() as u32)
        .filter(|&t| !model.tasks[t as usize].startup)
        .collect();
    for _ in 0..8 {
        if out.len() >= limit + 2 {
            break;
        }
        let Some(&t) = tasks.choose(rng) else { break };
        let on: Vec<u32> = (0..cores).filter(|&c| h[c as usize].contains(&t)).collect();
        let to = rng.random_range(0..cores);
        let child = match rng.random_range(0..3) {
            0 => moved(h, t, on.choose(rng).copied(), to),
            1 if !single(t) => moved(h, t, None, to),
            2 if on.len() > 1 => {
                let mut d = h.clone();
                let c = *on.choose(rng).expect("several instances");
                d[c as usize].retain(|&x| x != t);
                d
            }
            _ => continue,
        };
        add(child, &mut out);
    }
    out
}

/// The best layout of the whole candidate space of `synth` (no skipping),
/// with the number of candidates; `None` if the space has more than
/// `limit` candidates.
pub fn exhaustive(
    model: &Model,
    machine: &Machine,
    cores: u32,
    limit: usize,
    sim: SimOptions,
) -> Option<(f64, Layout, usize)> {
    let mut groups = synth::core_groups(model);
    synth::parallelise(model, &mut groups, cores);
    let e = synth::Enumeration {
        skip: 0.0,
        limit: limit + 1,
        node_budget: u64::MAX,
    };
    let all = synth::enumerate(model, &groups, cores, &e, &mut StdRng::seed_from_u64(0));
    if all.len() > limit {
        return None;
    }
    let opts = OptOptions {
        sim,
        ..OptOptions::default()
    };
    let mut s = Search {
        model,
        machine,
        opts: &opts,
        costs: BTreeMap::new(),
    };
    let mut best: Option<(f64, Hosts)> = None;
    for h in &all {
        let (c, _) = s.simulate(h);
        if best.as_ref().is_none_or(|b| c < b.0) {
            best = Some((c, h.clone()));
        }
    }
    let (c, h) = best?;
    Some((c, s.layout(&h), all.len()))
}

/// How often the search from one random candidate reaches the exhaustive
/// optimum: (runs reaching it, runs, exhaustive optimum, candidates).
pub fn dsa_vs_exhaustive(
    model: &Model,
    machine: &Machine,
    cores: u32,
    runs: u32,
    seed: u64,
) -> Option<(u32, u32, f64, usize)> {
    let sim = SimOptions::default();
    let (opt, _, n) = exhaustive(model, machine, cores, 200_000, sim)?;
    let mut hits = 0;
    for run in 0..runs {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_add(u64::from(run)));
        let start = synth::candidates(model, &machine.name, cores, 1, &mut rng);
        let opts = OptOptions {
            seed,
            ..OptOptions::default()
        };
        let r = search(model, machine, start, &opts, &mut rng, &mut |_, _| {});
        if r.result.cost() <= opt * (1.0 + 1e-9) {
            hits += 1;
        }
    }
    Some((hits, runs, opt, n))
}

#[cfg(test)]
mod tests;
