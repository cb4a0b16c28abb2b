//! The Bamboo front end's first half: lexer, grammar and AST.
pub mod ast;
pub mod span;
