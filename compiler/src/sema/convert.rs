//! Java's type relations and constant folding (JLS chapters 5 and 15.28),
//! over the types of `hir`.

use crate::hir::{ConstValue, Program, Type};
use bambooc_syntax::ast::BinOp;

/// Widening primitive conversion (JLS 5.1.2), identity included.
pub fn widens_primitive(from: &Type, to: &Type) -> bool {
    use Type::*;
    if from == to {
        return from.is_primitive();
    }
    matches!(
        (from, to),
        (Byte, Short | Int | Long | Float | Double)
            | (Short, Int | Long | Float | Double)
            | (Char, Int | Long | Float | Double)
            | (Int, Long | Float | Double)
            | (Long, Float | Double)
            | (Float, Double)
    )
}

/// Widening reference conversion (JLS 5.1.4), identity included.
pub fn widens_reference(p: &Program, from: &Type, to: &Type) -> bool {
    match (from, to) {
        (Type::Null, Type::Class(_) | Type::Array(_)) => true,
        (Type::Class(a), Type::Class(b)) => p.is_subclass(*a, *b),
        (Type::Array(_), Type::Class(b)) => *b == p.well_known.object,
        (Type::Array(a), Type::Array(b)) => {
            if a.is_primitive() || b.is_primitive() {
                a == b
            } else {
                widens_reference(p, a, b)
            }
        }
        (Type::Tag, Type::Tag) => true,
        _ => false,
    }
}

/// Method invocation conversion (JLS 5.3): no constant narrowing.
pub fn invocation_convertible(p: &Program, from: &Type, to: &Type) -> bool {
    from.is_error() || to.is_error() || widens_primitive(from, to) || widens_reference(p, from, to)
}

/// Whether a constant fits `to` so that assignment may narrow it (JLS 5.2).
pub fn constant_narrows(value: &ConstValue, from: &Type, to: &Type) -> bool {
    if !matches!(from, Type::Byte | Type::Short | Type::Char | Type::Int) {
        return false;
    }
    let Some(v) = const_as_i64(value) else {
        return false;
    };
    match to {
        Type::Byte => (-128..=127).contains(&v),
        Type::Short => (-32768..=32767).contains(&v),
        Type::Char => (0..=65535).contains(&v),
        _ => false,
    }
}

pub fn const_as_i64(v: &ConstValue) -> Option<i64> {
    Some(match v {
        ConstValue::Byte(x) => *x as i64,
        ConstValue::Short(x) => *x as i64,
        ConstValue::Char(x) => *x as i64,
        ConstValue::Int(x) => *x as i64,
        ConstValue::Long(x) => *x,
        _ => return None,
    })
}

fn const_as_f64(v: &ConstValue) -> Option<f64> {
    Some(match v {
        ConstValue::Float(x) => *x as f64,
        ConstValue::Double(x) => *x,
        other => const_as_i64(other)? as f64,
    })
}

/// Casting conversion legality (JLS 5.5), for `(T) e` and `instanceof`.
pub fn castable(p: &Program, from: &Type, to: &Type) -> bool {
    if from.is_error() || to.is_error() {
        return true;
    }
    if from.is_numeric() && to.is_numeric() {
        return true;
    }
    if *from == Type::Boolean || *to == Type::Boolean {
        return from == to;
    }
    if widens_reference(p, from, to) || widens_reference(p, to, from) {
        return true;
    }
    match (from, to) {
        (Type::Array(a), Type::Array(b)) if !a.is_primitive() && !b.is_primitive() => {
            castable(p, a, b)
        }
        _ => false,
    }
}

/// The value of a constant converted to a primitive type, with Java's
/// conversion rules (used when folding casts and promotions).
pub fn convert_const(v: &ConstValue, to: &Type) -> Option<ConstValue> {
    if let ConstValue::Bool(b) = v {
        return (*to == Type::Boolean).then_some(ConstValue::Bool(*b));
    }
    if let ConstValue::String(_) | ConstValue::Null = v {
        return None;
    }
    let as_int = |v: &ConstValue| -> i64 {
        match v {
            ConstValue::Float(f) => java_f2l(*f as f64, i32::MIN as i64, i32::MAX as i64),
            ConstValue::Double(d) => java_f2l(*d, i32::MIN as i64, i32::MAX as i64),
            other => const_as_i64(other).unwrap_or(0) as i32 as i64,
        }
    };
    Some(match to {
        Type::Byte => ConstValue::Byte(as_int(v) as i8),
        Type::Short => ConstValue::Short(as_int(v) as i16),
        Type::Char => ConstValue::Char(as_int(v) as u16),
        Type::Int => ConstValue::Int(as_int(v) as i32),
        Type::Long => ConstValue::Long(match v {
            ConstValue::Float(f) => java_f2l(*f as f64, i64::MIN, i64::MAX),
            ConstValue::Double(d) => java_f2l(*d, i64::MIN, i64::MAX),
            other => const_as_i64(other)?,
        }),
        Type::Float => ConstValue::Float(match v {
            ConstValue::Double(d) => *d as f32,
            ConstValue::Float(f) => *f,
            other => const_as_i64(other)? as f32,
        }),
        Type::Double => ConstValue::Double(const_as_f64(v)?),
        _ => return None,
    })
}

/// Java's saturating float-to-integer conversion; NaN becomes 0.
fn java_f2l(x: f64, min: i64, max: i64) -> i64 {
    if x.is_nan() {
        0
    } else if x <= min as f64 {
        min
    } else if x >= max as f64 {
        max
    } else {
        x as i64
    }
}

/// Folds a binary operator over two constants already promoted to `ty`
/// (`None` when Java would not fold it, e.g. an integer division by zero).
pub fn fold_binary(op: BinOp, a: &ConstValue, b: &ConstValue, ty: &Type) -> Option<ConstValue> {
    use BinOp::*;
    use ConstValue as C;
    match (a, b) {
        (C::Bool(x), C::Bool(y)) => {
            let r = match op {
                And | BitAnd => *x && *y,
                Or | BitOr => *x || *y,
                BitXor | Ne => x != y,
                Eq => x == y,
                _ => return None,
            };
            Some(C::Bool(r))
        }
        (C::Int(x), C::Int(y)) => {
            let (x, y) = (*x, *y);
            Some(match op {
                Mul => C::Int(x.wrapping_mul(y)),
                Div if y != 0 => C::Int(x.wrapping_div(y)),
                Rem if y != 0 => C::Int(x.wrapping_rem(y)),
                Add => C::Int(x.wrapping_add(y)),
                Sub => C::Int(x.wrapping_sub(y)),
                Shl => C::Int(x.wrapping_shl(y as u32 & 31)),
                Shr => C::Int(x.wrapping_shr(y as u32 & 31)),
                UShr => C::Int(((x as u32) >> (y as u32 & 31)) as i32),
                Lt => C::Bool(x < y),
                Gt => C::Bool(x > y),
                Le => C::Bool(x <= y),
                Ge => C::Bool(x >= y),
                Eq => C::Bool(x == y),
                Ne => C::Bool(x != y),
                BitAnd => C::Int(x & y),
                BitOr => C::Int(x | y),
                BitXor => C::Int(x ^ y),
                _ => return None,
            })
        }
        (C::Long(x), C::Long(y)) => {
            let (x, y) = (*x, *y);
            Some(match op {
                Mul => C::Long(x.wrapping_mul(y)),
                Div if y != 0 => C::Long(x.wrapping_div(y)),
                Rem if y != 0 => C::Long(x.wrapping_rem(y)),
                Add => C::Long(x.wrapping_add(y)),
                Sub => C::Long(x.wrapping_sub(y)),
                Lt => C::Bool(x < y),
                Gt => C::Bool(x > y),
                Le => C::Bool(x <= y),
                Ge => C::Bool(x >= y),
                Eq => C::Bool(x == y),
                Ne => C::Bool(x != y),
                BitAnd => C::Long(x & y),
                BitOr => C::Long(x | y),
                BitXor => C::Long(x ^ y),
                _ => return None,
            })
        }
        // Shifts of a long by an int count.
        (C::Long(x), C::Int(y)) => Some(match op {
            Shl => C::Long(x.wrapping_shl(*y as u32 & 63)),
            Shr => C::Long(x.wrapping_shr(*y as u32 & 63)),
            UShr => C::Long(((*x as u64) >> (*y as u32 & 63)) as i64),
            _ => return None,
        }),
        (C::Float(x), C::Float(y)) => fold_float(op, *x as f64, *y as f64, ty),
        (C::Double(x), C::Double(y)) => fold_float(op, *x, *y, ty),
        (C::String(_), _) | (_, C::String(_)) => None,
        _ => None,
    }
}

fn fold_float(op: BinOp, x: f64, y: f64, ty: &Type) -> Option<ConstValue> {
    use BinOp::*;
    let single = *ty == Type::Float;
    let num = |v: f64| {
        if single {
            ConstValue::Float(v as f32)
        } else {
            ConstValue::Double(v)
        }
    };
    // Single-precision results are computed in double and rounded once,
    // which is exact for + - * / of two floats.
    Some(match op {
        Mul => num(x * y),
        Div => num(x / y),
        Rem => num(x % y),
        Add => num(x + y),
        Sub => num(x - y),
        Lt => ConstValue::Bool(x < y),
        Gt => ConstValue::Bool(x > y),
        Le => ConstValue::Bool(x <= y),
        Ge => ConstValue::Bool(x >= y),
        Eq => ConstValue::Bool(x == y),
        Ne => ConstValue::Bool(x != y),
        _ => return None,
    })
}

/// Text of a constant as Java prints it, for folding string concatenations
/// of constants (JLS 15.28).
pub fn const_text(v: &ConstValue) -> Option<Vec<u16>> {
    let s = match v {
        ConstValue::Bool(b) => b.to_string(),
        ConstValue::Char(c) => return Some(vec![*c]),
        ConstValue::String(s) => return Some(s.clone()),
        ConstValue::Null => "null".to_string(),
        ConstValue::Double(d) => java_float_text(
            *d,
            &format!("{d:e}"),
            |t| t.parse::<f64>().ok() == Some(*d),
            &format!("{d:.1e}"),
        ),
        ConstValue::Float(f) => java_float_text(
            *f as f64,
            &format!("{f:e}"),
            |t| t.parse::<f32>().ok() == Some(*f),
            &format!("{f:.1e}"),
        ),
        other => const_as_i64(other)?.to_string(),
    };
    Some(s.encode_utf16().collect())
}

/// Java's `Double.toString`/`Float.toString` (JDK 19 and later): the
/// shortest decimal that rounds to the value (Rust's `{:e}` gives the same
/// digits), except that a one-digit result is replaced by the closest
/// two-digit decimal (`4.9E-324`, not `5E-324`); plain notation for
/// 10^-3 <= |v| < 10^7, else `d.dddE±n`.
fn java_float_text(
    v: f64,
    shortest: &str,
    round_trips: impl Fn(&str) -> bool,
    two_digits: &str,
) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    if v == 0.0 {
        return if v.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    let split = |t: &str| -> (String, i32) {
        let (m, e) = t.split_once('e').unwrap_or((t, "0"));
        (
            m.chars().filter(char::is_ascii_digit).collect(),
            e.parse().unwrap_or(0),
        )
    };
    let (mut digits, mut exp) = split(shortest);
    if digits.len() == 1 && round_trips(two_digits) {
        (digits, exp) = split(two_digits);
    }
    let digits = match digits.trim_end_matches('0') {
        "" => "0",
        d => d,
    };
    let mut out = String::new();
    if v < 0.0 {
        out.push('-');
    }
    if (1e-3..1e7).contains(&v.abs()) {
        if exp >= 0 {
            let int_len = exp as usize + 1;
            let int_part: String = digits
                .chars()
                .chain(std::iter::repeat('0'))
                .take(int_len)
                .collect();
            let frac: String = digits.chars().skip(int_len).collect();
            out.push_str(&int_part);
            out.push('.');
            out.push_str(if frac.is_empty() { "0" } else { &frac });
        } else {
            out.push_str("0.");
            out.push_str(&"0".repeat((-exp - 1) as usize));
            out.push_str(digits);
        }
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        out.push_str(if digits.len() > 1 { &digits[1..] } else { "0" });
        out.push('E');
        out.push_str(&exp.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(v: ConstValue) -> String {
        String::from_utf16(&const_text(&v).unwrap()).unwrap()
    }

    #[test]
    fn java_number_text() {
        for (v, want) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (100.0, "100.0"),
            (1e7, "1.0E7"),
            (1e10, "1.0E10"),
            (1.0e-5, "1.0E-5"),
            (0.001, "0.001"),
            (4.9e-324, "4.9E-324"),
            (f64::MAX, "1.7976931348623157E308"),
            (-0.0, "-0.0"),
            (3.0, "3.0"),
            (-123456.789, "-123456.789"),
            (2e23, "2.0E23"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(text(ConstValue::Double(v)), want, "{v:e}");
        }
        for (v, want) in [
            (1.0f32, "1.0"),
            (0.1, "0.1"),
            (1.4e-45, "1.4E-45"),
            (f32::MAX, "3.4028235E38"),
            (1e7, "1.0E7"),
        ] {
            assert_eq!(text(ConstValue::Float(v)), want, "{v:e}");
        }
    }
}
