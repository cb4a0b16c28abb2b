//! The Bamboo front end's first half: lexer, grammar and AST.
//!
//! ```text
//! &str --lexer (logos)--> Tok --tokens (bracket and nesting guard)--> Tok
//!      --grammar (LALRPOP, generated into OUT_DIR)--> ast::SourceFile
//!                                                   + Vec<ParseError>
//! ```
//!
//! The one entry point is [`parse`]. It never fails, panics, overflows the
//! stack or hangs: every file yields a tree (with `Error` nodes where the
//! text could not be read) and the list of errors, sorted by position.
//!
//! Architecture invariants:
//! - The tree is never nested deeper than [`ast::MAX_NESTING`], counting
//!   expressions, statements and array initialisers along any path; deeper
//!   code is replaced by an `Error` node and reported once (E0009). Later
//!   passes may recurse over the tree freely.
//! - The parser's own stack stays proportional to that limit: brackets and
//!   statement chains are cut by the token stream (`tokens.rs`), and the
//!   grammar turns Java's right-recursive chains (assignments, conditionals,
//!   prefix operators and casts) into lists folded in one action.
//! - Errors are data ([`ParseError`]), E0001 to E0012; the wording lives in
//!   the compiler's diagnostics module. Recovery is at top-level item,
//!   member, statement and brace-construct boundaries, so each broken
//!   construct costs one error and the rest of the file is still read; at
//!   most [`MAX_ERRORS`] are reported.
//! - Both spellings of the task language (the paper's and the original
//!   distribution's) produce the same tree.
//!
//! Module map: [`lexer`] (tokens, literal decoding, lexical errors),
//! `tokens` (the guard between lexer and grammar), `grammar.lalrpop` (the
//! grammar, with a design note), `actions` (node builders with depth
//! checks, recovery bookkeeping), `parser` (the facade), [`ast`], [`span`],
//! [`error`].
pub mod ast;
pub mod error;
pub mod lexer;
pub mod span;

mod actions;
mod parser;
mod tokens;

lalrpop_util::lalrpop_mod!(
    #[allow(
        clippy::all,
        clippy::pedantic,
        unused_imports,
        unused_parens,
        dead_code
    )]
    grammar
);

pub use actions::MAX_ERRORS;
pub use error::{CharLiteralError, JavaFeature, NumberError, ParseError};
pub use parser::parse;
