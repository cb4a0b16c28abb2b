//! Diagnostics: the one place where every stage's error data becomes words.
//!
//! In: each stage's error enum (data only: spans, names, types). Out: a
//! `Diagnostic` (code, message, primary label, secondary labels, help), then
//! text rendered by ariadne (`render.rs`, with the closing summary line), or
//! JSON lines for tools (`json.rs`, `--error-format json`); `limit.rs` caps
//! how many errors are shown (`--error-limit`). Stages never format
//! messages themselves.

mod analysis;
pub mod codes;
mod driver;
mod json;
mod layout;
mod limit;
mod machine;
mod profile;
mod render;
mod sema;
mod syntax;

use bambooc_syntax::span::Span;
use serde::Serialize;

pub use analysis::analysis_diagnostic;
pub use driver::{driver_warning, failure_diagnostic, io_reason};
pub use json::render_json;
pub use layout::layout_diagnostic;
pub use limit::{limit, DEFAULT_ERROR_LIMIT};
pub use machine::machine_diagnostic;
pub use profile::{count_hint_diagnostic, profile_diagnostic, profile_unreadable};
pub use render::{render_human, summary};
pub use sema::sema_diagnostic;
pub use syntax::parse_diagnostic;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    /// Information about the run (a build note, errors left unshown);
    /// never about a mistake in the program.
    Note,
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

    /// A note about the run, with no code and no place.
    pub fn note(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Note,
            code: "",
            ..Diagnostic::global("", message)
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

/// The long explanation of a code, for `bambooc --explain`.
pub fn explain(code: &str) -> Option<&'static codes::CodeInfo> {
    let code = code.trim().to_ascii_uppercase();
    codes::CODES.iter().find(|c| c.code == code)
}
