//! bambooc: a compiler for Bamboo, the data-centric task language of Zhou
//! and Demsky (PLDI 2010). See ARCHITECTURE.md for the pipeline; each
//! module below is one stage, a plain function from its input type to its
//! output plus diagnostics.

pub mod codegen;
pub mod diagnostics;
pub mod driver;
pub mod hir;
pub mod sema;
pub mod source;
pub mod stdlib;

pub use bambooc_syntax as syntax;
