//! Analyses over the checked program (paper section 4): the disjointness
//! analysis that decides where task parameters' locks must be merged.

pub mod disjoint;
