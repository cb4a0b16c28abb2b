//! Tests of candidate layouts: core groups, enumeration, hosts.
use super::*;
use crate::synthesis::sim::tests::{data_parallel, model_of, state, task};
use rand::rngs::StdRng;
use rand::SeedableRng;

#[test]
fn data_parallel_groups_replicate_to_the_cores() {
    let m = data_parallel(16, 100.0);
    let mut g = core_groups(&m);
    assert_eq!(g.len(), 2);
    assert_eq!((g[0].tasks.clone(), g[1].tasks.clone()), (vec![0], vec![1]));
    assert_eq!(g[1].feeder, Some((0, 16.0)));
    parallelise(&m, &mut g, 4);
    assert_eq!(g[1].copies, 4);
    let all = enumerate(
        &m,
        &g,
        4,
        &Enumeration {
            skip: 0.0,
            limit: usize::MAX,
            node_budget: u64::MAX,
        },
        &mut StdRng::seed_from_u64(0),
    );
    // Root on core 0; four identical copies over 4 cores, up to
    // renaming: the partitions of the copies with the root's core.
    assert!(all.contains(&vec![vec![0, 1], vec![1], vec![1], vec![1]]));
    assert!(all.contains(&vec![vec![0, 1], vec![], vec![], vec![]]));
    assert!(all.contains(&vec![vec![0], vec![1], vec![], vec![]]));
    let set: BTreeSet<_> = all.iter().collect();
    assert_eq!(set.len(), all.len());
}

#[test]
fn rate_matching_uses_the_cycle_time() {
    // gen loops (100 ns per cycle), allocating one object per cycle
    // that takes 1000 ns to process: n = ceil(1 * 1000 / 100) = 10.
    let mut gen = task("gen", 1, 100.0, vec![Some(0)], vec![(1, 1.0)]);
    gen.startup = true;
    gen.invocations = 50;
    let mut work = task("work", 1, 1000.0, vec![None], vec![]);
    work.invocations = 50;
    let m = model_of(
        vec![gen, work],
        vec![state("G", vec![(0, 0)]), state("W", vec![(1, 0)])],
    );
    let mut g = core_groups(&m);
    parallelise(&m, &mut g, 62);
    assert_eq!(g[1].copies, 10);
    parallelise(&m, &mut g, 8);
    assert_eq!(g[1].copies, 8);
}
