//! Errors the driver meets outside the source text (no input files, an
//! output it cannot write, a C compiler that fails), for the JSON format.
//!
//! In: the driver's message as printed for people: `error: what`, then
//! `help:` and `note:` lines, then any tool output (the C compiler's).
//! Out: one `Diagnostic` without a place, code E0700.

use super::{Diagnostic, Severity};

pub fn failure_diagnostic(text: &str) -> Diagnostic {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let (severity, message) = match first.strip_prefix("warning: ") {
        Some(m) => (Severity::Warning, m),
        None => (
            Severity::Error,
            first.strip_prefix("error: ").unwrap_or(first),
        ),
    };
    let mut d = Diagnostic {
        severity,
        ..Diagnostic::global("E0700", message)
    };
    // Tool output is kept whole, as one note.
    let mut output = Vec::new();
    for line in lines {
        if let Some(h) = line.strip_prefix("help: ") {
            d.help = Some(h.to_string());
        } else if let Some(n) = line.strip_prefix("note: ") {
            d.notes.push(n.to_string());
        } else {
            output.push(line);
        }
    }
    let output = output.join("\n");
    if !output.trim().is_empty() {
        d.notes.push(output.trim_end().to_string());
    }
    d
}
