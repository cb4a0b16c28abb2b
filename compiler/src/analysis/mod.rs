//! The analyses of the paper's section 4 that run on the checked HIR:
//! dependence analysis (ASTGs, 4.1), the combined state transition graph
//! (4.3.1), and the checks users see from those graphs.

pub mod astg;
pub mod callgraph;
pub mod checks;
pub mod cstg;
