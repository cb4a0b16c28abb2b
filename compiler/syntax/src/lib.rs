//! The Bamboo front end's first half: lexer, grammar and AST.
//!
//! ```text
//! &str --lexer (logos)--> Tok --tokens (bracket and nesting guard)--> Tok
//!      --grammar (LALRPOP)--> ast::SourceFile + Vec<ParseError>
//! ```
//!
//! The one entry point is [`parse`]. It never fails, panics, overflows the
//! stack or hangs: every file yields a tree (with `Error` nodes where the
//! text could not be read) and the list of errors, and the tree is never
//! nested deeper than [`ast::MAX_NESTING`].
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
