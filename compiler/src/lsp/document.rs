//! Open documents: their text, the front end's result for it, and the
//! compiler's diagnostics as LSP diagnostics.
//!
//! In: a document's URI and text (whole, or edited by ranges). Out: a
//! [`Document`] whose [`Analysis`] is the driver's `Frontend` of that text
//! (parse, sema against the prechecked standard library, the ASTG
//! warnings), and LSP diagnostics with UTF-16 ranges.

use super::position::LineIndex;
use crate::diagnostics::{Diagnostic, Severity};
use crate::driver::Frontend;
use bambooc_syntax::span::FileId;
use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Position, Range,
    TextDocumentContentChangeEvent, Uri,
};

/// One open document.
pub struct Document {
    pub uri: Uri,
    pub version: Option<i32>,
    pub text: String,
    /// The analysis of `text`, or `None` when an edit has not been
    /// analysed yet (analysis waits until the client's queue is empty).
    pub analysis: Option<Analysis>,
}

/// The front end's result for one document's text.
pub struct Analysis {
    pub fe: Frontend,
    /// The document's file in `fe.sources`.
    pub file: FileId,
    pub lines: LineIndex,
    /// How long the front end took.
    pub elapsed: std::time::Duration,
}

impl Analysis {
    pub fn text(&self) -> &str {
        &self.fe.sources.file(self.file).text
    }

    pub fn ast(&self) -> Option<&bambooc_syntax::ast::SourceFile> {
        self.fe
            .asts
            .iter()
            .find(|(id, _)| *id == self.file)
            .map(|(_, ast)| ast)
    }
}

impl Document {
    pub fn new(uri: Uri, version: Option<i32>, text: String) -> Document {
        Document {
            uri,
            version,
            text,
            analysis: None,
        }
    }

    /// Applies the client's edits in order: a change without a range
    /// replaces the text, one with a range splices it.
    pub fn apply(&mut self, version: i32, changes: Vec<TextDocumentContentChangeEvent>) {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let lines = LineIndex::new(&self.text);
                    let start = lines.offset(&self.text, range.start);
                    let end = lines.offset(&self.text, range.end).max(start);
                    self.text.replace_range(start..end, &change.text);
                }
            }
        }
        self.version = Some(version);
        self.analysis = None;
    }

    /// Analyses the text if an edit made the last analysis stale.
    pub fn analyse(&mut self) -> &Analysis {
        let text = &self.text;
        let name = file_name(&self.uri);
        self.analysis.get_or_insert_with(|| {
            let start = std::time::Instant::now();
            let fe = crate::driver::check_source(&name, text);
            let file = fe.user_files.first().copied().unwrap_or_default();
            Analysis {
                lines: LineIndex::new(text),
                fe,
                file,
                elapsed: start.elapsed(),
            }
        })
    }
}

/// The file system path of a `file:` URI (percent-decoded), if it is one.
pub fn file_path(uri: &Uri) -> Option<std::path::PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://host/path` names a host; only local files are ours.
    let path = &rest[rest.find('/')?..];
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(std::path::PathBuf::from(String::from_utf8(out).ok()?))
}

/// The name diagnostics and dot files use for a document: its path, or
/// the URI itself for unsaved buffers.
pub fn file_name(uri: &Uri) -> String {
    file_path(uri)
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| uri.as_str().to_string())
}

/// The compiler's diagnostics of a document in LSP's terms. Diagnostics
/// without a place in this document (an unreadable file, a problem in
/// another file) are shown at its start.
pub fn lsp_diagnostics(doc: &Uri, a: &Analysis) -> Vec<lsp_types::Diagnostic> {
    a.fe.diagnostics
        .iter()
        .map(|d| convert(doc, a, d))
        .collect()
}

fn convert(doc: &Uri, a: &Analysis, d: &Diagnostic) -> lsp_types::Diagnostic {
    let text = a.text();
    let start = Range::new(Position::new(0, 0), Position::new(0, 0));
    let range_of =
        |span: bambooc_syntax::span::Span| (span.file == a.file).then(|| a.lines.range(text, span));
    let range = d
        .primary
        .as_ref()
        .and_then(|l| range_of(l.span))
        .unwrap_or(start);
    let mut message = d.message.clone();
    if let Some(l) = d.primary.as_ref().filter(|l| !l.message.is_empty()) {
        message.push_str(&format!("\n{}", l.message));
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    for n in &d.notes {
        message.push_str(&format!("\nnote: {n}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .filter_map(|l| {
            Some(DiagnosticRelatedInformation {
                location: Location::new(doc.clone(), range_of(l.span)?),
                message: l.message.clone(),
            })
        })
        .collect();
    lsp_types::Diagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("bambooc".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_decode() {
        let uri: Uri = "file:///tmp/a%20b/we%22ird.bb".parse().unwrap();
        assert_eq!(
            file_path(&uri).unwrap(),
            std::path::PathBuf::from("/tmp/a b/we\"ird.bb")
        );
        let untitled: Uri = "untitled:Untitled-1".parse().unwrap();
        assert!(file_path(&untitled).is_none());
        assert_eq!(file_name(&untitled), "untitled:Untitled-1");
    }

    #[test]
    fn ranged_edits_splice() {
        let uri: Uri = "file:///t.bb".parse().unwrap();
        let mut d = Document::new(uri, Some(1), "ab\ncd\n".into());
        d.apply(
            2,
            vec![TextDocumentContentChangeEvent {
                range: Some(Range::new(Position::new(1, 0), Position::new(1, 1))),
                range_length: None,
                text: "XY".into(),
            }],
        );
        assert_eq!(d.text, "ab\nXYd\n");
    }
}
