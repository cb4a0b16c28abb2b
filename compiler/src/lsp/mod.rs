//! `bambooc lsp`: a language server over standard input and output.
//!
//! In: LSP messages from an editor. Out: the compiler's own diagnostics
//! (errors and W-coded warnings) for each open document, hover, go to
//! definition, the document outline, and the command
//! `bambooc.writeCstg` that writes the open program's CSTG as Graphviz
//! dot beside it.
//!
//! Each open document is one program checked against the standard library,
//! which is parsed and checked once per process; an edit re-runs the front
//! end on that one file only when the client's queue is empty, so a burst
//! of keystrokes is analysed once. The files by job: `transport.rs` (the
//! wire), `position.rs` (UTF-16 positions), `document.rs` (texts, analyses,
//! diagnostics), `names.rs` and `lookup.rs` (what a position names),
//! `hover.rs`, `navigate.rs` (definitions, outline), `server.rs` (the
//! requests and notifications).

mod document;
mod hover;
mod lookup;
mod names;
mod navigate;
mod position;
mod server;
mod transport;

pub use server::{serve, WRITE_CSTG};
