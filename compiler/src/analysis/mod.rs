//! The analyses of the paper's section 4 that run on the checked HIR:
//! dependence analysis (ASTGs, 4.1), the combined state transition graph
//! (4.3.1), the checks users see from those graphs, and the disjointness
//! analysis (4.2) that decides where task parameters' locks must be merged.

pub mod astg;
pub mod callgraph;
pub mod checks;
pub mod cost;
pub mod cstg;
pub mod disjoint;
