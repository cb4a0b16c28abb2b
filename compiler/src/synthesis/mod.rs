//! The synthesis half of the pipeline (paper 4.3-4.5): from a profile of
//! a one-core run to the layout a many-core build runs with.
//!
//! In: the CSTG (`analysis::cstg`), the lock plan
//! (`analysis::disjoint::LockPlan`) and a [`profile::Profile`]. Out: a
//! [`layout::Layout`]. The stages, in order: [`profile`] (the profile file
//! and the Markov model on the CSTG, 4.3.1 and 4.4), [`machine`] (the
//! target's costs), [`candidates`] (core groups, replication and the
//! mapping of group copies to cores, 4.3.2-4.3.4), [`sim`] (the
//! scheduling simulator and the critical path, 4.4 and 4.5.1), [`anneal`]
//! (directed simulated annealing over the mappings, 4.5) and [`layout`]
//! (validated layouts and the default one). [`calibrate`] derives a
//! machine description from measured microbenchmark times.

pub mod anneal;
pub mod calibrate;
pub mod candidates;
pub mod layout;
pub mod machine;
pub mod markov;
pub mod profile;
pub mod sim;

use crate::synthesis::anneal::OptOptions;
use crate::synthesis::layout::Layout;
use crate::synthesis::machine::Machine;
use crate::synthesis::sim::{Model, SimOptions, SimResult};
use std::time::Instant;

/// The layout searched for (or given) and its simulation.
pub struct Outcome {
    pub layout: Layout,
    pub result: SimResult,
    pub simulated: usize,
    pub seconds: f64,
}

/// An estimate on more cores must beat one on fewer by this factor to be
/// chosen: the model's error on the machine is a few percent, and a
/// layout that idles cores loses nothing to mistakes in it.
pub const MORE_CORES_MARGIN: f64 = 0.95;

/// The factor on the machine's communication costs (send, receive,
/// message, wake)
/// of the pessimistic machine a layout on more cores must not lose on
/// either: a fine-grained program's gain from more cores hangs on those
/// costs, which vary with the host, the cache and the load; a coarse one's
/// does not.
pub const PESSIMISM: f64 = 4.0;

/// `machine` with its communication costs [`PESSIMISM`] times higher.
pub fn pessimistic(machine: &Machine) -> Machine {
    let mut m = machine.clone();
    m.costs.send_ns *= PESSIMISM;
    m.costs.receive_ns *= PESSIMISM;
    m.costs.message_base_ns *= PESSIMISM;
    m.costs.message_per_hop_ns *= PESSIMISM;
    m.costs.wake_ns *= PESSIMISM;
    m.costs.core_start_ns *= PESSIMISM;
    m.costs.end_ns *= PESSIMISM;
    m
}

/// Synthesis and optimisation for one machine (paper 4.3-4.5): the layout
/// [`anneal::optimise`] finds, reporting `progress(round, best estimate)`
/// as it goes. The layout
/// that runs everything on one core, and each of `fewer` (layouts found
/// for fewer cores), widened to `cores` cores, are candidates too: a
/// layout that uses more cores is chosen only when the model estimates it
/// faster by [`MORE_CORES_MARGIN`] and no slower on the [`pessimistic`]
/// machine, so a build never loses to fewer cores by the model's own
/// account, nor by a model whose communication costs are several times
/// too low.
pub fn synthesise(
    model: &Model,
    machine: &Machine,
    cores: u32,
    seed: u64,
    sim: SimOptions,
    fewer: &[Layout],
    progress: &mut dyn FnMut(u32, f64),
) -> Outcome {
    let t0 = Instant::now();
    let opts = OptOptions {
        seed,
        sim,
        ..OptOptions::default()
    };
    let r = anneal::optimise(model, machine, cores, &opts, progress);
    let mut best = (r.layout, r.result);
    let mut simulated = r.simulated;
    if cores > 1 {
        let doubt = pessimistic(machine);
        let quiet = SimOptions {
            record: false,
            ..sim
        };
        // The best layout's cost on the pessimistic machine, simulated
        // once per best layout.
        let mut best_doubt: Option<f64> = None;
        let one = one_core(model, &machine.name);
        for small in std::iter::once(&one).chain(fewer) {
            if small.cores() >= cores || small.used_cores() >= best.0.used_cores() {
                continue;
            }
            let wide = small.widened(cores);
            let result = sim::simulate(model, machine, &wide, sim);
            simulated += 1;
            if !result.cost().is_finite() {
                continue;
            }
            let more_wins = best.1.cost() < result.cost() * MORE_CORES_MARGIN && {
                let more = *best_doubt.get_or_insert_with(|| {
                    simulated += 1;
                    sim::simulate(model, &doubt, &best.0, quiet).cost()
                });
                simulated += 1;
                more <= sim::simulate(model, &doubt, &wide, quiet).cost()
            };
            if !more_wins {
                best = (wide, result);
                best_doubt = None;
            }
        }
    }
    Outcome {
        layout: best.0,
        result: best.1,
        simulated,
        seconds: t0.elapsed().as_secs_f64(),
    }
}

/// The layout that runs every task on core 0.
pub fn one_core(model: &Model, machine: &str) -> Layout {
    crate::synthesis::candidates::layout_from_hosts(
        model,
        machine,
        vec![(0..model.tasks.len() as u32)
            .map(crate::hir::TaskId)
            .collect()],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synthesis_never_chooses_more_cores_the_model_finds_slower() {
        use crate::synthesis::sim::tests::data_parallel;
        let machine = Machine::smp(2).unwrap();
        let opts = crate::synthesis::sim::SimOptions::default();
        // Items of 20 ns cost their sender more than they take: one core.
        let tiny = data_parallel(2000, 20.0);
        let o = super::synthesise(&tiny, &machine, 2, 1, opts, &[], &mut |_, _| {});
        assert_eq!(o.layout.used_cores(), 1);
        assert_eq!(o.layout.cores(), 2);
        // Items of 100 us gain from the second core.
        let big = data_parallel(64, 100_000.0);
        let o = super::synthesise(&big, &machine, 2, 1, opts, &[], &mut |_, _| {});
        assert_eq!(o.layout.used_cores(), 2);
    }
}
