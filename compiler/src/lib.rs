//! bambooc: a compiler for Bamboo, the data-centric task language of Zhou
//! and Demsky (PLDI 2010). See ARCHITECTURE.md for the pipeline; each
//! module below is one stage, a plain function from its input type to its
//! output plus diagnostics.

pub mod analysis;
pub mod codegen;
pub mod diagnostics;
pub mod driver;
pub mod hir;
pub mod lsp;
pub mod sema;
pub mod source;
pub mod stdlib;
pub mod synthesis;

pub use bambooc_syntax as syntax;

/// Helpers for the unit tests beside each stage.
#[cfg(test)]
pub(crate) mod test_support {
    /// The checked program of one source file; panics with the rendered
    /// diagnostics if it has errors.
    pub fn program(src: &str) -> crate::hir::Program {
        let fe = crate::driver::check_source("test.bb", src);
        assert!(
            !fe.has_errors(),
            "{}",
            crate::driver::render(&fe, crate::driver::ErrorFormat::Human, false)
        );
        fe.program.expect("a checked program")
    }
}
