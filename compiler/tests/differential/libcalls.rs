//! Primitive-typed calls into the library: `Math`, the boxes' parsing and
//! conversions, `String`, `StringBuilder` and `java.util.Random`, with
//! inputs on which Java throws nothing.

use super::*;

pub(crate) const PARSE_INTS: &[&str] = &[
    "0",
    "+42",
    "-0",
    "007",
    "2147483647",
    "-2147483648",
    "123456",
    "-99",
];
pub(crate) const PARSE_INTS_RADIX: &[(&str, u32)] = &[
    ("ff", 16),
    ("-zz", 36),
    ("1010", 2),
    ("777", 8),
    ("7fffffff", 16),
    ("-80000000", 16),
    ("Zz", 36),
    ("+1A", 16),
];
pub(crate) const PARSE_LONGS: &[&str] = &[
    "9223372036854775807",
    "-9223372036854775808",
    "+1",
    "-123456789012",
    "0",
];
pub(crate) const PARSE_DOUBLES: &[&str] = &[
    "3.14",
    "-0",
    "1e-5",
    ".5",
    "5.",
    "1E400",
    "4.9e-325",
    "  12.5  ",
    "+7",
    "0x1.8p1",
    "1d",
    "2f",
    "Infinity",
    "-Infinity",
    "NaN",
    "2.4703282292062327e-324",
    "2.4703282292062328e-324",
    "1.7976931348623158e308",
    "0.1",
    "100",
    "1e23",
    "8.41e21",
    "5e-324",
    "9007199254740993",
    "-1.0E-7",
    "123456789012345678901234567890",
];
pub(crate) const PARSE_FLOATS: &[&str] = &[
    "1.00000017881393432617187499",
    "3.4028236e38",
    "1.4e-45",
    "7.0e-46",
    "0.1",
    "16777217",
    "1e-50",
    "-0.0",
    "3.4028235677973366e38",
    "NaN",
    "  2.5f ",
    "1.17549435E-38",
    "33554431",
];

impl Gen {
    pub(crate) fn lib_p(&mut self, p: P, d: u32) -> Option<E> {
        let dd = d - 1;
        let main = self.main.clone();
        let call = |f: &str, args: &[&E], ty: P| -> E {
            let s = format!(
                "{f}({})",
                args.iter()
                    .map(|a| a.s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            E::new(s, PPRI, T::P(ty)).with(args)
        };
        let _ = main;
        Some(match p {
            Int => match self.below(26) {
                0 => {
                    let a = self.ex_p(Int, dd);
                    call("Math.abs", &[&a], Int)
                }
                1 => {
                    let a = self.ex_p(Int, dd);
                    let b = self.ex_p(Int, dd);
                    let f = self.pick(&[
                        "Math.max",
                        "Math.min",
                        "Integer.compare",
                        "Integer.rotateLeft",
                        "Integer.rotateRight",
                    ]);
                    call(f, &[&a, &b], Int)
                }
                2 => {
                    let a = self.ex_p(Float, dd);
                    call("Math.round", &[&a], Int)
                }
                3 => {
                    let a = self.ex_p(Int, dd);
                    let b = self.ex_p(Int, dd);
                    let b = self.divisor(b);
                    let f = self.pick(&["Math.floorDiv", "Math.floorMod"]);
                    call(f, &[&a, &b], Int)
                }
                4 => {
                    let a = self.ex_p(Int, dd);
                    let f = self.pick(&[
                        "Integer.bitCount",
                        "Integer.numberOfLeadingZeros",
                        "Integer.numberOfTrailingZeros",
                        "Integer.highestOneBit",
                        "Integer.lowestOneBit",
                        "Integer.reverse",
                        "Integer.reverseBytes",
                        "Integer.signum",
                        "Integer.hashCode",
                    ]);
                    call(f, &[&a], Int)
                }
                5 => {
                    let a = self.ex_p(Long, dd);
                    let f = self.pick(&[
                        "Long.bitCount",
                        "Long.numberOfTrailingZeros",
                        "Long.numberOfLeadingZeros",
                        "Long.signum",
                        "Long.hashCode",
                    ]);
                    call(f, &[&a], Int)
                }
                6 => {
                    let q = self.pick(&[Long, Double, Float]);
                    let a = self.ex_p(q, dd);
                    let b = self.ex_p(q, dd);
                    let f = match q {
                        Long => "Long.compare",
                        Double => "Double.compare",
                        _ => "Float.compare",
                    };
                    call(f, &[&a, &b], Int)
                }
                7 => {
                    let a = self.ex_p(Float, dd);
                    call("Float.floatToIntBits", &[&a], Int)
                }
                8 => {
                    let a = self.ex_p(Double, dd);
                    call("Double.hashCode", &[&a], Int)
                }
                9 => {
                    let s = self.pick(PARSE_INTS);
                    E::new(format!("Integer.parseInt(\"{s}\")"), PPRI, T::P(Int))
                }
                10 => {
                    let (s, r) = self.pick(PARSE_INTS_RADIX);
                    E::new(format!("Integer.parseInt(\"{s}\", {r})"), PPRI, T::P(Int))
                }
                11 => {
                    let a = self.ex_p(Int, dd);
                    let f = self.pick(&["Integer.toString", "String.valueOf"]);
                    E::new(format!("Integer.parseInt({f}({}))", a.s), PPRI, T::P(Int)).with(&[&a])
                }
                12 => E::new(
                    self.pick(&[
                        "Integer.MAX_VALUE",
                        "Integer.MIN_VALUE",
                        "(Character.MAX_VALUE + 0)",
                        "Character.MIN_RADIX",
                    ])
                    .to_string(),
                    PPRI,
                    T::P(Int),
                )
                .k(),
                13..=16 => {
                    let s = self.pure_str();
                    let m = self.below(7);
                    let r = match m {
                        0 => E::new(format!("{}.length()", s.at(PPRI)), PPRI, T::P(Int)),
                        1 => {
                            let c = self.ex_p(Char, dd);
                            E::new(format!("{}.indexOf({})", s.at(PPRI), c.s), PPRI, T::P(Int))
                                .with(&[&c])
                        }
                        2 => {
                            let t = self.pure_str();
                            E::new(format!("{}.indexOf({})", s.at(PPRI), t.s), PPRI, T::P(Int))
                                .with(&[&t])
                        }
                        3 => {
                            let c = self.ex_p(Char, dd);
                            E::new(
                                format!("{}.lastIndexOf({})", s.at(PPRI), c.s),
                                PPRI,
                                T::P(Int),
                            )
                            .with(&[&c])
                        }
                        4 => {
                            let t = self.pure_str();
                            let f = self.pick(&["compareTo", "compareToIgnoreCase", "lastIndexOf"]);
                            E::new(format!("{}.{f}({})", s.at(PPRI), t.s), PPRI, T::P(Int))
                                .with(&[&t])
                        }
                        5 => E::new(format!("{}.hashCode()", s.at(PPRI)), PPRI, T::P(Int)),
                        _ => {
                            let c = self.ex_p(Char, dd);
                            let i = self.ex_p(Int, dd);
                            E::new(
                                format!("{}.indexOf({}, {})", s.at(PPRI), c.s, i.s),
                                PPRI,
                                T::P(Int),
                            )
                            .with(&[&c, &i])
                        }
                    };
                    r.with(&[&s])
                }
                17 => {
                    let arrs = self.arrays(&|_| true);
                    if arrs.is_empty() {
                        return None;
                    }
                    let a = self.pick(&arrs);
                    E::new(format!("{}.length", a.name), PPRI, T::P(Int))
                }
                18 => {
                    let sb = if self.const_only {
                        None
                    } else {
                        self.var_of(&T::Sb)
                    };
                    let sb = sb?;
                    let mut e = E::new(format!("{sb}.length()"), PPRI, T::P(Int));
                    e.strv = true;
                    e
                }
                19..=20 => {
                    let r = self.rnd()?;
                    if self.chance(0.4) {
                        E::new(format!("{r}.nextInt()"), PPRI, T::P(Int)).impure()
                    } else {
                        let b = match self.below(3) {
                            0 => {
                                let v = self.pick(&[
                                    1,
                                    2,
                                    3,
                                    7,
                                    8,
                                    10,
                                    100,
                                    1000,
                                    1 << 30,
                                    2147483647,
                                    1 << 16,
                                    1_000_000_007,
                                ]);
                                self.int_literal(v)
                            }
                            _ => {
                                let e = self.ex_p(Int, dd.min(1));
                                E::new(format!("({} & 0xffff) + 1", e.at(PBAND)), PADD, T::P(Int))
                                    .with(&[&e])
                            }
                        };
                        E::new(format!("{r}.nextInt({})", b.s), PPRI, T::P(Int))
                            .with(&[&b])
                            .impure()
                    }
                }
                21 => {
                    let c = self.ex_p(Char, dd);
                    let f = self.pick(&[
                        "Character.digit({}, 16)",
                        "Character.digit({}, 36)",
                        "Character.getType({})",
                        "Character.compare({}, 'm')",
                        "Character.hashCode({})",
                    ]);
                    E::new(f.replace("{}", &c.s), PPRI, T::P(Int)).with(&[&c])
                }
                22 => {
                    let a = self.ex_p(Int, dd);
                    E::new(
                        format!("Integer.valueOf({}).intValue()", a.s),
                        PPRI,
                        T::P(Int),
                    )
                    .with(&[&a])
                }
                23 => {
                    let a = self.ex_p(Int, dd);
                    let radix = self.pick(&[2, 8, 16, 36]);
                    E::new(
                        format!(
                            "Integer.parseInt(Integer.toString({}, {radix}), {radix})",
                            a.s
                        ),
                        PPRI,
                        T::P(Int),
                    )
                    .with(&[&a])
                }
                24 => {
                    let b = self.ex_p(Bool, dd);
                    E::new(format!("Boolean.compare({}, true)", b.s), PPRI, T::P(Int)).with(&[&b])
                }
                _ => {
                    let a = self.ex_p(Int, dd);
                    let b = self.ex_p(Int, dd);
                    call("Integer.sum", &[&a, &b], Int)
                }
            },
            Long => match self.below(12) {
                0 => {
                    let a = self.ex_p(Long, dd);
                    call("Math.abs", &[&a], Long)
                }
                1 => {
                    let a = self.ex_p(Long, dd);
                    let b = self.ex_p(Long, dd);
                    let f = self.pick(&["Math.max", "Math.min", "Long.sum"]);
                    call(f, &[&a, &b], Long)
                }
                2 => {
                    let a = self.ex_p(Double, dd);
                    call("Math.round", &[&a], Long)
                }
                3 => {
                    let a = self.ex_p(Long, dd);
                    let b = self.ex_p(Long, dd);
                    let b = self.divisor(b);
                    let f = self.pick(&["Math.floorDiv", "Math.floorMod"]);
                    call(f, &[&a, &b], Long)
                }
                4 => {
                    let a = self.ex_p(Long, dd);
                    let f = self.pick(&[
                        "Long.reverse",
                        "Long.reverseBytes",
                        "Long.highestOneBit",
                        "Long.lowestOneBit",
                    ]);
                    call(f, &[&a], Long)
                }
                5 => {
                    let a = self.ex_p(Long, dd);
                    let b = self.ex_p(Int, dd);
                    let f = self.pick(&["Long.rotateLeft", "Long.rotateRight"]);
                    call(f, &[&a, &b], Long)
                }
                6 => {
                    let a = self.ex_p(Double, dd);
                    call("Double.doubleToLongBits", &[&a], Long)
                }
                7 => {
                    let a = self.ex_p(Long, dd);
                    let radix = self.pick(&[2, 10, 16, 36]);
                    E::new(
                        format!("Long.parseLong(Long.toString({}, {radix}), {radix})", a.s),
                        PPRI,
                        T::P(Long),
                    )
                    .with(&[&a])
                }
                8 => {
                    let s = self.pick(PARSE_LONGS);
                    E::new(format!("Long.parseLong(\"{s}\")"), PPRI, T::P(Long))
                }
                9 => {
                    let r = self.rnd()?;
                    E::new(format!("{r}.nextLong()"), PPRI, T::P(Long)).impure()
                }
                10 => E::new(
                    self.pick(&["Long.MAX_VALUE", "Long.MIN_VALUE"]),
                    PPRI,
                    T::P(Long),
                )
                .k(),
                _ => {
                    let a = self.ex_p(Long, dd);
                    E::new(
                        format!("Long.parseLong(String.valueOf({}))", a.s),
                        PPRI,
                        T::P(Long),
                    )
                    .with(&[&a])
                }
            },
            Float => match self.below(8) {
                0 => {
                    let a = self.ex_p(Float, dd);
                    let f = self.pick(&["Math.abs", "Math.signum"]);
                    call(f, &[&a], Float)
                }
                1 => {
                    let a = self.ex_p(Float, dd);
                    let b = self.ex_p(Float, dd);
                    let f = self.pick(&["Math.max", "Math.min", "Float.sum"]);
                    call(f, &[&a, &b], Float)
                }
                2 => {
                    let a = self.ex_p(Int, dd);
                    call("Float.intBitsToFloat", &[&a], Float)
                }
                3 => {
                    let s = self.pick(PARSE_FLOATS);
                    E::new(format!("Float.parseFloat(\"{s}\")"), PPRI, T::P(Float))
                }
                4 => {
                    let r = self.rnd()?;
                    E::new(format!("{r}.nextFloat()"), PPRI, T::P(Float)).impure()
                }
                5 => {
                    let a = self.ex_p(Float, dd);
                    E::new(
                        format!("Float.parseFloat(Float.toString({}))", a.s),
                        PPRI,
                        T::P(Float),
                    )
                    .with(&[&a])
                }
                _ => {
                    let a = self.ex_p(Float, dd);
                    let l = E::new("\"\"", PPRI, T::Str).k();
                    let c = self.plus(&l, &a);
                    E::new(format!("Float.parseFloat({})", c.s), PPRI, T::P(Float)).with(&[&a])
                }
            },
            Double => match self.below(14) {
                0..=1 => {
                    // exactly specified: the same result everywhere
                    let a = self.ex_p(Double, dd);
                    let f = self.pick(&[
                        "Math.sqrt",
                        "Math.floor",
                        "Math.ceil",
                        "Math.rint",
                        "Math.abs",
                        "Math.signum",
                        "Math.toRadians",
                        "Math.toDegrees",
                        "Math.nextUp",
                        "Math.nextDown",
                    ]);
                    call(f, &[&a], Double)
                }
                2..=3 => {
                    // Java allows these an error of an ulp or more, so two
                    // correct implementations may differ in the last bit:
                    // the result is rounded to float (see `inexact`)
                    let a = self.ex_p(Double, dd);
                    let f = self.pick(&[
                        "Math.cbrt",
                        "Math.sin",
                        "Math.cos",
                        "Math.tan",
                        "Math.asin",
                        "Math.acos",
                        "Math.atan",
                        "Math.exp",
                        "Math.log",
                        "Math.log10",
                        "Math.sinh",
                        "Math.cosh",
                        "Math.tanh",
                        "Math.expm1",
                        "Math.log1p",
                    ]);
                    inexact(call(f, &[&a], Double))
                }
                4 => {
                    let a = self.ex_p(Double, dd);
                    let b = self.ex_p(Double, dd);
                    let f = self.pick(&["Math.max", "Math.min", "Double.sum"]);
                    call(f, &[&a, &b], Double)
                }
                5 => {
                    let a = self.ex_p(Double, dd);
                    let b = self.ex_p(Double, dd);
                    let f = self.pick(&["Math.pow", "Math.atan2", "Math.hypot"]);
                    inexact(call(f, &[&a, &b], Double))
                }
                6 => {
                    let a = self.ex_p(Long, dd);
                    call("Double.longBitsToDouble", &[&a], Double)
                }
                7..=8 => {
                    let s = self.pick(PARSE_DOUBLES);
                    E::new(format!("Double.parseDouble(\"{s}\")"), PPRI, T::P(Double))
                }
                9..=10 => {
                    let r = self.rnd()?;
                    let f = self.pick(&["nextDouble", "nextGaussian"]);
                    E::new(format!("{r}.{f}()"), PPRI, T::P(Double)).impure()
                }
                11 => {
                    let a = self.ex_p(Double, dd);
                    E::new(
                        format!("Double.parseDouble(String.valueOf({}))", a.s),
                        PPRI,
                        T::P(Double),
                    )
                    .with(&[&a])
                }
                12 => {
                    // Math.pow with small integral exponents (exact in both)
                    let a = self.ex_p(Double, dd);
                    let b = self.pick(&[
                        "0",
                        "1",
                        "2",
                        "3",
                        "-1",
                        "0.5",
                        "Double.NaN",
                        "-0.0",
                        "Double.POSITIVE_INFINITY",
                    ]);
                    E::new(format!("Math.pow({}, {b})", a.s), PPRI, T::P(Double)).with(&[&a])
                }
                _ => {
                    let a = self.ex_p(Double, dd);
                    let b = self.ex_p(Double, dd);
                    E::new(
                        format!("{} % {}", a.at(PMUL), b.at(PMUL + 1)),
                        PMUL,
                        T::P(Double),
                    )
                    .with(&[&a, &b])
                }
            },
            Bool => match self.below(9) {
                0..=2 => {
                    let s = self.pure_str();
                    let t = self.pure_str();
                    let f = self.pick(&[
                        "equals",
                        "startsWith",
                        "endsWith",
                        "contains",
                        "equalsIgnoreCase",
                    ]);
                    E::new(format!("{}.{f}({})", s.at(PPRI), t.s), PPRI, T::P(Bool)).with(&[&s, &t])
                }
                3 => {
                    let s = self.pure_str();
                    let f = self.pick(&["isEmpty", "isBlank"]);
                    E::new(format!("{}.{f}()", s.at(PPRI)), PPRI, T::P(Bool)).with(&[&s])
                }
                4 => {
                    let q = self.pick(&[Float, Double]);
                    let a = self.ex_p(q, dd);
                    let c = if q == Float { "Float" } else { "Double" };
                    let f = self.pick(&["isNaN", "isInfinite", "isFinite"]);
                    E::new(format!("{c}.{f}({})", a.s), PPRI, T::P(Bool)).with(&[&a])
                }
                5..=6 => {
                    let c = self.ex_p(Char, dd);
                    let f = self.pick(&[
                        "isDigit",
                        "isLetter",
                        "isLetterOrDigit",
                        "isWhitespace",
                        "isUpperCase",
                        "isLowerCase",
                        "isSurrogate",
                        "isSpaceChar",
                        "isISOControl",
                    ]);
                    E::new(format!("Character.{f}({})", c.s), PPRI, T::P(Bool)).with(&[&c])
                }
                7 => {
                    let r = self.rnd()?;
                    E::new(format!("{r}.nextBoolean()"), PPRI, T::P(Bool)).impure()
                }
                _ => {
                    let s = self.pick(&["true", "TRUE", "false", "yes", "True"]);
                    E::new(format!("Boolean.parseBoolean(\"{s}\")"), PPRI, T::P(Bool))
                }
            },
            Char => match self.below(5) {
                0..=1 => {
                    let s = self.pure_str();
                    let i = self.index_len(&format!("{}.length()", s.at(PPRI)), dd);
                    E::new(
                        format!(
                            "({}.isEmpty() ? '?' : {}.charAt({}))",
                            s.at(PPRI),
                            s.at(PPRI),
                            i.s
                        ),
                        PPRI,
                        T::P(Char),
                    )
                    .with(&[&s, &i])
                }
                2 => {
                    let c = self.ex_p(Char, dd);
                    let f = self.pick(&["Character.toUpperCase", "Character.toLowerCase"]);
                    call(f, &[&c], Char)
                }
                3 => {
                    let a = self.ex_p(Int, dd);
                    let r = self.pick(&[2, 10, 16, 36]);
                    E::new(
                        format!("Character.forDigit({} & 15, {r})", a.at(PBAND)),
                        PPRI,
                        T::P(Char),
                    )
                    .with(&[&a])
                }
                _ => {
                    let sb = self.var_of(&T::Sb)?;
                    let i = self.ex_p(Int, dd.min(1));
                    let mut e = E::new(
                        format!("({sb}.length() == 0 ? '-' : {sb}.charAt(({} & 0x7fffffff) % {sb}.length()))", i.at(PBAND)),
                        PPRI,
                        T::P(Char),
                    )
                    .with(&[&i]);
                    e.strv = true;
                    e
                }
            },
            Byte | Short => return None,
        })
    }
}
