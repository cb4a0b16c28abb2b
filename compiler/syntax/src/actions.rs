//! What the grammar's semantic actions call: the parse context (errors,
//! recovery state) and the builders of AST nodes.
//!
//! Every builder of a node that can contain another node of the same
//! family knows the depth of what it is given (each grammar value carries
//! it beside the node: `E`, `S`, `VI`, `FE`) and refuses to build a node
//! deeper than `MAX_NESTING`: it reports E0009 once per file and returns an
//! `Error` node of depth 1 instead. So no tree deeper than the limit ever
//! exists, not even transiently, and dropping any subtree is safe.

mod exprs;
mod stmts;

use std::cell::{Cell, RefCell};

use lalrpop_util::ErrorRecovery;

use crate::ast::*;
use crate::error::{JavaFeature, ParseError};
use crate::lexer::Tok;
use crate::span::{FileId, Span};

/// The most errors one file reports; parsing stops there (as javac's
/// `-Xmaxerrs` default). Also bounds the time spent in error recovery.
pub const MAX_ERRORS: usize = 100;

/// The grammar's user error type: the token stream never fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Never {}

/// Shared by the token stream and the semantic actions of one parse.
pub(crate) struct Ctx<'s> {
    pub file: FileId,
    pub src: &'s str,
    errors: RefCell<Vec<ParseError>>,
    deep_reported: Cell<bool>,
    /// Between an error and the end of the junk its recovery skips: any
    /// error now is a consequence of the first one.
    recovering: Cell<bool>,
    /// Where the lookahead was when the last recovery ended: an error at
    /// that same token is a consequence too.
    junk_end_lookahead: Cell<usize>,
    /// The start of the last token handed to the parser.
    pub last_tok_start: Cell<usize>,
    /// The token stream has reported the end of file (missing closers).
    pub eof_reported: Cell<bool>,
    /// The start of the token after an unterminated string or character
    /// literal: a syntax error there comes from the literal.
    pub quiet_at: Cell<usize>,
}

// ---------------------------------------------------------------------------
// Values that carry their depth through the grammar. Nodes are boxed so
// that the parser's symbol type, which every shift and reduce moves, stays
// small (and a parent takes its boxed children as they are).

/// An expression and its nesting depth (a leaf has depth 1).
pub(crate) struct E {
    pub e: Box<Expr>,
    pub d: u32,
}

/// A statement and its depth.
pub(crate) struct S {
    pub s: Box<Stmt>,
    pub d: u32,
}

/// A variable initialiser and its depth.
pub(crate) struct VI {
    pub v: Box<VarInit>,
    pub d: u32,
}

/// A flag expression and its depth.
pub(crate) struct FE {
    pub f: FlagExpr,
    pub d: u32,
}

/// A declarator and the depth of its initialiser.
pub(crate) struct Decl {
    pub v: Box<VarDeclarator>,
    pub d: u32,
}

/// One element of a run of prefix operators and casts, with where it
/// starts; the run is folded onto its operand right to left.
pub(crate) enum Prefix {
    Op(UnaryOp, usize),
    Cast(TypeExpr, usize),
    /// `(expr)` that is not a type name, used as a cast; `silent` when the
    /// expression is already an error.
    BadCast {
        start: usize,
        span: Span,
        silent: bool,
    },
}

/// A run of binary operators as written: `first (op operand)*`, folded by
/// `Ctx::fold_binary`.
pub(crate) struct BinChain {
    first: E,
    rest: Vec<BinStep>,
}

enum BinStep {
    Op(BinOp, E),
    InstanceOf(TypeExpr),
}

/// An operand on `Ctx::fold_binary`'s stack: a built node, or the spine of
/// a left-nested run of operators (its first operand, then each operator
/// with its right operand), built once nothing more can join it.
enum Operand {
    Node(E),
    Spine(E, Vec<(BinOp, E)>),
}

impl BinChain {
    pub fn new(first: E) -> BinChain {
        BinChain {
            first,
            rest: Vec::new(),
        }
    }

    pub fn push(&mut self, op: BinOp, operand: E) {
        self.rest.push(BinStep::Op(op, operand));
    }

    pub fn push_instanceof(&mut self, ty: TypeExpr) {
        self.rest.push(BinStep::InstanceOf(ty));
    }
}

/// Java's precedence of the binary operators (JLS 15.7 to 15.24); higher
/// binds tighter. `instanceof` is relational (7). All are left-associative.
pub(crate) fn binary_precedence(op: BinOp) -> u8 {
    match op {
        BinOp::Or => 1,
        BinOp::And => 2,
        BinOp::BitOr => 3,
        BinOp::BitXor => 4,
        BinOp::BitAnd => 5,
        BinOp::Eq | BinOp::Ne => 6,
        BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge => 7,
        BinOp::Shl | BinOp::Shr | BinOp::UShr => 8,
        BinOp::Add | BinOp::Sub => 9,
        BinOp::Mul | BinOp::Div | BinOp::Rem => 10,
    }
}

const INSTANCEOF_PRECEDENCE: u8 = 7;

/// One item of an allocation block or exit list.
pub(crate) enum StateItem {
    Flag(FlagAction),
    Tag(TagAction),
}

/// One element of a `taskexit` list: a parameter with its first actions,
/// or a further action for the parameter before it (`p: f := true, add t`).
pub(crate) enum ExitElem {
    Start(Box<ExitAction>),
    Action(StateItem),
}

fn max_d<'a>(ds: impl IntoIterator<Item = &'a u32>) -> u32 {
    ds.into_iter().copied().max().unwrap_or(0)
}

pub(crate) fn unzip_exprs(v: Vec<E>) -> (Vec<Expr>, u32) {
    let d = max_d(v.iter().map(|e| &e.d));
    (v.into_iter().map(|e| *e.e).collect(), d)
}

impl<'s> Ctx<'s> {
    pub fn new(file: FileId, src: &'s str) -> Ctx<'s> {
        Ctx {
            file,
            src,
            errors: RefCell::new(Vec::new()),
            deep_reported: Cell::new(false),
            recovering: Cell::new(false),
            junk_end_lookahead: Cell::new(usize::MAX),
            last_tok_start: Cell::new(0),
            eof_reported: Cell::new(false),
            quiet_at: Cell::new(usize::MAX),
        }
    }

    pub fn span(&self, l: usize, r: usize) -> Span {
        Span::new(self.file, l, r)
    }

    // -- errors ------------------------------------------------------------

    pub fn report(&self, e: ParseError) {
        let mut errors = self.errors.borrow_mut();
        if errors.len() < MAX_ERRORS {
            errors.push(e);
        }
    }

    pub fn full(&self) -> bool {
        self.errors.borrow().len() >= MAX_ERRORS
    }

    pub fn into_errors(self) -> Vec<ParseError> {
        self.errors.into_inner()
    }

    pub fn unsupported(&self, feature: JavaFeature, l: usize, r: usize) {
        self.report(ParseError::Unsupported {
            span: self.span(l, r),
            feature,
        });
    }

    /// Reports E0009, once per file. `span` is shortened to its first
    /// character: a too-deep construct can be megabytes long.
    pub fn too_deep(&self, span: Span) {
        if !self.deep_reported.replace(true) {
            let end = if span.end > span.start {
                let start = span.start as usize;
                let len = self
                    .src
                    .get(start..)
                    .and_then(|s| s.chars().next())
                    .map_or(1, char::len_utf8);
                span.start + len as u32
            } else {
                span.end
            };
            self.report(ParseError::NestingTooDeep {
                span: Span { end, ..span },
                limit: MAX_NESTING,
            });
        }
    }

    /// An error symbol was shifted: record the error unless it is a
    /// consequence of an earlier one or of a synthetic token.
    pub fn recover(&self, rec: ErrorRecovery<usize, Tok<'_>, Never>) {
        let cascade = self.recovering.replace(true);
        if cascade || self.full() {
            return;
        }
        use lalrpop_util::ParseError as P;
        match rec.error {
            P::UnrecognizedToken {
                token: (l, tok, r),
                expected,
            } => {
                let synthetic = l == r || matches!(tok, Tok::DeepExpr | Tok::DeepStmt);
                if synthetic || l == self.junk_end_lookahead.get() || l == self.quiet_at.get() {
                    return;
                }
                self.report(self.unexpected(l, &tok, r, expected));
            }
            P::UnrecognizedEof { location, expected } => {
                if !self.eof_reported.replace(true) {
                    self.report(ParseError::UnexpectedEof {
                        span: self.span(location, location),
                        expected: clean_expected(expected),
                    });
                }
            }
            P::InvalidToken { location } => self.report(ParseError::InvalidChar {
                span: self.span(location, location + 1),
            }),
            P::ExtraToken { token: (l, tok, r) } => {
                self.report(self.unexpected(l, &tok, r, Vec::new()))
            }
            P::User { error } => match error {},
        }
    }

    /// The junk skipped by a recovery has ended.
    pub fn end_recovery(&self) {
        if self.recovering.replace(false) {
            self.junk_end_lookahead.set(self.last_tok_start.get());
        }
    }

    /// E0001 for `tok` at `l..r`, or E0012 when the token belongs to a Java
    /// feature Bamboo lacks.
    pub fn unexpected(
        &self,
        l: usize,
        tok: &Tok<'_>,
        r: usize,
        expected: Vec<String>,
    ) -> ParseError {
        let span = self.span(l, r);
        let expected = clean_expected(expected);
        let feature = match tok {
            Tok::Interface => Some(JavaFeature::Interface),
            Tok::Enum => Some(JavaFeature::Enum),
            Tok::Import => Some(JavaFeature::Import),
            Tok::Package => Some(JavaFeature::Package),
            Tok::Implements => Some(JavaFeature::Implements),
            Tok::Throws => Some(JavaFeature::Throws),
            Tok::Throw => Some(JavaFeature::Throw),
            Tok::Try | Tok::Catch | Tok::Finally => Some(JavaFeature::Try),
            Tok::Synchronized => Some(JavaFeature::Synchronized),
            Tok::Volatile | Tok::Transient | Tok::Strictfp => Some(JavaFeature::Modifier),
            Tok::Assert => Some(JavaFeature::Assert),
            Tok::At => Some(JavaFeature::Annotation),
            Tok::Arrow => Some(JavaFeature::Lambda),
            Tok::ColonColon => Some(JavaFeature::MethodReference),
            Tok::Ellipsis => Some(JavaFeature::Varargs),
            // `Name<`: a type argument list (`new ArrayList<String>()`,
            // `class Box<T>`); a comparison would have been accepted.
            Tok::Lt
                if self.src[..l]
                    .trim_end()
                    .ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$') =>
            {
                Some(JavaFeature::Generics)
            }
            // `() -> ...`: a lambda; point at the arrow.
            Tok::RParen if self.src[r..].trim_start().starts_with("->") => {
                let at = self.src.len() - self.src[r..].trim_start().len();
                return ParseError::Unsupported {
                    span: self.span(at, at + 2),
                    feature: JavaFeature::Lambda,
                };
            }
            // Members inside `new C() { ... }`: an anonymous class.
            _ if expected.iter().any(|e| e == "add")
                && expected.iter().any(|e| e == "}")
                && (tok.is_modifier()
                    || matches!(
                        tok,
                        Tok::Void
                            | Tok::Boolean
                            | Tok::Byte
                            | Tok::CharKw
                            | Tok::Short
                            | Tok::Int
                            | Tok::Long
                            | Tok::Float
                            | Tok::Double
                    )) =>
            {
                Some(JavaFeature::AnonymousClass)
            }
            _ => None,
        };
        // In a statement, `Vector<String> v = new Vector<String>();` parses
        // as comparisons up to the second `<`: point at the first.
        if matches!(feature, None | Some(JavaFeature::Generics)) {
            if let Some(at) = self.first_type_arguments(l) {
                return ParseError::Unsupported {
                    span: self.span(at, at + 1),
                    feature: JavaFeature::Generics,
                };
            }
        }
        match feature {
            Some(feature) => ParseError::Unsupported { span, feature },
            None => ParseError::UnexpectedToken {
                span,
                found: tok.describe().to_string(),
                expected,
            },
        }
    }

    /// The first `<` of the statement around byte `l` that opens what can
    /// only be a type argument list: `Name<` followed by names, dots,
    /// commas, `?`, `[]` and nested lists up to its `>` or up to `l` itself
    /// (`HashMap<String, ...` fails at the comma), or `<>`. A comparison so
    /// followed would not type-check anyway.
    fn first_type_arguments(&self, l: usize) -> Option<usize> {
        // Looks back at most `WINDOW` bytes and tries a few `<`s: each
        // error costs a bounded scan, whatever the input's size.
        const WINDOW: usize = 2048;
        const TRIES: usize = 8;
        let l = l.min(self.src.len());
        let mut from = l.saturating_sub(WINDOW);
        while !self.src.is_char_boundary(from) {
            from += 1;
        }
        let start = self.src[from..l]
            .rfind([';', '{', '}'])
            .map_or(from, |i| from + i + 1);
        let text = &self.src[start..];
        let type_char =
            |c: char| c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | ',' | '?' | '[' | ']');
        text.char_indices()
            .take_while(|&(i, _)| start + i <= l)
            .filter(|&(i, c)| {
                c == '<'
                    && text[..i]
                        .trim_end()
                        .ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$')
            })
            .map(|(i, _)| start + i)
            .take(TRIES)
            .find(|&at| {
                let mut depth = 0usize;
                for (j, c) in self.src[at..].char_indices().take(WINDOW) {
                    if at + j == l && j > 0 {
                        return true;
                    }
                    match c {
                        '<' => depth += 1,
                        '>' => {
                            depth -= 1;
                            if depth == 0 {
                                return true;
                            }
                        }
                        c if type_char(c) || c.is_whitespace() => {}
                        _ => return false,
                    }
                }
                false
            })
    }
}

/// LALRPOP names terminals as the grammar spells them (`"\"class\""`,
/// `"Identifier"`); turn those into the token names `Tok::describe` uses,
/// leaving out the synthetic tokens and the Java-only words (which are
/// accepted only to be reported as unsupported, never suggested).
pub(crate) fn clean_expected(expected: Vec<String>) -> Vec<String> {
    const HIDDEN: &[&str] = &[
        "DeepExpr",
        "DeepStmt",
        "assert",
        "catch",
        "const",
        "enum",
        "finally",
        "goto",
        "implements",
        "import",
        "interface",
        "package",
        "strictfp",
        "synchronized",
        "throw",
        "throws",
        "transient",
        "try",
        "volatile",
        "@",
        "::",
        "->",
        "...",
    ];
    let mut out: Vec<String> = expected
        .into_iter()
        .map(|e| {
            let e = if e.len() >= 2 && e.starts_with('"') && e.ends_with('"') {
                e[1..e.len() - 1]
                    .replace("\\\"", "\"")
                    .replace("\\\\", "\\")
            } else {
                e
            };
            match e.as_str() {
                "Identifier" => "identifier".to_string(),
                "Number" => "number".to_string(),
                "CharLit" => "character literal".to_string(),
                "StrLit" => "string literal".to_string(),
                _ => e,
            }
        })
        .filter(|e| !HIDDEN.contains(&e.as_str()))
        .collect();
    out.sort();
    out.dedup();
    out
}
