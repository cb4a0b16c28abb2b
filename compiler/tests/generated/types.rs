//! The generator's source of decisions (`Choices`), the types of the
//! generated programs (`P`, `Ty`) and expressions as text with their
//! precedence and type.

// ------------------------------------------------------------------ choices

/// One parameter of a generated exit: its name, flag changes and tag
/// changes.
pub(crate) type ExitPart = (String, Vec<(String, bool)>, Vec<(String, bool)>);

/// The generator's source of decisions (see the module comment).
pub(crate) struct Choices<'a> {
    pub(crate) data: &'a [u32],
    pub(crate) pos: usize,
}

impl Choices<'_> {
    /// A number in `0..n` (0 when `n <= 1` or when the data is used up).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let v = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        v as usize % n
    }

    /// True with about `percent`% probability; false for 0.
    pub(crate) fn chance(&mut self, percent: usize) -> bool {
        percent > 0 && self.below(100) >= 100 - percent
    }
}

// -------------------------------------------------------------------- types

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum P {
    Boolean,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
}

pub(crate) const NUMERIC: [P; 7] = [
    P::Int,
    P::Long,
    P::Double,
    P::Char,
    P::Byte,
    P::Short,
    P::Float,
];

impl P {
    pub(crate) fn name(self) -> &'static str {
        match self {
            P::Boolean => "boolean",
            P::Byte => "byte",
            P::Short => "short",
            P::Char => "char",
            P::Int => "int",
            P::Long => "long",
            P::Float => "float",
            P::Double => "double",
        }
    }
    pub(crate) fn integral(self) -> bool {
        matches!(self, P::Byte | P::Short | P::Char | P::Int | P::Long)
    }
    /// At least `int` after promotion: arithmetic results can have this type.
    pub(crate) fn arith(self) -> bool {
        matches!(self, P::Int | P::Long | P::Float | P::Double)
    }
}

/// Java's widening primitive conversion (and identity).
pub(crate) fn widens(from: P, to: P) -> bool {
    use P::*;
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

pub(crate) fn promote(p: P) -> P {
    match p {
        P::Byte | P::Short | P::Char => P::Int,
        _ => p,
    }
}

pub(crate) fn promote2(a: P, b: P) -> P {
    use P::*;
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

/// A static type. For primitives the generator tracks an upper bound (the
/// real type may be narrower, which never hurts); reference types are
/// exact, because casts, `instanceof` and `==` depend on them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Ty {
    P(P),
    Str,
    Object,
    Class(usize),
    Arr(Box<Ty>),
    Null,
    Tag,
}

impl Ty {
    pub(crate) fn is_ref(&self) -> bool {
        matches!(
            self,
            Ty::Str | Ty::Object | Ty::Class(_) | Ty::Arr(_) | Ty::Null
        )
    }
    pub(crate) fn arr(t: Ty) -> Ty {
        Ty::Arr(Box::new(t))
    }
}

// --------------------------------------------------------------- expressions

pub(crate) const P_ASSIGN: u8 = 0;
pub(crate) const P_COND: u8 = 1;
pub(crate) const P_OR: u8 = 2;
pub(crate) const P_AND: u8 = 3;
pub(crate) const P_BOR: u8 = 4;
pub(crate) const P_XOR: u8 = 5;
pub(crate) const P_BAND: u8 = 6;
pub(crate) const P_EQ: u8 = 7;
pub(crate) const P_REL: u8 = 8;
pub(crate) const P_SHIFT: u8 = 9;
pub(crate) const P_ADD: u8 = 10;
pub(crate) const P_MUL: u8 = 11;
pub(crate) const P_UNARY: u8 = 12;
pub(crate) const P_PRIMARY: u8 = 13;

/// A generated expression: its text (tokens separated by spaces), the
/// precedence of its outermost operator, and its static type.
#[derive(Clone, Debug)]
pub(crate) struct E {
    pub(crate) s: String,
    pub(crate) prec: u8,
    pub(crate) ty: Ty,
}

impl E {
    pub(crate) fn atom(s: impl Into<String>, ty: Ty) -> E {
        E {
            s: s.into(),
            prec: P_PRIMARY,
            ty,
        }
    }
    /// The text, parenthesised unless its precedence is at least `min`.
    pub(crate) fn at(&self, min: u8) -> String {
        if self.prec >= min {
            self.s.clone()
        } else {
            format!("( {} )", self.s)
        }
    }
}

/// A left-associative binary operator at precedence `prec`.
pub(crate) fn bin(l: &E, op: &str, r: &E, prec: u8, ty: Ty) -> E {
    E {
        s: format!("{} {} {}", l.at(prec), op, r.at(prec + 1)),
        prec,
        ty,
    }
}

// --------------------------------------------------------------- the model
