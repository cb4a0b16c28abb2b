//! Literal decoding for the lexer's callbacks: numbers (JLS 3.10.1 and
//! 3.10.2, with hex floats rounded once and written as decimal text),
//! characters and strings with their escapes (3.10.4 to 3.10.7). In: the
//! text from the literal's start; out: the decoded `Literal`, `u16` or
//! UTF-16 units and the lexer bumped past it, errors into `LexExtras`.

use super::*;

pub(super) fn number<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Literal {
    let start = lex.span().start;
    let bytes = lex.source().as_bytes();
    let scanned = scan_number(bytes, start);
    lex.bump(scanned.end - lex.span().end);
    if let Some(reason) = scanned.error {
        let span = lex.extras.span(start, scanned.end);
        lex.extras
            .errors
            .push(ParseError::MalformedNumber { span, reason });
    }
    scanned.lit
}

pub(super) fn char_lit<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> u16 {
    let start = lex.span().start;
    let bytes = lex.source().as_bytes();
    let src = lex.source();
    let mut i = start + 1;
    let err = |lex: &mut Lexer<'a, Tok<'a>>, end: usize, reason| {
        let span = lex.extras.span(start, end);
        lex.extras
            .errors
            .push(ParseError::InvalidCharLiteral { span, reason });
    };
    match bytes.get(i) {
        None | Some(b'\n') | Some(b'\r') => {
            err(lex, i, CharLiteralError::Unterminated);
            return 0;
        }
        Some(b'\'') => {
            lex.bump(1);
            err(lex, i + 1, CharLiteralError::Empty);
            return 0;
        }
        _ => {}
    }
    let mut units = Vec::new();
    i = decode_one(src, i, &mut units, &mut lex.extras);
    let value = units.first().copied().unwrap_or(0);
    if bytes.get(i) == Some(&b'\'') {
        lex.bump(i + 1 - lex.span().end);
        if units.len() > 1 {
            err(lex, i + 1, CharLiteralError::TooLong);
        }
        return value;
    }
    // No closing quote right after one character: look for one later on
    // the line (`'ab'`), else the literal is unterminated.
    let line_end = bytes[i..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map_or(bytes.len(), |p| i + p);
    match bytes[i..line_end].iter().position(|&b| b == b'\'') {
        Some(p) => {
            let end = i + p + 1;
            lex.bump(end - lex.span().end);
            err(lex, end, CharLiteralError::TooLong);
        }
        None => {
            lex.bump(i - lex.span().end);
            err(lex, i, CharLiteralError::Unterminated);
        }
    }
    value
}

pub(super) fn string_lit<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Vec<u16> {
    let start = lex.span().start;
    let src = lex.source();
    let bytes = src.as_bytes();
    let mut units = Vec::new();
    let mut i = start + 1;
    loop {
        match bytes.get(i) {
            Some(b'"') => {
                i += 1;
                break;
            }
            None | Some(b'\n') | Some(b'\r') => {
                let span = lex.extras.span(start, i);
                lex.extras
                    .errors
                    .push(ParseError::UnterminatedString { span });
                break;
            }
            Some(_) => i = decode_one(src, i, &mut units, &mut lex.extras),
        }
    }
    lex.bump(i - lex.span().end);
    units
}

/// Decodes one character or escape sequence of a char or string literal
/// starting at `i` (not at a line end), appending its UTF-16 units, and
/// returns the index after it. Invalid escapes are reported and skipped.
fn decode_one(src: &str, i: usize, out: &mut Vec<u16>, ex: &mut LexExtras) -> usize {
    let bytes = src.as_bytes();
    if bytes[i] != b'\\' {
        let c = src[i..].chars().next().unwrap_or('\u{FFFD}');
        let mut buf = [0u16; 2];
        out.extend_from_slice(c.encode_utf16(&mut buf));
        return i + c.len_utf8();
    }
    let Some(&e) = bytes.get(i + 1) else {
        ex.errors.push(ParseError::InvalidEscape {
            span: ex.span(i, i + 1),
        });
        return i + 1;
    };
    let simple = match e {
        b'b' => Some(0x08),
        b't' => Some(0x09),
        b'n' => Some(0x0A),
        b'f' => Some(0x0C),
        b'r' => Some(0x0D),
        b's' => Some(0x20),
        b'"' => Some(0x22),
        b'\'' => Some(0x27),
        b'\\' => Some(0x5C),
        _ => None,
    };
    if let Some(u) = simple {
        out.push(u);
        return i + 2;
    }
    match e {
        b'0'..=b'7' => {
            // Octal: up to three digits, the value at most \377.
            let max = if e <= b'3' { 3 } else { 2 };
            let mut j = i + 1;
            let mut v = 0u16;
            while j < i + 1 + max && matches!(bytes.get(j), Some(b'0'..=b'7')) {
                v = v * 8 + u16::from(bytes[j] - b'0');
                j += 1;
            }
            out.push(v);
            j
        }
        b'u' => {
            // Java's unicode escape: one or more `u`, then four hex digits.
            let mut j = i + 1;
            while bytes.get(j) == Some(&b'u') {
                j += 1;
            }
            let hex = bytes.get(j..j + 4);
            match hex.and_then(|h| std::str::from_utf8(h).ok()) {
                Some(h) if h.bytes().all(|b| b.is_ascii_hexdigit()) => {
                    out.push(u16::from_str_radix(h, 16).unwrap_or(0));
                    j + 4
                }
                _ => {
                    let end = bytes[j..]
                        .iter()
                        .take(4)
                        .take_while(|b| b.is_ascii_hexdigit())
                        .count()
                        + j;
                    ex.errors.push(ParseError::InvalidEscape {
                        span: ex.span(i, end),
                    });
                    end
                }
            }
        }
        b'\n' | b'\r' => {
            ex.errors.push(ParseError::InvalidEscape {
                span: ex.span(i, i + 1),
            });
            i + 1
        }
        _ => {
            let len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
            ex.errors.push(ParseError::InvalidEscape {
                span: ex.span(i, i + 1 + len),
            });
            i + 1 + len
        }
    }
}

/// The result of scanning one numeric literal.
pub(crate) struct ScannedNumber {
    pub end: usize,
    pub lit: Literal,
    pub error: Option<NumberError>,
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// Scans a run of digits (as accepted by `is_digit`) and underscores from
/// `i`; returns its end. Underscores may only stand between digits.
fn digit_run(bytes: &[u8], mut i: usize, is_digit: impl Fn(u8) -> bool) -> usize {
    while let Some(&b) = bytes.get(i) {
        if is_digit(b) || b == b'_' {
            i += 1;
        } else {
            break;
        }
    }
    i
}

fn bad_underscores(run: &[u8]) -> bool {
    run.first() == Some(&b'_') || run.last() == Some(&b'_')
}

/// Scans a Java numeric literal starting at `start` (a digit, or a `.`
/// followed by a digit) following JLS 3.10.1 and 3.10.2, maximal munch.
/// Letters and digits glued to the end make the literal malformed and are
/// taken into it, so `123abc` is one bad token, not two good ones.
pub(crate) fn scan_number(bytes: &[u8], start: usize) -> ScannedNumber {
    let at = |k: usize| bytes.get(k).copied().unwrap_or(0);
    let mut error: Option<NumberError> = None;
    let set = |e: NumberError, error: &mut Option<NumberError>| {
        if error.is_none() {
            *error = Some(e);
        }
    };
    let lit;
    let mut i;
    if at(start) == b'0' && matches!(at(start + 1), b'x' | b'X' | b'b' | b'B') {
        let hex = matches!(at(start + 1), b'x' | b'X');
        let d0 = start + 2;
        i = digit_run(bytes, d0, |b| b.is_ascii_hexdigit());
        if hex && (at(i) == b'.' || matches!(at(i), b'p' | b'P')) {
            // Hexadecimal floating literal: 0x1.8p3, 0x.8p1, 0x1p-2f.
            let int_run = &bytes[d0..i];
            let mut frac_run: &[u8] = &[];
            if at(i) == b'.' {
                let f0 = i + 1;
                i = digit_run(bytes, f0, |b| b.is_ascii_hexdigit());
                frac_run = &bytes[f0..i];
            }
            if int_run.is_empty() && frac_run.is_empty() {
                set(NumberError::NoDigits, &mut error);
            }
            if bad_underscores(int_run) || bad_underscores(frac_run) {
                set(NumberError::Underscore, &mut error);
            }
            let mut exp: i64 = 0;
            if matches!(at(i), b'p' | b'P') {
                i += 1;
                let neg = at(i) == b'-';
                if matches!(at(i), b'+' | b'-') {
                    i += 1;
                }
                let e0 = i;
                i = digit_run(bytes, e0, |b| b.is_ascii_digit());
                let run = &bytes[e0..i];
                if run.iter().all(|&b| b == b'_') {
                    set(NumberError::NoDigits, &mut error);
                } else if bad_underscores(run) {
                    set(NumberError::Underscore, &mut error);
                }
                for &b in run.iter().filter(|&&b| b != b'_') {
                    exp = (exp * 10 + i64::from(b - b'0')).min(1 << 40);
                }
                if neg {
                    exp = -exp;
                }
            } else {
                set(NumberError::NoDigits, &mut error);
            }
            let single = matches!(at(i), b'f' | b'F');
            if matches!(at(i), b'f' | b'F' | b'd' | b'D') {
                i += 1;
            }
            let text = hex_float_to_decimal(int_run, frac_run, exp, single);
            lit = Literal::Float { text, single };
        } else {
            let run = &bytes[d0..i];
            if run.iter().all(|&b| b == b'_') {
                set(NumberError::NoDigits, &mut error);
            } else if bad_underscores(run) {
                set(NumberError::Underscore, &mut error);
            }
            let radix = if hex { 16 } else { 2 };
            if !hex && run.iter().any(|&b| b > b'1' && b != b'_') {
                set(NumberError::InvalidDigit, &mut error);
            }
            let value = int_value(run, radix, &mut error);
            let long = matches!(at(i), b'l' | b'L');
            if long {
                i += 1;
            }
            lit = Literal::Int {
                value,
                long,
                decimal: false,
            };
        }
    } else {
        let int_end = digit_run(bytes, start, |b| b.is_ascii_digit());
        let int_run = &bytes[start..int_end];
        i = int_end;
        let mut is_float = false;
        let mut frac_run: &[u8] = &[];
        if at(i) == b'.' && (!int_run.is_empty() || at(i + 1).is_ascii_digit()) {
            is_float = true;
            let f0 = i + 1;
            i = digit_run(bytes, f0, |b| b.is_ascii_digit());
            frac_run = &bytes[f0..i];
        }
        let mut exp_text = String::new();
        if matches!(at(i), b'e' | b'E') {
            is_float = true;
            i += 1;
            exp_text.push('e');
            if matches!(at(i), b'+' | b'-') {
                exp_text.push(at(i) as char);
                i += 1;
            }
            let e0 = i;
            i = digit_run(bytes, e0, |b| b.is_ascii_digit());
            let run = &bytes[e0..i];
            if run.iter().all(|&b| b == b'_') {
                set(NumberError::NoDigits, &mut error);
                exp_text.push('0');
            } else if bad_underscores(run) {
                set(NumberError::Underscore, &mut error);
            }
            exp_text.extend(run.iter().filter(|&&b| b != b'_').map(|&b| b as char));
        }
        let mut single = false;
        if matches!(at(i), b'f' | b'F' | b'd' | b'D') {
            is_float = true;
            single = matches!(at(i), b'f' | b'F');
            i += 1;
        }
        if bad_underscores(int_run) || bad_underscores(frac_run) {
            set(NumberError::Underscore, &mut error);
        }
        if is_float {
            let digits = |run: &[u8]| -> String {
                run.iter()
                    .filter(|&&b| b != b'_')
                    .map(|&b| b as char)
                    .collect()
            };
            let int_digits = digits(int_run);
            let frac = digits(frac_run);
            // Normalise so that Rust's `str::parse::<f32/f64>` reads it:
            // always digits on both sides of the point.
            let mut text = if int_digits.is_empty() {
                "0".to_string()
            } else {
                int_digits
            };
            text.push('.');
            text.push_str(if frac.is_empty() { "0" } else { &frac });
            text.push_str(&exp_text);
            lit = Literal::Float { text, single };
        } else {
            let octal = int_run.len() > 1 && int_run[0] == b'0';
            let radix = if octal { 8 } else { 10 };
            if octal && int_run.iter().any(|&b| b > b'7' && b != b'_') {
                set(NumberError::InvalidDigit, &mut error);
            }
            let value = int_value(int_run, radix, &mut error);
            let long = matches!(at(i), b'l' | b'L');
            if long {
                i += 1;
            }
            lit = Literal::Int {
                value,
                long,
                decimal: !octal,
            };
        }
    }
    // Letters or digits glued to the literal make it malformed.
    if bytes.get(i).is_some_and(|&b| is_ident_byte(b)) {
        set(NumberError::TrailingCharacters, &mut error);
        while bytes.get(i).is_some_and(|&b| is_ident_byte(b)) {
            i += 1;
        }
        // Do not stop inside a multi-byte character.
        while i < bytes.len() && (bytes[i] & 0xC0) == 0x80 {
            i += 1;
        }
    }
    ScannedNumber { end: i, lit, error }
}

/// The value of a run of digits (underscores skipped) in `radix`; digits
/// the radix lacks (already reported) count as its largest digit.
fn int_value(digits: &[u8], radix: u64, error: &mut Option<NumberError>) -> u64 {
    let mut v: u64 = 0;
    for &b in digits.iter().filter(|&&b| b != b'_') {
        let d = u64::from((b as char).to_digit(16).unwrap_or(0)).min(radix - 1);
        match v.checked_mul(radix).and_then(|v| v.checked_add(d)) {
            Some(n) => v = n,
            None => {
                if error.is_none() {
                    *error = Some(NumberError::TooLarge);
                }
                return 0;
            }
        }
    }
    v
}

/// The value of the hexadecimal floating literal `0x<int>.<frac>p<exp>`,
/// rounded once (to nearest, ties to even) to the literal's precision and
/// written as the shortest decimal that reads back to the same `f32`/`f64`,
/// so that later stages, which parse the decimal text, get exactly Java's
/// value. A literal that rounds to infinity becomes `1.0e9999`, a non-zero
/// one that rounds to zero `1.0e-9999` (sema rejects both, as javac does).
fn hex_float_to_decimal(int_run: &[u8], frac_run: &[u8], exp: i64, single: bool) -> String {
    let digits = int_run
        .iter()
        .chain(frac_run)
        .filter(|&&b| b != b'_')
        .map(|&b| (b as char).to_digit(16).unwrap_or(0));
    let frac_digits = frac_run.iter().filter(|&&b| b != b'_').count() as i64;
    // The significant digits: at most 30 hex digits (120 bits) are kept in
    // `m`, the rest only as a sticky bit; value = m * 2^e2 (+ sticky).
    let mut m: u128 = 0;
    let mut kept = 0i64;
    let mut dropped = 0i64;
    let mut sticky = false;
    for d in digits {
        if m == 0 && d == 0 {
            continue;
        }
        if kept < 30 {
            m = (m << 4) | u128::from(d);
            kept += 1;
        } else {
            dropped += 1;
            sticky |= d != 0;
        }
    }
    if m == 0 {
        return "0.0".to_string();
    }
    let mut e2 = exp - 4 * frac_digits + 4 * dropped;
    let (p, emin, emax) = if single {
        (24i64, -126i64, 127i64)
    } else {
        (53, -1022, 1023)
    };
    let len = 128 - i64::from(m.leading_zeros());
    if len + e2 - 1 > emax + 1 {
        return "1.0e9999".to_string();
    }
    // Bits to drop: down to `p` bits, or to the subnormal quantum.
    let quantum = emin - p + 1;
    let shift = (len - p).max(quantum - e2);
    if shift > 0 {
        if shift >= 128 {
            return "1.0e-9999".to_string();
        }
        let rest = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        m >>= shift;
        e2 += shift;
        let above = rest > half || (rest == half && sticky);
        if above || (rest == half && !sticky && m & 1 == 1) {
            m += 1;
        }
        if m == 0 {
            return "1.0e-9999".to_string();
        }
    }
    // Now m < 2^(p+1) and m * 2^e2 is exactly representable (or too large).
    if 128 - i64::from(m.leading_zeros()) + e2 - 1 > emax {
        return "1.0e9999".to_string();
    }
    let mut x = m as f64;
    let mut e = e2;
    while e > 0 {
        let step = e.min(1000);
        x *= 2f64.powi(step as i32);
        e -= step;
    }
    while e < 0 {
        let step = e.max(-1000);
        x *= 2f64.powi(step as i32);
        e -= step;
    }
    let text = if single {
        format!("{:e}", x as f32)
    } else {
        format!("{x:e}")
    };
    match text.find('e') {
        Some(i) if !text[..i].contains('.') => format!("{}.0{}", &text[..i], &text[i..]),
        _ => text,
    }
}
