//! Tests of the `bambooc-syntax` crate, in one binary: lexer, grammar,
//! task language, recovery, nesting limits and robustness, the repository's
//! Bamboo sources.

mod common;
mod corpus;
mod grammar;
mod lexer;
mod limits;
mod recovery;
mod tasks;
