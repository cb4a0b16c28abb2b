//! What the grammar's semantic actions call: the parse context (errors,
//! recovery state) and the builders of AST nodes.
//!
//! Every builder of a node that can contain another node of the same
//! family knows the depth of what it is given (each grammar value carries
//! it beside the node: `E`, `S`, `VI`, `FE`) and refuses to build a node
//! deeper than `MAX_NESTING`: it reports E0009 once per file and returns an
//! `Error` node of depth 1 instead. So no tree deeper than the limit ever
//! exists, not even transiently, and dropping any subtree is safe.

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

    // -- expressions ---------------------------------------------------------

    pub fn expr_at(&self, kind: ExprKind, span: Span, child: u32) -> E {
        let d = child + 1;
        if d > MAX_NESTING {
            self.too_deep(span);
            drop(kind);
            E {
                e: Box::new(Expr {
                    kind: ExprKind::Error,
                    span,
                }),
                d: 1,
            }
        } else {
            E {
                e: Box::new(Expr { kind, span }),
                d,
            }
        }
    }

    pub fn expr(&self, kind: ExprKind, l: usize, r: usize, child: u32) -> E {
        self.expr_at(kind, self.span(l, r), child)
    }

    /// `(e)`. Parentheses leave no node, except around the one literal that
    /// is valid only right after a minus (`2147483648`,
    /// `9223372036854775808L`): it is wrapped in a unary plus, so that
    /// `-(2147483648)` is out of range, as in Java.
    pub fn paren(&self, e: E) -> E {
        if let ExprKind::Lit(Literal::Int {
            value,
            long,
            decimal: true,
        }) = e.e.kind
        {
            if value == if long { 1u64 << 63 } else { 1u64 << 31 } {
                let (span, d) = (e.e.span, e.d);
                let kind = ExprKind::Unary {
                    op: UnaryOp::Plus,
                    operand: e.e,
                };
                return self.expr_at(kind, span, d);
            }
        }
        e
    }

    pub fn leaf(&self, kind: ExprKind, l: usize, r: usize) -> E {
        self.expr(kind, l, r, 0)
    }

    pub fn error_expr(&self, l: usize, r: usize) -> E {
        self.leaf(ExprKind::Error, l, r)
    }

    pub fn name(&self, id: Ident) -> E {
        let span = id.span;
        self.expr_at(ExprKind::Name(id), span, 0)
    }

    pub fn field(&self, target: E, name: Ident, r: usize) -> E {
        let span = self.span(target.e.span.start as usize, r);
        let d = target.d;
        self.expr_at(
            ExprKind::Field {
                target: target.e,
                name,
            },
            span,
            d,
        )
    }

    pub fn call(&self, target: Option<E>, name: Ident, args: Vec<E>, l: usize, r: usize) -> E {
        let (args, ad) = unzip_exprs(args);
        let td = target.as_ref().map_or(0, |t| t.d);
        let l = target.as_ref().map_or(l, |t| t.e.span.start as usize);
        self.expr(
            ExprKind::Call {
                target: target.map(|t| t.e),
                name,
                args,
            },
            l,
            r,
            ad.max(td),
        )
    }

    pub fn new_object(
        &self,
        class: Ident,
        args: Vec<E>,
        alloc: Option<AllocBlock>,
        l: usize,
        r: usize,
    ) -> E {
        let (args, d) = unzip_exprs(args);
        self.expr(ExprKind::New { class, args, alloc }, l, r, d)
    }

    #[allow(clippy::too_many_arguments)]
    pub fn new_array(
        &self,
        elem: TypeExpr,
        dims: Vec<E>,
        extra_dims: u32,
        init: Option<(ArrayInit, u32)>,
        l: usize,
        r: usize,
    ) -> E {
        let (dims, dd) = unzip_exprs(dims);
        let (init, id) = match init {
            Some((a, d)) => (Some(a), d),
            None => (None, 0),
        };
        self.expr(
            ExprKind::NewArray {
                elem,
                dims,
                extra_dims,
                init,
            },
            l,
            r,
            dd.max(id),
        )
    }

    pub fn index(&self, array: E, index: E, r: usize) -> E {
        let span = self.span(array.e.span.start as usize, r);
        let d = array.d.max(index.d);
        self.expr_at(
            ExprKind::Index {
                array: array.e,
                index: index.e,
            },
            span,
            d,
        )
    }

    pub fn binary(&self, op: BinOp, lhs: E, rhs: E) -> E {
        let span = lhs.e.span.to(rhs.e.span);
        let d = lhs.d.max(rhs.d);
        self.expr_at(
            ExprKind::Binary {
                op,
                lhs: lhs.e,
                rhs: rhs.e,
            },
            span,
            d,
        )
    }

    pub fn instance_of(&self, operand: E, ty: TypeExpr) -> E {
        let span = operand.e.span.to(ty.span);
        let d = operand.d;
        self.expr_at(
            ExprKind::InstanceOf {
                operand: operand.e,
                ty,
            },
            span,
            d,
        )
    }

    pub fn postfix(&self, op: UnaryOp, operand: E, r: usize) -> E {
        let span = self.span(operand.e.span.start as usize, r);
        let d = operand.d;
        self.expr_at(
            ExprKind::Unary {
                op,
                operand: operand.e,
            },
            span,
            d,
        )
    }

    /// `(expr)` followed by an operand: a cast if `expr` is a simple name.
    pub fn cast_prefix(&self, e: E, l: usize, r: usize) -> Prefix {
        match e.e.kind {
            ExprKind::Name(ref id) => Prefix::Cast(
                TypeExpr {
                    span: id.span,
                    base: BaseType::Named(id.clone()),
                    dims: 0,
                },
                l,
            ),
            ref kind => Prefix::BadCast {
                start: l,
                span: self.span(l, r),
                silent: matches!(kind, ExprKind::Error),
            },
        }
    }

    /// Applies a run of prefix operators and casts to their operand, the
    /// last one first.
    pub fn fold_prefix(&self, prefixes: Vec<Prefix>, mut e: E) -> E {
        for p in prefixes.into_iter().rev() {
            let end = e.e.span.end as usize;
            e = match p {
                Prefix::Op(op, l) => {
                    let d = e.d;
                    self.expr(ExprKind::Unary { op, operand: e.e }, l, end, d)
                }
                Prefix::Cast(ty, l) => {
                    let d = e.d;
                    self.expr(ExprKind::Cast { ty, operand: e.e }, l, end, d)
                }
                Prefix::BadCast {
                    start,
                    span,
                    silent,
                } => {
                    if !silent {
                        self.report(ParseError::InvalidCast { span });
                    }
                    self.error_expr(start, end)
                }
            };
        }
        e
    }

    /// Builds the tree of a run of binary operators by precedence
    /// (operator-precedence parsing with two explicit stacks: no recursion).
    /// A left-nested run of operators is collected as a spine and built
    /// when it is complete: as a `Chain` when it has `CHAIN_MIN` operators
    /// or more, so that a long sum does not count as deep nesting.
    pub fn fold_binary(&self, chain: BinChain) -> E {
        if chain.rest.is_empty() {
            return chain.first;
        }
        let mut operands: Vec<Operand> = vec![Operand::Node(chain.first)];
        let mut ops: Vec<BinOp> = Vec::new();
        let reduce_while = |operands: &mut Vec<Operand>, ops: &mut Vec<BinOp>, prec: u8| {
            while let Some(&op) = ops.last() {
                if binary_precedence(op) < prec {
                    break;
                }
                ops.pop();
                let rhs = self.operand(operands.pop().expect("an operand per operator"));
                let spine = match operands.pop().expect("an operand per operator") {
                    Operand::Node(lhs) => Operand::Spine(lhs, vec![(op, rhs)]),
                    Operand::Spine(first, mut rest) => {
                        rest.push((op, rhs));
                        Operand::Spine(first, rest)
                    }
                };
                operands.push(spine);
            }
        };
        for step in chain.rest {
            match step {
                BinStep::Op(op, rhs) => {
                    reduce_while(&mut operands, &mut ops, binary_precedence(op));
                    ops.push(op);
                    operands.push(Operand::Node(rhs));
                }
                BinStep::InstanceOf(ty) => {
                    reduce_while(&mut operands, &mut ops, INSTANCEOF_PRECEDENCE);
                    let operand = self.operand(operands.pop().expect("an operand"));
                    operands.push(Operand::Node(self.instance_of(operand, ty)));
                }
            }
        }
        reduce_while(&mut operands, &mut ops, 0);
        self.operand(operands.pop().expect("one result"))
    }

    /// The node of a folded operand: a short spine as nested `Binary`
    /// nodes, a long one as one `Chain`.
    fn operand(&self, o: Operand) -> E {
        match o {
            Operand::Node(e) => e,
            Operand::Spine(first, rest) if rest.len() < CHAIN_MIN => rest
                .into_iter()
                .fold(first, |lhs, (op, rhs)| self.binary(op, lhs, rhs)),
            Operand::Spine(first, rest) => {
                let last = rest.last().map_or(first.e.span, |(_, r)| r.e.span);
                let span = first.e.span.to(last);
                let d = max_d(rest.iter().map(|(_, r)| &r.d)).max(first.d);
                let rest = rest.into_iter().map(|(op, r)| (op, *r.e)).collect();
                self.expr_at(
                    ExprKind::Chain {
                        first: first.e,
                        rest,
                    },
                    span,
                    d,
                )
            }
        }
    }

    /// `c1 ? t1 : c2 ? t2 : ... : last`, nested to the right.
    pub fn fold_cond(&self, prefix: Vec<(E, E)>, mut e: E) -> E {
        for (c, t) in prefix.into_iter().rev() {
            let span = c.e.span.to(e.e.span);
            let d = c.d.max(t.d).max(e.d);
            e = self.expr_at(
                ExprKind::Conditional {
                    cond: c.e,
                    then_expr: t.e,
                    else_expr: e.e,
                },
                span,
                d,
            );
        }
        e
    }

    /// `a = b += ... = rhs`, nested to the right.
    pub fn fold_assign(&self, prefix: Vec<(E, Option<BinOp>)>, mut e: E) -> E {
        for (lhs, op) in prefix.into_iter().rev() {
            let span = lhs.e.span.to(e.e.span);
            let d = lhs.d.max(e.d);
            e = self.expr_at(
                ExprKind::Assign {
                    op,
                    lhs: lhs.e,
                    rhs: e.e,
                },
                span,
                d,
            );
        }
        e
    }

    // -- initialisers ----------------------------------------------------------

    pub fn array_init(&self, elems: Vec<VI>, l: usize, r: usize) -> (ArrayInit, u32) {
        let span = self.span(l, r);
        let d = max_d(elems.iter().map(|v| &v.d)) + 1;
        if d > MAX_NESTING {
            self.too_deep(span);
            drop(elems);
            return (
                ArrayInit {
                    elems: Vec::new(),
                    span,
                },
                1,
            );
        }
        let elems = elems.into_iter().map(|v| *v.v).collect();
        (ArrayInit { elems, span }, d)
    }

    pub fn var_init_array(&self, (a, d): (ArrayInit, u32)) -> VI {
        VI {
            v: Box::new(VarInit::Array(a)),
            d,
        }
    }

    pub fn var_init_expr(&self, e: E) -> VI {
        VI {
            v: Box::new(VarInit::Expr(*e.e)),
            d: e.d,
        }
    }

    pub fn declarator(&self, (name, extra_dims): (Ident, u32), init: Option<VI>, r: usize) -> Decl {
        let span = self.span(name.span.start as usize, r);
        let d = init.as_ref().map_or(0, |i| i.d);
        Decl {
            v: Box::new(VarDeclarator {
                name,
                extra_dims,
                init: init.map(|i| *i.v),
                span,
            }),
            d,
        }
    }

    // -- statements ------------------------------------------------------------

    pub fn stmt(&self, kind: StmtKind, l: usize, r: usize, child: u32) -> S {
        let span = self.span(l, r);
        let d = child + 1;
        if d > MAX_NESTING {
            self.too_deep(span);
            drop(kind);
            S {
                s: Box::new(Stmt {
                    kind: StmtKind::Error,
                    span,
                }),
                d: 1,
            }
        } else {
            S {
                s: Box::new(Stmt { kind, span }),
                d,
            }
        }
    }

    pub fn error_stmt(&self, l: usize, r: usize) -> S {
        self.stmt(StmtKind::Error, l, r, 0)
    }

    pub fn block(&self, stmts: Vec<S>, l: usize, r: usize) -> (Block, u32) {
        let d = max_d(stmts.iter().map(|s| &s.d));
        (
            Block {
                stmts: stmts.into_iter().map(|s| *s.s).collect(),
                span: self.span(l, r),
            },
            d,
        )
    }

    pub fn local(
        &self,
        modifiers: Modifiers,
        ty: TypeExpr,
        decls: Vec<Decl>,
    ) -> (Box<LocalDecl>, u32) {
        let d = max_d(decls.iter().map(|x| &x.d));
        (
            Box::new(LocalDecl {
                modifiers,
                ty,
                declarators: decls.into_iter().map(|x| *x.v).collect(),
            }),
            d,
        )
    }

    pub fn local_stmt(&self, (decl, d): (Box<LocalDecl>, u32), l: usize, r: usize) -> S {
        self.stmt(StmtKind::Local(*decl), l, r, d)
    }

    pub fn expr_stmt(&self, e: E, l: usize, r: usize) -> S {
        let d = e.d;
        self.stmt(StmtKind::Expr(*e.e), l, r, d)
    }

    pub fn if_stmt(&self, cond: E, then: S, els: Option<S>, l: usize, r: usize) -> S {
        let d = cond.d.max(then.d).max(els.as_ref().map_or(0, |s| s.d));
        self.stmt(
            StmtKind::If {
                cond: *cond.e,
                then_branch: then.s,
                else_branch: els.map(|s| s.s),
            },
            l,
            r,
            d,
        )
    }

    #[allow(clippy::too_many_arguments)]
    pub fn for_stmt(
        &self,
        init: Option<Vec<S>>,
        cond: Option<E>,
        update: Option<Vec<E>>,
        body: S,
        l: usize,
        r: usize,
    ) -> S {
        let init = init.unwrap_or_default();
        let (update, ud) = unzip_exprs(update.unwrap_or_default());
        let d = max_d(init.iter().map(|s| &s.d))
            .max(cond.as_ref().map_or(0, |c| c.d))
            .max(ud)
            .max(body.d);
        self.stmt(
            StmtKind::For {
                init: init.into_iter().map(|s| *s.s).collect(),
                cond: cond.map(|c| *c.e),
                update,
                body: body.s,
            },
            l,
            r,
            d,
        )
    }

    /// `for (T x : e)`: `dims` are C-style dimensions after the name.
    #[allow(clippy::too_many_arguments)]
    pub fn for_each(
        &self,
        modifiers: Modifiers,
        mut ty: TypeExpr,
        (name, dims): (Ident, u32),
        iterable: E,
        body: S,
        l: usize,
        r: usize,
    ) -> S {
        ty.dims += dims;
        let d = iterable.d.max(body.d);
        self.stmt(
            StmtKind::ForEach {
                modifiers,
                ty,
                name,
                iterable: *iterable.e,
                body: body.s,
            },
            l,
            r,
            d,
        )
    }

    pub fn exprs_as_stmts(&self, es: Vec<E>) -> Vec<S> {
        es.into_iter()
            .map(|e| {
                let span = e.e.span;
                self.expr_stmt(e, span.start as usize, span.end as usize)
            })
            .collect()
    }

    pub fn switch(&self, scrutinee: E, groups: Vec<(SwitchGroup, u32)>, l: usize, r: usize) -> S {
        let d = scrutinee.d.max(max_d(groups.iter().map(|g| &g.1)));
        self.stmt(
            StmtKind::Switch {
                scrutinee: *scrutinee.e,
                groups: groups.into_iter().map(|g| g.0).collect(),
            },
            l,
            r,
            d,
        )
    }

    pub fn switch_group(
        &self,
        labels: Vec<(Box<SwitchLabel>, u32)>,
        stmts: Vec<S>,
        l: usize,
        r: usize,
    ) -> (SwitchGroup, u32) {
        let d = max_d(labels.iter().map(|x| &x.1)).max(max_d(stmts.iter().map(|s| &s.d)));
        (
            SwitchGroup {
                labels: labels.into_iter().map(|x| *x.0).collect(),
                stmts: stmts.into_iter().map(|s| *s.s).collect(),
                span: self.span(l, r),
            },
            d,
        )
    }

    // -- the task language -----------------------------------------------------

    pub fn flag_expr(&self, f: FlagExpr, child: u32) -> FE {
        let d = child + 1;
        if d > MAX_NESTING {
            let span = f.span();
            self.too_deep(span);
            drop(f);
            FE {
                f: FlagExpr::Bool(true, span),
                d: 1,
            }
        } else {
            FE { f, d }
        }
    }

    pub fn flag_binary(&self, or: bool, a: FE, b: FE) -> FE {
        let span = a.f.span().to(b.f.span());
        let d = a.d.max(b.d);
        let f = if or {
            FlagExpr::Or(Box::new(a.f), Box::new(b.f), span)
        } else {
            FlagExpr::And(Box::new(a.f), Box::new(b.f), span)
        };
        self.flag_expr(f, d)
    }

    /// `!!...f`: `bangs` are the positions of the `!`s.
    pub fn flag_nots(&self, bangs: Vec<usize>, mut f: FE) -> FE {
        for l in bangs.into_iter().rev() {
            let span = self.span(l, f.f.span().end as usize);
            let d = f.d;
            f = self.flag_expr(FlagExpr::Not(Box::new(f.f), span), d);
        }
        f
    }

    pub fn flag_action(&self, name: Ident, value: bool, l: usize, r: usize) -> StateItem {
        StateItem::Flag(FlagAction {
            flag: name,
            value,
            span: self.span(l, r),
        })
    }

    pub fn tag_action(&self, var: Ident, add: bool, l: usize, r: usize) -> StateItem {
        StateItem::Tag(TagAction {
            var,
            add,
            span: self.span(l, r),
        })
    }

    pub fn state_actions(
        &self,
        items: Vec<StateItem>,
        tags: Option<Vec<StateItem>>,
    ) -> StateActions {
        let mut acts = StateActions::default();
        for item in items.into_iter().chain(tags.into_iter().flatten()) {
            match item {
                StateItem::Flag(f) => acts.flags.push(f),
                StateItem::Tag(t) => acts.tags.push(t),
            }
        }
        acts
    }

    /// Groups the elements of a `taskexit` list by parameter.
    pub fn exit_list(&self, elems: Vec<ExitElem>) -> Vec<ExitAction> {
        let mut out: Vec<ExitAction> = Vec::new();
        for el in elems {
            match el {
                ExitElem::Start(a) => out.push(*a),
                ExitElem::Action(item) => {
                    // The grammar makes the first element a `Start`.
                    if let Some(last) = out.last_mut() {
                        match item {
                            StateItem::Flag(f) => {
                                last.span = last.span.to(f.span);
                                last.actions.flags.push(f);
                            }
                            StateItem::Tag(t) => {
                                last.span = last.span.to(t.span);
                                last.actions.tags.push(t);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    pub fn ident(&self, name: &str, l: usize, r: usize) -> Ident {
        Ident {
            name: name.to_string(),
            span: self.span(l, r),
        }
    }

    pub fn source_file(&self, items: Vec<Item>) -> SourceFile {
        SourceFile {
            items,
            span: self.span(0, self.src.len()),
        }
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
