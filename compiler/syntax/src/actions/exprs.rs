//! The expression builders the grammar calls: leaves, names, fields,
//! calls, `new`, indexing, and the folding of prefix, binary (by
//! precedence), conditional and assignment chains, and variable
//! initialisers. In: grammar values with their depths; out: `E` (or an
//! `Error` node past `MAX_NESTING`).

use super::*;

impl Ctx<'_> {
    pub fn expr_at(&self, kind: ExprKind, span: Span, child: u32) -> E {
        let d = child + 1;
        if d > MAX_NESTING {
            self.too_deep(span);
            drop(kind);
            E {
                e: Box::new(Expr {
                    kind: ExprKind::Error,
                    span,
                }),
                d: 1,
            }
        } else {
            E {
                e: Box::new(Expr { kind, span }),
                d,
            }
        }
    }

    pub fn expr(&self, kind: ExprKind, l: usize, r: usize, child: u32) -> E {
        self.expr_at(kind, self.span(l, r), child)
    }

    /// `(e)`. Parentheses leave no node, except around the one literal that
    /// is valid only right after a minus (`2147483648`,
    /// `9223372036854775808L`): it is wrapped in a unary plus, so that
    /// `-(2147483648)` is out of range, as in Java.
    pub fn paren(&self, e: E) -> E {
        if let ExprKind::Lit(Literal::Int {
            value,
            long,
            decimal: true,
        }) = e.e.kind
        {
            if value == if long { 1u64 << 63 } else { 1u64 << 31 } {
                let (span, d) = (e.e.span, e.d);
                let kind = ExprKind::Unary {
                    op: UnaryOp::Plus,
                    operand: e.e,
                };
                return self.expr_at(kind, span, d);
            }
        }
        e
    }

    pub fn leaf(&self, kind: ExprKind, l: usize, r: usize) -> E {
        self.expr(kind, l, r, 0)
    }

    pub fn error_expr(&self, l: usize, r: usize) -> E {
        self.leaf(ExprKind::Error, l, r)
    }

    pub fn name(&self, id: Ident) -> E {
        let span = id.span;
        self.expr_at(ExprKind::Name(id), span, 0)
    }

    pub fn field(&self, target: E, name: Ident, r: usize) -> E {
        let span = self.span(target.e.span.start as usize, r);
        let d = target.d;
        self.expr_at(
            ExprKind::Field {
                target: target.e,
                name,
            },
            span,
            d,
        )
    }

    pub fn call(&self, target: Option<E>, name: Ident, args: Vec<E>, l: usize, r: usize) -> E {
        let (args, ad) = unzip_exprs(args);
        let td = target.as_ref().map_or(0, |t| t.d);
        let l = target.as_ref().map_or(l, |t| t.e.span.start as usize);
        self.expr(
            ExprKind::Call {
                target: target.map(|t| t.e),
                name,
                args,
            },
            l,
            r,
            ad.max(td),
        )
    }

    pub fn new_object(
        &self,
        class: Ident,
        args: Vec<E>,
        alloc: Option<AllocBlock>,
        l: usize,
        r: usize,
    ) -> E {
        let (args, d) = unzip_exprs(args);
        self.expr(ExprKind::New { class, args, alloc }, l, r, d)
    }

    #[allow(clippy::too_many_arguments)]
    pub fn new_array(
        &self,
        elem: TypeExpr,
        dims: Vec<E>,
        extra_dims: u32,
        init: Option<(ArrayInit, u32)>,
        l: usize,
        r: usize,
    ) -> E {
        let (dims, dd) = unzip_exprs(dims);
        let (init, id) = match init {
            Some((a, d)) => (Some(a), d),
            None => (None, 0),
        };
        self.expr(
            ExprKind::NewArray {
                elem,
                dims,
                extra_dims,
                init,
            },
            l,
            r,
            dd.max(id),
        )
    }

    pub fn index(&self, array: E, index: E, r: usize) -> E {
        let span = self.span(array.e.span.start as usize, r);
        let d = array.d.max(index.d);
        self.expr_at(
            ExprKind::Index {
                array: array.e,
                index: index.e,
            },
            span,
            d,
        )
    }

    pub fn binary(&self, op: BinOp, lhs: E, rhs: E) -> E {
        let span = lhs.e.span.to(rhs.e.span);
        let d = lhs.d.max(rhs.d);
        self.expr_at(
            ExprKind::Binary {
                op,
                lhs: lhs.e,
                rhs: rhs.e,
            },
            span,
            d,
        )
    }

    pub fn instance_of(&self, operand: E, ty: TypeExpr) -> E {
        let span = operand.e.span.to(ty.span);
        let d = operand.d;
        self.expr_at(
            ExprKind::InstanceOf {
                operand: operand.e,
                ty,
            },
            span,
            d,
        )
    }

    pub fn postfix(&self, op: UnaryOp, operand: E, r: usize) -> E {
        let span = self.span(operand.e.span.start as usize, r);
        let d = operand.d;
        self.expr_at(
            ExprKind::Unary {
                op,
                operand: operand.e,
            },
            span,
            d,
        )
    }

    /// `(expr)` followed by an operand: a cast if `expr` is a simple name.
    pub fn cast_prefix(&self, e: E, l: usize, r: usize) -> Prefix {
        match e.e.kind {
            ExprKind::Name(ref id) => Prefix::Cast(
                TypeExpr {
                    span: id.span,
                    base: BaseType::Named(id.clone()),
                    dims: 0,
                },
                l,
            ),
            ref kind => Prefix::BadCast {
                start: l,
                span: self.span(l, r),
                silent: matches!(kind, ExprKind::Error),
            },
        }
    }

    /// Applies a run of prefix operators and casts to their operand, the
    /// last one first.
    pub fn fold_prefix(&self, prefixes: Vec<Prefix>, mut e: E) -> E {
        for p in prefixes.into_iter().rev() {
            let end = e.e.span.end as usize;
            e = match p {
                Prefix::Op(op, l) => {
                    let d = e.d;
                    self.expr(ExprKind::Unary { op, operand: e.e }, l, end, d)
                }
                Prefix::Cast(ty, l) => {
                    let d = e.d;
                    self.expr(ExprKind::Cast { ty, operand: e.e }, l, end, d)
                }
                Prefix::BadCast {
                    start,
                    span,
                    silent,
                } => {
                    if !silent {
                        self.report(ParseError::InvalidCast { span });
                    }
                    self.error_expr(start, end)
                }
            };
        }
        e
    }

    /// Builds the tree of a run of binary operators by precedence
    /// (operator-precedence parsing with two explicit stacks: no recursion).
    /// A left-nested run of operators is collected as a spine and built
    /// when it is complete: as a `Chain` when it has `CHAIN_MIN` operators
    /// or more, so that a long sum does not count as deep nesting.
    pub fn fold_binary(&self, chain: BinChain) -> E {
        if chain.rest.is_empty() {
            return chain.first;
        }
        let mut operands: Vec<Operand> = vec![Operand::Node(chain.first)];
        let mut ops: Vec<BinOp> = Vec::new();
        let reduce_while = |operands: &mut Vec<Operand>, ops: &mut Vec<BinOp>, prec: u8| {
            while let Some(&op) = ops.last() {
                if binary_precedence(op) < prec {
                    break;
                }
                ops.pop();
                let rhs = self.operand(operands.pop().expect("an operand per operator"));
                let spine = match operands.pop().expect("an operand per operator") {
                    Operand::Node(lhs) => Operand::Spine(lhs, vec![(op, rhs)]),
                    Operand::Spine(first, mut rest) => {
                        rest.push((op, rhs));
                        Operand::Spine(first, rest)
                    }
                };
                operands.push(spine);
            }
        };
        for step in chain.rest {
            match step {
                BinStep::Op(op, rhs) => {
                    reduce_while(&mut operands, &mut ops, binary_precedence(op));
                    ops.push(op);
                    operands.push(Operand::Node(rhs));
                }
                BinStep::InstanceOf(ty) => {
                    reduce_while(&mut operands, &mut ops, INSTANCEOF_PRECEDENCE);
                    let operand = self.operand(operands.pop().expect("an operand"));
                    operands.push(Operand::Node(self.instance_of(operand, ty)));
                }
            }
        }
        reduce_while(&mut operands, &mut ops, 0);
        self.operand(operands.pop().expect("one result"))
    }

    /// The node of a folded operand: a short spine as nested `Binary`
    /// nodes, a long one as one `Chain`.
    fn operand(&self, o: Operand) -> E {
        match o {
            Operand::Node(e) => e,
            Operand::Spine(first, rest) if rest.len() < CHAIN_MIN => rest
                .into_iter()
                .fold(first, |lhs, (op, rhs)| self.binary(op, lhs, rhs)),
            Operand::Spine(first, rest) => {
                let last = rest.last().map_or(first.e.span, |(_, r)| r.e.span);
                let span = first.e.span.to(last);
                let d = max_d(rest.iter().map(|(_, r)| &r.d)).max(first.d);
                let rest = rest.into_iter().map(|(op, r)| (op, *r.e)).collect();
                self.expr_at(
                    ExprKind::Chain {
                        first: first.e,
                        rest,
                    },
                    span,
                    d,
                )
            }
        }
    }

    /// `c1 ? t1 : c2 ? t2 : ... : last`, nested to the right.
    pub fn fold_cond(&self, prefix: Vec<(E, E)>, mut e: E) -> E {
        for (c, t) in prefix.into_iter().rev() {
            let span = c.e.span.to(e.e.span);
            let d = c.d.max(t.d).max(e.d);
            e = self.expr_at(
                ExprKind::Conditional {
                    cond: c.e,
                    then_expr: t.e,
                    else_expr: e.e,
                },
                span,
                d,
            );
        }
        e
    }

    /// `a = b += ... = rhs`, nested to the right.
    pub fn fold_assign(&self, prefix: Vec<(E, Option<BinOp>)>, mut e: E) -> E {
        for (lhs, op) in prefix.into_iter().rev() {
            let span = lhs.e.span.to(e.e.span);
            let d = lhs.d.max(e.d);
            e = self.expr_at(
                ExprKind::Assign {
                    op,
                    lhs: lhs.e,
                    rhs: e.e,
                },
                span,
                d,
            );
        }
        e
    }

    // -- initialisers ----------------------------------------------------------

    pub fn array_init(&self, elems: Vec<VI>, l: usize, r: usize) -> (ArrayInit, u32) {
        let span = self.span(l, r);
        let d = max_d(elems.iter().map(|v| &v.d)) + 1;
        if d > MAX_NESTING {
            self.too_deep(span);
            drop(elems);
            return (
                ArrayInit {
                    elems: Vec::new(),
                    span,
                },
                1,
            );
        }
        let elems = elems.into_iter().map(|v| *v.v).collect();
        (ArrayInit { elems, span }, d)
    }

    pub fn var_init_array(&self, (a, d): (ArrayInit, u32)) -> VI {
        VI {
            v: Box::new(VarInit::Array(a)),
            d,
        }
    }

    pub fn var_init_expr(&self, e: E) -> VI {
        VI {
            v: Box::new(VarInit::Expr(*e.e)),
            d: e.d,
        }
    }

    pub fn declarator(&self, (name, extra_dims): (Ident, u32), init: Option<VI>, r: usize) -> Decl {
        let span = self.span(name.span.start as usize, r);
        let d = init.as_ref().map_or(0, |i| i.d);
        Decl {
            v: Box::new(VarDeclarator {
                name,
                extra_dims,
                init: init.map(|i| *i.v),
                span,
            }),
            d,
        }
    }
}
