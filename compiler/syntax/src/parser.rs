//! The parser facade: text in, tree and errors out.

use crate::actions::Ctx;
use crate::ast::SourceFile;
use crate::error::ParseError;
use crate::grammar::SourceFileParser;
use crate::span::FileId;
use crate::tokens::TokenStream;

/// Parses one file. Never fails: what cannot be read becomes `Error` nodes
/// (`Item::Error`, `Member::Error`, `StmtKind::Error`, `ExprKind::Error`),
/// and the errors, sorted by position, say why. At most
/// [`MAX_ERRORS`](crate::MAX_ERRORS) errors are reported; parsing stops
/// there.
///
/// Spans are `u32` offsets: of a file of 4 GiB or more, only the first
/// 4 GiB are read, and the end of what was read is reported (E0002).
pub fn parse(file: FileId, src: &str) -> (SourceFile, Vec<ParseError>) {
    let mut cut = None;
    let src = if src.len() >= u32::MAX as usize {
        let mut end = u32::MAX as usize - 1;
        while !src.is_char_boundary(end) {
            end -= 1;
        }
        cut = Some(end);
        &src[..end]
    } else {
        src
    };
    let ctx = Ctx::new(file, src);
    if let Some(end) = cut {
        ctx.report(ParseError::UnexpectedEof {
            span: ctx.span(end, end),
            expected: Vec::new(),
        });
    }
    let result = SourceFileParser::new().parse(&ctx, TokenStream::new(&ctx));
    let tree = match result {
        Ok(tree) => tree,
        // Unreachable by construction (a top-level recovery rule accepts
        // everything up to the end of the file), but never panic.
        Err(e) => {
            if let lalrpop_util::ParseError::UnrecognizedToken {
                token: (l, tok, r),
                expected,
            } = e
            {
                let err = ctx.unexpected(l, &tok, r, expected);
                ctx.report(err);
            }
            SourceFile {
                items: Vec::new(),
                span: ctx.span(0, src.len()),
            }
        }
    };
    let mut errors = ctx.into_errors();
    errors.sort_by_key(|e| e.span());
    (tree, errors)
}
