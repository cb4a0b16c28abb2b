//! Syntax errors as data: codes E0001 to E0012 of the catalogue
//! (`compiler/src/diagnostics/codes.rs`). Nothing here is English prose; the
//! diagnostics module turns these into reports.

use crate::span::Span;

/// One lexical or syntax error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// E0001. `found` names the token (`}`, `identifier`, `number`, ...: see
    /// `Tok::describe`); its text is at `span`. `expected` lists the tokens
    /// that could have stood there, spelled the same way, sorted.
    UnexpectedToken {
        span: Span,
        found: String,
        expected: Vec<String>,
    },
    /// E0001. A parenthesised expression that is not a type name, followed
    /// by an operand, as in `(a + b) c`: Java reads it as a cast.
    InvalidCast { span: Span },
    /// E0002. The file ended where `expected` tokens could still come;
    /// `span` is empty, at the end of the file.
    UnexpectedEof { span: Span, expected: Vec<String> },
    /// E0003. One or more invalid characters in a row.
    InvalidChar { span: Span },
    /// E0004. A string literal that reaches the end of its line.
    UnterminatedString { span: Span },
    /// E0005.
    InvalidCharLiteral {
        span: Span,
        reason: CharLiteralError,
    },
    /// E0006. `span` covers the opening `/*`.
    UnterminatedComment { span: Span },
    /// E0007. `span` covers the backslash and what follows it.
    InvalidEscape { span: Span },
    /// E0008.
    MalformedNumber { span: Span, reason: NumberError },
    /// E0009. Expressions, statements or brackets nested more than `limit`
    /// deep, counting unbracketed chains (`1+1+...`, `else if` chains, runs
    /// of prefix operators). Reported once per file; the offending subtree
    /// is replaced by an `Error` node.
    NestingTooDeep { span: Span, limit: u32 },
    /// E0012. A Java construct that Bamboo does not have.
    Unsupported { span: Span, feature: JavaFeature },
}

/// Why a character literal is invalid (E0005).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CharLiteralError {
    /// `''`.
    Empty,
    /// More than one UTF-16 code unit: `'ab'`, or a character outside the
    /// Basic Multilingual Plane.
    TooLong,
    /// No closing quote on the line.
    Unterminated,
}

/// Why a numeric literal is malformed (E0008).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// `0x`, `0b`, `1e`, `0x1.0` (a hexadecimal float needs `p`).
    NoDigits,
    /// A digit the radix does not have: `09`, `0b2`.
    InvalidDigit,
    /// An underscore not between two digits: `1_`, `0x_1`, `1._5`.
    Underscore,
    /// Letters or digits glued to the literal: `123abc`, `1.5q`.
    TrailingCharacters,
    /// The value does not fit in 64 bits.
    TooLarge,
}

/// Java constructs that Bamboo leaves out (E0012).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum JavaFeature {
    Interface,
    Enum,
    Import,
    Package,
    Implements,
    Throws,
    Throw,
    /// `try`, `catch`, `finally`.
    Try,
    /// The `synchronized` modifier or statement.
    Synchronized,
    /// `volatile`, `transient`, `strictfp`.
    Modifier,
    Assert,
    NestedClass,
    AnonymousClass,
    InitializerBlock,
    Annotation,
    Generics,
    /// `->`: lambdas and `switch` rules.
    Lambda,
    MethodReference,
    Varargs,
}

impl JavaFeature {
    /// The Java keyword or symbol the feature is known by.
    pub fn keyword(self) -> &'static str {
        match self {
            JavaFeature::Interface => "interface",
            JavaFeature::Enum => "enum",
            JavaFeature::Import => "import",
            JavaFeature::Package => "package",
            JavaFeature::Implements => "implements",
            JavaFeature::Throws => "throws",
            JavaFeature::Throw => "throw",
            JavaFeature::Try => "try",
            JavaFeature::Synchronized => "synchronized",
            JavaFeature::Modifier => "volatile",
            JavaFeature::Assert => "assert",
            JavaFeature::NestedClass => "class",
            JavaFeature::AnonymousClass => "new",
            JavaFeature::InitializerBlock => "{",
            JavaFeature::Annotation => "@",
            JavaFeature::Generics => "<",
            JavaFeature::Lambda => "->",
            JavaFeature::MethodReference => "::",
            JavaFeature::Varargs => "...",
        }
    }
}

impl ParseError {
    /// The diagnostic code, as listed in the catalogue.
    pub fn code(&self) -> &'static str {
        match self {
            ParseError::UnexpectedToken { .. } | ParseError::InvalidCast { .. } => "E0001",
            ParseError::UnexpectedEof { .. } => "E0002",
            ParseError::InvalidChar { .. } => "E0003",
            ParseError::UnterminatedString { .. } => "E0004",
            ParseError::InvalidCharLiteral { .. } => "E0005",
            ParseError::UnterminatedComment { .. } => "E0006",
            ParseError::InvalidEscape { .. } => "E0007",
            ParseError::MalformedNumber { .. } => "E0008",
            ParseError::NestingTooDeep { .. } => "E0009",
            ParseError::Unsupported { .. } => "E0012",
        }
    }

    /// Where the error is: the primary label's span.
    pub fn span(&self) -> Span {
        match self {
            ParseError::UnexpectedToken { span, .. }
            | ParseError::InvalidCast { span }
            | ParseError::UnexpectedEof { span, .. }
            | ParseError::InvalidChar { span }
            | ParseError::UnterminatedString { span }
            | ParseError::InvalidCharLiteral { span, .. }
            | ParseError::UnterminatedComment { span }
            | ParseError::InvalidEscape { span }
            | ParseError::MalformedNumber { span, .. }
            | ParseError::NestingTooDeep { span, .. }
            | ParseError::Unsupported { span, .. } => *span,
        }
    }
}
