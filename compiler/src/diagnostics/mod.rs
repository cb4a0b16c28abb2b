//! Diagnostics: the one place where every stage's error data becomes words.
//!
//! In: each stage's error enum (data only: spans, names, types). Out: a
//! `Diagnostic` (code, message, primary label, secondary labels, help), then
//! text rendered by ariadne with byte spans, or JSON lines for tools
//! (`--error-format json`). Stages never format messages themselves.

mod analysis;
pub mod codes;
mod layout;
mod machine;
mod profile;
mod sema;
mod syntax;

use crate::source::SourceMap;
use ariadne::{Color, Config, IndexType, Label as ALabel, Report, ReportKind};
use bambooc_syntax::span::Span;
use serde::Serialize;

pub use analysis::analysis_diagnostic;
pub use layout::layout_diagnostic;
pub use machine::machine_error_message;
pub use profile::{count_hint_diagnostic, profile_diagnostic, profile_unreadable};
pub use sema::sema_diagnostic;
pub use syntax::parse_diagnostic;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

impl Label {
    pub fn new(span: Span, message: impl Into<String>) -> Label {
        Label {
            span,
            message: message.into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    /// `None` for problems outside any source text (a file that cannot be
    /// read).
    pub primary: Option<Label>,
    pub secondary: Vec<Label>,
    pub help: Option<String>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>, primary: Label) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            primary: Some(primary),
            secondary: Vec::new(),
            help: None,
            notes: Vec::new(),
        }
    }

    /// An error about no particular place in the source.
    pub fn global(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            primary: None,
            secondary: Vec::new(),
            help: None,
            notes: Vec::new(),
        }
    }

    pub fn warning(code: &'static str, message: impl Into<String>, primary: Label) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message, primary)
        }
    }

    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label::new(span, message));
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Sorts diagnostics by file and position so output never depends on the
/// order in which a stage found them.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by_key(|d| {
        d.primary
            .as_ref()
            .map(|l| (l.span.file, l.span.start, l.span.end))
    });
}

/// Renders diagnostics as human-readable text through ariadne.
pub fn render_human(diags: &[Diagnostic], sources: &SourceMap, color: bool) -> String {
    // Only the files the diagnostics point into: indexing the whole
    // standard library's text per rendering would cost more than the rest.
    let used: std::collections::BTreeSet<_> = diags
        .iter()
        .flat_map(|d| d.primary.iter().chain(&d.secondary))
        .map(|l| l.span.file)
        .collect();
    let mut cache = ariadne::sources(
        used.into_iter()
            .map(|id| sources.file(id))
            .map(|f| (f.name.clone(), f.text.clone()))
            .collect::<Vec<_>>(),
    );
    let mut out = Vec::new();
    for d in diags {
        let Some(primary) = &d.primary else {
            out.extend(render_global(d).into_bytes());
            continue;
        };
        let name = |s: Span| sources.file(s.file).name.clone();
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let primary_color = match d.severity {
            Severity::Error => Color::Red,
            Severity::Warning => Color::Yellow,
        };
        let mut report = Report::build(kind, (name(primary.span), primary.span.range()))
            .with_config(
                Config::default()
                    .with_index_type(IndexType::Byte)
                    .with_color(color),
            )
            .with_code(d.code)
            .with_message(&d.message)
            .with_label(
                ALabel::new((name(primary.span), primary.span.range()))
                    .with_message(&primary.message)
                    .with_color(primary_color)
                    .with_order(0),
            );
        for (i, l) in d.secondary.iter().enumerate() {
            report = report.with_label(
                ALabel::new((name(l.span), l.span.range()))
                    .with_message(&l.message)
                    .with_color(Color::Blue)
                    .with_order(i as i32 + 1),
            );
        }
        if let Some(help) = &d.help {
            report = report.with_help(help);
        }
        for n in &d.notes {
            report = report.with_note(n);
        }
        // Writing into a Vec cannot fail; a missing source would be a bug in
        // the driver, and the message still carries the code and text.
        let _ = report.finish().write(&mut cache, &mut out);
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A diagnostic without a source location, in the same shape as ariadne's.
fn render_global(d: &Diagnostic) -> String {
    let kind = match d.severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
    };
    let mut s = format!("[{}] {kind}: {}\n", d.code, d.message);
    if let Some(h) = &d.help {
        s.push_str(&format!("    Help: {h}\n"));
    }
    for n in &d.notes {
        s.push_str(&format!("    Note: {n}\n"));
    }
    s
}

#[derive(Serialize)]
struct JsonLabel<'a> {
    file: &'a str,
    byte_start: u32,
    byte_end: u32,
    line: usize,
    column: usize,
    message: &'a str,
    primary: bool,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    severity: Severity,
    code: &'a str,
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
            let (line, column) = sources.line_col(l.span);
            JsonLabel {
                file: &sources.file(l.span.file).name,
                byte_start: l.span.start,
                byte_end: l.span.end,
                line,
                column,
                message: &l.message,
                primary,
            }
        };
        let mut labels: Vec<JsonLabel> = d.primary.iter().map(|l| label(l, true)).collect();
        labels.extend(d.secondary.iter().map(|l| label(l, false)));
        let json = JsonDiagnostic {
            severity: d.severity,
            code: d.code,
            message: &d.message,
            labels,
            help: d.help.as_deref(),
            notes: &d.notes,
        };
        out.push_str(&serde_json::to_string(&json).expect("diagnostics serialise"));
        out.push('\n');
    }
    out
}

/// The long explanation of a code, for `bambooc --explain`.
pub fn explain(code: &str) -> Option<&'static codes::CodeInfo> {
    let code = code.trim().to_ascii_uppercase();
    codes::CODES.iter().find(|c| c.code == code)
}
