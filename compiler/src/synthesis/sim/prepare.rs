//! What a simulation prepares once from the model (paper 4.4): how each
//! exit's fractional allocation means are realised (bundles, accumulator
//! starts, the loops that made the sites), and which exits keep an object
//! in its state. The accumulator starts are prepared once for all the
//! simulations that share a [`PreparedModel`] (a search's).
//!
//! In: a [`Model`]. Out: per task and exit, tables the event loop reads.

use super::{Alloc, Model};
use std::collections::{BTreeSet, HashMap};

/// A model with what every simulation of it starts from, computed once: a
/// search simulates thousands of layouts of one model, and the starts'
/// reachability is not cheap on a large CSTG. It borrows the model, so the
/// model cannot change under it.
pub struct PreparedModel<'a> {
    pub model: &'a Model,
    /// Per task, exit and allocation: its accumulator's start
    /// ([`alloc_starts`]); a simulation changes its own copy.
    pub(super) alloc_starts: Vec<Vec<Vec<f64>>>,
}

impl<'a> PreparedModel<'a> {
    pub fn new(model: &'a Model) -> Self {
        PreparedModel {
            model,
            alloc_starts: alloc_starts(model),
        }
    }
}

/// Allocations of one exit realised together: every `1 / rate`-th
/// invocation allocates `size` objects at each site of the bundle, none
/// otherwise; the accumulator is the `leader`'s.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Bundle {
    pub(super) leader: usize,
    pub(super) size: f64,
    pub(super) rate: f64,
}

/// The bundles of an exit's allocations. A fractional mean `m` is read as
/// `ceil(m)` objects allocated by a share `m / ceil(m)` of the
/// invocations; sites of the same exit whose shares agree are one bundle
/// (a producer that allocates a frame and its four pieces on all but its
/// last invocations has means 0.99 and 3.97: both shares are 0.9925), so
/// the objects that belong together (and share the invocation's tag) are
/// allocated together. A site alone with its share keeps the plain
/// accumulator (`None`: 2.5 is 2, 3, 2, 3, ...), as does a whole mean.
pub(super) fn bundles(allocs: &[Alloc]) -> Vec<Option<Bundle>> {
    let share = |m: f64| {
        let size = m.ceil();
        ((m - m.round()).abs() > 1e-9 && size > 0.0).then(|| (size, m / size))
    };
    let mut out = vec![None; allocs.len()];
    for k in 0..allocs.len().min(64) {
        let Some((size, rate)) = share(allocs[k].mean) else {
            continue;
        };
        let same =
            |j: usize| share(allocs[j].mean).is_some_and(|(_, r)| (r - rate).abs() <= 1e-9 * rate);
        let leader = (0..allocs.len().min(64)).find(|&j| same(j)).unwrap_or(k);
        let alone = (0..allocs.len().min(64)).filter(|&j| same(j)).count() == 1;
        if !alone {
            out[k] = Some(Bundle { leader, size, rate });
        }
    }
    out
}

/// The allocation accumulators' starting values. A fractional mean is
/// realised late by default (an accumulator from 0: a collector that makes
/// one result per `n` inputs makes it at the `n`-th), but a task whose new
/// objects lead back to the task itself and that allocates on most of its
/// invocations is a chain that only goes on while it allocates: a token
/// that makes its successor on every hop but the last (mean 0.999999) must
/// allocate at once, or the chain stalls at its first hop. Such
/// allocations start just under one, so the invocations that allocate
/// nothing come last.
fn alloc_starts(model: &Model) -> Vec<Vec<Vec<f64>>> {
    // Reachability only for the states fractional allocations start in
    // (few): over all of a large CSTG's states, per simulated layout, it
    // dominated the search.
    let mut reaches: HashMap<u32, BTreeSet<usize>> = HashMap::new();
    let outputs = task_outputs(model);
    model
        .tasks
        .iter()
        .enumerate()
        .map(|(t, tm)| {
            tm.exits
                .iter()
                .map(|e| {
                    e.allocs
                        .iter()
                        .map(|a| {
                            let fractional = (a.mean - a.mean.round()).abs() > 1e-9;
                            let share = a.mean / a.mean.ceil().max(1.0);
                            let chain = fractional
                                && (a.state as usize) < model.states.len()
                                && reaches
                                    .entry(a.state)
                                    .or_insert_with(|| {
                                        tasks_reached_from(model, &outputs, a.state as usize)
                                    })
                                    .contains(&t);
                            if chain && share > 0.5 {
                                1.0 - 1e-6
                            } else {
                                0.0
                            }
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// Numbers the loops that make an exit's allocations (sites in profiled
/// order): a site whose first object comes before the objects of the loop
/// so far are all made joins it (a loop making a pair per round), else it
/// starts the next (a frame, then its strips, then the next frame).
pub(super) fn alloc_clusters(allocs: &[Alloc]) -> Vec<u32> {
    let mut out = Vec::with_capacity(allocs.len());
    let (mut cluster, mut end) = (0u32, f64::NEG_INFINITY);
    for a in allocs {
        if a.order >= end - 0.5 && !out.is_empty() {
            cluster += 1;
            end = a.order;
        } else if out.is_empty() {
            end = a.order;
        }
        end += a.mean;
        out.push(cluster);
    }
    out
}

/// Per task, the states its exits move objects to or allocate them in.
fn task_outputs(model: &Model) -> Vec<Vec<u32>> {
    model
        .tasks
        .iter()
        .map(|tm| {
            let mut out: Vec<u32> = tm
                .exits
                .iter()
                .flat_map(|e| {
                    let moved = e.next.iter().flatten().map(|&(_, to)| to);
                    moved.chain(e.allocs.iter().map(|a| a.state))
                })
                .filter(|&s| (s as usize) < model.states.len())
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect()
}

/// The tasks an object in state `start` can lead to: its consumers, and
/// the tasks the states they allocate in or move their objects to lead to
/// (`outputs`: [`task_outputs`]).
fn tasks_reached_from(model: &Model, outputs: &[Vec<u32>], start: usize) -> BTreeSet<usize> {
    let mut tasks = BTreeSet::new();
    let mut seen = vec![false; model.states.len()];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(s) = stack.pop() {
        for &(t, _) in &model.states[s].consumers {
            if tasks.insert(t as usize) {
                for &next in &outputs[t as usize] {
                    if !std::mem::replace(&mut seen[next as usize], true) {
                        stack.push(next as usize);
                    }
                }
            }
        }
    }
    tasks
}

/// Per (task, state), flattened `task * states + state`: the exits (bit
/// `e`, for the first 64) with a positive probability that keep the first
/// parameter's object in that state. It depends only on the model, so a
/// simulation computes it once rather than per invocation.
pub(super) fn stay_masks(model: &Model) -> Vec<u64> {
    let ns = model.states.len();
    let mut out = vec![0u64; model.tasks.len() * ns];
    for (t, tm) in model.tasks.iter().enumerate() {
        for (e, ex) in tm.exits.iter().enumerate() {
            if ex.probability <= 0.0 {
                continue;
            }
            for (state, mask) in out[t * ns..(t + 1) * ns].iter_mut().enumerate() {
                if ex.successor(tm.count_param as usize, state as u32) == Some(state as u32) {
                    *mask |= 1 << (e % 64);
                }
            }
        }
    }
    out
}

/// Per task and exit: whether the exit sends the counted parameter's object
/// on to states from which that object can come back to the task (a
/// loop's continuing exit, directly or through other tasks), rather than
/// out of the task's cycle. Between exits equally due the continuing one
/// runs first, so an object that is worked on k times and then let go takes
/// its leaving exit last, also when k is 2 and the two exits tie (a Cannon
/// tile's shift, then its final sum).
pub(super) fn continuing_exits(model: &Model) -> Vec<Vec<bool>> {
    let ns = model.states.len();
    // The states one object can reach from each state, following it
    // through the exits of the tasks that take it.
    let comes_back = |t: usize, p: usize, starts: Vec<u32>| -> bool {
        let mut seen = vec![false; ns];
        let mut stack = starts;
        while let Some(s) = stack.pop() {
            let Some(seen_s) = seen.get_mut(s as usize) else {
                continue;
            };
            if std::mem::replace(seen_s, true) {
                continue;
            }
            for &(u, q) in &model.states[s as usize].consumers {
                if (u as usize, q as usize) == (t, p) {
                    return true;
                }
                for ex in &model.tasks[u as usize].exits {
                    stack.extend(ex.successor(q as usize, s));
                }
            }
        }
        false
    };
    model
        .tasks
        .iter()
        .enumerate()
        .map(|(t, tm)| {
            let p = tm.count_param as usize;
            tm.exits
                .iter()
                .map(|ex| {
                    let after = ex.next.get(p).map_or(Vec::new(), |pairs| {
                        pairs.iter().map(|&(_, to)| to).collect()
                    });
                    comes_back(t, p, after)
                })
                .collect()
        })
        .collect()
}
