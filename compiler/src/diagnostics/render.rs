//! Human-readable diagnostics: ariadne reports, the shape of a diagnostic
//! without a place, and the closing "N errors" summary.
//!
//! In: `Diagnostic`s and the `SourceMap` their spans point into. Out: text
//! for stderr.

use super::{Diagnostic, Severity};
use crate::source::SourceMap;
use ariadne::{Color, Config, IndexType, Label as ALabel, Report, ReportKind};
use bambooc_syntax::span::{FileId, Span};
use std::fmt;

/// A source as ariadne sees it. The report's own anchor has no file: ariadne
/// heads every later group of labels in the anchor's file with the anchor's
/// position, so an anchor matching no file makes each group's header name
/// its own first label (the primary label comes first in the first group).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct SrcId {
    file: Option<FileId>,
    name: String,
}

impl fmt::Display for SrcId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Renders diagnostics as human-readable text through ariadne.
pub fn render_human(diags: &[Diagnostic], sources: &SourceMap, color: bool) -> String {
    // Only the files the diagnostics point into: indexing the whole
    // standard library's text per rendering would cost more than the rest.
    let used: std::collections::BTreeSet<FileId> = diags
        .iter()
        .flat_map(|d| d.primary.iter().chain(&d.secondary))
        .map(|l| l.span.file)
        .collect();
    let id = |file: FileId| SrcId {
        file: Some(file),
        name: sources.file(file).name.clone(),
    };
    let mut cache = ariadne::sources(
        used.into_iter()
            .map(|f| (id(f), sources.file(f).text.clone()))
            .collect::<Vec<_>>(),
    );
    // Spans in characters: ariadne's byte mode reads the second group's
    // header position as a byte offset although it holds a character one.
    let chars = |s: Span| {
        let start = sources.char_offset(s.file, s.start);
        (
            id(s.file),
            start..sources.char_offset(s.file, s.end).max(start),
        )
    };
    let mut out = Vec::new();
    for d in diags {
        let Some(primary) = &d.primary else {
            out.extend(render_global(d).into_bytes());
            continue;
        };
        let (kind, primary_color) = match d.severity {
            Severity::Error => (ReportKind::Error, Color::Red),
            Severity::Warning => (ReportKind::Warning, Color::Yellow),
            Severity::Note => (ReportKind::Advice, Color::Fixed(147)),
        };
        let anchor = SrcId {
            file: None,
            name: String::new(),
        };
        let mut report = Report::build(kind, (anchor, chars(primary.span).1))
            .with_config(
                Config::default()
                    .with_index_type(IndexType::Char)
                    .with_color(color),
            )
            .with_code(d.code)
            .with_message(&d.message)
            .with_label(
                ALabel::new(chars(primary.span))
                    .with_message(&primary.message)
                    .with_color(primary_color)
                    .with_order(0),
            );
        for (i, l) in d.secondary.iter().enumerate() {
            report = report.with_label(
                ALabel::new(chars(l.span))
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
/// A note has no code and reads as the C compiler's notes do.
pub(super) fn render_global(d: &Diagnostic) -> String {
    let kind = match d.severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
        Severity::Note => "note",
    };
    let mut s = match d.code {
        "" => format!("{kind}: {}\n", d.message),
        code => format!("[{code}] {kind}: {}\n", d.message),
    };
    // A tool's output spans lines; they stay under the text they belong to.
    let indented = |t: &str| t.replace('\n', "\n          ");
    if let Some(h) = &d.help {
        s.push_str(&format!("    Help: {}\n", indented(h)));
    }
    for n in &d.notes {
        s.push_str(&format!("    Note: {}\n", indented(n)));
    }
    s
}

/// The line closing the human output, as rustc's: `error: aborting due to
/// 2 errors; 1 warning emitted`, or `warning: 1 warning emitted`; `None`
/// when nothing was reported.
pub fn summary(diags: &[Diagnostic]) -> Option<String> {
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let warnings = diags
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    let plural = |n: usize, what: &str| match n {
        1 => format!("1 {what}"),
        _ => format!("{n} {what}s"),
    };
    match (errors, warnings) {
        (0, 0) => None,
        (0, w) => Some(format!("warning: {} emitted\n", plural(w, "warning"))),
        (e, 0) => Some(format!("error: aborting due to {}\n", plural(e, "error"))),
        (e, w) => Some(format!(
            "error: aborting due to {}; {} emitted\n",
            plural(e, "error"),
            plural(w, "warning")
        )),
    }
}
