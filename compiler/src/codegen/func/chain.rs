//! C for the flat forms of long expressions: operator chains
//! (`ExprKind::Chain`) and concatenations of many parts.
//!
//! In: one HIR expression of either kind. Out: C statements into the
//! function being generated, and the C value of the expression. The C is
//! as flat as the HIR: a chain is one statement per operator into one
//! temporary per type, reused from step to step, so a 100,000-term sum is
//! 100,000 statements, never an expression nested that deep (which would
//! overflow the C compiler's stack), and a function of any length needs a
//! bounded number of temporaries.

use super::{has_effects, Gen};
use crate::hir::*;
use bambooc_syntax::ast::BinOp;

/// The most parts one `bb_concatn` call takes; a longer concatenation
/// goes chunk by chunk, each chunk's result the first part of the next.
pub(super) const CONCAT_CHUNK: usize = 64;

/// The temporaries one chain reuses, one per C type.
#[derive(Default)]
struct Temps(Vec<(Type, String)>);

impl Gen<'_> {
    /// The chain's temporary for `ty`, made the first time.
    fn chain_temp(&mut self, temps: &mut Temps, ty: &Type) -> String {
        if let Some((_, name)) = temps.0.iter().find(|(t, _)| t == ty) {
            return name.clone();
        }
        let name = self.temp(ty);
        temps.0.push((ty.clone(), name.clone()));
        name
    }

    /// Stores `value` into the chain's temporary for `ty` (unless it is
    /// already there) and returns the temporary.
    fn store(&mut self, temps: &mut Temps, value: String, ty: &Type) -> String {
        let t = self.chain_temp(temps, ty);
        if value != t {
            self.line(&format!("{t} = {value};"));
        }
        t
    }

    /// A chain, operator by operator in Java's order: the value so far is
    /// always in a temporary before the next operand is evaluated.
    pub(super) fn chain(&mut self, first: &Expr, steps: &[ChainStep]) -> String {
        let mut temps = Temps::default();
        let mut v = self.expr(first);
        let mut ty = first.ty.clone();
        for s in steps {
            let l = self.convert(v, &ty, &s.operand);
            let value = if matches!(s.op, BinOp::And | BinOp::Or) {
                let temps = &mut temps;
                self.short_circuit(s.op, l, &s.rhs, |g| g.chain_temp(temps, &Type::Boolean))
            } else {
                let l = if has_effects(&s.rhs) {
                    self.store(&mut temps, l, &s.operand)
                } else {
                    l
                };
                let r = self.expr(&s.rhs);
                self.binary_values(s.op, &l, &r, &s.operand, s.span)
            };
            v = self.store(&mut temps, value, &s.ty);
            ty = s.ty.clone();
        }
        v
    }

    /// `l && rhs` or `l || rhs`: the right side's statements run only
    /// when needed, under a test of a boolean temporary (`temp` makes it)
    /// holding `l`; one C expression when the right side has none.
    pub(super) fn short_circuit(
        &mut self,
        op: BinOp,
        l: String,
        rhs: &Expr,
        temp: impl FnOnce(&mut Self) -> String,
    ) -> String {
        let saved = std::mem::take(&mut self.out);
        self.indent += 1;
        let r = self.expr(rhs);
        self.indent -= 1;
        let inner = std::mem::replace(&mut self.out, saved);
        if inner.is_empty() {
            let sym = if op == BinOp::And { "&&" } else { "||" };
            return format!("(({l}) {sym} ({r}))");
        }
        let t = temp(self);
        if l != t {
            self.line(&format!("{t} = {l};"));
        }
        let test = if op == BinOp::And { "" } else { "!" };
        self.line(&format!("if ({test}{t}) {{"));
        self.out.push_str(&inner);
        self.indent += 1;
        self.line(&format!("{t} = {r};"));
        self.indent -= 1;
        self.line("}");
        t
    }

    /// A concatenation: each part converted to a String in order, then
    /// joined by `bb_concatn`, `CONCAT_CHUNK` parts at a time, in one C
    /// block with one array of parts that every chunk reuses (one array
    /// per chunk would give the C compiler thousands of stack arrays).
    pub(super) fn concat(&mut self, parts: &[Expr], ty: &Type) -> String {
        let string = Type::Class(self.p.well_known.string);
        let t = self.temp(ty);
        self.line(&format!("{{ bb_string *parts[{}];", CONCAT_CHUNK + 1));
        self.indent += 1;
        for (k, chunk) in parts.chunks(CONCAT_CHUNK).enumerate() {
            // After the first chunk, the text so far is the first part.
            let base = usize::from(k > 0);
            if k > 0 {
                self.line(&format!("parts[0] = {t};"));
            }
            for (i, part) in chunk.iter().enumerate() {
                // `bb_concatn` reads a null String as "null" itself: a
                // String part needs no conversion call, and a long
                // concatenation of Strings is no long run of calls, which
                // costs the C compiler far more than the stores.
                let s = if part.ty == string && !matches!(part.kind, ExprKind::Const(_)) {
                    self.expr(part)
                } else {
                    self.string_of(part)
                };
                self.line(&format!("parts[{}] = {s};", base + i));
            }
            self.line(&format!(
                "{t} = bb_concatn(ctx, {}, parts);",
                base + chunk.len()
            ));
        }
        self.indent -= 1;
        self.line("}");
        t
    }
}
