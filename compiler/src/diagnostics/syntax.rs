//! Wording of lexical and syntax errors.

use super::{Diagnostic, Label};
use bambooc_syntax::{CharLiteralError, JavaFeature, NumberError, ParseError};

/// Token kinds the parser names in words; every other name is a token's
/// own text and is shown in backticks.
const KINDS: &[&str] = &[
    "identifier",
    "number",
    "character literal",
    "string literal",
];

/// A token name as the user reads it: `;` in backticks, kinds in words.
fn token(name: &str) -> String {
    if KINDS.contains(&name) {
        name.to_string()
    } else {
        format!("`{name}`")
    }
}

/// Tokens that end or close something: the likeliest missing ones, shown
/// first so that a long list never hides them behind "...".
const CLOSERS: &[&str] = &[";", ")", "}", "]", ","];

/// "`;`, `)` or `,`" from a list of token names.
fn one_of(expected: &[String]) -> String {
    let mut names: Vec<&String> = expected.iter().collect();
    names.sort_by_key(|e| CLOSERS.iter().position(|c| c == e).unwrap_or(CLOSERS.len()));
    let shown: Vec<String> = names.iter().take(8).map(|e| token(e)).collect();
    match shown.as_slice() {
        [] => "something else".to_string(),
        [one] => one.clone(),
        [init @ .., last] => {
            let more = if expected.len() > 8 { ", ..." } else { "" };
            format!("{}{more} or {last}", init.join(", "))
        }
    }
}

/// Help for the commonest mistake: a statement or declaration not ended
/// with `;` before the next one begins.
fn expected_help(expected: &[String], found: &str) -> Option<String> {
    const STARTERS: &[&str] = &[
        "boolean",
        "byte",
        "char",
        "short",
        "int",
        "long",
        "float",
        "double",
        "void",
        "final",
        "static",
        "public",
        "private",
        "protected",
        "return",
        "if",
        "while",
        "for",
        "do",
        "switch",
        "break",
        "continue",
        "taskexit",
        "this",
        "super",
        "new",
        "flag",
        "task",
        "class",
        "tag",
    ];
    let starts_next = KINDS.contains(&found) || STARTERS.contains(&found);
    if expected.iter().any(|e| e == ";") && starts_next {
        return Some(
            "statements and field declarations end with `;`: is one missing before this?".into(),
        );
    }
    None
}

pub fn parse_diagnostic(e: &ParseError) -> Diagnostic {
    match e {
        ParseError::UnexpectedToken {
            span,
            found,
            expected,
        } => {
            let shown = token(found);
            let d = Diagnostic::error(
                "E0001",
                format!("expected {}, found {shown}", one_of(expected)),
                Label::new(*span, format!("unexpected {shown}")),
            );
            match expected_help(expected, found) {
                Some(h) => d.with_help(h),
                None => d,
            }
        }
        ParseError::InvalidCast { span } => Diagnostic::error(
            "E0001",
            "a parenthesized expression followed by an operand",
            Label::new(*span, "read as a cast, but this is not a type"),
        )
        .with_help("add an operator between the two, or put a type name in the parentheses"),
        ParseError::UnexpectedEof { span, expected } => Diagnostic::error(
            "E0002",
            format!("unexpected end of file; expected {}", one_of(expected)),
            Label::new(*span, "the file ends here"),
        )
        .with_help("a declaration or block is not closed; check that every `{` has its `}`"),
        ParseError::InvalidChar { span } => Diagnostic::error(
            "E0003",
            "invalid character in source",
            Label::new(*span, "not part of any Bamboo token"),
        ),
        ParseError::UnterminatedString { span } => Diagnostic::error(
            "E0004",
            "unterminated string literal",
            Label::new(*span, "the string reaches the end of the line"),
        )
        .with_help("close it with `\"`; a string cannot span lines (use `+` and `\\n`)"),
        ParseError::InvalidCharLiteral { span, reason } => {
            let (msg, label, help) = match reason {
                CharLiteralError::Empty => (
                    "empty character literal",
                    "no character between the quotes",
                    "a char literal holds exactly one character: 'a'",
                ),
                CharLiteralError::TooLong => (
                    "character literal holds more than one character",
                    "too many characters",
                    "use double quotes for a string: \"ab\"",
                ),
                CharLiteralError::Unterminated => (
                    "unterminated character literal",
                    "missing closing `'`",
                    "close it with `'`",
                ),
            };
            Diagnostic::error("E0005", msg, Label::new(*span, label)).with_help(help)
        }
        ParseError::UnterminatedComment { span } => Diagnostic::error(
            "E0006",
            "unterminated block comment",
            Label::new(*span, "this comment is never closed"),
        )
        .with_help("close it with `*/`"),
        ParseError::InvalidEscape { span } => Diagnostic::error(
            "E0007",
            "invalid escape sequence",
            Label::new(*span, "unknown escape"),
        )
        .with_help(
            "valid escapes: \\b \\t \\n \\f \\r \\\" \\' \\\\, octal \\0 to \\377, and \\uXXXX",
        ),
        ParseError::MalformedNumber { span, reason } => {
            let (msg, help) = match reason {
                NumberError::NoDigits => (
                    "number literal has no digits",
                    "write digits after the prefix or exponent: 0x1F, 1e10",
                ),
                NumberError::InvalidDigit => (
                    "invalid digit in number literal",
                    "octal literals (leading 0) use 0-7, binary 0-1",
                ),
                NumberError::Underscore => (
                    "misplaced underscore in number literal",
                    "underscores may stand only between digits: 1_000",
                ),
                NumberError::TrailingCharacters => (
                    "invalid characters after number literal",
                    "separate the number from what follows",
                ),
                NumberError::TooLarge => (
                    "number literal too large",
                    "the largest long literal is 9223372036854775807L",
                ),
            };
            Diagnostic::error("E0008", msg, Label::new(*span, "malformed number")).with_help(help)
        }
        ParseError::NestingTooDeep { span, limit } => Diagnostic::error(
            "E0009",
            format!("code nested more than {limit} levels deep"),
            Label::new(*span, "nesting limit reached here"),
        )
        .with_help("split the expression or block into smaller methods or local variables"),
        ParseError::Unsupported { span, feature } => {
            let (what, help) = match feature {
                JavaFeature::Interface => ("interfaces", "use an abstract class"),
                JavaFeature::Enum => ("enums", "use `static final int` constants"),
                JavaFeature::Import | JavaFeature::Package => ("packages and imports", "put all classes in the program's files; the standard library is always visible"),
                JavaFeature::Implements => ("interfaces", "extend an abstract class instead"),
                JavaFeature::Throws | JavaFeature::Throw | JavaFeature::Try => ("exceptions", "report failures through return values or flags; run-time errors end the program"),
                JavaFeature::Synchronized => ("`synchronized`", "tasks run as transactions on their parameters; no locking is needed in code"),
                JavaFeature::Modifier => ("this modifier", "remove it"),
                JavaFeature::Assert => ("`assert`", "use an `if` and print a message"),
                JavaFeature::NestedClass => ("nested classes", "declare the class at the top level of the file"),
                JavaFeature::AnonymousClass => ("anonymous classes", "declare a named subclass"),
                JavaFeature::InitializerBlock => ("initializer blocks", "move the code into a constructor"),
                JavaFeature::Annotation => ("annotations", "remove the annotation"),
                JavaFeature::Generics => ("generics", "collections hold Object; cast the elements when reading them"),
                JavaFeature::Lambda => ("lambdas and arrow switch rules", "write a method, or a classic `case ...:` label"),
                JavaFeature::MethodReference => ("method references", "call the method directly"),
                JavaFeature::Varargs => ("variable-arity parameters", "pass an array"),
            };
            Diagnostic::error(
                "E0012",
                format!("Bamboo has no {what}"),
                Label::new(
                    *span,
                    format!("`{}` is Java, not Bamboo", feature.keyword()),
                ),
            )
            .with_help(help)
            .with_note("Bamboo is a subset of Java plus tasks; see the language reference")
        }
    }
}
