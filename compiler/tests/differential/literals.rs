//! Literals of every primitive type and `String`: the edge values each
//! type's arithmetic and conversions must get right, in Java's spellings.

use super::*;

pub(crate) const INTS: &[i64] = &[
    0,
    1,
    -1,
    2,
    3,
    5,
    7,
    8,
    10,
    15,
    16,
    31,
    32,
    33,
    63,
    64,
    65,
    100,
    127,
    128,
    -128,
    -129,
    255,
    256,
    1000,
    32767,
    32768,
    -32768,
    -32769,
    65535,
    65536,
    2147483647,
    -2147483648,
    2147483646,
    -2147483647,
    0x55555555,
    0x12345678,
    -559038737,
    1 << 30,
    1 << 24,
    16777217,
    46341,
    65537,
    -1000000,
];

pub(crate) const LONGS: &[i64] = &[
    0,
    1,
    -1,
    2,
    63,
    64,
    127,
    -128,
    255,
    65535,
    2147483647,
    -2147483648,
    2147483648,
    -2147483649,
    4294967295,
    4294967296,
    1 << 53,
    (1 << 53) + 1,
    1 << 62,
    i64::MAX,
    i64::MIN,
    i64::MAX - 1,
    i64::MIN + 1,
    0x5555555555555555,
    0x123456789abcdef,
    -81985529216486896,
    1000000007,
    1_000_000_000_000,
];

pub(crate) const DOUBLES: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    0.1,
    0.2,
    0.3,
    1.0 / 3.0,
    2.0 / 3.0,
    100.0,
    1e7,
    9999999.999999998,
    1e-3,
    0.0009999999999999998,
    1e21,
    1e22,
    1e23,
    2147483647.0,
    2147483648.0,
    -2147483648.0,
    -2147483649.0,
    2147483647.5,
    9.223372036854776e18,
    -9.223372036854776e18,
    1e19,
    4294967296.0,
    65535.5,
    65536.0,
    -0.5,
    0.49999999999999994,
    1.5,
    2.5,
    -2.5,
    3.5,
    4.35,
    5e-324,
    1e-323,
    2.2250738585072014e-308,
    2.225073858507201e-308,
    1.7976931348623157e308,
    1e308,
    1e-300,
    1.2345678901234568e17,
    1.2345678901234567e-7,
    33.333333333333336,
    std::f64::consts::PI,
    std::f64::consts::E,
    0.30000000000000004,
    1e16,
    123456.789,
    -1e-5,
    2e-3,
    1e23, // the double 9.999999999999999E22 (Java 17 printed 1.0E23)
    4.4e-322,
];

pub(crate) const FLOATS: &[f32] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.1,
    1.0 / 3.0,
    16777216.0,
    16777217.0,
    3.4028235e38,
    1.4e-45,
    1.1754944e-38,
    1e-40,
    2147483647.0,
    9.223372e18,
    1e10,
    1e7,
    9999999.0,
    1.0e-3,
    8388608.5,
    0.5,
    2.5,
    -2.5,
    65535.5,
    1.0e-4,
    123456.79,
    3.0e-5,
    100.0,
    0.3,
    -7.5,
    4.2949673e9,
];

pub(crate) const CHARS: &[u16] = &[
    b'a' as u16,
    b'z' as u16,
    b'A' as u16,
    b'Z' as u16,
    b'0' as u16,
    b'9' as u16,
    b' ' as u16,
    b'_' as u16,
    b'x' as u16,
    b'\'' as u16,
    b'\\' as u16,
    b'"' as u16,
    b'\n' as u16,
    b'\t' as u16,
    0x00e9,
    0x00df,
    0x0130,
    0x03a3,
    0x4e2d,
    0xffff,
    0x0000,
    0xd800,
    0xdc00,
    0x007f,
    0x0080,
    0x00ff,
    0x0100,
    0x2603,
    b'-' as u16,
    b'.' as u16,
];

pub(crate) const STRINGS: &[&str] = &[
    "",
    "a",
    "abc",
    "Hello, World",
    "  padded  ",
    "x,y,,z",
    "a,b,c,,",
    "null",
    "3.5",
    "-42",
    "MiXeD cAsE",
    "tab\there",
    "quote\"q",
    "back\\slash",
    "\u{e9}t\u{e9}",
    "stra\u{df}e",
    "\u{130}stanbul",
    "\u{3a3}\u{3c3}\u{3c2}",
    "\u{4e2d}\u{6587}",
    "emoji \u{1f600}!",
    "aaaa",
    "abcabcabc",
    "0123456789",
    "ZZ top",
    "line\nbreak",
];

pub(crate) fn java_char_escape(c: u16, in_string: bool) -> String {
    match c {
        0x0a => "\\n".into(),
        0x0d => "\\r".into(),
        0x09 => "\\t".into(),
        0x08 => "\\b".into(),
        0x0c => "\\f".into(),
        0x5c => "\\\\".into(),
        0x27 if !in_string => "\\'".into(),
        0x22 if in_string => "\\\"".into(),
        0x20..=0x7e => (c as u8 as char).to_string(),
        _ => format!("\\u{c:04x}"),
    }
}

impl Gen {
    pub(crate) fn int_literal(&mut self, v: i64) -> E {
        self.int_literal_raw(v).k()
    }

    pub(crate) fn int_literal_raw(&mut self, v: i64) -> E {
        let v32 = v as i32;
        let mut e = if v32 < 0 {
            if self.chance(0.25) {
                E::new(format!("0x{:x}", v32 as u32), PPRI, T::P(Int))
            } else {
                E::new(format!("-{}", (v32 as i64).unsigned_abs()), PUN, T::P(Int))
            }
        } else {
            let s = match self.below(12) {
                0 => format!("0x{v32:x}"),
                1 => format!("0X{v32:X}"),
                2 if v32 > 0 => format!("0{v32:o}"),
                3 if v32 < 4096 => format!("0b{v32:b}"),
                _ => v32.to_string(),
            };
            E::new(s, PPRI, T::P(Int))
        };
        e.lit = Some(v32 as i64);
        e
    }

    pub(crate) fn int_value(&mut self) -> i64 {
        match self.below(10) {
            0..=5 => self.pick(INTS),
            6..=7 => self.rng.random_range(-200..200),
            _ => self.rng.random::<i32>() as i64,
        }
    }

    pub(crate) fn long_literal(&mut self) -> E {
        self.long_literal_raw().k()
    }

    pub(crate) fn long_literal_raw(&mut self) -> E {
        let v = match self.below(10) {
            0..=4 => self.pick(LONGS),
            5..=6 => self.rng.random_range(-300..300),
            7 => self.pick(INTS),
            _ => self.rng.random::<i64>(),
        };
        let suffix = if self.chance(0.1) { "l" } else { "L" };
        if v < 0 {
            if self.chance(0.25) {
                E::new(format!("0x{:x}{suffix}", v as u64), PPRI, T::P(Long))
            } else {
                E::new(format!("-{}{suffix}", v.unsigned_abs()), PUN, T::P(Long))
            }
        } else {
            let s = match self.below(10) {
                0 => format!("0x{v:x}{suffix}"),
                1 if v > 0 && v < 1 << 40 => format!("0{v:o}{suffix}"),
                2 if v < 1 << 20 => format!("0b{v:b}{suffix}"),
                _ => format!("{v}{suffix}"),
            };
            E::new(s, PPRI, T::P(Long))
        }
    }

    pub(crate) fn double_literal(&mut self) -> E {
        self.double_literal_raw().k()
    }

    pub(crate) fn double_literal_raw(&mut self) -> E {
        let ty = T::P(Double);
        match self.below(14) {
            0 => {
                let n = self.pick(&[
                    "Double.MAX_VALUE",
                    "Double.MIN_VALUE",
                    "Double.NaN",
                    "Double.POSITIVE_INFINITY",
                    "Double.NEGATIVE_INFINITY",
                    "Double.MIN_NORMAL",
                    "Math.PI",
                    "Math.E",
                ]);
                E::new(n, PPRI, ty)
            }
            1..=5 => {
                let v = self.pick(DOUBLES);
                self.double_text(v)
            }
            6..=7 => {
                let v = self.rng.random_range(-100i32..100) as f64 / 4.0;
                self.double_text(v)
            }
            8..=9 => {
                // a random decimal literal, parsed by both compilers
                let digits = self.rng.random_range(1..=19);
                let mut m = String::new();
                for i in 0..digits {
                    let d = if i == 0 {
                        self.rng.random_range(1..=9)
                    } else {
                        self.rng.random_range(0..=9)
                    };
                    m.push(char::from(b'0' + d));
                }
                let dot = self.rng.random_range(1..=digits);
                let (a, b) = m.split_at(dot);
                let exp = self.rng.random_range(-300..=290);
                let suffix = self.pick(&["", "d", "D"]);
                let neg = self.chance(0.3);
                let s = format!("{}{a}.{b}e{exp}{suffix}", if neg { "-" } else { "" });
                E::new(s, if neg { PUN } else { PPRI }, ty)
            }
            10 => {
                let v = loop {
                    let v = f64::from_bits(self.rng.random::<u64>());
                    if v.is_finite() {
                        break v;
                    }
                };
                self.double_text(v)
            }
            11 => {
                let v: f64 = self.rng.random_range(-1e6..1e6);
                let v = (v * 1000.0).round() / 1000.0;
                self.double_text(v)
            }
            12 => {
                let v = self.int_value() as f64;
                self.double_text(v)
            }
            _ => {
                let e = self.rng.random_range(-1074..1024);
                let v = 2f64.powi(e);
                let v = if self.chance(0.5) { v } else { -v };
                self.double_text(v)
            }
        }
    }

    pub(crate) fn double_text(&mut self, v: f64) -> E {
        self.double_text_raw(v).k()
    }

    pub(crate) fn double_text_raw(&mut self, v: f64) -> E {
        let mut s = format!("{v:?}");
        if s.contains("inf") || s.contains("NaN") {
            return E::new("Double.NaN", PPRI, T::P(Double));
        }
        s.push_str(self.pick(&["", "d", "D"]));
        let prec = if s.starts_with('-') { PUN } else { PPRI };
        E::new(s, prec, T::P(Double))
    }

    pub(crate) fn float_literal(&mut self) -> E {
        self.float_literal_raw().k()
    }

    pub(crate) fn float_literal_raw(&mut self) -> E {
        let ty = T::P(Float);
        let v: f32 = match self.below(12) {
            0 => {
                let n = self.pick(&[
                    "Float.MAX_VALUE",
                    "Float.MIN_VALUE",
                    "Float.NaN",
                    "Float.POSITIVE_INFINITY",
                    "Float.NEGATIVE_INFINITY",
                    "Float.MIN_NORMAL",
                ]);
                return E::new(n, PPRI, ty);
            }
            1..=5 => self.pick(FLOATS),
            6..=7 => self.rng.random_range(-100i32..100) as f32 / 8.0,
            8 => {
                // a random decimal literal
                let digits = self.rng.random_range(1..=12);
                let mut m = String::new();
                for i in 0..digits {
                    let d = if i == 0 {
                        self.rng.random_range(1..=9)
                    } else {
                        self.rng.random_range(0..=9)
                    };
                    m.push(char::from(b'0' + d));
                }
                let exp = self.rng.random_range(-40..=37);
                let neg = self.chance(0.3);
                let s = format!(
                    "{}{}.{}e{exp}{}",
                    if neg { "-" } else { "" },
                    &m[..1],
                    &m[1..],
                    self.pick(&["f", "F"])
                );
                return E::new(s, if neg { PUN } else { PPRI }, ty);
            }
            9 => loop {
                let v = f32::from_bits(self.rng.random::<u32>());
                if v.is_finite() {
                    break v;
                }
            },
            10 => self.int_value() as f32,
            _ => self.rng.random_range(-1e4f32..1e4),
        };
        let mut s = format!("{v:?}");
        s.push_str(self.pick(&["f", "F"]));
        let prec = if s.starts_with('-') { PUN } else { PPRI };
        E::new(s, prec, ty)
    }

    pub(crate) fn char_value(&mut self) -> u16 {
        match self.below(10) {
            0..=5 => self.pick(CHARS),
            6..=8 => self.rng.random_range(0x20..0x7f),
            _ => self.rng.random::<u16>(),
        }
    }

    pub(crate) fn char_literal(&mut self) -> E {
        self.char_literal_raw().k()
    }

    pub(crate) fn char_literal_raw(&mut self) -> E {
        let c = self.char_value();
        let s = if c < 0x80 || self.chance(0.5) {
            java_char_escape(c, false)
        } else {
            match char::from_u32(c as u32) {
                Some(ch) => ch.to_string(),
                None => format!("\\u{c:04x}"),
            }
        };
        E::new(format!("'{s}'"), PPRI, T::P(Char))
    }

    pub(crate) fn string_literal(&mut self) -> E {
        self.string_literal_raw().k()
    }

    pub(crate) fn string_literal_raw(&mut self) -> E {
        let s = if self.chance(0.6) {
            self.pick(STRINGS).to_string()
        } else {
            let n = self.below(6);
            (0..n)
                .map(|_| {
                    let c = self.char_value();
                    // lone surrogates cannot live in a Rust string: keep
                    // them as UTF-16 escapes via the marker below
                    char::from_u32(c as u32).unwrap_or('\u{fffe}')
                })
                .collect()
        };
        // pieces: (text, is a \u escape)
        let mut pieces: Vec<(String, bool)> = Vec::new();
        for ch in s.chars() {
            let mut buf = [0u16; 2];
            let units = ch.encode_utf16(&mut buf);
            if ch == '\u{fffe}' {
                pieces.push(("\\ud800".into(), true));
            } else if (ch as u32) < 0x80 {
                pieces.push((java_char_escape(ch as u16, true), false));
            } else if self.chance(0.5) {
                pieces.push((ch.to_string(), false));
            } else {
                for u in units.iter() {
                    pieces.push((format!("\\u{u:04X}"), true));
                }
            }
        }
        let mut t = String::from("\"");
        for (i, (p, _)) in pieces.iter().enumerate() {
            // `\\` before a unicode escape confuses javac: use octal
            if p == "\\\\" && pieces.get(i + 1).is_some_and(|n| n.1) {
                t.push_str("\\134");
            } else {
                t.push_str(p);
            }
        }
        t.push('"');
        E::new(t, PPRI, T::Str)
    }

    pub(crate) fn literal(&mut self, p: P) -> E {
        self.literal_raw(p).k()
    }

    pub(crate) fn literal_raw(&mut self, p: P) -> E {
        match p {
            Bool => E::new(
                if self.chance(0.5) { "true" } else { "false" },
                PPRI,
                T::P(Bool),
            ),
            Int => {
                let v = self.int_value();
                self.int_literal(v)
            }
            Long => self.long_literal(),
            Float => self.float_literal(),
            Double => self.double_literal(),
            Char => self.char_literal(),
            Byte | Short => {
                let v = if self.chance(0.7) {
                    let (lo, hi) = if p == Byte {
                        (-128, 128)
                    } else {
                        (-32768, 32768)
                    };
                    if self.chance(0.5) {
                        self.rng.random_range(lo..hi)
                    } else {
                        self.pick(&[0, 1, -1, lo, hi - 1, 100])
                    }
                } else {
                    self.int_value()
                };
                let l = self.int_literal(v);
                E::new(format!("({}) {}", p.java(), l.at(PUN)), PUN, T::P(p))
            }
        }
    }
}
