//! The token stream between the lexer and the grammar.
//!
//! In: the logos lexer over one file. Out: `(start, Tok, end)` triples for
//! LALRPOP, lazily, never an `Err`. Besides passing tokens through, it keeps
//! a stack of the open brackets (`(`, `[`, `{`, and `?` waiting for its `:`)
//! and does four things no LR grammar can do cheaply:
//!
//! 1. **Invalid characters** are coalesced: a run of them is one E0003.
//! 2. **Nesting is bounded before it reaches the parser.** A bracket group
//!    that would open deeper than `MAX_NESTING` is passed on as its opener,
//!    one synthetic `DeepExpr` (or `DeepStmt` for `{`) and its closer; its
//!    contents are skipped. A statement that would make a chain of
//!    statement prefixes (`if (..)`, `while (..)`, `for (..)`, `do`,
//!    labels, `else if`) longer than `MAX_NESTING` is replaced, up to its
//!    end, by one `DeepStmt`. Both report E0009. With the grammar's
//!    flattening of right-recursive expression chains (assignments,
//!    conditionals, prefix operators and casts), this bounds the LR stack.
//! 3. **Missing closers.** Declarations (`task name`, `class Name`, with
//!    their modifiers) never occur inside brackets, so meeting one there
//!    means brackets were left open: the stream reports E0001 once and
//!    emits zero-width closers, so that the unfinished class keeps what was
//!    parsed and the next declaration parses normally. (A `class` directly
//!    in a class body is a nested class, which the grammar reports, unless
//!    it starts a line: top-level classes do, nested ones are indented.)
//!    At the end of the file it does the same with E0002.
//!    Also, a lone `@` (not an annotation) is reported here as E0003, and
//!    the token after an unterminated literal is marked so that the syntax
//!    error it causes is not reported twice.
//! 4. **An error budget.** After `MAX_ERRORS` errors it ends the stream.
//!
//! Synthetic tokens are zero-width (or `Deep*`); the parser never reports
//! an error at one, since the stream has reported the cause.

use std::collections::VecDeque;

use logos::Logos;

use crate::actions::{Ctx, Never};
use crate::ast::MAX_NESTING;
use crate::error::{CharLiteralError, ParseError};
use crate::lexer::{LexExtras, Tok};

pub(crate) type Triple<'a> = (usize, Tok<'a>, usize);

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Open {
    Paren,
    Bracket,
    Brace,
    Question,
}

impl Open {
    fn closer(self) -> Option<Tok<'static>> {
        match self {
            Open::Paren => Some(Tok::RParen),
            Open::Bracket => Some(Tok::RBracket),
            Open::Brace => Some(Tok::RBrace),
            Open::Question => None,
        }
    }
}

struct Level {
    kind: Open,
    /// For `{`: how many statement prefixes are open in the current
    /// statement chain at this level.
    chain: u32,
}

/// What came just before, for recognising a label `name :`.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Prev {
    /// Start of file, or a token after which a statement can start.
    Boundary,
    Ident,
    Other,
}

pub(crate) struct TokenStream<'a, 'c> {
    lex: logos::Lexer<'a, Tok<'a>>,
    ctx: &'c Ctx<'a>,
    /// A run of invalid characters not yet reported.
    bad: Option<(usize, usize)>,
    lex_done: bool,
    /// Lexed tokens not yet processed (lookahead).
    raw: VecDeque<Triple<'a>>,
    /// Processed tokens, ready for the parser.
    out: VecDeque<Triple<'a>>,
    stack: Vec<Level>,
    /// The statement chain at file level (outside any brace).
    chain0: u32,
    /// The statement prefixes open along the current nesting path.
    chain_total: u32,
    /// A statement just ended: unless `else` follows, its chain is over.
    pending_reset: bool,
    prev: Prev,
    prev2: Prev,
    done: bool,
    /// The token being lexed is an unterminated literal.
    quiet_next: bool,
    /// The last token lexed was one: the next one is quiet.
    quiet_after: bool,
}

impl<'a, 'c> TokenStream<'a, 'c> {
    pub fn new(ctx: &'c Ctx<'a>) -> Self {
        let lex = Tok::lexer_with_extras(
            ctx.src,
            LexExtras {
                file: ctx.file,
                errors: Vec::new(),
            },
        );
        TokenStream {
            lex,
            ctx,
            bad: None,
            lex_done: false,
            raw: VecDeque::new(),
            out: VecDeque::new(),
            stack: Vec::new(),
            chain0: 0,
            chain_total: 0,
            pending_reset: false,
            prev: Prev::Boundary,
            prev2: Prev::Boundary,
            done: false,
            quiet_next: false,
            quiet_after: false,
        }
    }

    // -- lexing --------------------------------------------------------------

    fn flush_bad(&mut self) {
        if let Some((s, e)) = self.bad.take() {
            self.ctx.report(ParseError::InvalidChar {
                span: self.ctx.span(s, e),
            });
        }
    }

    fn drain_lex_errors(&mut self) {
        for e in self.lex.extras.errors.drain(..) {
            if matches!(
                e,
                ParseError::UnterminatedString { .. }
                    | ParseError::InvalidCharLiteral {
                        reason: CharLiteralError::Unterminated,
                        ..
                    }
            ) {
                self.quiet_next = true;
            }
            self.ctx.report(e);
        }
    }

    /// The next token from the lexer, reporting lexical errors on the way.
    fn lex_next(&mut self) -> Option<Triple<'a>> {
        if self.lex_done {
            return None;
        }
        loop {
            let r = self.lex.next();
            self.drain_lex_errors();
            let span = self.lex.span();
            match r {
                Some(Ok(t)) => {
                    self.flush_bad();
                    if self.quiet_after {
                        self.quiet_after = false;
                        self.ctx.quiet_at.set(span.start);
                    }
                    // The token after an unterminated literal is quiet.
                    self.quiet_after = std::mem::take(&mut self.quiet_next);
                    return Some((span.start, t, span.end));
                }
                Some(Err(())) => match &mut self.bad {
                    Some((_, e)) if *e == span.start => *e = span.end,
                    _ => {
                        self.flush_bad();
                        self.bad = Some((span.start, span.end));
                    }
                },
                None => {
                    self.flush_bad();
                    self.lex_done = true;
                    return None;
                }
            }
        }
    }

    fn take_raw(&mut self) -> Option<Triple<'a>> {
        match self.raw.pop_front() {
            Some(t) => Some(t),
            None => self.lex_next(),
        }
    }

    fn peek_raw(&mut self, k: usize) -> Option<&Tok<'a>> {
        while self.raw.len() <= k {
            let t = self.lex_next()?;
            self.raw.push_back(t);
        }
        self.raw.get(k).map(|t| &t.1)
    }

    // -- bracket bookkeeping -------------------------------------------------

    fn emit(&mut self, t: Triple<'a>) {
        self.out.push_back(t);
    }

    fn at_statement_level(&self) -> bool {
        !matches!(self.stack.last(), Some(l) if l.kind != Open::Brace)
    }

    /// Index of the open bracket a closer of `kind` closes, if any.
    fn matching(&self, kind: Open) -> Option<usize> {
        self.stack.iter().rposition(|l| l.kind == kind)
    }

    fn truncate(&mut self, len: usize) {
        while self.stack.len() > len {
            let l = self.stack.pop().expect("stack longer than len");
            self.chain_total -= l.chain;
        }
    }

    fn reset_chain(&mut self) {
        match self.stack.last_mut() {
            None => {
                self.chain_total -= self.chain0;
                self.chain0 = 0;
            }
            Some(l) if l.kind == Open::Brace => {
                self.chain_total -= l.chain;
                l.chain = 0;
            }
            Some(_) => {}
        }
    }

    /// Counts a statement prefix; false when that makes the chain too long.
    fn count_chain(&mut self) -> bool {
        match self.stack.last_mut() {
            None => self.chain0 += 1,
            Some(l) => l.chain += 1,
        }
        self.chain_total += 1;
        self.chain_total <= MAX_NESTING
    }

    /// Zero-width closers for every open bracket, innermost first.
    fn close_all(&mut self, at: usize) {
        while let Some(l) = self.stack.pop() {
            if let Some(c) = l.kind.closer() {
                self.out.push_back((at, c, at));
            }
        }
        self.chain_total = 0;
        self.chain0 = 0;
    }

    fn innermost_closer(&self) -> Option<&'static str> {
        self.stack
            .iter()
            .rev()
            .find_map(|l| l.kind.closer())
            .map(|c| c.describe())
    }

    /// Before `class`/`task` (or the modifiers before it) at `at`: close
    /// what is open, if that cannot be a nested class.
    fn close_before(&mut self, kw: &Tok<'a>, kw_span: (usize, usize), at: usize) {
        // Directly in a class body, `class` is a nested class, unless it
        // starts a line: top-level declarations do, nested ones are indented.
        let at_line_start = {
            let before = &self.ctx.src[..at];
            let line = before.rsplit(['\n', '\r']).next().unwrap_or("");
            line.is_empty()
        };
        let needed = match kw {
            Tok::Task => !self.stack.is_empty(),
            _ => {
                self.stack.len() > 1
                    || self.stack.first().is_some_and(|l| l.kind != Open::Brace)
                    || (!self.stack.is_empty() && at_line_start)
            }
        };
        if !needed {
            return;
        }
        if let Some(c) = self.innermost_closer() {
            self.ctx.report(ParseError::UnexpectedToken {
                span: self.ctx.span(kw_span.0, kw_span.1),
                found: kw.describe().to_string(),
                expected: vec![c.to_string()],
            });
        }
        self.close_all(at);
    }

    // -- processing ----------------------------------------------------------

    fn process(&mut self, t: Triple<'a>) {
        if self.pending_reset {
            self.pending_reset = false;
            if t.1 != Tok::Else {
                self.reset_chain();
            }
        }
        let here = match &t.1 {
            Tok::Ident(_) | Tok::In | Tok::With | Tok::And | Tok::Or | Tok::Add | Tok::Clear => {
                Prev::Ident
            }
            Tok::Semi
            | Tok::LBrace
            | Tok::RBrace
            | Tok::RParen
            | Tok::Colon
            | Tok::Else
            | Tok::Do => Prev::Boundary,
            _ => Prev::Other,
        };
        match t.1 {
            Tok::Class | Tok::Task => {
                // Only a declaration (`class Name`, `task name`) says that
                // brackets were left open; `int task = 3` is a plain error.
                if self.peek_raw(0).is_some_and(is_name) {
                    let kw = t.1.clone();
                    self.close_before(&kw, (t.0, t.2), t.0);
                }
                self.emit(t);
            }
            Tok::At if !self.peek_raw(0).is_some_and(is_name) => {
                // `@` starts an annotation (reported by the grammar); alone
                // it is just an invalid character.
                self.ctx.report(ParseError::InvalidChar {
                    span: self.ctx.span(t.0, t.2),
                });
            }
            ref m if m.is_modifier() && !self.stack.is_empty() => {
                let mut k = 0;
                while self.peek_raw(k).is_some_and(|x| x.is_modifier()) {
                    k += 1;
                }
                let decl = self.peek_raw(k + 1).is_some_and(is_name);
                if let Some(kw @ (Tok::Class | Tok::Task)) =
                    self.peek_raw(k).cloned().filter(|_| decl)
                {
                    let span = (self.raw[k].0, self.raw[k].2);
                    self.close_before(&kw, span, t.0);
                }
                self.emit(t);
            }
            Tok::LParen => self.open(t, Open::Paren),
            Tok::LBracket => self.open(t, Open::Bracket),
            Tok::LBrace => self.open(t, Open::Brace),
            Tok::Question => self.open(t, Open::Question),
            Tok::RParen => self.close(t, Open::Paren),
            Tok::RBracket => self.close(t, Open::Bracket),
            Tok::RBrace => self.close(t, Open::Brace),
            Tok::Semi => {
                while self.stack.last().is_some_and(|l| l.kind == Open::Question) {
                    self.stack.pop();
                }
                if self.at_statement_level() {
                    self.pending_reset = true;
                }
                self.emit(t);
            }
            Tok::Colon => {
                if self.stack.last().is_some_and(|l| l.kind == Open::Question) {
                    self.stack.pop();
                    self.emit(t);
                } else if self.prev == Prev::Ident
                    && self.prev2 == Prev::Boundary
                    && self.at_statement_level()
                    && !self.count_chain()
                {
                    // A label making the chain too long: keep the label,
                    // replace the statement it labels.
                    let end = t.2;
                    self.emit(t);
                    self.ctx.too_deep(self.ctx.span(end, end));
                    self.skip_statement(end);
                } else {
                    self.emit(t);
                }
            }
            Tok::If | Tok::While | Tok::For | Tok::Do if self.at_statement_level() => {
                if self.count_chain() {
                    self.emit(t);
                } else {
                    self.ctx.too_deep(self.ctx.span(t.0, t.2));
                    let start = t.0;
                    self.raw.push_front(t);
                    self.skip_statement(start);
                }
            }
            _ => self.emit(t),
        }
        self.prev2 = self.prev;
        self.prev = here;
    }

    fn open(&mut self, t: Triple<'a>, kind: Open) {
        if self.stack.len() >= MAX_NESTING as usize {
            let closes_at_once = matches!(
                (kind, self.peek_raw(0)),
                (Open::Paren, Some(Tok::RParen))
                    | (Open::Bracket, Some(Tok::RBracket))
                    | (Open::Brace, Some(Tok::RBrace))
            );
            if !closes_at_once {
                self.ctx.too_deep(self.ctx.span(t.0, t.2));
                let end = t.2;
                self.emit(t);
                self.stack.push(Level { kind, chain: 0 });
                self.skip_group(kind, end);
                return;
            }
        }
        self.stack.push(Level { kind, chain: 0 });
        self.emit(t);
    }

    fn close(&mut self, t: Triple<'a>, kind: Open) {
        if let Some(i) = self.matching(kind) {
            self.truncate(i);
            if kind == Open::Brace {
                self.pending_reset = true;
            }
        }
        self.emit(t);
    }

    /// Skips the contents of the group just opened (the top of the stack),
    /// emitting one synthetic token for them and the group's closer.
    fn skip_group(&mut self, kind: Open, start: usize) {
        let base = self.stack.len();
        let deep = if kind == Open::Brace {
            Tok::DeepStmt
        } else {
            Tok::DeepExpr
        };
        let mut end = start;
        while let Some(t) = self.take_raw() {
            match t.1 {
                Tok::Class | Tok::Task => {
                    self.raw.push_front(t);
                    break;
                }
                Tok::LParen | Tok::LBracket | Tok::LBrace | Tok::Question => {
                    let k = match t.1 {
                        Tok::LParen => Open::Paren,
                        Tok::LBracket => Open::Bracket,
                        Tok::LBrace => Open::Brace,
                        _ => Open::Question,
                    };
                    self.stack.push(Level { kind: k, chain: 0 });
                    end = t.2;
                }
                Tok::RParen | Tok::RBracket | Tok::RBrace | Tok::Colon | Tok::Semi => {
                    let k = match t.1 {
                        Tok::RParen => Some(Open::Paren),
                        Tok::RBracket => Some(Open::Bracket),
                        Tok::RBrace => Some(Open::Brace),
                        Tok::Colon
                            if self.stack.last().is_some_and(|l| l.kind == Open::Question) =>
                        {
                            Some(Open::Question)
                        }
                        _ => None,
                    };
                    if t.1 == Tok::Semi {
                        while self.stack.len() > base
                            && self.stack.last().is_some_and(|l| l.kind == Open::Question)
                        {
                            self.stack.pop();
                        }
                        if kind == Open::Question && self.stack.len() == base {
                            // `? ... ;`: the `:` never came.
                            self.raw.push_front(t);
                            self.stack.truncate(base - 1);
                            self.out.push_back((start, deep, end));
                            self.out.push_back((end, Tok::Colon, end));
                            self.out.push_back((end, Tok::DeepExpr, end));
                            return;
                        }
                        end = t.2;
                        continue;
                    }
                    let Some(k) = k else {
                        end = t.2;
                        continue;
                    };
                    match self.matching(k) {
                        Some(i) if i >= base => {
                            self.stack.truncate(i);
                            end = t.2;
                        }
                        Some(i) if i == base - 1 => {
                            self.stack.truncate(i);
                            self.out.push_back((start, deep, end));
                            self.emit(t);
                            return;
                        }
                        Some(_) => {
                            // Closes an enclosing group: ours ends here.
                            self.raw.push_front(t);
                            break;
                        }
                        None => end = t.2,
                    }
                }
                _ => end = t.2,
            }
        }
        // Ended early (end of file, `class`, or a closer of an outer group):
        // close ours with synthetic tokens.
        self.stack.truncate(base - 1);
        self.out.push_back((start, deep, end));
        match kind.closer() {
            Some(c) => self.out.push_back((end, c, end)),
            None => {
                self.out.push_back((end, Tok::Colon, end));
                self.out.push_back((end, Tok::DeepExpr, end));
            }
        }
    }

    /// Skips one statement (with its `else` branches), emitting one
    /// `DeepStmt` for it.
    fn skip_statement(&mut self, start: usize) {
        let base = self.stack.len();
        let mut end = start;
        while let Some(t) = self.take_raw() {
            let ended = match t.1 {
                Tok::Class | Tok::Task => {
                    self.raw.push_front(t);
                    break;
                }
                Tok::LParen | Tok::LBracket | Tok::LBrace | Tok::Question => {
                    let k = match t.1 {
                        Tok::LParen => Open::Paren,
                        Tok::LBracket => Open::Bracket,
                        Tok::LBrace => Open::Brace,
                        _ => Open::Question,
                    };
                    self.stack.push(Level { kind: k, chain: 0 });
                    false
                }
                Tok::RParen | Tok::RBracket | Tok::RBrace => {
                    let k = match t.1 {
                        Tok::RParen => Open::Paren,
                        Tok::RBracket => Open::Bracket,
                        _ => Open::Brace,
                    };
                    match self.matching(k) {
                        Some(i) if i >= base => {
                            self.stack.truncate(i);
                            k == Open::Brace && self.stack.len() == base
                        }
                        Some(_) => {
                            self.raw.push_front(t);
                            break;
                        }
                        None => false,
                    }
                }
                Tok::Colon => {
                    if self.stack.len() > base
                        && self.stack.last().is_some_and(|l| l.kind == Open::Question)
                    {
                        self.stack.pop();
                    }
                    false
                }
                Tok::Semi => {
                    while self.stack.len() > base
                        && self.stack.last().is_some_and(|l| l.kind == Open::Question)
                    {
                        self.stack.pop();
                    }
                    self.stack.len() == base
                }
                _ => false,
            };
            end = t.2;
            if ended && self.peek_raw(0) != Some(&Tok::Else) {
                break;
            }
        }
        self.stack.truncate(base);
        self.out.push_back((start, Tok::DeepStmt, end));
        self.reset_chain();
    }

    /// End of input (or of the error budget): close what is open.
    fn finish(&mut self, report: bool) {
        let at = self.ctx.src.len();
        if report {
            if let Some(c) = self.innermost_closer() {
                self.ctx.eof_reported.set(true);
                self.ctx.report(ParseError::UnexpectedEof {
                    span: self.ctx.span(at, at),
                    expected: vec![c.to_string()],
                });
            }
        }
        self.close_all(at);
        self.done = true;
    }
}

/// An identifier, contextual keywords included.
fn is_name(t: &Tok<'_>) -> bool {
    matches!(
        t,
        Tok::Ident(_) | Tok::In | Tok::With | Tok::And | Tok::Or | Tok::Add | Tok::Clear
    )
}

impl<'a> Iterator for TokenStream<'a, '_> {
    type Item = Result<Triple<'a>, Never>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(t) = self.out.pop_front() {
                self.ctx.last_tok_start.set(t.0);
                return Some(Ok(t));
            }
            if self.done {
                return None;
            }
            if self.ctx.full() {
                self.finish(false);
                continue;
            }
            match self.take_raw() {
                Some(t) => self.process(t),
                None => self.finish(true),
            }
        }
    }
}
