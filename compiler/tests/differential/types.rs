//! The generated programs' types (primitive and reference) and their
//! expressions: Java text with its precedence, type and a few facts.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum P {
    Bool,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
}
pub(crate) use P::*;

pub(crate) const NUMERIC: [P; 7] = [Byte, Short, Char, Int, Long, Float, Double];
pub(crate) const PRIMS: [P; 8] = [Bool, Byte, Short, Char, Int, Long, Float, Double];

impl P {
    pub(crate) fn java(self) -> &'static str {
        match self {
            Bool => "boolean",
            Byte => "byte",
            Short => "short",
            Char => "char",
            Int => "int",
            Long => "long",
            Float => "float",
            Double => "double",
        }
    }
    pub(crate) fn integral(self) -> bool {
        matches!(self, Byte | Short | Char | Int | Long)
    }
    pub(crate) fn numeric(self) -> bool {
        self != Bool
    }
}

/// Identity or widening primitive conversion.
pub(crate) fn widens(from: P, to: P) -> bool {
    from == to
        || matches!(
            (from, to),
            (Byte, Short | Int | Long | Float | Double)
                | (Short, Int | Long | Float | Double)
                | (Char, Int | Long | Float | Double)
                | (Int, Long | Float | Double)
                | (Long, Float | Double)
                | (Float, Double)
        )
}

/// Binary numeric promotion.
pub(crate) fn bnp(a: P, b: P) -> P {
    if a == Double || b == Double {
        Double
    } else if a == Float || b == Float {
        Float
    } else if a == Long || b == Long {
        Long
    } else {
        Int
    }
}

pub(crate) fn fits(v: i64, p: P) -> bool {
    match p {
        Byte => (-128..=127).contains(&v),
        Short => (-32768..=32767).contains(&v),
        Char => (0..=65535).contains(&v),
        Int => (i32::MIN as i64..=i32::MAX as i64).contains(&v),
        Long => true,
        _ => false,
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum T {
    P(P),
    /// A String that is never null.
    Str,
    /// A String that may be null: only concatenated, printed, compared with
    /// null or stored.
    NStr,
    Arr(Box<T>),
    Obj(usize),
    Sb,
    Rnd,
}

impl T {
    pub(crate) fn prim(&self) -> Option<P> {
        match self {
            T::P(p) => Some(*p),
            _ => None,
        }
    }
}

// ===========================================================================
// Expressions: text with its precedence, type and a few facts
// ===========================================================================

// Java precedence levels, loosest to tightest.
pub(crate) const PA: u8 = 1; // assignment
pub(crate) const PT: u8 = 2; // ?:
pub(crate) const POR: u8 = 3;
pub(crate) const PAND: u8 = 4;
pub(crate) const PBOR: u8 = 5;
pub(crate) const PBXOR: u8 = 6;
pub(crate) const PBAND: u8 = 7;
pub(crate) const PEQ: u8 = 8;
pub(crate) const PREL: u8 = 9;
pub(crate) const PSH: u8 = 10;
pub(crate) const PADD: u8 = 11;
pub(crate) const PMUL: u8 = 12;
pub(crate) const PUN: u8 = 13; // prefix operators and casts
pub(crate) const PPRI: u8 = 14; // primary, postfix

#[derive(Clone, Debug)]
pub(crate) struct E {
    pub(crate) s: String,
    pub(crate) prec: u8,
    pub(crate) ty: T,
    /// Evaluating it has no side effects (so it may be evaluated twice).
    pub(crate) pure: bool,
    /// The value of an `int` literal (a constant expression for `?:` typing
    /// and assignment narrowing).
    pub(crate) lit: Option<i64>,
    /// Reads a String or StringBuilder variable (its length is not bounded
    /// by the expression's size).
    pub(crate) strv: bool,
    /// A constant expression in Java's sense (JLS 15.29): javac folds it.
    pub(crate) konst: bool,
}

impl E {
    pub(crate) fn new(s: impl Into<String>, prec: u8, ty: T) -> E {
        E {
            s: s.into(),
            prec,
            ty,
            pure: true,
            lit: None,
            strv: false,
            konst: false,
        }
    }
    pub(crate) fn k(mut self) -> E {
        self.konst = true;
        self
    }
    pub(crate) fn impure(mut self) -> E {
        self.pure = false;
        self
    }
    pub(crate) fn with(mut self, parts: &[&E]) -> E {
        for p in parts {
            self.pure &= p.pure;
            self.strv |= p.strv;
        }
        self
    }
    /// The text, parenthesised unless it binds at least as tightly as `min`.
    pub(crate) fn at(&self, min: u8) -> String {
        if self.prec < min {
            format!("({})", self.s)
        } else {
            self.s.clone()
        }
    }
}
