//! Positions: byte offsets (the compiler's spans) to and from LSP
//! positions, whose columns count UTF-16 code units as the protocol
//! requires.
//!
//! In: a document's text, byte spans or LSP positions. Out: LSP ranges or
//! byte offsets, always clamped to the text (a stale or hostile position
//! never indexes out of it).

use bambooc_syntax::span::Span;
use lsp_types::{Position, Range};

/// The start of each line of one text, for converting positions.
pub struct LineIndex {
    line_starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { line_starts }
    }

    /// The LSP position of a byte offset (clamped to the text and moved
    /// back to a character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let character = text[start..offset].encode_utf16().count();
        Position::new(line as u32, character as u32)
    }

    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start as usize),
            self.position(text, span.end as usize),
        )
    }

    /// The byte offset of an LSP position; a line past the end is the end
    /// of the text, a column past the line's end is the line's end.
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let Some(&start) = self.line_starts.get(pos.line as usize) else {
            return text.len();
        };
        let line = &text[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            if units >= pos.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        let text = "a\n\u{1F600}x é\n";
        let idx = LineIndex::new(text);
        // The emoji is 4 bytes and 2 UTF-16 units.
        let x = text.find('x').unwrap();
        assert_eq!(idx.position(text, x), Position::new(1, 2));
        assert_eq!(idx.offset(text, Position::new(1, 2)), x);
        let e = text.find('é').unwrap();
        assert_eq!(idx.position(text, e), Position::new(1, 4));
        assert_eq!(idx.offset(text, Position::new(1, 4)), e);
    }

    #[test]
    fn out_of_range_positions_clamp() {
        let text = "ab\ncd";
        let idx = LineIndex::new(text);
        assert_eq!(idx.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(idx.offset(text, Position::new(0, 99)), 2);
        assert_eq!(idx.position(text, 99), Position::new(1, 2));
        // Inside a multi-byte character: back to its start.
        let t = "é";
        assert_eq!(LineIndex::new(t).position(t, 1), Position::new(0, 0));
    }
}
