//! The lexer: tokens, literal values and lexical errors.

use bambooc_syntax::ast::Literal;
use bambooc_syntax::lexer::{tokenize, Tok};
use bambooc_syntax::span::FileId;
use bambooc_syntax::{CharLiteralError, NumberError, ParseError};

fn toks(src: &str) -> Vec<Tok<'_>> {
    let (t, e) = tokenize(FileId(0), src);
    assert!(e.is_empty(), "errors in {src:?}: {e:?}");
    t.into_iter().map(|t| t.1).collect()
}

fn one(src: &str) -> Tok<'_> {
    let t = toks(src);
    assert_eq!(t.len(), 1, "{src:?} gave {t:?}");
    t.into_iter().next().unwrap()
}

fn int(src: &str) -> (u64, bool, bool) {
    match one(src) {
        Tok::Number(Literal::Int {
            value,
            long,
            decimal,
        }) => (value, long, decimal),
        t => panic!("{src:?} is {t:?}"),
    }
}

fn float(src: &str) -> (String, bool) {
    match one(src) {
        Tok::Number(Literal::Float { text, single }) => (text, single),
        t => panic!("{src:?} is {t:?}"),
    }
}

fn errs(src: &str) -> Vec<ParseError> {
    tokenize(FileId(0), src).1
}

fn err_texts(src: &str) -> Vec<(&'static str, &str)> {
    errs(src)
        .iter()
        .map(|e| (e.code(), &src[e.span().range()]))
        .collect()
}

#[test]
fn keywords_identifiers_and_contextual_words() {
    assert_eq!(
        toks("class task taskexit flag tag in with and or add clear classy _x $y x1"),
        vec![
            Tok::Class,
            Tok::Task,
            Tok::TaskExit,
            Tok::Flag,
            Tok::Tag,
            Tok::In,
            Tok::With,
            Tok::And,
            Tok::Or,
            Tok::Add,
            Tok::Clear,
            Tok::Ident("classy"),
            Tok::Ident("_x"),
            Tok::Ident("$y"),
            Tok::Ident("x1"),
        ]
    );
    assert_eq!(
        toks("été Ωmega"),
        vec![Tok::Ident("été"), Tok::Ident("Ωmega")]
    );
    assert_eq!(
        toks("interface try throws"),
        vec![Tok::Interface, Tok::Try, Tok::Throws]
    );
}

#[test]
fn operators_longest_match() {
    assert_eq!(
        toks(">>>= >>> >>= >> >= > := : :: -> ... . ++ + += <<= << <="),
        vec![
            Tok::UShrEq,
            Tok::UShr,
            Tok::ShrEq,
            Tok::Shr,
            Tok::Ge,
            Tok::Gt,
            Tok::ColonAssign,
            Tok::Colon,
            Tok::ColonColon,
            Tok::Arrow,
            Tok::Ellipsis,
            Tok::Dot,
            Tok::PlusPlus,
            Tok::Plus,
            Tok::PlusEq,
            Tok::ShlEq,
            Tok::Shl,
            Tok::Le,
        ]
    );
    assert_eq!(
        toks("a--b"),
        vec![Tok::Ident("a"), Tok::MinusMinus, Tok::Ident("b")]
    );
    assert_eq!(
        toks("x.length"),
        vec![Tok::Ident("x"), Tok::Dot, Tok::Ident("length")]
    );
}

#[test]
fn comments() {
    assert_eq!(
        toks("a // b\nc /* d\n e */ f /**/ g /*/ */ h"),
        vec![
            Tok::Ident("a"),
            Tok::Ident("c"),
            Tok::Ident("f"),
            Tok::Ident("g"),
            Tok::Ident("h"),
        ]
    );
    assert_eq!(err_texts("a /* never closed\n b"), vec![("E0006", "/*")]);
    assert_eq!(toks("a //"), vec![Tok::Ident("a")]);
}

#[test]
fn integer_literals() {
    assert_eq!(int("0"), (0, false, true));
    assert_eq!(int("42"), (42, false, true));
    assert_eq!(int("1_000_000"), (1_000_000, false, true));
    assert_eq!(int("2147483648"), (2147483648, false, true));
    assert_eq!(int("9223372036854775807L"), (i64::MAX as u64, true, true));
    assert_eq!(int("18446744073709551615l"), (u64::MAX, true, true));
    assert_eq!(int("0x7fff_FFFF"), (0x7fff_ffff, false, false));
    assert_eq!(int("0XFFFFFFFF"), (0xffff_ffff, false, false));
    assert_eq!(int("0777"), (0o777, false, false));
    assert_eq!(int("0_7"), (7, false, false));
    assert_eq!(int("00"), (0, false, false));
    assert_eq!(int("0b1010_1010L"), (0b1010_1010, true, false));
}

#[test]
fn malformed_numbers() {
    let reason = |src: &str| match &errs(src)[..] {
        [ParseError::MalformedNumber { span, reason }] => {
            assert_eq!(span.range(), 0..src.len(), "{src:?}");
            *reason
        }
        e => panic!("{src:?}: {e:?}"),
    };
    assert_eq!(reason("0x"), NumberError::NoDigits);
    assert_eq!(reason("0b"), NumberError::NoDigits);
    assert_eq!(reason("1e"), NumberError::NoDigits);
    assert_eq!(reason("1e+"), NumberError::NoDigits);
    assert_eq!(reason("0x1.8"), NumberError::NoDigits);
    assert_eq!(reason("09"), NumberError::InvalidDigit);
    assert_eq!(reason("0b102"), NumberError::InvalidDigit);
    assert_eq!(reason("1_"), NumberError::Underscore);
    assert_eq!(reason("0x_1"), NumberError::Underscore);
    assert_eq!(reason("1_.5"), NumberError::Underscore);
    assert_eq!(reason("1._5"), NumberError::Underscore);
    assert_eq!(reason("1e_5"), NumberError::Underscore);
    assert_eq!(reason("123abc"), NumberError::TrailingCharacters);
    assert_eq!(reason("1.5q"), NumberError::TrailingCharacters);
    assert_eq!(reason("1Lx"), NumberError::TrailingCharacters);
    assert_eq!(reason("18446744073709551616"), NumberError::TooLarge);
    assert_eq!(reason("0x1_0000_0000_0000_0000L"), NumberError::TooLarge);
    // A malformed number is still one token, so the parser goes on.
    assert_eq!(tokenize(FileId(0), "09 x").0.len(), 2);
}

#[test]
fn floating_literals() {
    assert_eq!(float("1.5"), ("1.5".into(), false));
    assert_eq!(float("1."), ("1.0".into(), false));
    assert_eq!(float(".5"), ("0.5".into(), false));
    assert_eq!(float("1e10"), ("1.0e10".into(), false));
    assert_eq!(float("1.5E-3"), ("1.5e-3".into(), false));
    assert_eq!(float("1.5f"), ("1.5".into(), true));
    assert_eq!(float("2d"), ("2.0".into(), false));
    assert_eq!(float("3F"), ("3.0".into(), true));
    assert_eq!(float("1_0.2_5e1_0"), ("10.25e10".into(), false));
    assert_eq!(float("09.5"), ("09.5".into(), false));
    assert_eq!(float("1.e5"), ("1.0e5".into(), false));
    // Every text reads back with Rust's parser.
    for src in ["1.", ".5", "1e10", "1.5E-3", "1.e5", "0.0", "1e+2"] {
        let (text, _) = float(src);
        assert!(text.parse::<f64>().is_ok(), "{src:?} -> {text:?}");
    }
}

#[test]
fn hexadecimal_floats_are_rounded_once() {
    assert_eq!(float("0x1.8p1"), ("3.0e0".into(), false));
    assert_eq!(float("0x.8p1"), ("1.0e0".into(), false));
    assert_eq!(float("0x1p-2f"), ("2.5e-1".into(), true));
    let f64_of = |s: &str| float(s).0.parse::<f64>().unwrap();
    let f32_of = |s: &str| float(s).0.parse::<f32>().unwrap();
    assert_eq!(f64_of("0x1p-1074"), f64::from_bits(1));
    assert_eq!(f64_of("0x1.fffffffffffffp1023"), f64::MAX);
    assert_eq!(f32_of("0x1p-149f"), f32::from_bits(1));
    assert_eq!(f32_of("0x1.fffffep127f"), f32::MAX);
    // Ties to even: 1 + 2^-53 rounds down to 1, 1 + 3*2^-53 up.
    assert_eq!(f64_of("0x1.00000000000008p0"), 1.0);
    assert_eq!(f64_of("0x1.00000000000018p0"), 1.0 + 2.0 * f64::EPSILON);
    // Out of range: text that sema reads as infinity or zero.
    assert_eq!(f64_of("0x1p1024"), f64::INFINITY);
    assert_eq!(f64_of("0x1p-1076"), 0.0);
    assert_eq!(f32_of("0x1p128f"), f32::INFINITY);
}

#[test]
fn char_literals_and_escapes() {
    let ch = |src: &str| match one(src) {
        Tok::Char(c) => c,
        t => panic!("{src:?} is {t:?}"),
    };
    assert_eq!(ch("'a'"), u16::from(b'a'));
    assert_eq!(ch(r"'\n'"), 10);
    assert_eq!(ch(r"'\''"), 39);
    assert_eq!(ch(r"'\\'"), 92);
    assert_eq!(ch(r"'\0'"), 0);
    assert_eq!(ch(r"'\377'"), 255);
    assert_eq!(ch(r"'\s'"), 32);
    assert_eq!(ch(r"'\u0041'"), 65);
    assert_eq!(ch(r"'\uuu00e9'"), 0xe9);
    assert_eq!(ch(r"'\uD800'"), 0xD800);
    assert_eq!(ch("'é'"), 0xe9);
    let reason = |src: &str| match &errs(src)[..] {
        [ParseError::InvalidCharLiteral { reason, .. }] => *reason,
        e => panic!("{src:?}: {e:?}"),
    };
    assert_eq!(reason("''"), CharLiteralError::Empty);
    assert_eq!(reason("'ab'"), CharLiteralError::TooLong);
    assert_eq!(reason("'😀'"), CharLiteralError::TooLong);
    assert_eq!(reason("'a"), CharLiteralError::Unterminated);
    assert_eq!(reason("'\nx"), CharLiteralError::Unterminated);
    assert_eq!(err_texts(r"'\q'"), vec![("E0007", r"\q")]);
    assert_eq!(err_texts(r"'\u12'"), vec![("E0007", r"\u12")]);
}

#[test]
fn string_literals() {
    let s = |src: &str| match one(src) {
        Tok::Str(s) => s,
        t => panic!("{src:?} is {t:?}"),
    };
    assert_eq!(s(r#""""#), Vec::<u16>::new());
    assert_eq!(
        String::from_utf16(&s(r#""a\tb\"c\\""#)).unwrap(),
        "a\tb\"c\\"
    );
    assert_eq!(String::from_utf16(&s(r#""\101\60\7""#)).unwrap(), "A0\u{7}");
    assert_eq!(String::from_utf16(&s(r#""é😀\u00e9""#)).unwrap(), "é😀é");
    assert_eq!(s(r#""\uD83D""#), vec![0xD83D]);
    assert_eq!(err_texts("\"abc\nx"), vec![("E0004", "\"abc")]);
    assert_eq!(
        err_texts(r#""a\qb\xc""#),
        vec![("E0007", r"\q"), ("E0007", r"\x")]
    );
    // An unterminated string still ends its line only.
    assert_eq!(tokenize(FileId(0), "\"abc\nx y").0.len(), 3);
}

#[test]
fn invalid_characters_are_coalesced() {
    assert_eq!(err_texts("a # b"), vec![("E0003", "#")]);
    assert_eq!(err_texts("a ### b"), vec![("E0003", "###")]);
    assert_eq!(
        err_texts("a \0\u{1} b ` c"),
        vec![("E0003", "\0\u{1}"), ("E0003", "`")]
    );
    // Non-ASCII that is not a letter or digit: quotes from a word processor,
    // a non-breaking space.
    assert_eq!(err_texts("x = “hi”;"), vec![("E0003", "“"), ("E0003", "”")]);
    assert_eq!(err_texts("int\u{a0}x"), vec![("E0003", "\u{a0}")]);
    let (t, _) = tokenize(FileId(0), "a \u{a0} b");
    assert_eq!(t.len(), 2, "a lone invalid character is no token");
}

#[test]
fn spans_are_bytes() {
    let (t, _) = tokenize(FileId(0), "é + \"ü\"");
    let spans: Vec<(usize, usize)> = t.iter().map(|t| (t.0, t.2)).collect();
    assert_eq!(spans, vec![(0, 2), (3, 4), (5, 9)]);
}
