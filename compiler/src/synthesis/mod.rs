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
pub mod profile;
pub mod sim;
