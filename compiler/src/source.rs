//! The program's source files: names, texts and line tables. The driver
//! reads files and registers them here; every other stage sees only
//! `FileId`s and byte spans.

use bambooc_syntax::span::{FileId, Span};
use std::sync::Arc;

pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
    /// The characters before each line, so that a character offset costs
    /// a scan of one line only.
    line_chars: Vec<usize>,
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
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let line_chars = std::iter::once(0)
            .chain(line_starts.windows(2).scan(0, |before, w| {
                *before += text[w[0]..w[1]].chars().count();
                Some(*before)
            }))
            .collect();
        self.files.push(Arc::new(SourceFile {
            name: name.into(),
            text,
            line_starts,
            line_chars,
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

    /// The 1-based line and column, counted in characters as the human
    /// output counts them, of byte `offset` in `file` (clamped to the text,
    /// and to the start of a character it falls inside).
    pub fn position(&self, file: FileId, offset: u32) -> (usize, usize) {
        let f = self.file(file);
        let offset = char_boundary(&f.text, offset as usize);
        let line = f.line_starts.partition_point(|&s| s <= offset) - 1;
        let column = f.text[f.line_starts[line]..offset].chars().count();
        (line + 1, column + 1)
    }

    /// The character offset of byte `offset` in `file` (clamped likewise).
    pub fn char_offset(&self, file: FileId, offset: u32) -> usize {
        let f = self.file(file);
        let offset = char_boundary(&f.text, offset as usize);
        let line = f.line_starts.partition_point(|&s| s <= offset) - 1;
        f.line_chars[line] + f.text[f.line_starts[line]..offset].chars().count()
    }
}

/// The largest character boundary of `text` at or before `offset`.
fn char_boundary(text: &str, offset: usize) -> usize {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
        let mut m = SourceMap::new();
        let f = m.add("t.bb", "é = 1;\nxé y\n".to_string(), false);
        // `y` is byte 12, character 10; line 2, column 4.
        assert_eq!(m.position(f, 12), (2, 4));
        assert_eq!(m.char_offset(f, 12), 10);
        // Inside `é` (byte 1) counts as its start; past the end clamps.
        assert_eq!((m.position(f, 1), m.char_offset(f, 1)), ((1, 1), 0));
        assert_eq!(m.char_offset(f, 99), 12);
    }
}
