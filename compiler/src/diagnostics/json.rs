//! Diagnostics as JSON lines for tools (`--error-format json`).
//!
//! In: `Diagnostic`s and the `SourceMap` their spans point into. Out: one
//! JSON object per diagnostic and line. A label gives its byte range and
//! its start and end as 1-based lines and columns counted in characters
//! (as the human output counts them); the end is the position just after
//! the span, as in LSP. Notes about the run (severity `note`, code `null`)
//! are objects too.

use super::{Diagnostic, Label, Severity};
use crate::source::SourceMap;
use serde::Serialize;

#[derive(Serialize)]
struct JsonLabel<'a> {
    file: &'a str,
    byte_start: u32,
    byte_end: u32,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: &'a str,
    primary: bool,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    severity: Severity,
    /// `null` for a note about the run, which has no code.
    code: Option<&'a str>,
    message: &'a str,
    labels: Vec<JsonLabel<'a>>,
    help: Option<&'a str>,
    notes: &'a [String],
}

/// Renders diagnostics as JSON, one object per line.
pub fn render_json<'a>(diags: &'a [Diagnostic], sources: &'a SourceMap) -> String {
    let mut out = String::new();
    for d in diags {
        let label = |l: &'a Label, primary| -> JsonLabel<'a> {
            let (line, column) = sources.position(l.span.file, l.span.start);
            let (end_line, end_column) = sources.position(l.span.file, l.span.end);
            JsonLabel {
                file: &sources.file(l.span.file).name,
                byte_start: l.span.start,
                byte_end: l.span.end,
                line,
                column,
                end_line,
                end_column,
                message: &l.message,
                primary,
            }
        };
        let mut labels: Vec<JsonLabel> = d.primary.iter().map(|l| label(l, true)).collect();
        labels.extend(d.secondary.iter().map(|l| label(l, false)));
        let json = JsonDiagnostic {
            severity: d.severity,
            code: (!d.code.is_empty()).then_some(d.code),
            message: &d.message,
            labels,
            help: d.help.as_deref(),
            notes: &d.notes,
        };
        // Strings, numbers and a derived enum always serialise.
        if let Ok(line) = serde_json::to_string(&json) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}
