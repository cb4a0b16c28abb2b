//! The program's source files: names, texts and line tables. The driver
//! reads files and registers them here; every other stage sees only
//! `FileId`s and byte spans.

use bambooc_syntax::span::{FileId, Span};
use std::sync::Arc;

pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
    /// The standard library's files are shown as `<stdlib>/name.bb`.
    pub is_stdlib: bool,
}

/// Files are shared, so that a map holding the standard library is cloned
/// cheaply for every program checked in one process (`stdlib_sources`).
#[derive(Default, Clone)]
pub struct SourceMap {
    files: Vec<Arc<SourceFile>>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: String, is_stdlib: bool) -> FileId {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        self.files.push(Arc::new(SourceFile {
            name: name.into(),
            text,
            line_starts,
            is_stdlib,
        }));
        FileId(self.files.len() as u32 - 1)
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), &**f))
    }

    /// The 1-based line and column (in bytes) of a span's start.
    pub fn line_col(&self, span: Span) -> (usize, usize) {
        let file = self.file(span.file);
        let offset = span.start as usize;
        let line = file.line_starts.partition_point(|&s| s <= offset) - 1;
        (line + 1, offset - file.line_starts[line] + 1)
    }

    /// The 1-based line of a span's start.
    pub fn line(&self, span: Span) -> usize {
        self.line_col(span).0
    }
}
