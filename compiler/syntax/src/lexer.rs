//! The lexer: source text to tokens, with logos.
//!
//! In: the text of one file (`&str`; the driver guarantees UTF-8). Out:
//! `Tok`s with byte spans, plus lexical errors (E0003 to E0008) pushed into
//! the lexer's extras as data. The lexer never fails: a bad character is
//! reported and skipped, a bad literal is reported and still produces a
//! token, so the grammar sees a plausible stream and does not cascade.
//! Literals are decoded in `literals`.
//!
//! Lexical structure is Java's (JLS chapter 3) without unicode escapes
//! outside literals, plus the Bamboo words `task`, `taskexit`, `flag`, `tag`
//! and the original distribution's `newflag` (reserved) and `in`, `with`,
//! `and`, `or`, `add`, `clear` (contextual: the
//! grammar accepts them wherever an identifier may stand, except inside task
//! parameter lists, guards and flag-action lists), the flag assignment `:=`,
//! and the Java keywords and operators of features Bamboo lacks (`try`,
//! `interface`, `->`, `@`, ...) so that the parser can name them (E0012).

mod literals;

use literals::{char_lit, number, string_lit};
use logos::{Filter, Lexer, Logos, Skip};

use crate::ast::Literal;
use crate::error::{CharLiteralError, NumberError, ParseError};
use crate::span::{FileId, Span};

/// What the callbacks need besides the text: where errors go.
#[derive(Default)]
pub struct LexExtras {
    pub file: FileId,
    pub errors: Vec<ParseError>,
}

impl LexExtras {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end)
    }
}

/// A token. Keywords and operators carry nothing; literals carry their
/// decoded value; identifiers borrow their text.
#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(extras = LexExtras)]
#[logos(skip r"[ \t\n\r\x0C]+")]
#[logos(skip(r"//[^\n\r]*", allow_greedy = true))]
#[logos(skip("/\\*", block_comment))]
pub enum Tok<'a> {
    #[regex(r"[A-Za-z_$\u{80}-\u{10FFFF}][A-Za-z0-9_$\u{80}-\u{10FFFF}]*", ident)]
    Ident(&'a str),
    /// An integer or floating literal (`Literal::Int` or `Literal::Float`).
    #[regex("[0-9]", number)]
    #[regex(r"\.[0-9]", number)]
    Number(Literal),
    /// A character literal: one UTF-16 code unit.
    #[token("'", char_lit)]
    Char(u16),
    /// A string literal: UTF-16 code units.
    #[token("\"", string_lit)]
    Str(Vec<u16>),

    #[token("true")]
    True,
    #[token("false")]
    False,
    #[token("null")]
    Null,

    // Java keywords Bamboo uses.
    #[token("abstract")]
    Abstract,
    #[token("boolean")]
    Boolean,
    #[token("break")]
    Break,
    #[token("byte")]
    Byte,
    #[token("case")]
    Case,
    #[token("char")]
    CharKw,
    #[token("class")]
    Class,
    #[token("continue")]
    Continue,
    #[token("default")]
    Default,
    #[token("do")]
    Do,
    #[token("double")]
    Double,
    #[token("else")]
    Else,
    #[token("extends")]
    Extends,
    #[token("final")]
    Final,
    #[token("float")]
    Float,
    #[token("for")]
    For,
    #[token("if")]
    If,
    #[token("instanceof")]
    InstanceOf,
    #[token("int")]
    Int,
    #[token("long")]
    Long,
    #[token("native")]
    Native,
    #[token("new")]
    New,
    #[token("newflag")]
    NewFlag,
    #[token("private")]
    Private,
    #[token("protected")]
    Protected,
    #[token("public")]
    Public,
    #[token("return")]
    Return,
    #[token("short")]
    Short,
    #[token("static")]
    Static,
    #[token("super")]
    Super,
    #[token("switch")]
    Switch,
    #[token("this")]
    This,
    #[token("void")]
    Void,
    #[token("while")]
    While,

    // Java keywords of features Bamboo does not have (E0012), and the two
    // reserved words Java never used.
    #[token("assert")]
    Assert,
    #[token("catch")]
    Catch,
    #[token("const")]
    Const,
    #[token("enum")]
    Enum,
    #[token("finally")]
    Finally,
    #[token("goto")]
    Goto,
    #[token("implements")]
    Implements,
    #[token("import")]
    Import,
    #[token("interface")]
    Interface,
    #[token("package")]
    Package,
    #[token("strictfp")]
    Strictfp,
    #[token("synchronized")]
    Synchronized,
    #[token("throw")]
    Throw,
    #[token("throws")]
    Throws,
    #[token("transient")]
    Transient,
    #[token("try")]
    Try,
    #[token("volatile")]
    Volatile,

    // Bamboo's reserved words.
    #[token("task")]
    Task,
    #[token("taskexit")]
    TaskExit,
    #[token("flag")]
    Flag,
    #[token("tag")]
    Tag,

    // Bamboo's contextual keywords.
    #[token("in")]
    In,
    #[token("with")]
    With,
    #[token("and")]
    And,
    #[token("or")]
    Or,
    #[token("add")]
    Add,
    #[token("clear")]
    Clear,

    // Separators.
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(";")]
    Semi,
    #[token(",")]
    Comma,
    #[token(".")]
    Dot,
    #[token("...")]
    Ellipsis,
    #[token("@")]
    At,
    #[token("::")]
    ColonColon,
    #[token("->")]
    Arrow,

    // Operators.
    #[token("=")]
    Assign,
    #[token(">")]
    Gt,
    #[token("<")]
    Lt,
    #[token("!")]
    Bang,
    #[token("~")]
    Tilde,
    #[token("?")]
    Question,
    #[token(":")]
    Colon,
    #[token(":=")]
    ColonAssign,
    #[token("==")]
    EqEq,
    #[token("<=")]
    Le,
    #[token(">=")]
    Ge,
    #[token("!=")]
    Ne,
    #[token("&&")]
    AndAnd,
    #[token("||")]
    OrOr,
    #[token("++")]
    PlusPlus,
    #[token("--")]
    MinusMinus,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("&")]
    Amp,
    #[token("|")]
    Pipe,
    #[token("^")]
    Caret,
    #[token("%")]
    Percent,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Shr,
    #[token(">>>")]
    UShr,
    #[token("+=")]
    PlusEq,
    #[token("-=")]
    MinusEq,
    #[token("*=")]
    StarEq,
    #[token("/=")]
    SlashEq,
    #[token("&=")]
    AmpEq,
    #[token("|=")]
    PipeEq,
    #[token("^=")]
    CaretEq,
    #[token("%=")]
    PercentEq,
    #[token("<<=")]
    ShlEq,
    #[token(">>=")]
    ShrEq,
    #[token(">>>=")]
    UShrEq,

    /// Synthetic, never lexed: stands for the contents of a bracket group
    /// nested too deeply (an expression position). See `tokens.rs`.
    DeepExpr,
    /// Synthetic, never lexed: stands for a block's contents or a statement
    /// nested too deeply.
    DeepStmt,
}

impl Tok<'_> {
    /// A short name for diagnostics: the token's spelling for keywords and
    /// punctuation, its kind for identifiers and literals.
    pub fn describe(&self) -> &'static str {
        use Tok::*;
        match self {
            Ident(_) => "identifier",
            Number(_) => "number",
            Char(_) => "character literal",
            Str(_) => "string literal",
            True => "true",
            False => "false",
            Null => "null",
            Abstract => "abstract",
            Boolean => "boolean",
            Break => "break",
            Byte => "byte",
            Case => "case",
            CharKw => "char",
            Class => "class",
            Continue => "continue",
            Default => "default",
            Do => "do",
            Double => "double",
            Else => "else",
            Extends => "extends",
            Final => "final",
            Float => "float",
            For => "for",
            If => "if",
            InstanceOf => "instanceof",
            Int => "int",
            Long => "long",
            Native => "native",
            New => "new",
            NewFlag => "newflag",
            Private => "private",
            Protected => "protected",
            Public => "public",
            Return => "return",
            Short => "short",
            Static => "static",
            Super => "super",
            Switch => "switch",
            This => "this",
            Void => "void",
            While => "while",
            Assert => "assert",
            Catch => "catch",
            Const => "const",
            Enum => "enum",
            Finally => "finally",
            Goto => "goto",
            Implements => "implements",
            Import => "import",
            Interface => "interface",
            Package => "package",
            Strictfp => "strictfp",
            Synchronized => "synchronized",
            Throw => "throw",
            Throws => "throws",
            Transient => "transient",
            Try => "try",
            Volatile => "volatile",
            Task => "task",
            TaskExit => "taskexit",
            Flag => "flag",
            Tag => "tag",
            In => "in",
            With => "with",
            And => "and",
            Or => "or",
            Add => "add",
            Clear => "clear",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            RBrace => "}",
            LBracket => "[",
            RBracket => "]",
            Semi => ";",
            Comma => ",",
            Dot => ".",
            Ellipsis => "...",
            At => "@",
            ColonColon => "::",
            Arrow => "->",
            Assign => "=",
            Gt => ">",
            Lt => "<",
            Bang => "!",
            Tilde => "~",
            Question => "?",
            Colon => ":",
            ColonAssign => ":=",
            EqEq => "==",
            Le => "<=",
            Ge => ">=",
            Ne => "!=",
            AndAnd => "&&",
            OrOr => "||",
            PlusPlus => "++",
            MinusMinus => "--",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Amp => "&",
            Pipe => "|",
            Caret => "^",
            Percent => "%",
            Shl => "<<",
            Shr => ">>",
            UShr => ">>>",
            PlusEq => "+=",
            MinusEq => "-=",
            StarEq => "*=",
            SlashEq => "/=",
            AmpEq => "&=",
            PipeEq => "|=",
            CaretEq => "^=",
            PercentEq => "%=",
            ShlEq => "<<=",
            ShrEq => ">>=",
            UShrEq => ">>>=",
            DeepExpr | DeepStmt => "nested construct",
        }
    }

    /// Modifiers, including those of Java that Bamboo rejects.
    pub fn is_modifier(&self) -> bool {
        use Tok::*;
        matches!(
            self,
            Public
                | Private
                | Protected
                | Static
                | Final
                | Abstract
                | Native
                | Synchronized
                | Volatile
                | Transient
                | Strictfp
        )
    }
}

/// Lexes a whole text into `(start, token, end)` triples and errors; for
/// tests and tools. The parser uses `Tok::lexer_with_extras` through
/// `tokens::TokenStream`, which also coalesces invalid characters.
pub fn tokenize(file: FileId, src: &str) -> (Vec<(usize, Tok<'_>, usize)>, Vec<ParseError>) {
    let mut lex = Tok::lexer_with_extras(
        src,
        LexExtras {
            file,
            errors: Vec::new(),
        },
    );
    let mut toks = Vec::new();
    let mut bad: Option<(usize, usize)> = None;
    let mut errors = Vec::new();
    while let Some(r) = lex.next() {
        let span = lex.span();
        errors.append(&mut lex.extras.errors);
        match r {
            Ok(t) => {
                if let Some((s, e)) = bad.take() {
                    errors.push(ParseError::InvalidChar {
                        span: Span::new(file, s, e),
                    });
                }
                toks.push((span.start, t, span.end));
            }
            Err(()) => match &mut bad {
                Some((_, e)) if *e == span.start => *e = span.end,
                _ => {
                    if let Some((s, e)) = bad.replace((span.start, span.end)) {
                        errors.push(ParseError::InvalidChar {
                            span: Span::new(file, s, e),
                        });
                    }
                }
            },
        }
    }
    if let Some((s, e)) = bad {
        errors.push(ParseError::InvalidChar {
            span: Span::new(file, s, e),
        });
    }
    errors.append(&mut lex.extras.errors);
    errors.sort_by_key(|e| e.span());
    (toks, errors)
}

// ---------------------------------------------------------------------------
// Callbacks. Each scans by hand from the start of its token and bumps the
// lexer over what it read; none looks further than the end of its line
// except the block comment.

fn block_comment<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Skip {
    let start = lex.span().start;
    let rest = lex.remainder();
    match rest.find("*/") {
        Some(i) => lex.bump(i + 2),
        None => {
            lex.bump(rest.len());
            let span = lex.extras.span(start, start + 2);
            lex.extras
                .errors
                .push(ParseError::UnterminatedComment { span });
        }
    }
    Skip
}

fn ident<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Filter<&'a str> {
    let text = lex.slice();
    if text.is_ascii() {
        return Filter::Emit(text);
    }
    // Java identifiers may hold letters and digits of any script; anything
    // else outside ASCII (quotes from a word processor, non-breaking
    // spaces, ...) is an invalid character. Runs of them are one error.
    let start = lex.span().start;
    let mut valid = 0usize;
    let mut bad: Option<(usize, usize)> = None;
    for (i, c) in text.char_indices() {
        if c.is_ascii() || c.is_alphanumeric() {
            valid += 1;
            if let Some((s, e)) = bad.take() {
                let span = lex.extras.span(start + s, start + e);
                lex.extras.errors.push(ParseError::InvalidChar { span });
            }
        } else {
            let end = i + c.len_utf8();
            match &mut bad {
                Some((_, e)) => *e = end,
                None => bad = Some((i, end)),
            }
        }
    }
    if let Some((s, e)) = bad {
        let span = lex.extras.span(start + s, start + e);
        lex.extras.errors.push(ParseError::InvalidChar { span });
    }
    if valid == 0 {
        Filter::Skip
    } else {
        Filter::Emit(text)
    }
}
